//! The upgrades screen's own words.

crate::words! {
    ChangeSummary: "Change summary" | "Tóm tắt thay đổi",
    CopySummary: "copy summary" | "chép bản tóm tắt",
    Current: "current" | "đang dùng",
    NoChangeYet: "Summary — no change yet" | "Tóm tắt — chưa thay đổi",
    NoService: "No service shown." | "Chưa xem dịch vụ nào.",
    OrderHint: "{key} asks the portal's estimate, then sends the request once you confirm." | "{key} hỏi báo giá của cổng, rồi gửi yêu cầu khi bạn xác nhận.",
    PressSlashService: "Press {key} and type a service id, e.g. 2207." | "Nhấn {key} rồi gõ mã dịch vụ, ví dụ 2207.",
    QuantityEach: "{amount} each" | "{amount} mỗi đơn vị",
    QuantityKeys: "{prev}/{next} fewer or more, {choose} types it" | "{prev}/{next} bớt hoặc thêm, {choose} để gõ",
    QuantityLabel: "quantity {allowed}" | "số lượng {allowed}",
    QuantityNow: "now {n}" | "hiện có {n}",
    ServiceTitle: "Service #{id} — upgrade options" | "Dịch vụ #{id} — phương án nâng cấp",
    Setup: "setup {amount}" | "phí cài đặt {amount}",
    UpgradeTitleNamed: "{name} #{id} — upgrade options" | "{name} #{id} — phương án nâng cấp",
}
