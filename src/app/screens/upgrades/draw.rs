//! The upgrade picker: radio lists per resource and live, exact totals; the portal's
//! estimate once asked for, how to order, and the summary to copy or save.

use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::State;

use crate::app::screens::Around;
use crate::api::Quantity;
use crate::config::keys::Action;
use crate::i18n::Text;
use crate::i18n::format::{money_delta_in, money_in, total_in};
use crate::paint::Paint;
use crate::paint::{clamp_scroll, nothing_shown};

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    let view = state;
    let Some(options) = &view.options else {
        let how = [paint.said(texts::NoService), None, Some(paint.keyed(texts::PressSlashService, Action::Lookup))];
        if let (Some(failed), Some(id)) = (&view.failed, view.service_id) {
            let reason = format!("#{id}: {}", crate::i18n::api_error(failed, paint.language));
            return crate::paint::list_failed(frame, area, paint, &reason, &how[1..]);
        }
        return nothing_shown(frame, area, paint, &how);
    };
    let lang = paint.language;
    let wide = area.width >= 100;
    let totals = view.totals();
    let recurring = view.recurring(view.service_total(&around.screens.services.browse.items));
    let currency = around.screens.account.currency();
    let sums = [
        format!("{}  ", recurring.label.get(lang)),
        total_in(recurring.before, currency, lang),
        " → ".to_owned(),
        total_in(recurring.after, currency, lang),
        format!("  ({})", money_delta_in(recurring.delta, currency, lang)),
    ];
    // Beside the list, the summary is as wide as its sums' line (44 columns at least),
    // while the list keeps 50.
    let summary_width = (sums.iter().map(|s| s.width()).sum::<usize>() + 2).max(44);
    let summary_width = u16::try_from(summary_width).unwrap_or(u16::MAX).min(area.width.saturating_sub(50));
    let [list_area, summary_area] = if wide {
        Layout::horizontal([Constraint::Min(50), Constraint::Length(summary_width)]).areas(area)
    } else {
        Layout::vertical([Constraint::Min(5), Constraint::Length(8)]).areas(area)
    };

    let cursor_line = view.lines().get(view.cursor).copied();
    // Prices line up as wide as the widest; a name gives way (with an ellipsis) before a
    // price is cut at the edge.
    let items = || options.resources.iter().flat_map(|r| &r.items);
    // Every amount with the account's currency (the options name none).
    let currency = around.screens.account.currency();
    let amount = |m| money_in(m, currency, lang);
    let price_width = items().map(|i| amount(i.price).width()).max().unwrap_or(0).max(14);
    let name_width = items().map(|i| i.name.width()).max().unwrap_or(0).max(18);
    let inner = usize::from(list_area.width.saturating_sub(2));
    let mut lines: Vec<Line> = Vec::new();
    let mut cursor_row = 0;
    for (ri, resource) in options.resources.iter().enumerate() {
        if let Some(q) = view.quantity(ri) {
            let here = cursor_line.is_some_and(|(r, _)| r == ri);
            if here {
                cursor_row = lines.len() + 1;
            }
            lines.extend(quantity_lines(paint, around, (resource, q), here, (price_width, inner)));
            continue;
        }
        let read_only = !resource.is_choice();
        let suffix = if read_only {
            format!("  {}", Text::ReadOnly.fill(lang, &[("kind", &resource.kind)]))
        } else {
            String::new()
        };
        lines.push(Line::from(vec![Span::styled(resource.name.clone(), theme.title), Span::styled(suffix, theme.dim)]));
        for (ii, item) in resource.items.iter().enumerate() {
            let chosen = view.chosen.get(ri).copied().flatten() == Some(ii);
            let mark = match (read_only, chosen) {
                (true, _) => "  ·",
                (false, true) => "(•)",
                (false, false) => "( )",
            };
            let here = cursor_line == Some((ri, ii));
            if here {
                cursor_row = lines.len();
            }
            let price = amount(item.price);
            // A space at least between a name and its price.
            let price = format!(" {}{price}", " ".repeat(price_width - price.width()));
            let setup = if item.setup_price.is_zero() {
                String::new()
            } else {
                format!("  {}", texts::Setup.fill(lang, &[("amount", &amount(item.setup_price))]))
            };
            let current = if item.selected { format!("  {}", texts::Current.get(lang)) } else { String::new() };
            let name_room = name_width.min(inner.saturating_sub(7 + price_width + setup.width() + current.width()));
            let name = crate::paint::columns::text(&item.name, u16::try_from(name_room).unwrap_or(u16::MAX));
            // A choice already requested says when (and the invoice), not as unsent.
            let (current, current_style) = match view.requested_now() {
                _ if item.selected => (format!("  {}", texts::Current.get(lang)), theme.good),
                Some(requested) if chosen => (format!("  {}", requested.mark(lang)), theme.warning),
                _ => (String::new(), theme.good),
            };
            let line = Line::from(vec![
                Span::styled(format!("  {mark} "), if chosen { theme.key } else { theme.dim }),
                Span::styled(crate::paint::fields::pad(&name, name_room), theme.text),
                Span::styled(price, theme.text),
                Span::styled(setup, theme.dim),
                Span::styled(current, current_style),
            ]);
            lines.push(if here { line.style(theme.selected) } else { line });
        }
        lines.push(Line::default());
    }
    let height = list_area.height.saturating_sub(2);
    // Scroll only as far as needed to keep the cursor (and the line after it) in view; on
    // the last choice, on to the end, so the read-only resources after it show too. The
    // cursor's own row always stays in view.
    let last_choice = view.cursor + 1 >= view.lines().len();
    let bottom = if last_choice { lines.len() } else { cursor_row + 2 };
    let scroll = clamp_scroll(bottom.saturating_sub(height as usize), lines.len(), height).min(cursor_row as u16);
    let id = view.service_id.unwrap_or_default();
    let mut title = match view.service_name(&around.screens.services.browse.items) {
        Some(name) => format!(" {} ", texts::UpgradeTitleNamed.fill(lang, &[("name", &name), ("id", &id)])),
        None => format!(" {} ", texts::ServiceTitle.fill(lang, &[("id", &id)])),
    };
    if view.service_id.is_some_and(|id| around.screens.radar.list.services.contains(&id)) {
        title += &format!("— {} ", Text::WatchedTitle.get(lang));
    }
    // A long name's title ends in an ellipsis, never cut at the border unseen.
    let title = crate::paint::columns::text(&title, list_area.width.saturating_sub(2));
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let length = lines.len();
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), list_area);
    crate::paint::document_bar(frame, list_area, theme, scroll, length);

    let delta_style = match recurring.delta {
        Some(delta) if delta.is_zero() => theme.dim,
        Some(delta) if delta.is_negative() => theme.good,
        _ => theme.warning,
    };
    let summary = vec![
        Line::from(vec![
            Span::styled(format!("{}  ", recurring.label.get(lang)), theme.dim),
            Span::styled(total_in(recurring.before, currency, lang), theme.text),
            Span::styled(" → ", theme.dim),
            Span::styled(total_in(recurring.after, currency, lang), theme.title),
            Span::styled(format!("  ({})", money_delta_in(recurring.delta, currency, lang)), delta_style),
        ]),
        Line::from(vec![
            Span::styled(format!("{}  ", Text::LabelOneTimeSetup.get(lang)), theme.dim),
            Span::styled(total_in(totals.setup, currency, lang), theme.text),
        ]),
        Line::default(),
        order_line(state, paint, around),
        Line::from(vec![
            Span::styled(paint.key(Action::Copy), theme.key),
            Span::styled(format!(" {}  ", texts::CopySummary.get(lang)), theme.dim),
            Span::styled(paint.key(Action::Save), theme.key),
            Span::styled(format!(" {}", Text::SaveSummary.get(lang)), theme.dim),
        ]),
    ];
    let title = if view.has_changes() { texts::ChangeSummary } else { texts::NoChangeYet };
    let block = Block::bordered().title(Line::styled(format!(" {} ", title.get(lang)), theme.title));
    frame.render_widget(Paragraph::new(summary).wrap(Wrap { trim: true }).block(block), summary_area);
}

/// A quantity resource: its name and the quantities it takes (and, under the cursor, how
/// to set one), then `[ 2 ] IPv4   80,000 VND each   now 0`.
fn quantity_lines(
    paint: &Paint,
    around: &Around,
    (resource, q): (&crate::api::models::UpgradeResource, Quantity),
    here: bool,
    (price_width, inner): (usize, usize),
) -> Vec<Line<'static>> {
    let theme = paint.theme;
    let lang = paint.language;
    let currency = around.screens.account.currency();
    let allowed = crate::i18n::quantity::describe(resource.quantities(), lang);
    let mut about = format!("  {}", texts::QuantityLabel.fill(lang, &[("allowed", &allowed)]));
    if here {
        let keys = [("prev", Action::ChoosePrev), ("next", Action::ChooseNext), ("choose", Action::Choose)]
            .map(|(name, action)| (name, paint.key(action)));
        let fill: Vec<(&str, &dyn std::fmt::Display)> = keys.iter().map(|(n, k)| (*n, k as &dyn std::fmt::Display)).collect();
        about += &format!(" · {}", texts::QuantityKeys.fill(lang, &fill));
    }
    let name = crate::paint::columns::text(&resource.name, u16::try_from(inner).unwrap_or(u16::MAX));
    let about = crate::paint::columns::text(&about, u16::try_from(inner.saturating_sub(name.width())).unwrap_or(0));
    let head = vec![Span::styled(name, theme.title), Span::styled(about, theme.dim)];
    let item = resource.items.first().map_or("", |i| i.name.as_str());
    let each = texts::QuantityEach.fill(lang, &[("amount", &money_in(q.price, currency, lang))]);
    let mut spans = vec![
        Span::styled("  [", theme.dim),
        Span::styled(format!("{:^3}", q.chosen), if q.changed() { theme.key } else { theme.text }),
        Span::styled("] ", theme.dim),
        Span::styled(format!("{item}  "), theme.text),
        Span::styled(format!("{each:>price_width$}"), theme.text),
    ];
    if !q.setup.is_zero() {
        spans.push(Span::styled(format!("  {}", texts::Setup.fill(lang, &[("amount", &money_in(q.setup, currency, lang))])), theme.dim));
    }
    let now = texts::QuantityNow.fill(lang, &[("n", &q.now)]);
    spans.push(Span::styled(format!("  {now}"), if q.changed() { theme.dim } else { theme.good }));
    let line = Line::from(spans);
    vec![Line::from(head), if here { line.style(theme.selected) } else { line }, Line::default()]
}

/// The portal's estimate for the choices as they are, else how to ask for it and order.
fn order_line(state: &State, paint: &Paint, around: &Around) -> Line<'static> {
    let theme = paint.theme;
    let lang = paint.language;
    let view = state;
    // Already requested: said before the estimate, so `o` is not taken for a first time.
    if let Some(requested) = view.requested_now() {
        return Line::from(vec![
            Span::styled(format!("{}  ", texts::LabelAlready.get(lang)), theme.dim),
            Span::styled(requested.words(lang), theme.warning),
        ]);
    }
    if let Some(estimate) = view.current_estimate() {
        return Line::from(vec![
            Span::styled(format!("{}  ", Text::LabelEstimate.get(lang)), theme.dim),
            Span::styled(estimate.text(around.screens.account.currency(), lang), theme.title),
        ]);
    }
    let ordering = [crate::api::Operation::UpgradeEstimate, crate::api::Operation::UpgradeRequest];
    if let Some(op) = ordering.into_iter().find(|op| !paint.offers(*op)) {
        return Line::styled(crate::i18n::not_offered(op, lang), theme.dim);
    }
    Line::styled(paint.keyed(texts::OrderHint, Action::Order), theme.dim)
}
