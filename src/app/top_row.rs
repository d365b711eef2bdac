//! What the top row holds at a given width: the tabs in the longest words that fit (all in
//! full, else all short) beside the longest portal badge that fits, and where each tab is. The drawing lays the row out from this
//! and a mouse click is matched against it, so both see the same tabs in the same places.

use unicode_width::UnicodeWidthStr;

use super::{Profile, Screen};

/// The screens the row names: those always named (`Screen::always_in_row`), and another
/// only while it is shown, so that the keys keep their room at 80 columns.
fn in_row(shown: &Profile) -> impl Iterator<Item = Screen> + '_ {
    Screen::TABS.iter().copied().filter(|s| s.always_in_row() || *s == shown.screen)
}

/// The top row after login; on the login form only the badge is used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopRow {
    /// What comes before the first tab.
    pub lead: &'static str,
    /// Each tab's screen and text, in order; one space follows each.
    pub tabs: Vec<(Screen, String)>,
    /// The portal badge on the right, when there is a session (the drawing leaves it out
    /// where the row has no room for it).
    pub badge: Option<String>,
}

impl TopRow {
    /// The row for `shown`, one of `profiles`, on a terminal `width` columns wide.
    pub fn of(shown: &Profile, profiles: usize, width: u16) -> TopRow {
        let width = usize::from(width);
        let badges = badges(shown, profiles);
        if shown.screen == Screen::Login {
            return TopRow { lead: "", tabs: Vec::new(), badge: badges.last().cloned() };
        }
        // The tabs' names come first: every tab named in full with the longest badge that
        // fits beside them, else every tab by its short name (never some of each), its key
        // spaced from it and then not; with several profiles the badge naming the one shown
        // goes only after the full names. The badge shortens before the tabs shrink to
        // their keys alone, and is dropped only then.
        let room = |badge: &str| width.saturating_sub(badge.width() + 1);
        let words = TopRow::wordings(shown);
        let names_profile = profiles > 1 && !shown.name.is_empty();
        // The full names with the longest badge that fits, spaced where there is room;
        // then the short ones.
        let [spaced, full, short, tight] = &words;
        let full_badges = if names_profile { &badges[..3] } else { &badges[..] };
        let in_full = full_badges.iter().flat_map(|badge| [(spaced, badge), (full, badge)]);
        let in_short = badges.iter().map(|badge| (short, badge)).chain(badges.iter().map(|badge| (tight, badge)));
        let fit = in_full.chain(in_short).find_map(|(row, badge)| {
            (row.tabs_width() <= room(badge)).then(|| TopRow { badge: Some(badge.clone()), ..row.clone() })
        });
        fit.unwrap_or_else(|| {
            let numbers = TopRow::numbered(shown);
            // With numbered tabs there is room again: the longest badge that fits.
            let badge = badges.iter().find(|b| numbers.tabs_width() + b.width() < width).or(badges.last()).cloned();
            TopRow { badge, ..numbers }
        })
    }

    /// The ways of naming every tab, longest first: ` 1 Account ` each; then `1 Account`;
    /// then every tab by its short name (`1 Acct`); then the same with no space after the
    /// key (`1Acct`), which keeps every tab named at 80 columns.
    fn wordings(shown: &Profile) -> [TopRow; 4] {
        let lang = shown.language;
        let named = |s: Screen, name: &str, gap: &str| match s.tab_key() {
            Some(key) => format!("{key}{gap}{name}"),
            None => name.to_owned(),
        };
        let tabs = |spaced: bool, short: bool, gap: &str| {
            let tabs = in_row(shown).map(|s| {
                let name = named(s, if short { s.short_title(lang) } else { s.title(lang) }, gap);
                (s, if spaced { format!(" {name} ") } else { name })
            });
            TopRow { lead: if spaced { "" } else { " " }, tabs: tabs.collect(), badge: None }
        };
        [tabs(true, false, " "), tabs(false, false, " "), tabs(false, true, " "), tabs(false, true, "")]
    }

    /// The last resort: `1`, the tab shown keeping its name.
    fn numbered(shown: &Profile) -> TopRow {
        let lang = shown.language;
        let tabs = in_row(shown).map(|screen| {
            let text = match screen.tab_key() {
                Some(key) if screen == shown.screen => format!("{key} {}", screen.title(lang)),
                Some(key) => key.to_string(),
                // No key to name it by: its short name.
                None if screen == shown.screen => screen.title(lang).to_owned(),
                None => screen.short_title(lang).to_owned(),
            };
            (screen, text)
        });
        TopRow { lead: " ", tabs: tabs.collect(), badge: None }
    }

    /// Columns the lead and the tabs take, each tab with the space after it.
    pub fn tabs_width(&self) -> usize {
        self.lead.width() + self.tabs.iter().map(|(_, text)| text.width() + 1).sum::<usize>()
    }

    /// The tab at `column` of the row, if one is there.
    pub fn tab_at(&self, column: u16) -> Option<Screen> {
        let mut x = self.lead.width();
        let column = usize::from(column);
        for (screen, text) in &self.tabs {
            let end = x + text.width();
            if (x..end).contains(&column) {
                return Some(*screen);
            }
            x = end + 1;
        }
        None
    }
}

/// The portal badges, longest first: with several profiles one that names the profile
/// with the host and role, then with the role alone, then alone; then host and role, then the role alone (the switcher names the host), then its
/// abbreviation where the language has one (`KH`, `ĐL`).
fn badges(shown: &Profile, profiles: usize) -> Vec<String> {
    let Some(session) = &shown.session else { return Vec::new() };
    let role = crate::i18n::role(session.role, shown.language);
    let plain = format!(" {} · {role} ", session.host);
    let name = &shown.name;
    let mut badges = Vec::new();
    if profiles > 1 && !name.is_empty() {
        badges.push(format!(" {name} ·{plain}"));
        badges.push(format!(" {name} · {role} "));
        badges.push(format!(" {name} "));
    }
    badges.push(plain);
    badges.push(format!(" {role} "));
    let short = match session.role {
        crate::api::Role::Client => crate::i18n::Text::RoleClientShort,
        crate::api::Role::Reseller => crate::i18n::Text::RoleResellerShort,
    };
    let short = short.get(shown.language);
    if short != role {
        badges.push(format!(" {short} "));
    }
    badges
}
