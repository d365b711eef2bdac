//! The texts of the Overview screen (every profile at once, what needs attention in each):
//! a block of the table of texts (see `texts`).

/// Hands these entries on with those before them (see `texts`).
macro_rules! overview_texts {
    ($then:ident [$($done:tt)*] $($rest:ident)*) => {
        $then! { [$($done)*
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
            // What the status line says while every profile is read (the screen's own
            // words are in `app/screens/overview/texts.rs`)
            OverviewReadingAgain: "Reading {profiles} again…" | "Đang đọc lại {profiles}…",
            OverviewFailedWhole: "{name}: could not sign in: {reason}" | "{name}: không đăng nhập được: {reason}",
            // How far reading every profile has come (the Overview's and the Plan's titles)
            ReadingProfiles: "reading profiles {read}/{total} · {name}" | "đang đọc hồ sơ {read}/{total} · {name}",
            // The command line's, on a terminal: each profile's answer as it comes
            ProfilesRead: "profiles read {read}/{total} · {name}" | "đã đọc hồ sơ {read}/{total} · {name}",
            // What came of a profile's part of the Plan's `R` or `c` when nothing was said
            // The status line while one profile's part of the Plan's `R` or `c` is asked
            PlanActingTurn: "the Plan's marked: {name}'s, profile {at} of {total}" | "các mục đã đánh dấu trên Kế hoạch: của {name}, hồ sơ {at}/{total}",
            PlanActedNothing: "nothing sent" | "không gửi gì",
            OverviewStaleWhole: "{name}: its portal could not be read again; what it shows is from the last read that worked" | "{name}: không đọc lại được cổng; những gì hiển thị là từ lần đọc thành công gần nhất",

            ] $($rest)*
        }
    };
}
