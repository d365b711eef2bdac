//! Support tickets through the client over real HTTP against the demo portal: the three
//! reads, each change against the portal's state in memory (read again after it), the
//! portal's refusals, and an attachment's download under the faults a file can meet.

use crate::support;

use portal_tui::api::models::TicketState;
use portal_tui::api::{ApiError, Change, Language, Message, Operation, Said};
use portal_tui::demo::{CLIENT_HOST, Fault, FaultRule};
use support::*;

#[tokio::test]
async fn the_list_a_conversation_and_the_departments() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    let tickets = client.tickets().await.unwrap();
    let mut summary: Vec<(&str, TicketState, bool)> =
        tickets.iter().map(|t| (t.number(), t.state(), t.is_unread())).collect();
    summary.sort();
    assert_eq!(
        summary,
        [
            ("481902", TicketState::Closed, false),
            ("482650", TicketState::Open, false),
            ("482877", TicketState::Open, false),
            ("482913", TicketState::AwaitingYou, true),
            ("482960", TicketState::Open, false),
        ]
    );

    let thread = client.ticket("482913").await.unwrap();
    assert!(thread.awaiting_you());
    assert_eq!(thread.ticket.deptname, "Kỹ thuật");
    assert_eq!(thread.ticket.email, "demo@example.vn");
    let staff: Vec<bool> = thread.replies.iter().map(|r| r.is_staff()).collect();
    assert_eq!(staff, [true, false, true]);
    let files: Vec<(&str, &str, Option<u64>)> =
        thread.attachments().map(|a| (a.id.as_str(), a.filename.as_str(), a.bytes())).collect();
    assert_eq!(files, [("7731", "loi-502.png", Some(48213))]);
    assert!(thread.replies[1].attachments.len() == 1, "the file is on the client's reply");

    let long = client.ticket("482877").await.unwrap();
    assert!(long.replies.len() >= 4 && long.ticket.body.len() > 600, "{long:?}");
    assert!(long.ticket.body.contains("\n\n"), "line breaks kept");
    assert!(!long.awaiting_you(), "the client wrote last");

    let departments = client.ticket_departments().await.unwrap();
    let named: Vec<(&str, &str)> = departments.iter().map(|d| (d.id.as_str(), d.name.as_str())).collect();
    assert_eq!(named, [("1", "Kỹ thuật"), ("2", "Thanh toán"), ("3", "Kinh doanh")]);
}

#[tokio::test]
async fn each_change_lands_in_the_portals_state() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    let message = |text: &str| Message::new(text).unwrap();
    let apply = |change: Change| {
        let client = client.clone();
        async move {
            let sent = client.apply(&change, None, |_, _| {}).await;
            assert!(sent.sent, "{change:?}");
            sent.result.unwrap_or_else(|e| panic!("{change:?}: {e}"))
        }
    };

    let reply =
        Change::TicketReply { number: "482913".into(), body: message("Website đã chạy lại.\n\tCảm ơn anh.") };
    apply(reply).await;
    let thread = client.ticket("482913").await.unwrap();
    let last = thread.replies.last().unwrap();
    // Sent with its tab; read back as portal text is read, a tab made a space.
    assert_eq!((last.body.as_str(), last.is_staff()), ("Website đã chạy lại.\n Cảm ơn anh.", false));
    assert_eq!(thread.ticket.status, "Customer-Reply");
    assert!(!thread.awaiting_you(), "now staff's turn");

    apply(Change::TicketClose { number: "482913".into() }).await;
    assert_eq!(client.ticket("482913").await.unwrap().state(), TicketState::Closed);
    apply(Change::TicketReopen { number: "482913".into() }).await;
    assert_eq!(client.ticket("482913").await.unwrap().ticket.status, "Open");

    let new = Change::TicketNew {
        dept_id: "2".into(),
        subject: "Đổi phương thức thanh toán".into(),
        body: message("Xin chào"),
    };
    let answer = apply(new).await;
    assert_eq!(answer.answer["ticket_number"], "482961");
    let listed = client.tickets().await.unwrap();
    let created = listed.iter().find(|t| t.number() == "482961").expect("the new ticket is listed");
    assert_eq!((created.subject.as_str(), created.deptname.as_str()), ("Đổi phương thức thanh toán", "Thanh toán"));
}

#[tokio::test]
async fn the_portal_refuses_what_it_does_not_hold_in_the_callers_language() {
    let demo = demo().await;
    for (language, words) in
        [(Language::English, "Ticket not found"), (Language::Vietnamese, "Không tìm thấy phiếu hỗ trợ")]
    {
        let client = client(&demo, CLIENT_HOST, portal_tui::api::AuthMethod::Jwt, language);
        let reply = Change::TicketReply { number: "999999".into(), body: Message::new("?").unwrap() };
        let sent = client.apply(&reply, None, |_, _| {}).await;
        let refused = sent.result.unwrap_err();
        assert!(
            matches!(&refused, ApiError::Portal { op: Operation::TicketReply, said } if said == &[Said::Words(words.into())]),
            "{refused:?}"
        );
        assert!(!refused.may_have_applied());
        let read = client.ticket("999999").await.unwrap_err();
        assert!(matches!(read, ApiError::Portal { op: Operation::Ticket, .. }), "{read:?}");
        let new = Change::TicketNew { dept_id: "42".into(), subject: "x".into(), body: Message::new("x").unwrap() };
        assert!(client.apply(&new, None, |_, _| {}).await.result.is_err(), "an unknown department");
    }
    assert_eq!(Message::new(" \r\n\t "), None, "an empty message cannot even be built");
}

/// Whether an error is the one a fault must give.
type Expected = fn(&ApiError) -> bool;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_attachment_is_its_bytes_or_a_said_failure() {
    let demo = demo().await;
    let client = jwt_client(&demo);
    client.login().await.unwrap();
    let bytes = client.ticket_attachment("482913", "loi-502.png").await.unwrap();
    assert_eq!(bytes.len(), 48213);
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(client.ticket_attachment("482913", "7731").await.unwrap(), bytes, "by id as well");
    let missing = client.ticket_attachment("482913", "khac.png").await.unwrap_err();
    assert!(matches!(missing, ApiError::Portal { .. }), "{missing:?}");
    assert!(demo.requests().iter().any(|r| r == "GET /ticket/attachment/loi-502.png"), "{:?}", demo.requests());

    let under = |fault: Fault, times: u32| {
        demo.set_faults(vec![FaultRule::on(fault, "/ticket/attachment").times(times)]);
        client.ticket_attachment("482913", "loi-502.png")
    };
    assert_eq!(under(Fault::Html502, 1).await.unwrap(), bytes, "a transient failure is retried");
    assert_eq!(under(Fault::Unauthorized, 1).await.unwrap(), bytes, "the session is renewed once");
    let cases: [(Fault, Expected); 6] = [
        (Fault::Html200, |e| matches!(e, ApiError::NotJson { .. })),
        (Fault::Error200, |e| matches!(e, ApiError::Portal { .. })),
        (Fault::FailedBare, |e| matches!(e, ApiError::Portal { .. })),
        (Fault::EmptyBody, |e| matches!(e, ApiError::EmptyBody { .. })),
        (Fault::HugeBody, |e| matches!(e, ApiError::TooLarge { .. })),
        (Fault::Html500, |e| matches!(e, ApiError::Status { .. })),
    ];
    for (fault, expected) in cases {
        let e = under(fault, 1).await.unwrap_err();
        assert!(expected(&e), "{}: {e:?}", fault.name());
        assert!(e.to_string().starts_with("ticket attachment download failed: "), "{e}");
    }
}
