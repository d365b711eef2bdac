//! The request log screen's own words.

crate::words! {
    LogTitleOne: "Log — 1 entry{zone} — {key} shows an answer" | "Nhật ký — 1 mục{zone} — {key} để xem câu trả lời",
    LogTitle: "Log — {count} entries{zone}, newest first — {key} shows an answer" | "Nhật ký — {count} mục{zone}, mới nhất trước — {key} để xem câu trả lời",
    LogEmpty: "Nothing yet: every request and message of this run is listed here." | "Chưa có gì: mọi yêu cầu và thông báo của lần chạy này được liệt kê ở đây.",
    LogBodyTitle: "{method} {path} — {status} — {key} back" | "{method} {path} — {status} — {key} quay lại",
    LogNoBody: "(no answer body)" | "(không có nội dung)",
    LogCut: "… cut at {lines} lines" | "… cắt ở {lines} dòng",
    LogNewer: "↑ {n} newer ({key})" | "↑ {n} mục mới hơn ({key})",
    LogWithheld: "(a login, token or transfer code answer: its body is withheld, it holds secrets)" | "(câu trả lời đăng nhập, cấp mã hoặc mã chuyển tên miền: nội dung được giữ kín vì chứa bí mật)",
}
