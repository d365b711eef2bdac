//! Support tickets: `GET /tickets` lists them, `GET /tickets/@number` gives one with its
//! replies, `GET /ticket/departments` the departments a new ticket goes to. Ticket numbers
//! are text. Attachments and departments have no published shape: both are read leniently.
//!
//! Whose turn it is, as the tool decides it: a ticket is closed when its status says so
//! (`Closed`, `Resolved`, `Cancelled`…, any case); any other status is open. An open ticket
//! awaits the user when its conversation ends with a staff reply, or, in the list (which has
//! no replies), when its status says staff answered (`Answered`, HostBill's word) or the
//! user has not read it (`client_read` = `"0"`, set when staff writes). `Customer-Reply`,
//! `In-Progress` or `On Hold` await the staff.

use std::cmp::Reverse;

use compact_str::CompactString;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use crate::api::lenient::{self, ExtraFields, Field};

/// One ticket: a row of `GET /tickets`, or the `ticket` of `GET /tickets/@number` (which
/// adds `name`, `email` and `body`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ticket {
    pub ticket_number: CompactString,
    pub id: CompactString,
    /// When it was opened, `YYYY-MM-DD HH:MM:SS`.
    pub date: CompactString,
    pub deptname: String,
    pub dept_id: CompactString,
    pub subject: String,
    pub status: CompactString,
    /// The last message, as the portal words it: how long ago (`1d 2h`), or when
    /// (`2016-12-30 12:20:28`, as DNS.services documents it). See [`Ticket::last_reply`].
    pub lastreply: CompactString,
    /// `"0"` when there is something the user has not read.
    pub client_read: CompactString,
    pub name: String,
    pub email: String,
    /// The first message, line breaks kept.
    pub body: String,
    pub attachments: Vec<Attachment>,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

/// Where a ticket stands, in the order a list shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TicketState {
    /// Open, and staff wrote last: the user's turn.
    AwaitingYou,
    /// Open, waiting for staff.
    Open,
    Closed,
}

/// Whether a status word closes a ticket.
pub fn is_closed_status(status: &str) -> bool {
    let status = status.trim().to_lowercase();
    ["closed", "resolved", "cancelled", "canceled", "completed", "đã đóng", "đã xử lý", "đã giải quyết"]
        .contains(&status.as_str())
}

/// Whether a status word says staff answered (the user's turn).
pub fn is_answered_status(status: &str) -> bool {
    let status = status.trim().to_lowercase().replace(['_', '-'], " ");
    ["answered", "awaiting reply", "awaiting client", "waiting for client", "customer action", "đã trả lời"]
        .contains(&status.as_str())
}

impl Ticket {
    /// The number people quote (`ticket_number`), else the id.
    pub fn number(&self) -> &str {
        if self.ticket_number.trim().is_empty() { self.id.trim() } else { self.ticket_number.trim() }
    }

    pub fn is_open(&self) -> bool {
        !is_closed_status(&self.status)
    }

    /// Something in it the user has not read (`client_read` = `"0"`).
    pub fn is_unread(&self) -> bool {
        matches!(self.client_read.trim().to_ascii_lowercase().as_str(), "0" | "false" | "no")
    }

    /// The user's turn, from what a list row says: open, and answered or unread.
    pub fn awaiting_you(&self) -> bool {
        self.is_open() && (is_answered_status(&self.status) || self.is_unread())
    }

    pub fn state(&self) -> TicketState {
        if !self.is_open() {
            TicketState::Closed
        } else if self.awaiting_you() {
            TicketState::AwaitingYou
        } else {
            TicketState::Open
        }
    }

    /// The last message, from `lastreply`: how long ago (`1d 2h`, `45m`, `2w 1d`) or when
    /// (`YYYY-MM-DD HH:MM:SS`, or a date alone); `None` when the portal words it otherwise.
    pub fn last_reply(&self) -> Option<LastReply> {
        let text = self.lastreply.trim();
        match minutes(text) {
            Some(m) => Some(LastReply::Ago(m)),
            None => date_time(text).map(LastReply::At),
        }
    }
}

/// When a ticket's last message was written, as the portal says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastReply {
    /// Minutes ago.
    Ago(u64),
    /// At this portal time (local to the portal, no zone).
    At(time::PrimitiveDateTime),
}

impl LastReply {
    /// Orders the latest first: times by their date (a portal words them one way; in a
    /// list that mixes both, the times come first).
    fn latest_first(self) -> (u8, i128) {
        match self {
            LastReply::At(at) => (0, -i128::from(at.assume_utc().unix_timestamp())),
            LastReply::Ago(minutes) => (1, i128::from(minutes)),
        }
    }
}

/// `YYYY-MM-DD HH:MM:SS` (seconds optional), or `YYYY-MM-DD` alone (the day's start).
fn date_time(text: &str) -> Option<time::PrimitiveDateTime> {
    use time::macros::format_description;
    let full = format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    let minutes = format_description!("[year]-[month]-[day] [hour]:[minute]");
    time::PrimitiveDateTime::parse(text, full)
        .or_else(|_| time::PrimitiveDateTime::parse(text, minutes))
        .ok()
        .or_else(|| (text.len() == 10).then(|| super::parse_date(text)).flatten().map(|d| d.midnight()))
}

/// Minutes in a duration worded `1d 2h 3m` (also `w` weeks and `s` seconds).
fn minutes(text: &str) -> Option<u64> {
    let mut total: u64 = 0;
    let mut any = false;
    for part in text.split_whitespace() {
        let unit_at = part.find(|c: char| !c.is_ascii_digit())?;
        let (number, unit) = part.split_at(unit_at);
        let n: u64 = number.parse().ok()?;
        let per = match unit {
            "w" => 7 * 24 * 60,
            "d" => 24 * 60,
            "h" => 60,
            "m" | "min" => 1,
            "s" => 0,
            _ => return None,
        };
        total = total.checked_add(n.checked_mul(per)?)?;
        any = true;
    }
    any.then_some(total)
}

/// Sorts tickets as a list shows them: the user's turn first, then the others still open,
/// then the closed ones; within each, the latest activity first (by `lastreply`, a duration
/// or a date-time, else by the date opened); tickets the tool could not read last.
pub fn sort_for_listing(tickets: &mut [Ticket]) {
    tickets.sort_by_cached_key(|t| {
        let last = t.last_reply().map(LastReply::latest_first);
        (t.unreadable.is_some(), t.state(), last.is_none(), last, Reverse(t.date.clone()))
    });
}

impl lenient::Salvage for Ticket {
    fn unreadable(self, reason: String) -> Ticket {
        Ticket {
            ticket_number: self.ticket_number,
            id: self.id,
            subject: self.subject,
            unreadable: Some(reason),
            ..Ticket::default()
        }
    }
}

lenient::portal_object!(Ticket, "a ticket", extra, {
    "ticket_number" => ticket_number: lenient::Short,
    "id" => id: lenient::Short,
    "date" => date: lenient::Short,
    "deptname" => deptname: lenient::Text,
    "dept_id" => dept_id: lenient::Short,
    "subject" => subject: lenient::Text,
    "status" => status: lenient::Short,
    "lastreply" => lastreply: lenient::Short,
    "client_read" => client_read: lenient::Short,
    "name" => name: lenient::Text,
    "email" => email: lenient::Text,
    "body" => body: lenient::MultilineText,
    "attachments" => attachments: Attachments,
});

/// One message after the first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TicketReply {
    pub id: CompactString,
    /// Who wrote it.
    pub name: String,
    pub date: CompactString,
    pub body: String,
    pub status: CompactString,
    /// `Admin` for staff; anything else is the client.
    pub kind: CompactString,
    pub attachments: Vec<Attachment>,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl TicketReply {
    /// Written by staff (`type` `Admin`).
    pub fn is_staff(&self) -> bool {
        matches!(self.kind.trim().to_ascii_lowercase().as_str(), "admin" | "staff")
    }
}

impl lenient::Salvage for TicketReply {
    fn unreadable(self, reason: String) -> TicketReply {
        TicketReply {
            id: self.id,
            name: self.name,
            date: self.date,
            unreadable: Some(reason),
            ..TicketReply::default()
        }
    }
}

lenient::portal_object!(TicketReply, "a ticket reply", extra, {
    "id" => id: lenient::Short,
    "name" => name: lenient::Text,
    "date" => date: lenient::Short,
    "body" => body: lenient::MultilineText,
    "status" => status: lenient::Short,
    "type" => kind: lenient::Short,
    "attachments" => attachments: Attachments,
});

/// `GET /tickets/@number` → `{"ticket": {...}, "replies": [...]}`: the conversation.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
pub struct TicketThread {
    pub ticket: Ticket,
    #[serde(default, deserialize_with = "list_or_null")]
    pub replies: Vec<TicketReply>,
}

impl TicketThread {
    /// The user's turn: open, and the conversation ends with staff; with no replies, what
    /// the ticket's own fields say.
    pub fn awaiting_you(&self) -> bool {
        self.ticket.is_open()
            && match self.replies.iter().rev().find(|r| r.unreadable.is_none()) {
                Some(last) => last.is_staff(),
                None => self.ticket.awaiting_you(),
            }
    }

    pub fn state(&self) -> TicketState {
        if !self.ticket.is_open() {
            TicketState::Closed
        } else if self.awaiting_you() {
            TicketState::AwaitingYou
        } else {
            TicketState::Open
        }
    }

    /// When the last message was written: the last reply's date, else the ticket's.
    pub fn last_activity(&self) -> &str {
        self.replies.iter().rev().map(|r| r.date.trim()).find(|d| !d.is_empty()).unwrap_or(self.ticket.date.trim())
    }

    /// Every attachment of the conversation, in order: the ticket's, then each reply's.
    pub fn attachments(&self) -> impl Iterator<Item = &Attachment> {
        self.ticket.attachments.iter().chain(self.replies.iter().flat_map(|r| r.attachments.iter()))
    }
}

/// A file attached to a ticket or a reply. The shape is not published: the name is read
/// from `filename`, `name`, `file` or `original_name`, the size from `size` or `filesize`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Attachment {
    pub id: CompactString,
    pub filename: String,
    /// The size in bytes as the portal sent it.
    pub size: CompactString,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl Attachment {
    /// The size in bytes, when it is a number.
    pub fn bytes(&self) -> Option<u64> {
        self.size.trim().parse().ok()
    }

    /// Whether `asked` names it: its file name (any case) or its id.
    pub fn is(&self, asked: &str) -> bool {
        let asked = asked.trim();
        !asked.is_empty() && (self.filename.trim().eq_ignore_ascii_case(asked) || self.id.trim() == asked)
    }

    /// A name to save it under in the folder chosen: the last part of its file name made
    /// one safe file name (`file_name::from_portal`), else `attachment-ID`, the id made safe
    /// as well.
    pub fn safe_file_name(&self) -> String {
        let fallback = match self.id.trim() {
            "" => "attachment".to_owned(),
            id => format!("attachment-{id}"),
        };
        crate::system::file_name::from_portal(&self.filename, &fallback)
    }
}

lenient::portal_object!(Attachment, "an attachment", extra, {
    "id" => id: lenient::Short,
    "filename" => filename: lenient::Text,
    "name" => filename: lenient::Text,
    "file" => filename: lenient::Text,
    "original_name" => filename: lenient::Text,
    "size" => size: lenient::Short,
    "filesize" => size: lenient::Short,
});

/// The attachments of a ticket or a reply, whatever shape they come in: a list of objects
/// or of names, an object keyed by id, one object, one name; `null`, `false` or `[]` for
/// none. Never an error: the conversation matters more than its files. An entry that cannot
/// be read is kept, marked.
pub struct Attachments(Vec<Attachment>);

impl<'de> Deserialize<'de> for Attachments {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Attachments(match lenient::Raw::deserialize(d)? {
            lenient::Raw::Nested(Value::Array(items)) => items.into_iter().filter_map(attachment).collect(),
            lenient::Raw::Nested(Value::Object(map)) if !names_a_file(&map) => {
                map.into_iter().filter_map(|(_, v)| attachment(v)).collect()
            }
            lenient::Raw::Nested(one) => attachment(one).into_iter().collect(),
            lenient::Raw::Text(name) => attachment(Value::String(name.into_owned())).into_iter().collect(),
            _ => Vec::new(),
        }))
    }
}

impl<'de> Field<'de> for Attachments {
    type Out = Vec<Attachment>;
    fn made(self) -> lenient::Made<Vec<Attachment>> {
        Ok(self.0)
    }
}

fn names_a_file(map: &serde_json::Map<String, Value>) -> bool {
    ["filename", "name", "file", "original_name"].iter().any(|k| map.contains_key(*k))
}

fn attachment(value: Value) -> Option<Attachment> {
    match value {
        Value::Object(_) => Some(serde_json::from_value(value).unwrap_or_else(|e| Attachment {
            unreadable: Some(crate::api::sanitize::line(&e.to_string()).into_owned()),
            ..Attachment::default()
        })),
        Value::String(name) if !name.trim().is_empty() => {
            Some(Attachment { filename: crate::api::sanitize::line(name.trim()).into_owned(), ..Attachment::default() })
        }
        _ => None,
    }
}

/// `GET /tickets` → `{"tickets": [...]}` (`null` when there are none).
#[derive(Debug, Deserialize)]
pub struct TicketList {
    #[serde(deserialize_with = "list_or_null")]
    pub tickets: Vec<Ticket>,
}

fn list_or_null<'de, D: Deserializer<'de>, T: lenient::Salvage>(d: D) -> Result<Vec<T>, D::Error> {
    lenient::List::<T>::deserialize(d)?.made().map_err(serde::de::Error::custom)
}

/// A department a new ticket can go to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Department {
    pub id: CompactString,
    pub name: String,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl lenient::Salvage for Department {
    fn unreadable(self, reason: String) -> Department {
        Department { id: self.id, name: self.name, unreadable: Some(reason), ..Department::default() }
    }
}

lenient::portal_object!(Department, "a ticket department", extra, {
    "id" => id: lenient::Short,
    "dept_id" => id: lenient::Short,
    "deptid" => id: lenient::Short,
    "name" => name: lenient::Text,
    "deptname" => name: lenient::Text,
    "title" => name: lenient::Text,
});

/// `GET /ticket/departments`, shape not published: `{"departments": [...]}`, a bare list,
/// or the departments keyed by id (objects, or their names).
#[derive(Debug, Default)]
pub struct DepartmentList {
    pub departments: Vec<Department>,
}

impl<'de> Deserialize<'de> for DepartmentList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        let listed = match value {
            Value::Object(mut map) if map.contains_key("departments") => map.remove("departments").unwrap_or_default(),
            other => other,
        };
        let entries: Vec<(Option<String>, Value)> = match listed {
            Value::Array(items) => items.into_iter().map(|v| (None, v)).collect(),
            Value::Object(map) => map.into_iter().map(|(k, v)| (Some(k), v)).collect(),
            other => {
                let kind = match other {
                    Value::Null => "null",
                    Value::String(_) => "a string",
                    _ => "a number or a boolean",
                };
                return Err(serde::de::Error::custom(lenient::found("a list of departments", kind)));
            }
        };
        Ok(DepartmentList { departments: entries.into_iter().map(department).collect() })
    }
}

/// One department, its id from its key when it is listed under one.
fn department((key, value): (Option<String>, Value)) -> Department {
    use lenient::Salvage;
    let key = key.map(|k| CompactString::from(crate::api::sanitize::line(&k)));
    let mut read = match value {
        Value::Object(_) => serde_json::from_value(value).unwrap_or_else(|e: serde_json::Error| {
            Department::default().unreadable(crate::api::sanitize::line(&e.to_string()).into_owned())
        }),
        Value::String(name) => {
            Department { name: crate::api::sanitize::line(&name).into_owned(), ..Department::default() }
        }
        other => Department::default().unreadable(format!("expected a ticket department, found {other}")),
    };
    if read.id.trim().is_empty() {
        read.id = key.unwrap_or_default();
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket(status: &str, client_read: &str, lastreply: &str, date: &str) -> Ticket {
        Ticket {
            ticket_number: date.into(),
            status: status.into(),
            client_read: client_read.into(),
            lastreply: lastreply.into(),
            date: date.into(),
            ..Ticket::default()
        }
    }

    #[test]
    fn whose_turn_it_is() {
        assert_eq!(ticket("Answered", "1", "", "").state(), TicketState::AwaitingYou);
        assert_eq!(ticket("Open", "0", "", "").state(), TicketState::AwaitingYou);
        assert_eq!(ticket("Customer-Reply", "1", "", "").state(), TicketState::Open);
        assert_eq!(ticket("In-Progress", "", "", "").state(), TicketState::Open);
        assert_eq!(ticket("CLOSED", "0", "", "").state(), TicketState::Closed);
        assert_eq!(ticket("Đã đóng", "1", "", "").state(), TicketState::Closed);
        let staff = TicketReply { kind: "Admin".into(), ..TicketReply::default() };
        let client = TicketReply { kind: "Client".into(), ..TicketReply::default() };
        let thread =
            |status: &str, replies: Vec<TicketReply>| TicketThread { ticket: ticket(status, "1", "", ""), replies };
        assert!(thread("Open", vec![client.clone(), staff.clone()]).awaiting_you());
        assert!(!thread("Answered", vec![staff.clone(), client.clone()]).awaiting_you(), "the conversation decides");
        assert!(!thread("Closed", vec![staff]).awaiting_you());
        assert!(thread("Answered", vec![]).awaiting_you());
    }

    #[test]
    fn listing_order() {
        let mut tickets = vec![
            ticket("Closed", "1", "1h", "2026-11-20 10:00:00"),
            ticket("Open", "1", "3d 2h", "2026-11-01 10:00:00"),
            ticket("Customer-Reply", "1", "2h 5m", "2026-11-10 10:00:00"),
            ticket("Answered", "0", "1d", "2026-11-05 10:00:00"),
            ticket("Open", "1", "soon", "2026-11-19 10:00:00"),
            ticket("Open", "1", "soon", "2026-11-18 10:00:00"),
        ];
        sort_for_listing(&mut tickets);
        let order: Vec<&str> = tickets.iter().map(|t| &t.date[..10]).collect();
        assert_eq!(order, ["2026-11-05", "2026-11-10", "2026-11-01", "2026-11-19", "2026-11-18", "2026-11-20"]);
        assert_eq!(minutes("2w 1d 3h 4m"), Some(15 * 24 * 60 + 184));

        // DNS.services documents `lastreply` as a date-time: the latest first all the same.
        let mut tickets = vec![
            ticket("Open", "1", "2016-12-28 09:00:00", "2016-12-01 10:00:00"),
            ticket("Open", "1", "2016-12-30 12:20:28", "2016-12-02 10:00:00"),
            ticket("Open", "1", "2016-12-29 23:59:59", "2016-12-03 10:00:00"),
            ticket("Open", "1", "2016-12-30", "2016-12-04 10:00:00"),
        ];
        sort_for_listing(&mut tickets);
        let order: Vec<&str> = tickets.iter().map(|t| &t.date[..10]).collect();
        assert_eq!(order, ["2016-12-02", "2016-12-04", "2016-12-03", "2016-12-01"]);
        let at = tickets[0].last_reply();
        assert_eq!(at, Some(LastReply::At(time::macros::datetime!(2016-12-30 12:20:28))));
        assert_eq!(minutes(""), None);
        assert_eq!(minutes("1 day"), None);
    }

    #[test]
    fn a_conversation_reads_leniently() {
        let thread: TicketThread = serde_json::from_str(
            r#"{"ticket": {"ticket_number": 736633, "subject": "Lỗi\u001b[2J 502", "body": "a\r\nb\u001b]0;x\u0007",
                           "status": "Open", "client_read": 1, "priority": "High", "attachments": false},
                "replies": [
                    {"id": 1, "type": "Admin", "body": "ok", "attachments": [{"id": 9, "filename": "../loi 502.png", "size": 48213}, "log.txt"]},
                    {"id": 2, "type": "Client", "attachments": {"4": {"name": ".env"}}},
                    {"id": 3, "type": ["x"]}
                ]}"#,
        )
        .unwrap();
        assert_eq!(thread.ticket.number(), "736633");
        assert_eq!(thread.ticket.subject, "Lỗi 502");
        assert_eq!(thread.ticket.body, "a\nb");
        assert_eq!(thread.ticket.extra, [("priority".to_owned(), "High".to_owned())]);
        let files: Vec<(&str, Option<u64>, String)> =
            thread.attachments().map(|a| (a.filename.as_str(), a.bytes(), a.safe_file_name())).collect();
        assert_eq!(
            files,
            [
                ("../loi 502.png", Some(48213), "loi_502.png".into()),
                ("log.txt", None, "log.txt".into()),
                (".env", None, "env".into())
            ]
        );
        assert!(thread.replies[2].unreadable.is_some());
        assert!(!thread.awaiting_you(), "the last readable reply is the client's");
        let list: TicketList = serde_json::from_str(r#"{"tickets": null}"#).unwrap();
        assert!(list.tickets.is_empty());
    }

    #[test]
    fn departments_in_any_shape() {
        let names = |json: &str| -> Vec<(String, String)> {
            let list: DepartmentList = serde_json::from_str(json).unwrap();
            list.departments.into_iter().map(|d| (d.id.to_string(), d.name)).collect()
        };
        let expected = vec![("1".to_owned(), "Kỹ thuật".to_owned()), ("2".to_owned(), "Thanh toán".to_owned())];
        assert_eq!(
            names(r#"{"departments": [{"id": 1, "name": "Kỹ thuật"}, {"id": "2", "name": "Thanh toán"}]}"#),
            expected
        );
        assert_eq!(names(r#"[{"dept_id": 1, "deptname": "Kỹ thuật"}, {"id": 2, "name": "Thanh toán"}]"#), expected);
        assert_eq!(names(r#"{"departments": {"1": "Kỹ thuật", "2": {"name": "Thanh toán"}}}"#), expected);
        assert!(serde_json::from_str::<DepartmentList>(r#"{"departments": null}"#).is_err());
    }
}
