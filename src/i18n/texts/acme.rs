//! The texts of the ACME DNS-01 hooks (`acme present|cleanup`, `acme certbot-auth|
//! certbot-cleanup`): a block of the table of texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! acme_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
            // What the hook is handed
            AcmeNotChallenge: "{name} is not a challenge's name: the hook writes and removes TXT records only at {label}.NAME" | "{name} không phải tên của một thử thách: hook chỉ ghi và xóa bản ghi TXT tại {label}.TÊN",
            AcmeDelegated: "{name} is a CNAME to {target}: the challenge is delegated there, so its TXT record belongs in the zone that holds {target}, not here; nothing was sent" | "{name} là CNAME trỏ tới {target}: thử thách được ủy quyền tới đó, nên bản ghi TXT thuộc về vùng chứa {target}, không phải ở đây; không gửi gì",
            AcmeBadName: "{name} is not a DNS name (such as _acme-challenge.example.vn)" | "{name} không phải tên DNS (ví dụ _acme-challenge.example.vn)",
            AcmeBadValue: "{value} is not a TXT value: one line of text, not empty" | "{value} không phải giá trị TXT: một dòng chữ, không để trống",
            AcmeBadAddress: "{text} is not an address: give an IP address, or IP:port" | "{text} không phải địa chỉ: hãy ghi địa chỉ IP, hoặc IP:cổng",
            AcmeCertbotUnset: "{variable} is not set: certbot sets it for its --manual-auth-hook and --manual-cleanup-hook (or give {option})" | "chưa đặt {variable}: certbot đặt biến này cho --manual-auth-hook và --manual-cleanup-hook (hoặc dùng {option})",

            // Where the name's DNS is kept, and the record there
            AcmeNoDns: "{name} has no DNS at this portal: the portal has no hosted zone or registration of {names}; nothing was sent" | "{name} không có DNS ở cổng này: cổng không có vùng DNS lưu trữ hay tên miền đăng ký nào là {names}; không gửi gì",
            AcmeAdded: "{name}: TXT \"{value}\" added ({at})" | "{name}: đã thêm TXT \"{value}\" ({at})",
            AcmeAlready: "{name}: TXT \"{value}\" is there already ({at}); nothing was sent" | "{name}: đã có sẵn TXT \"{value}\" ({at}); không gửi gì",
            AcmeRemoved: "{name}: TXT \"{value}\" removed ({at})" | "{name}: đã xóa TXT \"{value}\" ({at})",
            AcmeNotThere: "{name}: there is no TXT \"{value}\" ({at}); nothing was sent" | "{name}: không có TXT \"{value}\" ({at}); không gửi gì",
            AcmeRefused: "the portal refused the change of {name}: {error}" | "cổng từ chối thay đổi {name}: {error}",
            AcmeTtlRefused: "it takes no TTL of {ttl} s: pass one it takes with --ttl SECS (or PORTAL_ACME_TTL), such as --ttl {usual}, the TTL most of the zone's records have" | "cổng không nhận TTL {ttl} giây: hãy đặt một TTL cổng nhận bằng --ttl GIÂY (hoặc PORTAL_ACME_TTL), ví dụ --ttl {usual}, TTL của phần lớn bản ghi trong vùng",
            AcmeNotApplied: "the change of {name} was not applied ({error}); it can be tried again" | "thay đổi {name} chưa được áp dụng ({error}); có thể thử lại",
            AcmeFailed: "the change of {name} did not reach the portal: {error}" | "thay đổi {name} không tới được cổng: {error}",
            AcmeLost: "the change of {name} may or may not have been applied ({error}); it was not sent again" | "thay đổi {name} có thể đã hoặc chưa được áp dụng ({error}); không gửi lại",
            AcmeNotListed: "the portal answered that it was done, but the records read again are not as asked at {name} (TXT \"{value}\")" | "cổng trả lời là đã xong, nhưng các bản ghi đọc lại ở {name} không như yêu cầu (TXT \"{value}\")",

            // Waiting until the name servers answer it
            AcmeNoServers: "the authoritative name servers of {zone} could not be found: {error} (--resolver names a resolver to ask, --nameserver the servers themselves; --no-wait does not wait)" | "không tìm được máy chủ tên có thẩm quyền của {zone}: {error} (--resolver chỉ định máy phân giải để hỏi, --nameserver chỉ định chính các máy chủ; --no-wait để không chờ)",
            AcmeWaitFor: "waiting until the authoritative name servers of {zone} answer it, at most {limit} s ({count}: {servers})" | "đang chờ các máy chủ tên có thẩm quyền của {zone} trả lời bản ghi, tối đa {limit} giây ({count}: {servers})",
            AcmeNotYet: "waiting for {server}: not yet, {seconds} s" | "đang chờ {server}: chưa có, {seconds} giây",
            AcmeSilent: "waiting for {server}: no answer ({error}), {seconds} s" | "đang chờ {server}: không trả lời ({error}), {seconds} giây",
            AcmeSeenAt: "{server} answers it, after {seconds} s" | "{server} đã trả lời bản ghi, sau {seconds} giây",
            AcmeSeenEverywhere: "seen at every authoritative name server of {zone} ({count}) after {seconds} s" | "mọi máy chủ tên có thẩm quyền của {zone} ({count}) đã thấy bản ghi sau {seconds} giây",
            AcmeNotSeen: "not seen in time: after {seconds} s, not answered by {missing} (authoritative name servers of {zone} asked: {count}); the record stays at the portal, and acme cleanup removes it" | "không thấy kịp: sau {seconds} giây, {missing} vẫn chưa trả lời bản ghi (số máy chủ tên có thẩm quyền của {zone} đã hỏi: {count}); bản ghi vẫn ở trên cổng, acme cleanup sẽ xóa nó",

            ] $($rest)*
        }
    };
}
