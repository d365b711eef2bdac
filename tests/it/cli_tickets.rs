//! The ticket commands, run as the built binary against the demo portal in this process (so
//! the test sees every request it received): the list and a conversation (hostile text
//! defused), each change through the one change protocol (confirmed, dry run, logged, sent
//! once, a lost answer read again and never re-sent), a message read from a file or stdin
//! and refused when empty, and an attachment saved without overwriting.

use crate::support;

use std::path::Path;

use portal_tui::demo::{DemoPortal, Fault, FaultRule, HOSTILE};
use support::cli;
use support::cli::started;
use support::portal::changes_without_refresh;

async fn run(demo: &DemoPortal, state: &Path, args: &[&str]) -> (i32, String, String) {
    cli::said(&cli::portal_tui(demo, state, args).await)
}

/// Runs the binary with `input` on its standard input.
async fn run_with_stdin(demo: &DemoPortal, state: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let mut cmd = cli::as_demo_client(demo, state);
    cmd.args(args);
    cli::said(&cli::output_with_stdin(cmd, input).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_and_a_conversation_in_either_language() {
    let (demo, state) = started().await;
    let (code, out, err) = run(&demo, state.path(), &["tickets"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("5 tickets: 4 open (1 awaiting your reply)\n"), "{out}");
    let numbers: Vec<&str> = out.lines().skip(2).filter_map(|l| l.split_whitespace().find(|w| w.len() == 6)).collect();
    assert_eq!(numbers, ["482913", "482960", "482877", "482650", "481902"], "your turn first, closed last:\n{out}");
    assert!(out.lines().nth(2).unwrap().trim_start().starts_with("!  482913"), "{out}");

    let (_, open, _) = run(&demo, state.path(), &["tickets", "--open", "--lang", "vi"]).await;
    assert!(open.starts_with("4 phiếu: 4 đang mở (1 chờ bạn trả lời)\n") && !open.contains("481902"), "{open}");
    assert!(open.contains("Đã trả lời") && open.contains("Kỹ thuật"), "{open}");

    let (code, json, _) = run(&demo, state.path(), &["tickets", "--open", "--json"]).await;
    assert_eq!(code, 0);
    let listed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 4, "{json}");
    assert_eq!(listed[0]["client_read"], "0", "as the portal sent it");

    let (code, out, err) = run(&demo, state.path(), &["ticket", "482913"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Ticket #482913 — Website banhmihoian.com.vn báo lỗi 502 Bad Gateway\n"), "{out}");
    assert!(out.contains("Trần Quốc Bảo (staff), ") && out.contains("Nguyễn Thị Minh Anh (you), "), "{out}");
    assert!(out.contains("attachment: loi-502.png (48,213 bytes)"), "{out}");
    assert!(out.lines().all(|l| unicode_width::UnicodeWidthStr::width(l) < 80), "wrapped to 80 off a terminal:\n{out}");
    assert!(out.trim_end().ends_with("ticket reply 482913 --body-file FILE`"), "{out}");

    let (_, vi, _) = run(&demo, state.path(), &["ticket", "482913", "--lang", "vi"]).await;
    assert!(vi.contains("Trần Quốc Bảo (nhân viên) lúc ") && vi.contains("Đang chờ bạn trả lời"), "{vi}");

    let (code, json, _) = run(&demo, state.path(), &["ticket", "482913", "--json"]).await;
    assert_eq!(code, 0);
    let thread: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(thread["replies"][1]["attachments"][0]["size"], "48213");

    let (code, _, err) = run(&demo, state.path(), &["ticket", "999999"]).await;
    assert_eq!(code, 4, "the portal's refusal");
    assert!(err.contains("Ticket not found"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_ticket_is_shown_defused() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::HostileText, "/tickets/482877")]);
    let (code, out, err) = run(&demo, state.path(), &["ticket", "482877"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Công ty TNHH Phở Sài Gòn!"), "the visible rest is kept:\n{out}");
    for bad in ['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}'] {
        assert!(!out.contains(bad) && !err.contains(bad), "{bad:?} reached the terminal");
    }
    assert!(!out.contains("PWNED") && !HOSTILE.is_empty(), "the title string goes whole");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_is_confirmed_logged_sent_once_and_read_again() {
    let (demo, state) = started().await;
    let file = state.path().join("reply.txt");
    std::fs::write(&file, "Chào anh Bảo,\r\n\n\tWebsite đã chạy lại \u{1b}[31mbình thường.\n").unwrap();
    let file = file.to_str().unwrap();

    // Off a terminal, nothing without --yes; a dry run says what it would send.
    let (code, _, err) = run(&demo, state.path(), &["ticket", "reply", "482913", "--body-file", file]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("without --yes"), "{err}");
    let (code, out, _) =
        run(&demo, state.path(), &["ticket", "reply", "482913", "--body-file", file, "--dry-run"]).await;
    assert_eq!(code, 0);
    // The message as the dashboard's confirmation shows it (a tab as four spaces); the
    // request below carries it as sent.
    assert!(out.contains("  Message, 3 lines: Chào anh Bảo,\n\n"), "the message shown:\n{out}");
    assert!(out.contains("\n        Website đã chạy lại bình thường.\n"), "the message shown:\n{out}");
    let sent = r#"would send: POST /tickets/482913 {"body":"Chào anh Bảo,\n\n\tWebsite đã chạy lại bình thường."}"#;
    assert!(out.contains(sent), "{out}");
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));

    let (code, out, err) = run(&demo, state.path(), &["ticket", "reply", "482913", "--body-file", file, "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("done: demo@example.vn at my.example.vn, reply to ticket #482913\n  Ticket: #482913 — "),
        "{out}"
    );
    assert!(
        out.contains("    Website đã chạy lại bình thường.") && out.contains("Customer-Reply"),
        "read again:\n{out}"
    );
    assert!(!out.contains("Awaiting your reply"), "{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /tickets/482913"]);
    let log = std::fs::read_to_string(state.path().join("changes.log")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert!(
        lines[0].contains("\tticket #482913\tPOST /tickets/482913 {\"body\":") && lines[0].ends_with("\tsending"),
        "{log}"
    );
    assert!(lines[1].ends_with("\tapplied"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_message_is_refused_before_anything_is_sent() {
    let (demo, state) = started().await;
    let (code, _, err) =
        run_with_stdin(&demo, state.path(), &["ticket", "reply", "482913", "-", "--yes"], " \n\t\n").await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the message is empty: nothing was sent"), "{err}");
    let (code, _, err) = run_with_stdin(
        &demo,
        state.path(),
        &["ticket", "new", "--department", "1", "--subject", "Lỗi", "-", "--yes", "--lang", "vi"],
        "\u{1b}[2J\n",
    )
    .await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("nội dung trống: không gửi gì"), "{err}");
    assert!(changes_without_refresh(&demo).is_empty(), "{:?}", changes_without_refresh(&demo));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_answer_to_a_reply_is_read_again_never_sent_again() {
    let (demo, state) = started().await;
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/tickets/482913").method("POST").times(1)]);
    let reply = ["ticket", "reply", "482913", "-", "--yes"];
    let (code, out, err) = run_with_stdin(&demo, state.path(), &reply, "Đã kiểm tra, cảm ơn anh.\n").await;
    // The reply is in the conversation read again: applied, not sent again.
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("so it was not sent again"), "{out}");
    assert!(out.contains("    Đã kiểm tra, cảm ơn anh."), "the ticket as the portal has it now:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /tickets/482913"], "sent once");

    demo.reset_traffic();
    demo.set_faults(vec![FaultRule::on(Fault::LostAnswer, "/tickets/482913").method("POST").times(1)]);
    let (code, out, _) = run_with_stdin(&demo, state.path(), &[&reply[..], &["--json"]].concat(), "Lần nữa\n").await;
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!((value["outcome"].as_str(), value["read_back"].as_str()), (Some("applied"), Some("applied")));
    let replies = value["state"]["replies"].as_array().unwrap();
    assert_eq!(replies.last().unwrap()["body"], "Lần nữa");
    assert_eq!(changes_without_refresh(&demo), ["POST /tickets/482913"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_ticket_joins_the_list_and_close_reopen_change_its_status() {
    let (demo, state) = started().await;
    let new = ["ticket", "new", "--department", "thanh TOÁN", "--subject", "Đổi thông tin xuất hóa đơn", "-", "--yes"];
    let (code, out, err) = run_with_stdin(&demo, state.path(), &new, "Nhờ đổi mã số thuế.\n").await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  Department: Thanh toán\n  Subject: Đổi thông tin xuất hóa đơn\n"), "{out}");
    assert!(out.contains("482961  Open"), "the list read again:\n{out}");
    assert_eq!(changes_without_refresh(&demo), ["POST /tickets"]);

    let unknown = ["ticket", "new", "--department", "Pháp lý", "--subject", "x", "-", "--yes"];
    let (code, _, err) = run_with_stdin(&demo, state.path(), &unknown, "x").await;
    assert_eq!(code, 2);
    assert!(err.contains(r#"no department "Pháp lý" (there are: 1 Kỹ thuật, 2 Thanh toán, 3 Kinh doanh)"#), "{err}");

    demo.reset_traffic();
    let (code, out, err) = run(&demo, state.path(), &["ticket", "close", "482961", "--yes"]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Status      Closed"), "{out}");
    let (code, out, _) = run(&demo, state.path(), &["ticket", "close", "482961", "--yes"]).await;
    assert_eq!((code, out.as_str()), (0, "ticket #482961 is already Closed; nothing was sent\n"));
    let (code, out, err) = run(&demo, state.path(), &["ticket", "reopen", "482961", "--yes", "--json"]).await;
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["request"]["path"], "/tickets/482961/open");
    assert_eq!(value["state"]["ticket"]["status"], "Open");
    assert_eq!(changes_without_refresh(&demo), ["PUT /tickets/482961/close", "PUT /tickets/482961/open"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_attachment_is_saved_and_never_overwrites_a_file() {
    let (demo, state) = started().await;
    let dir = state.path().join("downloads");
    std::fs::create_dir(&dir).unwrap();
    let folder = dir.to_str().unwrap();
    let (code, out, err) =
        run(&demo, state.path(), &["ticket", "attachment", "482913", "loi-502.png", "-o", folder]).await;
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("saved loi-502.png to ") && out.contains("(48,213 bytes)"), "{out}");
    let saved = dir.join("loi-502.png");
    assert_eq!(std::fs::read(&saved).unwrap().len(), 48213);

    std::fs::write(&saved, b"mine").unwrap();
    let (code, _, err) =
        run(&demo, state.path(), &["ticket", "attachment", "482913", "loi-502.png", "-o", folder]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("exists: nothing was written (--force replaces it)"), "{err}");
    assert_eq!(std::fs::read(&saved).unwrap(), b"mine", "left as it was");
    let target = saved.to_str().unwrap();
    let (code, _, err) =
        run(&demo, state.path(), &["ticket", "attachment", "482913", "7731", "-o", target, "--force"]).await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(&saved).unwrap().len(), 48213);

    let (code, _, err) = run(&demo, state.path(), &["ticket", "attachment", "482913", "../../etc/passwd"]).await;
    assert_eq!(code, 2);
    assert!(err.contains("lists no attachment \"../../etc/passwd\" (its attachments: loi-502.png)"), "{err}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
}

/// A portal of the test's own (Basic auth, anything accepted) whose one ticket lists
/// attachments with hostile names and ids; every file it serves holds `served`.
async fn hostile_attachments_portal() -> String {
    let app = axum::Router::new().fallback(|uri: axum::http::Uri| async move {
        use axum::response::IntoResponse;
        match uri.path() {
            "/details" => axum::Json(serde_json::json!({"client": {"id": "1", "email": "me@shop.vn"}})).into_response(),
            "/tickets/736633" => axum::Json(serde_json::json!({
                "ticket": {"tid": "736633", "subject": "files", "status": "Open", "body": "see the files"},
                "replies": [{"id": 1, "type": "Admin", "body": "here", "attachments": [
                    {"id": "x/../../evil", "filename": ".."},
                    {"id": "2", "filename": "."},
                    {"id": "3", "filename": "a\u{0}b"},
                    {"id": "4", "filename": "x/../../evil4"},
                    {"id": "5", "filename": "planted.txt"}
                ]}]
            }))
            .into_response(),
            path if path.starts_with("/ticket/attachment/") => "served".into_response(),
            _ => axum::Json(serde_json::json!({"error": ["invalid method"]})).into_response(),
        }
    });
    support::portal::serve(app).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_portal_given_name_writes_outside_the_folder_chosen() {
    let url = hostile_attachments_portal().await;
    let state = tempfile::tempdir().unwrap();
    let dir = state.path().join("a/b/c/downloads");
    std::fs::create_dir_all(&dir).unwrap();
    let folder = dir.to_str().unwrap().to_owned();
    let save = |file: &'static str, force: bool| {
        let mut cmd = cli::with_basic_auth(&url, "my.shop.vn", state.path());
        cmd.args(["ticket", "attachment", "736633", file, "-o", &folder]);
        if force {
            cmd.arg("--force");
        }
        async move { cli::said(&cli::output(cmd).await) }
    };
    for (asked, saved_as) in [("x/../../evil", "attachment-x_.._.._evil"), ("2", "attachment-2"), ("4", "evil4")] {
        let (code, out, err) = save(asked, false).await;
        assert_eq!(code, 0, "{asked}: {err}");
        assert!(out.contains(&dir.join(saved_as).display().to_string()), "{asked}: {out}");
        assert_eq!(std::fs::read(dir.join(saved_as)).unwrap(), b"served", "{asked}");
    }
    // A NUL in the name: one file, in the folder.
    let (code, _, err) = save("3", false).await;
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 4);

    // A link planted where the file would go is never written through, even when it
    // points at nothing yet.
    let outside = state.path().join("outside.txt");
    std::os::unix::fs::symlink(&outside, dir.join("planted.txt")).unwrap();
    let (code, _, err) = save("5", false).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("exists: nothing was written"), "{err}");
    let (code, _, err) = save("5", true).await;
    assert_eq!(code, 0, "{err}");
    assert!(!outside.exists(), "the link's target was never written");
    let planted = std::fs::symlink_metadata(dir.join("planted.txt")).unwrap();
    assert!(planted.is_file(), "the link itself was replaced by the file");

    // Nothing anywhere above the folder but the folders themselves.
    let mut above: Vec<String> = Vec::new();
    for level in [state.path().to_owned(), state.path().join("a"), state.path().join("a/b"), state.path().join("a/b/c")]
    {
        for entry in std::fs::read_dir(&level).unwrap() {
            above.push(entry.unwrap().file_name().to_string_lossy().into_owned());
        }
    }
    above.sort();
    assert!(!above.iter().any(|name| name.contains("evil")), "{above:?}");
}

#[test]
fn completions_name_the_ticket_commands() {
    let offered = |words: &[&str]| support::completion::bash(words, &[]);
    assert_eq!(offered(&["portal-tui", "tick"]), ["tickets", "ticket"]);
    let actions = offered(&["portal-tui", "ticket", ""]);
    for action in ["reply", "new", "close", "reopen", "attachment"] {
        assert!(actions.contains(&action.to_owned()), "{action} not offered: {actions:?}");
    }
    assert_eq!(offered(&["portal-tui", "ticket", "reply", "T-1", "--body"]), ["--body-file"]);
}
