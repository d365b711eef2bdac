//! Plain-text reports for the scripting commands: aligned tables a person reads in a
//! terminal or a cron mail. Portal text is already sanitised by the decoders.

use std::fmt::Write;

use unicode_width::UnicodeWidthStr;

use crate::api::models::domain_groups::group_by_status;
use crate::api::models::{Account, Certificate, Contact, DomainRecord, UpgradeOptions};
use crate::api::{Language, Money};
use crate::i18n::format::{account_overview, countdown, money, pad};

/// Left-aligned columns; the last column is not padded.
fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.width()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.width());
        }
    }
    let mut out = String::new();
    let line = |cells: Vec<&str>, out: &mut String| {
        let last = cells.len() - 1;
        let text: Vec<String> =
            cells.iter().enumerate().map(|(i, c)| if i == last { c.to_string() } else { pad(c, widths[i]) }).collect();
        let _ = writeln!(out, "  {}", text.join("  ").trim_end());
    };
    line(header.to_vec(), &mut out);
    for row in rows {
        line(row.iter().map(String::as_str).collect(), &mut out);
    }
    out
}

fn fields(pairs: &[(&str, String)]) -> String {
    let width = pairs.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    pairs.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("  {}  {v}\n", pad(k, width))).collect()
}

fn yes_no(flag: bool) -> String {
    if flag { "yes" } else { "no" }.to_owned()
}

/// Every field the dashboard's account screen shows, empty ones too, in the same order.
pub fn account(account: &Account, language: Language) -> String {
    let mut out = format!("Account {}\n", account.id);
    out += &all_fields(&account_overview(account, language));
    if !account.extra.is_empty() {
        out += "\nOther fields\n";
        let pairs: Vec<(&str, String)> = account.extra.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        out += &all_fields(&pairs);
    }
    out
}

fn all_fields(pairs: &[(&str, String)]) -> String {
    let width = pairs.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    pairs.iter().map(|(k, v)| format!("  {}  {v}", pad(k, width)).trim_end().to_owned() + "\n").collect()
}

pub fn domain_records(records: &[DomainRecord], language: Language, today: time::Date) -> String {
    let mut out = String::new();
    for group in group_by_status(records) {
        // Unreadable records are listed after the tables, with why.
        let readable: Vec<usize> = group.records.into_iter().filter(|&i| records[i].unreadable.is_none()).collect();
        if readable.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{} ({})", group.status, readable.len());
        let rows: Vec<Vec<String>> = readable
            .iter()
            .map(|&i| {
                let r = &records[i];
                vec![
                    r.name.clone(),
                    r.id.clone(),
                    r.expires.clone(),
                    countdown(&r.expires, today, Language::English),
                    yes_no(r.autorenew),
                    yes_no(r.idprotection),
                    money(r.recurring_amount, language),
                    r.nameservers.join(", "),
                ]
            })
            .collect();
        out += &table(&["NAME", "ID", "EXPIRES", "LEFT", "AUTORENEW", "ID PROTECT", "RENEWAL", "NAMESERVERS"], &rows);
        out.push('\n');
    }
    for r in records {
        if let Some(reason) = &r.unreadable {
            let _ = writeln!(out, "Unreadable record #{} {}: {reason}", r.id, r.name);
        }
    }
    out.trim_end().to_owned() + "\n"
}

fn contact(role: &str, c: &Contact) -> String {
    if c.is_empty() {
        return format!("{role} contact: not provided\n");
    }
    let pairs: Vec<(&str, String)> =
        c.fields().iter().map(|(k, v)| (*k, v.map_or_else(|| "(missing)".to_owned(), str::to_owned))).collect();
    format!("{role} contact\n{}", fields(&pairs))
}

pub fn certificate(cert: &Certificate, language: Language, today: time::Date) -> String {
    let mut out = format!("Certificate {} — {}\n", cert.id, cert.name);
    out += &fields(&[
        ("Domain", cert.domain.clone()),
        ("Label", cert.label.clone()),
        ("Status", cert.status.clone()),
        (
            "Certificate status",
            if cert.cert_status.is_empty() { "(none yet)".into() } else { cert.cert_status.clone() },
        ),
        ("Expires", crate::i18n::format::date_and_countdown(&cert.cert_expires, today, Language::English)),
        ("Billing cycle", cert.billingcycle.clone()),
        ("First payment", money(cert.firstpayment, language)),
        ("Total", money(cert.total, language)),
        ("Next due", cert.next_due.clone()),
        ("Approver e-mail", cert.cert_email.clone()),
        ("Created", cert.date_created.clone()),
    ]);
    for (role, c) in
        [("Admin", &cert.contacts.admin), ("Billing", &cert.contacts.billing), ("Tech", &cert.contacts.tech)]
    {
        out.push('\n');
        out += &contact(role, c);
    }
    out += "\nOrganization\n";
    let org: Vec<(&str, String)> = cert.organization.fields().iter().map(|(k, v)| (*k, v.to_string())).collect();
    out += &fields(&org);
    if !cert.csr.is_empty() {
        out += "\nCSR\n";
        out += &cert.csr;
        if !cert.csr.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

pub fn upgrade_options(options: &UpgradeOptions, language: Language) -> String {
    let mut out = String::new();
    for resource in &options.resources {
        let kind = if resource.is_choice() { String::new() } else { format!(" [{}, read-only]", resource.kind) };
        let _ = writeln!(out, "{}{kind}", resource.name);
        let rows: Vec<Vec<String>> = resource
            .items
            .iter()
            .map(|item| {
                vec![
                    if item.selected { "(•)" } else { "( )" }.to_owned(),
                    item.name.clone(),
                    money(item.price, language),
                    money(item.setup_price, language),
                    if item.selected { "current".to_owned() } else { String::new() },
                ]
            })
            .collect();
        out += &table(&["", "OPTION", "PRICE", "SETUP", ""], &rows);
        out.push('\n');
    }
    if options.resources.is_empty() {
        out += "No upgrade options for this service.\n";
    } else {
        let current =
            options.resources.iter().filter(|r| r.is_choice()).flat_map(|r| r.current().map(|i| r.items[i].price));
        let _ = writeln!(
            out,
            "Current recurring total: {}",
            crate::i18n::format::total(Money::checked_sum(current), language)
        );
    }
    out += "Upgrades are ordered in the provider's portal; this API only lists the options.\n";
    out
}

/// The radar for a cron mail: flagged items first in the order `radar::build` gives.
pub fn radar(items: &[crate::radar::Item], within: i64) -> String {
    use crate::radar::Kind;
    let flagged = items.iter().filter(|i| i.is_flagged()).count();
    let mut out = match flagged {
        0 => format!("Radar: nothing needs attention (within {within} days)\n"),
        n => format!("Radar: {n} of {} need attention (within {within} days)\n", items.len()),
    };
    let rows: Vec<Vec<String>> = items
        .iter()
        .map(|i| {
            let what = match i.kind {
                Kind::Domain => "domain",
                Kind::Certificate => "certificate",
            };
            let mark = if i.is_flagged() { "!" } else { " " };
            vec![
                mark.into(),
                what.into(),
                i.name.clone(),
                i.id.clone(),
                i.status.clone(),
                i.expires.clone(),
                i.left(Language::English),
                i.attention(Language::English),
            ]
        })
        .collect();
    out += &table(&["", "KIND", "NAME", "ID", "STATUS", "EXPIRES", "LEFT", "ATTENTION"], &rows);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn wide_and_combining_text_keeps_columns_aligned() {
        let rows = vec![
            vec!["phở-sài-gòn.vn".to_owned(), "1".to_owned()],
            vec!["例え.jp".to_owned(), "2".to_owned()],
            vec!["🍜.vn".to_owned(), "3".to_owned()],
            vec!["Nguyễn".to_owned(), "4".to_owned()],
        ];
        let out = table(&["NAME", "ID"], &rows);
        let columns: Vec<usize> = out
            .lines()
            .map(|line| {
                let cut = line.rfind(' ').unwrap();
                line[..cut + 1].width()
            })
            .collect();
        assert!(columns.windows(2).all(|w| w[0] == w[1]), "{out}\n{columns:?}");
    }
}
