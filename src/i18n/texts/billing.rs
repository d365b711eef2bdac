//! The texts of paying from the credit, cancelling and labelling services, the SSL list, a
//! certificate's download and signing out at the portal: a block of the table of texts
//! (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! billing_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // Operations
            OpPayments: "payment methods" | "phương thức thanh toán",
            OpServiceMethods: "service actions" | "các thao tác của dịch vụ",
            OpServiceLabel: "service label" | "nhãn dịch vụ",
            OpCertificates: "SSL certificate list" | "danh sách chứng chỉ SSL",
            OpCertificateCrt: "certificate download" | "tải chứng chỉ SSL",
            OpLogout: "signing out at the portal" | "đăng xuất khỏi cổng",
            OpRevoke: "revoking the refresh token" | "thu hồi mã làm mới",

            // Changes in a few words

            // What a renewal or a payment of the marked leaves out, and why
            LabelNotSent: "Not sent" | "Không gửi",
            NotSentOnInvoice: "its renewal is on unpaid invoice {number}: pay that invoice instead" | "việc gia hạn đã có trong hóa đơn chưa thanh toán {number}: hãy thanh toán hóa đơn đó",
            NotSentBilled: "its renewal is billed already (invoiced {date}) on an invoice still unpaid: pay that invoice instead" | "việc gia hạn đã được lập hóa đơn (ngày {date}) và hóa đơn chưa thanh toán: hãy thanh toán hóa đơn đó",
            NotSentNotActive: "{status}, not active: it cannot be renewed with the others" | "đang ở trạng thái {status}, không hoạt động: không thể gia hạn cùng các đăng ký khác",
            NotSentRenewal: "{name} (#{id}) is not renewed: {why}; nothing was sent" | "không gia hạn {name} (#{id}): {why}; không gửi gì",
            NotSentMore: "{count} more marked, left out as those above are" | "thêm {count} mục đã đánh dấu, bị bỏ ra như các mục trên",

            // Paying an invoice from the credit
            CliPayHeading: "pay invoice {number} (#{id}) from the account credit" | "thanh toán hóa đơn {number} (#{id}) bằng số dư tài khoản",
            LabelPayTotal: "Invoice total" | "Tổng hóa đơn",
            LabelPayDue: "Still due" | "Còn phải trả",
            LabelPayCredit: "Credit available" | "Số dư khả dụng",
            LabelPayAmount: "Paid now" | "Thanh toán lần này",
            LabelPayDueAfter: "Due after" | "Còn nợ sau đó",
            LabelPayCreditAfter: "Credit after" | "Số dư còn lại",
            CliPayAlreadyPaid: "invoice #{id} is already paid: nothing was sent" | "hóa đơn #{id} đã được thanh toán: không gửi gì",
            CliPayNotPayable: "invoice #{id} is {status}, not awaiting payment: nothing was sent" | "hóa đơn #{id} đang ở trạng thái {status}, không chờ thanh toán: không gửi gì",
            CliPayNotPositive: "--amount must be more than zero: nothing was sent" | "--amount phải lớn hơn 0: không gửi gì",
            CliPayMoreThanDue: "{amount} is more than the {due} invoice #{id} still asks: nothing was sent" | "{amount} nhiều hơn số {due} hóa đơn #{id} còn phải trả: không gửi gì",
            CliPayMoreThanCredit: "{amount} is more than the account's credit of {credit}: nothing was sent (pay part of it with --amount)" | "{amount} nhiều hơn số dư {credit} của tài khoản: không gửi gì (có thể trả một phần bằng --amount)",
            CliPayCreditUnknown: "the portal does not say the account's credit: nothing was sent (pay it in the portal)" | "cổng không cho biết số dư tài khoản: không gửi gì (hãy thanh toán trên cổng)",
            CliPayOtherCurrency: "the invoice is in {invoice} and the credit in {balance}: nothing was sent" | "hóa đơn tính bằng {invoice} còn số dư bằng {balance}: không gửi gì",
            CliPayCreditCurrencyUnknown: "the invoice is in {invoice} but the portal does not say the credit's currency: nothing was sent (pay it in the portal)" | "hóa đơn tính bằng {invoice} nhưng cổng không cho biết số dư tính bằng tiền gì: không gửi gì (hãy thanh toán trên cổng)",
            CliBadAmount: "--amount {why}: nothing was sent" | "--amount {why}: không gửi gì",
            LabelPayWhole: "the whole amount still due: {due}" | "toàn bộ số còn nợ: {due}",

            // An amount typed (the dashboard's prompt, `--amount`), refused with why
            AmountNotNumber: "{amount} is not an amount: write it in digits, as 412500" | "{amount} không phải số tiền: hãy viết bằng chữ số, như 412500",
            AmountSign: "{amount}: an amount to pay is written without a sign" | "{amount}: số tiền cần trả viết không kèm dấu",
            AmountExponent: "{amount}: write the amount in full digits, not as a power of ten" | "{amount}: hãy viết đủ các chữ số, không dùng lũy thừa của 10",
            AmountBlank: "{amount}: an amount has no blanks inside it" | "{amount}: số tiền không có khoảng trắng ở giữa",
            AmountStray: "{amount} is not an amount: “{char}” has no place in one" | "{amount} không phải số tiền: không được có “{char}” trong số tiền",
            AmountOtherCurrency: "{amount}: the invoice is in {currency}, not {unit}: type the amount in {currency}" | "{amount}: hóa đơn tính bằng {currency}, không phải {unit}: hãy nhập số tiền bằng {currency}",
            AmountNoDecimals: "{amount}: amounts in {currency} have no decimals" | "{amount}: số tiền {currency} không có phần lẻ thập phân",
            AmountDecimals: "{amount}: amounts in {currency} have at most {n} decimals" | "{amount}: số tiền {currency} có tối đa {n} chữ số thập phân",
            AmountGrouping: "{amount} is not an amount as English writes one: “,” between groups of three digits, “.” before the decimals" | "{amount} không phải số tiền theo cách viết tiếng Việt: “.” giữa các nhóm ba chữ số, “,” trước phần thập phân",
            AmountOtherWay: "{amount} is written the Vietnamese way: in English write {plain} or {written}" | "{amount} được viết theo kiểu tiếng Anh: trong tiếng Việt hãy viết {plain} hoặc {written}",
            AmountAmbiguous: "{amount} could be {grouped} or {decimal}: write {plain} or {written}" | "{amount} có thể là {grouped} hoặc {decimal}: hãy viết {plain} hoặc {written}",
            AmountAmbiguousBoth: "{amount} could be {grouped} or {decimal}: write {plain} or {written} ({short} for {decimal})" | "{amount} có thể là {grouped} hoặc {decimal}: hãy viết {plain} hoặc {written} ({short} nếu là {decimal})",
            AmountTooLarge: "{amount} is too large to be an amount" | "{amount} quá lớn, không phải số tiền",
            RepPaymentMethods: "Payment methods: {names}" | "Phương thức thanh toán: {names}",
            RepPayFromCredit: "Pay it from the account credit with `invoice pay {id}`" | "Thanh toán bằng số dư tài khoản với `invoice pay {id}`",

            // Cancelling a service
            CliCancelHeading: "cancel service #{id} {name} ({domain})" | "hủy dịch vụ #{id} {name} ({domain})",
            CliCancelPeriodPast: "it ends at the end of its billing period, which was due on {date} and has passed (the service is overdue): the portal says when it ends" | "dịch vụ kết thúc vào cuối chu kỳ thanh toán, đã đến hạn ngày {date} và đã qua (dịch vụ quá hạn): cổng sẽ quyết định ngày kết thúc",
            CliCancelEndOfPeriod: "it ends at the end of its billing period, on {date}; until then it keeps running" | "dịch vụ kết thúc vào cuối chu kỳ thanh toán, ngày {date}; đến lúc đó vẫn hoạt động",
            CliCancelNoDate: "it ends at the end of its billing period (the portal gives no date)" | "dịch vụ kết thúc vào cuối chu kỳ thanh toán (cổng không cho biết ngày)",
            CliCancelNow: "it ends now: the service stops as soon as the portal takes the request" | "dịch vụ kết thúc ngay khi cổng nhận yêu cầu",
            CliCancelNotOffered: "service #{id} does not offer cancelling (it offers: {names}): nothing was sent" | "dịch vụ #{id} không cho phép hủy (chỉ có: {names}): không gửi gì",
            CliOffersNothing: "nothing" | "không có thao tác nào",
            CliCancelAlready: "service #{id} is already {status}: nothing was sent" | "dịch vụ #{id} đã ở trạng thái {status}: không gửi gì",
            CliEmptyReason: "--reason is empty: say why the service is cancelled; nothing was sent" | "--reason trống: hãy nêu lý do hủy dịch vụ; không gửi gì",
            CliTypeToConfirm: "type {word} to confirm: " | "gõ {word} để xác nhận: ",
            CliTypedMismatch: "what was typed is not {word}: nothing was sent" | "nội dung đã gõ không phải {word}: không gửi gì",

            // A service's label
            CliLabelShow: "service #{id}: label “{label}”" | "dịch vụ #{id}: nhãn “{label}”",
            CliLabelNone: "service #{id} has no label" | "dịch vụ #{id} chưa có nhãn",
            CliLabelHeading: "label service #{id} {name}" | "đặt nhãn dịch vụ #{id} {name}",
            CliLabelAlready: "service #{id} is already labelled “{label}”: nothing was sent" | "dịch vụ #{id} đã có nhãn “{label}”: không gửi gì",
            CliLabelNotOffered: "service #{id} does not offer a label (it offers: {names}): nothing was sent" | "dịch vụ #{id} không cho phép đặt nhãn (chỉ có: {names}): không gửi gì",

            // SSL certificates
            RepCertificatesTitle: "{n} SSL certificates" | "{n} chứng chỉ SSL",
            RepCertColumn: "CERTIFICATE" | "CHỨNG CHỈ",
            CertPending: "Pending" | "Đang chờ cấp",
            CliCrtSaved: "saved the certificate of #{id} ({domain}) to {path}" | "đã lưu chứng chỉ của #{id} ({domain}) vào {path}",
            CliCrtOutputNeedsCrt: "-o saves the issued certificate: add --crt" | "-o dùng để lưu chứng chỉ đã cấp: hãy thêm --crt",

            // Signing out at the portal
            CliLogoutEnded: "signed out at {host}; forgot the remembered session of profile {name}" | "đã đăng xuất khỏi cổng {host}; đã xóa phiên đã lưu của hồ sơ {name}",
            CliLogoutNotOffered: "{host} does not offer signing out: only the local session was removed (profile {name})" | "cổng {host} không hỗ trợ đăng xuất: chỉ xóa phiên trên máy này (hồ sơ {name})",
            CliLogoutAlready: "the session at {host} had already ended; forgot the remembered session of profile {name}" | "phiên trên cổng {host} đã hết hạn từ trước; đã xóa phiên đã lưu của hồ sơ {name}",
            CliLogoutFailed: "could not sign out at {host} ({error}); the remembered session of profile {name} was removed here, the portal may keep it until it expires" | "không đăng xuất được khỏi cổng {host} ({error}); đã xóa phiên đã lưu của hồ sơ {name} trên máy này, cổng có thể giữ phiên đến khi hết hạn",

            ] $($rest)*
        }
    };
}
