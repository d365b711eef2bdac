//! Where the records a `dns` command is about are kept: the name's hosted zone, or its
//! registration in use (or the words for a name that has neither).

use crate::api::models::{DnsRecord, DomainRecord, ZoneRef};
use crate::api::{ApiError, DnsSource, Language, Operation, PortalClient, registration};
use crate::i18n::Text;

/// The registration of `name` whose DNS is in use (`api::registration::in_use`) and its id.
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

/// Where the DNS of `name` is kept: its hosted zone when the portal hosts one (a portal
/// without DNS hosting has none), else its registration in use.
pub async fn dns_home(client: &PortalClient, name: &str, language: Language) -> Result<DnsHome, ApiError> {
    if let Some(zone) = client.zone_of(name).await? {
        let Some(at) = zone.at() else {
            let fill: [(&str, &dyn std::fmt::Display); 3] =
                [("name", &name), ("zone", &zone.zone_id), ("service", &zone.service_id)];
            let detail = Text::ZoneIdsNotNumbers.fill(language, &fill);
            return Err(ApiError::UnexpectedShape { op: Operation::Zones, detail });
        };
        return Ok(DnsHome::Zone { name: name.to_owned(), zone: at });
    }
    let (registration, id) = in_use(client, name, language).await?;
    Ok(DnsHome::Registrar(Box::new(registration), id))
}
