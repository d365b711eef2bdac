//! The domains screen's panel for a name that is not the account's, checked for
//! registration: available or taken (or the portal's words when it cannot say), its
//! prices by period in the account's currency, and how to register it. Drawn above the
//! list from what `update` stored; nothing is asked from here.

use super::texts;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::State;

use crate::app::screens::Around;
use crate::app::screens::domains::{Check, Checked};
use crate::config::keys::Action;
use crate::i18n::Text;
use crate::i18n::format::money_in;
use crate::paint::Paint;

/// Draws the panel at the top of `area` (as tall as `DomainsView::panel_height` says, so
/// that the list's scrolling agrees); the rest of `area` is returned, for the list.
pub fn draw_above(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around, checked: &Checked) -> Rect {
    let theme = paint.theme;
    let lang = paint.language;
    let view = state;
    let height = u16::try_from(view.panel_height(area.height.into())).unwrap_or(area.height).min(area.height);
    let close = paint.keyed(Text::EscBack, Action::Back);
    let title = format!(" {} — {close} ", texts::AvailTitle.fill(lang, &[("name", &checked.name)]));
    let block = Block::bordered().title(Line::styled(title, theme.title));
    let panel = Rect { height, ..area };
    let text = lines(state, paint, around, checked);
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }).block(block), panel);
    Rect { y: area.y + height, height: area.height - height, ..area }
}

fn lines(state: &State, paint: &Paint, around: &Around, checked: &Checked) -> Vec<Line<'static>> {
    let theme = paint.theme;
    let lang = paint.language;
    let mut lines: Vec<Line<'static>> = checked
        .not_held
        .iter()
        .map(|said| Line::styled(texts::AvailNotHeld.fill(lang, &[("said", said)]), theme.dim))
        .collect();
    lines.extend(what_is_said(state, paint, around, checked));
    lines
}

/// Whether the name is free, its prices, how to register it.
fn what_is_said(state: &State, paint: &Paint, around: &Around, checked: &Checked) -> Vec<Line<'static>> {
    let theme = paint.theme;
    let lang = paint.language;
    let name: &dyn std::fmt::Display = &checked.name;
    let found = match &checked.state {
        Check::Asking => return vec![Line::styled(texts::AvailAsking.fill(lang, &[("name", name)]), theme.dim)],
        Check::NotOffered => return vec![Line::styled(texts::AvailNotOffered.get(lang).to_owned(), theme.warning)],
        Check::Failed(said) => {
            let said = texts::AvailCannotTell.fill(lang, &[("name", name), ("said", said)]);
            return vec![Line::styled(said, theme.warning)];
        }
        Check::Answered(found) => found,
    };
    let mut lines = vec![match found.available {
        true => Line::styled(texts::AvailFree.fill(lang, &[("name", name)]), theme.good),
        false => Line::styled(texts::AvailTaken.fill(lang, &[("name", name)]), theme.error),
    }];
    if found.premium {
        lines.push(Line::styled(texts::AvailPremium.get(lang).to_owned(), theme.warning));
    }
    lines.extend(prices(state, paint, around, checked));
    if found.available {
        lines.push(Line::styled(paint.keyed(texts::AvailHowToRegister, Action::OrderDomain), theme.dim));
        lines.push(Line::styled(texts::AvailFromScript.fill(lang, &[("name", name)]), theme.dim));
    } else {
        lines.push(Line::styled(paint.keyed(texts::AvailHowToTransfer, Action::OrderDomain), theme.dim));
    }
    lines
}

/// The prices by period: a header, then a line per period (years, register, renew), the
/// amounts right-aligned in the account's currency.
fn prices(state: &State, paint: &Paint, around: &Around, checked: &Checked) -> Vec<Line<'static>> {
    let theme = paint.theme;
    let lang = paint.language;
    let view = state;
    let periods = view.checked_prices();
    if periods.is_empty() {
        let said = if checked.reading_prices { texts::AvailPricesReading } else { texts::AvailNoPrices };
        return vec![Line::styled(said.get(lang).to_owned(), theme.dim)];
    }
    let order = view.settings.order.as_deref().unwrap_or_default();
    let tld = crate::api::domain_actions::price_suffix(order, &checked.name);
    let currency = around.screens.account.currency();
    let rows: Vec<[String; 3]> = periods
        .iter()
        .map(|p| {
            let years = texts::AvailYears.fill(lang, &[("years", &p.period.trim())]);
            // A price the portal gives as 0 or not at all is not "free".
            let amount =
                |m: crate::api::Money| if m.is_zero() { "—".to_owned() } else { money_in(m, currency, lang) };
            [years, amount(p.register), amount(p.renew)]
        })
        .collect();
    let headers = [Text::RepYears, Text::RepRegister, Text::RepRenew].map(|t| t.get(lang).to_owned());
    let widths: Vec<usize> =
        (0..3).map(|c| rows.iter().map(|r| r[c].width()).chain([headers[c].width()]).max().unwrap_or(0)).collect();
    let cell = |text: &str, c: usize| match c {
        0 => format!("  {text}{}", " ".repeat(widths[c] - text.width())),
        _ => format!("   {}{text}", " ".repeat(widths[c] - text.width())),
    };
    let line = |row: &[String; 3]| (0..3).map(|c| cell(&row[c], c)).collect::<String>();
    let mut lines = vec![Line::from(texts::AvailPricesOf.fill(lang, &[("tld", &tld)]))];
    lines.push(Line::from(Span::styled(line(&headers), theme.dim)));
    lines.extend(rows.iter().map(|row| Line::from(line(row))));
    lines
}
