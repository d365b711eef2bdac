//! The plan: the profiles' table (what falls due in each, its credit, what that leaves
//! short), the items soonest first (date, what, name, profile, amount; a registration's
//! autorenew, what is already on an invoice; a scrollbar and the item's place when they do
//! not all fit), and the totals month by month on the last lines, wrapped between months. The title says the window; the items' title, while some profile is read, how far
//! reading them has come and which one is read, and how many are marked and what they add
//! up to, each marked name its `✓`.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line as TextLine;
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};
use unicode_width::UnicodeWidthStr;

use super::texts;
use crate::api::Money;
use crate::app::screens::Around;
use crate::app::screens::plan::{PlanState, ProfilePlan};
use crate::i18n::{Language, format};
use crate::paint::Paint;
use crate::paint::columns::truncate;
use crate::paint::scrollbar::{self, Window};
use crate::plan::{Kind, Total};

pub fn draw(frame: &mut Frame, area: Rect, state: &PlanState, paint: &Paint, _around: &Around) {
    let table = u16::try_from(state.profiles.len() + 3).unwrap_or(u16::MAX).min(area.height / 2);
    let months = month_lines(state, paint.language, usize::from(area.width));
    let height = u16::try_from(months.len()).unwrap_or(u16::MAX).min(area.height / 4).max(1);
    let [top, rest, bottom] =
        Layout::vertical([Constraint::Length(table), Constraint::Min(0), Constraint::Length(height)]).areas(area);
    profiles(frame, top, paint, state);
    items(frame, rest, paint, state);
    frame.render_widget(Paragraph::new(months.into_iter().map(TextLine::from).collect::<Vec<_>>()).style(paint.theme.dim), bottom);
}

/// The sums of one currency's totals, `—` when not known.
fn sum(totals: &[Total], currency: &str, language: Language) -> String {
    let total = totals.iter().find(|t| t.currency.eq_ignore_ascii_case(currency)).map_or(Some(Money::ZERO), |t| t.amount);
    let mut said = total.map_or_else(|| "—".to_owned(), |m| format::money_in(m, currency, language));
    for other in totals.iter().filter(|t| !t.currency.eq_ignore_ascii_case(currency)) {
        said += &format!(" + {}", other.amount.map_or_else(|| "—".to_owned(), |m| format::money_in(m, &other.currency, language)));
    }
    said
}

fn profiles(frame: &mut Frame, area: Rect, paint: &Paint, state: &PlanState) {
    let (theme, lang) = (paint.theme, paint.language);
    let until = format::date(&(paint.today + time::Duration::days(state.within)).to_string(), lang);
    let title = texts::PlanTitle.fill(lang, &[("until", &until), ("days", &state.within)]);

    let block = Block::bordered().title(TextLine::styled(format!(" {title} "), theme.title));
    let head = [texts::PlanColProfile, texts::PlanColDue, texts::PlanColCredit, texts::PlanColShort];
    let header = Row::new(head.map(|t| Cell::from(t.get(lang)))).style(theme.dim);
    let rows = state.profiles.iter().map(|p| profile_row(p, paint));
    let widths = [Constraint::Length(12), Constraint::Fill(1), Constraint::Length(17), Constraint::Length(15)];
    frame.render_widget(Table::new(rows, widths).header(header).block(block), area);
}

fn profile_row<'a>(p: &ProfilePlan, paint: &Paint) -> Row<'a> {
    let (theme, lang) = (paint.theme, paint.language);
    let money = |m: Option<Money>| m.map_or_else(|| "—".to_owned(), |m| format::money_in(m, &p.currency, lang));
    if let Some(note) = &p.note {
        return Row::new([Cell::from(p.name.clone()), Cell::from(note.clone()).style(theme.dim)]);
    }
    if !p.read {
        let not_read = texts::PlanNotRead.get(lang);
        return Row::new([Cell::from(p.name.clone()), Cell::from(not_read).style(theme.dim)]);
    }
    let short = match p.short {
        Some(short) if short.is_zero() => Cell::from(texts::PlanCovered.get(lang)).style(theme.good),
        Some(short) => Cell::from(money(Some(short))).style(theme.warning),
        None => Cell::from("—"),
    };
    Row::new([
        Cell::from(p.name.clone()),
        Cell::from(sum(&p.totals, &p.currency, lang)),
        Cell::from(money(p.credit)),
        short,
    ])
}

fn items(frame: &mut Frame, area: Rect, paint: &Paint, state: &PlanState) {
    let (theme, lang) = (paint.theme, paint.language);
    let mut title = texts::PlanItems.fill(lang, &[("count", &state.items.len())]);
    // Until every profile has answered: how far reading them has come, and which one is read.
    let (read, total) = state.read;
    if let Some(reading) = state.profiles.iter().find(|p| !p.read && p.note.is_none()).filter(|_| read < total) {
        let fill: [(&str, &dyn std::fmt::Display); 3] = [("read", &read), ("total", &total), ("name", &reading.name)];
        title += &format!(" — {}", crate::i18n::Text::ReadingProfiles.fill(lang, &fill));
    }
    if !state.marks.is_empty() {
        let account = state.profiles.first().map_or("", |p| p.currency.as_str());
        title += &format!(" — {}", state.marks.said(account, lang));
    }
    let block = Block::bordered().title(TextLine::styled(format!(" {title} "), theme.title));
    if state.items.is_empty() {
        let said = texts::PlanNothing.fill(lang, &[("days", &state.within)]);
        frame.render_widget(Paragraph::new(said).style(theme.dim).block(block), area);
        return;
    }
    let head = [texts::PlanColDate, texts::PlanColWhat, texts::PlanColName, texts::PlanColProfile, texts::PlanColAmount];
    let header = Row::new(head.map(|t| Cell::from(t.get(lang)))).style(theme.dim);
    let visible = usize::from(area.height.saturating_sub(3));
    let offset = state.selected.saturating_sub(visible.saturating_sub(1));
    let name_of = |profile| state.profiles.iter().find(|p| p.profile == profile).map_or("", |p| p.name.as_str());
    let rows = state.items.iter().enumerate().skip(offset).take(visible).map(|(at, (profile, due))| {
        let kind = match due.kind {
            Kind::Domain => texts::PlanKindDomain,
            Kind::Service => texts::PlanKindService,
            Kind::Invoice => texts::PlanKindInvoice,
        };
        let mut amount = due.amount.map_or_else(|| "—".to_owned(), |m| format::money_in(m, &due.currency, lang));
        if due.invoiced {
            amount = format!("({})", texts::PlanInvoiced.get(lang));
        } else if due.autorenew == Some(true) {
            amount += &format!(" · {}", texts::PlanAutorenew.get(lang));
        }
        let late = due.date < paint.today;
        let date = Cell::from(format::date(&due.date.to_string(), lang)).style(if late { theme.expired } else { theme.text });
        // A marked item's name begins with its mark (seen without colour), in the colour of
        // the lists' marked rows.
        let marked = state.marks.is_marked(at);
        let room = if state.marks.is_empty() { 24 } else { 22 };
        let name = crate::app::marks::with_mark(&state.marks, marked, truncate(&due.name, room));
        let name = Cell::from(name).style(if marked { theme.good } else { ratatui::style::Style::default() });
        let row = Row::new([
            date,
            Cell::from(kind.get(lang)),
            name,
            Cell::from(name_of(*profile).to_owned()),
            Cell::from(amount),
        ]);
        if at == state.selected { row.style(theme.selected) } else { row }
    });
    let widths = [
        Constraint::Length(10),
        Constraint::Length(8),
        Constraint::Fill(2),
        Constraint::Length(10),
        Constraint::Fill(2),
    ];
    frame.render_widget(Table::new(rows, widths).header(header).block(block), area);
    // More than fits: where the view is on the right border, the item's place on the bottom.
    let theme = paint.theme;
    scrollbar::bar(frame, area, 1, Window { offset, rows: visible, total: state.items.len() }, theme);
    scrollbar::position(frame, area, state.selected + 1, state.items.len(), lang, theme);
}

/// The totals month by month, each month whole, as many on a line as fit in `width`
/// columns (the first line says what they are): `2026-12 5,878,000 VND`, `12/2026
/// 5.878.000 ₫` in Vietnamese as its dates are written.
fn month_lines(state: &PlanState, lang: Language, width: usize) -> Vec<String> {
    let currency = state.profiles.first().map_or("", |p| p.currency.as_str());
    let said = format!(" {}: ", texts::PlanByMonth.get(lang));
    // A line after the first begins under the first month.
    let indent = " ".repeat(said.width());
    let mut lines = vec![said];
    for (at, m) in state.months.iter().enumerate() {
        let month = format!("{} {}", format::month(&m.month, lang), sum(&m.totals, currency, lang));
        let line = lines.last_mut().expect("a line");
        let joined = if at == 0 { format!("{line}{month}") } else { format!("{line} · {month}") };
        if at == 0 || joined.width() <= width {
            *line = joined;
        } else {
            lines.push(format!("{indent}{month}"));
        }
    }
    lines
}
