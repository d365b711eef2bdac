//! What the radar covered and what it could not: the lists the portal does not give, the
//! lists and watched items that could not be read, and whether anything was read at all.
//! Said at the top of the dashboard's radar, in `radar`'s report and `--json`, and what
//! makes a monitoring check UNKNOWN rather than OK.

use std::collections::HashSet;

use serde::Serialize;

use super::{Found, Item, Kind};
use crate::api::models::Service;
use crate::api::{Language, Operation};
use crate::i18n::Text;

/// A lookup that gave nothing: of what, which one, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Missed {
    pub kind: Kind,
    /// The domain name or the id; empty for a list.
    pub name: String,
    pub error: String,
}

/// What a radar run could not look at.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// The lists the portal does not offer: of these kinds only the watched items are known.
    pub lists_not_offered: Vec<Kind>,
    /// The lists it offers that could not be read.
    pub lists_failed: Vec<Missed>,
    /// The watched items that could not be read.
    pub watched_failed: Vec<Missed>,
    /// The watched services the portal gives no details of (`GET /service/ID`), by id.
    pub services_not_offered: Vec<String>,
    /// Whether anything at all was read (a list, even an empty one, or a watched item).
    pub read_anything: bool,
}

/// The kind of item a list of the portal gives, by the list's operation.
pub fn list_kind(op: Operation) -> Option<Kind> {
    match op {
        Operation::Domains => Some(Kind::Domain),
        Operation::Services => Some(Kind::Service),
        Operation::Invoices => Some(Kind::Invoice),
        Operation::Certificates => Some(Kind::Certificate),
        Operation::Tickets => Some(Kind::Ticket),
        _ => None,
    }
}

/// The list of the portal that gives items of this kind.
fn list_op(kind: Kind) -> Option<Operation> {
    [Operation::Domains, Operation::Services, Operation::Invoices, Operation::Certificates, Operation::Tickets]
        .into_iter()
        .find(|op| list_kind(*op) == Some(kind))
}

impl Coverage {
    /// The coverage of what the lookups gave.
    pub fn of(found: &[Found<'_>]) -> Coverage {
        let mut coverage = Coverage::default();
        let missed = |kind, name: String, error: &String| Missed { kind, name, error: error.clone() };
        for f in found {
            match f {
                Found::Domain(name, Err(e)) => coverage.watched_failed.push(missed(Kind::Domain, name.to_string(), e)),
                Found::Certificate(id, Err(e)) => {
                    coverage.watched_failed.push(missed(Kind::Certificate, id.to_string(), e))
                }
                Found::Service(id, Err(e)) => coverage.watched_failed.push(missed(Kind::Service, id.to_string(), e)),
                Found::ListFailed(kind, _, e) => coverage.lists_failed.push(missed(*kind, String::new(), e)),
                Found::NotOffered(kind) => coverage.lists_not_offered.push(*kind),
                Found::ServiceNotOffered(id) => coverage.services_not_offered.push(id.to_string()),
                Found::Domain(_, Ok(_))
                | Found::Certificate(_, Ok(_))
                | Found::Service(_, Ok(_))
                | Found::Domains(_)
                | Found::Services(_)
                | Found::Invoices(_)
                | Found::Tickets(_)
                | Found::Certificates(_) => coverage.read_anything = true,
            }
        }
        coverage
    }

    /// The dashboard's: the lists (and a service's details) this run found the portal does
    /// not offer, and the items on the radar whose lookup failed (listed there, marked).
    /// `failed`: the lists the portal offers that could not be read, with nothing older
    /// kept of them (so none of their items is on the radar), and why.
    pub fn of_dashboard(
        not_offered: &HashSet<Operation>,
        failed: Vec<(Kind, String)>,
        watched_services: &[u64],
        items: &[Item],
    ) -> Coverage {
        let mut lists_not_offered: Vec<Kind> = not_offered.iter().copied().filter_map(list_kind).collect();
        lists_not_offered.sort_by_key(|k| order(*k));
        let services_not_offered = match not_offered.contains(&Operation::Service) {
            true => watched_services.iter().map(u64::to_string).collect(),
            false => Vec::new(),
        };
        let watched_failed = items
            .iter()
            .filter_map(|i| {
                let name = if i.name.is_empty() { i.id.to_string() } else { i.name.to_string() };
                i.error.as_ref().map(|e| Missed { kind: i.kind, name, error: e.clone() })
            })
            .collect();
        let read_anything = !items.is_empty();
        let mut lists_failed: Vec<Missed> =
            failed.into_iter().map(|(kind, error)| Missed { kind, name: String::new(), error }).collect();
        lists_failed.sort_by_key(|m| order(m.kind));
        Coverage { lists_not_offered, lists_failed, watched_failed, services_not_offered, read_anything }
    }

    /// Whether every list the portal has and every watched item was read.
    pub fn is_complete(&self) -> bool {
        self.lists_not_offered.is_empty()
            && self.lists_failed.is_empty()
            && self.watched_failed.is_empty()
            && self.services_not_offered.is_empty()
    }

    /// How many lookups failed (lists and watched items).
    pub fn failures(&self) -> usize {
        self.lists_failed.len() + self.watched_failed.len()
    }

    /// The lists not offered in words: "domains, services and invoices".
    pub fn lists_in_words(&self, language: Language) -> String {
        let names: Vec<&str> = self.lists_not_offered.iter().map(|k| list_name(*k, language)).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => (*one).to_owned(),
            [rest @ .., last] => Text::CoverageAnd.fill(language, &[("some", &rest.join(", ")), ("last", last)]),
        }
    }

    /// What the portal does not offer, in words: the lists, a service's details.
    pub fn not_offered(&self, language: Language) -> Vec<String> {
        let mut said = Vec::new();
        if !self.lists_not_offered.is_empty() {
            said.push(Text::CoverageNotListed.fill(language, &[("lists", &self.lists_in_words(language))]));
        }
        if !self.services_not_offered.is_empty() {
            let ids = self.services_not_offered.join(", ");
            said.push(Text::CoverageNoServiceDetails.fill(language, &[("ids", &ids)]));
        }
        said
    }

    /// One short line for the dashboard: what is not covered, and how many lookups failed
    /// (those items are on the radar, marked).
    pub fn summary(&self, language: Language) -> Option<String> {
        let mut parts = Vec::new();
        if !self.lists_not_offered.is_empty() {
            let lists: Vec<&str> = self.lists_not_offered.iter().map(|k| list_name(*k, language)).collect();
            parts.push(Text::CoverageShortLists.fill(language, &[("lists", &lists.join(", "))]));
        }
        if !self.lists_failed.is_empty() {
            let lists: Vec<&str> = self.lists_failed.iter().map(|m| list_name(m.kind, language)).collect();
            parts.push(Text::CoverageShortListsFailed.fill(language, &[("lists", &lists.join(", "))]));
        }
        if !self.watched_failed.is_empty() {
            parts.push(Text::CoverageFailedCount.fill(language, &[("n", &self.watched_failed.len())]));
        }
        if !self.services_not_offered.is_empty() {
            let ids = self.services_not_offered.join(", ");
            parts.push(Text::CoverageShortServices.fill(language, &[("ids", &ids)]));
        }
        (!parts.is_empty()).then(|| Text::CoverageNotCovered.fill(language, &[("what", &parts.join("; "))]))
    }

    /// The lines of a report: what is not listed, then each failed lookup with its reason.
    pub fn lines(&self, language: Language) -> Vec<String> {
        let mut lines = Vec::new();
        for what in self.not_offered(language) {
            lines.push(Text::CoverageNotCovered.fill(language, &[("what", &what)]));
        }
        for m in &self.lists_failed {
            let list = list_op(m.kind).map_or("", |op| crate::i18n::operation(op, language));
            lines.push(Text::CoverageListUnread.fill(language, &[("list", &list), ("error", &m.error)]));
        }
        for m in &self.watched_failed {
            let what = what(m, language);
            lines.push(Text::CoverageCouldNotRead.fill(language, &[("what", &what), ("error", &m.error)]));
        }
        lines
    }
}

/// A failed watched item in words: its name, or "certificate 3301".
fn what(missed: &Missed, language: Language) -> String {
    match missed.kind {
        Kind::Domain => missed.name.clone(),
        kind => format!("{} {}", kind_word(kind, language), missed.name),
    }
}

/// A kind in words, as reports name it.
pub fn kind_word(kind: Kind, language: Language) -> &'static str {
    match kind {
        Kind::Domain => Text::RepKindDomain,
        Kind::Certificate => Text::RepKindCertificate,
        Kind::Service => Text::RepKindService,
        Kind::Invoice => Text::RepKindInvoice,
        Kind::Ticket => Text::RepKindTicket,
    }
    .get(language)
}

fn list_name(kind: Kind, language: Language) -> &'static str {
    match kind {
        Kind::Domain => Text::ListOfDomains,
        Kind::Service => Text::ListOfServices,
        Kind::Invoice => Text::ListOfInvoices,
        Kind::Certificate => Text::ListOfCertificates,
        Kind::Ticket => Text::ListOfTickets,
    }
    .get(language)
}

/// The order lists are named in: what expires first.
fn order(kind: Kind) -> u8 {
    match kind {
        Kind::Domain => 0,
        Kind::Service => 1,
        Kind::Invoice => 2,
        Kind::Certificate => 3,
        Kind::Ticket => 4,
    }
}

/// A watched service: on the radar whatever its state; counted down and flagged only while
/// it runs (as a listed one is), else shown with its state and no count.
pub(super) fn watched_service(service: &Service, today: time::Date, within: i64) -> Item {
    if let Some(item) = super::service_item(service, today, within) {
        return item;
    }
    let name = if service.domain.trim().is_empty() { &service.name } else { &service.domain };
    Item {
        kind: Kind::Service,
        name: name.clone(),
        id: service.id.clone(),
        status: service.status.clone(),
        expires: service.next_due.clone(),
        days_left: None,
        autorenew: None,
        superseded: false,
        cancelling: false,
        flags: Vec::new(),
        error: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::models::DomainRecord;

    #[test]
    fn what_was_not_covered_is_said() {
        let records = [DomainRecord { name: "example.vn".into(), ..DomainRecord::default() }];
        let found = [
            Found::Domain("example.vn", Ok(records.iter().collect())),
            Found::Certificate(3301, Err("not found".into())),
            Found::NotOffered(Kind::Domain),
            Found::NotOffered(Kind::Service),
            Found::ListFailed(Kind::Invoice, "invoices", "portal unreachable".into()),
        ];
        let coverage = Coverage::of(&found);
        assert!(coverage.read_anything && !coverage.is_complete());
        assert_eq!(coverage.failures(), 2);
        assert_eq!(
            coverage.lines(Language::English),
            [
                "Not covered: the portal does not list domains and services (only the watched ones are on the radar)",
                "Could not read the invoice list: portal unreachable",
                "Could not read certificate 3301: not found",
            ]
        );
        assert_eq!(
            coverage.summary(Language::English).as_deref(),
            Some("Not covered: no lists of domains, services; could not read the list of invoices; failed lookups: 1")
        );
        let nothing = Coverage::of(&[Found::Domain("example.vn", Err("down".into()))]);
        assert!(!nothing.read_anything);
        assert_eq!(Coverage::of(&[Found::Domains(&[])]).summary(Language::Vietnamese), None);
    }
}
