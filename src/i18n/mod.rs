//! Every string the dashboard shows, in English and Vietnamese, in one table. Each entry
//! names both texts, so a missing translation does not compile; the tests check that the
//! two agree on their `{placeholders}` and that no Vietnamese text is English left as is.

pub mod format;

use std::fmt::Display;

pub use crate::api::Language;
use crate::api::{ApiError, BodyKind, Lost, Operation, Refusal, Said, TlsFailure};

macro_rules! texts {
    ($($key:ident: $en:literal | $vi:literal,)*) => {
        /// A UI string; [`Text::get`] gives it in a language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Text {
            $($key,)*
        }

        impl Text {
            pub const ALL: &'static [Text] = &[$(Text::$key,)*];

            pub fn get(self, language: Language) -> &'static str {
                match language {
                    Language::English => match self {
                        $(Text::$key => $en,)*
                    },
                    Language::Vietnamese => match self {
                        $(Text::$key => $vi,)*
                    },
                }
            }
        }
    };
}

texts! {
    // Screens and tabs
    ScreenLogin: "Login" | "Đăng nhập",
    ScreenAccount: "Account" | "Tài khoản",
    ScreenDomains: "Domains" | "Tên miền",
    ScreenServices: "Services" | "Dịch vụ",
    ScreenInvoices: "Invoices" | "Hóa đơn",
    ScreenCertificates: "Certificates" | "Chứng chỉ",
    ScreenCertificatesShort: "Certs" | "SSL",
    ScreenUpgrades: "Upgrades" | "Nâng cấp",
    ScreenRadar: "Radar" | "Theo dõi",
    ScreenLog: "Log" | "Nhật ký",
    SignInTitle: "portal-tui — sign in" | "portal-tui — đăng nhập",
    ProfileNamed: "profile {name}" | "hồ sơ {name}",
    RoleClient: "client" | "khách hàng",
    RoleReseller: "reseller" | "đại lý",

    // Login form
    FieldProfile: "Profile" | "Hồ sơ",
    FieldBaseUrl: "Portal URL" | "Địa chỉ API",
    FieldHost: "Portal host" | "Tên cổng",
    FieldEmail: "E-mail" | "Thư điện tử",
    FieldPassword: "Password" | "Mật khẩu",
    FieldAuth: "Sign-in" | "Xác thực",
    FieldRole: "Portal" | "Cổng",
    FieldLanguage: "Language" | "Ngôn ngữ",
    AuthJwt: "JWT (token)" | "JWT (mã thông báo)",
    AuthBasic: "Basic" | "Basic (mỗi lần gọi)",
    PortalClient: "Client portal" | "Cổng khách hàng",
    PortalReseller: "Reseller portal" | "Cổng đại lý",
    LoginBoxTitle: "Sign in to your portal" | "Đăng nhập vào cổng của bạn",
    SigningIn: "Signing in…  ({key} cancels)" | "Đang đăng nhập…  ({key} để hủy)",
    ResumingSession: "Taking up the remembered session…" | "Đang dùng lại phiên đã lưu…",
    RunningPasswordCommand: "Running the password command…  ({key} cancels)" | "Đang chạy lệnh lấy mật khẩu…  ({key} để hủy)",
    HintSignIn: "sign in" | "đăng nhập",
    HintField: "field" | "chuyển ô",
    HintChange: "change" | "đổi",
    HintQuit: "quit" | "thoát",
    NeedBaseUrl: "Enter the portal URL, e.g. https://api.example.vn" | "Nhập địa chỉ API, ví dụ https://api.example.vn",
    NeedHost: "Enter the portal host, e.g. my.example.vn" | "Nhập tên cổng, ví dụ my.example.vn",
    NeedEmail: "Enter the account e-mail address" | "Nhập địa chỉ thư điện tử của tài khoản",
    NeedPassword: "Enter the password" | "Nhập mật khẩu",
    InsecureJwt: "http:// to {host}: password and tokens travel unencrypted" | "http:// tới {host}: mật khẩu và mã thông báo đi qua mạng không được mã hóa",
    InsecureBasic: "Basic auth over http:// to {host} is refused; use https://" | "Không dùng Basic qua http:// tới {host}; hãy dùng https://",
    SessionEnded: "The remembered session ended ({reason}); sign in again" | "Phiên đã lưu không còn hiệu lực ({reason}); hãy đăng nhập lại",

    // Profiles
    ProfilesTitle: "Profiles" | "Hồ sơ",
    ProfilesKeys: "{open} switch · {back} close" | "{open} chuyển · {back} đóng",
    SignedIn: "signed in" | "đã đăng nhập",
    SignedOut: "signed out" | "chưa đăng nhập",
    SwitchedTo: "now on {name}: {host} ({role})" | "đang ở {name}: {host} ({role})",
    OnlyOneProfile: "only one profile: add more under [profiles] in the config file" | "chỉ có một hồ sơ: thêm hồ sơ trong mục [profiles] của tệp cấu hình",
    LoggedOut: "logged out of {host}" | "đã đăng xuất khỏi {host}",
    LoggedOutForgotten: "logged out of {host}; the remembered session is deleted" | "đã đăng xuất khỏi {host}; phiên đã lưu đã bị xóa",
    NotLoggedIn: "not logged in" | "chưa đăng nhập",

    // Portal errors: "{op} failed: {message}"
    ErrFailed: "{op} failed: {message}" | "{op} thất bại: {message}",
    OpLogin: "login" | "đăng nhập",
    OpRefresh: "token refresh" | "gia hạn mã thông báo",
    OpDetails: "account details" | "xem thông tin tài khoản",
    OpCertificate: "certificate lookup" | "tra cứu chứng chỉ",
    OpDomain: "domain lookup" | "tra cứu tên miền",
    OpUpgrade: "upgrade options" | "xem phương án nâng cấp",
    OpBalance: "balance" | "xem số dư",
    OpServices: "service list" | "danh sách dịch vụ",
    OpService: "service details" | "thông tin dịch vụ",
    OpDomains: "domain list" | "danh sách tên miền",
    OpDomainDetails: "domain details" | "thông tin tên miền",
    OpDns: "DNS records" | "bản ghi DNS",
    OpInvoices: "invoice list" | "danh sách hóa đơn",
    OpInvoice: "invoice" | "hóa đơn",
    OpDnsTypes: "DNS record types" | "các loại bản ghi DNS",
    OpDnsAdd: "adding a DNS record" | "thêm bản ghi DNS",
    OpDnsUpdate: "changing a DNS record" | "sửa bản ghi DNS",
    OpDnsDelete: "deleting a DNS record" | "xóa bản ghi DNS",
    OpUpgradeEstimate: "upgrade estimate" | "báo giá nâng cấp",
    OpUpgradeRequest: "upgrade request" | "yêu cầu nâng cấp",
    LabelBalance: "Balance" | "Số dư tài khoản",
    LabelAccountCredit: "Credit balance" | "Tín dụng",
    NotOffered: "this portal does not offer the {what}" | "cổng này không cung cấp {what}",
    BodyEmpty: "empty body" | "nội dung rỗng",
    BodyHtml: "HTML page" | "trang HTML",
    BodyJson: "JSON body" | "nội dung JSON",
    BodyText: "text body" | "văn bản",
    SaidWrongLogin: "wrong e-mail or password" | "sai thư điện tử hoặc mật khẩu",
    SaidUnauthorized: "the portal rejected the session (unauthorized)" | "cổng từ chối phiên đăng nhập (unauthorized)",
    SaidInvalidMethod: "the portal does not offer this operation (invalid method)" | "cổng không cung cấp thao tác này (invalid method)",
    RefusedSession: "the portal rejected the session (401)" | "cổng từ chối phiên đăng nhập (401)",
    RefusedBasic: "wrong e-mail or password (Basic auth refused)" | "sai thư điện tử hoặc mật khẩu (Basic bị từ chối)",
    RefusedExpired: "the remembered session has expired; log in again" | "phiên đã lưu đã hết hạn; hãy đăng nhập lại",
    RefusedCheck: "{reason}: check the e-mail and password" | "{reason}: hãy kiểm tra thư điện tử và mật khẩu",
    RefusedAfterLogin: "the login succeeded, then {reason}" | "đăng nhập thành công, rồi {reason}",
    ErrPortal: "the portal says: {said}" | "cổng báo: {said}",
    ErrStatus: "portal answered {status} ({body})" | "cổng trả về {status} ({body})",
    ErrRateLimited: "rate limited by the portal (429){after}" | "cổng giới hạn số lần gọi (429){after}",
    ErrRetryAfter: ", retry after {seconds}s" | ", thử lại sau {seconds} giây",
    ErrEmptyBody: "the portal sent an empty answer" | "cổng trả về câu trả lời rỗng",
    ErrNotJson: "the portal sent {body} instead of JSON" | "cổng gửi {body} thay vì JSON",
    ErrInvalidJson: "invalid JSON from the portal ({detail})" | "JSON không hợp lệ từ cổng ({detail})",
    ErrUnexpected: "unexpected answer from the portal ({detail})" | "câu trả lời không như mong đợi ({detail})",
    ErrTooLarge: "answer larger than {mib} MiB, refused" | "câu trả lời lớn hơn {mib} MiB, bị từ chối",
    ErrTimeout: "no answer within {seconds}s (time-out)" | "không có trả lời sau {seconds} giây (hết thời gian chờ)",
    ErrRefused: "portal unreachable: connection refused at {url}" | "không kết nối được cổng tại {url}",
    ErrDns: "portal host {host} not found (DNS)" | "không tìm thấy máy chủ {host} (DNS)",
    ErrTls: "secure connection to {host} failed ({why})" | "kết nối bảo mật tới {host} không thành công ({why})",
    TlsUnknownIssuer: "certificate not trusted (unknown issuer): use --ca-cert or fix the portal's chain" | "chứng chỉ không được tin cậy (không rõ nơi cấp): dùng --ca-cert hoặc sửa chuỗi chứng chỉ của cổng",
    TlsExpired: "certificate expired: the portal must renew it" | "chứng chỉ đã hết hạn: cổng cần gia hạn",
    TlsOtherName: "certificate is for another name: check base_url" | "chứng chỉ cấp cho tên khác: kiểm tra base_url",
    TlsRevoked: "certificate revoked" | "chứng chỉ đã bị thu hồi",
    TlsBadSignature: "certificate has a bad signature" | "chữ ký của chứng chỉ không hợp lệ",
    ErrRedirected: "the portal redirected to {to}: if that is its new address, set base_url" | "cổng chuyển hướng tới {to}: nếu đó là địa chỉ mới, hãy đặt base_url",
    ErrRedirectLoop: "the portal redirects in a loop (at {url})" | "cổng chuyển hướng vòng quanh (tại {url})",
    ErrConnection: "connection lost ({how})" | "mất kết nối ({how})",
    LostMidAnswer: "the portal closed the connection mid-answer" | "cổng đóng kết nối giữa chừng",
    LostConnect: "could not connect to {origin}" | "không kết nối được tới {origin}",
    LostClosed: "the connection closed unexpectedly" | "kết nối bị đóng bất ngờ",

    // Secrets
    LogWithheld: "(a login or token answer: its body is withheld, it holds the session's secrets)" | "(câu trả lời đăng nhập hoặc cấp mã: nội dung được giữ kín vì chứa bí mật của phiên)",

    // Status bar
    SessionBasic: "Basic auth" | "xác thực Basic",
    SessionLoggedOut: "logged out" | "đã đăng xuất",
    SessionNoExpiry: "token (no expiry given)" | "mã thông báo (không rõ hạn)",
    SessionRenewsIn: "token renews in {time}" | "mã thông báo gia hạn sau {time}",
    SessionExpired: "token expired, renews on next call" | "mã thông báo hết hạn, sẽ gia hạn ở lần gọi sau",
    Stale: "⚠ stale: data from {age} ago" | "⚠ dữ liệu cũ: từ {age} trước",
    Working: "working…" | "đang xử lý…",
    LanguageNow: "language: English; this view is fetched again" | "ngôn ngữ: Tiếng Việt; đang tải lại màn hình này",
    Cancelled: "cancelled" | "đã hủy",
    Retrying: "retrying ({attempt}/{of}) in {wait}: {reason}" | "thử lại ({attempt}/{of}) sau {wait}: {reason}",
    SavedTo: "saved to {path}" | "đã lưu vào {path}",
    CopiedTmux: "copied to the tmux buffer" | "đã chép vào bộ đệm của tmux",
    CopiedOsc52: "sent to the terminal clipboard (OSC 52)" | "đã gửi tới bộ nhớ tạm của terminal (OSC 52)",
    CopyFailed: "could not copy: {reason}" | "không chép được: {reason}",
    TooSmall: "Terminal too small: {have}, need {need}" | "Cửa sổ quá nhỏ: {have}, cần {need}",
    LookingUp: "Looking up…" | "Đang tra cứu…",
    ErrorTitle: "Error" | "Lỗi",
    EscToClose: "{key} to close" | "{key} để đóng",
    KeysTitle: "Keys — {screen}" | "Phím — {screen}",
    ScrollHint: " — {up}{down} scroll" | " — {up}{down} cuộn",

    // Watchlist
    Watching: "watching {what}" | "đang theo dõi {what}",
    StoppedWatching: "stopped watching {what}" | "đã bỏ theo dõi {what}",
    AlreadyWatching: "already watching {what}" | "{what} đã được theo dõi",
    NotWatched: "{what} is not watched" | "{what} chưa được theo dõi",
    WatchSaved: "{change} (saved to {path})" | "{change} (đã lưu vào {path})",
    WatchThisRun: "{change} for this run (no profile in a config file to save it to)" | "{change} trong lần chạy này (không có hồ sơ trong tệp cấu hình để lưu)",
    WatchCertificate: "certificate {id}" | "chứng chỉ {id}",
    WatchService: "service {id}" | "dịch vụ {id}",

    // Prompts
    PromptDomain: "Domain name" | "Tên miền",
    PromptFilter: "Filter (name or status; {open} keeps, {back} clears)" | "Lọc (tên hoặc trạng thái; {open} giữ, {back} bỏ)",
    PromptCertificate: "Certificate id" | "Mã chứng chỉ",
    PromptService: "Service id" | "Mã dịch vụ",
    PromptSaveCsr: "Save CSR to" | "Lưu CSR vào",
    PromptSaveSummary: "Save summary to" | "Lưu bản tóm tắt vào",
    FirstRun: "No portal is set up yet: fill in the form, or add a profile to {path} (portal-tui --print-default-config prints one). To look around first, quit and run portal-tui --demo." | "Chưa thiết lập cổng nào: điền vào biểu mẫu, hoặc thêm hồ sơ vào {path} (portal-tui --print-default-config in ra một mẫu). Muốn xem thử trước, hãy thoát và chạy portal-tui --demo.",
    PromptLogout: "Log out (a remembered session is deleted)? y/n" | "Đăng xuất (phiên đã lưu sẽ bị xóa)? c/k",
    HelpClose: "{key} closes; other keys work as usual" | "{key} để đóng; các phím khác vẫn dùng được",
    KeyGoLog: "the request log" | "nhật ký yêu cầu",
    KeyOpenLogEntry: "show the answer's body" | "xem nội dung câu trả lời",
    LogTitle: "Log — {count} entries, newest first — {key} shows an answer" | "Nhật ký — {count} mục, mới nhất trước — {key} để xem câu trả lời",
    LogEmpty: "Nothing yet: every request and message of this run is listed here." | "Chưa có gì: mọi yêu cầu và thông báo của lần chạy này được liệt kê ở đây.",
    LogBodyTitle: "{method} {path} — {status} — {key} back" | "{method} {path} — {status} — {key} quay lại",
    LogNoBody: "(no answer body)" | "(không có nội dung)",
    LogCut: "… cut at {lines} lines" | "… cắt ở {lines} dòng",
    // Text reports of the scripting commands (`--lang vi` follows them too)
    CliWhoProfile: "profile {profile}, {who}" | "hồ sơ {profile}, {who}",
    CliDomainChange: "domain {name} (registration {id}): {what}" | "tên miền {name} (mã đăng ký {id}): {what}",
    CliAlreadySet: "already set: record {id} is {record}; nothing was sent" | "đã đúng rồi: bản ghi {id} là {record}; không gửi gì",
    CliNoRecord: "{name} has no record {id} (its records: {ids})" | "{name} không có bản ghi {id} (các bản ghi: {ids})",
    CliSeveral: "{count} records have host {host} and type {kind} (ids {ids}): delete the ones not wanted with `dns delete {name} ID`, then run this again" | "{count} bản ghi có cùng tên máy {host} và loại {kind} (mã {ids}): hãy xóa những bản ghi thừa bằng `dns delete {name} ID`, rồi chạy lại lệnh này",
    CliService: "service {id}:" | "dịch vụ {id}:",
    CliRecurring: "recurring {difference} per cycle, setup {setup}" | "định kỳ {difference} mỗi kỳ, phí cài đặt {setup}",
    CliServiceRecurring: "the service's recurring total: {before} → {after}" | "tổng định kỳ của dịch vụ: {before} → {after}",
    CliChosenTwice: "--choose names {resource} twice: choose one option per resource" | "--choose nêu {resource} hai lần: mỗi tài nguyên chỉ chọn một phương án",
    CliWouldSend: "would send: {request}" | "sẽ gửi: {request}",
    CliNothingSent: "nothing was sent" | "chưa gửi gì",
    CliEstimateFor: "estimate for {what}" | "báo giá cho {what}",
    CliUpgradeFor: "upgrade request for {what}" | "yêu cầu nâng cấp cho {what}",
    CliNeedYes: "refusing to change anything without --yes (there is no terminal to confirm on)" | "không thay đổi gì khi thiếu --yes (không có terminal để xác nhận)",
    CliAsk: "send this change? [y/N] " | "gửi thay đổi này? [c/K] ",
    CliNotConfirmed: "not confirmed: nothing was sent" | "chưa xác nhận: không gửi gì",
    CliDone: "done: {what}" | "đã xong: {what}",
    CliRereadFailed: "(reading it again failed: {error})" | "(đọc lại thất bại: {error})",
    CliLost: "the change may or may not have been applied; it was not sent again. As the portal has it now:" | "thay đổi có thể đã hoặc chưa được áp dụng; không gửi lại. Hiện trạng trên cổng:",
    CliChooseForm: "--choose {pair}: write RESOURCE=ITEM, e.g. --choose \"CPU=4 vCPU\"" | "--choose {pair}: hãy viết TÀI_NGUYÊN=LỰA_CHỌN, ví dụ --choose \"CPU=4 vCPU\"",
    CliNoResource: "no resource {resource} to choose from (there are: {names})" | "không có tài nguyên {resource} để chọn (chỉ có: {names})",
    CliNoItem: "{resource} has no item {item} (its items: {items})" | "{resource} không có lựa chọn {item} (các lựa chọn: {items})",
    CliOverflow: "the sums are too large to add up" | "tổng số tiền quá lớn để cộng",
    RepAccount: "Account {id}" | "Tài khoản {id}",
    RepOtherFields: "Other fields" | "Thông tin khác",
    RepName: "NAME" | "TÊN",
    RepId: "ID" | "MÃ",
    RepExpires: "EXPIRES" | "HẾT HẠN",
    RepLeft: "LEFT" | "CÒN",
    RepAutorenew: "AUTORENEW" | "TỰ GIA HẠN",
    RepIdProtect: "ID PROTECT" | "ẨN THÔNG TIN",
    RepRenewal: "RENEWAL" | "GIÁ GIA HẠN",
    RepNameservers: "NAMESERVERS" | "MÁY CHỦ TÊN",
    RepYes: "yes" | "có",
    RepNo: "no" | "không",
    RepUnreadable: "Unreadable record #{id} {name}: {reason}" | "Bản ghi không đọc được #{id} {name}: {reason}",
    RepCertificate: "Certificate {id} — {name}" | "Chứng chỉ {id} — {name}",
    RepCertStatus: "Certificate status" | "Trạng thái chứng chỉ",
    RepNoneYet: "(none yet)" | "(chưa có)",
    RepCreated: "Created" | "Ngày tạo",
    RepContact: "{role} contact" | "Liên hệ {role}",
    RepContactMissing: "{role} contact: not provided" | "Liên hệ {role}: không có",
    RepMissing: "(missing)" | "(thiếu)",
    RepOrganization: "Organization" | "Tổ chức",
    RepReadOnly: "{kind}, read-only" | "{kind}, chỉ xem",
    RepOption: "OPTION" | "PHƯƠNG ÁN",
    RepPrice: "PRICE" | "GIÁ",
    RepSetup: "SETUP" | "PHÍ CÀI ĐẶT",
    RepCurrent: "current" | "hiện tại",
    RepNoUpgrades: "No upgrade options for this service." | "Dịch vụ này không có phương án nâng cấp.",
    RepRecurringTotal: "The options chosen now cost {total} per cycle (the service's own recurring total is on `service ID`)" | "Các phương án đang chọn có giá {total} mỗi kỳ (tổng định kỳ của dịch vụ xem bằng `service ID`)",
    RepUpgradesOrdered: "The portal's estimate: upgrade {id} --choose \"RESOURCE=OPTION\"; to order it, add --send." | "Báo giá của cổng: upgrade {id} --choose \"TÀI_NGUYÊN=PHƯƠNG_ÁN\"; để đặt nâng cấp, thêm --send.",
    RepRadarCalm: "Radar: nothing needs attention (within {days} days)" | "Theo dõi: không có gì cần chú ý (trong {days} ngày)",
    RepRadarFlagged: "Radar: {flagged} of {count} need attention (within {days} days)" | "Theo dõi: {flagged}/{count} mục cần chú ý (trong {days} ngày)",
    RepKind: "KIND" | "LOẠI",
    RepAdmin: "Admin" | "quản trị",
    RepBilling: "Billing" | "thanh toán",
    RepTech: "Tech" | "kỹ thuật",
    RepStatus: "STATUS" | "TRẠNG THÁI",
    RepAttention: "ATTENTION" | "CẦN CHÚ Ý",
    RepKindDomain: "domain" | "tên miền",
    RepKindCertificate: "certificate" | "chứng chỉ",
    RepKindService: "service" | "dịch vụ",
    RepKindInvoice: "invoice" | "hóa đơn",
    RepService: "Service {id} — {name}" | "Dịch vụ {id} — {name}",
    RepInvoice: "Invoice {number} (id {id})" | "Hóa đơn {number} (mã {id})",
    RepDnsOf: "DNS records of {name} (registration {id})" | "Bản ghi DNS của {name} (đăng ký {id})",
    RepNoDns: "No DNS records." | "Không có bản ghi DNS.",
    NotACertificate: "{name} is not an SSL service" | "{name} không phải dịch vụ SSL",
    RepNothingListed: "The portal lists none." | "Cổng không liệt kê mục nào.",
    RepNoActiveRegistration: "{name} has no active registration" | "{name} không có đăng ký nào đang hoạt động",
    RepDomain: "DOMAIN" | "TÊN MIỀN",
    RepCycle: "CYCLE" | "CHU KỲ",
    RepNextDue: "NEXT DUE" | "HẠN TT",
    RepTotal: "TOTAL" | "TỔNG",
    RepNumber: "NUMBER" | "SỐ",
    RepDate: "DATE" | "NGÀY",
    RepDue: "DUE" | "HẠN",
    RepHost: "HOST" | "TÊN",
    RepType: "TYPE" | "LOẠI",
    RepContent: "CONTENT" | "NỘI DUNG",
    RepTtl: "TTL" | "THỜI GIAN LƯU",
    RepPriority: "PRIO" | "ƯU TIÊN",
    RepDescription: "DESCRIPTION" | "MÔ TẢ",
    RepQty: "QTY" | "SL",
    RepAmount: "AMOUNT" | "THÀNH TIỀN",
    PromptReplace: "The file exists: replace it? (y/n)" | "Tệp đã có: ghi đè? (c/k)",
    ReplaceFile: "{path} exists" | "{path} đã có",
    NotReplaced: "not saved: the file is left as it was" | "chưa lưu: tệp vẫn giữ nguyên",
    TypeFileName: "Type a file name" | "Nhập tên tệp",
    TypeDomain: "Type a domain name, e.g. example.vn" | "Nhập tên miền, ví dụ example.vn",
    DomainTooLong: "A domain name has at most 253 characters" | "Tên miền dài tối đa 253 ký tự",
    DomainBadChar: "A domain name cannot contain {char}" | "Tên miền không được chứa {char}",
    TypeNumber: "Type a {what} (a number)" | "Nhập {what} (một số)",
    NotANumber: "“{text}” is not a {what}: digits only" | "“{text}” không phải {what}: chỉ gồm chữ số",
    NumberTooLarge: "{what} too large: {text}" | "{what} quá lớn: {text}",

    // Account
    LoadingAccount: "Loading account details…" | "Đang tải thông tin tài khoản…",
    AccountTitle: "Account #{id}" | "Tài khoản #{id}",
    OtherFields: "Other fields ({count}) — {up}{down} scroll" | "Thông tin khác ({count}) — {up}{down} cuộn",
    LabelName: "Name" | "Họ tên",
    LabelCompany: "Company" | "Công ty",
    LabelEmail: "E-mail" | "Thư điện tử",
    LabelAddress: "Address" | "Địa chỉ",
    LabelPhone: "Phone" | "Điện thoại",
    LabelCountry: "Country" | "Quốc gia",
    LabelStatus: "Status" | "Trạng thái",
    LabelCredit: "Credit" | "Số dư",
    LabelLastLogin: "Last login" | "Đăng nhập cuối",

    // Domains
    NoDomainYet: "No domain looked up yet." | "Chưa tra cứu tên miền nào.",
    PressSlashDomain: "Press {key} and type a domain name, e.g. example.vn." | "Nhấn {key} rồi gõ tên miền, ví dụ example.vn.",
    ApiCannotList: "(The portal API cannot list all domains.)" | "(API của cổng không liệt kê được mọi tên miền.)",
    DomainsFiltered: "Domains — “{filter}”: {shown} of {records} — {key} shows all" | "Tên miền — “{filter}”: {shown}/{records} — {key} để xem tất cả",
    RecordsOne: "{n} record" | "{n} bản ghi",
    RecordsMany: "{n} records" | "{n} bản ghi",
    NoMatch: "No record matches “{filter}”." | "Không có bản ghi nào khớp “{filter}”.",
    DomainsTitle: "Domains — {names} looked up, {records} — {key} opens" | "Tên miền — đã tra {names}, {records} — {key} để mở",
    ColName: "NAME" | "TÊN",
    ColStatus: "STATUS" | "TRẠNG THÁI",
    ColExpires: "EXPIRES" | "HẾT HẠN",
    ColLeft: "LEFT" | "CÒN",
    ColAuto: "AUTO" | "TỰ GH",
    ColIdp: "IDP" | "ẨN TT",
    ColRenewal: "RENEWAL" | "GIÁ GIA HẠN",
    ColKind: "KIND" | "LOẠI",
    ColAttention: "ATTENTION" | "CẦN CHÚ Ý",
    ColDomain: "DOMAIN" | "TÊN MIỀN",
    ColCycle: "CYCLE" | "CHU KỲ",
    ColNextDue: "NEXT DUE" | "HẠN TT",
    ColTotal: "TOTAL" | "TỔNG",
    ColNumber: "NUMBER" | "SỐ",
    ColDate: "DATE" | "NGÀY",
    ColDue: "DUE" | "HẠN",
    ListTitle: "{screen} — {count} — {key} opens" | "{screen} — {count} — {key} để mở",
    ListFiltered: "{screen} — “{filter}”: {shown} of {count} — {key} clears" | "{screen} — “{filter}”: {shown}/{count} — {key} để xóa lọc",
    NothingListed: "The portal lists none." | "Cổng không liệt kê mục nào.",
    NothingYet: "Not fetched yet." | "Chưa tải.",
    DaysOverdue: "{n} d late" | "trễ {n} ng",
    InvoiceItems: "Items ({count})" | "Các khoản ({count})",
    InvoiceTitle: "Invoice {number} — {key}" | "Hóa đơn {number} — {key}",
    ServicesByUpgrades: "Upgrade options of a service by its id: {key}." | "Phương án nâng cấp theo mã dịch vụ: {key}.",
    ServiceUpgradesKey: "{key}: upgrade options of this service" | "{key}: phương án nâng cấp của dịch vụ này",
    ServiceCertificateKey: "{key}: its certificate" | "{key}: chứng chỉ của dịch vụ",
    DomainsListedTitle: "Domains — {records} — {key} opens" | "Tên miền — {records} — {key} để mở",
    DnsRecords: "DNS records ({count})" | "Bản ghi DNS ({count})",
    DnsLoading: "reading the DNS records…" | "đang đọc bản ghi DNS…",
    On: "on" | "bật",
    Off: "off" | "tắt",
    DaysShort: "{n}d" | "{n}ng",
    LabelRecordId: "Record id" | "Mã bản ghi",
    LabelRegistered: "Registered" | "Ngày đăng ký",
    LabelExpires: "Expires" | "Hết hạn",
    LabelPeriod: "Period" | "Kỳ hạn",
    Years: "{n} year(s)" | "{n} năm",
    LabelNextDue: "Next due" | "Hạn thanh toán",
    LabelNextInvoice: "Next invoice" | "Hóa đơn kế tiếp",
    LabelFirstPayment: "First payment" | "Thanh toán lần đầu",
    LabelRenewal: "Renewal" | "Giá gia hạn",
    LabelAutorenew: "Autorenew" | "Tự gia hạn",
    LabelIdProtection: "ID protection" | "Ẩn thông tin",
    Nameservers: "Nameservers ({count})" | "Máy chủ tên ({count})",
    NoneSet: "none set" | "chưa đặt",
    OtherFieldsPlain: "Other fields" | "Thông tin khác",
    Unreadable: "unreadable" | "không đọc được",
    UnreadableRecord: "The portal sent this record in a form the tool cannot read: {reason}" | "Cổng gửi bản ghi này ở dạng công cụ không đọc được: {reason}",
    EscBack: "{key} back" | "{key} quay lại",
    Today: "today" | "hôm nay",
    InOneDay: "in 1 day" | "còn 1 ngày",
    InDays: "in {n} days" | "còn {n} ngày",
    OneDayAgo: "1 day ago" | "1 ngày trước",
    DaysAgo: "{n} days ago" | "{n} ngày trước",

    // Certificates
    NoCertificate: "No certificate shown." | "Chưa xem chứng chỉ nào.",
    PressSlashCertificate: "Press {key} and type a certificate id, e.g. 3301." | "Nhấn {key} rồi gõ mã chứng chỉ, ví dụ 3301.",
    LabelProduct: "Product" | "Sản phẩm",
    LabelDomain: "Domain" | "Tên miền",
    CertificateWord: "certificate:" | "chứng chỉ:",
    NotIssued: "not issued yet" | "chưa cấp",
    LabelBillingCycle: "Billing cycle" | "Chu kỳ thanh toán",
    LabelTotal: "Total" | "Tổng cộng",
    LabelApprover: "Approver e-mail" | "Thư xác nhận",
    LabelLabel: "Label" | "Nhãn",
    LabelCategory: "Category" | "Nhóm",
    LabelUsername: "Username" | "Tên đăng nhập",
    LabelInvoiceDate: "Date" | "Ngày lập",
    LabelDueDate: "Due date" | "Hạn thanh toán",
    LabelDatePaid: "Paid on" | "Ngày thanh toán",
    LabelSubtotal: "Subtotal" | "Tạm tính",
    LabelTax: "Tax" | "Thuế",
    LabelCreditApplied: "Credit applied" | "Trừ vào số dư",
    LabelNotes: "Notes" | "Ghi chú",
    Contact: "Contact" | "Liên hệ",
    Missing: "(missing)" | "(không có)",
    ContactAdmin: "admin" | "quản trị",
    ContactBilling: "billing" | "thanh toán",
    ContactTech: "tech" | "kỹ thuật",
    NoContactDetails: "the portal sent no details for this contact" | "cổng không gửi thông tin cho liên hệ này",
    Organization: "Organization" | "Tổ chức",
    NoCsr: "no CSR on file" | "không có CSR",
    CertificateTitle: "Certificate #{id} — {domain}" | "Chứng chỉ #{id} — {domain}",
    WatchedTitle: "★ watched" | "★ đang theo dõi",

    // Upgrades
    NoService: "No service shown." | "Chưa xem dịch vụ nào.",
    PressSlashService: "Press {key} and type a service id, e.g. 2207." | "Nhấn {key} rồi gõ mã dịch vụ, ví dụ 2207.",
    ReadOnly: "({kind}, read-only)" | "({kind}, chỉ xem)",
    Setup: "setup {amount}" | "phí cài đặt {amount}",
    Current: "current" | "đang dùng",
    ServiceTitle: "Service #{id} — upgrade options" | "Dịch vụ #{id} — phương án nâng cấp",
    Recurring: "Recurring" | "Định kỳ",
    TooLarge: "too large" | "quá lớn",
    OneTimeSetup: "One-time setup" | "Phí cài đặt một lần",
    CopySummary: "copy summary" | "chép bản tóm tắt",
    SaveSummary: "save summary" | "lưu bản tóm tắt",
    ChangeSummary: "Change summary" | "Tóm tắt thay đổi",
    NoChangeYet: "Summary — no change yet" | "Tóm tắt — chưa thay đổi",
    NoneChosen: "(none)" | "(không có)",
    Unchanged: "unchanged" | "giữ nguyên",
    SummaryHeading: "Upgrade summary for service {id}" | "Tóm tắt nâng cấp dịch vụ {id}",

    // Changes: the DNS record form, the confirmation, what came of a change
    DnsAddTitle: "New DNS record — {domain}" | "Bản ghi DNS mới — {domain}",
    DnsEditTitle: "DNS record #{id} — {domain}" | "Bản ghi DNS #{id} — {domain}",
    FieldDnsHost: "Host" | "Tên máy",
    FieldDnsType: "Type" | "Loại",
    FieldDnsContent: "Content" | "Nội dung",
    FieldDnsPriority: "Priority" | "Ưu tiên",
    FieldDnsTtl: "TTL (seconds)" | "TTL (giây)",
    DnsHostHint: "@ is {domain} itself; empty is @" | "@ là chính {domain}; để trống là @",
    DnsNeedsIpv4: "an IPv4 address, e.g. 203.0.113.7" | "một địa chỉ IPv4, ví dụ 203.0.113.7",
    DnsNeedsIpv6: "an IPv6 address, e.g. 2001:db8::1" | "một địa chỉ IPv6, ví dụ 2001:db8::1",
    DnsNeedsHost: "a host name, e.g. mail.example.vn" | "một tên máy, ví dụ mail.example.vn",
    DnsNeedsText: "any text; quotes are added" | "văn bản bất kỳ; dấu ngoặc kép được tự thêm",
    DnsNeedsAny: "as the portal expects for this type" | "theo đúng yêu cầu của cổng cho loại này",
    DnsTtlHint: "empty: the portal's default" | "để trống: mặc định của cổng",
    DnsPriorityHint: "lower is preferred" | "số nhỏ hơn được ưu tiên",
    DnsBadType: "type {kind} is not one this portal takes ({types})" | "cổng này không nhận loại {kind} (chỉ nhận {types})",
    DnsBadHost: "host {host} is not a host name (letters, digits, - and .; @ for the domain itself)" | "{host} không phải tên máy hợp lệ (chữ, số, - và .; @ là chính tên miền)",
    DnsEmptyContent: "the content is empty" | "nội dung đang trống",
    DnsNotIpv4: "an A record needs an IPv4 address, not {text}" | "bản ghi A cần một địa chỉ IPv4, không phải {text}",
    DnsNotIpv6: "an AAAA record needs an IPv6 address, not {text}" | "bản ghi AAAA cần một địa chỉ IPv6, không phải {text}",
    DnsNotHostName: "a {kind} record needs a host name, not {text}" | "bản ghi {kind} cần một tên máy, không phải {text}",
    DnsBadNumber: "the {what} must be a whole number from 0 to {max}, not {text}" | "{what} phải là số nguyên từ 0 đến {max}, không phải {text}",
    DnsWordPriority: "priority" | "độ ưu tiên",
    DnsWordTtl: "TTL" | "thời gian lưu (TTL)",
    DnsNoPriority: "an MX record needs a priority (lower is preferred)" | "bản ghi MX cần độ ưu tiên (số nhỏ hơn được ưu tiên)",
    DnsUnchanged: "the record already holds this: there is nothing to send" | "bản ghi đã như vậy rồi: không có gì để gửi",
    HintCheck: "check" | "kiểm tra",
    HintCancel: "cancel" | "hủy",
    HintSend: "send" | "gửi",
    HintAdd: "add" | "thêm",
    HintEdit: "edit" | "sửa",
    HintDelete: "delete" | "xóa",
    HintOrder: "order" | "đặt nâng cấp",
    ConfirmTitle: "Send this change?" | "Gửi thay đổi này?",
    ConfirmUpgradeTitle: "Send this upgrade request?" | "Gửi yêu cầu nâng cấp này?",
    LabelPortal: "Portal" | "Cổng",
    LabelChange: "Change" | "Thay đổi",
    LabelBefore: "Now" | "Hiện tại",
    LabelAfter: "New" | "Mới",
    LabelRequest: "Request" | "Yêu cầu",
    LabelService: "Service" | "Dịch vụ",
    LabelItems: "Items" | "Lựa chọn",
    LabelEstimate: "Portal's estimate" | "Báo giá của cổng",
    EstimateDifference: "difference" | "chênh lệch",
    EstimateSetup: "setup" | "phí cài đặt",
    AsUserAt: "{user} at {host}" | "{user} tại {host}",
    DoAdd: "add a record" | "thêm một bản ghi",
    DoUpdate: "change record #{id}" | "sửa bản ghi #{id}",
    DoDelete: "delete record #{id}" | "xóa bản ghi #{id}",
    DoEstimate: "upgrade estimate for service #{id}" | "báo giá nâng cấp dịch vụ #{id}",
    DoUpgrade: "upgrade request for service #{id}" | "yêu cầu nâng cấp dịch vụ #{id}",
    SentOnce: "Sent once: if its answer is lost, it is not sent again." | "Chỉ gửi một lần: nếu mất câu trả lời, sẽ không tự gửi lại.",
    ChangeSending: "Sending: {what}…" | "Đang gửi: {what}…",
    ChangeDone: "Done: {what}" | "Đã xong: {what}",
    ChangeLost: "{what}: the answer was lost, so it may or may not have been applied; it was not sent again. Read again below: check before trying again ({reason})." | "{what}: mất câu trả lời, nên thay đổi có thể đã hoặc chưa được áp dụng; không gửi lại. Đã đọc lại bên dưới: hãy kiểm tra trước khi thử lại ({reason}).",
    ChangeLogFailed: "the change log could not be written ({reason})" | "không ghi được nhật ký thay đổi ({reason})",
    ChangeBusyQuit: "A change is still on its way: wait for its answer (Ctrl-C leaves anyway)." | "Một thay đổi vẫn đang được gửi: hãy chờ câu trả lời (Ctrl-C để thoát ngay).",
    ChangeBusy: "A change is still on its way: wait for its answer first." | "Một thay đổi vẫn đang được gửi: hãy chờ câu trả lời trước.",
    UpgradeNothingChosen: "Choose an item other than the current one first." | "Hãy chọn một lựa chọn khác cấu hình hiện tại trước.",
    UpgradeAsking: "Asking the portal for its estimate…" | "Đang hỏi cổng báo giá…",
    OrderHint: "{key} asks the portal's estimate, then sends the request once you confirm." | "{key} hỏi báo giá của cổng, rồi gửi yêu cầu khi bạn xác nhận.",
    SaidUpgradeEstimate: "this is an estimate" | "đây là báo giá",
    SaidUpgradeRequested: "the upgrade request was sent" | "đã gửi yêu cầu nâng cấp",
    KeyAddRecord: "add a DNS record (in a domain's detail)" | "thêm bản ghi DNS (trong chi tiết tên miền)",
    KeyEditRecord: "change the selected DNS record" | "sửa bản ghi DNS đang chọn",
    KeyDeleteRecord: "delete the selected DNS record" | "xóa bản ghi DNS đang chọn",
    KeyOrder: "the portal's estimate, then send the upgrade request" | "báo giá của cổng, rồi gửi yêu cầu nâng cấp",
    KeyConfirm: "send the change shown" | "gửi thay đổi đang hiện",

    // Only when confirmed: pasted text, keys queued before a dialog, stale dialogs,
    // read-only DNS records, upgrades already requested
    DnsNoId: "read-only: the portal lists this record without an id, so it cannot be named in a change" | "chỉ xem: cổng liệt kê bản ghi này không có mã, nên không thể chỉ ra nó trong một thay đổi",
    DnsIdNotPlain: "read-only: its id {id} is not one plain token (letters, digits, - and _ only)" | "chỉ xem: mã {id} của nó không phải một chuỗi đơn giản (chỉ chữ, số, - và _)",
    DnsIdShared: "read-only: another listed record has the same id {id}" | "chỉ xem: một bản ghi khác trong danh sách có cùng mã {id}",
    DnsReadOnlyMark: "read-only" | "chỉ xem",
    PasteJoined: "pasted: its line breaks were taken out (lines joined)" | "đã dán: các dấu xuống dòng đã được bỏ (các dòng được nối lại)",
    PasteNowhere: "pasted text goes only into a text field: nothing was done with it" | "văn bản dán chỉ vào một ô nhập: không có gì được thực hiện",
    KeysSettling: "keys ignored for a moment…" | "tạm bỏ qua phím trong giây lát…",
    ChangeBusyClosed: "A change is still on its way: this one was not sent; confirm it again once that one is answered." | "Một thay đổi vẫn đang được gửi: thay đổi này chưa được gửi; hãy xác nhận lại khi thay đổi kia có câu trả lời.",
    ConfirmRecordGone: "Record #{id} is no longer listed as it was shown: the confirmation was closed and nothing was sent." | "Bản ghi #{id} không còn như lúc hiện ra: hộp xác nhận đã đóng và không có gì được gửi.",
    ConfirmRecordHeld: "The records read again already hold this record: the confirmation was closed and nothing was sent." | "Danh sách bản ghi vừa đọc lại đã có bản ghi này: hộp xác nhận đã đóng và không có gì được gửi.",
    ConfirmUpgradeStale: "The upgrade options read again no longer match these choices: the confirmation was closed and nothing was sent." | "Phương án nâng cấp vừa đọc lại không còn khớp các lựa chọn này: hộp xác nhận đã đóng và không có gì được gửi.",
    RequestedAt: "requested at {at}" | "đã yêu cầu lúc {at}",
    RequestedInvoice: "invoice #{invoice}" | "hóa đơn #{invoice}",
    RequestedMark: "sent {at}" | "đã gửi {at}",
    RequestAgain: "{requested}; request it again?" | "{requested}; yêu cầu lại lần nữa?",
    ConfirmUpgradeAgainTitle: "Request this upgrade again?" | "Yêu cầu nâng cấp này lần nữa?",
    LabelAlready: "Already sent" | "Đã gửi trước đó",
    RecurringService: "Service recurring total" | "Tổng định kỳ của dịch vụ",
    RecurringOptions: "Options' recurring sum" | "Tổng định kỳ của các tùy chọn",

    // Radar
    NothingWatched: "Nothing watched yet." | "Chưa theo dõi mục nào.",
    PressAToWatch: "Press {key} on a domain or a certificate to watch it;" | "Nhấn {key} trên tên miền hoặc chứng chỉ để theo dõi;",
    WatchedFetched: "watched items, and what the portal lists, are fetched at every login and listed here by date." | "các mục theo dõi và những gì cổng liệt kê được tải mỗi lần đăng nhập và xếp ở đây theo ngày.",
    RadarCalm: "Radar — {count} items, nothing needs attention (≤ {days} days)" | "Theo dõi — {count} mục, không có gì cần chú ý (≤ {days} ngày)",
    RadarFlagged: "Radar — {flagged} of {count} need attention (≤ {days} days)" | "Theo dõi — {flagged}/{count} mục cần chú ý (≤ {days} ngày)",
    KindDomain: "dom" | "miền",
    KindCertificate: "cert" | "ssl",
    KindService: "svc" | "dv",
    KindInvoice: "inv" | "hđ",
    LeftDays: "{n} d" | "{n} ng",
    LeftDaysAgo: "{n} d ago" | "{n} ng trước",
    FlagExpired: "expired" | "đã hết hạn",
    FlagExpiresSoon: "expires soon" | "sắp hết hạn",
    FlagAutorenewOff: "no autorenew" | "không tự gia hạn",
    FlagPending: "pending" | "đang chờ",
    FlagLookupFailed: "lookup failed" | "tra cứu lỗi",
    FlagOverdue: "overdue" | "quá hạn",
    FlagDueSoon: "due soon" | "sắp đến hạn",
    FlagUnpaid: "unpaid" | "chưa thanh toán",
    FlagSuspended: "suspended" | "bị tạm ngưng",
    OldRegistration: "old registration (renewed)" | "đăng ký cũ (đã gia hạn)",

    // The change protocol: read again before sending, compared after
    SaidNoReason: "the portal answered \"success\": false and gave no reason" | "cổng trả lời \"success\": false mà không nêu lý do",
    ErrTargetChanged: "nothing was sent: read again just now, the record shown as {shown} now holds {now}" | "chưa gửi gì: vừa đọc lại, bản ghi đã hiển thị là {shown} nay là {now}",
    CliNotLanded: "but the records read again do not show it" | "nhưng các bản ghi đọc lại không cho thấy thay đổi này",
    CliLandedAfterLost: "read again: the change is there now" | "đã đọc lại: thay đổi này hiện đã có",
    CliNotLandedAfterLost: "read again: the change is not there now" | "đã đọc lại: thay đổi này hiện không có",
    CliOthersChanged: "records besides this change are not as they were just before it was sent (another change meanwhile?):" | "các bản ghi khác ngoài thay đổi này không còn như ngay trước khi gửi (có thay đổi khác cùng lúc?):",
    DnsControl: "a line break or a control character cannot be part of a record (it would start another record)" | "bản ghi không được chứa xuống dòng hay ký tự điều khiển (chúng sẽ tạo ra một bản ghi khác)",
    CliUnreadableShares: "{name} has a record with host {host} that could not be read (id {id}): dns set cannot tell whether it is the one to change; look at it in the portal or delete it with `dns delete {name} {id}`" | "{name} có một bản ghi tên máy {host} không đọc được (mã {id}): dns set không biết có phải bản ghi cần sửa hay không; hãy xem trên cổng hoặc xóa bằng `dns delete {name} {id}`",
    ErrTargetGone: "nothing was sent: read again just now, the record shown as {shown} is no longer there" | "chưa gửi gì: vừa đọc lại, bản ghi đã hiển thị là {shown} không còn nữa",

    // Portal statuses, shown in the reader's language
    StatusActive: "Active" | "Đang hoạt động",
    StatusExpired: "Expired" | "Hết hạn",
    StatusPending: "Pending" | "Đang chờ",
    StatusIssued: "Issued" | "Đã cấp",
    StatusCancelled: "Cancelled" | "Đã hủy",
    StatusSuspended: "Suspended" | "Tạm ngưng",
    StatusTerminated: "Terminated" | "Đã chấm dứt",
    StatusFraud: "Fraud" | "Gian lận",
    StatusPaid: "Paid" | "Đã thanh toán",
    StatusUnpaid: "Unpaid" | "Chưa thanh toán",
    StatusRefunded: "Refunded" | "Đã hoàn tiền",
    CycleMonthly: "Monthly" | "Hàng tháng",
    CycleQuarterly: "Quarterly" | "Hàng quý",
    CycleSemiAnnually: "Semi-Annually" | "Nửa năm",
    CycleAnnually: "Annually" | "Hàng năm",
    CycleBiennially: "Biennially" | "Hai năm",
    CycleTriennially: "Triennially" | "Ba năm",
    CycleFree: "Free" | "Miễn phí",
    CycleOneTime: "One Time" | "Một lần",

    // Durations
    DurationDays: "{d}d {h}h" | "{d} ngày {h} giờ",
    DurationHours: "{h}h {m}m" | "{h} giờ {m} phút",
    DurationMinutes: "{m}m {s}s" | "{m} phút {s} giây",
    DurationSeconds: "{s}s" | "{s} giây",

    // Keys: help descriptions and hint words
    KeyQuit: "quit" | "thoát",
    KeyHelp: "show or hide this help" | "hiện hoặc ẩn trợ giúp này",
    KeyShowError: "show the last error in full" | "xem đầy đủ lỗi gần nhất",
    KeyGoAccount: "account" | "tài khoản",
    KeyGoDomains: "domains" | "tên miền",
    KeyGoServices: "services" | "dịch vụ",
    KeyGoInvoices: "invoices" | "hóa đơn",
    KeyGoCertificates: "certificates" | "chứng chỉ",
    KeyGoUpgrades: "upgrades" | "nâng cấp",
    KeyGoRadar: "radar: what expires or falls due, soonest first" | "theo dõi: những gì sắp hết hạn hoặc đến hạn, gần nhất trước",
    KeyNextScreen: "next screen" | "màn hình sau",
    KeyPrevScreen: "previous screen" | "màn hình trước",
    KeyUp: "move up" | "lên",
    KeyDown: "move down" | "xuống",
    KeyPageUp: "page up" | "lên một trang",
    KeyPageDown: "page down" | "xuống một trang",
    KeyHome: "first" | "đầu tiên",
    KeyEnd: "last" | "cuối cùng",
    KeyOpenRecord: "open the record" | "mở bản ghi",
    KeyOpenService: "open the service" | "mở dịch vụ",
    KeyOpenInvoice: "open the invoice" | "mở hóa đơn",
    KeyFilterServices: "filter by name, domain, cycle or status" | "lọc theo tên, tên miền, chu kỳ hoặc trạng thái",
    KeyFilterInvoices: "filter by number, date or status" | "lọc theo số, ngày hoặc trạng thái",
    KeyShowUpgrades: "the service's upgrade options" | "phương án nâng cấp của dịch vụ",
    KeyShowCertificate: "the SSL service's certificate" | "chứng chỉ của dịch vụ SSL",
    KeyOpenRadarItem: "show the item on its screen" | "xem mục này trên màn hình của nó",
    KeyOpen: "open" | "mở",
    KeyBack: "back / cancel the running lookup" | "quay lại / hủy tra cứu đang chạy",
    KeyRefresh: "refresh this view" | "tải lại màn hình này",
    KeyLookupDomain: "look up a domain name" | "tra cứu tên miền",
    KeyFilterDomains: "filter the list by name or status" | "lọc danh sách theo tên hoặc trạng thái",
    KeyLookupCertificate: "look up a certificate id" | "tra cứu mã chứng chỉ",
    KeyLookupService: "look up a service id" | "tra cứu mã dịch vụ",
    KeyLookup: "look up" | "tra cứu",
    KeyPrevContact: "previous contact (admin/billing/tech)" | "liên hệ trước (quản trị/thanh toán/kỹ thuật)",
    KeyNextContact: "next contact (admin/billing/tech)" | "liên hệ sau (quản trị/thanh toán/kỹ thuật)",
    KeyChoose: "choose the option under the cursor" | "chọn phương án dưới con trỏ",
    KeyChoosePrev: "choose the previous option" | "chọn phương án trước",
    KeyChooseNext: "choose the next option" | "chọn phương án sau",
    KeyCopyCsr: "copy the CSR (OSC 52)" | "chép CSR (OSC 52)",
    KeyCopySummary: "copy the summary (OSC 52)" | "chép bản tóm tắt (OSC 52)",
    KeySaveCsr: "save the CSR to a file" | "lưu CSR vào tệp",
    KeySaveSummary: "save the summary to a file" | "lưu bản tóm tắt vào tệp",
    KeyWatchDomain: "watch this domain name (saved in the profile)" | "theo dõi tên miền này (lưu trong hồ sơ)",
    KeyWatchCertificate: "watch this certificate (saved in the profile)" | "theo dõi chứng chỉ này (lưu trong hồ sơ)",
    KeyWatchService: "watch this service (saved in the profile)" | "theo dõi dịch vụ này (lưu trong hồ sơ)",
    KeyUnwatchSelected: "stop watching the selected item" | "bỏ theo dõi mục đang chọn",
    KeyUnwatch: "stop watching it" | "bỏ theo dõi",
    KeyProfiles: "switch profile (portal)" | "chuyển hồ sơ (cổng)",
    KeyLastProfile: "back to the last profile" | "quay về hồ sơ trước",
    KeyToggleLanguage: "English / Tiếng Việt (fetches the view again)" | "Tiếng Việt / English (tải lại màn hình)",
    KeyLogout: "log out of this portal (deletes a remembered session)" | "đăng xuất khỏi cổng này (xóa phiên đã lưu)",
    HintHelp: "help" | "trợ giúp",
    HintLookup: "lookup" | "tra cứu",
    HintFilter: "filter" | "lọc",
    HintOpen: "open" | "mở",
    HintRefresh: "refresh" | "tải lại",
    HintContact: "contact" | "liên hệ",
    HintChoose: "choose" | "chọn",
    HintCopy: "copy" | "chép",
    HintSave: "save" | "lưu",
    HintBack: "back" | "quay lại",
    HintScreen: "screen" | "màn hình",
    HintWatch: "watch" | "theo dõi",
    HintUpgrades: "upgrades" | "nâng cấp",
    HintCertificate: "certificate" | "chứng chỉ",
    HintUnwatch: "unwatch" | "bỏ theo dõi",
    HintProfiles: "profile" | "hồ sơ",
}

impl Text {
    /// The text with each `{name}` replaced by its value.
    pub fn fill(self, language: Language, values: &[(&str, &dyn Display)]) -> String {
        let mut text = self.get(language).to_owned();
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), &value.to_string());
        }
        text
    }
}

/// A status the portal sent, in the reader's language when it is one of the usual ones;
/// anything else is shown as sent.
pub fn status(raw: &str, language: Language) -> std::borrow::Cow<'_, str> {
    let known = match raw.trim().to_ascii_lowercase().as_str() {
        "active" => Text::StatusActive,
        "expired" => Text::StatusExpired,
        "pending" => Text::StatusPending,
        "issued" => Text::StatusIssued,
        "cancelled" | "canceled" => Text::StatusCancelled,
        "suspended" => Text::StatusSuspended,
        "terminated" => Text::StatusTerminated,
        "fraud" => Text::StatusFraud,
        "paid" => Text::StatusPaid,
        "unpaid" => Text::StatusUnpaid,
        "refunded" => Text::StatusRefunded,
        _ => return std::borrow::Cow::Borrowed(raw),
    };
    match language {
        // English keeps the portal's own spelling.
        Language::English => std::borrow::Cow::Borrowed(raw),
        Language::Vietnamese => std::borrow::Cow::Borrowed(known.get(language)),
    }
}

/// A billing cycle the portal sent, in the reader's language when it is a usual one.
pub fn cycle(raw: &str, language: Language) -> std::borrow::Cow<'_, str> {
    let known = match raw.trim().to_ascii_lowercase().replace(['-', ' '], "").as_str() {
        "monthly" => Text::CycleMonthly,
        "quarterly" => Text::CycleQuarterly,
        "semiannually" => Text::CycleSemiAnnually,
        "annually" => Text::CycleAnnually,
        "biennially" => Text::CycleBiennially,
        "triennially" => Text::CycleTriennially,
        "free" => Text::CycleFree,
        "onetime" => Text::CycleOneTime,
        _ => return std::borrow::Cow::Borrowed(raw),
    };
    match language {
        Language::English => std::borrow::Cow::Borrowed(raw),
        Language::Vietnamese => std::borrow::Cow::Borrowed(known.get(language)),
    }
}

/// An operation as a person names it.
pub fn operation(op: Operation, language: Language) -> &'static str {
    let text = match op {
        Operation::Login => Text::OpLogin,
        Operation::Refresh => Text::OpRefresh,
        Operation::Details => Text::OpDetails,
        Operation::Certificate => Text::OpCertificate,
        Operation::Domain => Text::OpDomain,
        Operation::Upgrade => Text::OpUpgrade,
        Operation::Balance => Text::OpBalance,
        Operation::Services => Text::OpServices,
        Operation::Service => Text::OpService,
        Operation::Domains => Text::OpDomains,
        Operation::DomainDetails => Text::OpDomainDetails,
        Operation::Dns => Text::OpDns,
        Operation::Invoices => Text::OpInvoices,
        Operation::Invoice => Text::OpInvoice,
        Operation::DnsTypes => Text::OpDnsTypes,
        Operation::DnsAdd => Text::OpDnsAdd,
        Operation::DnsUpdate => Text::OpDnsUpdate,
        Operation::DnsDelete => Text::OpDnsDelete,
        Operation::UpgradeEstimate => Text::OpUpgradeEstimate,
        Operation::UpgradeRequest => Text::OpUpgradeRequest,
    };
    text.get(language)
}

/// "this portal does not offer the …", for a route the portal lacks.
pub fn not_offered(op: Operation, language: Language) -> String {
    Text::NotOffered.fill(language, &[("what", &operation(op, language))])
}

fn body_kind(kind: BodyKind, language: Language) -> &'static str {
    let text = match kind {
        BodyKind::Empty => Text::BodyEmpty,
        BodyKind::Html => Text::BodyHtml,
        BodyKind::Json => Text::BodyJson,
        BodyKind::Text => Text::BodyText,
    };
    text.get(language)
}

/// What a portal said: known codes in words, its own words as sent.
pub fn said(said: &[Said], language: Language) -> String {
    let one = |s: &Said| match s {
        Said::WrongLogin => Text::SaidWrongLogin.get(language).to_owned(),
        Said::Unauthorized => Text::SaidUnauthorized.get(language).to_owned(),
        Said::InvalidMethod => Text::SaidInvalidMethod.get(language).to_owned(),
        Said::NoReason => Text::SaidNoReason.get(language).to_owned(),
        Said::Words(words) => match words.to_ascii_lowercase().as_str() {
            "upgrade_estimate" => Text::SaidUpgradeEstimate.get(language).to_owned(),
            "upgrade_request_sent" | "upgrade_requested" => Text::SaidUpgradeRequested.get(language).to_owned(),
            // Another code (`some_thing`) reads better as words.
            code if !code.contains(' ') && code.contains('_') => code.replace('_', " "),
            _ => words.clone(),
        },
    };
    said.iter().map(one).collect::<Vec<_>>().join("; ")
}

/// An upgrade estimate's fields in a line: `difference 150,000.50 · setup 0`. Amounts read
/// as amounts do everywhere else, the usual names are translated, anything else is as sent.
pub fn estimate(fields: &[(String, String)], language: Language) -> String {
    let field = |(key, value): &(String, String)| {
        let key = match key.as_str() {
            "difference" => Text::EstimateDifference.get(language),
            "setup" => Text::EstimateSetup.get(language),
            other => other,
        };
        match crate::api::Money::parse(value) {
            Some(amount) => format!("{key} {}", format::money(amount, language)),
            None => format!("{key} {value}"),
        }
    };
    fields.iter().map(field).collect::<Vec<_>>().join(" · ")
}

/// A yes typed in either language (`y`, `yes`, `c`, `có`).
pub fn is_yes(text: &str) -> bool {
    matches!(text.trim().to_lowercase().as_str(), "y" | "yes" | "c" | "có")
}

/// What is wrong with a DNS record as typed, in words.
pub fn dns_problem(problem: &crate::api::dns_rules::Problem, language: Language) -> String {
    use crate::api::dns_rules::{Part, Problem};
    let quoted = |t: &str| format!("{t:?}");
    match problem {
        Problem::Type { kind, types } => {
            Text::DnsBadType.fill(language, &[("kind", &quoted(kind)), ("types", &types.join(", "))])
        }
        Problem::Host(host) => Text::DnsBadHost.fill(language, &[("host", &quoted(host))]),
        Problem::EmptyContent => Text::DnsEmptyContent.get(language).to_owned(),
        Problem::Ipv4(text) => Text::DnsNotIpv4.fill(language, &[("text", &quoted(text))]),
        Problem::Ipv6(text) => Text::DnsNotIpv6.fill(language, &[("text", &quoted(text))]),
        Problem::HostName { kind, content } => {
            Text::DnsNotHostName.fill(language, &[("kind", kind), ("text", &quoted(content))])
        }
        Problem::Number { part, max, text } => {
            let what = if *part == Part::Ttl { Text::DnsWordTtl } else { Text::DnsWordPriority };
            Text::DnsBadNumber.fill(language, &[("what", &what.get(language)), ("max", max), ("text", &quoted(text))])
        }
        Problem::NeedPriority => Text::DnsNoPriority.get(language).to_owned(),
        Problem::Control(_) => Text::DnsControl.get(language).to_owned(),
    }
}

fn refusal(reason: &Refusal, language: Language) -> String {
    match reason {
        Refusal::Said(words) => said(words, language),
        Refusal::Rejected => Text::RefusedSession.get(language).to_owned(),
        Refusal::BasicRefused => Text::RefusedBasic.get(language).to_owned(),
        Refusal::SessionExpired => Text::RefusedExpired.get(language).to_owned(),
        Refusal::NotSignedIn => Text::NotLoggedIn.get(language).to_owned(),
        Refusal::CheckCredentials(why) => Text::RefusedCheck.fill(language, &[("reason", &refusal(why, language))]),
        Refusal::AfterLogin(why) => Text::RefusedAfterLogin.fill(language, &[("reason", &refusal(why, language))]),
    }
}

fn tls(why: &TlsFailure, language: Language) -> String {
    let text = match why {
        TlsFailure::UnknownIssuer => Text::TlsUnknownIssuer,
        TlsFailure::Expired => Text::TlsExpired,
        TlsFailure::OtherName => Text::TlsOtherName,
        TlsFailure::Revoked => Text::TlsRevoked,
        TlsFailure::BadSignature => Text::TlsBadSignature,
        TlsFailure::Other(detail) => return detail.clone(),
    };
    text.get(language).to_owned()
}

/// An API error as people read it, in either language: the one wording of each message.
/// The portal's own words are kept as sent.
pub fn api_error(error: &ApiError, language: Language) -> String {
    let (op, message) = failure(error, language);
    Text::ErrFailed.fill(language, &[("op", &operation(op, language)), ("message", &message)])
}

/// An API error about one thing the user asked for, that thing first (the status line is
/// narrow): "x.vn: the portal says: Domain not found".
pub fn api_error_for(error: &ApiError, what: &str, language: Language) -> String {
    let (_, message) = failure(error, language);
    format!("{what}: {message}")
}

/// The operation that failed and what happened, in words.
fn failure(error: &ApiError, language: Language) -> (Operation, String) {
    let (op, message) = match error {
        ApiError::Auth { op, reason } => (op, refusal(reason, language)),
        ApiError::Portal { op, said: words } => {
            (op, Text::ErrPortal.fill(language, &[("said", &said(words, language))]))
        }
        ApiError::Status { op, status, body } => {
            (op, Text::ErrStatus.fill(language, &[("status", status), ("body", &body_kind(*body, language))]))
        }
        ApiError::RateLimited { op, retry_after } => {
            let after = match retry_after {
                Some(d) => Text::ErrRetryAfter.fill(language, &[("seconds", &d.as_secs())]),
                None => String::new(),
            };
            (op, Text::ErrRateLimited.fill(language, &[("after", &after)]))
        }
        ApiError::EmptyBody { op } => (op, Text::ErrEmptyBody.get(language).to_owned()),
        ApiError::NotJson { op, kind } => {
            (op, Text::ErrNotJson.fill(language, &[("body", &body_kind(*kind, language))]))
        }
        ApiError::InvalidJson { op, detail } => (op, Text::ErrInvalidJson.fill(language, &[("detail", detail)])),
        ApiError::UnexpectedShape { op, detail } => (op, Text::ErrUnexpected.fill(language, &[("detail", detail)])),
        ApiError::TooLarge { op, limit } => {
            (op, Text::ErrTooLarge.fill(language, &[("mib", &(limit / (1024 * 1024)))]))
        }
        ApiError::Timeout { op, after } => (op, Text::ErrTimeout.fill(language, &[("seconds", &after.as_secs_f32())])),
        ApiError::Refused { op, url } => (op, Text::ErrRefused.fill(language, &[("url", url)])),
        ApiError::Dns { op, host } => (op, Text::ErrDns.fill(language, &[("host", host)])),
        ApiError::Tls { op, host, why } => {
            (op, Text::ErrTls.fill(language, &[("host", host), ("why", &tls(why, language))]))
        }
        ApiError::Redirected { op, to } => (op, Text::ErrRedirected.fill(language, &[("to", to)])),
        ApiError::RedirectLoop { op, url } => (op, Text::ErrRedirectLoop.fill(language, &[("url", url)])),
        ApiError::Connection { op, lost } => {
            let how = match lost {
                Lost::MidAnswer => Text::LostMidAnswer.get(language).to_owned(),
                Lost::CouldNotConnect(origin) => Text::LostConnect.fill(language, &[("origin", origin)]),
                Lost::Closed => Text::LostClosed.get(language).to_owned(),
            };
            (op, Text::ErrConnection.fill(language, &[("how", &how)]))
        }
        ApiError::InvalidInput { op, detail } => (op, detail.clone()),
        ApiError::TargetChanged { op, shown, now } => {
            let text = match now {
                Some(now) => Text::ErrTargetChanged.fill(language, &[("shown", shown), ("now", now)]),
                None => Text::ErrTargetGone.fill(language, &[("shown", shown)]),
            };
            (op, text)
        }
    };
    (*op, message)
}

/// A flag as the screens say it: `on` / `off`.
pub fn on_off(on: bool, language: Language) -> &'static str {
    if on { Text::On } else { Text::Off }.get(language)
}

/// A role as the header and the switcher name it.
pub fn role(role: crate::api::Role, language: Language) -> &'static str {
    match role {
        crate::api::Role::Client => Text::RoleClient.get(language),
        crate::api::Role::Reseller => Text::RoleReseller.get(language),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> =
            text.split('{').skip(1).filter_map(|rest| rest.split_once('}')).map(|p| p.0).collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn both_languages_have_every_text_with_the_same_placeholders() {
        for key in Text::ALL {
            let (en, vi) = (key.get(Language::English), key.get(Language::Vietnamese));
            assert!(!en.trim().is_empty() && !vi.trim().is_empty(), "{key:?} is empty in a language");
            assert_eq!(placeholders(en), placeholders(vi), "{key:?}: {en:?} vs {vi:?}");
        }
    }

    #[test]
    fn vietnamese_is_translated_not_copied() {
        // Texts that are the same in both languages on purpose.
        let same = [];
        for key in Text::ALL.iter().filter(|k| !same.contains(*k)) {
            let (en, vi) = (key.get(Language::English), key.get(Language::Vietnamese));
            assert_ne!(en, vi, "{key:?} is not translated");
        }
    }

    #[test]
    fn vietnamese_keeps_its_diacritics() {
        assert_eq!(Text::ScreenDomains.get(Language::Vietnamese), "Tên miền");
        let with_marks = Text::ALL.iter().filter(|k| !k.get(Language::Vietnamese).is_ascii()).count();
        assert!(with_marks * 10 >= Text::ALL.len() * 8, "most Vietnamese texts carry diacritics ({with_marks})");
    }

    #[test]
    fn api_errors_in_vietnamese_keep_the_portals_words() {
        let e = ApiError::Portal { op: Operation::Domain, said: vec![Said::Words("Domain not found".into())] };
        assert_eq!(api_error(&e, Language::English), "domain lookup failed: the portal says: Domain not found");
        assert_eq!(api_error(&e, Language::Vietnamese), "tra cứu tên miền thất bại: cổng báo: Domain not found");
    }

    #[test]
    fn the_tools_own_reasons_are_said_in_each_language() {
        let refused = ApiError::Auth {
            op: Operation::Login,
            reason: Refusal::CheckCredentials(Box::new(Refusal::Said(vec![Said::WrongLogin]))),
        };
        assert_eq!(refused.to_string(), "login failed: wrong e-mail or password: check the e-mail and password");
        assert_eq!(
            api_error(&refused, Language::Vietnamese),
            "đăng nhập thất bại: sai thư điện tử hoặc mật khẩu: hãy kiểm tra thư điện tử và mật khẩu"
        );
        let lost = ApiError::Connection { op: Operation::Domain, lost: Lost::MidAnswer };
        assert_eq!(
            api_error(&lost, Language::Vietnamese),
            "tra cứu tên miền thất bại: mất kết nối (cổng đóng kết nối giữa chừng)"
        );
        let tls = ApiError::Tls { op: Operation::Details, host: "h.vn".into(), why: TlsFailure::UnknownIssuer };
        assert!(api_error(&tls, Language::Vietnamese).contains("dùng --ca-cert"));
        let none = ApiError::Auth { op: Operation::Domain, reason: Refusal::NotSignedIn };
        assert_eq!(api_error(&none, Language::Vietnamese), "tra cứu tên miền thất bại: chưa đăng nhập");
    }

    #[test]
    fn fill_replaces_named_values() {
        let text = Text::SavedTo.fill(Language::Vietnamese, &[("path", &"a.csr")]);
        assert_eq!(text, "đã lưu vào a.csr");
    }
}
