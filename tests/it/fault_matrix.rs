//! The fault matrix: every operation × every fault of the demo portal, through the same
//! client the dashboard and the CLI use. Each cell checks the error kind and the message a
//! person reads; retried faults are checked to wear off when they are transient.

use crate::support;

use std::time::Duration;

use portal_tui::api::buying::quote_body;
use portal_tui::api::{ApiError, AuthMethod, BodyKind, Change, ChangeOutcome, Language, Operation, PortalClient, Said};
use portal_tui::demo::{
    CLIENT_HOST, DemoPortal, EXAMPLE_ZONE, Fault, FaultRule, example_change, example_domain_order, example_resources,
};
use support::*;

/// Every operation but the attachment's and the certificate's downloads, whose answer is a
/// file, not JSON (their faults are in `api_tickets.rs` and `api_billing.rs`), and signing
/// out, whose answers are read for whether the session ended (`api_billing.rs`).
fn ops() -> impl Iterator<Item = Operation> {
    Operation::ALL.iter().copied().filter(|op| {
        !matches!(op, Operation::Logout | Operation::Revoke | Operation::TicketAttachment | Operation::CertificateCrt)
    })
}

/// Where the demo portal serves an operation (what a fault rule matches): a change's own
/// path, from its request.
fn path(op: Operation) -> String {
    if let Some(change) = example_change(op) {
        return change.request().path();
    }
    match op {
        Operation::Login => "/login",
        Operation::Refresh => "/token",
        Operation::Details => "/details",
        Operation::Certificate => "/certificate",
        Operation::Domain => "/domain",
        Operation::Upgrade => "/service",
        Operation::Balance => "/balance",
        Operation::Services | Operation::Service => "/service",
        Operation::Domains | Operation::DomainDetails | Operation::Dns | Operation::DnsTypes => "/domain",
        Operation::UpgradeEstimate => "/service",
        Operation::Invoices | Operation::Invoice => "/invoice",
        Operation::Tickets | Operation::Ticket => "/tickets",
        Operation::TicketDepartments => "/ticket/departments",
        Operation::TicketAttachment => "/ticket/attachment",
        Operation::DomainOrder
        | Operation::Nameservers
        | Operation::RegistrarLock
        | Operation::TransferCode
        | Operation::DomainLookup => "/domain",
        Operation::Payments => "/payment",
        Operation::ServiceMethods | Operation::ServiceLabel => "/service",
        Operation::Certificates | Operation::CertificateCrt => "/certificate",
        Operation::Logout => "/logout",
        Operation::Revoke => "/revoke",
        Operation::Zones => "/dns",
        Operation::ZoneRecords => "/service",
        Operation::Categories | Operation::Products => "/category",
        Operation::ProductConfig => "/order",
        Operation::TldForm => "/domain/order",
        Operation::Contacts | Operation::Contact => "/contact",
        Operation::DomainContacts => "/domain",
        Operation::OrderedService => "/service/order",
        Operation::Quote => "/quote",
        op => panic!("{op:?}: neither a read this test knows nor a change with an example in src/demo/examples.rs"),
    }
    .to_owned()
}

async fn call(op: Operation, client: &PortalClient) -> Result<(), ApiError> {
    if let Some(change) = example_change(op) {
        return client.apply(&change, None, |_, _| {}).await.result.map(drop);
    }
    match op {
        Operation::Login => client.login().await.map(drop),
        Operation::Refresh => client.refresh().await.map(drop),
        Operation::Details => client.account().await.map(drop),
        Operation::Certificate => client.certificate(3301).await.map(drop),
        Operation::Domain => client.domain_records("example.vn").await.map(drop),
        Operation::Upgrade => client.upgrade_options(2207).await.map(drop),
        Operation::Balance => client.balance().await.map(drop),
        Operation::Services => client.services().await.map(drop),
        Operation::Service => client.service(2207).await.map(drop),
        Operation::Domains => client.domains().await.map(drop),
        Operation::DomainDetails => client.domain_details(5188).await.map(drop),
        Operation::Dns => client.dns_records(5188).await.map(drop),
        Operation::Invoices => client.invoices().await.map(drop),
        Operation::Invoice => client.invoice(90441).await.map(drop),
        Operation::DnsTypes => client.dns_types(5188).await.map(drop),
        Operation::Tickets => client.tickets().await.map(drop),
        Operation::Ticket => client.ticket("482913").await.map(drop),
        Operation::TicketDepartments => client.ticket_departments().await.map(drop),
        Operation::TicketAttachment => client.ticket_attachment("482913", "loi-502.png").await.map(drop),
        Operation::DomainOrder => client.domain_order().await.map(drop),
        Operation::Nameservers => client.nameservers(5188).await.map(drop),
        Operation::RegistrarLock => client.registrar_lock(5188).await.map(drop),
        Operation::TransferCode => client.transfer_code(5188).await.map(drop),
        Operation::DomainLookup => client.lookup("banhcuon.vn").await.map(drop),
        Operation::UpgradeEstimate => client.estimate(2207, &example_resources()).await.map(drop),
        Operation::Payments => client.payment_methods().await.map(drop),
        Operation::ServiceMethods => client.service_methods(2207).await.map(drop),
        Operation::ServiceLabel => client.service_label(2207).await.map(drop),
        Operation::Certificates => client.certificates().await.map(drop),
        Operation::CertificateCrt => client.certificate_crt(3302).await.map(drop),
        Operation::Logout | Operation::Revoke => client.end_session().await.map(drop),
        Operation::Zones => client.zones().await.map(drop),
        Operation::ZoneRecords => client.zone_records(EXAMPLE_ZONE).await.map(drop),
        Operation::Categories => client.categories().await.map(drop),
        Operation::Products => client.products(11).await.map(drop),
        Operation::ProductConfig => client.product_config(341).await.map(drop),
        Operation::TldForm => client.tld_form(1).await.map(drop),
        Operation::Contacts => client.contacts().await.map(drop),
        Operation::Contact => client.contact(49).await.map(drop),
        Operation::DomainContacts => client.domain_contacts(5188).await.map(drop),
        Operation::OrderedService => client.ordered_service("72207").await.map(drop),
        Operation::Quote => {
            let body = quote_body(example_domain_order().quote_item(), None, None);
            client.quote(&body).await.map(drop)
        }
        op => panic!("{op:?}: neither a read this test knows nor a change with an example in src/demo/examples.rs"),
    }
}

/// The example of the change `op` is.
fn change(op: Operation) -> Change {
    example_change(op).unwrap_or_else(|| panic!("{op:?}: no example in src/demo/examples.rs"))
}

/// The method a change is sent with (its fault leaves the reads before it alone).
fn method(op: Operation) -> String {
    change(op).request().method.to_string()
}

/// Runs `op` with `rule` active, after a clean login (except for the login itself).
async fn run(op: Operation, rule: FaultRule) -> Result<(), ApiError> {
    let demo: DemoPortal = demo().await;
    let mut client = jwt_client(&demo);
    if rule.fault == Fault::HugeBody {
        // Refused by its size, never by the clock: 8 MiB read on a loaded machine by a debug
        // build may take longer than the 3 s the other cells wait.
        let mut settings = settings_for(&demo.url(), &demo, CLIENT_HOST, AuthMethod::Jwt, Language::English);
        settings.timeout = Duration::from_secs(30);
        client = PortalClient::new(settings).unwrap();
    }
    if op != Operation::Login {
        client.login().await.expect("clean login");
    }
    demo.set_faults(vec![rule]);
    call(op, &client).await
}

/// Whether a change's answer under `fault` is unclear: the portal may have applied it, so
/// it is read again and said applied, not applied or cannot tell, never refused.
fn unclear(fault: Fault) -> bool {
    !matches!(
        fault,
        Fault::NotFound
            | Fault::Error200
            | Fault::FailedBare
            | Fault::Unauthorized200
            | Fault::EmptyBody
            | Fault::NoContent
            | Fault::WrongTypes
            | Fault::HostileText
            | Fault::HugeAmounts
            | Fault::BadRecord
            | Fault::OtherAdmin
            | Fault::PositionIds
            | Fault::LaggingReads
            | Fault::LookupBySuffix
            | Fault::RenewalsInvoiced
            | Fault::MinTtl
    )
}

/// What a fault must produce on an operation that does not recover from it: for a change
/// whose answer was unclear, what came back, inside the verdict of the read after it.
fn expected(fault: Fault, err: &ApiError) -> bool {
    let err = match err {
        ApiError::Unclear { answer, .. } | ApiError::NotApplied { answer, .. } if unclear(fault) => answer.as_ref(),
        err => err,
    };
    match fault {
        Fault::Html502 => {
            matches!(err, ApiError::Status { status, body: BodyKind::Html, .. } if status == "502 Bad Gateway")
        }
        Fault::Html500 => {
            matches!(err, ApiError::Status { status, body: BodyKind::Html, .. } if status.starts_with("500"))
        }
        Fault::NotFound => matches!(err, ApiError::Status { status, .. } if status == "404 Not Found"),
        Fault::Html200 => matches!(err, ApiError::NotJson { kind: BodyKind::Html, .. }),
        Fault::Unauthorized => matches!(err, ApiError::Auth { .. }),
        Fault::Error200 => matches!(err, ApiError::Portal { .. } | ApiError::Auth { .. }),
        Fault::EmptyBody => matches!(err, ApiError::EmptyBody { .. }),
        Fault::TruncatedJson => matches!(err, ApiError::InvalidJson { .. }),
        Fault::WrongTypes => matches!(err, ApiError::UnexpectedShape { .. }),
        Fault::HugeBody => matches!(err, ApiError::TooLarge { .. }),
        Fault::SlowBody | Fault::SlowAnswer => matches!(err, ApiError::Timeout { .. }),
        Fault::TooMany => {
            matches!(err, ApiError::RateLimited { retry_after: Some(d), .. } if *d == Duration::from_secs(1))
        }
        Fault::TooManyBare => matches!(err, ApiError::RateLimited { retry_after: None, .. }),
        Fault::DropConnection => matches!(err, ApiError::Connection { .. }),
        // Only a change is answered so; the login is the one POST here.
        Fault::LostAnswer => matches!(err, ApiError::Status { status, .. } if status.starts_with("504")),
        Fault::SeeOther => matches!(
            err,
            ApiError::Redirected { .. }
                | ApiError::RedirectLoop { .. }
                | ApiError::UnexpectedShape { .. }
                | ApiError::Portal { .. }
        ),
        Fault::NoContent => matches!(err, ApiError::EmptyBody { .. }),
        Fault::FailedBare => matches!(err, ApiError::Portal { said, .. } if said == &[Said::NoReason]),
        Fault::Unauthorized200 => matches!(err, ApiError::Auth { .. }),
        // The record a change names may be the one another admin just deleted.
        Fault::OtherAdmin => matches!(err, ApiError::Portal { .. }),
        Fault::AppliedUnauthorized => matches!(err, ApiError::Auth { .. }),
        Fault::AppliedServerError => matches!(err, ApiError::Portal { .. }),
        Fault::AppliedBadGateway => matches!(err, ApiError::Status { status, .. } if status == "502 Bad Gateway"),
        // A lookup (a read made with a POST) takes a bare word for its answer.
        Fault::AppliedGarbage => matches!(err, ApiError::NotJson { .. } | ApiError::UnexpectedShape { .. }),
        Fault::AppliedDrop => matches!(err, ApiError::Connection { .. }),
        Fault::HostileText
        | Fault::HugeAmounts
        | Fault::BadRecord
        | Fault::PositionIds
        | Fault::LaggingReads
        | Fault::LookupBySuffix
        | Fault::RenewalsInvoiced
        | Fault::MinTtl => false,
    }
}

/// The words a person must read for each fault.
fn message_mentions(fault: Fault) -> &'static str {
    match fault {
        Fault::Html502 => "502 Bad Gateway (HTML page)",
        Fault::Html500 => "500 Internal Server Error (HTML page)",
        Fault::NotFound => "404 Not Found",
        Fault::Html200 => "HTML page instead of JSON",
        Fault::Unauthorized => "unauthorized",
        Fault::Error200 => "",
        Fault::EmptyBody => "empty answer",
        Fault::TruncatedJson => "invalid JSON",
        Fault::WrongTypes => "unexpected answer",
        Fault::HugeBody => "MiB, refused",
        Fault::SlowBody | Fault::SlowAnswer => "time-out",
        Fault::TooMany => "rate limited by the portal (429), retry after 1s",
        Fault::TooManyBare => "rate limited by the portal (429)",
        Fault::DropConnection => "connection lost",
        Fault::LostAnswer => "504 Gateway Timeout (HTML page)",
        Fault::SeeOther | Fault::OtherAdmin | Fault::AppliedUnauthorized => "",
        Fault::NoContent => "empty answer",
        Fault::FailedBare => "gave no reason",
        Fault::Unauthorized200 => "unauthorized",
        Fault::AppliedServerError => "Internal error",
        Fault::AppliedBadGateway => "502 Bad Gateway (HTML page)",
        Fault::AppliedGarbage => "",
        Fault::AppliedDrop => "connection lost",
        Fault::HostileText
        | Fault::HugeAmounts
        | Fault::BadRecord
        | Fault::PositionIds
        | Fault::LaggingReads
        | Fault::LookupBySuffix
        | Fault::RenewalsInvoiced
        | Fault::MinTtl => "",
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_operation_under_every_fault() {
    let mut cells = Vec::new();
    for op in ops() {
        for (name, fault) in Fault::ALL {
            let rule = if op.is_change() {
                FaultRule::on(fault, &path(op)).method(&method(op))
            } else {
                FaultRule::on(fault, &path(op))
            };
            cells.push(async move { (op, name, fault, run(op, rule).await) });
        }
    }
    // A few cells at a time: thirteen 10 MiB bodies at once would time out on a small machine.
    use futures::StreamExt;
    let results: Vec<_> = futures::stream::iter(cells).buffer_unordered(8).collect().await;
    let mut failures = Vec::new();
    for (op, name, fault, result) in results {
        match (op, result) {
            // Hostile text is not an error: it is made harmless (see `hostile_text_is_defused`).
            (_, Ok(())) if fault == Fault::HostileText => {}
            // Amounts at the decimal maximum are read; their sums are checked where made.
            (_, Ok(())) if fault == Fault::HugeAmounts => {}
            // One unreadable record does not lose the others (see `one_bad_record_...`).
            (_, Ok(())) if fault == Fault::BadRecord => {}
            // A change's answer is read as sent, whatever its types.
            (op, Ok(())) if fault == Fault::WrongTypes && op.is_change() => {}
            // A lost or slow answer is a change's fault: reads are left alone.
            (_, Ok(())) if matches!(fault, Fault::LostAnswer | Fault::SlowAnswer) => {}
            // A 2xx with no body at all is a change's success.
            (op, Ok(())) if op.is_change() && matches!(fault, Fault::NoContent | Fault::EmptyBody) => {}
            // A read redirected within the portal is followed (and read leniently).
            (op, Ok(())) if !op.is_change() && fault == Fault::SeeOther => {}
            // An estimate's figures are read as sent, whatever their types (a read that
            // changes nothing, `api::Estimate`).
            (Operation::UpgradeEstimate, Ok(())) if fault == Fault::WrongTypes => {}
            // So is a quote's: its shape is undocumented, read where it is found (`Quote`).
            (Operation::Quote, Ok(())) if fault == Fault::WrongTypes => {}
            // One name where a list is expected is a list of one (`"nameservers": "n/a"`).
            (Operation::Nameservers, Ok(())) if fault == Fault::WrongTypes => {}
            // Its one field is a number, which the fault leaves as it is: the answer is right.
            (Operation::OrderedService, Ok(())) if fault == Fault::WrongTypes => {}
            (_, Ok(())) if matches!(fault, Fault::OtherAdmin | Fault::PositionIds | Fault::LookupBySuffix) => {}
            (_, Ok(())) if fault == Fault::RenewalsInvoiced => {}
            // Only a TTL under the floor is refused (`cli_hook_and_zone_edges`).
            (_, Ok(())) if fault == Fault::MinTtl => {}
            (_, Ok(())) if fault == Fault::LaggingReads => {}
            // Reads are left alone by the faults that apply a change first.
            (op, Ok(())) if !op.is_change() && Fault::APPLIED_THEN.contains(&fault) => {}
            // A change applied before its unclear answer is read back as applied (and
            // `applied_then_unclear_is_sent_once_and_never_refused` checks it is).
            (op, Ok(())) if op.is_change() && Fault::APPLIED_THEN.contains(&fault) => {}
            // Carried out, then answered with half an answer or a redirect: read back.
            (op, Ok(())) if op.is_change() && matches!(fault, Fault::TruncatedJson | Fault::SeeOther) => {}
            // A failed refresh falls back to a fresh login: the user never notices.
            (Operation::Refresh, Ok(())) => {}
            (Operation::Refresh, Err(e)) => {
                failures.push(format!("{op:?} × {name}: should recover by logging in, got {e}"))
            }
            (_, Ok(())) => failures.push(format!("{op:?} × {name}: succeeded under the fault")),
            (_, Err(e)) => {
                let message = e.to_string();
                let prefix = format!("{} failed: ", op.label());
                if !expected(fault, &e) {
                    failures.push(format!("{op:?} × {name}: unexpected {e:?}"));
                } else if !message.starts_with(&prefix) || !message.contains(message_mentions(fault)) {
                    failures.push(format!("{op:?} × {name}: message {message:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} cells wrong:\n{}", failures.len(), failures.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn transient_faults_on_reads_are_retried_until_they_wear_off() {
    let cases = [(Fault::Html502, 2), (Fault::TooMany, 1), (Fault::TooManyBare, 2), (Fault::DropConnection, 2)];
    let mut cells = Vec::new();
    for op in [Operation::Details, Operation::Certificate, Operation::Domain, Operation::Upgrade] {
        for (fault, times) in cases {
            cells.push(async move { (op, fault, run(op, FaultRule::on(fault, &path(op)).times(times)).await) });
        }
    }
    for (op, fault, result) in futures::future::join_all(cells).await {
        assert!(result.is_ok(), "{op:?} × {}: {result:?}", fault.name());
    }
    // Three attempts in all: a third failure is reported.
    let err = run(Operation::Domain, FaultRule::on(Fault::Html502, "/domain").times(3)).await.unwrap_err();
    assert!(matches!(err, ApiError::Status { .. }), "{err:?}");
    // Faults that are not transient are not retried.
    assert!(run(Operation::Domain, FaultRule::on(Fault::Html500, "/domain").times(1)).await.is_err());
}

/// A change is sent once: a transient failure before the portal acted is not retried, and
/// never said to be refused; the records or the object read again say not applied, or
/// that it cannot be told.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn changes_are_never_retried() {
    for op in Operation::ALL.iter().copied().filter(|op| op.is_change()) {
        for fault in [Fault::Html502, Fault::TooManyBare, Fault::DropConnection] {
            let demo: DemoPortal = demo().await;
            let client = jwt_client(&demo);
            client.login().await.unwrap();
            demo.set_faults(vec![FaultRule::on(fault, &path(op)).method(&method(op)).times(1)]);
            demo.reset_traffic();
            let sent = client.apply(&change(op), None, |_, _| {}).await;
            let outcome = ChangeOutcome::of(sent.sent, &sent.result);
            let posted: Vec<_> = demo.requests().into_iter().filter(|r| !r.starts_with("GET")).collect();
            assert_eq!(posted.len(), 1, "{op:?} × {}: sent {posted:?}", fault.name());
            let told = matches!(outcome, ChangeOutcome::NotApplied | ChangeOutcome::Unknown | ChangeOutcome::Done);
            assert!(told, "{op:?} × {}: {outcome:?} {:?}", fault.name(), sent.result.err());
        }
    }
}

#[tokio::test]
async fn login_is_never_retried_blindly() {
    for fault in [Fault::Html502, Fault::TooManyBare, Fault::DropConnection] {
        let err = run(Operation::Login, FaultRule::on(fault, "/login").times(1)).await.unwrap_err();
        assert!(expected(fault, &err), "{}: {err:?}", fault.name());
    }
}

#[tokio::test]
async fn hostile_text_is_defused_at_decoding() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    demo.set_faults(vec![FaultRule::always(Fault::HostileText)]);
    let records = client.domain_records("example.vn").await.unwrap();
    let cert = client.certificate(3301).await.unwrap();
    let account = client.account().await.unwrap();
    let text = format!("{records:?} {cert:?} {account:?}");
    for bad in ['\u{1b}', '\u{7}', '\u{202e}'] {
        assert!(!text.contains(bad), "{bad:?} survived decoding");
    }
    assert!(records[0].nameservers[0].starts_with("ns1.example.vn"), "{:?}", records[0].nameservers);
    assert!(!text.contains("PWNED"), "an OSC string goes whole, title included");
    assert_eq!(records[0].nameservers[0], "ns1.example.vn!", "the visible rest of the text is kept");
}

#[tokio::test]
async fn one_bad_record_does_not_lose_the_others() {
    let demo: DemoPortal = demo().await;
    let client = jwt_client(&demo);
    demo.set_faults(vec![FaultRule::on(Fault::BadRecord, "/domain")]);
    let records = client.domain_records("example.vn").await.unwrap();
    assert_eq!(records.len(), 2);
    let bad = &records[0];
    assert_eq!(bad.name, "example.vn");
    assert!(!bad.id.is_empty());
    let reason = bad.unreadable.as_deref().unwrap();
    // `period` comes before `autorenew` in the record: its error is the one given.
    assert_eq!(reason, "period: expected text, found an array");
    assert!(records[1].unreadable.is_none(), "the other record is read");
    assert!(!records[1].expires.is_empty());
    // A list with one record, unreadable: nothing was read, an error.
    let err = client.domain_records("phosaigon.vn").await.unwrap_err();
    assert!(matches!(err, ApiError::UnexpectedShape { .. }), "{err:?}");
}
