//! What the top row holds at a given width: the tabs in the longest words that fit beside
//! the longest portal badge, and where each tab is. The drawing lays the row out from this
//! and a mouse click is matched against it, so both see the same tabs in the same places.

use unicode_width::UnicodeWidthStr;

use super::{App, Screen};

/// How the tabs are worded, longest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Words {
    /// ` 1 Account ` for each tab.
    Full,
    /// `1 Account`, with shorter titles where a screen has one.
    Short,
    /// `1`, the active tab keeping its short title.
    Numbers,
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
    /// The row for the shown profile on a terminal `width` columns wide.
    pub fn of(app: &App, width: u16) -> TopRow {
        let width = usize::from(width);
        let badges = badges(app);
        if app.profile().screen == Screen::Login {
            return TopRow { lead: "", tabs: Vec::new(), badge: badges.last().cloned() };
        }
        // The badge comes first: the profile name goes before the tabs shrink to numbers,
        // and tabs get shorter before the badge is dropped.
        let room = |badge: &str| width.saturating_sub(badge.width() + 1);
        let words = [Words::Full, Words::Short].map(|words| TopRow::worded(app, words));
        let fit = badges.iter().find_map(|badge| {
            words
                .iter()
                .find(|row| row.tabs_width() <= room(badge))
                .map(|row| TopRow { badge: Some(badge.clone()), ..row.clone() })
        });
        fit.unwrap_or_else(|| {
            let numbers = TopRow::worded(app, Words::Numbers);
            // With numbered tabs there is room again: the longest badge that fits.
            let badge = badges.iter().find(|b| numbers.tabs_width() + b.width() < width).or(badges.last()).cloned();
            TopRow { badge, ..numbers }
        })
    }

    fn worded(app: &App, words: Words) -> TopRow {
        let lang = app.profile().language;
        let tabs = Screen::TABS
            .iter()
            .enumerate()
            .map(|(i, &screen)| {
                let text = match words {
                    Words::Full => format!(" {} {} ", i + 1, screen.title(lang)),
                    Words::Short => format!("{} {}", i + 1, screen.short_title(lang)),
                    Words::Numbers if screen == app.profile().screen => {
                        format!("{} {}", i + 1, screen.short_title(lang))
                    }
                    Words::Numbers => format!("{}", i + 1),
                };
                (screen, text)
            })
            .collect();
        TopRow { lead: if words == Words::Full { "" } else { " " }, tabs, badge: None }
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

/// The portal badges, longest first: with several profiles one that names the profile,
/// then host and role, then the role alone (the switcher names the host).
fn badges(app: &App) -> Vec<String> {
    let Some(session) = &app.profile().session else { return Vec::new() };
    let role = crate::i18n::role(session.role, app.profile().language);
    let plain = format!(" {} · {role} ", session.host);
    let name = app.profile_name();
    let mut badges = Vec::new();
    if app.profile_count() > 1 && !name.is_empty() {
        badges.push(format!(" {name} ·{plain}"));
    }
    badges.push(plain);
    badges.push(format!(" {role} "));
    badges
}
