//! The texts of checking a name that is not the account's for registration (the domains
//! screen's `/`) and of choosing when a cancelled service ends: a block of the table of
//! texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! actions_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // A name checked for registration (the domains screen's `/`)
            AvailHostUnder: "{name} is a host under your domain {domain} — add a DNS record there" | "{name} thuộc tên miền {domain} của bạn — hãy thêm bản ghi DNS ở đó",
            AvailNotAName: "{name}: not a name that can be registered" | "{name}: không phải tên miền đăng ký được",

            // When a cancelled service ends (the services screen's `x`)
            PromptCancelNowTyped: "Type {word} to cancel it NOW (it stops today)" | "Gõ {word} để hủy NGAY (dừng hôm nay)",
            ConfirmCancelServiceNowTitle: "Cancel this service now?" | "Hủy dịch vụ này ngay bây giờ?",

            ] $($rest)*
        }
    };
}
