//! The invoices screen's own words.

crate::words! {
    ColDate: "DATE" | "NGÀY",
    ColDue: "DUE" | "HẠN",
    InvoiceItems: "Items ({count})" | "Các khoản ({count})",
    InvoiceTitle: "Invoice {number} — {key}" | "Hóa đơn {number} — {key}",
    PayFromCreditKey: "{key}: pay it from the account credit ({credit})" | "{key}: thanh toán bằng số dư tài khoản ({credit})",
    PaymentMethodsLine: "Payment methods: {names}" | "Phương thức thanh toán: {names}",
    LabelInvoice: "Invoice" | "Hóa đơn",
    PaymentsNotOffered: "This portal does not list its payment methods." | "Cổng này không liệt kê phương thức thanh toán.",
    PayCreditUnknown: "The account's credit is not known yet: reading it; press {key} again." | "Chưa biết số dư tài khoản: đang đọc; nhấn {key} lần nữa.",
    PayNoBalance: "This portal does not say the account's credit: pay the invoice in the portal." | "Cổng này không cho biết số dư tài khoản: hãy thanh toán trên cổng.",
    PayPartOnly: "The credit ({credit}) cannot pay the {due} still due whole: type how much of it to pay, or {back}." | "Số dư ({credit}) không đủ trả hết {due} còn nợ: gõ số tiền muốn trả, hoặc {back}.",
    PayNoCredit: "The account has no credit to pay {due} with: nothing was sent." | "Tài khoản không còn số dư để trả {due}: không gửi gì.",
    PayAmountNotPositive: "the amount must be more than zero" | "số tiền phải lớn hơn 0",
    PayAmountMoreThanCredit: "{amount} is more than the credit of {credit}" | "{amount} nhiều hơn số dư {credit}",
    PayMarkedNoneCovered: "The credit ({credit}) covers none of the marked invoices ({due}): nothing was sent." | "Số dư ({credit}) không đủ trả hóa đơn nào đã đánh dấu ({due}): không gửi gì.",
    PayMarkedNoneUnpaid: "No marked invoice is unpaid: nothing to pay." | "Không có hóa đơn đã đánh dấu nào chưa thanh toán: không có gì để trả.",
    PayMarkedChange: "pay {invoices} from the credit, one at a time" | "trả {invoices} bằng số dư, lần lượt từng hóa đơn",
    PayMarkedRequestOne: "1 request, for the one invoice the credit covers" | "1 yêu cầu, cho hóa đơn duy nhất số dư đủ trả",
    PayMarkedRequests: "{count} requests, one per invoice the credit covers; Esc stops before the next" | "{count} yêu cầu, mỗi hóa đơn số dư đủ trả một yêu cầu; Esc dừng trước yêu cầu kế",
    ConfirmPayMarkedTitle: "Pay the marked invoices from the credit?" | "Trả các hóa đơn đã đánh dấu bằng số dư?",
}
