//! The invoices screen's own words.

crate::words! {
    ColDate: "DATE" | "NGÀY",
    ColDue: "DUE" | "HẠN",
    InvoiceItems: "Items ({count})" | "Các khoản ({count})",
    InvoiceTitle: "Invoice {number} — {key}" | "Hóa đơn {number} — {key}",
    PayFromCreditKey: "{key}: pay it from the account credit ({credit})" | "{key}: thanh toán bằng số dư tài khoản ({credit})",
    PaymentMethodsLine: "Payment methods: {names}" | "Phương thức thanh toán: {names}",
}
