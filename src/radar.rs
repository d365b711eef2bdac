//! The expiry radar: every watched domain registration and certificate, soonest expiry
//! first, with what needs attention flagged. Shared by the dashboard and `portal-tui radar`.

use serde::Serialize;

use crate::api::models::{Certificate, DomainRecord, days_until};
use crate::api::{ApiError, Data, Language, PortalClient, Query};
use crate::config::Profile;
use crate::i18n::Text;

/// Watched lookups run at most this many at a time.
pub const CONCURRENCY: usize = 8;

/// Days ahead an expiry counts as soon: the radar flags it, lists mark it.
pub const SOON_DAYS: i64 = 30;

/// What a profile watches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Watchlist {
    pub domains: Vec<String>,
    pub certificates: Vec<u64>,
    pub services: Vec<u64>,
}

impl Watchlist {
    /// What to ask the portal for: every watched domain, certificate and service.
    pub fn queries(&self) -> Vec<Query> {
        let domains = self.domains.iter().map(|n| Query::Domain(n.clone()));
        let certificates = self.certificates.iter().map(|&id| Query::Certificate(id));
        domains.chain(certificates).chain(self.services.iter().map(|&id| Query::Upgrade(id))).collect()
    }

    pub fn from_profile(profile: &Profile) -> Watchlist {
        Watchlist {
            domains: profile.watch_domains.clone(),
            certificates: profile.watch_certificates.clone(),
            services: profile.watch_services.clone(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    Expired,
    ExpiresSoon,
    AutorenewOff,
    Pending,
    LookupFailed,
}

impl Flag {
    pub fn label(self, language: Language) -> &'static str {
        let text = match self {
            Flag::Expired => Text::FlagExpired,
            Flag::ExpiresSoon => Text::FlagExpiresSoon,
            Flag::AutorenewOff => Text::FlagAutorenewOff,
            Flag::Pending => Text::FlagPending,
            Flag::LookupFailed => Text::FlagLookupFailed,
        };
        text.get(language)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Domain,
    Certificate,
}

/// One line of the radar.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Item {
    pub kind: Kind,
    /// The domain name (for a certificate, the domain it covers).
    pub name: String,
    /// The registration or certificate service id.
    pub id: String,
    pub status: String,
    pub expires: String,
    pub days_left: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub autorenew: Option<bool>,
    /// An expired registration of a name that also has an active one: shown, not flagged.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub superseded: bool,
    pub flags: Vec<Flag>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Item {
    pub fn is_flagged(&self) -> bool {
        !self.flags.is_empty()
    }

    /// Days left in words: `12 d`, `40 d ago`, or `-` without a date.
    pub fn left(&self, language: Language) -> String {
        match self.days_left {
            Some(d) if d < 0 => Text::LeftDaysAgo.fill(language, &[("n", &-d)]),
            Some(d) => Text::LeftDays.fill(language, &[("n", &d)]),
            None => "-".into(),
        }
    }

    /// What needs attention, and why an item is shown unflagged, in words.
    pub fn attention(&self, language: Language) -> String {
        let mut notes: Vec<String> = self.flags.iter().map(|f| f.label(language).to_owned()).collect();
        if self.superseded {
            notes.push(Text::OldRegistration.get(language).into());
        }
        notes.extend(self.error.clone());
        notes.join(", ")
    }
}

/// What a lookup of one watched item gave.
pub enum Found<'a> {
    Domain(&'a str, Result<&'a [DomainRecord], String>),
    Certificate(u64, Result<&'a Certificate, String>),
}

/// Builds the radar, flagged items first within equal expiry, soonest expiry first,
/// unknown dates and failed lookups last.
pub fn build(found: &[Found<'_>], today: time::Date, within: i64) -> Vec<Item> {
    let mut items = Vec::new();
    for f in found {
        match f {
            Found::Domain(name, Ok(records)) => {
                let active = records.iter().any(|r| r.status.eq_ignore_ascii_case("active"));
                for r in records.iter() {
                    if let Some(reason) = &r.unreadable {
                        items.push(failed(Kind::Domain, if r.name.is_empty() { name } else { &r.name }, &r.id, reason));
                        continue;
                    }
                    let days = days_until(&r.expires, today);
                    let expired = r.status.eq_ignore_ascii_case("expired") || days.is_some_and(|d| d < 0);
                    let superseded = expired && active && !r.status.eq_ignore_ascii_case("active");
                    let mut flags = Vec::new();
                    if !superseded {
                        if expired {
                            flags.push(Flag::Expired);
                        } else if days.is_some_and(|d| d <= within) {
                            flags.push(Flag::ExpiresSoon);
                        }
                        if !r.autorenew && !expired {
                            flags.push(Flag::AutorenewOff);
                        }
                        if r.status.eq_ignore_ascii_case("pending") {
                            flags.push(Flag::Pending);
                        }
                    }
                    items.push(Item {
                        kind: Kind::Domain,
                        name: if r.name.is_empty() { (*name).to_owned() } else { r.name.clone() },
                        id: r.id.clone(),
                        status: r.status.clone(),
                        expires: r.expires.clone(),
                        days_left: days,
                        autorenew: Some(r.autorenew),
                        superseded,
                        flags,
                        error: None,
                    });
                }
            }
            Found::Certificate(_, Ok(cert)) => {
                let days = days_until(&cert.cert_expires, today);
                let is = |word: &str| [&cert.status, &cert.cert_status].iter().any(|s| s.eq_ignore_ascii_case(word));
                let pending = is("pending");
                let mut flags = Vec::new();
                if days.is_some_and(|d| d < 0) || is("expired") {
                    flags.push(Flag::Expired);
                } else if days.is_some_and(|d| d <= within) {
                    flags.push(Flag::ExpiresSoon);
                }
                if pending {
                    flags.push(Flag::Pending);
                }
                let status = if cert.cert_status.is_empty() { cert.status.clone() } else { cert.cert_status.clone() };
                items.push(Item {
                    kind: Kind::Certificate,
                    name: cert.domain.clone(),
                    id: cert.id.clone(),
                    status,
                    expires: cert.cert_expires.clone(),
                    days_left: days,
                    autorenew: None,
                    superseded: false,
                    flags,
                    error: None,
                });
            }
            Found::Domain(name, Err(e)) => items.push(failed(Kind::Domain, name, "", e)),
            Found::Certificate(id, Err(e)) => items.push(failed(Kind::Certificate, "", &id.to_string(), e)),
        }
    }
    items.sort_by_key(|i| (i.error.is_some(), i.superseded, i.days_left.is_none(), i.days_left, !i.is_flagged()));
    items
}

fn failed(kind: Kind, name: &str, id: &str, error: &str) -> Item {
    Item {
        kind,
        name: name.to_owned(),
        id: id.to_owned(),
        status: String::new(),
        expires: String::new(),
        days_left: None,
        autorenew: None,
        superseded: false,
        flags: vec![Flag::LookupFailed],
        error: Some(error.to_owned()),
    }
}

/// The raw answers of a watchlist fetch, in watchlist order.
pub struct Fetched {
    pub domains: Vec<(String, Result<Vec<DomainRecord>, ApiError>)>,
    pub certificates: Vec<(u64, Result<Certificate, ApiError>)>,
}

impl Fetched {
    pub fn found(&self) -> Vec<Found<'_>> {
        let domains = self
            .domains
            .iter()
            .map(|(n, r)| Found::Domain(n, r.as_ref().map(Vec::as_slice).map_err(ToString::to_string)));
        let certs =
            self.certificates.iter().map(|(id, r)| Found::Certificate(*id, r.as_ref().map_err(ToString::to_string)));
        domains.chain(certs).collect()
    }

    /// Takes out a refused session, if any lookup met one: that is the command's error,
    /// not a flag on one item.
    pub fn take_auth_error(&mut self) -> Option<ApiError> {
        fn take<K, V>(answers: &mut Vec<(K, Result<V, ApiError>)>) -> Option<ApiError> {
            let pos = answers.iter().position(|(_, r)| r.as_ref().is_err_and(ApiError::is_auth))?;
            answers.swap_remove(pos).1.err()
        }
        take(&mut self.domains).or_else(|| take(&mut self.certificates))
    }
}

/// Fetches every watched domain and certificate, [`CONCURRENCY`] at a time.
pub async fn fetch(client: &PortalClient, watch: &Watchlist) -> Fetched {
    use futures::StreamExt;
    let queries = watch.queries().into_iter().filter(|q| !matches!(q, Query::Upgrade(_)));
    let asked = queries.map(|query| async move {
        let answer = client.fetch(&query).await;
        (query, answer)
    });
    let answers: Vec<_> = futures::stream::iter(asked).buffered(CONCURRENCY).collect().await;
    let mut fetched = Fetched { domains: Vec::new(), certificates: Vec::new() };
    for (query, answer) in answers {
        match query {
            Query::Domain(name) => fetched.domains.push((name, answer.and_then(Data::into_domain))),
            Query::Certificate(id) => {
                fetched.certificates.push((id, answer.and_then(Data::into_certificate).map(|c| *c)))
            }
            Query::Details | Query::Upgrade(_) | Query::Balance => {}
        }
    }
    fetched
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn record(name: &str, status: &str, expires: &str, autorenew: bool) -> DomainRecord {
        DomainRecord {
            name: name.into(),
            status: status.into(),
            expires: expires.into(),
            autorenew,
            ..DomainRecord::default()
        }
    }

    #[test]
    fn flags_and_order() {
        let today = date!(2026 - 11 - 21);
        let example =
            [record("example.vn", "Active", "2027-06-01", true), record("example.vn", "Expired", "2025-01-01", true)];
        let soon = [record("phosaigon.vn", "Active", "2026-12-03", false)];
        let gone = [record("nhasach.vn", "Expired", "2026-10-01", false)];
        let cert = Certificate {
            id: "3301".into(),
            domain: "example.vn".into(),
            status: "Pending".into(),
            cert_expires: "2027-01-10".into(),
            ..Certificate::default()
        };
        let found = [
            Found::Domain("example.vn", Ok(&example)),
            Found::Domain("phosaigon.vn", Ok(&soon)),
            Found::Domain("nhasach.vn", Ok(&gone)),
            Found::Domain("missing.vn", Err("not found".into())),
            Found::Certificate(3301, Ok(&cert)),
        ];
        let items = build(&found, today, 30);
        let summary: Vec<(&str, Option<i64>, Vec<Flag>, bool)> =
            items.iter().map(|i| (i.name.as_str(), i.days_left, i.flags.clone(), i.superseded)).collect();
        assert_eq!(
            summary,
            [
                ("nhasach.vn", Some(-51), vec![Flag::Expired], false),
                ("phosaigon.vn", Some(12), vec![Flag::ExpiresSoon, Flag::AutorenewOff], false),
                ("example.vn", Some(50), vec![Flag::Pending], false),
                ("example.vn", Some(192), vec![], false),
                ("example.vn", Some(-689), vec![], true),
                ("missing.vn", None, vec![Flag::LookupFailed], false),
            ]
        );
        assert_eq!(items[2].kind, Kind::Certificate);
    }
}
