//! Keys while the one-line prompt is open: typing, ↑/↓ through what was typed before,
//! Enter and Esc; what its text is submitted to (a question of the app's, else the screen
//! that opened it).

use crossterm::event::{Event, KeyEvent};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::app::{Command, Local, Profile, PromptKind, Shell, Slot};
use crate::config::keys::{Action, Context, Key};
use crate::i18n::Text;

impl Profile {
    pub(in crate::app) fn on_prompt_key(&mut self, shell: &mut Shell, key: KeyEvent) -> Vec<Command> {
        let Some(prompt) = shell.prompt.as_mut() else {
            return Vec::new();
        };
        if prompt.kind.is_question() {
            return self.on_question_key(shell, key);
        }
        let filter = prompt.kind == PromptKind::Filter;
        let (open, back) = (shell.command_key(&key, Action::Open), shell.command_key(&key, Action::Back));
        let (up, down) = (shell.command_key(&key, Action::Up), shell.command_key(&key, Action::Down));
        let Some(prompt) = shell.prompt.as_mut() else { return Vec::new() };
        let history = shell.history.get(&prompt.kind).map(Vec::as_slice).unwrap_or_default();
        match () {
            // ↑/↓ go through what was looked up on this screen before, newest first.
            () if (up || down) && !history.is_empty() => {
                let newest = history.len() - 1;
                prompt.recalled = match (prompt.recalled, up) {
                    (None, true) => Some(newest),
                    (Some(i), true) => Some(i.saturating_sub(1)),
                    (Some(i), false) if i < newest => Some(i + 1),
                    _ => None,
                };
                let text = prompt.recalled.map_or("", |i| history[i].as_str());
                prompt.input = Input::new(text.to_owned());
                prompt.error = None;
            }
            () if back => {
                shell.prompt = None;
                if filter {
                    self.set_screen_filter("");
                }
            }
            () if open && filter => shell.prompt = None,
            () if open => return self.submit_prompt(shell),
            () => {
                prompt.input.handle_event(&Event::Key(key));
                prompt.error = None;
                if filter {
                    let text = prompt.input.value().to_owned();
                    self.set_screen_filter(&text);
                }
            }
        }
        self.keep_selection_visible(shell);
        Vec::new()
    }

    /// A yes-or-no question takes one key, as a change's confirmation does: the dialog's yes
    /// (`y`) answers it, its no (`n`) or Esc declines; any other key is ignored, and none is
    /// taken while it settles.
    fn on_question_key(&mut self, shell: &mut Shell, key: KeyEvent) -> Vec<Command> {
        let Some(prompt) = shell.prompt.as_ref() else { return Vec::new() };
        let action = shell.keymap.action(Context::Dialog, Key::from_event(&key));
        let yes = match action {
            _ if prompt.settling => return shell.unchanged(),
            Some(Action::Confirm) => true,
            Some(Action::Back) => false,
            _ if shell.command_key(&key, Action::Back) => false,
            _ => return shell.unchanged(),
        };
        let kind = prompt.kind;
        shell.prompt = None;
        match kind {
            PromptKind::Logout if yes => self.logout(shell),
            PromptKind::Replace => match shell.replacing.take() {
                Some((path, contents)) if yes => {
                    self.error = None;
                    self.info = None;
                    self.send(shell, Slot::Save, Local::SaveFile { path, contents, replace: true })
                }
                _ => {
                    self.info = Some(Text::NotReplaced.get(self.language).to_owned());
                    Vec::new()
                }
            },
            _ => Vec::new(),
        }
    }

    fn submit_prompt(&mut self, shell: &mut Shell) -> Vec<Command> {
        let Some(prompt) = shell.prompt.as_mut() else {
            return Vec::new();
        };
        let text = prompt.input.value().to_owned();
        if matches!(prompt.kind, PromptKind::Domain | PromptKind::Certificate | PromptKind::Service)
            && !text.trim().is_empty()
        {
            let past = shell.history.entry(prompt.kind).or_default();
            past.retain(|t| t != text.trim());
            past.push(text.trim().to_owned());
        }
        match prompt.kind {
            // Applied while typing; Enter only closes the prompt (see `on_prompt_key`).
            PromptKind::Filter => Vec::new(),
            PromptKind::ProfileName | PromptKind::PasswordCommand => self.profile_prompt(shell, &text),
            // The rest belong to the screen that opened the prompt.
            kind => self.submit_to_screen(shell, kind, &text),
        }
    }
}
