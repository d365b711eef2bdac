//! The radar screen's own words.

crate::words! {
    KindCertificate: "cert" | "ssl",
    KindDomain: "dom" | "miền",
    KindInvoice: "inv" | "hđ",
    KindService: "svc" | "dv",
    KindTicket: "tkt" | "phiếu",
    NothingWatched: "Nothing watched yet." | "Chưa theo dõi mục nào.",
    PressAToWatch: "Press {key} on a domain or a certificate to watch it;" | "Nhấn {key} trên tên miền hoặc chứng chỉ để theo dõi;",
    RadarCalmOne: "Radar — 1 item, nothing needs attention (≤ {days} days)" | "Giám sát — 1 mục, không có gì cần chú ý (≤ {days} ngày)",
    RadarCalm: "Radar — {count} items, nothing needs attention (≤ {days} days)" | "Giám sát — {count} mục, không có gì cần chú ý (≤ {days} ngày)",
    RadarFlagged: "Radar — {flagged} of {count} need attention (≤ {days} days)" | "Giám sát — {flagged}/{count} mục cần chú ý (≤ {days} ngày)",
    WatchedFetched: "watched items, and what the portal lists, are fetched at every login and listed here by date." | "các mục theo dõi và những gì cổng liệt kê được tải mỗi lần đăng nhập và xếp ở đây theo ngày.",
    Watching: "watching {what}" | "đang theo dõi {what}",
    StoppedWatching: "stopped watching {what}" | "đã bỏ theo dõi {what}",
    AlreadyWatching: "already watching {what}" | "{what} đã được theo dõi",
    NotWatched: "{what} is not watched" | "{what} chưa được theo dõi",
    WatchThisRun: "{change} for this run (no profile in a config file to save it to)" | "{change} trong lần chạy này (không có hồ sơ trong tệp cấu hình để lưu)",
    WatchCertificate: "certificate {id}" | "chứng chỉ {id}",
    WatchService: "service {id}" | "dịch vụ {id}",
}
