//! The certificates' list: every SSL service `GET /certificate` gives, each with its days
//! left worked out once when the list comes, grouped by where its certificate stands
//! (`CertState`): expiring soon, issued, expired, pending, then the services that ended.

use crate::api::Language;
use crate::api::models::groups::StatusGroup;
use crate::api::models::{CertState, SslService};
use crate::app::browse::Listed;

/// One certificate of the list, as the portal listed it.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedCertificate {
    pub service: SslService,
    /// Whole days until it expires (negative once it has), from the day the list came.
    pub days_left: Option<i64>,
    pub state: CertState,
}

impl ListedCertificate {
    pub fn new(service: SslService, today: time::Date) -> ListedCertificate {
        let days_left = service.days_left(today);
        let state = CertState::of(&service.status, &service.cert_status, days_left, crate::radar::SOON_DAYS);
        ListedCertificate { service, days_left, state }
    }

    /// Its group's name, as the portal would say it.
    pub fn group(&self) -> &str {
        self.state.group(&self.service.status, &self.service.cert_status)
    }
}

/// The portal's list, each entry dated from `today`.
pub fn entries(list: Vec<SslService>, today: time::Date) -> Vec<ListedCertificate> {
    list.into_iter().map(|service| ListedCertificate::new(service, today)).collect()
}

impl Listed for ListedCertificate {
    fn id(&self) -> &str {
        &self.service.id
    }

    /// By state, then soonest expiry first (those without a date last), then by domain.
    fn groups(items: &[ListedCertificate]) -> Vec<StatusGroup> {
        let mut order: Vec<usize> = (0..items.len()).collect();
        order.sort_by_cached_key(|&i| {
            let c = &items[i];
            let group = c.group().to_lowercase();
            (c.state, group, c.days_left.is_none(), c.days_left, c.service.domain.to_lowercase(), i)
        });
        let mut groups: Vec<StatusGroup> = Vec::new();
        for i in order {
            let name = items[i].group();
            match groups.last_mut() {
                Some(g) if g.status.eq_ignore_ascii_case(name) => g.records.push(i),
                _ => groups.push(StatusGroup { status: name.to_owned(), records: vec![i] }),
            }
        }
        groups
    }

    fn search_text(&self, add: &mut dyn FnMut(&str)) {
        let s = &self.service;
        [&s.domain, &s.name, &s.cert_email].into_iter().for_each(|t| add(t));
        [&s.id, &s.cert_status, &s.status].into_iter().for_each(|t| add(t));
    }

    fn figure(&self, language: Language) -> Option<String> {
        Some(crate::i18n::format::money(self.service.total, language))
    }

    /// The domain (its id where it has none), the product and the certificate's state.
    fn text_widths(&self, language: Language) -> Vec<usize> {
        use unicode_width::UnicodeWidthStr;
        let s = &self.service;
        let domain = if s.domain.trim().is_empty() { s.id.width() + 1 } else { s.domain.width() };
        vec![domain, s.name.width(), self.state_text(language).width()]
    }
}

impl ListedCertificate {
    /// The certificate's state as the list says it: the portal's, or pending when it says
    /// none.
    pub fn state_text(&self, language: Language) -> String {
        match self.service.cert_status.trim() {
            "" => crate::i18n::Text::CertPending.get(language).to_owned(),
            status => crate::i18n::status(status, language).into_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn ssl(id: &str, domain: &str, status: &str, cert_status: &str, expires: &str) -> SslService {
        SslService {
            id: id.into(),
            domain: domain.into(),
            status: status.into(),
            cert_status: cert_status.into(),
            cert_expires: expires.into(),
            ..SslService::default()
        }
    }

    #[test]
    fn grouped_by_state_soonest_first() {
        let list = vec![
            ssl("1", "a.vn", "Active", "Issued", "2027-06-01"),
            ssl("2", "b.vn", "Pending", "", ""),
            ssl("3", "c.vn", "Active", "Expired", "2026-10-01"),
            ssl("4", "d.vn", "Active", "Issued", "2026-12-01"),
            ssl("5", "e.vn", "Active", "Issued", "2027-01-10"),
            ssl("6", "f.vn", "Cancelled", "Issued", "2027-03-01"),
            ssl("7", "g.vn", "Active", "Issued", "2026-12-20 23:59:59"),
        ];
        let items = entries(list, date!(2026 - 11 - 21));
        let groups: Vec<(String, Vec<&str>)> = ListedCertificate::groups(&items)
            .into_iter()
            .map(|g| (g.status, g.records.iter().map(|&i| items[i].service.id.as_str()).collect()))
            .collect();
        let expected = [
            ("Expiring soon", vec!["4", "7"]),
            ("Issued", vec!["5", "1"]),
            ("Expired", vec!["3"]),
            ("Pending", vec!["2"]),
            ("Cancelled", vec!["6"]),
        ];
        assert_eq!(groups, expected.map(|(s, ids)| (s.to_owned(), ids)));
        assert!(items[6].matches("g.vn") && items[0].matches("issued") && !items[0].matches("b.vn"));
    }
}
