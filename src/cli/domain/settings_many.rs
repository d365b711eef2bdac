//! `domain autorenew|lock|privacy NAME NAME… on|off`, `--expiring-within DAYS`, and
//! `domain ns NAME NAME… --set a,b`: one setting changed on several registrations in one
//! command. Each registration's setting is read first: one already as asked is said and
//! not sent. Without `--yes` the plan is printed (each registration, its setting before →
//! after; with `--json` one object a line) and nothing is sent; with it they are changed one
//! at a time (`cli::batch`), a line for each.

use super::args::{DomainCommand, Switch};
use super::{current_nameservers, find};
use crate::api::dns::registration;
use crate::api::domain_actions;
use crate::api::models::{DomainRecord, parse_date, today};
use crate::api::{ApiError, Change, Language, Operation};
use crate::cli::asking::ConfirmArgs;
use crate::cli::batch::{Batch, Item};
use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context, usage};
use crate::i18n::Text;

crate::words! {
    SettingsManyNone: "nothing to change: no active registration expires within {days} days" | "không có gì để thay đổi: không có đăng ký nào còn hiệu lực hết hạn trong {days} ngày",
    SettingsManyHeading: "{who}: {what}, {registrations}" | "{who}: {what}, cho {registrations}",
    SettingsManyCount: "{count} to send, {already} already so" | "{count} cần gửi, {already} đã như vậy",
    SettingsManySendHint: "nothing was sent: add --yes to change them one at a time" | "chưa gửi gì: thêm --yes để thay đổi từng đăng ký một",
    StateNeeded: "say `on` or `off` after the names (`{word}` is neither)" | "hãy ghi `on` hoặc `off` sau các tên (`{word}` không phải)",
    WithinNoNames: "--expiring-within names the registrations itself: give no names with it" | "--expiring-within tự chọn các đăng ký: đừng ghi tên kèm theo",
    ManyNeedsState: "several registrations: say `on` or `off` after the names (the lock is shown for one name only)" | "nhiều đăng ký: hãy ghi `on` hoặc `off` sau các tên (chỉ xem khóa được cho một tên)",
    ManyNeedsNameservers: "several registrations: say what to set with --set a,b or --default (the nameservers are shown for one name only)" | "nhiều đăng ký: hãy ghi --set a,b hoặc --default (chỉ xem máy chủ tên được cho một tên)",
    IdProtectionMayCost: "ID protection may be charged for: the portal lists no price for it (an invoice, if any, is said after each)" | "bảo vệ thông tin có thể tính phí: cổng không niêm yết giá (hóa đơn, nếu có, được báo sau từng đăng ký)",
}

/// What is typed, checked before the portal is asked anything: a setting's state (the
/// lock's may be left out for one name, to show it), names or `--expiring-within` but not
/// both, one name for what only shows. The state, when one is given.
pub(super) fn checked(action: &DomainCommand, setting: bool, language: Language) -> Result<Option<Switch>, ApiError> {
    let state = action.state();
    let named = action.targets();
    let (within, op) = match action {
        DomainCommand::Autorenew { expiring_within, .. } => (*expiring_within, Operation::DomainAutorenew),
        DomainCommand::Privacy { expiring_within, .. } => (*expiring_within, Operation::DomainIdProtection),
        DomainCommand::Lock { expiring_within, .. } => (*expiring_within, Operation::DomainLock),
        DomainCommand::Ns { .. } if !setting && named.len() != 1 => {
            return Err(usage(Operation::DomainNameservers, ManyNeedsNameservers.get(language)));
        }
        _ => return Ok(state),
    };
    if within.is_some() && !named.is_empty() {
        return Err(usage(op, WithinNoNames.get(language)));
    }
    match (state, action) {
        (Some(state), _) => Ok(Some(state)),
        (None, DomainCommand::Lock { .. }) if within.is_none() && named.len() == 1 => Ok(None),
        (None, DomainCommand::Lock { .. }) => Err(usage(op, ManyNeedsState.get(language))),
        (None, _) => {
            let word = named.last().copied().unwrap_or_default();
            Err(usage(op, StateNeeded.fill(language, &[("word", &word)])))
        }
    }
}

/// The setting asked for every registration named.
#[derive(Clone, Debug)]
pub enum Wanted {
    Autorenew(bool),
    Lock(bool),
    IdProtection(bool),
    Nameservers(Vec<String>),
}

impl Wanted {
    fn change(&self, domain_id: u64) -> Change {
        match self {
            Wanted::Autorenew(on) => Change::DomainAutorenew { domain_id, on: *on },
            Wanted::Lock(on) => Change::DomainLock { domain_id, on: *on },
            Wanted::IdProtection(on) => Change::DomainIdProtection { domain_id, on: *on },
            Wanted::Nameservers(names) => Change::DomainNameservers { domain_id, nameservers: names.clone() },
        }
    }

    fn operation(&self) -> Operation {
        match self {
            Wanted::Autorenew(_) => Operation::DomainAutorenew,
            Wanted::Lock(_) => Operation::DomainLock,
            Wanted::IdProtection(_) => Operation::DomainIdProtection,
            Wanted::Nameservers(_) => Operation::DomainNameservers,
        }
    }
}

/// One registration's line of the plan: the change, and when it is already so, that in
/// words (nothing is sent for it).
struct Planned {
    item: Item,
    already: Option<String>,
}

pub async fn run(
    cx: &Context<'_>,
    targets: &[&str],
    within: Option<i64>,
    wanted: Wanted,
    confirm: ConfirmArgs,
) -> Result<Changed, ApiError> {
    let language = cx.language;
    let chosen = match within {
        Some(days) => {
            let chosen = expiring(cx, days).await?;
            if chosen.is_empty() {
                let text = SettingsManyNone.fill(language, &[("days", &days)]) + "\n";
                return Ok(Changed { text, code: exit_code::SUCCESS });
            }
            chosen
        }
        None => {
            let mut chosen = Vec::new();
            for target in targets {
                chosen.push(find(cx.client, target, wanted.operation(), language).await?);
            }
            chosen
        }
    };
    let mut seen = std::collections::HashSet::new();
    let mut planned = Vec::new();
    for (record, id) in chosen.into_iter().filter(|(_, id)| seen.insert(*id)) {
        planned.push(plan_one(cx, &record, id, &wanted).await);
    }
    if !confirm.yes || confirm.dry_run {
        return Ok(Changed { text: plan_text(cx, &planned, &wanted), code: exit_code::SUCCESS });
    }
    let to_send: Vec<&Planned> = planned.iter().filter(|p| p.already.is_none()).collect();
    let mut batch = Batch::new(cx, to_send.len());
    for planned in to_send {
        batch.send(&planned.item).await;
    }
    let mut done = batch.finish();
    let already: String = planned.iter().filter(|p| p.already.is_some()).map(|p| already_line(cx, p)).collect();
    done.text = already + &done.text;
    Ok(done)
}

/// Every active registration expiring within `days`, soonest first.
pub(super) async fn expiring(cx: &Context<'_>, days: i64) -> Result<Vec<(DomainRecord, u64)>, ApiError> {
    let until = today() + time::Duration::days(days);
    let mut chosen = Vec::new();
    for record in cx.client.domains().await? {
        let active = record.status.trim().eq_ignore_ascii_case("active");
        if active && parse_date(&record.expires).is_some_and(|d| d <= until) {
            let id = registration::id(&record)?;
            chosen.push((record, id));
        }
    }
    chosen.sort_by_key(|(r, _)| parse_date(&r.expires));
    Ok(chosen)
}

/// One registration: its setting as read now, and the change to what is asked.
async fn plan_one(cx: &Context<'_>, record: &DomainRecord, id: u64, wanted: &Wanted) -> Planned {
    let language = cx.language;
    let name = record.name.trim().to_owned();
    let change = wanted.change(id);
    let (words, already) = match wanted {
        Wanted::Nameservers(names) => {
            let now = current_nameservers(cx, record, id).await.map(|(now, _)| now).ok();
            let already = now.as_ref().filter(|now| !names.is_empty() && domain_actions::same_nameservers(now, names));
            let already = already
                .map(|now| Text::CliNameserversAlready.fill(language, &[("name", &name), ("names", &now.join(", "))]));
            (crate::i18n::nameserver_change_words(now.as_deref(), names, language), already)
        }
        _ => {
            let now = match wanted {
                Wanted::Autorenew(_) => record.autorenew,
                Wanted::IdProtection(_) => record.idprotection,
                _ => cx.client.registrar_lock(id).await.ok(),
            };
            let already = crate::i18n::already_as_asked(&change, now, &name, language);
            (crate::i18n::switch_words(&change, now, language), already)
        }
    };
    let what = format!("{name} (#{id}): {words}");
    Planned { item: Item { change, subject: format!("domain {name}"), what }, already }
}

/// What is asked, in words: `autorenew → on`, `nameservers → a, b`.
fn asked_words(wanted: &Wanted, language: Language) -> String {
    match wanted {
        Wanted::Nameservers(names) => crate::i18n::nameserver_change_words(None, names, language),
        other => crate::i18n::switch_words(&other.change(0), None, language),
    }
}

/// A registration already as asked, as the batch's lines say it.
fn already_line(cx: &Context<'_>, planned: &Planned) -> String {
    if cx.json {
        let value = serde_json::json!({
            "what": planned.already, "request": planned.item.change.request().to_json(),
            "outcome": "already", "sent": false,
        });
        return format!("{value}\n");
    }
    format!("{}\n", planned.already.as_deref().unwrap_or_default())
}

/// The plan: each registration and its setting before → after, what is already so.
fn plan_text(cx: &Context<'_>, planned: &[Planned], wanted: &Wanted) -> String {
    let language = cx.language;
    if cx.json {
        let line = |p: &Planned| {
            let outcome = if p.already.is_some() { "already" } else { "planned" };
            let value = serde_json::json!({
                "what": p.already.as_ref().unwrap_or(&p.item.what), "request": p.item.change.request().to_json(),
                "outcome": outcome, "sent": false,
            });
            format!("{value}\n")
        };
        return planned.iter().map(line).collect();
    }
    let what = asked_words(wanted, language);
    let registrations = crate::i18n::format::counted(planned.len(), crate::i18n::format::REGISTRATIONS, language);
    let fill: [(&str, &dyn std::fmt::Display); 3] =
        [("who", &cx.who()), ("what", &what), ("registrations", &registrations)];
    let mut text = SettingsManyHeading.fill(language, &fill) + "\n";
    for p in planned {
        text += &format!("  {}\n", p.already.as_deref().unwrap_or(&p.item.what));
    }
    let sent = planned.iter().filter(|p| p.already.is_none()).count();
    let fill: [(&str, &dyn std::fmt::Display); 2] = [("count", &sent), ("already", &(planned.len() - sent))];
    text += &SettingsManyCount.fill(language, &fill);
    text.push('\n');
    if matches!(wanted, Wanted::IdProtection(true)) && sent > 0 {
        text += IdProtectionMayCost.get(language);
        text.push('\n');
    }
    text += SettingsManySendHint.get(language);
    text.push('\n');
    text
}
