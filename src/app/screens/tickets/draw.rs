//! The support tickets screen: the list (your turn first, unread marked), a ticket's
//! conversation wrapped to the width, and the editor a reply or a new ticket is written in.

use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Clear, Paragraph, Row as TableRow};
use unicode_width::UnicodeWidthStr;

use super::State;

use crate::api::Operation;
use crate::api::models::{Attachment, Ticket, TicketState, TicketThread};
use crate::app::screens::Around;
use crate::app::screens::tickets::{Compose, Field, To};
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::paint::Paint;
use crate::paint::centered;
use crate::paint::columns;
use crate::paint::fields;
use crate::paint::grouped::{self, Column};
use crate::paint::nothing_shown;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, _around: &Around) {
    let view = state;
    match view.browse.open() {
        Some(ticket) => conversation(frame, area, state, paint, ticket, view.thread.as_deref()),
        None => list(frame, area, state, paint),
    }
    if let Some(compose) = &view.compose {
        editor(frame, area, paint, compose);
    }
}

fn list(frame: &mut Frame, area: Rect, state: &State, paint: &Paint) {
    let theme = paint.theme;
    let view = &state.browse;
    let lang = paint.language;
    if !view.loaded {
        return crate::paint::list_not_read(frame, area, paint, Operation::Tickets, view.list_error.as_deref(), &[]);
    }
    if let (true, Some(reason)) = (view.items.is_empty(), &view.list_error) {
        return crate::paint::list_failed(frame, area, paint, &crate::i18n::api_error(reason, paint.language), &[]);
    }
    if view.items.is_empty() {
        return nothing_shown(frame, area, paint, &[Some(paint.keyed(texts::TicketsNone, Action::NewTicket))]);
    }
    let title = grouped::title(paint, Text::ScreenTickets, &view.list.shown(), view.items.len());
    let number_width = columns::fit("#", view.widest_figure(lang), area.width.saturating_sub(2));
    // The subject comes first: a group's name is written in the first column.
    let columns = [
        Column { header: texts::ColSubject, width: Constraint::Min(22), number: false },
        Column { header: Text::ColNumber, width: Constraint::Length(number_width.max(8)), number: false },
        Column { header: texts::ColDepartment, width: Constraint::Length(11), number: false },
        Column { header: Text::ColStatus, width: Constraint::Length(14), number: false },
        Column { header: texts::ColLastReply, width: Constraint::Length(7), number: false },
    ];
    grouped::draw(frame, area, paint, (&view.list.shown(), title, &columns), |i, selected, widths| {
        let ticket = &view.items[i];
        let mark = if ticket.is_unread() { "● " } else { "  " };
        let number = format!("#{}", ticket.number());
        let subject = match &ticket.unreadable {
            Some(_) => Text::Unreadable.get(lang).to_owned(),
            None => format!("{mark}{}", ticket.subject),
        };
        let status = crate::i18n::status(&ticket.status, lang);
        let style = match ticket.state() {
            TicketState::AwaitingYou => theme.warning,
            TicketState::Open => theme.text,
            TicketState::Closed => theme.dim,
        };
        let row = TableRow::new(vec![
            Cell::from(columns::text(&subject, widths[0])).style(style),
            Cell::from(columns::text(&number, widths[1])).style(style),
            Cell::from(columns::text(&ticket.deptname, widths[2])),
            Cell::from(columns::text(&status, widths[3])).style(style),
            Cell::from(columns::text(&crate::i18n::format::last_reply(&ticket.lastreply, lang), widths[4])),
        ]);
        if selected { row.style(theme.selected) } else { row }
    });
    if let Some(reason) = &view.list_error {
        crate::paint::list_failed_below(frame, area, paint, reason);
    }
}

/// One message of the conversation: who wrote it (staff or you) and when, its text wrapped
/// to `width`, its attachments.
fn message<'a>(
    lines: &mut Vec<Line<'a>>,
    (who, staff, date): (&str, bool, &str),
    body: &str,
    attachments: &[Attachment],
    (theme, lang, width, times): (&Theme, crate::api::Language, usize, &crate::i18n::times::Times),
) {
    let role = if staff { Text::TicketStaff } else { Text::TicketYou }.get(lang);
    let who = if who.trim().is_empty() { role.to_owned() } else { format!("{who} ({role})") };
    let head = format!("── {who} · {} ", times.portal_stamp(date, lang));
    let fill = width.saturating_sub(head.width());
    let style = if staff { theme.title } else { theme.key };
    lines.push(Line::styled(format!("{head}{}", "─".repeat(fill)), style));
    let options = textwrap::Options::new(width.saturating_sub(2).max(10));
    for paragraph in body.lines() {
        if paragraph.trim().is_empty() {
            lines.push(Line::default());
            continue;
        }
        for part in textwrap::wrap(paragraph, &options) {
            lines.push(Line::styled(format!("  {part}"), theme.text));
        }
    }
    for file in attachments {
        let size = file.bytes().map_or_else(|| file.size.to_string(), |n| crate::i18n::format::bytes(n, lang));
        let text = texts::TicketAttachmentLine.fill(lang, &[("name", &file.filename), ("size", &size)]);
        lines.push(Line::styled(format!("  {text}"), theme.dim));
    }
    lines.push(Line::default());
}

fn conversation(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, ticket: &Ticket, thread: Option<&TicketThread>) {
    let theme = paint.theme;
    let lang = paint.language;
    let view = state;
    let width = (area.width as usize).saturating_sub(2);
    let shown = thread.map_or(ticket, |t| &t.ticket);
    let pairs = [
        (Text::LabelSubject, shown.subject.clone()),
        (Text::LabelDepartment, shown.deptname.clone()),
        (Text::LabelStatus, crate::i18n::status(&shown.status, lang).into_owned()),
        // The messages' times in the zone shown, named here once where it is not this
        // machine's.
        (Text::LabelOpened, paint.times.portal_stamp(&shown.date, lang) + &paint.times.label(lang)),
    ];
    let label_width = pairs.iter().map(|(k, _)| k.get(lang).width()).max().unwrap_or(0);
    let mut lines: Vec<Line> = pairs
        .iter()
        .filter(|(_, v)| !v.trim().is_empty())
        .map(|(k, v)| fields::line(theme, k.get(lang), v, label_width))
        .collect();
    lines.push(Line::default());
    match thread {
        Some(thread) => {
            let t = &thread.ticket;
            message(&mut lines, (&t.name, false, &t.date), &t.body, &t.attachments, (theme, lang, width, &paint.times));
            for reply in &thread.replies {
                let body = reply.unreadable.as_deref().unwrap_or(&reply.body);
                let who = (reply.name.as_str(), reply.is_staff(), reply.date.as_str());
                message(&mut lines, who, body, &reply.attachments, (theme, lang, width, &paint.times));
            }
            let note = match thread.state() {
                TicketState::AwaitingYou => Some((paint.keyed(texts::TicketYourTurn, Action::Reply), theme.warning)),
                TicketState::Closed => Some((Text::TicketClosedNote.get(lang).to_owned(), theme.dim)),
                TicketState::Open => None,
            };
            if let Some((note, style)) = note {
                lines.push(Line::styled(note, style));
            }
        }
        None => {
            let note = view.thread_error.clone().unwrap_or_else(|| texts::TicketLoading.get(lang).to_owned());
            let style = if view.thread_error.is_some() { theme.warning } else { theme.dim };
            lines.push(Line::styled(format!("  {note}"), style));
        }
    }
    let back = paint.keyed(Text::EscBack, Action::Back);
    let title = format!(" #{} — {back} ", ticket.number());
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let total = lines.len();
    let scroll = view.browse.detail_scroll.fit(total, area.height.saturating_sub(2).into());
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
    crate::paint::document_bar(frame, area, theme, scroll, total);
}

/// The editor over the screen: a new ticket's department and subject, then the message.
fn editor(frame: &mut Frame, area: Rect, paint: &Paint, compose: &Compose) {
    let theme = paint.theme;
    let lang = paint.language;
    let width = area.width.saturating_sub(4).clamp(20, 100);
    let height = area.height.saturating_sub(2).clamp(8, 30);
    let rect = centered(area, width, height);
    let title = match &compose.to {
        To::Reply { number, subject, .. } => {
            texts::ComposeReplyTitle.fill(lang, &[("number", number), ("subject", subject)])
        }
        To::New { .. } => texts::ComposeNewTitle.get(lang).to_owned(),
    };
    let title = crate::paint::columns::truncate(&format!(" {title} "), width.saturating_sub(4).into());
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let inner = block.inner(rect);
    // What is written has the screen to itself: nothing of the conversation shows beside it.
    frame.render_widget(Clear, area);
    frame.render_widget(block, rect);
    let head_rows: u16 = if matches!(compose.to, To::New { .. }) { 2 } else { 0 };
    let [head, body, foot] =
        Layout::vertical([Constraint::Length(head_rows), Constraint::Min(3), Constraint::Length(2)]).areas(inner);
    if let To::New { departments, chosen, subject } = &compose.to {
        let label_width = [Text::LabelDepartment, Text::LabelSubject].iter().map(|t| t.get(lang).width()).max();
        let label_width = label_width.unwrap_or(0);
        let focused = compose.focus == Field::Department;
        let department = match departments {
            None => texts::ComposeDepartmentsLoading.get(lang).to_owned(),
            Some(list) => match list.get(*chosen) {
                Some(d) => format!("◀ {} ▶  ({}/{})", d.name, chosen + 1, list.len()),
                None => texts::ComposeNoDepartment.get(lang).to_owned(),
            },
        };
        let label = fields::form_label(theme, Text::LabelDepartment.get(lang), label_width, focused);
        let first = Line::from(vec![label, Span::styled(department, if focused { theme.title } else { theme.text })]);
        let focused = compose.focus == Field::Subject;
        let label = fields::form_label(theme, Text::LabelSubject.get(lang), label_width, focused);
        let at = label.width() as u16;
        let room = (inner.width as usize).saturating_sub(at as usize + 1).max(1);
        let (shown, cursor) = fields::text_input(theme, subject, room, focused, false);
        frame.render_widget(Paragraph::new(vec![first, Line::from(vec![label, shown])]), head);
        if let Some(c) = cursor {
            frame.set_cursor_position(Position::new(head.x + at + c as u16, head.y + 1));
        }
    }
    let mut message = compose.message.clone();
    let label = Text::LabelMessage.get(lang);
    let focused = compose.focus == Field::Message;
    let style = if focused { theme.key } else { theme.dim };
    message.set_block(Block::default().borders(ratatui::widgets::Borders::TOP).title(Line::styled(label, style)));
    if !focused {
        message.set_cursor_style(theme.text);
    }
    frame.render_widget(&message, body);
    let send = paint.keymap.label(Context::Tickets, Action::SendText);
    let back = paint.keymap.label(Context::Global, Action::Back);
    let next = paint.keymap.label(Context::Global, Action::NextScreen);
    let keys = match compose.to {
        To::Reply { .. } => texts::ComposeReplyKeys.fill(lang, &[("send", &send), ("back", &back)]),
        To::New { .. } => texts::ComposeKeys.fill(lang, &[("send", &send), ("next", &next), ("back", &back)]),
    };
    let mut foot_lines = vec![Line::styled(keys, theme.dim)];
    if let Some(said) = compose.error.as_ref().or(compose.note.as_ref()) {
        let style = if compose.error.is_some() { theme.warning } else { theme.dim };
        foot_lines.insert(0, Line::styled(said.clone(), style));
    }
    frame.render_widget(Paragraph::new(foot_lines).wrap(ratatui::widgets::Wrap { trim: true }), foot);
}
