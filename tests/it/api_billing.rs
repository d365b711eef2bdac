//! Paying, cancelling, labelling, the SSL list and signing out, through the client over real
//! HTTP against the demo portal: each read, each change against the portal's state (read
//! again after it), a lost answer to a payment read again and never sent again, and the
//! session ended at the portal so its token no longer works.

use crate::support;

use portal_tui::api::models::{CancelKind, ServiceAction, offers};
use portal_tui::api::{ApiError, AuthMethod, Change, Ended, Language, Money, SessionEnd, plan_payment};
use portal_tui::demo::{CLIENT_HOST, DemoOptions, Fault, FaultRule};
use support::money;
use support::*;

#[tokio::test]
async fn the_reads() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    let methods: Vec<(String, String)> =
        client.payment_methods().await.unwrap().into_iter().map(|p| (p.id, p.name)).collect();
    let named = |id: &str, name: &str| (id.to_owned(), name.to_owned());
    assert_eq!(methods, [named("10", "Chuyển khoản ngân hàng"), named("12", "VNPay"), named("9", "PayPal")]);

    let offered = |methods: &[portal_tui::api::models::ServiceMethod]| {
        (offers(methods, ServiceAction::Cancel), offers(methods, ServiceAction::Label))
    };
    assert_eq!(offered(&client.service_methods(2207).await.unwrap()), (true, true));
    assert_eq!(offered(&client.service_methods(2208).await.unwrap()), (true, false));
    assert!(client.service_methods(2209).await.unwrap().is_empty(), "a service that offers nothing");
    let unknown = client.service_methods(1).await.unwrap_err();
    assert!(matches!(unknown, ApiError::Portal { .. }) && !unknown.not_offered(), "{unknown:?}");

    assert_eq!(client.service_label(2207).await.unwrap(), "Máy chủ bán hàng");
    assert_eq!(client.service_label(2208).await.unwrap(), "");

    let today = portal_tui::api::models::today();
    let certs = client.certificates().await.unwrap();
    let listed: Vec<(&str, &str, &str, Option<i64>)> =
        certs.iter().map(|c| (c.id.as_str(), c.domain.as_str(), c.cert_status.as_str(), c.days_left(today))).collect();
    assert_eq!(
        listed,
        [
            ("3301", "example.vn", "", Some(362)),
            ("3302", "phosaigon.vn", "Issued", Some(25)),
            ("3303", "caphesuada.vn", "Expired", Some(-35)),
        ]
    );
    let pem = client.certificate_crt(3302).await.unwrap();
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----\n") && pem.ends_with("-----END CERTIFICATE-----\n"), "{pem}");
    assert!(client.certificate_crt(3303).await.is_ok(), "an expired certificate was issued");
    let pending = client.certificate_crt(3301).await.unwrap_err();
    assert!(pending.to_string().contains("has not been issued yet"), "{pending}");

    // The reseller portal answers the certificate as JSON: read the same.
    let reseller = client_for_reseller(&demo);
    let pem = reseller.certificate_crt(4401).await.unwrap();
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----\n"), "{pem}");
}

fn client_for_reseller(demo: &portal_tui::demo::DemoPortal) -> portal_tui::api::PortalClient {
    client(demo, portal_tui::demo::RESELLER_HOST, AuthMethod::Jwt, Language::English)
}

#[tokio::test]
async fn a_payment_takes_the_credit_and_marks_the_invoice_paid() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    let balance = client.balance().await.unwrap();
    assert_eq!(balance.available_credit(), Some(money("660000")));
    // What is owed: the three unpaid invoices, 412,500 + 528,000 + 682,000.
    assert_eq!(balance.unpaid, Some(money("1622500")));

    // 90441 asks 682,000: more than the credit, refused before sending.
    let big = client.invoice(90441).await.unwrap();
    let refused = plan_payment(90441, &big, &balance, None).unwrap_err();
    assert_eq!(
        refused,
        portal_tui::api::PayRefusal::MoreThanCredit { amount: money("682000"), credit: money("660000") }
    );

    // 90412 asks 412,500: paid whole.
    let invoice = client.invoice(90412).await.unwrap();
    let payment = plan_payment(90412, &invoice, &balance, None).unwrap();
    assert_eq!((payment.due, payment.credit_after), (money("412500"), money("247500")));
    let sent = client.apply(&payment.change(), None, |_, _| {}).await;
    assert!(sent.sent && sent.result.is_ok(), "{:?}", sent.result);
    let paid = client.invoice(90412).await.unwrap();
    assert_eq!((paid.status.as_str(), paid.still_due()), ("Paid", Some(Money::ZERO)));
    assert!(!paid.datepaid.is_empty());
    let after = client.balance().await.unwrap();
    assert_eq!((after.available_credit(), after.unpaid), (Some(money("247500")), Some(money("1210000"))));
    assert_eq!(client.account().await.unwrap().credit, "247500.000");
    let again = plan_payment(90412, &paid, &client.balance().await.unwrap(), None).unwrap_err();
    assert_eq!(again, portal_tui::api::PayRefusal::AlreadyPaid);

    // Part of 90438 (528,000): the rest still due, the invoice still unpaid.
    let part = Change::InvoicePay { invoice_id: 90438, amount: Some(money("100000")) };
    client.apply(&part, None, |_, _| {}).await.result.unwrap();
    let partly = client.invoice(90438).await.unwrap();
    assert_eq!((partly.status.as_str(), partly.still_due()), ("Unpaid", Some(money("428000"))));
    let after = client.balance().await.unwrap();
    assert_eq!((after.available_credit(), after.unpaid), (Some(money("147500")), Some(money("1110000"))));

    // The portal refuses what the credit cannot pay, in words.
    let too_much = Change::InvoicePay { invoice_id: 90438, amount: Some(money("200000")) };
    let refused = client.apply(&too_much, None, |_, _| {}).await.result.unwrap_err();
    assert!(refused.to_string().contains("Not enough credit") && !refused.may_have_applied(), "{refused}");
}

#[tokio::test]
async fn a_lost_answer_to_a_payment_is_read_again_never_sent_again() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/invoice/90412/credit")]);
    demo.reset_traffic();
    let sent = client.apply(&Change::InvoicePay { invoice_id: 90412, amount: None }, None, |_, _| {}).await;
    // The invoice read again is paid: applied, read back.
    let answer = sent.result.unwrap();
    assert!(sent.sent && answer.read_back, "{answer:?}");
    let posts: Vec<String> = demo.requests().into_iter().filter(|r| r.starts_with("POST")).collect();
    assert_eq!(posts, ["POST /invoice/90412/credit"], "sent once");
    assert_eq!(client.invoice(90412).await.unwrap().status, "Paid", "it was applied: the read says so");
}

#[tokio::test]
async fn cancelling_and_labelling_land_in_the_portals_state() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    let apply = |change: Change| {
        let client = client.clone();
        async move { client.apply(&change, None, |_, _| {}).await.result }
    };
    let end_of_period =
        Change::ServiceCancel { service_id: 2208, immediate: false, reason: "Chuyển sang VPS".into() };
    apply(end_of_period.clone()).await.unwrap();
    let service = client.service(2208).await.unwrap();
    assert_eq!(service.status, "Active", "active until the end of the period");
    let request = service.cancellation.clone().expect("the request read as the service's cancellation");
    assert_eq!((request.kind, request.reason.as_str()), (CancelKind::EndOfPeriod, "Chuyển sang VPS"));
    assert_eq!(request.date, service.next_due, "it ends when the period does");
    let twice = apply(end_of_period).await.unwrap_err();
    assert!(twice.to_string().contains("already exists"), "{twice}");

    apply(Change::ServiceCancel { service_id: 2207, immediate: true, reason: "Không dùng nữa".into() }).await.unwrap();
    assert_eq!(client.service(2207).await.unwrap().status, "Cancelled");
    let listed = client.services().await.unwrap();
    assert_eq!(listed.iter().find(|s| s.id == "2207").unwrap().status, "Cancelled");

    let not_offered = apply(Change::ServiceCancel { service_id: 2209, immediate: true, reason: "x".into() }).await;
    assert!(not_offered.unwrap_err().to_string().contains("cannot be cancelled"));

    apply(Change::ServiceLabel { service_id: 2207, label: "Máy chủ cũ".into() }).await.unwrap();
    assert_eq!(client.service_label(2207).await.unwrap(), "Máy chủ cũ");
    assert_eq!(client.service(2207).await.unwrap().label, "Máy chủ cũ");
    let refused = apply(Change::ServiceLabel { service_id: 2208, label: "x".into() }).await.unwrap_err();
    assert!(refused.to_string().contains("has no label"), "{refused}");
}

#[tokio::test]
async fn signing_out_ends_the_tokens_at_the_portal() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    demo.reset_traffic();
    let ended = client.end_session().await.unwrap();
    assert_eq!(ended, Some(SessionEnd { revoke: Some(Ended::Ended), logout: Ended::Ended }));
    assert_eq!(demo.requests(), ["POST /revoke", "POST /logout"], "revoke first, each once");
    assert_eq!(client.end_session().await.unwrap(), None, "nothing left to end: nothing sent");
    assert_eq!(demo.requests().len(), 2);

    // Basic auth has no session to end.
    let basic = client_basic(&demo);
    assert_eq!(basic.end_session().await.unwrap(), None);

    // A portal without the routes: only the local session ends.
    let seed_only = demo_with(DemoOptions { seed_only: true, ..DemoOptions::default() }).await;
    let old = jwt_client(&seed_only);
    old.login().await.unwrap();
    let ended = old.end_session().await.unwrap().unwrap();
    assert!(ended.not_offered(), "{ended:?}");
}

fn client_basic(demo: &portal_tui::demo::DemoPortal) -> portal_tui::api::PortalClient {
    client(demo, CLIENT_HOST, AuthMethod::Basic, Language::English)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_certificate_download_is_a_pem_or_a_said_failure() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    let pem = client.certificate_crt(3302).await.unwrap();
    let under = |fault: Fault| {
        demo.set_faults(vec![FaultRule::on(fault, "/certificate/3302/crt").times(1)]);
        client.certificate_crt(3302)
    };
    assert_eq!(under(Fault::Html502).await.unwrap(), pem, "a transient failure is retried");
    assert_eq!(under(Fault::Unauthorized).await.unwrap(), pem, "the session is renewed once");
    let login_page = under(Fault::Html200).await.unwrap_err();
    assert!(
        matches!(login_page, ApiError::NotJson { .. }),
        "a page is never taken for the certificate: {login_page:?}"
    );
    let refused = under(Fault::Error200).await.unwrap_err();
    assert!(matches!(refused, ApiError::Portal { .. }), "{refused:?}");
    let hostile = under(Fault::HostileText).await;
    assert!(hostile.is_err() || !hostile.unwrap().contains('\u{1b}'), "no escape reaches a saved file");
    assert!(login_page.to_string().starts_with("certificate download failed: "), "{login_page}");
}
