//! The account screen's own words.

crate::words! {
    AccountTitle: "Account #{id}" | "Tài khoản #{id}",
    LoadingAccount: "Loading account details…" | "Đang tải thông tin tài khoản…",
    OtherFields: "Other fields ({count}) — {up}{down} scroll" | "Thông tin khác ({count}) — {up}{down} cuộn",
}
