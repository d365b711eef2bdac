//! The account screen's own words.

crate::words! {
    AccountTitle: "Account #{id}" | "Tài khoản #{id}",
    NoDetails: "Signed in. This portal does not offer account details (GET /details): who you are is not shown here; the other screens show what it does offer." | "Đã đăng nhập. Cổng này không cung cấp thông tin tài khoản (GET /details) nên thông tin đó không hiện ở đây; các màn hình khác hiện những gì cổng có cung cấp.",
    AccountUntitled: "Account" | "Tài khoản",
    LoadingAccount: "Loading account details…" | "Đang tải thông tin tài khoản…",
    OtherFields: "Other fields ({count}) — {up}{down} scroll" | "Thông tin khác ({count}) — {up}{down} cuộn",
}
