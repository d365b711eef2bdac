//! The certificates screen's own words.

crate::words! {
    CertIssuedKey: "{key}: save the issued certificate (PEM)" | "{key}: lưu chứng chỉ đã cấp (PEM)",
    CertRefreshKey: "{key} tries again" | "{key} để thử lại",
    CertificateTitle: "Certificate #{id} — {domain}" | "Chứng chỉ #{id} — {domain}",
    CertificateWord: "certificate:" | "chứng chỉ:",
    ColProduct: "PRODUCT" | "SẢN PHẨM",
    ContactAdmin: "admin" | "quản trị",
    ContactBilling: "billing" | "thanh toán",
    ContactTech: "tech" | "kỹ thuật",
    LabelProduct: "Product" | "Sản phẩm",
    NoCertificate: "No certificate shown." | "Chưa xem chứng chỉ nào.",
    NoContactDetails: "the portal sent no details for this contact" | "cổng không gửi thông tin cho liên hệ này",
    NoCsr: "no CSR on file" | "không có CSR",
    NotIssued: "not issued yet" | "chưa cấp",
    PressSlashCertificate: "Press {key} and type a certificate id, e.g. 3301." | "Nhấn {key} rồi gõ mã chứng chỉ, ví dụ 3301.",
    CertOpenFailed: "Certificate #{id} could not be read: {reason}" | "Không đọc được chứng chỉ #{id}: {reason}",
    CertNotIssuedYet: "Certificate #{id} has not been issued yet: there is no certificate to save." | "Chứng chỉ #{id} chưa được cấp: chưa có chứng chỉ để lưu.",
    CertSaving: "Saving the certificate of #{id}…" | "Đang lưu chứng chỉ #{id}…",
    NoCsrToSave: "There is no CSR on file to save." | "Không có CSR để lưu.",
}
