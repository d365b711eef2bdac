//! Where the records a `dns` command is about are kept: the name's hosted zone, or its
//! registration in use (or the words for a name that has neither).

use crate::api::dns::registration;
use crate::api::models::{DnsRecord, DomainRecord, Zone, ZoneRef};
use crate::api::{ApiError, DnsSource, ErrorKind, Language, Operation, PortalClient};
use crate::i18n::Text;

/// The registration of `name` whose DNS is in use (`api::dns::registration::in_use`) and its id.
pub async fn in_use(client: &PortalClient, name: &str, language: Language) -> Result<(DomainRecord, u64), ApiError> {
    let records = client.domain_records(name).await?;
    let Some(chosen) = registration::in_use(records) else {
        let detail = Text::RepNoActiveRegistration.fill(language, &[("name", &name)]);
        return Err(ApiError::InvalidInput { op: Operation::Dns, detail });
    };
    let id = registration::id(&chosen)?;
    Ok((chosen, id))
}

/// Where the DNS records of a name a `dns` command is about are kept.
pub enum DnsHome {
    /// Its hosted zone (the portal's `GET /dns` lists one of this name).
    Zone { name: String, zone: ZoneRef },
    /// The registration whose DNS is in use, and its id.
    Registrar(Box<DomainRecord>, u64),
}

impl DnsHome {
    pub fn source(&self) -> DnsSource {
        match self {
            DnsHome::Zone { zone, .. } => DnsSource::Zone(*zone),
            DnsHome::Registrar(_, id) => DnsSource::Registrar(*id),
        }
    }

    /// The records as `dns NAME` lists them, under a heading that says where they are kept.
    pub fn report(&self, records: &[DnsRecord], language: Language) -> String {
        match self {
            DnsHome::Registrar(registration, _) => crate::cli::report::dns(registration, records, language),
            DnsHome::Zone { name, zone } => {
                let fill: [(&str, &dyn std::fmt::Display); 3] =
                    [("name", name), ("zone", &zone.zone_id), ("service", &zone.service_id)];
                crate::cli::report::dns_under(Text::RepZoneDnsOf.fill(language, &fill), name, records, language)
            }
        }
    }

    /// `domain NAME (…): WHAT`, naming the registration or the hosted zone.
    pub fn change_words(&self, name: &str, what: &str, language: Language) -> String {
        match self {
            DnsHome::Registrar(_, id) => {
                Text::CliDomainChange.fill(language, &[("name", &name), ("id", id), ("what", &what)])
            }
            DnsHome::Zone { zone, .. } => {
                let fill: [(&str, &dyn std::fmt::Display); 4] =
                    [("name", &name), ("zone", &zone.zone_id), ("service", &zone.service_id), ("what", &what)];
                Text::CliZoneChange.fill(language, &fill)
            }
        }
    }
}

/// Where the DNS of a record's full name `fqdn` is kept, for a hook that is handed the
/// name alone (`acme`): the hosted zone or the registration of the longest name that ends
/// it (itself, then each name above it down to two labels), and that name. `None` when the
/// portal has neither for any of them. The zones are read once; a registration is looked
/// up only for a name that can be registered (no label starting with `_`).
pub async fn dns_home_above(
    client: &PortalClient,
    fqdn: &str,
    language: Language,
) -> Result<Option<(DnsHome, String)>, ApiError> {
    let zones = match client.zones().await {
        Ok(zones) => zones,
        Err(e) if e.not_offered() => Vec::new(),
        Err(e) => return Err(e),
    };
    for name in names_above(fqdn) {
        if let Some(zone) = crate::api::models::zone_named(&zones, name) {
            return zone_home(name, zone, language).map(|home| Some((home, name.to_owned())));
        }
        if name.split('.').any(|label| label.starts_with('_')) {
            continue;
        }
        match in_use(client, name, language).await {
            Ok((registration, id)) => {
                return Ok(Some((DnsHome::Registrar(Box::new(registration), id), name.to_owned())));
            }
            // Not a name of this account: the portal's "not found", or no registration in use.
            Err(e) if e.kind() == ErrorKind::Portal || e.kind() == ErrorKind::Usage || e.not_offered() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// `fqdn` and every name above it with two labels or more, longest first.
pub fn names_above(fqdn: &str) -> Vec<&str> {
    let fqdn = fqdn.trim().trim_end_matches('.');
    let mut names = vec![fqdn];
    names.extend(fqdn.match_indices('.').map(|(at, _)| &fqdn[at + 1..]));
    names.retain(|name| name.contains('.') && !name.starts_with('.') && !name.is_empty());
    names
}

/// The hosted zone `zone` of `name` as a home, its ids numbers.
fn zone_home(name: &str, zone: &Zone, language: Language) -> Result<DnsHome, ApiError> {
    let Some(at) = zone.at() else {
        let fill: [(&str, &dyn std::fmt::Display); 3] =
            [("name", &name), ("zone", &zone.zone_id), ("service", &zone.service_id)];
        let detail = Text::ZoneIdsNotNumbers.fill(language, &fill);
        return Err(ApiError::UnexpectedShape { op: Operation::Zones, detail });
    };
    Ok(DnsHome::Zone { name: name.to_owned(), zone: at })
}

/// Where the DNS of `name` is kept: its hosted zone when the portal hosts one (a portal
/// without DNS hosting has none), else its registration in use.
pub async fn dns_home(client: &PortalClient, name: &str, language: Language) -> Result<DnsHome, ApiError> {
    if let Some(zone) = client.zone_of(name).await? {
        return zone_home(name, &zone, language);
    }
    let (registration, id) = in_use(client, name, language).await?;
    Ok(DnsHome::Registrar(Box::new(registration), id))
}

#[cfg(test)]
mod tests {
    use super::names_above;

    #[test]
    fn the_names_above_a_record_longest_first() {
        let names = names_above("_acme-challenge.sub.example.vn.");
        assert_eq!(names, ["_acme-challenge.sub.example.vn", "sub.example.vn", "example.vn"]);
        assert_eq!(names_above("example.vn"), ["example.vn"]);
        assert!(names_above("vn").is_empty());
    }
}
