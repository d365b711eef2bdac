//! The services screen's own words.

crate::words! {
    CancelOptionEnd: "At the end of its billing period, on {date}: it keeps running until then" | "Vào cuối chu kỳ thanh toán, ngày {date}: đến lúc đó vẫn chạy",
    CancelOptionEndNoDate: "At the end of its billing period (the portal gives no date): it keeps running until then" | "Vào cuối chu kỳ thanh toán (cổng không cho biết ngày): đến lúc đó vẫn chạy",
    CancelOptionEndPast: "At the end of its billing period (due on {date}, already past: the portal says when)" | "Vào cuối chu kỳ thanh toán (đến hạn ngày {date}, đã qua: cổng sẽ quyết định ngày)",
    CancelOptionNow: "Now: the service stops today; no refund unless the portal says so" | "Ngay bây giờ: dịch vụ dừng hôm nay; không hoàn tiền trừ khi cổng nói có",
    CancelWhenKeys: "{move}: choose · {open}: go on · {back}: keep the service" | "{move}: chọn · {open}: tiếp tục · {back}: giữ dịch vụ",
    CancelWhenTitle: "When should #{id} {name} end?" | "Khi nào kết thúc #{id} {name}?",
    ColNextDue: "NEXT DUE" | "HẠN TT",
    ColNextDueWide: "NEXT DUE" | "HẠN THANH TOÁN",
    ServiceCancelKey: "{key}: cancel it (at the end of its billing period, or now)" | "{key}: hủy (vào cuối chu kỳ thanh toán, hoặc ngay)",
    ServiceCancelPendingLine: "A cancellation is already requested: {key} is not offered again." | "Đã có yêu cầu hủy: không thể nhấn {key} lần nữa.",
    ServiceCertificateKey: "{key}: its certificate" | "{key}: chứng chỉ của dịch vụ",
    ServiceEnds: "ends" | "hủy",
    ServiceLabelKey: "{key}: set its label" | "{key}: đặt nhãn",
    ServiceUpgradesKey: "{key}: upgrade options of this service" | "{key}: phương án nâng cấp của dịch vụ này",
    ServicesByUpgrades: "Upgrade options of a service by its id: {key}." | "Phương án nâng cấp theo mã dịch vụ: {key}.",
    NotACertificate: "{name} is not an SSL service" | "{name} không phải dịch vụ SSL",
    ServiceMethodsReading: "Reading what this service offers; it goes on once read." | "Đang đọc các thao tác của dịch vụ; sẽ tiếp tục ngay khi đọc xong.",
    CancelReasonEmpty: "say why the service is cancelled" | "hãy nêu lý do hủy dịch vụ",
    CancelTypedMismatch: "what was typed is not {word}: nothing was sent" | "nội dung đã gõ không phải {word}: không gửi gì",
}
