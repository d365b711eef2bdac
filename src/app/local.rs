//! What work on this machine came to: a file saved (or one that exists, asked about), the
//! watchlist or a profile written back, a copy, the end of a session.

use super::{App, Copied, Outcome, PromptKind, Slot};
use crate::i18n::Text;

/// What work on this machine (a save, a copy, the end of a session) came to.
pub(super) fn answer(app: &mut App, slot: Slot, outcome: Outcome) {
    let language = app.profile().language;
    match (slot, outcome) {
        (_, Outcome::LoggedOut(Err(message)) | Outcome::Saved(Err(message))) => app.profile_mut().error = Some(message),
        (Slot::SaveProfile(name), Outcome::Saved(Ok(path))) => {
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("name", &name), ("path", &path.display())];
            app.profile_mut().say_done(Text::ProfileSaved.fill(language, &fill));
        }
        (Slot::SaveWatchlist(change), Outcome::Saved(Ok(path))) => {
            app.profile_mut()
                .say_done(Text::WatchSaved.fill(language, &[("change", &change), ("path", &path.display())]));
        }
        (_, Outcome::WouldReplace { path, contents }) => {
            let label = Text::ReplaceFile.fill(language, &[("path", &path.display())]);
            app.profile_mut().info = Some(label);
            app.shell.replacing = Some((path, contents));
            app.shell.ask(PromptKind::Replace);
        }
        (_, Outcome::Saved(Ok(path))) => {
            app.profile_mut().say_done(Text::SavedTo.fill(language, &[("path", &path.display())]));
        }
        (_, Outcome::Copied(Ok(Copied::TmuxBuffer))) => {
            app.profile_mut().say_done(Text::CopiedTmux.get(language).into());
        }
        (_, Outcome::Copied(Ok(Copied::Osc52))) => {
            app.profile_mut().say_done(Text::CopiedOsc52.get(language).into());
        }
        (_, Outcome::Copied(Err(reason))) => {
            app.profile_mut().error = Some(Text::CopyFailed.fill(language, &[("reason", &reason)]));
        }
        (_, other) => tracing::debug!(?other, "nothing to show for this answer"),
    }
}
