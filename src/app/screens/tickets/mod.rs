//! The support tickets screen: every ticket, those awaiting your reply first, then the
//! others still open, then the closed ones; a ticket's conversation; a reply or a new
//! ticket written over several lines, closing and reopening, each named in a confirmation
//! before it is sent.

mod compose;
pub(super) mod draw;
mod texts;

use std::collections::HashMap;

use crossterm::event::KeyEvent;

pub use compose::{Compose, Draft, Field, To};

use super::{Cx, Pasted, Peek, Request, Settled, View};
use crate::api::models::groups::StatusGroup;
use crate::api::models::{Department, Ticket, TicketState, TicketThread, sort_for_listing};
use crate::api::{ApiError, Change, Data, Operation, Query};
use crate::app::{Confirmation, PromptKind};
use crate::app::browse::{ListView, Listed};
use crate::config::keys::{Action, Context, Key};
use crate::i18n::{Text, preview};

impl Listed for Ticket {
    /// The conversation is read apart (`TicketThread`): the list's entry is the fresher
    /// one (its last activity, which the conversation does not say).
    const DETAIL_SAYS_MORE: bool = false;

    fn id(&self) -> &str {
        self.number()
    }
    /// The user's turn, open, closed: the list comes sorted (see `sort_for_listing`), so
    /// each group keeps its order.
    fn groups(items: &[Ticket]) -> Vec<StatusGroup> {
        let mut groups: Vec<StatusGroup> = Vec::new();
        for state in [TicketState::AwaitingYou, TicketState::Open, TicketState::Closed] {
            let records: Vec<usize> = (0..items.len()).filter(|&i| items[i].state() == state).collect();
            if !records.is_empty() {
                groups.push(StatusGroup { status: state_word(state).to_owned(), records });
            }
        }
        groups
    }
    fn search_text(&self, add: &mut dyn FnMut(&str)) {
        [self.number(), &self.subject, &self.deptname, &self.status].into_iter().for_each(add);
    }
    /// The number as its column shows it: the column is sized once per list.
    fn figure(&self, _: crate::api::Language) -> Option<String> {
        Some(format!("#{}", self.number()))
    }
}

/// A group's name, as the portal's statuses are named (translated as they are).
fn state_word(state: TicketState) -> &'static str {
    match state {
        TicketState::AwaitingYou => "Awaiting your reply",
        TicketState::Open => "Open",
        TicketState::Closed => "Closed",
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    List,
    /// One ticket's conversation, by its number.
    Thread(String),
    Departments,
    /// A change about this ticket (empty: a new ticket).
    Change(String),
}

impl Request for Req {
    fn lookup(&self) -> bool {
        matches!(self, Req::List | Req::Thread(_))
    }
}

/// Nothing is handed to the tickets: the radar opens one by its number (`ListScreen::open_item`).
#[derive(Debug)]
pub enum Visit {}

#[derive(Clone, Debug, Default)]
pub struct TicketsView {
    pub browse: ListView<Ticket>,
    /// The open ticket's conversation as last read.
    pub thread: Option<Box<TicketThread>>,
    /// Why the open ticket could not be read.
    pub thread_error: Option<String>,
    /// The departments a new ticket goes to, once the portal lists them.
    pub departments: Option<Vec<Department>>,
    /// The reply or new ticket being written.
    pub compose: Option<Box<Compose>>,
    /// What was written to each ticket and not sent (Esc keeps it), by number; a new
    /// ticket's under "".
    drafts: HashMap<String, Box<Compose>>,
    /// The open ticket's attachment `s` saves next (they are saved one after another).
    next_attachment: usize,
    /// A reply was added to the open ticket: its conversation, read again, is shown at its
    /// end, where the reply is.
    show_reply: bool,
}

/// The screen's state, as the screen table names it.
pub type State = TicketsView;

impl View for TicketsView {
    type Req = Req;
    type Visit = Visit;

    super::list_screen_view!();

    fn action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Refresh => super::ListScreen::refresh(self, cx),
            Action::Open if self.browse.detail.is_none() => self.open_selected(cx),
            Action::Reply => self.write_reply(cx),
            Action::NewTicket => self.write_new(cx),
            Action::CloseTicket => self.put_up_close(true, cx),
            Action::ReopenTicket => self.put_up_close(false, cx),
            Action::Save if self.browse.detail.is_some() => self.ask_where_to_save(cx),
            _ => match self.browse.browse(action, cx) {
                Ok(_) => {
                    if self.browse.detail.is_none() {
                        self.thread = None;
                    }
                }
                Err(()) => cx.unchanged(),
            },
        }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::List => {
                let sorted = answer.and_then(Data::into_tickets).map(|mut tickets| {
                    sort_for_listing(&mut tickets);
                    tickets
                });
                self.browse.list_answer(Operation::Tickets, sorted, cx);
            }
            Req::Thread(number) => match answer.and_then(Data::into_ticket) {
                Ok(thread) if self.open_number() == Some(number.as_str()) => {
                    self.thread_error = None;
                    // The list keeps the open ticket's entry over a fresh list: the
                    // conversation read brings its standing up to date.
                    self.follow_thread(&thread, cx);
                    self.thread = Some(thread);
                    if std::mem::take(&mut self.show_reply) {
                        self.browse.detail_scroll.to_end_when_drawn();
                    }
                }
                Ok(_) => {}
                Err(e) => self.thread_error = Some(crate::i18n::api_error(&e, cx.language)),
            },
            Req::Departments => {
                let list = match answer.and_then(Data::into_ticket_departments) {
                    Ok(list) => list.into_iter().filter(|d| d.unreadable.is_none()).collect(),
                    Err(e) => {
                        cx.list_failed(Operation::TicketDepartments, &e);
                        Vec::new()
                    }
                };
                if let Some(compose) = &mut self.compose {
                    compose.set_departments(list.clone());
                }
                self.departments = Some(list);
            }
            Req::Change(_) => {}
        }
    }

    fn confirmed(&mut self, req: &Req, refused: Option<&str>) {
        // Sent: the editor closes, what was written kept until the portal takes it.
        if let (Req::Change(number), None) = (req, refused)
            && let Some(compose) = self.compose.take()
        {
            self.drafts.insert(number.clone(), compose);
        }
    }

    fn changed(&mut self, req: Req, settled: Settled, cx: &mut Cx) {
        let Req::Change(number) = req else { return };
        match settled.result {
            Ok(_) => {
                let reply = self.drafts.remove(&number).is_some_and(|c| c.number().is_some());
                self.show_reply = reply && self.open_number() == Some(number.as_str());
            }
            // Refused: what was written comes back, with the portal's reason.
            Err(e) if !e.may_have_applied() => {
                if let Some(mut compose) = self.drafts.remove(&number) {
                    compose.error = Some(crate::i18n::api_error(e, cx.language));
                    self.compose = Some(compose);
                }
            }
            // It may have been sent: read again; what was written stays a draft.
            Err(_) => {}
        }
        if settled.read_again.is_some() {
            cx.fetch(Req::List, Query::Tickets);
            if let Some(open) = self.open_number().map(str::to_owned) {
                cx.fetch(Req::Thread(open.clone()), Query::Ticket(open));
            }
        }
    }

    fn modal(&self) -> bool {
        self.compose.is_some()
    }

    fn modal_key(&mut self, key: KeyEvent, cx: &mut Cx) {
        let Some(compose) = &mut self.compose else { return };
        let here = action_here(cx, &key);
        if here == Some(Action::SendText) {
            return self.put_up_written(cx);
        }
        match cx.is_key(&key, Action::Back).then_some(Action::Back).or(here) {
            Some(Action::Back) => {
                let compose = self.compose.take().expect("the editor is open");
                let key_name = cx.keymap.label(Context::Tickets, Action::Reply);
                if let Some(number) = compose.number().map(str::to_owned)
                    && !compose.draft().concat().trim().is_empty()
                {
                    cx.say(texts::ComposeDraftKept.fill(cx.language, &[("key", &key_name)]));
                    self.drafts.insert(number, compose);
                } else if compose.number().is_none() {
                    self.drafts.insert(String::new(), compose);
                }
            }
            Some(Action::NextScreen) if compose.number().is_none() => compose.step_focus(1),
            Some(Action::PrevScreen) if compose.number().is_none() => compose.step_focus(-1),
            _ => compose.key(key),
        }
    }

    fn paste(&mut self, pasted: &Pasted) -> Option<bool> {
        let compose = self.compose.as_mut()?;
        Some(compose.paste(pasted.text, pasted.line))
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        if let Some(ticket) = self.current().filter(|_| self.browse.detail.is_some()) {
            let close = if ticket.is_open() { CloseTicket } else { ReopenTicket };
            let files = self.thread.as_ref().is_some_and(|t| t.attachments().next().is_some());
            return [Reply, close].into_iter().chain(files.then_some(Save)).chain([Back, Refresh]).collect();
        }
        match () {
            () if self.browse.items.is_empty() => vec![NewTicket, Refresh],
            () => vec![Open, Reply, NewTicket, Filter, Refresh],
        }
    }

    fn why_not(&self, action: Action, _: &Peek) -> crate::i18n::Text {
        use crate::i18n::Text;
        let open = self.current().filter(|_| self.browse.detail.is_some());
        match (action, open) {
            (Action::SendText, _) => Text::WhyWriting,
            (Action::CloseTicket, Some(ticket)) if !ticket.is_open() => Text::WhyTicketClosed,
            (Action::ReopenTicket, Some(ticket)) if ticket.is_open() => Text::WhyTicketOpen,
            (Action::Save, Some(_)) => Text::WhyNoAttachments,
            (_, Some(_)) => Text::WhyOnList,
            _ if self.browse.items.is_empty() => Text::WhyListEmpty,
            _ => Text::WhyInDetail,
        }
    }

    fn wheel_moves_rows(&self) -> bool {
        self.browse.detail.is_none()
    }

    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        if kind != PromptKind::SaveAttachment {
            return Ok(());
        }
        let (Some(number), Some((n, of, file))) = (self.open_number().map(str::to_owned), self.attachment_to_save())
        else {
            return Ok(());
        };
        cx.save_attachment(&number, &file, text)?;
        self.next_attachment += 1;
        let (shown, count) = ((n + 1).to_string(), of.to_string());
        cx.say(texts::TicketSavingAttachment.fill(cx.language, &[("file", &file), ("n", &shown), ("of", &count)]));
        // The next one offered at once, until the last is saved.
        if n + 1 < of {
            self.ask_where_to_save(cx);
        }
        Ok(())
    }
}

/// The action `key` is on this screen, when it is not a character typed.
fn action_here(cx: &Cx, key: &KeyEvent) -> Option<Action> {
    use crossterm::event::{KeyCode, KeyModifiers};
    let typing = matches!(key.code, KeyCode::Char(_)) && !key.modifiers.intersects(KeyModifiers::CONTROL);
    if typing {
        return None;
    }
    cx.keymap.action(Context::Tickets, Key::from_event(key))
}

/// The tickets awaiting the user's reply are on the radar; the open one's conversation is
/// read again after the list.
impl super::ListScreen for TicketsView {
    type Entry = Ticket;
    const SCREEN: crate::app::Screen = crate::app::Screen::Tickets;
    const KIND: crate::radar::Kind = crate::radar::Kind::Ticket;

    fn browse(&self) -> &ListView<Ticket> {
        &self.browse
    }

    fn browse_mut(&mut self) -> &mut ListView<Ticket> {
        &mut self.browse
    }

    fn list_query() -> (Req, Query) {
        (Req::List, Query::Tickets)
    }

    fn found(&self) -> crate::radar::Found<'_> {
        crate::radar::Found::Tickets(&self.browse.items)
    }

    fn read_open(&self, cx: &mut Cx) {
        if let Some(number) = self.open_number().map(str::to_owned) {
            cx.fetch(Req::Thread(number.clone()), Query::Ticket(number));
        }
    }

    fn open_entry(&mut self, cx: &mut Cx) {
        self.open_selected(cx);
    }
}

impl TicketsView {
    /// The number of the ticket whose conversation is open.
    pub fn open_number(&self) -> Option<&str> {
        self.browse.open().map(Ticket::number)
    }

    /// The ticket on screen: the open one, else the selected one.
    pub fn current(&self) -> Option<&Ticket> {
        self.browse.current()
    }

    /// The open ticket's list entry as its conversation, just read, has it: its status and
    /// whether it is read; the radar follows.
    fn follow_thread(&mut self, thread: &crate::api::models::TicketThread, cx: &mut Cx) {
        let Some(open) = self.browse.open() else { return };
        let mut entry = open.clone();
        let read = &thread.ticket;
        if !read.status.trim().is_empty() {
            entry.status = read.status.clone();
        }
        if !read.client_read.trim().is_empty() {
            entry.client_read = read.client_read.clone();
        }
        if entry != *open {
            self.browse.set_detail(entry);
            cx.radar_changed();
        }
    }

    /// The attachment `s` saves next: its place, how many there are, and its name as the
    /// portal names the file.
    fn attachment_to_save(&self) -> Option<(usize, usize, String)> {
        let files: Vec<_> = self.thread.as_ref()?.attachments().collect();
        let at = self.next_attachment % files.len().max(1);
        let file = files.get(at)?;
        let name = if file.filename.trim().is_empty() { file.id.to_string() } else { file.filename.clone() };
        Some((at, files.len(), name))
    }

    /// `s` on a conversation: where to save its next attachment, which of how many named
    /// when there are several.
    fn ask_where_to_save(&mut self, cx: &mut Cx) {
        let Some((at, of, _)) = self.attachment_to_save() else {
            return cx.say(texts::TicketNoAttachment.get(cx.language).to_owned());
        };
        let Some(file) = self.thread.as_ref().and_then(|t| t.attachments().nth(at)) else { return };
        let which = match of {
            1 => String::new(),
            _ => format!(" ({})", Text::AttachmentOf.fill(cx.language, &[("n", &(at + 1)), ("of", &of)])),
        };
        cx.prompt_about(PromptKind::SaveAttachment, &file.safe_file_name(), &which);
    }

    fn open_selected(&mut self, cx: &mut Cx) {
        let Some(i) = self.browse.list.selected_index() else { return cx.unchanged() };
        let number = self.browse.items[i].number().to_owned();
        if self.thread.as_ref().is_none_or(|t| t.ticket.number() != number) {
            self.thread = None;
        }
        self.browse.detail = Some(i);
        self.browse.detail_scroll.to_start();
        self.next_attachment = 0;
        self.thread_error = None;
        cx.fetch(Req::Thread(number.clone()), Query::Ticket(number));
    }

    /// `a`: the editor for a reply to the ticket on screen, with what was written to it
    /// before.
    fn write_reply(&mut self, cx: &mut Cx) {
        let Some(ticket) = self.current() else { return cx.unchanged() };
        let (number, subject, closed) = (ticket.number().to_owned(), ticket.subject.clone(), !ticket.is_open());
        let compose = match self.drafts.remove(&number) {
            Some(mut draft) => {
                draft.error = None;
                draft
            }
            None => Box::new(Compose::reply(&number, &subject, closed, Vec::new(), cx.language)),
        };
        self.compose = Some(compose);
    }

    /// `n`: the editor for a new ticket; the departments are read when not known yet.
    fn write_new(&mut self, cx: &mut Cx) {
        let mut compose = self.drafts.remove("").unwrap_or_else(|| Box::new(Compose::new_ticket(None, cx.language)));
        compose.error = None;
        match &self.departments {
            Some(list) => compose.set_departments(list.clone()),
            None if cx.offers(Operation::TicketDepartments) => cx.fetch(Req::Departments, Query::TicketDepartments),
            None => compose.set_departments(Vec::new()),
        }
        self.compose = Some(compose);
    }

    /// `x` and `o`: closing or reopening the ticket on screen, confirmed first.
    fn put_up_close(&mut self, close: bool, cx: &mut Cx) {
        let Some(ticket) = self.current() else { return cx.unchanged() };
        let number = ticket.number().to_owned();
        if ticket.is_open() != close {
            let already = if close { texts::TicketAlreadyClosed } else { texts::TicketAlreadyOpen };
            return cx.say(already.fill(cx.language, &[("number", &number)]));
        }
        let change = match close {
            true => Change::TicketClose { number: number.clone() },
            false => Change::TicketReopen { number: number.clone() },
        };
        let preview = preview::ticket_close(close, &number, &ticket.subject, cx.language);
        let mut rows = cx.who();
        rows.extend(preview.rows());
        rows.push((Text::LabelRequest.get(cx.language).to_owned(), change.describe()));
        let subject = format!("ticket {number}");
        cx.confirm(Confirmation::new(change, preview.title, rows, Req::Change(number).into(), subject));
    }

    /// Ctrl-S in the editor: what was written, checked, named in a confirmation.
    fn put_up_written(&mut self, cx: &mut Cx) {
        let Some(compose) = &mut self.compose else { return };
        let Some(change) = compose.change(cx.language) else { return };
        let (preview, number, subject) = match (&change, &compose.to) {
            (Change::TicketReply { number, body }, To::Reply { subject, closed, .. }) => {
                let preview = preview::ticket_reply(number, subject, *closed, body.as_str(), cx.language);
                (preview, number.clone(), format!("ticket {number}"))
            }
            (Change::TicketNew { subject, body, .. }, _) => {
                let department = compose.department().map(|d| d.name.clone()).unwrap_or_default();
                let preview = preview::ticket_new(&department, subject, body.as_str(), cx.language);
                (preview, String::new(), format!("new ticket: {subject}"))
            }
            _ => return,
        };
        let mut rows = cx.who();
        rows.extend(preview.rows());
        rows.push((Text::LabelRequest.get(cx.language).to_owned(), change.describe()));
        cx.confirm(Confirmation::new(change, preview.title, rows, Req::Change(number).into(), subject));
    }
}
