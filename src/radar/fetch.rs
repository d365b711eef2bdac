//! Gathering the radar: every watched domain, certificate and service and every list the
//! portal offers, asked for at once, and the answers as they came (`Fetched`), which
//! `Fetched::found` hands to `build`.

use super::{CONCURRENCY, Found, Kind, Watchlist};
use crate::api::models::{Certificate, DomainRecord, Invoice, Service, SslService, Ticket};
use crate::api::{ApiError, Data, PortalClient, Query};

/// The raw answers of a radar fetch: the watched items in watchlist order, and the lists
/// (`None` where the portal does not offer one).
pub struct Fetched {
    pub domains: Vec<(String, Result<Vec<DomainRecord>, ApiError>)>,
    pub certificates: Vec<(u64, Result<Certificate, ApiError>)>,
    /// The watched services, each read on its own.
    pub services_watched: Vec<(u64, Result<Service, ApiError>)>,
    pub domain_list: Option<Result<Vec<DomainRecord>, ApiError>>,
    pub services: Option<Result<Vec<Service>, ApiError>>,
    pub invoices: Option<Result<Vec<Invoice>, ApiError>>,
    pub tickets: Option<Result<Vec<Ticket>, ApiError>>,
    /// `GET /certificate`, where the portal offers it.
    pub certificate_list: Option<Result<Vec<SslService>, ApiError>>,
}

impl Fetched {
    pub fn found(&self) -> Vec<Found<'_>> {
        let domains = self.domains.iter().map(|(n, r)| {
            Found::Domain(n, r.as_ref().map(|records| records.iter().collect()).map_err(ToString::to_string))
        });
        let certs =
            self.certificates.iter().map(|(id, r)| Found::Certificate(*id, r.as_ref().map_err(ToString::to_string)));
        let services = self.services_watched.iter().map(|(id, r)| match r {
            Err(e) if e.not_offered() => Found::ServiceNotOffered(*id),
            r => Found::Service(*id, r.as_ref().map_err(ToString::to_string)),
        });
        let mut found: Vec<Found<'_>> = domains.chain(certs).chain(services).collect();
        fn list<'a, T>(
            found: &mut Vec<Found<'a>>,
            answer: &'a Option<Result<Vec<T>, ApiError>>,
            kind: Kind,
            ok: fn(&'a [T]) -> Found<'a>,
        ) {
            match answer {
                Some(Ok(items)) => found.push(ok(items)),
                Some(Err(e)) => found.push(Found::ListFailed(kind, e.operation().label(), e.to_string())),
                None => found.push(Found::NotOffered(kind)),
            }
        }
        list(&mut found, &self.domain_list, Kind::Domain, Found::Domains);
        list(&mut found, &self.services, Kind::Service, Found::Services);
        list(&mut found, &self.invoices, Kind::Invoice, Found::Invoices);
        list(&mut found, &self.tickets, Kind::Ticket, Found::Tickets);
        list(&mut found, &self.certificate_list, Kind::Certificate, |listed| {
            Found::Certificates(listed.iter().collect())
        });
        found
    }

    /// Whether anything was watched or listed at all.
    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
            && self.certificates.is_empty()
            && self.services_watched.is_empty()
            && self.domain_list.is_none()
            && self.services.is_none()
            && self.invoices.is_none()
            && self.tickets.is_none()
            && self.certificate_list.is_none()
    }

    /// The first failure of any lookup: what a run that read nothing failed of.
    pub fn first_error(&self) -> Option<&ApiError> {
        fn first<K, V>(answers: &[(K, Result<V, ApiError>)]) -> Option<&ApiError> {
            answers.iter().find_map(|(_, r)| r.as_ref().err())
        }
        fn list<T>(answer: &Option<Result<T, ApiError>>) -> Option<&ApiError> {
            answer.as_ref().and_then(|r| r.as_ref().err())
        }
        first(&self.domains)
            .or_else(|| first(&self.certificates))
            .or_else(|| first(&self.services_watched))
            .or_else(|| list(&self.domain_list))
            .or_else(|| list(&self.services))
            .or_else(|| list(&self.invoices))
            .or_else(|| list(&self.tickets))
            .or_else(|| list(&self.certificate_list))
    }

    /// Takes out a refused session, if any lookup met one: that is the command's error,
    /// not a flag on one item.
    pub fn take_auth_error(&mut self) -> Option<ApiError> {
        fn take<K, V>(answers: &mut Vec<(K, Result<V, ApiError>)>) -> Option<ApiError> {
            let pos = answers.iter().position(|(_, r)| r.as_ref().is_err_and(ApiError::is_auth))?;
            answers.swap_remove(pos).1.err()
        }
        fn take_list<T>(answer: &mut Option<Result<T, ApiError>>) -> Option<ApiError> {
            match answer.take() {
                Some(Err(e)) if e.is_auth() => Some(e),
                other => {
                    *answer = other;
                    None
                }
            }
        }
        take(&mut self.domains)
            .or_else(|| take(&mut self.certificates))
            .or_else(|| take(&mut self.services_watched))
            .or_else(|| take_list(&mut self.domain_list))
            .or_else(|| take_list(&mut self.services))
            .or_else(|| take_list(&mut self.invoices))
            .or_else(|| take_list(&mut self.tickets))
            .or_else(|| take_list(&mut self.certificate_list))
    }
}

/// A list's answer; a route the portal does not offer is `None`.
fn offered<T>(answer: Result<Data, ApiError>, into: fn(Data) -> Result<T, ApiError>) -> Option<Result<T, ApiError>> {
    match answer {
        Err(e) if e.not_offered() => None,
        other => Some(other.and_then(into)),
    }
}

/// Fetches every watched domain, certificate and service and the portal's lists,
/// [`CONCURRENCY`] at a time.
pub async fn fetch(client: &PortalClient, watch: &Watchlist) -> Fetched {
    use futures::StreamExt;
    let lists = [Query::Domains, Query::Services, Query::Invoices, Query::Tickets, Query::Certificates];
    let queries = watch.queries().into_iter().chain(lists);
    let asked = queries.map(|query| async move {
        let answer = client.fetch(&query).await;
        (query, answer)
    });
    let answers: Vec<_> = futures::stream::iter(asked).buffered(CONCURRENCY).collect().await;
    let mut fetched = Fetched {
        domains: Vec::new(),
        certificates: Vec::new(),
        services_watched: Vec::new(),
        domain_list: None,
        services: None,
        invoices: None,
        tickets: None,
        certificate_list: None,
    };
    for (query, answer) in answers {
        match query {
            Query::Domain(name) => fetched.domains.push((name, answer.and_then(Data::into_domain))),
            Query::Certificate(id) => {
                fetched.certificates.push((id, answer.and_then(Data::into_certificate).map(|c| *c)))
            }
            Query::Service(id) => fetched.services_watched.push((id, answer.and_then(Data::into_service).map(|s| *s))),
            Query::Domains => fetched.domain_list = offered(answer, Data::into_domains),
            Query::Services => fetched.services = offered(answer, Data::into_services),
            Query::Invoices => fetched.invoices = offered(answer, Data::into_invoices),
            Query::Tickets => fetched.tickets = offered(answer, Data::into_tickets),
            Query::Certificates => fetched.certificate_list = offered(answer, Data::into_certificates),
            _ => {}
        }
    }
    fetched
}
