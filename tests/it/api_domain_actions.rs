//! A registration's settings through the client the dashboard and the CLI share, against
//! the demo portal over real HTTP: each read, each change read again, a renewal the credit
//! cannot pay refused in words, and the transfer code kept out of the request log and of
//! every error once read.

use crate::support;

use std::sync::{Arc, Mutex};

use portal_tui::api::http::exchanges::{self, Exchange};
use portal_tui::api::models::{DomainRecord, tld_of};
use portal_tui::api::{ApiError, Change, Operation, PortalClient, Query, Said};
use portal_tui::demo::{CLIENT_HOST, DemoOptions, DemoPortal};
use secrecy::ExposeSecret;
use support::money;
use support::*;
use time::macros::date;

async fn pinned() -> DemoPortal {
    demo_with(DemoOptions { today: Some(date!(2026 - 11 - 21)), ..DemoOptions::default() }).await
}

async fn details(client: &PortalClient, id: u64) -> DomainRecord {
    client.domain_details(id).await.unwrap()
}

#[tokio::test]
async fn each_read_of_a_registrations_settings_and_of_prices() {
    let demo = pinned().await;
    let client = jwt_client(&demo);
    let order = client.domain_order().await.unwrap();
    let suffixes: Vec<String> = order.iter().map(|t| t.suffix()).collect();
    assert_eq!(suffixes, ["vn", "com.vn", "com", "net"]);
    let com_vn = tld_of(&order, "banhmihoian.com.vn").unwrap();
    assert_eq!(com_vn.period(3).unwrap().renew, money("1950000"));
    assert_eq!(tld_of(&order, "dulichdalat.com").unwrap().period(1).unwrap().renew, money("349000.50"));

    assert_eq!(client.nameservers(5120).await.unwrap(), ["ns1.tinohost.com", "ns2.tinohost.com"]);
    assert!(client.registrar_lock(5188).await.unwrap(), "example.vn is locked");
    assert!(!client.registrar_lock(5120).await.unwrap());
    let code = client.transfer_code(5188).await.unwrap();
    assert_eq!(code.code.expose_secret(), demo.transfer_code(CLIENT_HOST, "5188"));

    let free = client.lookup("banhcuon.vn").await.unwrap();
    assert!(free.available && !free.premium, "{free:?}");
    assert_eq!(free.period(2).unwrap().register, money("1230000"));
    let held = client.lookup("Example.VN").await.unwrap();
    assert!(!held.available, "a name of the account is not free: {held:?}");
    assert!(client.lookup("abc.com").await.unwrap().premium);
    let refused = client.lookup("example.org").await.unwrap_err();
    assert!(matches!(refused, ApiError::Portal { op: Operation::DomainLookup, .. }), "{refused:?}");
}

#[tokio::test]
async fn each_change_is_there_when_read_again() {
    let demo = pinned().await;
    let client = jwt_client(&demo);
    let apply = |change: Change| {
        let client = client.clone();
        async move {
            let sent = client.apply(&change, None, |_, _| {}).await;
            assert!(sent.sent && sent.result.is_ok(), "{change:?}: {:?}", sent.result);
            assert_eq!(change.read_again(), change.registration().map(Query::DomainDetails));
        }
    };
    let before = details(&client, 5120).await;
    assert_eq!((before.autorenew, before.idprotection), (Some(false), Some(false)));
    apply(Change::DomainAutorenew { domain_id: 5120, on: true }).await;
    apply(Change::DomainIdProtection { domain_id: 5120, on: true }).await;
    let after = details(&client, 5120).await;
    assert_eq!((after.autorenew, after.idprotection), (Some(true), Some(true)), "{after:?}");
    // The list shows the same registration, as far as it carries the settings: the portal's
    // list has no ID protection.
    let listed = client.domains().await.unwrap().into_iter().find(|d| d.id == "5120").unwrap();
    assert_eq!((listed.autorenew, listed.idprotection), (Some(true), None));

    apply(Change::DomainLock { domain_id: 5188, on: false }).await;
    assert!(!client.registrar_lock(5188).await.unwrap());

    let nameservers = vec!["ns1.hosting.vn".to_owned(), "ns2.hosting.vn".to_owned()];
    apply(Change::DomainNameservers { domain_id: 5120, nameservers: nameservers.clone() }).await;
    assert_eq!(client.nameservers(5120).await.unwrap(), nameservers);
    assert_eq!(details(&client, 5120).await.nameservers, nameservers);
    apply(Change::DomainNameservers { domain_id: 5120, nameservers: Vec::new() }).await;
    assert_eq!(client.nameservers(5120).await.unwrap(), ["ns1.example.vn", "ns2.example.vn"], "the defaults");

    // The demo charges a renewal to the credit at once, as Tino does: acc_credit goes down,
    // what is owed (acc_balance) stays.
    let before = client.balance().await.unwrap();
    apply(Change::DomainRenew { domain_id: 5120, years: 1 }).await;
    let renewed = details(&client, 5120).await;
    assert_eq!((renewed.expires.as_str(), renewed.status.as_str()), ("2027-12-03", "Active"));
    let after = client.balance().await.unwrap();
    let paid = before.credit.unwrap().checked_sub(after.credit.unwrap()).unwrap();
    assert_eq!(paid, money("480000"), "a year at the registration's 480,000");
    assert_eq!(after.unpaid, before.unpaid, "no invoice added");
    let learnt = portal_tui::api::domain_actions::RenewalCharge::landed(&before, &after, money("480000"));
    assert_eq!(learnt, Some(portal_tui::api::domain_actions::RenewalCharge::Credit));
}

#[tokio::test]
async fn a_renewal_the_credit_cannot_pay_is_refused_in_words() {
    let demo = pinned().await;
    let client = jwt_client(&demo);
    let sent = client.apply(&Change::DomainRenew { domain_id: 5131, years: 3 }, None, |_, _| {}).await;
    let e = sent.result.unwrap_err();
    assert!(matches!(&e, ApiError::Portal { said, .. } if said == &[Said::Words("insufficient_credit".into())]));
    assert!(!e.may_have_applied(), "a refusal, not a lost answer");
    assert_eq!(
        e.to_string(),
        "domain renewal failed: the portal says: not enough account credit to pay for the renewal"
    );
    assert_eq!(details(&client, 5131).await.expires, "2027-01-25", "nothing was renewed");
    // One year is within the credit.
    let one = client.apply(&Change::DomainRenew { domain_id: 5131, years: 1 }, None, |_, _| {}).await;
    assert!(one.result.is_ok(), "{:?}", one.result);
    assert_eq!(details(&client, 5131).await.expires, "2028-01-25");
}

#[tokio::test]
async fn the_transfer_code_is_withheld_from_the_request_log_and_redacted_once_read() {
    let demo = pinned().await;
    let client = jwt_client(&demo);
    let code = demo.transfer_code(CLIENT_HOST, "5188");
    let seen: Arc<Mutex<Vec<Exchange>>> = Arc::default();
    let log = seen.clone();
    let read = exchanges::observe(move |e| log.lock().unwrap().push(e), async {
        client.transfer_code(5188).await.unwrap();
        client.as_sent(&Query::TransferCode(5188)).await.unwrap()
    })
    .await;
    assert!(read.to_string().contains(&code), "--json prints the portal's answer: {read}");
    let seen = seen.lock().unwrap();
    let epp: Vec<&Exchange> = seen.iter().filter(|e| e.path.ends_with("/epp")).collect();
    assert_eq!(epp.len(), 2);
    assert!(epp.iter().all(|e| e.withheld && e.body.is_empty()), "{epp:?}");
    assert!(seen.iter().all(|e| !String::from_utf8_lossy(&e.body).contains(&code)));
    // Whatever echoes it later, an error or any text shown, has it masked.
    let echoed =
        ApiError::Portal { op: Operation::DomainLock, said: vec![Said::Words(format!("code {code} is wrong"))] };
    let shown = client.redact_error(echoed).to_string();
    assert!(!shown.contains(&code) && shown.contains("is wrong"), "{shown}");
    assert!(!client.redact(&format!("epp={code}")).contains(&code));
}
