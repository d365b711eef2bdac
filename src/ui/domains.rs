//! The domains screen: every name looked up this session, grouped by status. Only the
//! visible rows are built each frame; grouping and sorting happen in `update`.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Row as TableRow, Table};

use super::widgets::fields;
use super::{clamp_scroll, nothing_shown};
use crate::api::models::{DomainRecord, days_until};
use crate::app::{App, Row};
use crate::format::{countdown, money};
use crate::theme::Theme;

/// Days left at or below which a record is flagged.
pub const SOON_DAYS: i64 = 30;

pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    if let Some(index) = app.domains.detail {
        if let Some(record) = app.domains.records.get(index) {
            return detail(frame, area, app, theme, record);
        }
    }
    if app.domains.names.is_empty() {
        let how = [
            "No domain looked up yet.",
            "",
            "Press / and type a domain name, e.g. example.vn.",
            "(The portal API cannot list all domains.)",
        ];
        return nothing_shown(frame, area, app, theme, &how);
    }
    let block = Block::bordered().title(Line::styled(
        format!(
            " Domains — {} looked up, {} records — Enter opens ",
            app.domains.names.len(),
            app.domains.records.len()
        ),
        theme.title,
    ));
    let inner_rows = area.height.saturating_sub(3) as usize;
    let view = &app.domains;
    let rows: Vec<TableRow> = view
        .rows
        .iter()
        .enumerate()
        .skip(view.offset)
        .take(inner_rows)
        .map(|(i, row)| match row {
            Row::Group { status, count } => {
                TableRow::new(vec![Cell::from(format!("▾ {status} ({count})"))]).style(theme.group)
            }
            Row::Record(r) => record_row(app, theme, &view.records[*r], i == view.selected),
        })
        .collect();
    let widths = [
        Constraint::Min(16),
        Constraint::Length(8),
        Constraint::Length(10),
        Constraint::Length(7),
        Constraint::Length(5),
        Constraint::Length(5),
        Constraint::Length(13),
    ];
    let header = TableRow::new(["NAME", "STATUS", "EXPIRES", "LEFT", "AUTO", "IDP", "RENEWAL"]).style(theme.dim);
    frame.render_widget(Table::new(rows, widths).header(header).block(block), area);
}

fn days_style(theme: &Theme, days: Option<i64>, status: &str) -> Style {
    match days {
        _ if status.eq_ignore_ascii_case("expired") => theme.expired,
        Some(d) if d < 0 => theme.expired,
        Some(d) if d <= SOON_DAYS => theme.warning,
        _ => theme.text,
    }
}

fn record_row<'a>(app: &App, theme: &Theme, r: &'a DomainRecord, selected: bool) -> TableRow<'a> {
    let days = days_until(&r.expires, app.today);
    let left = match days {
        None => "—".to_owned(),
        Some(d) if d < 0 => format!("{d}d"),
        Some(d) if d <= SOON_DAYS => format!("!{d}d"),
        Some(d) => format!("{d}d"),
    };
    let flag = |on: bool| if on { "on" } else { "off" };
    let status_style = match r.status.to_ascii_lowercase().as_str() {
        "active" => theme.good,
        "expired" => theme.expired,
        _ => theme.warning,
    };
    let style = days_style(theme, days, &r.status);
    let autorenew_style = if r.autorenew { theme.text } else { theme.warning };
    let row = TableRow::new(vec![
        Cell::from(format!("  {}", r.name)).style(if style == theme.expired { style } else { theme.text }),
        Cell::from(r.status.as_str()).style(status_style),
        Cell::from(r.expires.as_str()).style(style),
        Cell::from(left).style(style),
        Cell::from(flag(r.autorenew)).style(autorenew_style),
        Cell::from(flag(r.idprotection)),
        Cell::from(Line::from(money(r.recurring_amount, app.language)).right_aligned()),
    ]);
    if selected { row.style(theme.selected) } else { row }
}

fn detail(frame: &mut Frame, area: Rect, app: &App, theme: &Theme, r: &DomainRecord) {
    let lang = app.language;
    let yes_no = |on: bool| if on { "on" } else { "off" }.to_owned();
    let expires = match countdown(&r.expires, app.today) {
        c if c.is_empty() => r.expires.clone(),
        c => format!("{} ({c})", r.expires),
    };
    let pairs: Vec<(&str, String)> = vec![
        ("Status", r.status.clone()),
        ("Record id", r.id.clone()),
        ("Registered", r.date_created.clone()),
        ("Expires", expires),
        ("Period", if r.period.is_empty() { String::new() } else { format!("{} year(s)", r.period) }),
        ("Next due", r.next_due.clone()),
        ("Next invoice", r.next_invoice.clone()),
        ("First payment", money(r.firstpayment, lang)),
        ("Renewal", money(r.recurring_amount, lang)),
        ("Autorenew", yes_no(r.autorenew)),
        ("ID protection", yes_no(r.idprotection)),
    ];
    let mut lines: Vec<Line> = pairs.iter().map(|(k, v)| fields::line(theme, k, v, 13)).collect();
    lines.push(Line::default());
    lines.push(fields::section(theme, format!(" Nameservers ({})", r.nameservers.len())));
    if r.nameservers.is_empty() {
        lines.push(Line::styled("  none set", theme.dim));
    }
    lines.extend(
        r.nameservers.iter().map(|ns| Line::from(vec![Span::raw("  "), Span::styled(ns.as_str(), theme.text)])),
    );
    if !r.extra.is_empty() {
        lines.push(Line::default());
        lines.push(fields::section(theme, " Other fields"));
        lines.extend(r.extra.iter().map(|(k, v)| fields::line(theme, k, v, 13)));
    }
    let days = days_until(&r.expires, app.today);
    let title_style = days_style(theme, days, &r.status).patch(theme.title);
    let block = Block::bordered().title(Line::styled(format!(" {} — Esc back ", r.name), title_style));
    let scroll = clamp_scroll(app.domains.detail_scroll, lines.len(), area.height.saturating_sub(2));
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
}
