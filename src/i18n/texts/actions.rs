//! The texts of checking a name that is not the account's for registration (the domains
//! screen's `/`) and of choosing when a cancelled service ends: a block of the table of
//! texts of its own (see `texts`), put before `said`'s entries.

/// Makes the table with these entries first and `$more` after them.
macro_rules! actions_then {
    ($($more:tt)*) => {
        said_then! {
            // A name checked for registration (the domains screen's `/`)
            AvailTitle: "{name} — not a domain of this account" | "{name} — không phải tên miền của tài khoản này",
            AvailNotHeld: "Asked among this account's domains — {said}" | "Tra cứu trong các tên miền của tài khoản — {said}",
            AvailAsking: "Asking the portal whether {name} can be registered…" | "Đang hỏi cổng xem {name} có đăng ký được không…",
            AvailFree: "✓ {name} is available" | "✓ {name} còn trống, có thể đăng ký",
            AvailTaken: "✗ {name} is taken" | "✗ {name} đã có người đăng ký",
            AvailCannotTell: "The portal could not say whether {name} is available: {said}" | "Cổng không cho biết {name} còn trống hay không: {said}",
            AvailNotOffered: "This portal does not offer availability checks (POST /domain/lookup)." | "Cổng này không cho kiểm tra tên miền còn trống (POST /domain/lookup).",
            AvailPremium: "A premium name: its price may differ from the list below." | "Tên miền cao cấp: giá có thể khác bảng dưới đây.",
            AvailPricesOf: "Prices of .{tld}, by period:" | "Bảng giá đuôi .{tld}, theo kỳ hạn:",
            AvailPricesReading: "Reading the portal's prices for it…" | "Đang đọc bảng giá của cổng…",
            AvailNoPrices: "The portal lists no price for it." | "Cổng không niêm yết giá cho tên miền này.",
            AvailYears: "{years} yr" | "{years} năm",
            AvailHowToRegister: "Registering is not offered here: order it on the portal's website." | "Ứng dụng này chưa hỗ trợ đăng ký: hãy đặt mua trên trang web của cổng.",
            AvailFromScript: "From a script: portal-tui domain check {name}" | "Từ script: portal-tui domain check {name}",
            AvailHostUnder: "{name} is a host under your domain {domain} — add a DNS record there" | "{name} thuộc tên miền {domain} của bạn — hãy thêm bản ghi DNS ở đó",
            AvailNotAName: "{name}: not a name that can be registered" | "{name}: không phải tên miền đăng ký được",

            // When a cancelled service ends (the services screen's `x`)
            CancelWhenTitle: "When should #{id} {name} end?" | "Khi nào kết thúc #{id} {name}?",
            CancelOptionEnd: "At the end of its billing period, on {date}: it keeps running until then" | "Vào cuối chu kỳ thanh toán, ngày {date}: đến lúc đó vẫn chạy",
            CancelOptionEndPast: "At the end of its billing period (due on {date}, already past: the portal says when)" | "Vào cuối chu kỳ thanh toán (đến hạn ngày {date}, đã qua: cổng sẽ quyết định ngày)",
            CancelOptionEndNoDate: "At the end of its billing period (the portal gives no date): it keeps running until then" | "Vào cuối chu kỳ thanh toán (cổng không cho biết ngày): đến lúc đó vẫn chạy",
            CancelOptionNow: "Now: the service stops today; no refund unless the portal says so" | "Ngay bây giờ: dịch vụ dừng hôm nay; không hoàn tiền trừ khi cổng nói có",
            CancelWhenKeys: "{move}: choose · {open}: go on · {back}: keep the service" | "{move}: chọn · {open}: tiếp tục · {back}: giữ dịch vụ",
            PromptCancelNowTyped: "Type {word} to cancel it NOW (it stops today)" | "Gõ {word} để hủy NGAY (dừng hôm nay)",
            ConfirmCancelServiceNowTitle: "Cancel this service now?" | "Hủy dịch vụ này ngay bây giờ?",

            $($more)*
        }
    };
}
