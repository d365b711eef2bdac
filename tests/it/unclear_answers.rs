//! One rule for an unclear answer, for every change: the portal applies the change, then
//! its answer is lost, refused as a session, a 5xx with or without its words, text that is
//! no answer or a dropped connection. The change is sent once, said applied or "cannot
//! tell", never refused, and the change log agrees; with reads that lag behind, what moves
//! money is still never sent twice.

use crate::support;

use futures::StreamExt;
use portal_tui::api::{Change, ChangeOutcome, DnsSource, Resend, Shown, Verdict};
use portal_tui::config::change_log::{Journal, Log};
use portal_tui::demo::{Fault, FaultRule, example_changes};
use support::*;

/// How many times the portal received `change`'s own request.
fn received(demo: &portal_tui::demo::DemoPortal, change: &Change) -> usize {
    let request = change.request();
    let sent = format!("{} {}", request.method, request.path());
    demo.requests().into_iter().filter(|r| *r == sent).count()
}

/// One change sent under `rules` (the fault applies once, to the change itself), its
/// outcome, its result, how many times the portal received it, and the change log's lines.
async fn send(change: Change, rules: Vec<FaultRule>) -> (ChangeOutcome, String, usize, String) {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.expect("clean login");
    demo.set_faults(rules);
    demo.reset_traffic();
    let dir = tempfile::tempdir().unwrap();
    let log = Log { path: dir.path().join("changes.log"), demo: true };
    let journal = Journal::new(Some(log.clone()), "client", "my.example.vn", "subject", &change.describe());
    let shown = shown(&change);
    let sent = client.apply(&change, shown.as_ref(), |_, stage| journal.hear(stage).unwrap()).await;
    let outcome = ChangeOutcome::of(sent.sent, &sent.result);
    let said = match &sent.result {
        Ok(answer) => format!("read back: {}", answer.read_back),
        Err(e) => e.to_string(),
    };
    let lines = std::fs::read_to_string(&log.path).unwrap_or_default();
    (outcome, said, received(&demo, &change), lines)
}

/// What a confirmation shows a DNS change of the examples against: the name of the domain
/// or hosted zone (whose records a portal may list fully qualified).
fn shown(change: &Change) -> Option<Shown> {
    let domain = match change.dns_source()? {
        DnsSource::Registrar(_) => "example.vn",
        DnsSource::Zone(_) => "dulichdalat.com",
    };
    Some(Shown { domain: domain.into(), record: None })
}

/// The rule of `fault` on `change`'s own request, once.
fn on(change: &Change, fault: Fault) -> FaultRule {
    let request = change.request();
    FaultRule::on(fault, &request.path()).method(request.method.as_str()).times(1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn applied_then_unclear_is_sent_once_and_never_refused() {
    let mut cells = Vec::new();
    for change in example_changes() {
        for fault in Fault::APPLIED_THEN {
            let rules = vec![on(&change, fault)];
            let change = change.clone();
            cells.push(async move { (change.operation(), fault, send(change, rules).await) });
        }
    }
    let results: Vec<_> = futures::stream::iter(cells).buffer_unordered(6).collect().await;
    let mut wrong = Vec::new();
    for (op, fault, (outcome, said, received, lines)) in results {
        let cell = format!("{op:?} × {}", fault.name());
        if received != 1 {
            wrong.push(format!("{cell}: the portal received it {received} times"));
        }
        // Applied (read back), or cannot tell: never refused, never "not applied".
        let last = lines.lines().last().unwrap_or_default().to_owned();
        match outcome {
            ChangeOutcome::Done
                if said == "read back: true" && last.ends_with("applied, read back after an unclear answer") => {}
            ChangeOutcome::Unknown if last.contains("\tunknown, the answer was unclear: ") => {}
            other => wrong.push(format!("{cell}: {other:?}, {said}; the log says {last:?}")),
        }
        if lines.lines().count() != 2 || !lines.lines().next().unwrap_or_default().ends_with("\tsending") {
            wrong.push(format!("{cell}: the change log holds {lines:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} cells wrong:\n{}", wrong.len(), wrong.join("\n"));
}

/// Reads that lag one change behind show nothing of a change just applied: what moves money
/// is then "cannot tell", never sent again; anything else may be sent once more at most,
/// and only after a 401 (its reads prove it absent).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn lagging_reads_never_send_money_twice() {
    let mut cells = Vec::new();
    for change in example_changes() {
        for fault in Fault::APPLIED_THEN {
            let rules = vec![FaultRule::always(Fault::LaggingReads), on(&change, fault)];
            let change = change.clone();
            cells.push(async move { (change.clone(), fault, send(change, rules).await) });
        }
    }
    let results: Vec<_> = futures::stream::iter(cells).buffer_unordered(6).collect().await;
    let mut wrong = Vec::new();
    for (change, fault, (outcome, said, received, _)) in results {
        let cell = format!("{:?} × {} × lagging-reads", change.operation(), fault.name());
        let most = match (change.resend(), fault) {
            (Resend::WhenAbsent, Fault::AppliedUnauthorized) => 2,
            _ => 1,
        };
        if received == 0 || received > most {
            wrong.push(format!("{cell}: the portal received it {received} times"));
        }
        if matches!(outcome, ChangeOutcome::Refused) {
            wrong.push(format!("{cell}: said refused: {said}"));
        }
    }
    assert!(wrong.is_empty(), "{} cells wrong:\n{}", wrong.len(), wrong.join("\n"));
}

/// A refusal the portal made before acting is clear: said refused, and read nothing again.
#[tokio::test]
async fn a_clear_refusal_is_refused_and_a_4xx_too() {
    let renew = Change::DomainRenew { domain_id: 5120, years: 1 };
    for fault in [Fault::Error200, Fault::FailedBare, Fault::NotFound] {
        let (outcome, said, received, _) = send(renew.clone(), vec![on(&renew, fault)]).await;
        assert_eq!((outcome, received), (ChangeOutcome::Refused, 1), "{}: {said}", fault.name());
    }
}

/// A 502 before the portal acted, on a change whose reads prove it absent: not applied,
/// never "refused", and not sent again (only a 401 renews what it was sent with).
#[tokio::test]
async fn a_proxy_error_before_acting_is_not_applied_and_not_sent_again() {
    let lock = Change::DomainLock { domain_id: 5188, on: false };
    let (outcome, said, received, lines) = send(lock.clone(), vec![on(&lock, Fault::Html502)]).await;
    assert_eq!((outcome, received), (ChangeOutcome::NotApplied, 1), "{said}");
    assert!(said.contains("502 Bad Gateway") && said.contains("it was not applied"), "{said}");
    assert!(lines.lines().last().unwrap().contains("\tnot applied, the answer was unclear: "), "{lines}");
    // Answered 401 before acting: proved absent, the session renewed, sent once more.
    let (outcome, said, received, _) = send(lock.clone(), vec![on(&lock, Fault::Unauthorized)]).await;
    assert_eq!((outcome, received), (ChangeOutcome::Done, 2), "{said}");
}

/// A portal that bills a renewal on an invoice moves the expiry only when it is paid: a 401
/// after it is read back as applied, with the invoice that bills it; one request, one
/// invoice.
#[tokio::test]
async fn an_invoiced_renewal_answered_401_is_applied_with_its_invoice_never_twice() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    let renew = Change::DomainRenew { domain_id: 5120, years: 1 };
    let before = client.invoices().await.unwrap().len();
    demo.set_faults(vec![FaultRule::always(Fault::RenewalsInvoiced), on(&renew, Fault::AppliedUnauthorized)]);
    demo.reset_traffic();
    let sent = client.apply(&renew, None, |_, _| {}).await;
    let answer = sent.result.expect("read back as applied");
    assert!(answer.read_back, "{answer:?}");
    let invoice = answer.invoice().expect("the invoice that bills it is named");
    assert_eq!(received(&demo, &renew), 1);
    let after = client.invoices().await.unwrap();
    assert_eq!(after.len(), before + 1, "one invoice");
    assert!(after.iter().any(|i| i.id == invoice.as_str()), "{invoice} is listed");
    assert!(matches!(sent.verdict, Some(Verdict::Applied { .. })));
}

/// A renewal answered done after which neither the expiry moved nor an invoice appeared
/// is not done as far as anyone can see: no sign of it.
#[tokio::test]
async fn a_renewal_done_without_sign_is_not_reported_done() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    let renew = Change::DomainRenew { domain_id: 5120, years: 1 };
    // The portal answers done (200, nothing in it) and does nothing.
    demo.set_faults(vec![on(&renew, Fault::EmptyBody)]);
    let sent = client.apply(&renew, None, |_, _| {}).await;
    assert!(sent.result.is_ok() && sent.done_without_sign(), "{:?}", sent.verdict);
}

/// Every change row says what proves it: the reads of its proof, or its records.
#[test]
fn every_change_says_what_proves_it() {
    for change in example_changes() {
        let proved = change.dns_source().is_some() || !change.proof_reads().is_empty();
        assert!(proved, "{:?}: nothing proves it applied or absent", change.operation());
        assert!(!change.looked_at().is_empty());
        // What moves the credit is never sent a second time.
        if change.makes_stale().contains(&portal_tui::api::Query::Balance) {
            assert_eq!(change.resend(), Resend::Never, "{:?}", change.operation());
        }
    }
}
