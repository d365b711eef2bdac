//! The ticket commands that change something or save a file: `ticket reply|new|close|reopen`
//! go through the one change protocol as `dns` changes do (`protocol::apply`: confirmed,
//! `--dry-run`, logged, sent once, the ticket or the list read again); `ticket attachment`
//! saves a file, never over another unless `--force`.

pub(super) mod args;
pub(super) mod text;

use std::path::{Path, PathBuf};

use super::exit_code;
use super::protocol::{Changed, Context, Reread, apply, usage};
use crate::api::models::{Attachment, Department, TicketThread};
use crate::api::{ApiError, Change, Message, Operation, Query};
use crate::i18n::{Text, preview};
use args::{BodyArgs, TicketCommand};

/// A change to a ticket, or a new one.
pub async fn change(cx: &Context<'_>, command: &TicketCommand) -> Result<Changed, ApiError> {
    let language = cx.language;
    let (change, confirm, what) = match command {
        TicketCommand::Reply { number, body, confirm } => {
            let body = message(Operation::TicketReply, body, cx)?;
            let thread = cx.client.ticket(number).await?;
            let (shown, subject) = (thread.ticket.number(), &thread.ticket.subject);
            let preview = preview::ticket_reply(shown, subject, !thread.ticket.is_open(), body.as_str(), language);
            let what = Text::DoTicketReply.fill(language, &[("number", &shown)]) + &preview.text();
            (Change::TicketReply { number: number.trim().to_owned(), body }, *confirm, what)
        }
        TicketCommand::New { department, subject, body, confirm } => {
            let op = Operation::TicketNew;
            let subject =
                crate::api::ticket_subject(subject).ok_or_else(|| usage(op, Text::CliEmptySubject.get(language)))?;
            let body = message(op, body, cx)?;
            let departments = cx.client.ticket_departments().await?;
            let chosen = department_named(&departments, department, cx)?;
            let preview = preview::ticket_new(&chosen.name, &subject, body.as_str(), language);
            let what = Text::DoTicketNew.fill(language, &[("subject", &subject)]) + &preview.text();
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
            let preview = preview::ticket_close(closing, &number, &thread.ticket.subject, language);
            let what = doing.fill(language, &[("number", &number)]) + &preview.text();
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
                text::conversation(&thread, language, text::width())
            }
            _ => text::list(&cx.client.tickets().await?, false, language),
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

/// `ticket attachment NUMBER FILE [-o PATH] [--force]`, or with `--all` (no `FILE`) every
/// attachment into the folder `-o` names (else the current one). Each saved is said with
/// which of how many it is; one alone is followed by the next one's command. Failures are
/// said on stderr and the rest saved; the exit code is the worst.
pub async fn save_attachments(
    cx: &Context<'_>,
    number: &str,
    file: Option<&str>,
    output: Option<&Path>,
    force: bool,
) -> Result<Changed, ApiError> {
    let (op, language) = (Operation::TicketAttachment, cx.language);
    let thread = cx.client.ticket(number).await?;
    let listed: Vec<&Attachment> = thread.attachments().collect();
    let files = || listed.iter().map(|a| a.filename.trim()).collect::<Vec<_>>().join(", ");
    let number_shown = thread.ticket.number().to_owned();
    let Some(file) = file else {
        if let Some(path) = output.filter(|p| !p.is_dir()) {
            return Err(usage(op, Text::CliAllNeedsFolder.fill(language, &[("path", &path.display())])));
        }
        if listed.is_empty() {
            return Err(usage(op, Text::CliNoAttachments.fill(language, &[("number", &number_shown)])));
        }
        let mut saved = Vec::new();
        let mut code = exit_code::SUCCESS;
        for (at, attachment) in listed.iter().enumerate() {
            let asked =
                if attachment.filename.trim().is_empty() { attachment.id.as_str() } else { &attachment.filename };
            match save_one(cx, number, asked, attachment.safe_file_name(), output, force).await {
                Ok(one) => saved.push(Which { one, at, of: listed.len() }),
                Err(e) => {
                    super::stderr::error(&crate::i18n::api_error(&e, language), language);
                    code = code.max(exit_code::for_error(&e));
                }
            }
        }
        return Ok(Changed { text: said(cx, &number_shown, &saved, None), code });
    };
    let at = listed.iter().position(|a| a.is(file));
    // A portal that lists no attachments may still serve one by name: asked as given.
    let name = match at {
        Some(at) => listed[at].safe_file_name(),
        None if listed.is_empty() => Attachment { filename: file.to_owned(), ..Default::default() }.safe_file_name(),
        None => {
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("number", &number_shown), ("file", &format!("{file:?}")), ("files", &files())];
            return Err(usage(op, Text::CliNoAttachment.fill(language, &fill)));
        }
    };
    let one = save_one(cx, number, file, name, output, force).await?;
    let saved = [Which { one, at: at.unwrap_or_default(), of: listed.len() }];
    // The next one not saved yet, in the order the conversation lists them.
    let next = at.and_then(|at| listed.get(at + 1)).map(|a| a.filename.trim().to_owned());
    Ok(Changed { text: said(cx, &number_shown, &saved, next), code: exit_code::SUCCESS })
}

/// An attachment saved: its name as asked, where, how many bytes.
struct Saved {
    file: String,
    path: PathBuf,
    bytes: usize,
}

/// A file saved, and which of the ticket's attachments it was.
struct Which {
    one: Saved,
    at: usize,
    of: usize,
}

/// What the saves came to: a line each (with which of how many, when the ticket has
/// several) and the next one's command; or the JSON.
fn said(cx: &Context<'_>, number: &str, saved: &[Which], next: Option<String>) -> String {
    let language = cx.language;
    if cx.json {
        let one = |w: &Which| {
            serde_json::json!({
                "number": number, "file": w.one.file, "saved": w.one.path.display().to_string(),
                "bytes": w.one.bytes, "attachment": w.at + 1, "of": w.of,
            })
        };
        let value = match saved {
            [w] => one(w),
            _ => serde_json::Value::Array(saved.iter().map(one).collect()),
        };
        return serde_json::to_string_pretty(&value).unwrap_or_default() + "\n";
    }
    let mut text = String::new();
    for w in saved {
        let bytes = crate::i18n::format::bytes(w.one.bytes as u64, language);
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("file", &w.one.file), ("path", &w.one.path.display()), ("bytes", &bytes)];
        text += &Text::CliSavedFile.fill(language, &fill);
        if w.of > 1 {
            text += &format!(" · {}", Text::AttachmentOf.fill(language, &[("n", &(w.at + 1)), ("of", &w.of)]));
        }
        text.push('\n');
    }
    if let Some(next) = next {
        let fill: [(&str, &dyn std::fmt::Display); 2] = [("number", &number), ("file", &next)];
        text += &(Text::CliNextAttachment.fill(language, &fill) + "\n");
    }
    text
}

/// Saves the attachment `asked` names as `name` (in the folder `output` names, or at
/// `output`, or in the current folder), never over a file unless `force`.
async fn save_one(
    cx: &Context<'_>,
    number: &str,
    asked: &str,
    name: String,
    output: Option<&Path>,
    force: bool,
) -> Result<Saved, ApiError> {
    let (op, language) = (Operation::TicketAttachment, cx.language);
    let path: PathBuf = match output {
        Some(path) if path.is_dir() => path.join(&name),
        Some(path) => path.to_owned(),
        None => PathBuf::from(&name),
    };
    let exists = || usage(op, Text::CliFileExists.fill(language, &[("path", &path.display())]));
    if !force && std::fs::symlink_metadata(&path).is_ok() {
        return Err(exists());
    }
    let bytes = cx.client.ticket_attachment(number, asked).await?;
    let written = if force {
        crate::system::atomic_file::write(&path, &bytes, crate::system::atomic_file::Mode::KeepExisting)
    } else {
        crate::system::atomic_file::write_new(&path, &bytes)
    };
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(exists()),
        Err(e) => {
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("path", &path.display()), ("error", &e)];
            Err(usage(op, Text::CliWriteFailed.fill(language, &fill)))
        }
        Ok(()) => Ok(Saved { file: asked.to_owned(), path, bytes: bytes.len() }),
    }
}

/// Whether a ticket as the portal listed it is open (for `tickets --open --json`).
pub fn is_open_json(ticket: &serde_json::Value) -> bool {
    let status = ticket.get("status").and_then(serde_json::Value::as_str).unwrap_or("");
    !crate::api::models::is_closed_status(status)
}
