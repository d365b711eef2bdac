//! What a screen reaches of the rest of the app while it handles a key or an answer: the
//! status line, the language and today's date, the portal routes known to be missing, the
//! other screens (to read), and a list of what it asks for ([`Effect`]), which the app
//! carries out once the screen is done. A screen never holds the `App`.

use std::collections::HashSet;

use super::{Req, Screens, Visit};
use crate::api::Language;
use crate::api::{ApiError, Operation, Query};
use crate::app::confirmation::Confirmation;
use crate::app::log::RequestLog;
use crate::app::{Prompt, PromptKind, Screen};
use crate::i18n::Text;

/// What a screen asks the app to do.
#[derive(Debug)]
pub enum Effect {
    /// Read this from the portal; the answer comes back to the screen that owns `Req`.
    Fetch(Req, Query),
    /// Ask whether a name can be registered; the answer comes back to the screen that owns
    /// `Req` (`View::looked_up`).
    Lookup(Req, String),
    /// Show another screen.
    Go(Screen),
    /// Hand something to another screen.
    Visit(Visit),
    /// Open the radar item of this kind and id on the screen that shows such items
    /// (`RadarSource::open_item`).
    OpenItem(crate::radar::Kind, String),
    /// A watched item the radar read, for the screens that show such items
    /// (`RadarSource::show_watched`).
    Watched(super::radar::Watched),
    /// Open the prompt.
    Prompt(Prompt),
    /// Put this on the clipboard.
    Copy(String),
    /// Write a file (see `Local::SaveFile`).
    Save(std::path::PathBuf, String),
    /// A ticket's attachment, downloaded and saved to a path (never over a file there).
    SaveAttachment { number: String, file: String, path: std::path::PathBuf },
    /// An issued certificate (its PEM), downloaded and saved to a path (never over a file).
    SaveCertificate { id: u64, path: std::path::PathBuf },
    /// Write the watchlist back to the config file; `change` says what changed.
    SaveWatchlist { change: String, path: std::path::PathBuf, profile: String, watch: crate::radar::Watchlist },
    /// Put a change up for confirmation (see `app::profile::changes`).
    Confirm(Box<Confirmation>),
    /// Ask the portal's estimate of an upgrade (a read: it changes nothing, and takes no
    /// change's place) of this service to these choices; answered to `View::estimated`.
    Estimate(Req, u64, std::collections::BTreeMap<String, String>),
    /// Ask the portal's own quote of an order (`POST /quote` with this body: a read, never a
    /// change); answered to `View::quoted`.
    Quote(Req, serde_json::Value),
    /// Close the confirmation open over the screen, saying why.
    CloseConfirmation(String),
    /// Cancel this screen's lookups in flight (Esc while they run).
    CancelLookups,
    /// The lists the radar is built from changed.
    RadarChanged,
    /// Nothing on screen changed: no redraw.
    Unchanged,
    /// The screen just shown was opened from this one: Esc there comes back to it.
    ReturnTo(Screen),
    /// Esc on a screen, its lookups not running: back where it was opened from, if so.
    Back,
    /// What the overview asks across profiles (see `app::every_profile`).
    Overview(Ask),
}

/// The context of one call into a screen.
pub struct Cx<'a> {
    pub language: Language,
    pub today: time::Date,
    /// Lines PageUp/PageDown move.
    pub page: isize,
    /// Rows a list shows.
    pub rows: usize,
    /// Whether this screen's lookups are in flight.
    pub busy: bool,
    /// Whether this screen is the one shown.
    pub shown: bool,
    pub error: &'a mut Option<String>,
    pub info: &'a mut Option<String>,
    /// The last thing said done (see `Profile::done`).
    pub done: &'a mut Option<String>,
    /// Routes beyond the seed this portal showed it does not offer, this run.
    pub not_offered: &'a mut HashSet<Operation>,
    /// The other screens, to read (the one running is taken out while it runs).
    pub others: &'a Screens,
    /// The request log of the run (every profile's).
    pub log: &'a mut RequestLog,
    /// The confirmation open over the screen, if any.
    pub confirmation: Option<&'a Confirmation>,
    /// Whether a change of this profile awaits its answer (one at a time).
    pub change_in_flight: bool,
    /// The profile's name and its session: who makes a change.
    pub profile_name: &'a str,
    pub session: Option<&'a crate::app::SessionInfo>,
    pub keymap: &'a crate::config::keys::Keymap,
    pub(crate) effects: Vec<Effect>,
}

impl Cx<'_> {
    pub fn fetch(&mut self, req: impl Into<Req>, query: Query) {
        self.effects.push(Effect::Fetch(req.into(), query));
    }

    /// Asks the portal whether `name` can be registered (`POST /domain/lookup`, a read that
    /// changes nothing: sent at once, never confirmed).
    pub fn look_up(&mut self, req: impl Into<Req>, name: String) {
        self.effects.push(Effect::Lookup(req.into(), name));
    }

    pub fn go(&mut self, screen: Screen) {
        self.effects.push(Effect::Go(screen));
    }

    pub fn visit(&mut self, visit: impl Into<Visit>) {
        self.effects.push(Effect::Visit(visit.into()));
    }

    /// Opens a radar item on the screen that shows its kind.
    pub fn open_item(&mut self, kind: crate::radar::Kind, id: String) {
        self.effects.push(Effect::OpenItem(kind, id));
    }

    /// Hands a watched item the radar read to the screens that show such items.
    pub fn show_watched(&mut self, watched: super::radar::Watched) {
        self.effects.push(Effect::Watched(watched));
    }

    pub fn prompt(&mut self, kind: PromptKind, text: &str) {
        self.effects.push(Effect::Prompt(Prompt::new(kind, text)));
    }

    /// Opens the prompt with `text` in it, its label naming `word` (what it asks about).
    pub fn prompt_about(&mut self, kind: PromptKind, text: &str, word: &str) {
        self.effects.push(Effect::Prompt(Prompt { word: word.to_owned(), ..Prompt::new(kind, text) }));
    }

    /// Opens the prompt asking for `word` to be typed exactly (what confirms a change that
    /// cannot be undone, as web portals ask).
    pub fn prompt_typed(&mut self, kind: PromptKind, word: &str) {
        self.effects.push(Effect::Prompt(Prompt::asking(kind, word)));
    }

    /// Copies `text` when there is some.
    pub fn copy(&mut self, text: Option<String>) {
        match text {
            Some(text) => self.effects.push(Effect::Copy(text)),
            None => self.unchanged(),
        }
    }

    /// Saves `contents` to the file named `path` as typed.
    pub fn save(&mut self, path: &str, contents: String) -> Result<(), String> {
        if path.trim().is_empty() {
            return Err(crate::i18n::Text::TypeFileName.get(self.language).to_owned());
        }
        self.effects.push(Effect::Save(path.trim().into(), contents));
        Ok(())
    }

    /// Saves a ticket's attachment to `path` (never over a file there).
    pub fn save_attachment(&mut self, number: &str, file: &str, path: &str) -> Result<(), String> {
        if path.trim().is_empty() {
            return Err(crate::i18n::Text::TypeFileName.get(self.language).to_owned());
        }
        let (number, file, path) = (number.to_owned(), file.to_owned(), path.trim().into());
        self.effects.push(Effect::SaveAttachment { number, file, path });
        Ok(())
    }

    /// Saves certificate `id`'s issued certificate to `path` (never over a file there).
    pub fn save_certificate(&mut self, id: u64, path: &str) -> Result<(), String> {
        if path.trim().is_empty() {
            return Err(crate::i18n::Text::TypeFileName.get(self.language).to_owned());
        }
        self.effects.push(Effect::SaveCertificate { id, path: path.trim().into() });
        Ok(())
    }

    pub fn confirm(&mut self, confirmation: Confirmation) {
        self.effects.push(Effect::Confirm(Box::new(confirmation)));
    }

    /// Asks the portal's estimate of an upgrade of `service_id` to `resources`; the answer
    /// comes back to `req`'s screen (`View::estimated`).
    pub fn estimate(
        &mut self,
        req: impl Into<Req>,
        service_id: u64,
        resources: std::collections::BTreeMap<String, String>,
    ) {
        self.effects.push(Effect::Estimate(req.into(), service_id, resources));
    }

    /// Asks the portal's own quote of an order (`api::buying::quote_body`); the answer comes
    /// back to `req`'s screen (`View::quoted`).
    pub fn quote(&mut self, req: impl Into<Req>, body: serde_json::Value) {
        self.effects.push(Effect::Quote(req.into(), body));
    }

    pub fn close_confirmation(&mut self, said: String) {
        self.effects.push(Effect::CloseConfirmation(said));
    }

    /// Who makes a change, as a confirmation's first rows: the profile's name, and the
    /// account at its portal.
    pub fn who(&self) -> Vec<(String, String)> {
        let language = self.language;
        let mut rows = Vec::new();
        if !self.profile_name.is_empty() {
            rows.push((Text::FieldProfile.get(language).to_owned(), self.profile_name.to_owned()));
        }
        if let Some(session) = self.session {
            let at = Text::AsUserAt.fill(language, &[("user", &session.user), ("host", &session.host)]);
            rows.push((Text::LabelPortal.get(language).to_owned(), at));
        }
        rows
    }

    pub fn save_watchlist(
        &mut self,
        change: String,
        path: std::path::PathBuf,
        profile: String,
        watch: crate::radar::Watchlist,
    ) {
        self.effects.push(Effect::SaveWatchlist { change, path, profile, watch });
    }

    pub fn radar_changed(&mut self) {
        self.effects.push(Effect::RadarChanged);
    }

    /// Whether `key` is `action` rather than text typed into a field: keys that type
    /// characters are text.
    pub fn is_key(&self, key: &crossterm::event::KeyEvent, action: crate::config::keys::Action) -> bool {
        use crate::config::keys::{Context, Key};
        use crossterm::event::{KeyCode, KeyModifiers};
        let typing = matches!(key.code, KeyCode::Char(_))
            && !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        !typing && self.keymap.action(Context::Global, Key::from_event(key)) == Some(action)
    }

    /// Marks a key that changed nothing.
    pub fn unchanged(&mut self) {
        self.effects.push(Effect::Unchanged);
    }

    /// Esc on a screen: cancels its lookups when any runs; else `stepped` says whether the
    /// screen took a step back of its own; when it did not, the messages go.
    pub fn back(&mut self, stepped: bool) {
        if self.busy {
            self.effects.push(Effect::CancelLookups);
            return;
        } else if !stepped {
            *self.error = None;
            *self.info = None;
        }
        self.effects.push(Effect::Back);
    }

    /// What another screen was asked to show (`visit`) was opened from `screen`: Esc there
    /// comes back here.
    pub fn return_here(&mut self, screen: Screen) {
        self.effects.push(Effect::ReturnTo(screen));
    }

    /// Whether the portal may offer `op`: false once it showed it does not, this run.
    pub fn offers(&self, op: Operation) -> bool {
        !self.not_offered.contains(&op)
    }

    /// An error for the status line (the full text is in the error popup).
    pub fn fail(&mut self, e: &ApiError) {
        *self.error = Some(crate::i18n::api_error(e, self.language));
        *self.info = None;
    }

    /// A list (or one entry's route) that failed: a portal without the route is remembered
    /// and said once on its screen, never as an error; other failures are errors like any.
    pub fn list_failed(&mut self, op: Operation, e: &ApiError) {
        if e.not_offered() {
            self.not_offered.insert(op);
            // The radar says which lists it could not look through.
            if crate::radar::list_kind(op).is_some() || op == Operation::Service {
                self.radar_changed();
            }
        } else {
            self.fail(e);
            // A list with nothing older kept is one the radar says it could not read.
            if crate::radar::list_kind(op).is_some() {
                self.radar_changed();
            }
        }
    }

    pub fn say(&mut self, text: String) {
        *self.info = Some(text);
    }

    /// Says something done (marked `✓`, not `ℹ`).
    pub fn say_done(&mut self, text: String) {
        *self.done = Some(text.clone());
        *self.info = Some(text);
    }
}

/// What the overview asks of the app, across profiles.
#[derive(Debug)]
pub enum Ask {
    /// Every signed-in profile's lists read again; those that can sign in without asking
    /// and are not signed in sign in.
    RefreshAll,
    /// Show that profile (its radar once signed in; its sign-in otherwise).
    Switch(crate::command::ProfileId),
    /// Show that profile with this item of its radar open, as its radar opens it.
    Open(crate::command::ProfileId, ItemKey),
    /// Esc on a screen the overview opened in another profile: back to that overview (if
    /// it was, else nothing).
    Back,
    /// The Plan's marked items of `kind`, profile by profile, each profile's handed to its
    /// own list to do `action` on (`R`: renew, `c`: pay), one profile after the other.
    ActOnMarked {
        kind: crate::plan::Kind,
        action: crate::config::keys::Action,
        marked: Vec<(crate::command::ProfileId, Vec<String>)>,
    },
}

/// An item of a profile's radar, as it is found again there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemKey {
    pub kind: crate::radar::Kind,
    pub id: compact_str::CompactString,
    pub name: compact_str::CompactString,
}
