//! What belongs to the terminal rather than to any one profile: the keymap, the size, the
//! request log of the run, the prompt and the popups, the spinner, the request ids, the
//! change log, what was typed before, and whether the last update is worth drawing. Every
//! profile's work is handed the shell (`profile.on_screen(&mut shell, …)`), so the profile
//! a call acts on is the one named at the call.

use std::collections::HashMap;
use std::path::PathBuf;

use crossterm::event::KeyEvent;

use super::log::RequestLog;
use super::prompt::{Prompt, PromptKind};
use super::scroll::Scroll;
use super::{Command, Popup, RequestId};
use crate::config::keys::{Action, Context, Key, Keymap};

/// The terminal's share of the app: one for every profile.
pub struct Shell {
    pub prompt: Option<Prompt>,
    pub popup: Option<Popup>,
    pub help_scroll: Scroll,
    /// Every request and message of this run (all profiles), newest first.
    pub log: RequestLog,
    /// A file that exists and what to write over it, while the prompt asks.
    pub(super) replacing: Option<(PathBuf, String)>,
    /// What was typed into each kind of lookup this run, oldest first (↑/↓ in the prompt).
    pub(super) history: HashMap<PromptKind, Vec<String>>,
    /// Ticks since requests started; the spinner shows from the first tick on.
    pub spinner: usize,
    pub keymap: Keymap,
    pub today: time::Date,
    /// The zone times are shown in, and the portals' clock (`times`, `portal_clock` in
    /// the configuration).
    pub times: crate::i18n::times::Times,
    pub size: (u16, u16),
    /// Whether the last `update` changed anything worth drawing.
    pub(super) redraw: bool,
    pub(super) next_id: RequestId,
    /// This run's share of the ids pairing a change's lines in the change log.
    pub(super) log_seed: u32,
    /// The switcher's cursor.
    pub switcher: usize,
    /// Where changes made here are logged (`config::change_log`).
    pub(super) change_log: Option<crate::config::change_log::Log>,
    /// Whether a confirmation was put up since the loop last asked.
    pub(super) confirmation_opened: bool,
    /// What the overview asked of the app while effects were applied, carried out after
    /// them (`Profiles::carry_out`).
    pub(super) overview_asks: Vec<super::screens::Ask>,
    /// The configuration file a sign-in form may be saved into as a profile (none in the
    /// demo: its profiles live in memory only).
    pub(super) config_path: Option<PathBuf>,
    /// The profile being saved from the sign-in form, while its name and password command
    /// are asked: the name (empty until typed) and what the form held.
    pub(super) profile_to_save: Option<(String, crate::config::save_profile::SavedProfile)>,
    /// Said once on the status line, at the first sign-in: the configuration's keys that
    /// leave an action without any (`Keymap::keyless_warning`).
    pub notice: Option<String>,
    /// Whether the dashboard runs inside tmux, where a copy goes to tmux's paste buffer
    /// rather than by OSC 52 (help says which).
    pub inside_tmux: bool,
}

impl Shell {
    pub(super) fn new(today: time::Date) -> Shell {
        Shell {
            prompt: None,
            popup: None,
            help_scroll: Scroll::default(),
            log: RequestLog::default(),
            replacing: None,
            history: HashMap::new(),
            spinner: 0,
            keymap: Keymap::default(),
            today,
            times: crate::i18n::times::Times::default(),
            size: (80, 24),
            redraw: true,
            next_id: 1,
            log_seed: rand::random(),
            switcher: 0,
            change_log: None,
            confirmation_opened: false,
            overview_asks: Vec::new(),
            config_path: None,
            profile_to_save: None,
            notice: None,
            inside_tmux: false,
        }
    }

    /// Marks an update that changed nothing (an unbound key, a stale answer).
    pub(super) fn unchanged(&mut self) -> Vec<Command> {
        self.redraw = false;
        Vec::new()
    }

    /// Whether a key is an action rather than text typed into a field: keys that type
    /// characters are text.
    pub(super) fn command_key(&self, key: &KeyEvent, action: Action) -> bool {
        let typing = matches!(key.code, crossterm::event::KeyCode::Char(_))
            && !key.modifiers.intersects(crossterm::event::KeyModifiers::CONTROL | crossterm::event::KeyModifiers::ALT);
        !typing && self.keymap.action(Context::Global, Key::from_event(key)) == Some(action)
    }

    /// Asks a yes-or-no question on the prompt's row: like a confirmation it takes no key
    /// until the loop says a moment has passed (`Msg::Settled`).
    pub(super) fn ask(&mut self, kind: PromptKind) {
        self.prompt = Some(Prompt { settling: true, ..Prompt::new(kind, "") });
        self.confirmation_opened = true;
    }

    /// A new request's id.
    pub(super) fn next_request(&mut self) -> RequestId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }
}
