//! The overview: every profile in a table (name, portal, role, where it stands, what needs
//! attention: expired, due soon, unpaid, tickets waiting), a line about the selected row's
//! profile (why it failed, what could not be read, what `Enter` does), then the flagged
//! items of every profile, soonest first, each naming its profile, marked and coloured as
//! the radar marks them.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line as TextLine;
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};
use unicode_width::UnicodeWidthStr;

use super::texts;
use crate::app::screens::radar::draw as radar;
use std::time::SystemTime;

use crate::app::screens::Around;
use crate::app::screens::overview::{Counts, Line, OverviewState, Reach, Summary, table_height};
use crate::app::Standing;
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::{Language, Text, format};
use crate::paint::Paint;
use crate::paint::columns::truncate;
use crate::paint::columns;
use crate::paint::scrollbar::{self, Window};
use crate::radar::{Item, Kind, SOON_DAYS};

/// Where the count columns take their full headers whatever the other columns hold.
const WIDE: u16 = 110;

pub fn draw(frame: &mut Frame, area: Rect, state: &OverviewState, paint: &Paint, around: &Around) {
    let table = table_height(state.summaries.len(), usize::from(area.height));
    let table = u16::try_from(table).unwrap_or(u16::MAX);
    let [top, about, rest] =
        Layout::vertical([Constraint::Length(table), Constraint::Length(1), Constraint::Min(0)]).areas(area);
    profiles(frame, top, paint, state);
    about_line(frame, about, paint, around, state);
    items(frame, rest, paint, around, state);
}

/// The profiles' table.
fn profiles(frame: &mut Frame, area: Rect, paint: &Paint, state: &OverviewState) {
    let theme = paint.theme;
    let lang = paint.language;
    let signed = state.summaries.iter().filter(|s| matches!(s.standing, Standing::SignedIn { .. })).count();
    let mut title = texts::OverviewProfiles.fill(lang, &[("signed", &signed), ("count", &state.summaries.len())]);
    // Until every profile has answered: how far reading them has come, and which one is read.
    let busy = |s: &&Summary| matches!(s.standing, Standing::SigningIn | Standing::SignedIn { reading: true });
    if let Some(reading) = state.summaries.iter().find(busy) {
        let total = state.summaries.len();
        let read = total - state.summaries.iter().filter(busy).count();
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("read", &read), ("total", &total), ("name", &reading.name)];
        title += &format!(" — {}", Text::ReadingProfiles.fill(lang, &fill));
    }
    let block = Block::bordered().title(TextLine::styled(format!(" {title} "), theme.title));
    // The count columns' full headers where the screen is wide; narrower, each in words,
    // in order, where that cuts no name, portal or role the short ones would not, nor a
    // state other than a failure (the demo's two profiles at 80 columns in Vietnamese:
    // `HẾT HẠN ≤30 NGÀY C.TRẢ PH`). A failure's reason may be cut: the bottom border then
    // says which key shows it whole.
    let inner = area.width.saturating_sub(2);
    let (full, mut heads) = (count_heads(lang, true), count_heads(lang, false));
    let with_short = profile_widths(&state.summaries, lang, inner, &heads);
    let states_whole = |widths: &[u16; 9]| usize::from(widths[4]) >= widest_state(&state.summaries, lang, false);
    for (at, head) in full.iter().enumerate() {
        let mut tried = heads.clone();
        tried[at] = head.clone();
        let widths = profile_widths(&state.summaries, lang, inner, &tried);
        let kept = widths[1..4] == with_short[1..4] && (states_whole(&widths) || !states_whole(&with_short));
        if area.width >= WIDE || kept {
            heads = tried;
        }
    }
    let widths = profile_widths(&state.summaries, lang, inner, &heads);
    let header = [
        "",
        Text::RepProfile.get(lang),
        texts::ColPortal.get(lang),
        texts::ColRole.get(lang),
        texts::ColSignIn.get(lang),
    ]
    .into_iter()
    .map(str::to_owned)
    .chain(heads.iter().cloned());
    let header = Row::new(header).style(theme.dim);
    let height = usize::from(area.height.saturating_sub(3));
    let offset = state.profiles_offset(height);
    let rows = state.summaries.iter().enumerate().skip(offset).take(height);
    let rows = rows.map(|(i, s)| profile_row(s, lang, theme, &widths, state.selected == i));
    let table = Table::new(rows, widths.map(Constraint::Length)).header(header).column_spacing(1);
    frame.render_widget(table.flex(ratatui::layout::Flex::Start).block(block), area);
    let total = state.summaries.len();
    scrollbar::bar(frame, area, 1, Window { offset, rows: height, total }, theme);
    if state.selected < total {
        scrollbar::position(frame, area, state.selected + 1, total, lang, theme);
    }
    // What a `N+` and a `—` of a signed-in profile mean, on the bottom border where it fits;
    // else, where a failure's reason is cut, the key that shows it whole.
    let partly = |s: &Summary| s.counts.is_some() && s.reach.iter().any(|r| *r != Reach::All);
    let now = SystemTime::now();
    let cut = state.summaries.iter().any(|s| {
        matches!(s.standing, Standing::Failed(_)) && standing_text(s, lang, now).width() > usize::from(widths[4])
    });
    let legend = if state.summaries.iter().any(partly) {
        Some(texts::CountsLegend.get(lang).to_owned())
    } else if cut {
        let key = paint.keymap.label(Context::Overview, Action::ShowError);
        Some(texts::ReasonCutLegend.fill(lang, &[("key", &key)]))
    } else {
        None
    };
    if let Some(legend) = legend {
        let legend = format!(" {legend} ");
        let room = usize::from(area.width).saturating_sub(4 + 2 + scrollbar::position_text(total, total, lang).width());
        if legend.width() <= room && area.height >= 2 {
            frame.buffer_mut().set_string(area.x + 2, area.bottom() - 1, &legend, theme.dim);
        }
    }
}

/// The count columns' headers, full where the screen is wide.
fn count_heads(lang: Language, wide: bool) -> [String; 4] {
    let texts = match wide {
        true => [texts::ColOverdue, texts::ColSoon, texts::ColUnpaid, texts::ColWaiting],
        false => [texts::ColOverdueShort, texts::ColSoonShort, texts::ColUnpaidShort, texts::ColWaitingShort],
    };
    texts.map(|t| t.fill(lang, &[("days", &SOON_DAYS)]))
}

/// The columns of the profiles' table at `width`: the mark, the role and the counts as
/// wide as they need; the state, the name and the portal share the rest, a long one cut.
fn profile_widths(summaries: &[Summary], lang: Language, width: u16, heads: &[String; 4]) -> [u16; 9] {
    let widest = |f: &dyn Fn(&Summary) -> usize, head: &str| summaries.iter().map(f).max().unwrap_or(0).max(head.width());
    let role = widest(&|s| crate::i18n::role(s.role, lang).width(), texts::ColRole.get(lang));
    let counts = heads.clone().map(|h| h.width().max(3));
    let fixed = 1 + role + counts.iter().sum::<usize>() + 8;
    let room = usize::from(width).saturating_sub(fixed);
    let state_wanted = widest_state(summaries, lang, true);
    let name_wanted = widest(&|s| s.name.width(), Text::RepProfile.get(lang));
    let host_wanted = widest(&|s| s.host.width(), texts::ColPortal.get(lang));
    // The state is cut first (a failure's reason first of all: the line below the table
    // and `e` say it whole), then the portal.
    let state_least = widest_state(summaries, lang, false).min(12);
    let name = name_wanted.min(if room >= 60 { 24 } else { 16 }).min(room.saturating_sub(state_least + 8));
    let host = host_wanted.min(24).min(room.saturating_sub(state_least + name));
    let state = room.saturating_sub(name + host).min(state_wanted);
    let [a, b, c, d] = counts;
    [1, name, host, role, state, a, b, c, d].map(|w| u16::try_from(w).unwrap_or(u16::MAX))
}

/// The widest state of the profiles in words (with the header), failures' reasons too or
/// not.
fn widest_state(summaries: &[Summary], lang: Language, failures: bool) -> usize {
    let now = SystemTime::now();
    let shown = summaries.iter().filter(|s| failures || !matches!(s.standing, Standing::Failed(_)));
    let widest = shown.map(|s| standing_text(s, lang, now).width()).max().unwrap_or(0);
    widest.max(texts::ColSignIn.get(lang).width())
}

/// How long ago the profile's kept numbers were read, when its last read failed.
fn stale_age(s: &Summary, lang: Language, now: SystemTime) -> Option<String> {
    let since = s.stale_since?;
    Some(format::duration(now.duration_since(since).unwrap_or_default(), lang))
}

/// Where a profile stands, in words.
fn standing_text(s: &Summary, lang: Language, now: SystemTime) -> String {
    match &s.standing {
        Standing::SignedIn { reading: true } => texts::StandReading.get(lang).to_owned(),
        Standing::SignedIn { .. } if let Some(age) = stale_age(s, lang, now) => {
            texts::StandStale.fill(lang, &[("age", &age)])
        }
        Standing::SignedIn { .. } if !s.missing.is_empty() => texts::StandPartly.get(lang).to_owned(),
        Standing::SignedIn { .. } => Text::SignedIn.get(lang).to_owned(),
        Standing::SigningIn => texts::StandSigningIn.get(lang).to_owned(),
        Standing::NotSignedIn { .. } => texts::StandNotSignedIn.get(lang).to_owned(),
        Standing::Failed(reason) => texts::StandFailed.fill(lang, &[("reason", reason)]),
    }
}

fn standing_style(s: &Summary, theme: &Theme) -> Style {
    match &s.standing {
        Standing::SignedIn { reading: false } if s.stale_since.is_some() => theme.warning,
        Standing::SignedIn { reading: false } if !s.missing.is_empty() => theme.warning,
        Standing::SignedIn { reading: false } => theme.good,
        Standing::Failed(_) => theme.error,
        _ => theme.dim,
    }
}

fn profile_row<'a>(s: &Summary, lang: Language, theme: &Theme, widths: &[u16; 9], selected: bool) -> Row<'a> {
    // Not read: a dash; partly read: at least that many, `N+`.
    let count = |n: Option<usize>, reach: Reach, alarm: Style| match (n, reach) {
        (None, _) | (_, Reach::None) => Cell::from("—").style(theme.dim),
        (Some(n), Reach::Some) => Cell::from(format!("{n}+")).style(if n == 0 { theme.dim } else { alarm }),
        (Some(0), Reach::All) => Cell::from("0").style(theme.dim),
        (Some(n), Reach::All) => Cell::from(n.to_string()).style(alarm),
    };
    let c = s.counts;
    let of = |f: fn(&Counts) -> usize| c.as_ref().map(f);
    let [expired, soon, unpaid, waiting] = s.reach;
    let cells = vec![
        // The profile shown, marked.
        Cell::from(if s.shown { "•" } else { " " }),
        Cell::from(columns::text(&s.name, widths[1])),
        Cell::from(columns::middle(&s.host, widths[2])),
        Cell::from(crate::i18n::role(s.role, lang)),
        Cell::from(columns::text(&standing_text(s, lang, SystemTime::now()), widths[4])).style(standing_style(s, theme)),
        count(of(|c| c.expired), expired, theme.expired),
        count(of(|c| c.soon), soon, theme.warning),
        count(of(|c| c.unpaid), unpaid, theme.warning),
        count(of(|c| c.waiting), waiting, theme.warning),
    ];
    let row = Row::new(cells).style(theme.text);
    if selected { row.style(theme.text.patch(theme.selected)) } else { row }
}

/// The line about the selected row: an item's, what `Enter` opens; a profile's, why it
/// failed, what it could not read, what `Enter` does there (and, when it is cut, the key that
/// shows it whole).
fn about_line(frame: &mut Frame, area: Rect, paint: &Paint, around: &Around, state: &OverviewState) {
    let theme = paint.theme;
    let lang = paint.language;
    let Some(s) = state.selected_summary() else { return };
    let key = |action| paint.keymap.label(Context::Overview, action);
    let name: &dyn std::fmt::Display = &s.name;
    let (text, style) = match state.lines.get(state.selected) {
        Some(Line::Item(p, n, _)) => {
            let what = around.radar_item(*p, *n);
            let what = what.map(radar::name_text).unwrap_or_default();
            (texts::AboutItem.fill(lang, &[("key", &key(Action::Open)), ("what", &what), ("name", name)]), theme.dim)
        }
        _ => about_profile(paint, around, s, lang),
    };
    let width = usize::from(area.width.saturating_sub(1));
    let whole = texts::AboutShowKey.fill(lang, &[("key", &key(Action::ShowError))]);
    let text = match s.troubled() && matches!(state.lines.get(state.selected), Some(Line::Profile(_))) {
        true if text.width() > width => format!("{} ({whole})", truncate(&text, width.saturating_sub(whole.width() + 3))),
        _ => truncate(&text, width),
    };
    frame.render_widget(Paragraph::new(TextLine::styled(format!(" {text}"), style)), area);
}

/// The line about a profile's row.
fn about_profile(paint: &Paint, around: &Around, s: &Summary, lang: Language) -> (String, Style) {
    let theme = paint.theme;
    let key = |action| paint.keymap.label(Context::Overview, action);
    let name: &dyn std::fmt::Display = &s.name;
    match &s.standing {
        Standing::Failed(reason) => {
            (texts::AboutFailed.fill(lang, &[("name", name), ("reason", reason), ("key", &key(Action::Refresh))]), theme.error)
        }
        Standing::NotSignedIn { unasked } => {
            let text = if *unasked { texts::AboutUnasked } else { texts::AboutAsks };
            (text.fill(lang, &[("name", name), ("key", &key(Action::Open))]), theme.dim)
        }
        Standing::SigningIn => (texts::AboutSigningIn.fill(lang, &[("name", name)]), theme.dim),
        Standing::SignedIn { reading: true } => (texts::AboutReading.fill(lang, &[("name", name)]), theme.dim),
        Standing::SignedIn { .. } if let Some(age) = stale_age(s, lang, SystemTime::now()) => {
            let text = texts::AboutStale.fill(lang, &[("name", name), ("age", &age), ("key", &key(Action::Refresh))]);
            (text, theme.warning)
        }
        Standing::SignedIn { .. } if !s.missing.is_empty() => (format!("{}: {}", s.name, s.missing.join("; ")), theme.warning),
        Standing::SignedIn { .. } if around.profile_count() == 1 => (Text::OnlyOneProfile.get(lang).to_owned(), theme.dim),
        Standing::SignedIn { .. } if s.shown => {
            (texts::AboutShown.fill(lang, &[("name", name), ("key", &key(Action::Open))]), theme.dim)
        }
        Standing::SignedIn { .. } => (texts::AboutSignedIn.fill(lang, &[("name", name), ("key", &key(Action::Open))]), theme.dim),
    }
}

/// The flagged items of every profile, soonest first.
fn items(frame: &mut Frame, area: Rect, paint: &Paint, around: &Around, state: &OverviewState) {
    let theme = paint.theme;
    let lang = paint.language;
    let found: Vec<(&str, &Item)> = state
        .lines
        .iter()
        .filter_map(|line| match line {
            Line::Item(p, n, _) => {
                let item = around.radar_item(*p, *n)?;
                let name = state.summaries.iter().find(|s| s.profile == *p).map_or("", |s| s.name.as_str());
                Some((name, item))
            }
            Line::Profile(_) => None,
        })
        .collect();
    let busy = |s: &Summary| matches!(s.standing, Standing::SigningIn | Standing::SignedIn { reading: true });
    let title = match found.len() {
        0 if state.summaries.iter().any(busy) => texts::OverviewReading.get(lang).to_owned(),
        0 if state.summaries.iter().all(|s| s.counts.is_none()) => {
            texts::OverviewNothingRead.fill(lang, &[("key", &paint.keymap.label(Context::Overview, Action::Open))])
        }
        0 => texts::OverviewCalm.fill(lang, &[("days", &SOON_DAYS)]),
        n => texts::OverviewFlagged.fill(lang, &[("count", &n)]),
    };
    let block = Block::bordered().title(TextLine::styled(format!(" {title} "), theme.title));
    let height = usize::from(area.height.saturating_sub(3));
    let selected = state.selected.checked_sub(state.summaries.len());
    let offset = selected.map_or(0, |s| s.saturating_sub(height.saturating_sub(1)));
    let inner = area.width.saturating_sub(2);
    let widths = item_widths(&found, lang, inner);
    let worded = radar::worded(inner);
    let rows = found.iter().enumerate().skip(offset).take(height).map(|(i, (profile, item))| {
        let style = radar::style(item, theme);
        let name = match item.kind {
            Kind::Ticket | Kind::Invoice => columns::text(&radar::name_text(item), widths[3]),
            _ => columns::middle(&radar::name_text(item), widths[3]),
        };
        let cells = vec![
            Cell::from("!"),
            Cell::from(columns::text(profile, widths[1])),
            Cell::from(radar::kind_text(item.kind, lang, worded)),
            Cell::from(name),
            Cell::from(radar::expires_text(item, lang)),
            Cell::from(format::days_left_as(item.days_left, lang, worded)),
            Cell::from(columns::text(&item.attention(lang), widths[6])),
        ];
        let row = Row::new(cells).style(style);
        if selected == Some(i) { row.style(style.patch(theme.selected)) } else { row }
    });
    let columns = [Text::RepProfile, Text::ColKind, Text::ColName, Text::ColExpires, Text::ColLeft, Text::ColAttention];
    let header = Row::new([""].into_iter().chain(columns.map(|c| c.get(lang)))).style(theme.dim);
    let table = Table::new(rows, widths.map(Constraint::Length)).header(header).column_spacing(1);
    frame.render_widget(table.flex(ratatui::layout::Flex::Start).block(block), area);
    scrollbar::bar(frame, area, 1, Window { offset, rows: height, total: found.len() }, theme);
    if let Some(at) = selected {
        scrollbar::position(frame, area, at + 1, found.len(), lang, theme);
    }
}

/// The items' columns at `width`: the profile up to a dozen columns, the kind, the date and
/// the days left as wide as they need; the notes, the point of the list, as wide as their
/// widest while the name keeps a dozen columns; the name the rest (up to its widest, what is
/// left over going to the notes).
fn item_widths(found: &[(&str, &Item)], lang: Language, width: u16) -> [u16; 7] {
    let widest = |f: &dyn Fn(&(&str, &Item)) -> usize, head: Text| {
        found.iter().map(f).max().unwrap_or(0).max(head.get(lang).width())
    };
    let worded = radar::worded(width);
    let profile = widest(&|(p, _)| p.width(), Text::RepProfile).min(12);
    let kind = widest(&|(_, i)| radar::kind_text(i.kind, lang, worded).width(), Text::ColKind);
    let expires = widest(&|(_, i)| radar::expires_text(i, lang).width(), Text::ColExpires);
    let left = widest(&|(_, i)| format::days_left_as(i.days_left, lang, worded).width(), Text::ColLeft);
    let name_wanted = widest(&|(_, i)| radar::name_text(i).width(), Text::ColName).min(40);
    let notes_wanted = widest(&|(_, i)| i.attention(lang).width(), Text::ColAttention);
    let room = usize::from(width).saturating_sub(1 + profile + kind + expires + left + 6);
    let notes = notes_wanted.min(room.saturating_sub(12));
    let name = name_wanted.min(room.saturating_sub(notes));
    let notes = room.saturating_sub(name);
    [1, profile, kind, name, expires, left, notes].map(|w| u16::try_from(w).unwrap_or(u16::MAX))
}
