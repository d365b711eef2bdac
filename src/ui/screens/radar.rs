//! The radar: every watched domain registration and certificate, soonest expiry first,
//! with what needs attention said in words and in colour.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Row, Table};
use unicode_width::UnicodeWidthStr;

use crate::app::App;
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::format;
use crate::i18n::{Language, Text};
use crate::radar::SOON_DAYS;
use crate::radar::{Flag, Item, Kind};
use crate::ui::widgets::scrollbar::{self, Window};
use crate::ui::{nothing_shown, said};

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let items = &app.profile().screens.radar.items;
    if items.is_empty() {
        // `a` is bound where there is something to watch: the domains screen says which key.
        let watch = Text::PressAToWatch
            .fill(app.profile().language, &[("key", &app.keymap.label(Context::Domains, Action::Watch))]);
        let how = [said(app, Text::NothingWatched), None, Some(watch), said(app, Text::WatchedFetched)];
        return nothing_shown(frame, area, app, theme, &how);
    }
    let flagged = items.iter().filter(|i| i.is_flagged()).count();
    let lang = app.profile().language;
    let count = items.len();
    let title = match flagged {
        0 => Text::RadarCalm.fill(lang, &[("count", &count), ("days", &SOON_DAYS)]),
        n => Text::RadarFlagged.fill(lang, &[("flagged", &n), ("count", &count), ("days", &SOON_DAYS)]),
    };
    let title = format!(" {title} ");
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let height = area.height.saturating_sub(3) as usize;
    let selected = app.profile().screens.radar.selected;
    let offset = selected.saturating_sub(height.saturating_sub(1));
    let name_width = items.iter().map(|i| i.name.width().max(i.id.len() + 1)).max().unwrap_or(4).clamp(4, 24);
    let status_width = items
        .iter()
        .map(|i| crate::i18n::status(&i.status, lang).width())
        .chain([Text::ColStatus.get(lang).width()])
        .max()
        .unwrap_or(7)
        .clamp(6, 14);
    let left_width = items.iter().map(|i| i.left(lang).width()).max().unwrap_or(9).max(9);
    // Columns by priority: the status goes only when the attention notes would have less
    // than a useful room left; the notes are then cut with an ellipsis, never mid-word
    // without one.
    const NOTES_MIN: usize = 12;
    let fixed = 1 + 4 + name_width + 10 + left_width + 6 + 2;
    let width = area.width as usize;
    let status_width = if fixed + status_width + 1 + NOTES_MIN > width { 0 } else { status_width };
    let notes_room = width.saturating_sub(fixed + status_width);
    let rows: Vec<Row> = items
        .iter()
        .enumerate()
        .skip(offset)
        .take(height)
        .map(|(i, item)| row(item, theme, i == selected, lang, notes_room))
        .collect();
    let widths = [
        Constraint::Length(1),
        Constraint::Length(4),
        Constraint::Length(name_width as u16),
        Constraint::Length(status_width as u16),
        Constraint::Length(10),
        Constraint::Length(left_width as u16),
        Constraint::Min(12),
    ];
    let columns = [Text::ColKind, Text::ColName, Text::ColStatus, Text::ColExpires, Text::ColLeft, Text::ColAttention];
    let header = Row::new([""].into_iter().chain(columns.map(|c| c.get(lang)))).style(theme.dim);
    frame.render_widget(Table::new(rows, widths).header(header).column_spacing(1).block(block), area);
    scrollbar::bar(frame, area, 1, Window { offset, rows: height, total: items.len() }, theme);
    scrollbar::position(frame, area, selected + 1, items.len(), lang, theme);
}

fn row<'a>(item: &'a Item, theme: &Theme, selected: bool, lang: Language, notes_room: usize) -> Row<'a> {
    let style = if item.flags.iter().any(|f| matches!(f, Flag::Expired | Flag::LookupFailed | Flag::Overdue)) {
        theme.expired
    } else if item.is_flagged() {
        theme.warning
    } else if item.superseded {
        theme.dim
    } else {
        theme.text
    };
    let kind = match item.kind {
        Kind::Domain => Text::KindDomain,
        Kind::Certificate => Text::KindCertificate,
        Kind::Service => Text::KindService,
        Kind::Invoice => Text::KindInvoice,
        Kind::Ticket => Text::KindTicket,
    }
    .get(lang);
    let name = if item.name.is_empty() { format!("#{}", item.id) } else { item.name.to_string() };
    let expires = format::date(item.expires.get(..10).unwrap_or(&item.expires), lang);
    let cells = vec![
        Cell::from(if item.is_flagged() { "!" } else { " " }),
        Cell::from(kind),
        Cell::from(name),
        Cell::from(crate::i18n::status(&item.status, lang).into_owned()),
        Cell::from(expires),
        Cell::from(item.left(lang)),
        Cell::from(crate::ui::widgets::status_bar::truncate(&item.attention(lang), notes_room)),
    ];
    let row = Row::new(cells).style(style);
    if selected { row.style(style.patch(theme.selected)) } else { row }
}
