//! The texts of hosted DNS zones (records kept under a DNS hosting service rather than a
//! registration): a block of the table of texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! zones_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // Operations
            OpZones: "hosted DNS zones" | "vùng DNS lưu trữ",
            OpZoneRecords: "hosted zone records" | "bản ghi của vùng DNS lưu trữ",
            // Buying (`docs/buying.md`)
            OpCategories: "product categories" | "danh mục sản phẩm",
            OpProducts: "products of a category" | "sản phẩm của danh mục",
            OpProductConfig: "a product's order form" | "biểu mẫu đặt mua sản phẩm",
            OpTldForm: "a domain extension's order form" | "biểu mẫu đăng ký của đuôi tên miền",
            OpContacts: "contacts" | "danh bạ liên hệ",
            OpContact: "a contact" | "một liên hệ",
            OpDomainContacts: "a domain's contacts" | "thông tin liên hệ của tên miền",
            OpQuote: "the portal's quote" | "báo giá của cổng",
            OpOrderedService: "the service an order made" | "dịch vụ mà đơn hàng đã tạo",

            SaidZoneRecordAdded: "the record was added to the zone" | "đã thêm bản ghi vào vùng DNS",
            SaidZoneRecordUpdated: "the record was changed" | "đã sửa bản ghi",
            SaidZoneRecordDeleted: "the record was deleted" | "đã xóa bản ghi",
            DnsSoaWords: "primary server {primary}, contact {contact}, serial {serial}, refresh {refresh}, retry {retry}, expire {expire}, minimum TTL {minimum}" | "máy chủ chính {primary}, liên hệ {contact}, số sê-ri {serial}, làm mới {refresh}, thử lại {retry}, hết hạn {expire}, TTL tối thiểu {minimum}",

            // The domains screen
            StatusHostedZone: "Hosted zone" | "Vùng DNS",

            // The scripting commands
            RepZoneDnsOf: "DNS records of {name} (hosted zone {zone}, service {service})" | "Bản ghi DNS của {name} (vùng DNS lưu trữ {zone}, dịch vụ {service})",
            CliZoneChange: "domain {name} (hosted zone {zone}, service {service}): {what}" | "tên miền {name} (vùng DNS lưu trữ {zone}, dịch vụ {service}): {what}",
            ZoneIdsNotNumbers: "the hosted zone of {name} is listed with ids that are not numbers (zone “{zone}”, service “{service}”): its records cannot be addressed" | "vùng DNS lưu trữ của {name} có mã không phải là số (vùng “{zone}”, dịch vụ “{service}”): không thể truy cập bản ghi của nó",

            ] $($rest)*
        }
    };
}
