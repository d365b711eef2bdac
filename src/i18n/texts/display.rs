//! The texts of how the screens read: the tabs' short names, days left, the portal's field
//! names in words, quantities in the upgrade picker, one-key questions, the log's newer
//! entries and saving the login form as a profile: a block of the table of texts (see
//! `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! display_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // Tab names where the top row is narrow
            ScreenAccountShort: "Acct" | "TK",
            ScreenDomainsShort: "Dom" | "T.miền",
            ScreenServicesShort: "Svc" | "D.vụ",
            ScreenInvoicesShort: "Inv" | "HĐ",
            ScreenUpgradesShort: "Upg" | "N.cấp",
            ScreenRadarShort: "Radar" | "G.sát",
            ScreenLogShort: "Log" | "N.ký",

            // Days left in a table's cell (`12d`, `today`, `-35d`); a detail says it in words
            // (`InDays`, `Today`, `DaysAgo`)
            DaysLeftCell: "{n}d" | "{n} ng",

            // The portal's own field names, in words (`i18n::field_label`)
            FieldFirstName: "First name" | "Tên",
            FieldLastName: "Last name" | "Họ",
            FieldOrganisation: "Organisation" | "Tổ chức",
            FieldJobTitle: "Job title" | "Chức vụ",
            FieldCountryCode: "Country code" | "Mã quốc gia",
            FieldAddress2: "Address, line 2" | "Địa chỉ, dòng 2",
            FieldCity: "City" | "Thành phố",
            FieldState: "State" | "Tỉnh / bang",
            FieldPostalCode: "Postal code" | "Mã bưu chính",
            FieldUnit: "Department" | "Bộ phận",
            FieldCurrencyId: "Currency (id)" | "Tiền tệ (mã số)",
            FieldCurrency: "Currency" | "Tiền tệ",
            FieldCreated: "Created" | "Ngày tạo",
            FieldTaxId: "Tax id" | "Mã số thuế",
            FieldNotes: "Notes" | "Ghi chú",
            FieldGroupId: "Group id" | "Mã nhóm",
            FieldGroup: "Customer group" | "Nhóm khách hàng",
            FieldEmailNotifications: "E-mail notifications" | "Thông báo qua thư",
            FieldTwoFactor: "Two-step sign-in" | "Xác thực hai bước",
            FieldRegistrar: "Registrar" | "Nhà đăng ký",
            FieldId: "Id" | "Mã",

            // A question answered with one key (logging out, replacing a file)
            HintYes: "yes" | "có",
            HintNo: "no" | "không",

            // A quantity resource in the upgrade picker
            PromptQuantity: "How many: {word}" | "Số lượng: {word}",

            // Saving the sign-in form as a profile
            PromptProfileName: "Save as the profile named" | "Lưu thành hồ sơ tên",
            PromptPasswordCommand: "Password command (the password itself is never saved; empty: none)" | "Lệnh lấy mật khẩu (không bao giờ lưu mật khẩu; để trống: không có)",
            ProfileNameBad: "“{name}” cannot be a profile's name: letters, digits, - _ and . only" | "“{name}” không dùng được làm tên hồ sơ: chỉ chữ, số, - _ và .",
            ProfileSaved: "profile “{name}” saved to {path} (without the password); start with --profile {name}" | "đã lưu hồ sơ “{name}” vào {path} (không kèm mật khẩu); khởi động với --profile {name}",
            ProfileNotSavedHere: "the demo's profiles are not saved" | "hồ sơ của bản demo không được lưu",
            HintSaveProfile: "save as profile" | "lưu thành hồ sơ",

            ] $($rest)*
        }
    };
}
