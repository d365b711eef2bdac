//! The texts of DNS as code (`dns export`, `dns apply`, `dns set --public-ip`) and of the DNS
//! checks that keep a zone whole: a block of the table of texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! dns_code_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // The DNS checks that keep a zone whole
            DnsIpTarget: "{a_kind} record points at a host name, not at an IP address ({text}): did you mean {a_suggest} record?" | "bản ghi {a_kind} phải trỏ tới một tên máy, không phải địa chỉ IP ({text}): ý bạn là bản ghi {a_suggest}?",
            DnsMxAtIp: "an MX record points at a mail server's host name, not at an IP address ({text}): name a host such as mail.example.vn that has {a_suggest} record for {text}" | "bản ghi MX phải trỏ tới tên máy của máy chủ thư, không phải địa chỉ IP ({text}): hãy dùng một tên máy như mail.example.vn có bản ghi {a_suggest} trỏ tới {text}",
            DnsCnameAtApex: "a CNAME cannot be at @: the domain itself has its SOA and NS records beside it (use an A or AAAA record there, or the CNAME on www)" | "không thể đặt CNAME tại @: chính tên miền còn có bản ghi SOA và NS (hãy dùng bản ghi A hoặc AAAA ở đó, hoặc đặt CNAME cho www)",
            DnsCnameBeside: "{host} already has other records ({kinds}): a CNAME must be the only record of its host" | "{host} đã có bản ghi khác ({kinds}): CNAME phải là bản ghi duy nhất của tên máy đó",
            DnsBesideCname: "{host} has a CNAME record: no {kind} record can stand beside it (delete the CNAME first)" | "{host} đang có bản ghi CNAME: không thể đặt bản ghi {kind} bên cạnh (hãy xóa CNAME trước)",
            DnsTwoOfTag: "{host} would have two {tag} records: with two, receivers take neither" | "{host} sẽ có hai bản ghi {tag}: có hai bản thì bên nhận bỏ qua cả hai",
            DnsSecondOfTag: "{host} already has a {tag} record (#{id}): with two, receivers take neither; change that one instead" | "{host} đã có bản ghi {tag} (#{id}): có hai bản thì bên nhận bỏ qua cả hai; hãy sửa bản ghi đó",
            DnsBadTypeBuiltin: "type {kind} is not one of the usual types this tool offers ({types}); this portal does not list the types it takes" | "loại {kind} không nằm trong các loại thông dụng mà công cụ này cung cấp ({types}); cổng này không liệt kê các loại nó nhận",

            // A record's priority in one line (`www MX mail.example.vn (priority 10, TTL 3600)`)
            RecPriority: "priority {value}" | "ưu tiên {value}",

            // dns export
            ZoneHeader: "{name}: the DNS records {host} lists ({at})" | "{name}: các bản ghi DNS mà {host} liệt kê ({at})",
            DnsAtRegistration: "registration {id}" | "mã đăng ký {id}",
            DnsAtZone: "hosted zone {zone}, service {service}" | "vùng DNS lưu trữ {zone}, dịch vụ {service}",
            ZonePortalOnly: "lines starting with ;portal: are records with no zone file form (URL, FRAME…): other tools read them as comments, dns apply leaves them as they are" | "các dòng bắt đầu bằng ;portal: là bản ghi không có dạng tệp vùng (URL, FRAME…): công cụ khác coi là chú thích, dns apply để nguyên chúng",
            ZoneUnreadable: "record #{id} could not be read and is left out: {why}" | "bản ghi #{id} không đọc được nên bị bỏ qua: {why}",
            ZoneLeftOut: "record #{id} ({kind} named {name}) is left out: {why}; dns apply leaves it as it is" | "bản ghi #{id} ({kind} tên {name}) bị bỏ qua: {why}; dns apply để nguyên nó",
            ZoneBadName: "its name is not one a zone file can hold below the domain" | "tên của nó không phải tên mà tệp vùng có thể chứa trong tên miền",
            ZoneBadType: "its type is not one word" | "loại của nó không phải một từ",
            ZoneBadData: "its content is not what its type holds, or not in words a zone file reads back as the same" | "nội dung của nó không đúng với loại, hoặc không viết được sao cho tệp vùng đọc lại y như vậy",
            ZoneSoaPlaceholder: "the portal lists no SOA: the SOA line marked placeholder is there for a name server to load the file; dns apply passes over it" | "cổng không liệt kê SOA: dòng SOA ghi placeholder chỉ để máy chủ tên nạp được tệp; dns apply bỏ qua nó",
            ZoneNsPlaceholder: "the portal lists no NS for the domain itself: the NS line marked placeholder (ns.placeholder.invalid.) is there for a name server to load the file; dns apply passes over it" | "cổng không liệt kê NS cho chính tên miền: dòng NS ghi placeholder (ns.placeholder.invalid.) chỉ để máy chủ tên nạp được tệp; dns apply bỏ qua nó",

            // Reading a zone file
            ZoneOpenQuote: "a quoted text does not end on its line" | "đoạn trong ngoặc kép không kết thúc trên cùng dòng",
            ZoneParentheses: "a ( without its ), or a ) without its (" | "thiếu ngoặc: có ( mà không có ), hoặc có ) mà không có (",
            ZoneNoOwner: "the line starts with a blank, but no record before it names a host" | "dòng bắt đầu bằng khoảng trắng nhưng chưa có bản ghi nào trước đó nêu tên máy",
            ZoneNoType: "no record type" | "thiếu loại bản ghi",
            ZoneTtl: "{text} is not a TTL (seconds, or 1h, 1d…)" | "{text} không phải TTL (số giây, hoặc 1h, 1d…)",
            ZoneClass: "class {class} is not IN: only IN records are read" | "lớp {class} không phải IN: chỉ đọc bản ghi IN",
            ZoneDirective: "{directive} is not followed: write every record in this one file" | "không hỗ trợ {directive}: hãy ghi mọi bản ghi trong chính tệp này",
            ZoneOutside: "{name} is not in {domain}" | "{name} không thuộc {domain}",
            ZoneData: "{a_kind} record is written {kind} {need}" | "bản ghi {a_kind} phải được viết là {kind} {need}",
            ZoneNumber: "{text} is not a number from 0 to 65535" | "{text} không phải số từ 0 đến 65535",
            ZoneJson: "not the JSON dns export writes: {detail}" | "không phải JSON do dns export tạo: {detail}",
            ZoneDottedLabel: "{name} has a dot escaped in a label (\\.): a zone file reads it as one label holding a dot, not as two labels, and no portal takes such a name; write the labels with plain dots" | "{name} có dấu chấm được thoát trong một nhãn (\\.): tệp vùng hiểu đó là một nhãn chứa dấu chấm, không phải hai nhãn, và không cổng nào nhận tên như vậy; hãy viết các nhãn với dấu chấm thường",
            ZoneNoFinalDot: "{name} has no final dot, so a zone file reads it as {whole}: write {name}. (or only the part below the domain)" | "{name} thiếu dấu chấm cuối nên tệp vùng hiểu là {whole}: hãy viết {name}. (hoặc chỉ phần đứng trước tên miền)",
            ZoneAtLine: "{file}, line {line}: {problem}" | "{file}, dòng {line}: {problem}",
            ZoneAtRecord: "{file}, record {line}: {problem}" | "{file}, bản ghi thứ {line}: {problem}",
            ZoneCannotRead: "cannot read {file}: {error}" | "không đọc được {file}: {error}",

            // dns apply: the plan
            PlanFor: "plan for {name} ({at}) from {file}:" | "kế hoạch cho {name} ({at}) theo {file}:",
            PlanCreate: "create" | "tạo",
            PlanChange: "change" | "sửa",
            PlanDelete: "delete" | "xóa",
            PlanUnchanged: "unchanged" | "giữ nguyên",
            PlanKept: "kept" | "để nguyên",
            PlanKeptUnlisted: "not in the file (--delete-unlisted deletes it)" | "không có trong tệp (--delete-unlisted sẽ xóa nó)",
            PlanKeptManaged: "the portal's own (name it in the file to change it)" | "do cổng tự quản lý (ghi nó vào tệp nếu muốn thay đổi)",
            PlanKeptIgnored: "on a host ignored (--ignore)" | "thuộc tên máy được bỏ qua (--ignore)",
            PlanKeptUnreadable: "could not be read" | "không đọc được",
            PlanKeptFixed: "the portal's own, read-only" | "do cổng tự quản lý, chỉ đọc",
            PlanKeptNoZoneForm: "no zone file holds it as it is (dns set and dns delete change it)" | "không tệp vùng nào chứa được nó như hiện có (dùng dns set và dns delete để thay đổi)",
            PlanLine: "line {line}" | "dòng {line}",
            PlanSummary: "{create} to create, {change} to change, {delete} to delete, {unchanged} unchanged, {kept} kept" | "{create} tạo mới, {change} sửa, {delete} xóa, {unchanged} giữ nguyên, {kept} để nguyên",
            PlanNothing: "nothing to change: the portal already has these records; nothing was sent" | "không có gì để thay đổi: cổng đã có đúng các bản ghi này; không gửi gì",
            PlanTooManyChange: "this plan changes {count} of the {existing} records ({percent} %): more than {limit} % changed or deleted is refused without --force; nothing was sent" | "kế hoạch này sửa {count} trên {existing} bản ghi ({percent} %): sửa hoặc xóa quá {limit} % sẽ bị từ chối nếu thiếu --force; không gửi gì",
            PlanTooManyDelete: "this plan deletes {count} of the {existing} records ({percent} %): more than {limit} % changed or deleted is refused without --force; nothing was sent" | "kế hoạch này xóa {count} trên {existing} bản ghi ({percent} %): sửa hoặc xóa quá {limit} % sẽ bị từ chối nếu thiếu --force; không gửi gì",
            PlanTooManyBoth: "this plan changes {changes} and deletes {deletes} of the {existing} records, {count} in all ({percent} %): more than {limit} % changed or deleted is refused without --force; nothing was sent" | "kế hoạch này sửa {changes} và xóa {deletes} trên {existing} bản ghi, tổng cộng {count} ({percent} %): sửa hoặc xóa quá {limit} % sẽ bị từ chối nếu thiếu --force; không gửi gì",
            PlanUnreadable: "record #{id} on {host} could not be read: a plan that changes {host} is refused; nothing was sent" | "bản ghi #{id} của {host} không đọc được: không thực hiện kế hoạch có thay đổi {host}; không gửi gì",
            PlanRefused: "the records would break the zone: {problem}; nothing was sent" | "các bản ghi sẽ làm hỏng vùng DNS: {problem}; không gửi gì",
            PlanWouldSend: "would send, one change at a time (the records read again before each):" | "sẽ gửi lần lượt từng thay đổi (đọc lại bản ghi trước mỗi lần):",
            PlanAskOne: "send this change? [y/N] " | "gửi thay đổi này? [c/K] ",
            PlanAsk: "send these {count} changes, one at a time? [y/N] " | "gửi {count} thay đổi này, lần lượt từng cái? [c/K] ",

            // dns apply: what came of each change
            StepApplied: "applied" | "đã áp dụng",
            StepRefused: "refused" | "bị từ chối",
            StepFailed: "failed: it did not reach the portal" | "thất bại: không đến được cổng",
            StepUnknown: "unknown" | "chưa rõ",
            StepNotApplied: "not applied" | "chưa áp dụng",
            StepNotSent: "not sent" | "chưa gửi",
            ApplyDone: "done: {applied} of {total} changes applied" | "xong: đã áp dụng {applied}/{total} thay đổi",
            ApplyStopped: "stopped: {applied} of {total} changes applied, {unknown} unknown, {left} not sent" | "đã dừng: áp dụng {applied}/{total} thay đổi, {unknown} chưa rõ, {left} chưa gửi",
            ApplyLost: "its answer was lost: it may or may not have been applied; it was not sent again, and nothing after it was sent" | "mất câu trả lời: thay đổi có thể đã hoặc chưa được áp dụng; không gửi lại, và không gửi gì sau nó",
            ApplyNotAsExpected: "the records read again are not as expected: nothing after it was sent" | "các bản ghi đọc lại không như mong đợi: không gửi gì sau nó",

            // dns set --public-ip
            IpNeedSources: "--public-ip needs two echo services in the config file, at its top: ip_sources = [\"https://…\", \"https://…\"]" | "--public-ip cần hai dịch vụ trả địa chỉ IP trong tệp cấu hình, ở đầu tệp: ip_sources = [\"https://…\", \"https://…\"]",
            IpOnlyAddress: "--public-ip sets an A or AAAA record, not {kind}" | "--public-ip chỉ dùng cho bản ghi A hoặc AAAA, không phải {kind}",
            IpFailed: "echo service {url}: {error}; nothing was sent" | "dịch vụ trả địa chỉ IP {url}: {error}; không gửi gì",
            IpNotAddress: "its answer is not an {family} address: {text}" | "câu trả lời không phải địa chỉ {family}: {text}",
            IpDisagree: "the echo services disagree ({said}); nothing was sent" | "các dịch vụ trả địa chỉ IP không khớp nhau ({said}); không gửi gì",
            IpFound: "public address {ip} (from {sources})" | "địa chỉ công khai {ip} (theo {sources})",

            ] $($rest)*
        }
    };
}
