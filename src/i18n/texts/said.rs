//! What the screens say of what went wrong, of what is not known and of what came of a
//! change, and the words the Vietnamese screens spell out: a block of the table of texts
//! (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! said_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // A list that could not be read, said where it would be
            ListFailedRetry: "{key} tries again." | "Nhấn {key} để thử lại.",
            ListFailedBelow: "⚠ {key} tries again · {reason}" | "⚠ {key} để thử lại · {reason}",

            // A field the portal did not send

            // A change whose answer was unclear, read again
            ChangeLostThere: "{what}: the answer was unclear; it was not sent again. Read again: it is there now." | "{what}: câu trả lời không rõ; không gửi lại. Đã đọc lại: thay đổi đã có trên cổng.",
            ChangeLostGone: "{what}: the answer was unclear; it was not sent again. Read again: the record is gone now, so it was deleted." | "{what}: câu trả lời không rõ; không gửi lại. Đã đọc lại: bản ghi không còn trên cổng, tức là đã được xóa.",
            ChangeLostStillThere: "{what}: the answer was unclear ({reason}). Read again: the record is still there, so it was not deleted." | "{what}: câu trả lời không rõ ({reason}). Đã đọc lại: bản ghi vẫn còn trên cổng, tức là chưa được xóa.",
            CliGoneAfterLost: "read again: the record is gone now" | "đã đọc lại: bản ghi hiện không còn",
            CliStillThereAfterLost: "read again: the record is still there" | "đã đọc lại: bản ghi hiện vẫn còn",
            ChangeLostNotThere: "{what}: the answer was unclear ({reason}). Read again: it is not there, so it was not applied." | "{what}: câu trả lời không rõ ({reason}). Đã đọc lại: thay đổi không có trên cổng, tức là chưa được áp dụng.",

            // A change that moves money answered 401 after it was sent
            ErrUnclear: "{answer}: it may or may not have been applied, and what was read again ({look}) cannot tell; it was not sent again: look at it in the portal's client area before trying again" | "{answer}: thay đổi có thể đã hoặc chưa được áp dụng, và những gì đọc lại ({look}) không cho biết; không gửi lại: hãy xem trên trang khách hàng của cổng trước khi thử lại",
            ErrNotThisName: "the portal answered for {answered}, not {asked}: it holds no registration of {asked}, and nothing is read or written there for it" | "cổng trả lời cho {answered}, không phải {asked}: cổng không có đăng ký nào của {asked}, nên không đọc hay ghi gì ở đó cho tên này",
            ErrNotApplied: "{answer}: read again, it was not applied: nothing changed, it can be sent again" | "{answer}: đọc lại thì chưa được áp dụng: không có gì thay đổi, có thể gửi lại",
            ChangeReadBack: "the portal's answer was unclear; read again: the change is there, so it was not sent again" | "câu trả lời của cổng không rõ; đọc lại: thay đổi đã có, nên không gửi lại",

            // A login answer saying few sign-ins remain (X-RateLimit-Remaining, -Reset)
            SignInsLeftFor: "the portal takes {remaining} more sign-ins, then refuses them until its count starts again in {wait}" | "cổng chỉ nhận thêm {remaining} lần đăng nhập, sau đó từ chối cho tới khi đếm lại sau {wait}",
            SignInsLeft: "the portal takes {remaining} more sign-ins before it refuses them for a while" | "cổng chỉ nhận thêm {remaining} lần đăng nhập trước khi tạm từ chối",
            CliSignInsReuse: "runs share one remembered session unless the profile says remember = false; where the portal allows it, --auth basic needs no sign-in at all" | "các lần chạy dùng chung một phiên đã lưu trừ khi hồ sơ đặt remember = false; nếu cổng cho phép, --auth basic không cần đăng nhập",

            // The scripting commands' own errors
            CliUsageDns: "dns needs a domain name: `dns NAME`, or `dns add|set|delete NAME …`" | "dns cần một tên miền: `dns TÊN_MIỀN`, hoặc `dns add|set|delete TÊN_MIỀN …`",
            CliUsageDomain: "domain needs a domain name: `domain NAME`, or `domain renew|autorenew|lock|privacy|ns|epp|check NAME …`" | "domain cần một tên miền: `domain TÊN_MIỀN`, hoặc `domain renew|autorenew|lock|privacy|ns|epp|check TÊN_MIỀN …`",
            CliUsageInvoice: "invoice needs an id: `invoice ID`, or `invoice pay ID`" | "invoice cần mã hóa đơn: `invoice MÃ`, hoặc `invoice pay MÃ`",
            CliUsageService: "service needs an id: `service ID`, or `service cancel|label ID …`" | "service cần mã dịch vụ: `service MÃ`, hoặc `service cancel|label MÃ …`",
            CliUsageTicket: "ticket needs a number: `ticket NUMBER`, or `ticket reply|new|close|reopen|attachment …`" | "ticket cần số phiếu: `ticket SỐ`, hoặc `ticket reply|new|close|reopen|attachment …`",
            CliDemoFailed: "could not start the demo portal: {error}" | "không khởi động được cổng thử nghiệm: {error}",
            CliRadarNothing: "the portal lists nothing and the profile watches nothing: add watch_domains / watch_certificates to it" | "cổng không liệt kê gì và hồ sơ không theo dõi gì: hãy thêm watch_domains / watch_certificates vào hồ sơ",

            // Words where the width allows, the short forms in views.rs where it does not
            DaysLeftWords: "{n}d" | "{n} ngày",

            // Small ones
            NoErrorNow: "No message to show yet: the Log ({key}) has every message of this run." | "Chưa có thông báo nào để xem: Nhật ký ({key}) có mọi thông báo của lần chạy này.",

            ] $($rest)*
        }
    };
}
