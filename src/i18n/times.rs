//! Times of day in one zone: the portal writes its timestamps in its own clock, with no
//! zone (`2026-11-21 20:40:49`), and this machine keeps its own; both are shown in the zone
//! chosen (`times` in the configuration: this machine's, the default, or the portal's),
//! named where it is not this machine's.

use std::sync::OnceLock;
use std::time::SystemTime;

use time::{OffsetDateTime, PrimitiveDateTime, UtcOffset};

use super::{Language, Text};

/// This machine's offset, read once while the process has one thread (the time crate
/// reads it only then): see `read_local_offset`.
static LOCAL: OnceLock<UtcOffset> = OnceLock::new();

/// Reads this machine's UTC offset; called first thing in `main`, before any thread
/// starts. Without it (tests), the offset is read when asked, else UTC.
pub fn read_local_offset() {
    if let Ok(offset) = UtcOffset::current_local_offset() {
        let _ = LOCAL.set(offset);
    }
}

fn local_offset() -> UtcOffset {
    LOCAL.get().copied().or_else(|| UtcOffset::current_local_offset().ok()).unwrap_or(UtcOffset::UTC)
}

/// Where times are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zone {
    /// This machine's (the default).
    #[default]
    Local,
    /// The portal's own clock.
    Portal,
}

/// The portals' clock and the zone times are shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Times {
    /// The offset the portal writes its timestamps in (Vietnam's, UTC+7, unless configured).
    pub portal: UtcOffset,
    pub zone: Zone,
    /// This machine's offset (`None`: as read at start).
    pub local: Option<UtcOffset>,
}

impl Default for Times {
    fn default() -> Times {
        Times { portal: VIETNAM, zone: Zone::Local, local: None }
    }
}

/// The clock of the Vietnamese portals this API comes from.
pub const VIETNAM: UtcOffset = match UtcOffset::from_hms(7, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

impl Times {
    fn local(&self) -> UtcOffset {
        self.local.unwrap_or_else(local_offset)
    }

    /// The offset times are shown in.
    pub fn shown(&self) -> UtcOffset {
        match self.zone {
            Zone::Local => self.local(),
            Zone::Portal => self.portal,
        }
    }

    /// ` (UTC+07:00, the portal's clock)` where the zone shown is not this machine's;
    /// nothing where it is.
    pub fn label(&self, language: Language) -> String {
        let shown = self.shown();
        if shown == self.local() {
            return String::new();
        }
        format!(" ({})", Text::TimesPortal.fill(language, &[("offset", &offset_text(shown))]))
    }

    /// A moment of this machine, `14:03:25` in the zone shown (its zone named by `label`).
    pub fn clock(&self, at: SystemTime) -> String {
        let at = OffsetDateTime::from(at).to_offset(self.shown());
        format!("{:02}:{:02}:{:02}", at.hour(), at.minute(), at.second())
    }

    /// A timestamp of the portal (`2026-11-21 20:40:49`, its own clock) in the zone shown,
    /// the date as the reader writes it (its zone named once nearby, by `label`); anything
    /// else (a date alone, words) as `format::date` writes it.
    pub fn portal_stamp(&self, text: &str, language: Language) -> String {
        let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
        let Ok(at) = PrimitiveDateTime::parse(text.trim(), format) else {
            return super::format::date(text, language);
        };
        let at = at.assume_offset(self.portal).to_offset(self.shown());
        let stamp = format!("{} {:02}:{:02}:{:02}", at.date(), at.hour(), at.minute(), at.second());
        super::format::date(&stamp, language)
    }
}

/// `UTC+07:00`, `UTC−03:30`, `UTC`.
fn offset_text(offset: UtcOffset) -> String {
    if offset == UtcOffset::UTC {
        return "UTC".to_owned();
    }
    let (h, m, _) = offset.as_hms();
    let sign = if offset.is_negative() { '-' } else { '+' };
    format!("UTC{sign}{:02}:{:02}", h.unsigned_abs(), m.unsigned_abs())
}

/// An offset as the configuration writes it: `+07:00`, `-03:30`, `UTC`.
pub fn parse_offset(text: &str) -> Option<UtcOffset> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("utc") || text == "Z" {
        return Some(UtcOffset::UTC);
    }
    let format = time::macros::format_description!("[offset_hour sign:mandatory]:[offset_minute]");
    UtcOffset::parse(text, format).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times(zone: Zone, local: UtcOffset) -> Times {
        Times { portal: VIETNAM, zone, local: Some(local) }
    }

    #[test]
    fn a_portal_stamp_and_a_moment_of_this_machine_are_shown_in_one_zone() {
        // 13:41 UTC: the portal writes 20:41 (its clock, UTC+7).
        let at = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_795_268_460);
        let utc = times(Zone::Local, UtcOffset::UTC);
        assert_eq!(utc.portal_stamp("2026-11-21 20:41:00", Language::English), "2026-11-21 13:41:00");
        assert_eq!(utc.clock(at), "13:41:00");
        assert_eq!(utc.label(Language::English), "");
        let portal = times(Zone::Portal, UtcOffset::UTC);
        assert_eq!(portal.portal_stamp("2026-11-21 20:41:00", Language::English), "2026-11-21 20:41:00");
        assert_eq!(portal.label(Language::English), " (UTC+07:00, the portal's clock)");
        assert_eq!(portal.clock(at), "20:41:00");
        assert_eq!(portal.portal_stamp("2026-11-21 20:41:00", Language::Vietnamese), "21/11/2026 20:41:00");
        assert_eq!(portal.label(Language::Vietnamese), " (UTC+07:00, giờ của cổng)");
        // A machine in Vietnam shows the portal's clock as it is, unnamed.
        let hanoi = times(Zone::Portal, VIETNAM);
        assert_eq!(hanoi.label(Language::English), "");
        assert_eq!(hanoi.portal_stamp("2026-11-21", Language::English), "2026-11-21");
    }

    #[test]
    fn offsets_read_as_written() {
        assert_eq!(parse_offset("+07:00"), Some(VIETNAM));
        assert_eq!(parse_offset("UTC"), Some(UtcOffset::UTC));
        assert_eq!(parse_offset("-03:30").map(|o| o.as_hms()), Some((-3, -30, 0)));
        assert_eq!(parse_offset("7"), None);
    }
}
