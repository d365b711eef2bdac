//! The ticket commands that change something or save a file: `ticket reply|new|close|reopen`
//! go through the one change protocol as `dns` changes do (`changes::apply`: confirmed,
//! `--dry-run`, logged, sent once, the ticket or the list read again); `ticket attachment`
//! saves a file, never over another unless `--force`.

use std::path::{Path, PathBuf};

use super::changes::{Changed, Context, Reread, apply, usage};
use super::exit_code;
use super::ticket_report;
use crate::api::models::{Department, TicketThread};
use crate::api::{ApiError, Change, Message, Operation, Query};
use crate::cli::args::{BodyArgs, TicketCommand};
use crate::i18n::Text;

/// A change to a ticket, or a new one.
pub async fn change(cx: &Context<'_>, command: &TicketCommand) -> Result<Changed, ApiError> {
    let language = cx.language;
    let (change, confirm, what) = match command {
        TicketCommand::Reply { number, body, confirm } => {
            let body = message(Operation::TicketReply, body, cx)?;
            let thread = cx.client.ticket(number).await?;
            let mut what = Text::DoTicketReply.fill(language, &[("number", &thread.ticket.number())]);
            what += &format!(" ({})", thread.ticket.subject);
            if !thread.ticket.is_open() {
                what += &format!("; {}", Text::CliReplyReopens.get(language));
            }
            what += &shown(&body, cx);
            (Change::TicketReply { number: number.trim().to_owned(), body }, *confirm, what)
        }
        TicketCommand::New { department, subject, body, confirm } => {
            let op = Operation::TicketNew;
            let subject =
                crate::api::ticket_subject(subject).ok_or_else(|| usage(op, Text::CliEmptySubject.get(language)))?;
            let body = message(op, body, cx)?;
            let departments = cx.client.ticket_departments().await?;
            let chosen = department_named(&departments, department, cx)?;
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("department", &chosen.name), ("subject", &subject)];
            let what = Text::CliTicketNew.fill(language, &fill) + &shown(&body, cx);
            (Change::TicketNew { dept_id: chosen.id.trim().to_owned(), subject, body }, *confirm, what)
        }
        TicketCommand::Close { number, confirm } | TicketCommand::Reopen { number, confirm } => {
            let closing = matches!(command, TicketCommand::Close { .. });
            let thread = cx.client.ticket(number).await?;
            if thread.ticket.is_open() != closing {
                let status = crate::i18n::status(&thread.ticket.status, language);
                let fill: [(&str, &dyn std::fmt::Display); 2] =
                    [("number", &thread.ticket.number()), ("status", &status)];
                return Ok(Changed {
                    text: Text::CliTicketAlready.fill(language, &fill) + "\n",
                    code: exit_code::SUCCESS,
                });
            }
            let number = number.trim().to_owned();
            let (change, doing) = if closing {
                (Change::TicketClose { number: number.clone() }, Text::DoTicketClose)
            } else {
                (Change::TicketReopen { number: number.clone() }, Text::DoTicketReopen)
            };
            let what = format!("{} ({})", doing.fill(language, &[("number", &number)]), thread.ticket.subject);
            (change, *confirm, what)
        }
        TicketCommand::Attachment { .. } => unreachable!("not a change: `attachment`"),
    };
    let read_again = change.read_again();
    let reread = || async {
        let Some(query) = &read_again else {
            return Ok(Reread { text: String::new(), json: serde_json::Value::Null, differs: None });
        };
        if cx.json {
            return Ok(Reread { text: String::new(), json: cx.client.as_sent(query).await?, differs: None });
        }
        let text = match query {
            Query::Ticket(number) => {
                let thread: TicketThread = cx.client.ticket(number).await?;
                ticket_report::conversation(&thread, language, ticket_report::width())
            }
            _ => ticket_report::list(&cx.client.tickets().await?, false, language),
        };
        Ok(Reread { text, json: serde_json::Value::Null, differs: None })
    };
    let subject = match &change {
        Change::TicketReply { number, .. } | Change::TicketClose { number } | Change::TicketReopen { number } => {
            format!("ticket #{number}")
        }
        _ => "tickets".to_owned(),
    };
    apply(cx, confirm, &change, None, &subject, &what, reread).await
}

/// The message to send, from its file or standard input; refused when empty.
fn message(op: Operation, from: &BodyArgs, cx: &Context<'_>) -> Result<Message, ApiError> {
    let path = from.body_file.as_deref().filter(|p| *p != Path::new("-"));
    let read = match path {
        Some(path) => std::fs::read_to_string(path),
        None => std::io::read_to_string(std::io::stdin()),
    };
    let text = read.map_err(|e| {
        let source = path.map_or_else(|| "stdin".to_owned(), |p| p.display().to_string());
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("from", &source), ("error", &e)];
        usage(op, Text::CliReadBody.fill(cx.language, &fill))
    })?;
    Message::new(&text).ok_or_else(|| usage(op, Text::CliEmptyMessage.get(cx.language)))
}

/// The message as the confirmation shows it: its lines, indented, exactly as sent.
fn shown(body: &Message, cx: &Context<'_>) -> String {
    let lines = body.as_str().lines().count();
    let mut text = format!("\n  {}\n", Text::CliMessageLines.fill(cx.language, &[("lines", &lines)]));
    for line in body.as_str().lines() {
        text += &format!("    | {line}\n");
    }
    text.trim_end().to_owned()
}

/// The department `asked` names, by id or by name in any case.
fn department_named<'a>(
    departments: &'a [Department],
    asked: &str,
    cx: &Context<'_>,
) -> Result<&'a Department, ApiError> {
    let asked = asked.trim();
    let readable = || departments.iter().filter(|d| d.unreadable.is_none() && !d.id.trim().is_empty());
    let found = readable()
        .find(|d| d.id.trim() == asked)
        .or_else(|| readable().find(|d| d.name.trim().to_lowercase() == asked.to_lowercase()));
    found.ok_or_else(|| {
        let names: Vec<String> = readable().map(|d| format!("{} {}", d.id.trim(), d.name.trim())).collect();
        let fill: [(&str, &dyn std::fmt::Display); 2] =
            [("department", &format!("{asked:?}")), ("names", &names.join(", "))];
        usage(Operation::TicketNew, Text::CliNoDepartment.fill(cx.language, &fill))
    })
}

/// `ticket attachment NUMBER FILE [-o PATH] [--force]`.
pub async fn save_attachment(
    cx: &Context<'_>,
    number: &str,
    file: &str,
    output: Option<&Path>,
    force: bool,
) -> Result<Changed, ApiError> {
    let op = Operation::TicketAttachment;
    let language = cx.language;
    let thread = cx.client.ticket(number).await?;
    let listed: Vec<_> = thread.attachments().collect();
    let found = listed.iter().find(|a| a.is(file));
    // A portal that lists no attachments may still serve one by name: asked as given.
    if found.is_none() && !listed.is_empty() {
        let files: Vec<&str> = listed.iter().map(|a| a.filename.trim()).collect();
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("number", &thread.ticket.number()), ("file", &format!("{file:?}")), ("files", &files.join(", "))];
        return Err(usage(op, Text::CliNoAttachment.fill(language, &fill)));
    }
    let name = match found {
        Some(attachment) => attachment.safe_file_name(),
        None => crate::api::models::Attachment { filename: file.to_owned(), ..Default::default() }.safe_file_name(),
    };
    let path: PathBuf = match output {
        Some(path) if path.is_dir() => path.join(&name),
        Some(path) => path.to_owned(),
        None => PathBuf::from(&name),
    };
    let exists = || usage(op, Text::CliFileExists.fill(language, &[("path", &path.display())]));
    if !force && std::fs::symlink_metadata(&path).is_ok() {
        return Err(exists());
    }
    let bytes = cx.client.ticket_attachment(number, file).await?;
    let written = if force {
        crate::atomic_file::write(&path, &bytes, crate::atomic_file::Mode::KeepExisting)
    } else {
        crate::atomic_file::write_new(&path, &bytes)
    };
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(exists()),
        Err(e) => {
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("path", &path.display()), ("error", &e)];
            return Err(usage(op, Text::CliWriteFailed.fill(language, &fill)));
        }
        Ok(()) => {}
    }
    let text = if cx.json {
        let value = serde_json::json!({
            "number": thread.ticket.number(), "file": file, "saved": path.display().to_string(), "bytes": bytes.len(),
        });
        serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
    } else {
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("file", &file), ("path", &path.display()), ("bytes", &bytes.len())];
        Text::CliSavedFile.fill(language, &fill) + "\n"
    };
    Ok(Changed { text, code: exit_code::SUCCESS })
}

/// Whether a ticket as the portal listed it is open (for `tickets --open --json`).
pub fn is_open_json(ticket: &serde_json::Value) -> bool {
    let status = ticket.get("status").and_then(serde_json::Value::as_str).unwrap_or("");
    !crate::api::models::is_closed_status(status)
}
