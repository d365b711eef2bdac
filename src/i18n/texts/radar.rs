//! The texts of what the radar did not cover, its reports over several profiles and its
//! monitoring check: a block of the table of texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! radar_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // What the radar did not cover
            CoverageNotCovered: "Not covered: {what}" | "Chưa xem xét được: {what}",
            CoverageNotListed: "the portal does not list {lists} (only the watched ones are on the radar)" | "cổng không liệt kê {lists} (chỉ những mục đang theo dõi được xem xét)",
            CoverageNoServiceDetails: "the portal does not give a service's details, so the watched services ({ids}) are not on the radar" | "cổng không cho xem chi tiết dịch vụ, nên các dịch vụ đang theo dõi ({ids}) không được xem xét",
            CoverageAnd: "{some} and {last}" | "{some} và {last}",
            CoverageShortLists: "no lists of {lists}" | "không có danh sách {lists}",
            CoverageShortServices: "no details of service {ids}" | "không có chi tiết dịch vụ {ids}",
            CoverageShortListsFailed: "could not read the list of {lists}" | "không đọc được danh sách {lists}",
            CoverageFailedCount: "failed lookups: {n}" | "tra cứu bị lỗi: {n}",
            CoverageListUnread: "Could not read the {list}: {error}" | "Không đọc được {list}: {error}",
            CoverageCouldNotRead: "Could not read {what}: {error}" | "Không đọc được {what}: {error}",
            ListOfDomains: "domains" | "tên miền",
            ListOfServices: "services" | "dịch vụ",
            ListOfInvoices: "invoices" | "hóa đơn",
            ListOfCertificates: "certificates" | "chứng chỉ",
            ListOfTickets: "tickets" | "phiếu hỗ trợ",
            // Several profiles
            RepProfile: "PROFILE" | "HỒ SƠ",
            RadarNotSignedIn: "not signed in: no remembered session, and no password to use without asking (a password_command or PORTAL_PASSWORD)" | "chưa đăng nhập: không có phiên đã lưu, cũng không có mật khẩu dùng được mà không phải hỏi (password_command hoặc PORTAL_PASSWORD)",
            RadarUnread: "could not be read: {error}" | "không đọc được: {error}",
            // The monitoring check
            NagiosCalm: "{count} items, nothing expires or falls due within {days} days" | "{count} mục, không có gì hết hạn hay đến hạn trong {days} ngày",
            NagiosProblems: "{critical} critical, {warning} warning of {count} items: {items}" | "{critical} nghiêm trọng, {warning} cảnh báo trong {count} mục: {items}",
            NagiosMore: "{n} more" | "thêm {n} mục",
            NagiosUnalerted: "{n} more need attention without an alert: {what}" | "thêm {n} mục cần chú ý nhưng không báo động: {what}",

            ] $($rest)*
        }
    };
}
