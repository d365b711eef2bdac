//! The catalogue: the products grouped by category, each with its first period and price;
//! under the list, the selected product's every period with its price and setup fee;
//! the order form over it when one is open.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Row as TableRow};
use unicode_width::UnicodeWidthStr;

use super::{Offer, State, price, texts};
use crate::api::Operation;
use crate::app::screens::Around;
use crate::config::keys::Action;
use crate::i18n::Text;
use crate::paint::Paint;
use crate::paint::columns;
use crate::paint::grouped::{self, Column};

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    let view = &state.browse;
    if !view.loaded {
        let failed = state.error.as_deref();
        crate::paint::list_not_read(frame, area, paint, Operation::Categories, failed, &[]);
        return draw_form_over(frame, area, state, paint, around);
    }
    let selected = view.selected();
    let periods = selected.map_or(1, |o| o.product.periods.len().max(1));
    let notes = notes(state, paint);
    // The product's box: its description, a row per period, the notes; the list keeps
    // eight rows at least.
    let wanted = (periods + 3 + notes.len()) as u16;
    let panel = wanted.min(area.height.saturating_sub(8));
    let [list, below] = Layout::vertical([Constraint::Min(0), Constraint::Length(panel)]).areas(area);
    draw_list(frame, list, state, paint);
    if let Some(offer) = selected {
        draw_periods(frame, below, offer, &notes, paint);
    }
    draw_form_over(frame, area, state, paint, around);
}

fn draw_form_over(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    if let Some(form) = &state.form {
        super::draw_form::draw(frame, area, state, form, paint, around);
    }
}

fn draw_list(frame: &mut Frame, area: Rect, state: &State, paint: &Paint) {
    let view = &state.browse;
    let lang = paint.language;
    let title = grouped::title(paint, texts::Title, &view.list.shown(), view.items.len());
    let widest = |column: usize, header: Text| {
        u16::try_from(view.widest_text(lang, column).max(header.get(lang).width())).unwrap_or(u16::MAX)
    };
    let price_width = columns::fit(texts::ColPrice.get(lang), view.widest_figure(lang), area.width.saturating_sub(2));
    let columns = [
        Column { header: texts::ColProduct, width: Constraint::Max(widest(0, texts::ColProduct)), number: false },
        Column { header: texts::ColPeriod, width: Constraint::Length(widest(1, texts::ColPeriod)), number: false },
        Column { header: texts::ColPrice, width: Constraint::Length(price_width), number: true },
    ];
    grouped::draw(frame, area, paint, (&view.list.shown(), title, &columns), |i, selected, widths| {
        let offer = &view.items[i];
        let period = offer.first_period();
        let cycle = period.map(|p| crate::i18n::cycle_code(&p.code, lang)).unwrap_or_default();
        let amount = price(period.and_then(|p| p.price), &offer.currency, lang);
        let row = TableRow::new(vec![
            Cell::from(columns::text(&offer.product.name, widths[0])),
            Cell::from(columns::text(&cycle, widths[1])),
            Cell::from(columns::number(amount, widths[2])),
        ]);
        if selected { row.style(paint.theme.selected) } else { row }
    });
}

/// What the box under the list adds: the key that orders, the categories that list
/// nothing, those whose products could not be read.
fn notes(state: &State, paint: &Paint) -> Vec<Line<'static>> {
    let lang = paint.language;
    let theme = paint.theme;
    let mut lines = Vec::new();
    let key = paint.key(Action::OrderProduct);
    let mut first = texts::OrderKey.fill(lang, &[("key", &key)]);
    let empty = state.empty_categories();
    if !empty.is_empty() {
        first += &format!(" · {}", texts::NotSoldHere.fill(lang, &[("names", &empty.join(", "))]));
    }
    lines.push(Line::styled(first, theme.dim));
    for (name, reason) in &state.failed {
        let said = texts::ProductsNotRead.fill(lang, &[("name", name), ("reason", reason)]);
        lines.push(Line::styled(said, theme.warning));
    }
    lines
}

/// The selected product's periods: each in words with its price and setup fee.
fn draw_periods(frame: &mut Frame, area: Rect, offer: &Offer, notes: &[Line<'static>], paint: &Paint) {
    let theme = paint.theme;
    let lang = paint.language;
    let room = usize::from(area.width.saturating_sub(4));
    let mut lines = Vec::new();
    if !offer.product.description.is_empty() {
        lines.push(Line::styled(columns::truncate(&offer.product.description, room), theme.dim));
    }
    let words: Vec<String> = offer
        .product
        .periods
        .iter()
        .map(|p| format!("{} ({})", crate::i18n::cycle_code(&p.code, lang), p.code))
        .collect();
    let word_width = words.iter().map(|w| w.width()).max().unwrap_or(0).max(texts::ColPeriod.get(lang).width());
    let prices: Vec<String> = offer.product.periods.iter().map(|p| price(p.price, &offer.currency, lang)).collect();
    let price_width = prices.iter().map(|p| p.width()).max().unwrap_or(0).max(texts::ColPrice.get(lang).width());
    if offer.product.periods.is_empty() {
        lines.push(Line::styled(texts::NoPeriods.get(lang), theme.dim));
    }
    for ((period, word), amount) in offer.product.periods.iter().zip(&words).zip(&prices) {
        let setup = match period.setup.filter(|s| !s.is_zero()) {
            Some(setup) => format!("{} {}", texts::ColSetup.get(lang), price(Some(setup), &offer.currency, lang)),
            None => String::new(),
        };
        let style = if period.selected { theme.text } else { theme.dim };
        lines.push(Line::from(vec![
            Span::styled(crate::i18n::format::pad(word, word_width), style),
            Span::raw("  "),
            Span::styled(format!("{amount:>price_width$}"), theme.text),
            Span::raw("  "),
            Span::styled(setup, theme.dim),
        ]));
    }
    lines.extend(notes.iter().cloned());
    let title = texts::Periods.fill(lang, &[("name", &offer.product.name)]);
    let block = Block::bordered().title(Line::styled(format!(" {} ", columns::truncate(&title, room)), theme.title));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
