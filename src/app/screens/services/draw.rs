//! The services screen: every service grouped by status, due dates flagged; one service's
//! details.

use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Paragraph, Row as TableRow};
use unicode_width::UnicodeWidthStr;

use super::State;

use crate::api::Operation;
use crate::api::models::{Service, ServiceAction, days_until};
use crate::app::screens::Around;
use crate::config::keys::Action;
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::i18n::format;
use crate::paint::Paint;
use crate::paint::columns;
use crate::paint::fields;
use crate::paint::grouped::{self, Column};
use crate::paint::list_not_read;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    let view = &state.browse;
    if let Some(service) = view.open() {
        return detail(frame, area, state, paint, around, service);
    }
    if !view.loaded {
        let upgrades = paint.keyed(texts::ServicesByUpgrades, Action::Go(crate::app::Screen::Upgrades));
        return list_not_read(frame, area, paint, Operation::Services, view.list_error.as_deref(), &[None, Some(upgrades)]);
    }
    let lang = paint.language;
    // Every amount with the account's currency (a service's answer names none).
    let currency = around.screens.account.currency();
    let title = match view.marks.is_empty() {
        true => grouped::title(paint, Text::ScreenServices, &view.list.shown(), view.items.len()),
        false => {
            let marked = view.marks.said(currency, lang);
            grouped::marked_title(paint, Text::ScreenServices, &view.list.shown(), &format::count(view.items.len(), lang), &marked)
        }
    };
    let widest_total = view.widest_figure(lang) + format::currency_width(currency, lang);
    let total_width = columns::fit(Text::ColTotal.get(lang), widest_total, area.width.saturating_sub(2));
    let narrow = area.width < 100;
    // Each text column as wide as its widest entry (the list's, not the screen's: a filter
    // or a scroll never moves them); what is left over stays at the right.
    let widest = |column: usize, header: Text| {
        u16::try_from(view.widest_text(lang, column).max(header.get(lang).width())).unwrap_or(u16::MAX)
    };
    // While any is marked, the names make room for the mark before them.
    let mark_width: u16 = if view.marks.is_empty() { 0 } else { 2 };
    let widest = |column: usize, header: Text| widest(column, header).saturating_add(if column == 0 { mark_width } else { 0 });
    let (name, domain) = (view.widest_text(lang, 0) + usize::from(mark_width), view.widest_text(lang, 1));
    let name_width = if narrow { widest(0, Text::ColName).max(u16::try_from(name + domain + 3).unwrap_or(u16::MAX)) } else { widest(0, Text::ColName) };
    // The due date's header in words where there is room, its short form where not.
    let next_due = if narrow { texts::ColNextDue } else { texts::ColNextDueWide };
    let next_due_width = u16::try_from(next_due.get(lang).width().max(10)).unwrap_or(u16::MAX);
    // Days left in words where there is room (`12 ngày`), short where not.
    let left_width = format::days_left_width_as(lang, !narrow).max(Text::ColLeft.get(lang).width());
    let left_width = u16::try_from(left_width).unwrap_or(u16::MAX);
    let lay = |next_due_width: u16| {
        let columns = [
            Column { header: Text::ColName, width: Constraint::Max(name_width), number: false },
            Column { header: Text::ColDomain, width: Constraint::Length(widest(1, Text::ColDomain).min(32)), number: false },
            Column { header: Text::ColCycle, width: Constraint::Length(widest(2, Text::ColCycle)), number: false },
            Column { header: next_due, width: Constraint::Length(next_due_width), number: false },
            Column { header: Text::ColLeft, width: Constraint::Length(left_width), number: false },
            Column { header: Text::ColTotal, width: Constraint::Length(total_width), number: true },
        ];
        let columns: Vec<Column> = if narrow { vec_without(columns, 1) } else { columns.into() };
        let name_room = |columns: &[Column]| {
            let constraints: Vec<Constraint> = columns.iter().map(|c| c.width).collect();
            columns::layout(area.width.saturating_sub(2), &constraints)[0]
        };
        let mut without: Vec<Column> = columns.clone();
        without.retain(|c| c.header != Text::ColCycle);
        // The cycle goes (the detail says it) where the names would get less than a
        // group's title with it, or where it would cut a name that is whole without it.
        let others: u16 = columns[1..].iter().map(|c| if let Constraint::Length(w) = c.width { w + 1 } else { 1 }).sum();
        let free = area.width.saturating_sub(2 + others);
        let with_cycle = free >= 24 && (name_room(&columns) >= name_width || name_room(&without) < name_width);
        let columns = if with_cycle { columns } else { without };
        let name_whole = name_room(&columns) >= name_width;
        (columns, with_cycle, name_whole)
    };
    // A service pending cancellation says `cancels 2026-12-04` in the date's column where
    // that wider column cuts no name; where it would, the day there and `ends` where the
    // countdown would be.
    let cancels = view.items.iter().filter(|s| s.cancelling()).map(|s| cancels_text(s, lang).width()).max();
    let (columns, with_cycle, worded_cancel) = match cancels.map(|w| lay(next_due_width.max(u16::try_from(w).unwrap_or(u16::MAX)))) {
        Some((columns, with_cycle, true)) => (columns, with_cycle, true),
        _ => {
            let (columns, with_cycle, _) = lay(next_due_width);
            (columns, with_cycle, false)
        }
    };
    grouped::draw(frame, area, paint, (&view.list.shown(), title, &columns), |i, selected, widths| {
        let s = &view.items[i];
        let days = days_until(s.due(), paint.today);
        let style = due_style(theme, days, s);
        let marked = view.is_marked(i);
        let mark = crate::app::marks::with_mark(&view.marks, marked, String::new());
        let room = widths[0].saturating_sub(u16::try_from(mark.width()).unwrap_or(0));
        let name = match &s.unreadable {
            Some(_) => columns::text(&format!("#{} {}", s.id, Text::Unreadable.get(lang)), room),
            None if narrow => name_and_domain(&s.name, &s.domain, room),
            None => columns::text(&s.name, room),
        };
        let name_style = if marked { theme.good } else { ratatui::style::Style::default() };
        let mut cells = vec![Cell::from(format!("{mark}{name}")).style(name_style)];
        if !narrow {
            cells.push(Cell::from(columns::middle(&s.domain, widths[1])));
        }
        if with_cycle {
            let at = cells.len();
            cells.push(Cell::from(columns::text(&crate::i18n::cycle(&s.billingcycle, lang), widths[at])));
        }
        // Nothing more to pay on a service pending cancellation: when it ends, no countdown.
        let dated = match (s.cancelling(), worded_cancel) {
            (true, true) => [cancels_text(s, lang), String::new()],
            (true, false) => [cancel_date(s, lang), texts::ServiceEnds.get(lang).to_owned()],
            (false, _) => [format::date(s.due(), lang), format::days_left_as(days, lang, !narrow)],
        };
        let at = cells.len();
        cells.extend(dated.iter().zip(&widths[at..]).map(|(t, w)| Cell::from(columns::text(t, *w)).style(style)));
        let total = format::money_in(s.total, currency, lang);
        cells.push(Cell::from(columns::number(total, widths[widths.len() - 1])));
        let row = TableRow::new(cells);
        if selected { row.style(theme.selected) } else { row }
    });
    if let Some(reason) = &view.list_error {
        crate::paint::list_failed_below(frame, area, paint, reason);
    }
    if let Some(s) = view.selected() {
        when_dialog(frame, area, state, paint, s);
    }
}

/// `cancels 2026-12-04`, for a service pending cancellation.
fn cancels_text(s: &Service, lang: crate::api::Language) -> String {
    s.cancellation.as_ref().map(|p| crate::i18n::cancels(p, &s.next_due, lang)).unwrap_or_default()
}

/// The day a service pending cancellation ends (its detail says it in words), `—` when
/// the portal says none.
fn cancel_date(s: &Service, lang: crate::api::Language) -> String {
    let date = s.cancellation.as_ref().map_or("", |p| p.date.trim());
    match [date, s.next_due.trim()].into_iter().find(|d| !d.is_empty()) {
        Some(date) => format::date(date, lang),
        None => "—".to_owned(),
    }
}

/// The dialog choosing when `s` ends, when it is being cancelled (from the list or its
/// detail).
fn when_dialog(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, s: &Service) {
    let view = state;
    if let Some(cancelling) = view.cancelling.as_ref().filter(|c| c.choosing && s.number() == Some(c.id)) {
        cancel_when(frame, area, paint, s, cancelling.now);
    }
}

/// `Cloud VPS VN-2 (phosaigon.vn)` in `width` columns: the name is cut before the domain
/// is, and then the domain in its middle; always with an ellipsis.
fn name_and_domain(name: &str, domain: &str, width: u16) -> String {
    if domain.is_empty() {
        return columns::text(name, width);
    }
    let whole = format!("{name} ({domain})");
    if whole.width() <= usize::from(width) {
        return whole;
    }
    let room = usize::from(width).saturating_sub(domain.width() + 3);
    if room >= 6 {
        let name = columns::text(name, u16::try_from(room).unwrap_or(u16::MAX));
        return format!("{name} ({domain})");
    }
    columns::middle(&whole, width)
}

fn vec_without<T, const N: usize>(items: [T; N], at: usize) -> Vec<T> {
    items.into_iter().enumerate().filter(|(i, _)| *i != at).map(|(_, t)| t).collect()
}

/// Overdue in the expired colour, due soon in the warning colour; only for running services
/// with no cancellation requested (nothing more is due of those).
fn due_style(theme: &Theme, days: Option<i64>, service: &Service) -> ratatui::style::Style {
    let running = ["active", "suspended"].iter().any(|s| service.status.eq_ignore_ascii_case(s));
    if running && !service.cancelling() { crate::paint::days_style(theme, days) } else { theme.text }
}

fn detail(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around, s: &Service) {
    let theme = paint.theme;
    let lang = paint.language;
    let pairs = crate::i18n::details::service_fields(s, lang, paint.today, around.screens.account.currency());
    let password = s.password.get().map(|_| Text::LabelPassword.get(lang).width());
    let width = pairs.iter().map(|(k, _)| k.width()).chain(password).max().unwrap_or(0);
    let mut lines: Vec<Line> = pairs.iter().map(|(k, v)| fields::line(theme, k, v, width)).collect();
    if s.password.get().is_some() {
        lines.push(password_line(state, paint, width));
    }
    if let Some(reason) = &s.unreadable {
        lines.push(Line::styled(Text::UnreadableRecord.fill(lang, &[("reason", reason)]), theme.warning));
    }
    lines.push(Line::default());
    let upgrades = paint.keyed(texts::ServiceUpgradesKey, Action::ShowUpgrades);
    lines.push(Line::styled(format!("  {upgrades}"), theme.dim));
    if s.is_certificate() {
        lines.push(Line::styled(
            format!("  {}", paint.keyed(texts::ServiceCertificateKey, Action::ShowCertificate)),
            theme.dim,
        ));
    }
    let view = state;
    let route = paint.offers(Operation::ServiceMethods);
    let offered = |action| view.offered(s, action, route) == Some(true);
    if s.cancelling() {
        // Why `x` is not offered: the portal refuses a second request.
        lines.push(Line::styled(format!("  {}", paint.keyed(texts::ServiceCancelPendingLine, Action::CancelService)), theme.dim));
    } else if offered(ServiceAction::Cancel) && !s.has_ended() {
        lines.push(Line::styled(format!("  {}", paint.keyed(texts::ServiceCancelKey, Action::CancelService)), theme.dim));
    }
    if offered(ServiceAction::Label) {
        lines.push(Line::styled(format!("  {}", paint.keyed(texts::ServiceLabelKey, Action::LabelService)), theme.dim));
    }
    if let Some(e) = &state.browse.detail_error {
        lines.push(Line::default());
        lines.push(Line::styled(format!("  {e}"), theme.warning));
    }
    if !s.extra.is_empty() {
        lines.push(Line::default());
        lines.push(fields::section(theme, format!(" {}", Text::OtherFieldsPlain.get(lang))));
        lines.extend(s.extra.iter().map(|(k, v)| fields::line(theme, &crate::i18n::field_label(k, lang), v, width)));
    }
    let title = format!(" {} #{} — {} ", s.name, s.id, paint.keyed(Text::EscBack, Action::Back));
    let style = due_style(theme, days_until(s.due(), paint.today), s).patch(theme.title);
    let block = Block::bordered().title(Line::styled(title, style));
    let total = lines.len();
    let scroll = state.browse.detail_scroll.fit(total, area.height.saturating_sub(2).into());
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
    crate::paint::document_bar(frame, area, theme, scroll, total);
    when_dialog(frame, area, state, paint, s);
}

/// The service's password: hidden until `w` shows it, as a domain's transfer code is.
fn password_line<'a>(state: &State, paint: &Paint, width: usize) -> Line<'a> {
    use secrecy::ExposeSecret;
    let (theme, lang) = (paint.theme, paint.language);
    let label = Text::LabelPassword.get(lang);
    let key = paint.key(Action::ShowPassword);
    match state.password_shown() {
        Some(password) => {
            let mut line = fields::line(theme, label, password.expose_secret(), width);
            line.push_span(ratatui::text::Span::styled(format!("  {}", texts::PasswordShown.fill(lang, &[("key", &key)])), theme.dim));
            line
        }
        None => {
            let mut line = fields::line(theme, label, texts::PasswordHidden.fill(lang, &[("key", &key)]), width);
            if let Some(hint) = line.spans.last_mut() {
                hint.style = theme.dim;
            }
            line
        }
    }
}

/// The dialog choosing when a cancelled service ends: at the end of its billing period
/// (first, the default) or now; the keys named are the keymap's.
fn cancel_when(frame: &mut Frame, area: Rect, paint: &Paint, s: &Service, now: bool) {
    let theme = paint.theme;
    let lang = paint.language;
    let end = match s.next_due.trim() {
        "" => texts::CancelOptionEndNoDate.get(lang).to_owned(),
        due if crate::api::models::days_until(due, paint.today).is_some_and(|days| days < 0) => {
            texts::CancelOptionEndPast.fill(lang, &[("date", &format::date(due, lang))])
        }
        due => texts::CancelOptionEnd.fill(lang, &[("date", &format::date(due, lang))]),
    };
    let option = |chosen: bool, text: String| {
        let (mark, style) = if chosen { ("(•) ", theme.selected) } else { ("( ) ", theme.text) };
        Line::styled(format!("{mark}{text}"), style)
    };
    let moves = format!("{}/{}", paint.key(Action::Up), paint.key(Action::Down));
    let (open, back) = (paint.key(Action::Open), paint.key(Action::Back));
    let keys = texts::CancelWhenKeys.fill(lang, &[("move", &moves), ("open", &open), ("back", &back)]);
    let lines = vec![
        option(!now, end),
        option(now, texts::CancelOptionNow.get(lang).to_owned()),
        Line::default(),
        Line::styled(keys, theme.dim),
    ];
    let title = texts::CancelWhenTitle.fill(lang, &[("id", &s.id), ("name", &s.name)]);
    let width = area.width.saturating_sub(4).min(76);
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let wrapped: usize = lines.iter().map(|l| l.width().max(1).div_ceil(inner)).sum();
    let rect = crate::paint::centered(area, width, u16::try_from(wrapped + 2).unwrap_or(u16::MAX));
    frame.render_widget(ratatui::widgets::Clear, rect);
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    frame.render_widget(Paragraph::new(lines).wrap(ratatui::widgets::Wrap { trim: false }).block(block), rect);
}
