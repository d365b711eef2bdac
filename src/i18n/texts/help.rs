//! The command line's help in Vietnamese: each command's and argument's words, found by
//! where they are (`cli::help_words`): the command's path (`dns add`), or the path and the
//! argument (`dns add|--ttl`, `dns add|<HOST>`); `*|--yes` for an argument every command
//! that takes it says alike, and for the global options. The English is the definitions'
//! own doc comments; the test beside `cli::help_words` holds the two together (every
//! command and argument has its words here, none is left over, and each pair passes the
//! checks every text passes).

use crate::api::Language;

/// The words of the command at `path` (`arg`: one of its arguments) in `language`; `None`
/// in English (the definitions' own) and where the table has none.
pub fn of(path: &str, arg: Option<&str>, language: Language) -> Option<&'static str> {
    if language == Language::English {
        return None;
    }
    let key = match arg {
        Some(arg) => format!("{path}|{arg}"),
        None => path.to_owned(),
    };
    let wildcard = arg.map(|arg| format!("*|{arg}"));
    find(&key).or_else(|| wildcard.and_then(|w| find(&w)))
}

fn find(key: &str) -> Option<&'static str> {
    VIETNAMESE.iter().find(|(k, _)| *k == key).map(|(_, vi)| *vi)
}

/// Every entry, by its key.
pub const VIETNAMESE: &[(&str, &str)] = &[
    ("", "Bảng điều khiển trong terminal và công cụ dòng lệnh cho các cổng khách hàng kiểu HostBill"),
    ("*|--base-url", "Địa chỉ gốc API của cổng, ví dụ https://api.example.vn hoặc https://billing.example.vn/api"),
    (
        "*|--host",
        "Tên cổng gửi trong X-Forwarded-Host: cổng khách hàng hay cổng đại lý, khi một địa chỉ phục vụ nhiều cổng (ngoài ra không cần: không gửi gì)",
    ),
    (
        "*|--lang",
        "Ngôn ngữ của mọi thứ được nói (báo cáo, thông báo, lỗi, bảng điều khiển) và của câu trả lời từ cổng (cũng nhận en và vi)",
    ),
    (
        "*|--auth",
        "Cách xác thực: jwt (đăng nhập rồi dùng token) hoặc basic (gửi thông tin đăng nhập trong mỗi lần gọi)",
    ),
    (
        "*|--username",
        "Địa chỉ e-mail của tài khoản. Mật khẩu không bao giờ là một tùy chọn: nó lấy từ PORTAL_PASSWORD, password_command của hồ sơ, hoặc được hỏi trên terminal",
    ),
    ("*|--connect-timeout", "Số giây chờ kết nối"),
    ("*|--timeout", "Số giây chờ trọn một câu trả lời"),
    ("*|--ca-cert", "Tin thêm các chứng chỉ trong tệp PEM này (một CA riêng). Chứng chỉ luôn được kiểm tra"),
    (
        "*|--allow-insecure-http",
        "Cho phép xác thực Basic qua http:// không mã hóa tới máy khác (mật khẩu đi không được mã hóa)",
    ),
    ("*|--demo", "Chạy cổng demo có sẵn trên loopback và dùng nó, đăng nhập bằng khách hàng demo"),
    ("*|--json", "In một tài liệu JSON (tên trường và giá trị của cổng) thay cho bảng"),
    ("*|--log-file", "Ghi nhật ký vào tệp này (mặc định tắt; không bao giờ ghi bí mật)"),
    ("*|--config", "Tệp cấu hình [mặc định: $XDG_CONFIG_HOME/portal-tui/config.toml]"),
    ("*|--profile", "Hồ sơ (cổng) dùng, trong tệp cấu hình"),
    (
        "|--mouse",
        "Chuột trong bảng điều khiển: nhấp để chọn, cuộn bánh xe để cuộn (mặc định tắt để việc sao chép và dán của terminal vẫn dùng được; hoặc `mouse = true` trong tệp cấu hình)",
    ),
    ("|--print-default-config", "In một tệp cấu hình mặc định có chú thích rồi thoát"),
    ("details", "Thông tin tài khoản (GET /details)"),
    ("balance", "Số dư và tín dụng của tài khoản (GET /balance, nếu cổng có)"),
    ("services", "Mọi dịch vụ của tài khoản, nhóm theo trạng thái (GET /service)"),
    ("service", "Chi tiết một dịch vụ (GET /service/ID), hoặc `service cancel`, `service label`"),
    ("service|<ID>", "Mã dịch vụ (một số)"),
    ("service|--show-password", "Hiện mật khẩu của dịch vụ, nếu cổng gửi (nếu không thì ẩn, và không có trong --json)"),
    (
        "service cancel",
        "Hủy một dịch vụ (POST /service/ID/cancel): vào cuối chu kỳ thanh toán, hoặc --now. Xác nhận bằng cách gõ tên miền (hoặc tên) của dịch vụ; --yes cho script",
    ),
    ("service cancel|<ID>", "Mã dịch vụ (một số)"),
    ("service cancel|--reason", "Lý do hủy dịch vụ (cổng bắt buộc)"),
    ("service cancel|--now", "Kết thúc ngay, không chờ hết chu kỳ thanh toán"),
    ("*|--yes", "Thực hiện thay đổi mà không hỏi"),
    ("*|--dry-run", "In yêu cầu sẽ gửi, và không gửi gì"),
    (
        "service label",
        "Nhãn của một dịch vụ (GET /service/ID/label), hoặc với TEXT thì đặt nhãn mới (POST /service/ID/label; \"\" để bỏ nhãn)",
    ),
    ("service label|<ID>", "Mã dịch vụ (một số)"),
    ("service label|<TEXT>", "Nhãn mới"),
    ("tickets", "Phiếu hỗ trợ, những phiếu chờ bạn trả lời trước, rồi phiếu đang mở, rồi phiếu đã đóng (GET /tickets)"),
    ("tickets|--open", "Chỉ các phiếu còn mở"),
    (
        "ticket",
        "Cuộc trao đổi của một phiếu hỗ trợ (GET /tickets/NUMBER), hoặc một thay đổi: `ticket reply`, `ticket new`, `ticket close`, `ticket reopen`; hoặc `ticket attachment` để lưu tệp đính kèm",
    ),
    ("ticket|<NUMBER>", "Số phiếu, như `tickets` liệt kê"),
    ("*|<NUMBER>", "Số phiếu"),
    ("ticket reply", "Trả lời một phiếu (POST /tickets/NUMBER); phiếu đã đóng sẽ được mở lại"),
    ("*|--body-file", "Đọc nội dung từ tệp này (`-`: đầu vào chuẩn). Giữ nguyên xuống dòng"),
    ("*|<STDIN>", "`-`: đọc nội dung từ đầu vào chuẩn (khi đó cần --yes để gửi)"),
    ("ticket new", "Mở một phiếu mới (POST /tickets)"),
    ("ticket new|--department", "Phòng ban, theo mã hoặc tên (không phân biệt hoa thường), như cổng liệt kê"),
    ("ticket new|--subject", "Tiêu đề của phiếu, một dòng"),
    ("ticket close", "Đóng một phiếu (PUT /tickets/NUMBER/close); không gửi gì khi phiếu đã đóng"),
    ("ticket reopen", "Mở lại một phiếu đã đóng (PUT /tickets/NUMBER/open); không gửi gì khi phiếu đang mở"),
    (
        "ticket attachment",
        "Lưu một tệp đính kèm của phiếu (GET /ticket/attachment/FILE?number=NUMBER), hoặc tất cả với --all, không bao giờ ghi đè tệp có sẵn trừ khi --force. Có nói đã lưu tệp thứ mấy trong bao nhiêu, và lệnh cho tệp tiếp theo",
    ),
    ("ticket attachment|<FILE>", "Tên tệp đính kèm (hoặc mã), như `ticket NUMBER` liệt kê"),
    ("ticket attachment|--all", "Lưu mọi tệp đính kèm của phiếu, lần lượt từng tệp, mỗi tệp theo tên của nó"),
    (
        "ticket attachment|--output",
        "Nơi lưu (một tệp, hoặc thư mục để lưu vào; với --all là một thư mục) [mặc định: tên của nó, trong thư mục hiện tại]",
    ),
    ("*|--force", "Thay tệp đã có ở đó"),
    ("domains", "Mọi tên miền đăng ký của tài khoản, nhóm theo trạng thái (GET /domain)"),
    (
        "dns",
        "Các bản ghi DNS của một tên miền: của vùng DNS lưu trữ khi cổng lưu trữ nó (GET /dns, GET /service/SID/dns/ZID), nếu không thì của đăng ký đang dùng (GET /domain/ID/dns); hoặc một thay đổi: `dns add`, `dns set`, `dns delete`; `dns export` và `dns apply` giữ chúng dưới dạng tệp vùng",
    ),
    ("*|<NAME>", "Tên miền, ví dụ example.vn"),
    ("dns add", "Thêm một bản ghi (POST /domain/ID/dns; trong vùng DNS lưu trữ POST /service/SID/dns/ZID/records)"),
    ("*|<RECORD_HOST>", "Host của bản ghi: @ cho chính tên miền, www, mail, …"),
    ("*|<KIND>", "Loại bản ghi: A, AAAA, CNAME, MX, TXT, hoặc loại khác mà cổng liệt kê"),
    ("*|<CONTENT>", "Một địa chỉ IPv4 (A), một địa chỉ IPv6 (AAAA), một tên máy (CNAME, MX, NS), văn bản bất kỳ (TXT)"),
    (
        "*|--public-ip",
        "Thay cho CONTENT, địa chỉ mà máy này được nhìn thấy, theo câu trả lời của hai dịch vụ phản hồi trong `ip_sources` của tệp cấu hình; không gửi gì khi chúng không khớp nhau",
    ),
    ("*|--priority", "Độ ưu tiên (MX cần có; số nhỏ hơn được ưu tiên)"),
    ("dns add|--ttl", "Thời gian sống (TTL), tính bằng giây (DNS của nhà đăng ký không nhận TTL)"),
    ("dns set|--ttl", "Thời gian sống (TTL), tính bằng giây (DNS của nhà đăng ký không nhận TTL)"),
    (
        "dns set",
        "Làm cho đúng một bản ghi với host và loại này giữ nội dung này: sửa nó, thêm nó, hoặc không gửi gì khi đã đúng (\"đã đúng rồi\", mã thoát 0). Dành cho cron",
    ),
    (
        "dns delete",
        "Xóa một bản ghi theo mã của nó (DELETE /domain/ID/dns/RECORD_ID; trong vùng DNS lưu trữ DELETE /service/SID/dns/ZID/records/RECORD_ID)",
    ),
    ("dns delete|<RECORD_ID>", "Mã bản ghi, như `dns NAME` liệt kê"),
    (
        "dns export",
        "In các bản ghi của tên miền dưới dạng tệp vùng (BIND) hoặc JSON, để giữ và `dns apply` sau này; các loại không có dạng tệp vùng (URL, FRAME) là chú thích `;portal:`. Các bản ghi là những bản ghi `dns NAME` liệt kê: của vùng DNS lưu trữ, nếu không thì của đăng ký đang dùng",
    ),
    ("dns export|--format", "`bind` (tệp vùng) hoặc `json` (cũng dùng được --json)"),
    (
        "dns apply",
        "Làm cho các bản ghi của tên miền đúng như một tệp vùng (hoặc dạng JSON) liệt kê: in kế hoạch (tạo, sửa, xóa, giữ nguyên), rồi thực hiện từng thay đổi một, trong vùng DNS lưu trữ nếu có (như `dns NAME`), nếu không thì ở đăng ký",
    ),
    ("dns apply|<FILE>", "Tệp vùng, hoặc JSON mà `dns export --format json` ghi ra (`-`: đầu vào chuẩn)"),
    (
        "dns apply|--delete-unlisted",
        "Xóa cả những bản ghi tệp không liệt kê (không bao giờ xóa bản ghi NS ở gốc của chính cổng trừ khi tệp có nêu)",
    ),
    ("dns apply|--force", "Thực hiện một kế hoạch sửa hoặc xóa hơn 30 % của 10 bản ghi trở lên"),
    (
        "dns apply|--ignore",
        "Để yên các bản ghi của host này, và của các host bên dưới nó (ví dụ _acme-challenge). Lặp lại được, hoặc nhiều host cách nhau bằng dấu phẩy",
    ),
    ("invoices", "Hóa đơn, chưa thanh toán trước (GET /invoice)"),
    ("invoices|--unpaid", "Chỉ các hóa đơn chưa thanh toán"),
    (
        "invoice",
        "Một hóa đơn với các mục của nó (GET /invoice/ID) và, nếu chưa thanh toán, cách thanh toán; hoặc `invoice pay` để thanh toán bằng số dư của tài khoản",
    ),
    ("invoice|<ID>", "Mã hóa đơn (một số)"),
    (
        "invoice pay",
        "Thanh toán một hóa đơn bằng số dư của tài khoản (POST /invoice/ID/credit): số còn phải trả, hoặc --amount trong đó. Bị từ chối trước khi gửi gì khi hóa đơn đã thanh toán, hoặc số tiền lớn hơn số phải trả hay lớn hơn số dư. Nhiều mã, hoặc --all-due cho mọi hóa đơn chưa thanh toán, đến hạn sớm nhất trước: không có --yes thì in kế hoạch (từng hóa đơn, tổng, số dư còn lại) và không gửi gì; có --yes thì trả từng hóa đơn một, mỗi hóa đơn khi số dư còn đủ",
    ),
    ("invoice pay|<IDS>", "Các mã hóa đơn (số)"),
    ("invoice pay|--all-due", "Mọi hóa đơn chưa thanh toán"),
    (
        "invoice pay|--all-profiles",
        "Lần lượt các hóa đơn chưa thanh toán của từng hồ sơ, mỗi hóa đơn trả bằng số dư của hồ sơ đó (cùng --all-due; không bao giờ hỏi mật khẩu)",
    ),
    (
        "invoice pay|--amount",
        "Chỉ thanh toán chừng này thay vì toàn bộ số phải trả, viết như ngôn ngữ đã chọn viết số tiền: 412500 hoặc 412,500 trong tiếng Anh, 412.500 trong tiếng Việt; số lẻ chỉ đến số chữ số đơn vị tiền tệ có (không có với VND). Chỉ cho một hóa đơn",
    ),
    (
        "domain",
        "Mọi đăng ký của một tên miền, nhóm theo trạng thái (GET /domain/name/NAME), hoặc một thao tác trên một đăng ký: `domain renew|autorenew|lock|privacy|ns|epp|check …`",
    ),
    (
        "domain renew",
        "Gia hạn đăng ký (POST /domain/ID/renew): trừ vào số dư ngay, hoặc một hóa đơn cần trả, tùy cổng; phần xác nhận cho thấy giá, cách trả và ngày hết hạn mới. Nhiều tên, hoặc --expiring-within DAYS cho mọi đăng ký còn hiệu lực hết hạn trước lúc đó: không có --yes thì in kế hoạch (từng giá, tổng, số dư còn lại) và không gửi gì; có --yes thì gia hạn từng đăng ký một",
    ),
    ("domain renew|<TARGETS>", "Các tên miền (đăng ký đang dùng của chúng), hoặc mã của các đăng ký (số)"),
    (
        "domain renew|--expiring-within",
        "Mọi đăng ký còn hiệu lực hết hạn trong chừng này ngày (kể cả đăng ký đã quá hạn mà vẫn còn hiệu lực)",
    ),
    ("*|<TARGET>", "Tên miền (đăng ký đang dùng của nó), hoặc mã của một đăng ký (một số)"),
    ("domain renew|--years", "Số năm gia hạn"),
    (
        "domain autorenew",
        "Bật hoặc tắt tự động gia hạn (PUT /domain/ID/autorenew): các tên, rồi `on` hoặc `off`. Nhiều tên, hoặc --expiring-within DAYS: không có --yes thì in kế hoạch và không gửi gì; có --yes thì thay đổi từng đăng ký một",
    ),
    (
        "domain autorenew|<TARGETS>",
        "Các tên miền (đăng ký đang dùng của chúng) hoặc mã của các đăng ký, rồi `on` hoặc `off` (`bật` hoặc `tắt`)",
    ),
    (
        "domain lock",
        "Xem khóa chuyển tên miền (GET /domain/ID/reglock), hoặc bật hay tắt nó (PUT): các tên, rồi `on` hoặc `off`. Nhiều tên, hoặc --expiring-within DAYS: không có --yes thì in kế hoạch và không gửi gì; có --yes thì thay đổi từng đăng ký một",
    ),
    (
        "domain lock|<TARGETS>",
        "Các tên miền (đăng ký đang dùng của chúng) hoặc mã của các đăng ký, rồi `on` hoặc `off` (`bật` hoặc `tắt`); không ghi thì xem khóa của một tên",
    ),
    (
        "domain privacy",
        "Bật hoặc tắt bảo vệ thông tin (ẩn WHOIS) (PUT /domain/ID/idprotection): các tên, rồi `on` hoặc `off`. Nhiều tên, hoặc --expiring-within DAYS: không có --yes thì in kế hoạch và không gửi gì; có --yes thì thay đổi từng đăng ký một",
    ),
    (
        "domain privacy|<TARGETS>",
        "Các tên miền (đăng ký đang dùng của chúng) hoặc mã của các đăng ký, rồi `on` hoặc `off` (`bật` hoặc `tắt`)",
    ),
    ("*|--expiring-within", "Mọi đăng ký còn hiệu lực hết hạn trong chừng này ngày"),
    (
        "domain renew|--all-profiles",
        "Lần lượt các đăng ký của từng hồ sơ, mỗi hồ sơ là một tài khoản với số dư riêng (cùng --expiring-within; không bao giờ hỏi mật khẩu)",
    ),
    (
        "*|--all-profiles",
        "Lần lượt các đăng ký của từng hồ sơ, mỗi hồ sơ là một tài khoản riêng (cùng --expiring-within; không bao giờ hỏi mật khẩu)",
    ),
    (
        "domain ns",
        "Xem các máy chủ tên (GET /domain/ID/ns), hoặc đặt chúng (PUT): --set với 2 đến 4 tên máy (`--set a,b` hoặc `--set a --set b`), hoặc --default để dùng máy chủ tên mặc định của cổng. Nhiều tên với --set hoặc --default: không có --yes thì in kế hoạch và không gửi gì; có --yes thì thay đổi từng đăng ký một",
    ),
    ("domain ns|<TARGETS>", "Các tên miền (đăng ký đang dùng của chúng), hoặc mã của các đăng ký (số)"),
    (
        "domain ns|--set",
        "Các máy chủ tên sẽ dùng: 2 đến 4 tên máy, cách nhau bằng dấu phẩy hoặc khoảng trắng, hoặc lặp lại tùy chọn",
    ),
    ("domain ns|--default", "Dùng máy chủ tên mặc định của cổng"),
    (
        "domain epp",
        "In mã chuyển tên miền (mã EPP / auth code) để chuyển tên sang nhà đăng ký khác (GET /domain/ID/epp). Đây là bí mật: không bao giờ ghi vào nhật ký",
    ),
    ("domain check", "Một tên có đăng ký được không, kèm giá (POST /domain/lookup; không thay đổi gì)"),
    (
        "certificate",
        "Một dịch vụ chứng chỉ với người liên hệ và CSR (GET /certificate/ID); với --crt là chứng chỉ đã cấp (GET /certificate/ID/crt), in ra hoặc lưu bằng -o",
    ),
    ("certificate|<ID>", "Mã dịch vụ của chứng chỉ (một số)"),
    ("certificate|--crt", "Chứng chỉ đã cấp (PEM) thay cho dịch vụ"),
    (
        "certificate|--output",
        "Lưu chứng chỉ vào đây (một tệp, hoặc thư mục để lưu DOMAIN.crt vào; của chứng chỉ wildcard là _.DOMAIN.crt), không bao giờ ghi đè tệp có sẵn trừ khi --force",
    ),
    (
        "acme",
        "Hook ACME DNS-01 cho certbot, lego và acme.sh: bản ghi TXT tại `_acme-challenge.NAME` được thêm vào nơi cổng giữ DNS của tên đó (vùng DNS lưu trữ hoặc đăng ký của nó, tìm từ tên dài nhất phía trên mà cổng có), rồi chờ cho đến khi mọi máy chủ tên có thẩm quyền trả lời nó; hoặc được xóa. Gửi không cần hỏi (đây là hook), một lần, ghi vào nhật ký thay đổi",
    ),
    (
        "acme present",
        "Thêm bản ghi TXT (theo quy ước `exec` của lego: `present _acme-challenge.example.vn. VALUE`, hoặc với EXEC_MODE=RAW `present -- DOMAIN TOKEN KEY_AUTH`), rồi chờ cho đến khi mọi máy chủ tên có thẩm quyền của vùng trả lời nó. Không gửi gì khi tên đã có giá trị đó; các giá trị TXT khác ở đó được giữ nguyên",
    ),
    ("*|<KEY_AUTH>", "Chỉ ở chế độ RAW: key authorization, mà SHA-256 của nó (base64url, không đệm) là giá trị"),
    (
        "acme present|<NAME>",
        "Tên đầy đủ của bản ghi (`_acme-challenge.example.vn.`); ở chế độ RAW là tên miền (`example.vn`)",
    ),
    (
        "acme cleanup|<NAME>",
        "Tên đầy đủ của bản ghi (`_acme-challenge.example.vn.`); ở chế độ RAW là tên miền (`example.vn`)",
    ),
    ("acme present|<VALUE>", "Giá trị TXT; ở chế độ RAW là token của thử thách. Có thể bắt đầu bằng `-`"),
    ("acme cleanup|<VALUE>", "Giá trị TXT; ở chế độ RAW là token của thử thách. Có thể bắt đầu bằng `-`"),
    (
        "acme cleanup",
        "Xóa bản ghi TXT có giá trị này (cùng tham số như `present`); không gửi gì khi không có. Các giá trị TXT khác ở đó được giữ nguyên",
    ),
    (
        "*|--ttl",
        "TTL của bản ghi, tính bằng giây: ngắn, để giá trị mà một lần chạy thất bại để lại sớm bị quên. DNS của nhà đăng ký không nhận TTL: không gửi TTL ở đó",
    ),
    ("*|--no-wait", "Không chờ: thoát ngay khi cổng đã có bản ghi"),
    ("*|--wait-timeout", "Thôi chờ sau chừng này giây (mã thoát 5; bản ghi vẫn ở lại)"),
    (
        "*|--resolver",
        "Máy phân giải dùng để tìm các máy chủ tên của vùng và địa chỉ của chúng, thay cho máy của hệ thống (`ip` hoặc `ip:port`). Lặp lại được; trong biến môi trường thì cách nhau bằng dấu phẩy",
    ),
    (
        "*|--nameserver",
        "Hỏi các máy này như máy chủ tên có thẩm quyền của vùng thay vì tự tìm (`ip` hoặc `ip:port`): một máy chủ chính ẩn, một hệ thống riêng; khi đó không hỏi máy phân giải nào. Lặp lại được; trong biến môi trường thì cách nhau bằng dấu phẩy",
    ),
    (
        "acme certbot-auth",
        "`present` cho --manual-auth-hook của certbot: tên và giá trị lấy từ CERTBOT_DOMAIN và CERTBOT_VALIDATION",
    ),
    ("*|--domain", "Tên miền đang được xác thực (không có `*.` với wildcard)"),
    ("*|--validation", "Giá trị TXT"),
    (
        "acme certbot-cleanup",
        "`cleanup` cho --manual-cleanup-hook của certbot. Nhận các tùy chọn như `certbot-auth`, để một bộ dùng được cho cả hai hook; các tùy chọn về chờ và TTL không thay đổi gì ở đây",
    ),
    (
        "upgrade",
        "Các lựa chọn nâng cấp của một dịch vụ, đánh dấu lựa chọn hiện tại (GET /service/ID/upgrade); với --choose là ước tính của cổng cho các lựa chọn đó; thêm --send thì gửi yêu cầu",
    ),
    ("upgrade|<ID>", "Mã dịch vụ (một số)"),
    ("upgrade|--choose", "Một tài nguyên và mục muốn chọn, theo mã hoặc tên: --choose \"CPU=4 vCPU\". Lặp lại được"),
    ("upgrade|--send", "Gửi yêu cầu nâng cấp (sau bước xác nhận cho thấy ước tính của cổng), không chỉ hỏi ước tính"),
    (
        "radar",
        "Mọi thứ sắp hết hạn hoặc đến hạn, gần nhất trước: mọi tên miền, dịch vụ và hóa đơn chưa thanh toán mà cổng liệt kê, cùng các tên miền, chứng chỉ và dịch vụ được theo dõi; thứ không xem được cũng được nói ra. Mã thoát 1 khi có mục bị đánh dấu (đã hết hạn, sắp hết hạn hoặc đến hạn trong DAYS ngày, quá hạn, tắt tự động gia hạn, đang chờ, tra cứu thất bại). --format nagios, prometheus, tsv hoặc json cho giám sát và script; nhiều hồ sơ cùng lúc với --all-profiles (hoặc một danh sách hồ sơ)",
    ),
    ("radar|--within", "Đánh dấu những gì hết hạn trong chừng này ngày"),
    ("radar|--format", "Định dạng in ra"),
    ("radar|--warning", "Nagios: WARNING khi có thứ hết hạn hoặc đến hạn trong chừng này ngày"),
    ("radar|--critical", "Nagios: CRITICAL khi có thứ hết hạn hoặc đến hạn trong chừng này ngày (hoặc đã hết hạn)"),
    ("radar|--output", "Prometheus: ghi các số liệu vào tệp này (thay cả tệp, một cách nguyên tử) thay vì in ra"),
    ("radar|--no-header", "TSV: không có dòng tiêu đề"),
    (
        "radar|--all-profiles",
        "Mọi hồ sơ của tệp cấu hình cùng lúc (đăng nhập đồng thời; hồ sơ cần gõ mật khẩu được báo là chưa đăng nhập). Một danh sách sau tùy chọn chọn ra một số hồ sơ",
    ),
    (
        "radar serve",
        "Phục vụ các số liệu của `--format prometheus` qua HTTP (GET /metrics) cho Prometheus thu thập: cổng được đọc nhiều nhất một lần mỗi --interval dù được thu thập bao nhiêu lần; cổng bị lỗi giữ số liệu cuối cùng với portal_tui_up 0",
    ),
    (
        "radar serve|--listen",
        "Địa chỉ lắng nghe: loopback trừ khi ghi địa chỉ khác (ĐỊA_CHỈ:CỔNG, hoặc chỉ CỔNG trên 127.0.0.1)",
    ),
    (
        "radar serve|--interval",
        "Cổng được đọc nhiều nhất một lần trong khoảng thời gian này (5m, 90s, 1h), dù số liệu được thu thập bao nhiêu lần",
    ),
    (
        "radar serve|--all-profiles",
        "Mọi hồ sơ của tệp cấu hình (hồ sơ cần gõ mật khẩu được báo là chưa đăng nhập). Một danh sách sau tùy chọn chọn ra một số hồ sơ",
    ),
    (
        "logout",
        "Đăng xuất khỏi cổng (POST /revoke, POST /logout) và quên phiên đã lưu của một hồ sơ (hoặc của hồ sơ đang dùng)",
    ),
    (
        "completions",
        "In script đăng ký tự hoàn thành bằng phím Tab cho một shell.\n\nHoàn thành lệnh, tùy chọn và giá trị của chúng (ngôn ngữ, hồ sơ trong tệp cấu hình). Trong bash: `source <(portal-tui completions bash)`, hoặc lưu vào ~/.local/share/bash-completion/completions/portal-tui.",
    ),
    ("completions|<SHELL>", "bash, zsh, fish, elvish hoặc powershell"),
    (
        "man",
        "In trang hướng dẫn (portal-tui.1) viết từ chính các định nghĩa này.\n\nCài vào nơi man tìm thấy: `portal-tui man > ~/.local/share/man/man1/portal-tui.1`.",
    ),
    ("demo-server", "Chạy cổng demo cho đến khi nhấn Ctrl-C"),
    ("demo-server|--listen", "Địa chỉ lắng nghe (mặc định loopback; cổng 0 chọn một cổng trống)"),
    ("demo-server|--token-ttl", "Thời gian sống của token được cấp, tính bằng giây"),
    ("demo-server|--latency", "Độ trễ thêm cho mỗi yêu cầu, tính bằng mili giây"),
    (
        "demo-server|--fault",
        "Lỗi cần giả lập: NAME[@[METHOD]PATH][*COUNT], ví dụ html-502@/domain*2 hoặc lost-answer@PUT/domain. Lặp lại được; danh sách lỗi có ở `portal-tui --lang en demo-server --help`",
    ),
    ("demo-server|--scale", "Thêm các bản ghi tên miền được sinh ra cho tài khoản khách hàng (để đo đạc)"),
    (
        "demo-server|--scale-all",
        "Thêm số dịch vụ và hóa đơn bằng số bản ghi tên miền của `--scale` (nếu không thì một phần năm và một nửa)",
    ),
    ("demo-server|--seed-only", "Chỉ trả lời sáu đường dẫn của bản gốc (như một số cổng), để thử các đường lui"),
    ("certificates", "Mọi chứng chỉ SSL của tài khoản, sắp hết hạn trước (GET /certificate)"),
    (
        "domain order",
        "Đăng ký một tên miền, hoặc với --transfer và --epp chuyển nó về (POST /domain/order): kiểm tra trước (còn trống, hoặc đã có chủ khi chuyển; các trường bắt buộc của đuôi tên miền), xác nhận bằng báo giá của chính cổng (POST /quote), gửi một lần; đọc lại đăng ký mới và hóa đơn của nó",
    ),
    ("domain order|--years", "Số năm đăng ký"),
    ("domain order|--transfer", "Chuyển tên miền về từ nhà đăng ký khác (cùng --epp)"),
    ("domain order|--epp", "Mã chuyển (EPP / auth code) từ nhà đăng ký mà tên miền rời đi"),
    ("domain order|--ns", "2 đến 4 máy chủ tên (`--ns a,b`); không có: mặc định của cổng"),
    (
        "domain order|--contact",
        "Một liên hệ cho một vai trò: registrant, admin, tech hoặc billing = mã của một liên hệ (`contacts` liệt kê chúng). Lặp lại được",
    ),
    (
        "domain order|--set",
        "Các trường thêm của đuôi tên miền, theo mã hoặc tiêu đề (số giấy tờ tùy thân của .vn: --set idnumber=…). Cách nhau bằng dấu phẩy hoặc lặp lại",
    ),
    ("domain order|--pay-method", "Mã của phương thức thanh toán (`GET /payment`); không có: mặc định của cổng"),
    (
        "domain order|--again",
        "Vẫn đặt mua dù một đơn trước của cùng tên miền còn chờ hoặc chưa thanh toán (với --yes, không có cờ này thì bị từ chối)",
    ),
    (
        "domain contacts",
        "Các liên hệ của một đăng ký theo vai trò (GET /domain/ID/contact), hoặc với --set một thay đổi của chúng (PUT): `--set registrant.email=a@b.vn,admin.phonenumber=+84.9…`",
    ),
    ("domain contacts|--set", "ROLE.FIELD=VALUE, cách nhau bằng dấu phẩy hoặc lặp lại"),
    (
        "plan",
        "Những gì đến hạn trong những ngày tới, cùng chi phí: tên miền theo ngày hết hạn (giá gia hạn), dịch vụ theo ngày đến hạn, hóa đơn chưa thanh toán; tổng của từng hồ sơ so với số dư của nó và phần còn thiếu, và các tổng theo tháng. Nhiều hồ sơ cùng lúc với --all-profiles; --format csv hoặc ics (tệp iCalendar, mỗi mục một sự kiện) cho bảng tính và lịch",
    ),
    ("plan|--within", "Những gì đến hạn trong chừng này ngày (60, 60d, 8w), kể cả những gì đã quá hạn"),
    ("plan|--format", "Định dạng in ra"),
    (
        "plan|--all-profiles",
        "Mọi hồ sơ của tệp cấu hình cùng lúc (hồ sơ cần gõ mật khẩu được báo là chưa đăng nhập). Một danh sách sau tùy chọn hồ sơ chọn vài hồ sơ",
    ),
    (
        "catalogue",
        "Những gì cổng bán: sản phẩm của từng nhóm với mọi kỳ hạn và giá (GET /category, GET /category/ID/product), và các tên miền với giá theo kỳ hạn",
    ),
    ("catalogue|<CATEGORY>", "Chỉ nhóm này: mã, tên hoặc slug của nó"),
    (
        "order",
        "Đặt mua một sản phẩm (POST /order/ID), hoặc với --cart nhiều sản phẩm và tên miền cùng lúc (POST /order): được kiểm tra theo mẫu đặt hàng của chúng, xác nhận bằng báo giá của chính cổng (POST /quote), gửi một lần; đọc lại những gì đã tạo và hóa đơn của nó",
    ),
    ("order|<PRODUCT>", "Sản phẩm: mã của nó (một số, như `catalogue` liệt kê) hoặc tên của nó"),
    (
        "order|--cycle",
        "Chu kỳ thanh toán: m, q, s, a, b hoặc t (hằng tháng … ba năm), như `catalogue` liệt kê cho sản phẩm; không có: mặc định của sản phẩm",
    ),
    (
        "order|--set",
        "Các tùy chọn, theo mã hoặc tiêu đề: một số lượng (RAM=2), một mục của một lựa chọn (\"Hệ điều hành=AlmaLinux 9\"), một ô đánh dấu (on/off), chữ. Cách nhau bằng dấu phẩy hoặc lặp lại",
    ),
    ("order|--promo", "Một mã khuyến mãi"),
    ("order|--pay-method", "Mã của phương thức thanh toán (`GET /payment`); không có: mặc định của cổng"),
    (
        "order|--again",
        "Vẫn đặt mua dù một đơn trước của cùng sản phẩm còn chờ hoặc chưa thanh toán (với --yes, không có cờ này thì bị từ chối)",
    ),
    (
        "order|--cart",
        "Đặt mua nhiều sản phẩm và tên miền cùng lúc (POST /order), báo giá chung và tính trên một hóa đơn: một tệp TOML gồm các bảng `[[product]]` và `[[domain]]` (docs/buying.md), hoặc - cho đầu vào chuẩn",
    ),
    (
        "contacts",
        "Các liên hệ của tài khoản (GET /contact), mà `domain order --contact` nhận mã của chúng; xem, thêm hoặc đổi một liên hệ",
    ),
    ("contacts show", "Một liên hệ với mọi trường của nó (GET /contact/ID)"),
    ("contacts show|<ID>", "Mã của liên hệ, như `contacts` liệt kê"),
    (
        "contacts add",
        "Thêm một liên hệ vào tài khoản (POST /contact): ít nhất email, tên và họ; mã của liên hệ mới được đọc lại",
    ),
    (
        "contacts add|--set",
        "Một trường và giá trị của nó: email, firstname, lastname, companyname, address1, address2, city, state, postcode, country, phonenumber, type. Lặp lại, mỗi lần một trường (giá trị có thể chứa dấu phẩy)",
    ),
    (
        "contacts edit",
        "Đổi các trường của một liên hệ (PUT /contact/ID): chỉ gửi những trường được nêu, mỗi trường là trường liên hệ có",
    ),
    ("contacts edit|<ID>", "Mã của liên hệ, như `contacts` liệt kê"),
    (
        "contacts edit|--set",
        "Một trường và giá trị mới của nó, như `contacts show ID` gọi tên. Lặp lại, mỗi lần một trường (giá trị có thể chứa dấu phẩy)",
    ),
    ("zone", "Một vùng DNS được lưu, tạo dưới một dịch vụ DNS, hoặc xóa cùng các bản ghi của nó"),
    ("zone create", "Tạo một vùng được lưu dưới một dịch vụ DNS (POST /service/SID/dns)"),
    ("zone create|--service", "Dịch vụ DNS giữ vùng (mã của nó, như `services` liệt kê)"),
    (
        "zone delete",
        "Xóa một vùng được lưu và mọi bản ghi trong nó (DELETE /service/SID/dns/ZID). Xác nhận bằng cách gõ tên vùng; --yes cho script",
    ),
];
