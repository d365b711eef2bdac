//! What work on this machine came to: a file saved (or one that exists, asked about), the
//! watchlist or a profile written back, a copy, the end of a session.

use crate::app::{Copied, Outcome, Profile, PromptKind, Shell, Slot};
use crate::i18n::Text;

impl Profile {
    /// What work on this machine (a save, a copy, the end of a session) came to.
    pub(in crate::app) fn local_answer(&mut self, shell: &mut Shell, slot: Slot, outcome: Outcome) {
        let language = self.language;
        match (slot, outcome) {
            (_, Outcome::LoggedOut(Err(message)) | Outcome::Saved(Err(message))) => self.error = Some(message),
            (Slot::SaveProfile(name), Outcome::Saved(Ok(path))) => {
                let fill: [(&str, &dyn std::fmt::Display); 2] = [("name", &name), ("path", &path.display())];
                self.say_done(Text::ProfileSaved.fill(language, &fill));
            }
            (Slot::SaveWatchlist(change), Outcome::Saved(Ok(path))) => {
                self.say_done(Text::WatchSaved.fill(language, &[("change", &change), ("path", &path.display())]));
            }
            (_, Outcome::WouldReplace { path, contents }) => {
                let label = Text::ReplaceFile.fill(language, &[("path", &path.display())]);
                self.info = Some(label);
                shell.replacing = Some((path, contents));
                shell.ask(PromptKind::Replace);
            }
            (_, Outcome::Saved(Ok(path))) => {
                self.say_done(Text::SavedTo.fill(language, &[("path", &path.display())]));
            }
            (_, Outcome::Copied(Ok(Copied::TmuxBuffer))) => {
                self.say_done(Text::CopiedTmux.get(language).into());
            }
            (_, Outcome::Copied(Ok(Copied::Osc52))) => {
                self.say_done(Text::CopiedOsc52.get(language).into());
            }
            (_, Outcome::Copied(Err(reason))) => {
                self.error = Some(Text::CopyFailed.fill(language, &[("reason", &reason)]));
            }
            (_, other) => tracing::debug!(?other, "nothing to show for this answer"),
        }
    }
}
