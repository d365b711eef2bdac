//! Plain-text reports for the scripting commands: aligned tables a person reads in a
//! terminal or a cron mail. Portal text is already sanitised by the decoders.

use std::fmt::Write;

use unicode_width::UnicodeWidthStr;

use crate::api::dns::rules as dns_rules;
use crate::api::models::groups::{StatusGroup, group_by_status, invoices_by_standing, services_by_status};
use crate::api::models::{
    Account, Balance, Certificate, Contact, DnsRecord, DomainRecord, Invoice, Service, UpgradeOptions,
};
use crate::api::{Language, Money};
use crate::i18n::Text;
use crate::i18n::details::account_overview;
use crate::i18n::format::{days_left_until, money_in, pad};

/// Left-aligned columns; the last column is not padded.
pub(super) fn table(header: &[&str], rows: &[Vec<String>]) -> String {
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

/// Labelled values, one per line, values aligned. Empty values are left out unless
/// `Empty::Shown` (the account lists every field the dashboard shows).
pub(super) fn fields(pairs: &[(&str, String)], empty: Empty) -> String {
    let width = pairs.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    pairs
        .iter()
        .filter(|(_, v)| empty == Empty::Shown || !v.is_empty())
        .map(|(k, v)| format!("  {}  {v}", pad(k, width)).trim_end().to_owned() + "\n")
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Empty {
    Hidden,
    Shown,
}

/// `yes`, `no`, or `—` when the portal did not say.
fn yes_no(flag: Option<bool>, language: Language) -> String {
    match flag {
        Some(flag) => if flag { Text::RepYes } else { Text::RepNo }.get(language).to_owned(),
        None => "—".to_owned(),
    }
}

/// A table's header row in the reader's language (`None`: an unnamed column).
pub(super) fn header(language: Language, columns: &[Option<Text>]) -> Vec<&'static str> {
    columns.iter().map(|c| c.map_or("", |c| c.get(language))).collect()
}

/// Every field the dashboard's account screen shows, empty ones too, in the same order.
pub fn account(account: &Account, language: Language) -> String {
    let mut out = Text::RepAccount.fill(language, &[("id", &account.id)]) + "\n";
    out += &fields(&account_overview(account, language), Empty::Shown);
    if !account.extra.is_empty() {
        out += &format!("\n{}\n", Text::RepOtherFields.get(language));
        out += &other_fields(&account.extra, language, Empty::Shown);
    }
    out
}

/// The fields the portal sent beyond the known ones, in words as the dashboard shows them
/// (`twofactor` → Two-step sign-in, `datecreated` a date in the reader's language).
fn other_fields(extra: &[(String, String)], language: Language, empty: Empty) -> String {
    let rows = crate::i18n::extra_fields(extra, language);
    fields(&rows.iter().map(|(k, v)| (k.as_ref(), v.clone())).collect::<Vec<_>>(), empty)
}

pub fn balance(balance: &Balance, language: Language) -> String {
    fields(&crate::i18n::details::balance_rows(balance, language), Empty::Shown)
}

/// One table per status group, each headed by the status and its count; entries that could
/// not be read are listed after the tables, with why.
fn grouped_tables<T>(
    items: &[T],
    groups: Vec<StatusGroup>,
    language: Language,
    columns: &[Text],
    unreadable: impl Fn(&T) -> Option<(&str, &str, &str)>,
    row: impl Fn(&T) -> Vec<String>,
) -> String {
    let mut out = String::new();
    for group in groups {
        let readable: Vec<&T> = group.records.iter().map(|&i| &items[i]).filter(|t| unreadable(t).is_none()).collect();
        if readable.is_empty() {
            continue;
        }
        let status = if language == Language::English {
            group.status.clone()
        } else {
            crate::i18n::status(&group.status, language).into_owned()
        };
        let _ = writeln!(out, "{status} ({})", readable.len());
        let rows: Vec<Vec<String>> = readable.into_iter().map(&row).collect();
        let names: Vec<Option<Text>> = columns.iter().copied().map(Some).collect();
        out += &table(&header(language, &names), &rows);
        out.push('\n');
    }
    for (id, name, reason) in items.iter().filter_map(&unreadable) {
        let fill = [("id", &id as &dyn std::fmt::Display), ("name", &name), ("reason", &reason)];
        let _ = writeln!(out, "{}", Text::RepUnreadable.fill(language, &fill));
    }
    if items.is_empty() {
        out += Text::RepNothingListed.get(language);
    }
    out.trim_end().to_owned() + "\n"
}

/// Domain registrations, their renewal prices in `currency` (the account's; none when
/// unknown).
pub fn domain_records(records: &[DomainRecord], currency: &str, language: Language, today: time::Date) -> String {
    use Text::*;
    // The whole-account list says neither ID protection nor nameservers (a registration's
    // details do): a column no record fills is left out, not shown as a row of dashes.
    let idp = records.iter().any(|r| r.idprotection.is_some());
    let ns = records.iter().any(|r| r.nameservers.iter().any(|n| !n.trim().is_empty()));
    let shown = [true, true, true, true, true, idp, true, ns];
    let all = [RepName, RepId, RepExpires, RepLeft, RepAutorenew, RepIdProtect, RepRenewal, RepNameservers];
    let columns: Vec<Text> = all.iter().zip(shown).filter(|(_, s)| *s).map(|(c, _)| *c).collect();
    grouped_tables(
        records,
        group_by_status(records),
        language,
        &columns,
        |r: &DomainRecord| r.unreadable.as_deref().map(|why| (r.id.as_str(), r.name.as_str(), why)),
        |r| {
            let cells = [
                r.name.to_string(),
                r.id.to_string(),
                crate::i18n::format::date(&r.expires, language),
                days_left_until(&r.expires, today, language),
                yes_no(r.autorenew, language),
                yes_no(r.idprotection, language),
                money_in(r.recurring_amount, currency, language),
                match r.nameservers.iter().any(|n| !n.trim().is_empty()) {
                    true => r.nameservers.join(", "),
                    false => "—".to_owned(),
                },
            ];
            cells.into_iter().zip(shown).filter(|(_, s)| *s).map(|(c, _)| c).collect()
        },
    )
}

/// Every service, grouped by status, soonest due first, its total in `currency` (the
/// account's: a service's answer names none).
pub fn services(services: &[Service], currency: &str, language: Language, today: time::Date) -> String {
    use Text::*;
    let columns = [RepId, RepName, RepDomain, RepCycle, RepNextDue, RepLeft, RepTotal];
    grouped_tables(
        services,
        services_by_status(services),
        language,
        &columns,
        |s: &Service| s.unreadable.as_deref().map(|why| (s.id.as_str(), s.name.as_str(), why)),
        |s| {
            vec![
                s.id.to_string(),
                s.name.to_string(),
                s.domain.to_string(),
                crate::i18n::cycle(&s.billingcycle, language).into_owned(),
                crate::i18n::format::date(s.due(), language),
                days_left_until(s.due(), today, language),
                money_in(s.total, currency, language),
            ]
        },
    )
}

/// One service's fields, its amounts in `currency` (the account's).
/// A service's details; its password (a secret) only with `show_password`, else said hidden.
pub fn service(
    service: &Service,
    currency: &str,
    language: Language,
    today: time::Date,
    show_password: bool,
) -> String {
    use secrecy::ExposeSecret;
    let mut out = Text::RepService.fill(language, &[("id", &service.id), ("name", &service.name)]) + "\n";
    let mut pairs = crate::i18n::details::service_fields(service, language, today, currency);
    if let Some(password) = service.password.get() {
        let shown = match show_password {
            true => password.expose_secret().to_owned(),
            false => Text::RepPasswordHidden.get(language).to_owned(),
        };
        pairs.push((Text::LabelPassword.get(language), shown));
    }
    out += &fields(&pairs, Empty::Hidden);
    if !service.extra.is_empty() {
        out += &format!("\n{}\n", Text::RepOtherFields.get(language));
        out += &other_fields(&service.extra, language, Empty::Hidden);
    }
    out
}

/// A domain's DNS records.
pub fn dns(record: &DomainRecord, records: &[DnsRecord], language: Language) -> String {
    let heading = Text::RepDnsOf.fill(language, &[("name", &record.name), ("id", &record.id)]);
    dns_under(heading, &record.name, records, language)
}

/// The DNS records of `domain` as a table under `heading` (which says where they are kept):
/// hosts as a zone file names them (`@`, `www`) however the portal lists them, an SOA in
/// words, a priority only for a type that has one.
pub fn dns_under(heading: String, domain: &str, records: &[DnsRecord], language: Language) -> String {
    let mut out = heading + "\n";
    if records.is_empty() {
        return out + Text::RepNoDns.get(language) + "\n";
    }
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| match &r.unreadable {
            Some(why) => {
                vec![r.id.to_string(), r.name.to_string(), "?".into(), why.clone(), String::new(), String::new()]
            }
            None => {
                let priority = if dns_rules::has_priority(&r.kind) { r.priority.to_string() } else { String::new() };
                vec![
                    r.id.to_string(),
                    crate::api::dns::zone_write::host_of(&r.name, domain),
                    r.kind.to_string(),
                    r.ttl.to_string(),
                    priority,
                    crate::i18n::dns::content(r, language),
                ]
            }
        })
        .collect();
    use Text::*;
    let columns = [RepId, RepHost, RepType, RepTtl, RepPriority, RepContent].map(Some);
    out += &table(&header(language, &columns), &rows);
    out
}

/// Invoices: unpaid first with how long they are overdue, then paid, then others.
pub fn invoices(invoices: &[Invoice], language: Language, today: time::Date) -> String {
    use Text::*;
    let columns = [RepNumber, RepId, RepDate, RepDue, RepLeft, RepTotal];
    grouped_tables(
        invoices,
        invoices_by_standing(invoices),
        language,
        &columns,
        |i: &Invoice| i.unreadable.as_deref().map(|why| (i.id.as_str(), i.number.as_str(), why)),
        |i| {
            let left = match i.standing() {
                crate::api::models::Standing::Unpaid => days_left_until(i.due(), today, language),
                _ => String::new(),
            };
            vec![
                i.label().to_owned(),
                i.id.to_string(),
                crate::i18n::format::date(&i.date, language),
                crate::i18n::format::date(i.due(), language),
                left,
                crate::i18n::format::money_in(i.total, &i.currency, language),
            ]
        },
    )
}

/// One invoice with its items and sums.
pub fn invoice(invoice: &Invoice, language: Language, today: time::Date) -> String {
    let mut out = Text::RepInvoice.fill(language, &[("number", &invoice.label()), ("id", &invoice.id)]) + "\n";
    out += &fields(&crate::i18n::details::invoice_fields(invoice, language, today), Empty::Hidden);
    if !invoice.items.is_empty() {
        out.push('\n');
        let rows: Vec<Vec<String>> = invoice
            .items
            .iter()
            .map(|item| {
                let description = item.unreadable.clone().unwrap_or_else(|| item.description.clone());
                let qty = crate::i18n::format::quantity(&item.qty, language);
                vec![description, qty, money_in(item.linetotal_or_amount(), &invoice.currency, language)]
            })
            .collect();
        use Text::*;
        out += &table(&header(language, &[Some(RepDescription), Some(RepQty), Some(RepAmount)]), &rows);
    }
    out.push('\n');
    let sums = crate::i18n::details::invoice_sums(invoice, language);
    out += &fields(&sums.iter().map(|(k, v)| (k.as_str(), v.clone())).collect::<Vec<_>>(), Empty::Hidden);
    out
}

/// A certificate contact in words, as the dashboard shows one (`FName` → First name, the
/// country code with the phone number).
fn contact(role: &str, c: &Contact, language: Language) -> String {
    if c.is_empty() {
        return Text::RepContactMissing.fill(language, &[("role", &role)]) + "\n";
    }
    let missing = Text::RepMissing.get(language);
    let rows = crate::i18n::contact_fields(&c.fields(), language);
    let pairs: Vec<(&str, String)> =
        rows.iter().map(|(k, v)| (k.as_ref(), v.clone().unwrap_or_else(|| missing.to_owned()))).collect();
    format!("{}\n{}", Text::RepContact.fill(language, &[("role", &role)]), fields(&pairs, Empty::Hidden))
}

/// One certificate: its fields, its prices in `currency` (the account's), its contacts and
/// organization in words, its CSR.
pub fn certificate(cert: &Certificate, currency: &str, language: Language, today: time::Date) -> String {
    let mut out = Text::RepCertificate.fill(language, &[("id", &cert.id), ("name", &cert.name)]) + "\n";
    let label = |t: Text| t.get(language);
    let date = |d: &str| crate::i18n::format::date(d, language);
    let cert_status = match cert.cert_status.as_str() {
        "" => label(Text::RepNoneYet).into(),
        status => crate::i18n::status(status, language).into_owned(),
    };
    out += &fields(
        &[
            (label(Text::LabelDomain), cert.domain.clone()),
            (label(Text::LabelLabel), cert.label.clone()),
            (label(Text::LabelStatus), crate::i18n::status(&cert.status, language).into_owned()),
            (label(Text::RepCertStatus), cert_status),
            (label(Text::LabelExpires), crate::i18n::format::date_and_countdown(&cert.cert_expires, today, language)),
            (label(Text::LabelBillingCycle), crate::i18n::cycle(&cert.billingcycle, language).into_owned()),
            (label(Text::LabelFirstPayment), money_in(cert.firstpayment, currency, language)),
            (label(Text::LabelTotal), money_in(cert.total, currency, language)),
            (label(Text::LabelNextDue), date(&cert.next_due)),
            (label(Text::LabelApprover), cert.cert_email.clone()),
            (label(Text::RepCreated), date(&cert.date_created)),
        ],
        Empty::Hidden,
    );
    let roles = [
        (Text::RepAdmin, &cert.contacts.admin),
        (Text::RepBilling, &cert.contacts.billing),
        (Text::RepTech, &cert.contacts.tech),
    ];
    for (role, c) in roles {
        out.push('\n');
        out += &contact(role.get(language), c, language);
    }
    out += &format!("\n{}\n", label(Text::RepOrganization));
    let org: Vec<(std::borrow::Cow<str>, String)> = cert
        .organization
        .fields()
        .iter()
        .map(|(k, v)| (crate::i18n::field_label(k, language), v.to_string()))
        .collect();
    out += &fields(&org.iter().map(|(k, v)| (k.as_ref(), v.clone())).collect::<Vec<_>>(), Empty::Hidden);
    if !cert.csr.is_empty() {
        out += "\nCSR\n";
        out += &cert.csr;
        if !cert.csr.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// A service's upgrade options, their prices in `currency` (the account's: the options name
/// none); with `how`, how to ask for an estimate and order (not after an order).
pub fn upgrade_options(id: u64, options: &UpgradeOptions, currency: &str, language: Language, how: bool) -> String {
    let mut out = String::new();
    for resource in &options.resources {
        let kind = if resource.is_choice() {
            String::new()
        } else if resource.is_quantity() {
            // How many of its one item: `--choose "NAME=N"`.
            let allowed = crate::i18n::quantity::describe(resource.quantities(), language);
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("allowed", &allowed), ("now", &resource.quantity_now())];
            format!(" [{}]", Text::RepQuantity.fill(language, &fill))
        } else {
            format!(" [{}]", Text::RepReadOnly.fill(language, &[("kind", &resource.kind)]))
        };
        let _ = writeln!(out, "{}{kind}", resource.name);
        let rows: Vec<Vec<String>> = resource
            .items
            .iter()
            .map(|item| {
                vec![
                    if item.selected { "(•)" } else { "( )" }.to_owned(),
                    item.name.clone(),
                    money_in(item.price, currency, language),
                    money_in(item.setup_price, currency, language),
                    if item.selected { Text::RepCurrent.get(language).to_owned() } else { String::new() },
                ]
            })
            .collect();
        use Text::*;
        out += &table(&header(language, &[None, Some(RepOption), Some(RepPrice), Some(RepSetup), None]), &rows);
        out.push('\n');
    }
    if options.resources.is_empty() {
        out += Text::RepNoUpgrades.get(language);
        out.push('\n');
    } else {
        let current =
            options.resources.iter().filter(|r| r.is_choice()).flat_map(|r| r.current().map(|i| r.items[i].price));
        let total = crate::i18n::format::total_in(Money::checked_sum(current), currency, language);
        let _ = writeln!(out, "{}", Text::RepRecurringTotal.fill(language, &[("total", &total)]));
    }
    if how && !options.resources.is_empty() {
        out += &Text::RepUpgradesOrdered.fill(language, &[("id", &id)]);
        out.push('\n');
    }
    out
}

/// Prices by period: to register, transfer, renew and redeem.
/// Prices by period in `currency` (the account's; none when unknown): a price the portal
/// gives as 0 or not at all is `—`, and a column no period has a price in is left out.
pub fn prices(periods: &[crate::api::models::PeriodPrices], currency: &str, language: Language) -> String {
    use Text::*;
    let periods: Vec<_> = periods.iter().filter(|p| p.unreadable.is_none()).collect();
    type Column = (Text, fn(&crate::api::models::PeriodPrices) -> Money);
    let columns: [Column; 4] = [
        (RepRegister, |p| p.register),
        (RepTransfer, |p| p.transfer),
        (RepRenew, |p| p.renew),
        (RepRedemption, |p| p.redemption),
    ];
    let given: Vec<_> = columns.iter().filter(|(_, of)| periods.iter().any(|p| !of(p).is_zero())).collect();
    let header: Vec<&str> =
        std::iter::once(RepYears.get(language)).chain(given.iter().map(|(t, _)| t.get(language))).collect();
    let rows: Vec<Vec<String>> = periods
        .iter()
        .map(|p| {
            let amount = |m: Money| match m.is_zero() {
                true => "—".to_owned(),
                false => crate::i18n::format::money_in(m, currency, language),
            };
            std::iter::once(p.period.to_string()).chain(given.iter().map(|(_, of)| amount(of(p)))).collect()
        })
        .collect();
    table(&header, &rows)
}

/// Every TLD the portal sells, with its prices by period in `currency`.
pub fn domain_order(tlds: &[crate::api::models::TldPrices], currency: &str, language: Language) -> String {
    tlds.iter()
        .filter(|t| t.unreadable.is_none())
        .map(|t| {
            Text::CliPricesOf.fill(language, &[("name", &format!(".{}", t.suffix()))])
                + "\n"
                + &prices(&t.periods, currency, language)
        })
        .collect::<Vec<_>>()
        .join("\n")
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
