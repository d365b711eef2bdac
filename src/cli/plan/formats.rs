//! `plan` printed: a table for people, one JSON document, CSV, or an iCalendar file (RFC
//! 5545: one all-day event per item, its amount in the summary).

use std::borrow::Cow;
use std::fmt::Write as _;

use serde_json::{Value, json};

use super::texts::*;
use super::{Plan, ProfilePlan, Read, unread_words};
use crate::api::{Language, Money};
use crate::i18n::format;
use crate::plan::{Due, Kind, Month, Total, by_month, short, totals};

/// An amount in words, or "not known".
fn amount(amount: Option<Money>, currency: &str, language: Language) -> String {
    match amount {
        Some(a) => format::money_in(a, currency, language),
        None => PlanNotKnown.get(language).to_owned(),
    }
}

/// Totals in words: `1,200,000 VND + 20.00 USD`; `0` in the account's currency when none.
fn totals_words(totals: &[Total], currency: &str, language: Language) -> String {
    if totals.is_empty() {
        return format::money_in(Money::ZERO, currency, language);
    }
    let words: Vec<String> = totals.iter().map(|t| amount(t.amount, &t.currency, language)).collect();
    words.join(" + ")
}

fn kind_words(kind: Kind, language: Language) -> &'static str {
    match kind {
        Kind::Domain => PlanKindDomain,
        Kind::Service => PlanKindService,
        Kind::Invoice => PlanKindInvoice,
    }
    .get(language)
}

/// What a line adds: overdue, autorenew off, billed on an invoice listed.
fn notes(due: &Due, today: time::Date, language: Language) -> String {
    let mut notes = Vec::new();
    if due.date < today {
        notes.push(PlanOverdue.get(language));
    }
    if due.autorenew == Some(false) {
        notes.push(PlanAutorenewOff.get(language));
    }
    if due.invoiced {
        notes.push(PlanInvoiced.get(language));
    }
    notes.join(", ")
}

fn months_words(months: &[Month], currency: &str, language: Language) -> String {
    let words: Vec<String> =
        months.iter().map(|m| format!("{} {}", m.month, totals_words(&m.totals, currency, language))).collect();
    words.join("; ")
}

/// The table: per profile what falls due, its total against the credit, its months; with
/// several profiles, every profile's months after them.
pub fn text(plan: &Plan) -> String {
    let mut out = String::new();
    for p in &plan.profiles {
        let language = p.language;
        let until = format::date(&plan.until.to_string(), language);
        let who = if p.profile.is_empty() { p.portal.clone() } else { format!("{} ({})", p.profile, p.portal) };
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("who", &who), ("until", &until), ("days", &plan.within)];
        let _ = writeln!(out, "{}", PlanHeading.fill(language, &fill));
        let read = match &p.read {
            Ok(read) => read,
            Err(unread) => {
                let _ = writeln!(out, "  {}\n", unread_words(unread, language).0);
                continue;
            }
        };
        table(&mut out, read, plan.today, language);
        let all = totals(&read.due);
        let credit = amount(read.credit, &read.currency, language);
        let left = amount(short(&all, read.credit, &read.currency), &read.currency, language);
        let total = totals_words(&all, &read.currency, language);
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("total", &total), ("credit", &credit), ("short", &left)];
        let _ = writeln!(out, "{}", PlanTotal.fill(language, &fill));
        let months = by_month(&read.due);
        if !months.is_empty() {
            let words = months_words(&months, &read.currency, language);
            let _ = writeln!(out, "{}", PlanByMonth.fill(language, &[("months", &words)]));
        }
        said_unread(&mut out, read, language);
        out.push('\n');
    }
    let read: Vec<&Read> = plan.profiles.iter().filter_map(|p| p.read.as_ref().ok()).collect();
    if read.len() > 1 {
        let language = plan.profiles[0].language;
        let every: Vec<Due> = read.iter().flat_map(|r| r.due.iter().cloned()).collect();
        let mut every = every;
        every.sort_by_key(|d| d.date);
        let words = months_words(&by_month(&every), &read[0].currency, language);
        let _ = writeln!(out, "{}", PlanAllByMonth.fill(language, &[("months", &words)]));
    }
    out
}

fn table(out: &mut String, read: &Read, today: time::Date, language: Language) {
    if read.due.is_empty() {
        let _ = writeln!(out, "  {}", PlanNothing.get(language));
        return;
    }
    // A large account's plan is a hundred thousand rows and more: each cell is made and
    // measured once, a date and a price once each, and the lines written straight into
    // `out`.
    let mut days: std::collections::HashMap<time::Date, String> = std::collections::HashMap::new();
    let mut prices: std::collections::HashMap<(Money, &str), String> = std::collections::HashMap::new();
    for d in &read.due {
        days.entry(d.date).or_insert_with(|| format::date(&d.date.to_string(), language));
        if let Some(a) = d.amount {
            prices.entry((a, d.currency.as_str())).or_insert_with(|| format::money_in(a, &d.currency, language));
        }
    }
    let rows: Vec<[(Cow<'_, str>, usize); 5]> = read
        .due
        .iter()
        .map(|d| {
            let price = match d.amount {
                Some(a) => Cow::Borrowed(prices[&(a, d.currency.as_str())].as_str()),
                None => Cow::Borrowed("—"),
            };
            let cells = [
                Cow::Borrowed(days[&d.date].as_str()),
                Cow::Borrowed(kind_words(d.kind, language)),
                Cow::Borrowed(d.name.as_str()),
                price,
                Cow::Owned(notes(d, today, language)),
            ];
            cells.map(|c| {
                let width = width(&c);
                (c, width)
            })
        })
        .collect();
    let heads = [PlanColDue, PlanColKind, PlanColName, PlanColAmount].map(|t| {
        let head = Cow::Borrowed(t.get(language));
        let width = width(&head);
        (head, width)
    });
    let widths: [usize; 4] =
        std::array::from_fn(|i| rows.iter().map(|r| r[i].1).chain([heads[i].1]).max().unwrap_or(0));
    out.reserve((rows.len() + 1) * (widths.iter().sum::<usize>() + 16));
    let mut line = |cells: &[(Cow<'_, str>, usize)]| {
        let start = out.len();
        for (i, (text, width)) in cells.iter().enumerate() {
            let gap = widths.get(i).map_or(0, |w| w.saturating_sub(*width));
            out.push_str("  ");
            match i {
                3 => {
                    out.extend(std::iter::repeat_n(' ', gap));
                    out.push_str(text);
                }
                _ => {
                    out.push_str(text);
                    out.extend(std::iter::repeat_n(' ', gap));
                }
            }
        }
        let kept = out[start..].trim_end().len();
        out.truncate(start + kept);
        out.push('\n');
    };
    line(&heads);
    for row in &rows {
        line(row);
    }
}

/// How many columns `text` takes on a terminal.
fn width(text: &str) -> usize {
    if text.is_ascii() { text.len() } else { unicode_width::UnicodeWidthStr::width(text) }
}

fn said_unread(out: &mut String, read: &Read, language: Language) {
    if !read.not_offered.is_empty() {
        let lists: Vec<&str> = read.not_offered.iter().map(|op| crate::i18n::operation(*op, language)).collect();
        let _ = writeln!(out, "{}", PlanNotOffered.fill(language, &[("lists", &lists.join(", "))]));
    }
    for error in &read.failed {
        let _ = writeln!(out, "{}", PlanListFailed.fill(language, &[("error", error)]));
    }
}

fn total_json(t: &Total) -> Value {
    json!({ "currency": t.currency, "amount": t.amount.map(|a| a.to_string()) })
}

/// An item as `--json` gives it (written straight from this, without a tree of values in
/// between: a large account's plan is hundreds of thousands of them).
#[derive(serde::Serialize)]
struct ItemJson<'a> {
    kind: &'static str,
    id: &'a str,
    name: &'a str,
    due: String,
    amount: Option<String>,
    currency: &'a str,
    autorenew: Option<bool>,
    invoiced: bool,
}

fn due_json(d: &Due) -> ItemJson<'_> {
    ItemJson {
        kind: d.kind.name(),
        id: &d.id,
        name: &d.name,
        due: d.date.to_string(),
        amount: d.amount.map(|a| a.to_string()),
        currency: &d.currency,
        autorenew: d.autorenew,
        invoiced: d.invoiced,
    }
}

fn months_json(months: &[Month]) -> Value {
    months
        .iter()
        .map(|m| json!({ "month": m.month, "totals": m.totals.iter().map(total_json).collect::<Vec<_>>() }))
        .collect()
}

/// A profile as `--json` gives it.
#[derive(serde::Serialize)]
#[serde(untagged)]
enum ProfileJson<'a> {
    Read {
        profile: &'a str,
        portal: &'a str,
        currency: &'a str,
        credit: Option<String>,
        total: Vec<Value>,
        short: Option<String>,
        items: Vec<ItemJson<'a>>,
        by_month: Value,
        not_offered: Vec<&'static str>,
        failed: &'a [String],
    },
    Unread {
        profile: &'a str,
        portal: &'a str,
        error: String,
        exit_code: u8,
    },
}

fn profile_json(p: &ProfilePlan) -> ProfileJson<'_> {
    let read = match &p.read {
        Ok(read) => read,
        Err(unread) => {
            let (error, exit_code) = unread_words(unread, p.language);
            return ProfileJson::Unread { profile: &p.profile, portal: &p.portal, error, exit_code };
        }
    };
    let all = totals(&read.due);
    ProfileJson::Read {
        profile: &p.profile,
        portal: &p.portal,
        currency: &read.currency,
        credit: read.credit.map(|c| c.to_string()),
        total: all.iter().map(total_json).collect(),
        short: short(&all, read.credit, &read.currency).map(|s| s.to_string()),
        items: read.due.iter().map(due_json).collect(),
        by_month: months_json(&by_month(&read.due)),
        not_offered: read.not_offered.iter().map(|op| op.label()).collect(),
        failed: &read.failed,
    }
}

/// The whole document.
#[derive(serde::Serialize)]
struct PlanJson<'a> {
    today: String,
    until: String,
    within_days: i64,
    profiles: Vec<ProfileJson<'a>>,
    by_month: Value,
}

/// One JSON document: the window, each profile, and every profile's months.
pub fn json(plan: &Plan) -> String {
    let mut every: Vec<Due> =
        plan.profiles.iter().filter_map(|p| p.read.as_ref().ok()).flat_map(|r| r.due.clone()).collect();
    every.sort_by_key(|d| d.date);
    let doc = PlanJson {
        today: plan.today.to_string(),
        until: plan.until.to_string(),
        within_days: plan.within,
        profiles: plan.profiles.iter().map(profile_json).collect(),
        by_month: months_json(&by_month(&every)),
    };
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_owned() }
}

/// One item a line, a header first; amounts as plain decimals.
pub fn csv(plan: &Plan) -> String {
    let mut out = String::from("profile,portal,kind,id,name,due,amount,currency,autorenew,invoiced\r\n");
    for p in &plan.profiles {
        let Ok(read) = &p.read else { continue };
        for d in &read.due {
            let cells = [
                field(&p.profile),
                field(&p.portal),
                d.kind.name().to_owned(),
                field(&d.id),
                field(&d.name),
                d.date.to_string(),
                d.amount.map(|a| a.to_string()).unwrap_or_default(),
                field(&d.currency),
                d.autorenew.map(|a| a.to_string()).unwrap_or_default(),
                d.invoiced.to_string(),
            ];
            out += &cells.join(",");
            out += "\r\n";
        }
    }
    out
}

/// Text as an iCalendar value holds it: backslash, semicolon, comma and line breaks escaped.
fn ics_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded at 75 octets (never inside a character), ended with CRLF.
fn folded(line: &str) -> String {
    let mut out = String::new();
    let mut taken = 0;
    for c in line.chars() {
        if taken + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            taken = 1;
        }
        out.push(c);
        taken += c.len_utf8();
    }
    out + "\r\n"
}

fn ics_date(date: time::Date) -> String {
    format!("{:04}{:02}{:02}", date.year(), u8::from(date.month()), date.day())
}

/// An iCalendar file: one all-day event per item, its amount in the summary, the profile
/// and portal in its description; `now` stamps the events.
pub fn ics(plan: &Plan, now: time::OffsetDateTime) -> String {
    let stamp = format!("{}T{:02}{:02}{:02}Z", ics_date(now.date()), now.hour(), now.minute(), now.second());
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//portal-tui//plan//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
    ];
    for p in &plan.profiles {
        let Ok(read) = &p.read else { continue };
        let language = p.language;
        for d in &read.due {
            let what = match d.kind {
                Kind::Domain => PlanEventRenew,
                Kind::Service => PlanEventService,
                Kind::Invoice => PlanEventInvoice,
            }
            .fill(language, &[("name", &d.name)]);
            let summary = match d.amount {
                Some(a) => format!("{what} — {}", format::money_in(a, &d.currency, language)),
                None => what,
            };
            let note = notes(d, plan.today, language);
            let description = [p.name(), p.portal.as_str(), note.as_str()]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" · ");
            let uid = format!("{}-{}-{}@{}", d.kind.name(), d.id, ics_date(d.date), p.portal);
            lines.extend([
                "BEGIN:VEVENT".to_owned(),
                format!("UID:{}", ics_text(&uid)),
                format!("DTSTAMP:{stamp}"),
                format!("DTSTART;VALUE=DATE:{}", ics_date(d.date)),
                format!("DTEND;VALUE=DATE:{}", ics_date(d.date.next_day().unwrap_or(d.date))),
                format!("SUMMARY:{}", ics_text(&summary)),
                format!("DESCRIPTION:{}", ics_text(&description)),
                "TRANSP:TRANSPARENT".to_owned(),
                "END:VEVENT".to_owned(),
            ]);
        }
    }
    lines.push("END:VCALENDAR".to_owned());
    lines.iter().map(|l| folded(l)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_between_characters() {
        let line = format!("SUMMARY:{}", "Gia hạn tên miền ".repeat(8));
        let out = folded(&line);
        assert!(out.split("\r\n").all(|l| l.len() <= 75), "{out:?}");
        assert_eq!(out.replace("\r\n ", "").strip_suffix("\r\n"), Some(line.as_str()));
        assert_eq!(ics_text("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
    }
}
