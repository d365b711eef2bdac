//! The plan screen's own words.

crate::words! {
    PlanTitle: "Plan — what falls due by {until} ({days} days), every profile" | "Kế hoạch — những gì đến hạn đến {until} ({days} ngày), mọi hồ sơ",
    PlanReading: "reading {read}/{total} profiles" | "đang đọc {read}/{total} hồ sơ",
    PlanColProfile: "PROFILE" | "HỒ SƠ",
    PlanColDue: "DUE" | "ĐẾN HẠN",
    PlanColCredit: "CREDIT" | "TÍN DỤNG",
    PlanColShort: "SHORT" | "CÒN THIẾU",
    PlanColDate: "DATE" | "NGÀY",
    PlanColWhat: "WHAT" | "LOẠI",
    PlanColName: "NAME" | "TÊN",
    PlanColAmount: "AMOUNT" | "SỐ TIỀN",
    PlanKindDomain: "domain" | "tên miền",
    PlanKindService: "service" | "dịch vụ",
    PlanKindInvoice: "invoice" | "hóa đơn",
    PlanAutorenew: "auto" | "tự GH",
    PlanInvoiced: "on an invoice" | "đã có hóa đơn",
    PlanNothing: "Nothing falls due within {days} days." | "Không có gì đến hạn trong {days} ngày.",
    PlanByMonth: "By month" | "Theo tháng",
    PlanItems: "What falls due ({count})" | "Những gì đến hạn ({count})",
    PlanNotRead: "not read yet" | "chưa đọc",
    PlanCovered: "covered" | "đủ",
}
