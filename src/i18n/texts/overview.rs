//! The texts of the Overview screen (every profile at once, what needs attention in each):
//! a block of the table of texts of its own (see `texts`), put before `said`'s entries,
//! after `usage`'s.

/// Makes the table with these entries first and `$more` after them.
macro_rules! overview_then {
    ($($more:tt)*) => {
        usage_then! {
            // The tab and its keys
            ScreenOverview: "Overview" | "Tổng quan",
            ScreenOverviewShort: "All" | "Tổng",
            // A role where the top row is narrow (ten tabs beside it)
            RoleClientShort: "client" | "KH",
            RoleResellerShort: "reseller" | "ĐL",
            KeyGoOverview: "overview: every profile, what needs attention" | "tổng quan: mọi hồ sơ, những gì cần chú ý",
            KeyOpenOverviewRow: "switch to that profile: its radar, or the item open (signs in when needed)" | "chuyển sang hồ sơ đó: màn giám sát của nó, hoặc mở mục này (đăng nhập khi cần)",
            KeyRefreshOverview: "read every profile again (and sign in those that can without asking)" | "đọc lại mọi hồ sơ (và đăng nhập những hồ sơ không cần hỏi mật khẩu)",
            HintShowError: "whole" | "xem đủ",
            // The profiles' table
            OverviewProfiles: "Profiles: {signed} of {count} signed in" | "Hồ sơ: {signed}/{count} đã đăng nhập",
            ColPortal: "PORTAL" | "CỔNG",
            ColRole: "ROLE" | "VAI TRÒ",
            ColSignIn: "SIGN-IN" | "ĐĂNG NHẬP",
            ColExpired: "EXPIRED" | "HẾT HẠN",
            ColExpiredShort: "EXP" | "HH",
            ColSoon: "≤{days} DAYS" | "≤{days} NGÀY",
            ColSoonShort: "≤{days}D" | "≤{days}N",
            ColUnpaid: "UNPAID" | "CHƯA TRẢ",
            ColUnpaidShort: "UNPD" | "C.TRẢ",
            ColWaiting: "TICKETS" | "PHIẾU",
            ColWaitingShort: "TKT" | "PH",
            // Where a profile stands
            StandReading: "reading…" | "đang đọc…",
            StandPartly: "partly read" | "đọc được một phần",
            StandSigningIn: "signing in…" | "đang đăng nhập…",
            StandNotSignedIn: "not signed in" | "chưa đăng nhập",
            StandFailed: "failed: {reason}" | "lỗi: {reason}",
            // The line under the table, about the profile of the selected row
            AboutShown: "{name}: the profile shown; {key} shows its radar" | "{name}: hồ sơ đang xem; {key} để xem màn giám sát của nó",
            AboutSignedIn: "{name}: every list read; {key} switches there" | "{name}: đã đọc mọi danh sách; {key} để chuyển sang",
            AboutReading: "{name}: reading its lists…" | "{name}: đang đọc các danh sách…",
            AboutSigningIn: "{name}: signing in…" | "{name}: đang đăng nhập…",
            AboutAsks: "{name}: not signed in; {key} switches there and asks for the password" | "{name}: chưa đăng nhập; {key} để chuyển sang và nhập mật khẩu",
            AboutUnasked: "{name}: not signed in; {key} switches there and signs in" | "{name}: chưa đăng nhập; {key} để chuyển sang và đăng nhập",
            AboutFailed: "{name}: could not sign in: {reason} ({key} tries again)" | "{name}: không đăng nhập được: {reason} ({key} để thử lại)",
            AboutItem: "{key} opens {what} in {name}" | "{key} để mở {what} trong {name}",
            AboutStale: "{name}: its portal could not be read again: numbers from {age} ago ({key} tries again)" | "{name}: không đọc lại được cổng: số liệu từ {age} trước ({key} để thử lại)",
            AboutShowKey: "{key}: whole" | "{key}: xem đủ",
            CountsLegend: "N+: at least N, a list not read; —: not read" | "N+: ít nhất N, có danh sách chưa đọc được; —: chưa đọc được",
            StandStale: "⚠ stale {age}" | "⚠ cũ {age}",
            OverviewReadingAgain: "Reading {count} profiles again…" | "Đang đọc lại {count} hồ sơ…",
            OverviewFailedWhole: "{name}: could not sign in: {reason}" | "{name}: không đăng nhập được: {reason}",
            OverviewStaleWhole: "{name}: its portal could not be read again; what it shows is from the last read that worked" | "{name}: không đọc lại được cổng; những gì hiển thị là từ lần đọc thành công gần nhất",
            // The items of every profile
            OverviewCalm: "Nothing needs attention within {days} days" | "Không có gì cần chú ý trong {days} ngày",
            OverviewFlagged: "Needs attention: {count}, soonest first" | "Cần chú ý: {count} mục, gần nhất trước",
            OverviewReading: "Reading the profiles…" | "Đang đọc các hồ sơ…",
            OverviewNothingRead: "Nothing read yet: {key} on a profile signs in there" | "Chưa đọc được gì: nhấn {key} trên một hồ sơ để đăng nhập",

            $($more)*
        }
    };
}
