//! Support tickets as text: the list (the user's turn first) and one conversation, each
//! message's body wrapped to the terminal's width. Portal text is already sanitised by the
//! decoders; these only lay it out.

use std::fmt::Write;

use crate::api::Language;
use crate::api::models::{Attachment, Ticket, TicketState, TicketThread, sort_for_listing};
use crate::cli::report::{Empty, fields, header, table};
use crate::i18n::Text;
use crate::i18n::format::date;

/// How wide a conversation is wrapped: the terminal's width, or 80 off a terminal.
pub fn width() -> usize {
    use std::io::IsTerminal;
    let terminal = std::io::stdout().is_terminal().then(crossterm::terminal::size).and_then(Result::ok);
    terminal.map_or(80, |(columns, _)| usize::from(columns).clamp(20, 200))
}

fn status(status: &str, language: Language) -> String {
    crate::i18n::status(status, language).into_owned()
}

/// `tickets`: a count, then a row each, the user's turn first (`!`), unread marked `*`.
pub fn list(tickets: &[Ticket], open_only: bool, language: Language) -> String {
    let mut tickets: Vec<Ticket> = tickets.iter().filter(|t| !open_only || t.is_open()).cloned().collect();
    sort_for_listing(&mut tickets);
    if tickets.is_empty() {
        return Text::RepNoTickets.get(language).to_owned() + "\n";
    }
    let open = tickets.iter().filter(|t| t.is_open()).count();
    let yours = tickets.iter().filter(|t| t.state() == TicketState::AwaitingYou).count();
    let mut out =
        Text::RepTicketsCount.fill(language, &[("count", &tickets.len()), ("open", &open), ("yours", &yours)]);
    out.push('\n');
    let (read, unreadable): (Vec<&Ticket>, Vec<&Ticket>) = tickets.iter().partition(|t| t.unreadable.is_none());
    let rows: Vec<Vec<String>> = read
        .iter()
        .map(|t| {
            let mark = match (t.state(), t.is_unread()) {
                (TicketState::AwaitingYou, _) => "!",
                (_, true) => "*",
                _ => " ",
            };
            vec![
                mark.to_owned(),
                t.number().to_owned(),
                status(&t.status, language),
                t.deptname.clone(),
                crate::i18n::format::last_reply(&t.lastreply, language),
                date(t.date.get(..10).unwrap_or(&t.date), language),
                t.subject.clone(),
            ]
        })
        .collect();
    use Text::*;
    let columns = [
        None,
        Some(RepNumber),
        Some(RepStatus),
        Some(RepDepartment),
        Some(RepLastReply),
        Some(RepOpened),
        Some(RepSubject),
    ];
    out += &table(&header(language, &columns), &rows);
    for t in unreadable {
        let reason = t.unreadable.as_deref().unwrap_or_default();
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("id", &t.number()), ("name", &t.subject), ("reason", &reason)];
        let _ = writeln!(out, "{}", Text::RepUnreadable.fill(language, &fill));
    }
    out
}

/// `ticket NUMBER`: the ticket's fields, then every message in order (who, staff or you,
/// when, the body wrapped to `width`, its attachments), then whose turn it is.
pub fn conversation(thread: &TicketThread, language: Language, width: usize) -> String {
    let ticket = &thread.ticket;
    let number = ticket.number();
    let mut out = Text::RepTicket.fill(language, &[("number", &number), ("subject", &ticket.subject)]) + "\n";
    let mut state = status(&ticket.status, language);
    if ticket.is_unread() {
        state += &format!(" ({})", Text::TicketUnread.get(language));
    }
    let pairs = [
        (Text::LabelStatus.get(language), state),
        (Text::LabelDepartment.get(language), ticket.deptname.clone()),
        (Text::LabelOpened.get(language), date(&ticket.date, language)),
    ];
    out += &fields(&pairs, Empty::Hidden);
    out += &message(&ticket.name, false, &ticket.date, &ticket.body, &ticket.attachments, number, language, width);
    for reply in &thread.replies {
        if let Some(reason) = &reply.unreadable {
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("id", &reply.id), ("name", &reply.name), ("reason", reason)];
            let _ = write!(out, "\n{}\n", Text::RepUnreadable.fill(language, &fill));
            continue;
        }
        out += &message(
            &reply.name,
            reply.is_staff(),
            &reply.date,
            &reply.body,
            &reply.attachments,
            number,
            language,
            width,
        );
    }
    let attached = thread.attachments().count();
    if attached > 1 {
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("n", &attached), ("number", &number)];
        let _ = write!(out, "\n{}\n", textwrap::fill(&Text::RepAttachmentsAll.fill(language, &fill), width.max(20)));
    }
    if thread.awaiting_you() {
        let turn = Text::RepYourTurn.fill(language, &[("number", &number)]);
        let _ = write!(out, "\n{}\n", textwrap::fill(&turn, width.saturating_sub(1).max(20)));
    }
    out
}

/// One message: who wrote it and when, its body wrapped and indented, its attachments.
#[allow(clippy::too_many_arguments, reason = "one message's parts, laid out in one place")]
fn message(
    who: &str,
    staff: bool,
    when: &str,
    body: &str,
    files: &[Attachment],
    number: &str,
    language: Language,
    width: usize,
) -> String {
    let role = if staff { Text::TicketStaff } else { Text::TicketYou }.get(language);
    let who = if who.trim().is_empty() { role } else { who.trim() };
    let fill: [(&str, &dyn std::fmt::Display); 3] = [("who", &who), ("role", &role), ("date", &date(when, language))];
    let mut out = format!("\n{}\n", Text::RepMessageBy.fill(language, &fill).trim_end());
    let indent = "    ";
    let options = textwrap::Options::new(width.saturating_sub(1).max(indent.len() + 10))
        .initial_indent(indent)
        .subsequent_indent(indent);
    if body.trim().is_empty() {
        let _ = writeln!(out, "{indent}{}", Text::RepNoMessage.get(language));
    }
    for line in body.trim_end().replace('\t', "    ").lines() {
        if line.trim().is_empty() {
            out.push('\n');
            continue;
        }
        for wrapped in textwrap::wrap(line, &options) {
            let _ = writeln!(out, "{}", wrapped.trim_end());
        }
    }
    for file in files {
        let name = if file.filename.trim().is_empty() { file.id.as_str() } else { file.filename.trim() };
        let size = file.bytes().map_or_else(|| file.size.to_string(), |n| crate::i18n::format::bytes(n, language));
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("name", &name), ("size", &size), ("number", &number)];
        for wrapped in textwrap::wrap(&Text::RepAttachment.fill(language, &fill), &options) {
            let _ = writeln!(out, "{}", wrapped.trim_end());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::TicketReply;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn a_last_reply_given_as_a_time_is_a_date_and_orders_the_list() {
        // As DNS.services documents it: `lastreply` a date-time, not a duration.
        let ticket = |number: &str, lastreply: &str| Ticket {
            ticket_number: number.into(),
            subject: format!("ticket {number}"),
            status: "Open".into(),
            client_read: "1".into(),
            date: "2016-12-01 08:00:00".into(),
            lastreply: lastreply.into(),
            ..Ticket::default()
        };
        let tickets = [
            ticket("1", "2016-12-28 09:00:00"),
            ticket("2", "2016-12-30 12:20:28"),
            ticket("3", "2016-12-29 10:00:00"),
        ];
        let text = list(&tickets, false, Language::Vietnamese);
        let rows: Vec<&str> = text.lines().filter(|l| l.contains("ticket ")).collect();
        assert!(rows[0].contains("30/12/2016") && rows[0].ends_with("ticket 2"), "{text}");
        assert!(rows[1].contains("29/12/2016") && rows[2].contains("28/12/2016"), "{text}");
        assert!(!text.contains("12:20:28"), "a date as the list shows dates:\n{text}");
        let english = list(&tickets, false, Language::English);
        assert!(english.contains("2016-12-30"), "{english}");
    }

    #[test]
    fn a_conversation_wraps_its_bodies_and_says_whose_turn_it_is() {
        let ticket = Ticket {
            ticket_number: "482913".into(),
            subject: "Lỗi 502".into(),
            status: "Answered".into(),
            name: "Minh Anh".into(),
            date: "2026-11-19 09:14:03".into(),
            body: format!("{}\n\n\tdòng cuối", "Website báo lỗi 502 Bad Gateway ".repeat(6)),
            ..Ticket::default()
        };
        let reply = TicketReply {
            name: "Hùng".into(),
            kind: "Admin".into(),
            body: "Đã khởi động lại PHP-FPM.".into(),
            attachments: vec![Attachment {
                filename: "loi-502.png".into(),
                size: "48213".into(),
                ..Attachment::default()
            }],
            ..TicketReply::default()
        };
        let text = conversation(&TicketThread { ticket, replies: vec![reply] }, Language::Vietnamese, 40);
        assert!(text.lines().all(|l| l.width() < 40), "{text}");
        assert!(text.contains("Minh Anh (bạn) lúc 19/11/2026 09:14:03"), "{text}");
        assert!(text.contains("Hùng (nhân viên)"), "{text}");
        assert!(text.contains("\n\n        dòng cuối\n"), "blank lines and tabs kept:\n{text}");
        assert!(text.contains("    tệp đính kèm: loi-502.png (48.213\n    byte)"), "wrapped too:\n{text}");
        assert!(text.trim_end().ends_with("--body-file TỆP`"), "{text}");
        assert!(text.contains("Hùng (nhân viên) lúc\n"), "no trailing space without a date:\n{text}");
    }
}
