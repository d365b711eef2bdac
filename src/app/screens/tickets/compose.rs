//! Writing to support: a reply to a ticket, or a new ticket (its department, subject and
//! message). The message is written over several lines (ratatui-textarea); what is written
//! is checked here, then named in a confirmation before anything is sent.

use crate::app::screens::tickets::texts;
use crossterm::event::KeyEvent;
use ratatui_textarea::{TextArea, WrapMode};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::api::models::Department;
use crate::api::{Change, Language, Message};
use crate::i18n::Text;

/// What is written to.
#[derive(Clone, Debug)]
pub enum To {
    /// A reply to this ticket.
    Reply { number: String, subject: String, closed: bool },
    /// A new ticket; `departments` is `None` until the portal lists them.
    New { departments: Option<Vec<Department>>, chosen: usize, subject: Input },
}

/// The field a new ticket's keys go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Department,
    Subject,
    Message,
}

#[derive(Clone, Debug)]
pub struct Compose {
    pub to: To,
    pub message: TextArea<'static>,
    pub focus: Field,
    /// Why the last try to send was refused, until the next key.
    pub error: Option<String>,
    /// What became of the last paste, until the next key.
    pub note: Option<String>,
    /// The language it says things in.
    language: Language,
}

/// A message as written: its lines, kept when the editor closes.
pub type Draft = Vec<String>;

fn editor(draft: Draft, language: Language) -> TextArea<'static> {
    let mut area = if draft.is_empty() { TextArea::default() } else { TextArea::new(draft) };
    area.set_placeholder_text(texts::ComposePlaceholder.get(language));
    area.set_wrap_mode(WrapMode::Word);
    area.set_cursor_line_style(ratatui::style::Style::default());
    area
}

impl Compose {
    pub fn reply(number: &str, subject: &str, closed: bool, draft: Draft, language: Language) -> Compose {
        let to = To::Reply { number: number.to_owned(), subject: subject.to_owned(), closed };
        Compose { to, message: editor(draft, language), focus: Field::Message, error: None, note: None, language }
    }

    /// Typing starts with the subject (a space typed there is a space, never another
    /// department); the department, the first until chosen, is a Shift-Tab above it.
    pub fn new_ticket(departments: Option<Vec<Department>>, language: Language) -> Compose {
        let to = To::New { departments, chosen: 0, subject: Input::default() };
        Compose { to, message: editor(Vec::new(), language), focus: Field::Subject, error: None, note: None, language }
    }

    /// The ticket a reply goes to.
    pub fn number(&self) -> Option<&str> {
        match &self.to {
            To::Reply { number, .. } => Some(number),
            To::New { .. } => None,
        }
    }

    /// The departments, once the portal lists them.
    pub fn set_departments(&mut self, list: Vec<Department>) {
        if let To::New { departments, chosen, .. } = &mut self.to {
            *chosen = (*chosen).min(list.len().saturating_sub(1));
            *departments = Some(list);
        }
    }

    /// The fields in the order Tab goes through them.
    fn fields(&self) -> &'static [Field] {
        match self.to {
            To::Reply { .. } => &[Field::Message],
            To::New { .. } => &[Field::Department, Field::Subject, Field::Message],
        }
    }

    /// Tab and Shift-Tab.
    pub fn step_focus(&mut self, step: isize) {
        let fields = self.fields();
        let at = fields.iter().position(|f| *f == self.focus).unwrap_or(0) as isize;
        self.focus = fields[(at + step).rem_euclid(fields.len() as isize) as usize];
    }

    /// A key typed into the focused field.
    pub fn key(&mut self, key: KeyEvent) {
        use crossterm::event::KeyCode;
        self.error = None;
        self.note = None;
        match (&mut self.to, self.focus) {
            (To::New { departments, chosen, .. }, Field::Department) => {
                let count = departments.as_ref().map_or(0, Vec::len);
                match key.code {
                    KeyCode::Left | KeyCode::Up | KeyCode::Char('h') | KeyCode::Char('k') => {
                        *chosen = chosen.saturating_sub(1)
                    }
                    KeyCode::Right | KeyCode::Down | KeyCode::Char('l') | KeyCode::Char('j') | KeyCode::Char(' ') => {
                        *chosen = (*chosen + 1).min(count.saturating_sub(1))
                    }
                    KeyCode::Enter => self.focus = Field::Subject,
                    _ => {}
                }
            }
            (To::New { subject, .. }, Field::Subject) => match key.code {
                KeyCode::Enter => self.focus = Field::Message,
                _ => {
                    subject.handle_event(&crossterm::event::Event::Key(key));
                }
            },
            _ => {
                self.message.input(key);
            }
        }
    }

    /// Pasted text: into the message with its line breaks, into the subject as one line.
    pub fn paste(&mut self, text: &str, line: &str) -> bool {
        self.error = None;
        match (&mut self.to, self.focus) {
            (To::New { subject, .. }, Field::Subject) => {
                crate::app::typing::insert(subject, line);
                true
            }
            (_, Field::Message) => {
                let text = crate::api::sanitize::message(text);
                self.message.insert_str(text.as_ref());
                self.note = text.contains('\n').then(|| texts::ComposePasteKept.get(self.language).to_owned());
                true
            }
            _ => false,
        }
    }

    /// What is written so far.
    pub fn draft(&self) -> Draft {
        self.message.lines().to_vec()
    }

    /// The change to put up, or why not (said in the editor; nothing is lost).
    pub fn change(&mut self, language: Language) -> Option<Change> {
        let text = self.message.lines().join("\n");
        let Some(body) = Message::new(&text) else {
            return self.refuse(Field::Message, texts::ComposeEmpty, language);
        };
        match &self.to {
            To::Reply { number, .. } => Some(Change::TicketReply { number: number.clone(), body }),
            To::New { departments, chosen, subject } => {
                let Some(department) = departments.as_ref().and_then(|list| list.get(*chosen)) else {
                    return self.refuse(Field::Department, texts::ComposeNoDepartment, language);
                };
                let dept_id = department.id.to_string();
                let Some(subject) = crate::api::ticket_subject(subject.value()) else {
                    return self.refuse(Field::Subject, texts::ComposeNoSubject, language);
                };
                Some(Change::TicketNew { dept_id, subject, body })
            }
        }
    }

    fn refuse(&mut self, focus: Field, why: Text, language: Language) -> Option<Change> {
        self.focus = focus;
        self.error = Some(why.get(language).to_owned());
        None
    }

    /// The department chosen, in words.
    pub fn department(&self) -> Option<&Department> {
        match &self.to {
            To::New { departments, chosen, .. } => departments.as_ref()?.get(*chosen),
            To::Reply { .. } => None,
        }
    }
}
