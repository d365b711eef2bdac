//! The texts of the certificates' list and of saving an issued certificate from the
//! dashboard: a block of the table of texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! certificates_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // The list
            StatusExpiringSoon: "Expiring soon" | "Sắp hết hạn",
            KeyOpenCertificate: "open the certificate" | "mở chứng chỉ",
            KeyFilterCertificates: "filter by domain, product, id or state" | "lọc theo tên miền, sản phẩm, mã hoặc trạng thái",

            // Saving the issued certificate
            KeySaveCertificate: "save the issued certificate (PEM) to a file, never over one" | "lưu chứng chỉ đã cấp (PEM) vào tệp, không ghi đè tệp có sẵn",
            HintSaveCsr: "save CSR" | "lưu CSR",
            PromptSaveCertificate: "Save the certificate to" | "Lưu chứng chỉ vào",
            FileExistsKept: "{path} exists: it was left as it is and nothing was saved; choose another name" | "{path} đã có: giữ nguyên tệp đó và không lưu gì; hãy chọn tên khác",

            ] $($rest)*
        }
    };
}
