//! The radar: every watched domain registration and certificate, soonest expiry first,
//! with what needs attention said in words and in colour.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Row, Table};
use unicode_width::UnicodeWidthStr;

use super::nothing_shown;
use crate::app::{App, RADAR_DAYS};
use crate::radar::{Flag, Item, Kind};
use crate::theme::Theme;

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let items = &app.watch.items;
    if items.is_empty() {
        let how = [
            "Nothing watched yet.",
            "",
            "Press a on a domain, a certificate or a service to watch it;",
            "watched items are fetched at every login and listed here by expiry.",
        ];
        return nothing_shown(frame, area, app, theme, &how);
    }
    let flagged = items.iter().filter(|i| i.is_flagged()).count();
    let title = match flagged {
        0 => format!(" Radar — {} watched, nothing needs attention (≤ {RADAR_DAYS} days) ", items.len()),
        n => format!(" Radar — {n} of {} need attention (≤ {RADAR_DAYS} days) ", items.len()),
    };
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let height = area.height.saturating_sub(3) as usize;
    let selected = app.watch.selected;
    let offset = selected.saturating_sub(height.saturating_sub(1));
    let rows: Vec<Row> =
        items.iter().enumerate().skip(offset).take(height).map(|(i, item)| row(item, theme, i == selected)).collect();
    let name_width = items.iter().map(|i| i.name.width().max(i.id.len() + 1)).max().unwrap_or(4).clamp(4, 24);
    let widths = [
        Constraint::Length(1),
        Constraint::Length(4),
        Constraint::Length(name_width as u16),
        Constraint::Length(7),
        Constraint::Length(10),
        Constraint::Length(9),
        Constraint::Min(12),
    ];
    let header = Row::new(["", "KIND", "NAME", "STATUS", "EXPIRES", "LEFT", "ATTENTION"]).style(theme.dim);
    frame.render_widget(Table::new(rows, widths).header(header).column_spacing(1).block(block), area);
}

fn row<'a>(item: &'a Item, theme: &Theme, selected: bool) -> Row<'a> {
    let style = if item.flags.iter().any(|f| matches!(f, Flag::Expired | Flag::LookupFailed)) {
        theme.expired
    } else if item.is_flagged() {
        theme.warning
    } else if item.superseded {
        theme.dim
    } else {
        theme.text
    };
    let kind = match item.kind {
        Kind::Domain => "dom",
        Kind::Certificate => "cert",
    };
    let name = if item.name.is_empty() { format!("#{}", item.id) } else { item.name.clone() };
    let expires = item.expires.get(..10).unwrap_or(&item.expires).to_owned();
    let cells = vec![
        Cell::from(if item.is_flagged() { "!" } else { " " }),
        Cell::from(kind),
        Cell::from(name),
        Cell::from(item.status.clone()),
        Cell::from(expires),
        Cell::from(item.left()),
        Cell::from(item.attention()),
    ];
    let row = Row::new(cells).style(style);
    if selected { row.style(style.patch(theme.selected)) } else { row }
}
