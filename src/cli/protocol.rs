//! How the commands that change the account send a change: who makes it (`Context`), the
//! confirmation (`--yes`, or asked on a terminal; refused without one), `--dry-run`, the
//! one change protocol, the change log before and after, and the state read again after
//! it (`Reread`), with what it printed and its exit code (`Changed`). When the answer is
//! lost, the state is read and shown, and the exit code is 5. The commands are in
//! `changes` (DNS records, upgrades), `dns_code`, `domain_actions`, `billing`, `tickets`
//! and `acme`.

use futures::future::LocalBoxFuture;

use crate::api::{
    ApiError, Change, ChangeAnswer, ChangeOutcome, ChangeRequest, Check, Language, PortalClient, Sent, Shown, Stage,
    Verdict,
};
use crate::cli::asking::ConfirmArgs;
use crate::cli::exit_code;
use crate::config::change_log::{Journal, Log};
use crate::i18n::Text;

/// What the command printed and its exit code.
pub struct Changed {
    pub text: String,
    pub code: u8,
}

/// Who makes the change, for the confirmation and the change log.
pub struct Context<'a> {
    pub client: &'a PortalClient,
    /// The profile's name; empty without one.
    pub profile: &'a str,
    pub user: &'a str,
    pub host: &'a str,
    pub json: bool,
    pub language: Language,
    /// Where changes are written (`Log::for_run`); none when there is no state folder.
    pub log: Option<Log>,
    /// The config file's echo services (`dns set … --public-ip`).
    pub ip_sources: &'a [String],
}

pub(super) use super::asking::usage;
use super::asking::{ask_typed, ask_yes};

impl Context<'_> {
    /// `profile client, demo@example.vn at my.example.vn`, or without a profile the
    /// account at its portal.
    pub(super) fn who(&self) -> String {
        let who = Text::AsUserAt.fill(self.language, &[("user", &self.user), ("host", &self.host)]);
        match self.profile {
            "" => who,
            profile => Text::CliWhoProfile.fill(self.language, &[("profile", &profile), ("who", &who)]),
        }
    }
}

/// Confirms, then sends by the one change protocol (`PortalClient::apply`): logged before
/// and after, sent once, the records compared; then reads the state again with `reread`.
/// `subject` names the domain, the service or the ticket in the change log.
/// With `--json` the one thing printed is one JSON object: the request, the outcome, the
/// portal's answer, the check and the state read again.
pub(super) async fn apply<F, Fut>(
    cx: &Context<'_>,
    confirm: ConfirmArgs,
    change: &Change,
    shown: Option<&Shown>,
    subject: &str,
    what: &str,
    reread: F,
) -> Result<Changed, ApiError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<Reread, ApiError>>,
{
    apply_asking(cx, confirm, None, change, shown, subject, what, reread).await
}

/// [`apply`], the state read again knowing the portal's answer (`None` when it was lost):
/// an order's answer may number what it made (`cli::buying::read_back`).
pub(super) async fn apply_answered<F, Fut>(
    cx: &Context<'_>,
    confirm: ConfirmArgs,
    change: &Change,
    (subject, what): (&str, &str),
    reread: F,
) -> Result<Changed, ApiError>
where
    F: Fn(Option<serde_json::Value>) -> Fut,
    Fut: Future<Output = Result<Reread, ApiError>>,
{
    let reread = |answer| -> LocalBoxFuture<'_, Result<Reread, ApiError>> { Box::pin(reread(answer)) };
    apply_once(cx, confirm, None, change, None, (subject, what), &reread).await
}

/// [`apply`], confirmed without `--yes` by typing `typed` exactly (a destructive change, as
/// web portals ask) instead of a yes; `None` asks yes or no.
#[allow(clippy::too_many_arguments, reason = "apply's arguments and how it is confirmed")]
pub(super) async fn apply_asking<F, Fut>(
    cx: &Context<'_>,
    confirm: ConfirmArgs,
    typed: Option<&str>,
    change: &Change,
    shown: Option<&Shown>,
    subject: &str,
    what: &str,
    reread: F,
) -> Result<Changed, ApiError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<Reread, ApiError>>,
{
    let reread = |_| -> LocalBoxFuture<'_, Result<Reread, ApiError>> { Box::pin(reread()) };
    apply_once(cx, confirm, typed, change, shown, (subject, what), &reread).await
}

/// The state read again after a change, as [`apply_once`] takes it, given the portal's answer
/// when there is one.
type Rereading<'r> = &'r dyn Fn(Option<serde_json::Value>) -> LocalBoxFuture<'r, Result<Reread, ApiError>>;

/// [`apply_asking`], its code the same whatever reads the state again (the installed
/// binary's size; BENCHMARKS.md).
fn apply_once<'a>(
    cx: &'a Context<'_>,
    confirm: ConfirmArgs,
    typed: Option<&'a str>,
    change: &'a Change,
    shown: Option<&'a Shown>,
    (subject, what): (&'a str, &'a str),
    reread: Rereading<'a>,
) -> LocalBoxFuture<'a, Result<Changed, ApiError>> {
    Box::pin(async move {
        let op = change.operation();
        let language = cx.language;
        let request = change.request();
        let heading = format!("{}, {what}", cx.who());
        if confirm.dry_run {
            if cx.json {
                let value = serde_json::json!({ "outcome": "dry_run", "sent": false, "request": request.to_json() });
                return Ok(Changed { text: json_text(&value), code: exit_code::SUCCESS });
            }
            let would = Text::CliWouldSend.fill(language, &[("request", &request.describe())]);
            let text = format!("{heading}\n{would}\n{}\n", Text::CliNothingSent.get(language));
            return Ok(Changed { text, code: exit_code::SUCCESS });
        }
        if let (false, Some(word)) = (confirm.yes, typed) {
            ask_typed(op, &heading, word, language)?;
        } else if !confirm.yes {
            ask_yes(op, &heading, Text::CliAsk.get(language), language)?;
        }
        let sent = send_logged(cx, change, shown, subject).await;
        let reread_failed = |e: &ApiError| {
            Text::CliRereadFailed.fill(language, &[("error", &crate::i18n::api_error(e, language))]) + "\n"
        };
        let ended = ChangeOutcome::of(sent.sent, &sent.result);
        let outcome = ended.name();
        let code = match (&sent.result, ended) {
            (Ok(_), _) => exit_code::SUCCESS,
            (Err(_), ChangeOutcome::Unknown) => exit_code::NETWORK,
            (Err(e), _) => exit_code::for_error(e),
        };
        let code = match &sent.check {
            Some(check) if code == exit_code::SUCCESS && (check.others_changed() || !check.landed) => {
                exit_code::NOT_AS_EXPECTED
            }
            // Done, the portal said; what moves money read back shows no sign of it.
            _ if code == exit_code::SUCCESS && sent.done_without_sign() => exit_code::NOT_AS_EXPECTED,
            _ => code,
        };
        if cx.json {
            let state = match ended.may_have_landed() {
                true => match reread(sent.result.as_ref().ok().map(|a| a.answer.clone())).await {
                    Ok(state) => state.json,
                    Err(e) => serde_json::json!({ "error": e.to_string() }),
                },
                false => serde_json::Value::Null,
            };
            let value = serde_json::json!({
                "outcome": outcome,
                "sent": sent.sent,
                "request": sent.request.to_json(),
                "answer": sent.result.as_ref().ok().map(|a| &a.answer),
                "error": sent.result.as_ref().err().map(ToString::to_string),
                "check": sent.check.as_ref().map(|c| serde_json::json!({
                    "landed": c.landed, "record": c.record, "gone": c.gone, "appeared": c.appeared,
                })),
                "read_back": sent.verdict.as_ref().map(verdict_name),
                "state": state,
            });
            return Ok(Changed { text: json_text(&value), code });
        }
        let lost = ended == ChangeOutcome::Unknown;
        let unclear = lost || ended == ChangeOutcome::NotApplied || sent.result.as_ref().is_ok_and(|a| a.read_back);
        let without_sign = sent.done_without_sign();
        let check_text = sent.check.as_ref().map(|c| checked(c, unclear, language)).unwrap_or_default();
        match sent.result {
            Ok(answer) => {
                let answered = answer.answer.clone();
                let done = Text::CliDone.fill(language, &[("what", &heading)]);
                // The records read again say it in their own words where there are some.
                let said = match check_text.is_empty() {
                    true => said(&answer, language),
                    false => said(&ChangeAnswer { read_back: false, ..answer }, language),
                };
                let mut text = done + "\n" + &said;
                text += &check_text;
                if without_sign {
                    text += &(no_sign(change, language) + "\n");
                }
                let mut code = code;
                match reread(Some(answered)).await {
                    Ok(read) => {
                        text += &read.text;
                        // The portal's own figures after the change contradict the promise.
                        if let Some(differs) = read.differs {
                            text += &format!("{differs}\n");
                            if code == exit_code::SUCCESS {
                                code = exit_code::NOT_AS_EXPECTED;
                            }
                        }
                    }
                    Err(e) => text += &reread_failed(&e),
                }
                Ok(Changed { text, code })
            }
            Err(e) if unclear => {
                let error = crate::i18n::api_error(&e, language);
                match lost {
                    true => super::stderr::error(&format!("{error}\n{}", Text::CliLost.get(language)), language),
                    false => super::stderr::error(&error, language),
                }
                let mut text = check_text;
                text += &reread(None).await.map_or_else(|e| reread_failed(&e), |r| r.text);
                Ok(Changed { text, code })
            }
            Err(e) => Err(e),
        }
    })
}

/// Sends `change` by the one change protocol (`PortalClient::apply`), written to the change
/// log before and after under `subject`: once it is confirmed, or unasked for a hook's
/// change (`acme`).
pub(super) async fn send_logged(cx: &Context<'_>, change: &Change, shown: Option<&Shown>, subject: &str) -> Sent {
    let journal = cx.journal(subject, &change.describe());
    cx.client.apply(change, shown, |_: &ChangeRequest, stage: Stage<'_>| cx.hear(&journal, stage)).await
}

impl Context<'_> {
    /// The journal of a change to `subject` sent as `request` (`change_log::Journal`).
    pub(super) fn journal(&self, subject: &str, request: &str) -> Journal {
        Journal::new(self.log.clone(), self.profile, self.host, subject, request)
    }

    /// Writes where a change stands to its journal; a log that cannot be written is warned
    /// of on stderr, and the change goes on.
    pub(super) fn hear(&self, journal: &Journal, stage: Stage<'_>) {
        if let Err(e) = journal.hear(stage) {
            super::stderr::warning(&Text::ChangeLogFailed.fill(self.language, &[("reason", &e)]), self.language);
        }
    }
}

/// The state read again after a change: as text and as the portal's own JSON.
pub struct Reread {
    pub(super) text: String,
    pub(super) json: serde_json::Value,
    /// What the figures read back say against what the confirmation promised (the credit
    /// after a payment, the expiry after a renewal), in words; the command then exits 6.
    pub(super) differs: Option<String>,
}

pub(super) fn json_text(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// What reading the records again after a change showed: whether it is there, and what
/// else is not as it was just before it was sent.
pub(super) fn checked(check: &Check, lost: bool, language: Language) -> String {
    let mut text = String::new();
    match (check.landed, lost) {
        (true, true) if check.deletion => text += Text::CliGoneAfterLost.get(language),
        (false, true) if check.deletion => text += Text::CliStillThereAfterLost.get(language),
        (true, true) => text += Text::CliLandedAfterLost.get(language),
        (false, true) => text += Text::CliNotLandedAfterLost.get(language),
        (false, false) => text += Text::CliNotLanded.get(language),
        (true, false) => {}
    }
    if !text.is_empty() {
        text.push('\n');
    }
    if check.others_changed() {
        text += Text::CliOthersChanged.get(language);
        text.push('\n');
        for line in &check.gone {
            text += &format!("  - {line}\n");
        }
        for line in &check.appeared {
            text += &format!("  + {line}\n");
        }
    }
    text
}

/// What a read back after a change said of it, as `--json` names it (`read_back`).
pub(super) fn verdict_name(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Applied { .. } => "applied",
        Verdict::Absent => "absent",
        Verdict::NoSign => "no_sign",
        Verdict::CannotTell => "cannot_tell",
    }
}

/// A change answered done that the reads after it show no sign of, in words.
pub(super) fn no_sign(change: &Change, language: Language) -> String {
    let look: Vec<&str> = change.looked_at().iter().map(|op| crate::i18n::operation(*op, language)).collect();
    Text::CliNoSign.fill(language, &[("look", &look.join(", "))])
}

/// The portal's `info` messages, one per line.
pub(super) fn said(answer: &ChangeAnswer, language: Language) -> String {
    let mut text = String::new();
    if answer.read_back {
        text += &(Text::ChangeReadBack.get(language).to_owned() + "\n");
    }
    if !answer.info.is_empty() {
        let said = crate::i18n::said(&answer.info, language);
        text += &Text::ErrPortal.fill(language, &[("said", &said)]);
        // The invoice that bills it, as the dashboard says it.
        if let Some(invoice) = answer.invoice() {
            text += &format!(" — {}", Text::ChangeInvoice.fill(language, &[("invoice", &invoice)]));
        }
        text.push('\n');
    } else if let Some(invoice) = answer.invoice() {
        // Found by reading again: the invoice that bills it.
        text += &(Text::ChangeInvoice.fill(language, &[("invoice", &invoice)]) + "\n");
    }
    text
}

/// The portal's estimate of an upgrade: what it said, one per line, and its figures in the
/// account's `currency`.
pub(super) fn estimated(estimate: &crate::api::Estimate, currency: &str, language: Language) -> String {
    // As the dashboard says it: the figures, else what else the portal said, else that it
    // sent none (never "the portal says: this is an estimate" and nothing more).
    format!("{}: {}\n", Text::LabelEstimate.get(language), estimate.text(currency, language))
}
