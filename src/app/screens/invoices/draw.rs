//! The invoices screen: unpaid first with days overdue, then paid, then others; one
//! invoice's items and sums.

use super::texts;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Row as TableRow};
use unicode_width::UnicodeWidthStr;

use super::State;

use crate::api::Operation;
use crate::api::models::{Invoice, Standing, days_until};
use crate::app::screens::Around;
use crate::config::keys::Action;
use crate::i18n::Text;
use crate::i18n::format::{self, money_in};
use crate::paint::Paint;
use crate::paint::columns;
use crate::paint::fields;
use crate::paint::grouped::{self, Column};
use crate::paint::list_not_read;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    let view = &state.browse;
    if let Some(invoice) = view.open() {
        return detail(frame, area, state, paint, around, invoice);
    }
    if !view.loaded {
        return list_not_read(frame, area, paint, Operation::Invoices, view.list_error.as_deref(), &[]);
    }
    let lang = paint.language;
    let title = match view.marks.is_empty() {
        true => grouped::title(paint, Text::ScreenInvoices, &view.list.shown(), view.items.len()),
        false => {
            let marked = view.marks.said(around.screens.account.currency(), lang);
            grouped::marked_title(paint, Text::ScreenInvoices, &view.list.shown(), &format::count(view.items.len(), lang), &marked)
        }
    };
    let total = |invoice: &Invoice| money_in(invoice.total, &invoice.currency, lang);
    let total_width = columns::fit(Text::ColTotal.get(lang), view.widest_figure(lang), area.width.saturating_sub(2));
    // While any is marked, the numbers make room for the mark before them.
    let mark_width = if view.marks.is_empty() { 0 } else { 2 };
    let number_width = (view.widest_text(lang, 0) + mark_width).max(Text::ColNumber.get(lang).width()).max(12);
    let number_width = u16::try_from(number_width).unwrap_or(u16::MAX);
    // Days left in words where there is room (`12 ngày`), short where not.
    let worded = area.width >= 100;
    let left_width = format::days_left_width_as(lang, worded).max(Text::ColLeft.get(lang).width());
    let left_width = u16::try_from(left_width).unwrap_or(u16::MAX);
    let columns = [
        Column { header: Text::ColNumber, width: Constraint::Max(number_width), number: false },
        Column { header: texts::ColDate, width: Constraint::Length(10), number: false },
        Column { header: texts::ColDue, width: Constraint::Length(10), number: false },
        Column { header: Text::ColLeft, width: Constraint::Length(left_width), number: false },
        Column { header: Text::ColTotal, width: Constraint::Length(total_width), number: true },
    ];
    grouped::draw(frame, area, paint, (&view.list.shown(), title, &columns), |i, selected, widths| {
        let invoice = &view.items[i];
        let unpaid = invoice.standing() == Standing::Unpaid;
        let days = days_until(invoice.due(), paint.today).filter(|_| unpaid);
        let style = crate::paint::days_style(theme, days);
        let left = if days.is_some() { format::days_left_as(days, lang, worded) } else { String::new() };
        let number = match &invoice.unreadable {
            Some(_) => format!("#{} {}", invoice.id, Text::Unreadable.get(lang)),
            None => invoice.label().to_owned(),
        };
        let number = crate::app::marks::with_mark(&view.marks, view.is_marked(i), number);
        let row = TableRow::new(vec![
            Cell::from(columns::text(&number, widths[0])).style(mark_style(theme, view.is_marked(i))),
            Cell::from(columns::text(&format::date(&invoice.date, lang), widths[1])),
            Cell::from(columns::text(&format::date(invoice.due(), lang), widths[2])).style(style),
            Cell::from(columns::text(&left, widths[3])).style(style),
            Cell::from(columns::number(total(invoice), widths[4])),
        ]);
        if selected { row.style(theme.selected) } else { row }
    });
    if let Some(reason) = &view.list_error {
        crate::paint::list_failed_below(frame, area, paint, reason);
    }
}

fn detail(frame: &mut Frame, area: Rect, state: &State, paint: &Paint, around: &Around, invoice: &Invoice) {
    let theme = paint.theme;
    let lang = paint.language;
    let pairs = crate::i18n::details::invoice_fields(invoice, lang, paint.today);
    let sums = crate::i18n::details::invoice_sums(invoice, lang);
    let width = pairs.iter().map(|(k, _)| k.width()).chain(sums.iter().map(|(k, _)| k.width())).max().unwrap_or(0);
    let mut lines: Vec<Line> = pairs.iter().map(|(k, v)| fields::line(theme, k, v, width)).collect();
    if let Some(reason) = &invoice.unreadable {
        lines.push(Line::styled(Text::UnreadableRecord.fill(lang, &[("reason", reason)]), theme.warning));
    }
    lines.push(Line::default());
    lines.push(fields::section(
        theme,
        format!(" {}", texts::InvoiceItems.fill(lang, &[("count", &invoice.items.len())])),
    ));
    if invoice.items.is_empty() {
        let note = if paint.busy { Text::LookingUp } else { Text::NoneSet };
        lines.push(Line::styled(format!("  {}", note.get(lang)), theme.dim));
    }
    let room = (area.width as usize).saturating_sub(4);
    for item in &invoice.items {
        let amount = money_in(item.linetotal_or_amount(), &invoice.currency, lang);
        let description = item.unreadable.as_deref().unwrap_or(&item.description);
        let qty = match format::quantity(&item.qty, lang).as_str() {
            "" | "1" => String::new(),
            q => format!(" × {q}"),
        };
        let text = format!("{description}{qty}");
        let text_room = room.saturating_sub(amount.width() + 2);
        let text = crate::paint::columns::truncate(&text, text_room);
        let gap = room.saturating_sub(text.width() + amount.width());
        lines.push(Line::from(vec![
            Span::raw("  "),
            Span::styled(text, theme.text),
            Span::raw(" ".repeat(gap)),
            Span::styled(amount, theme.text),
        ]));
    }
    lines.push(Line::default());
    lines.extend(sums.iter().map(|(k, v)| fields::line(theme, k, v, width)));
    if crate::app::screens::invoices::payable(invoice) {
        lines.push(Line::default());
        lines.extend(paying(state, paint, around, invoice));
    }
    if let Some(e) = &state.browse.detail_error {
        lines.push(Line::default());
        lines.push(Line::styled(format!("  {e}"), theme.warning));
    }
    let title = texts::InvoiceTitle
        .fill(lang, &[("number", &invoice.label()), ("key", &paint.keyed(Text::EscBack, Action::Back))]);
    let days = days_until(invoice.due(), paint.today).filter(|_| invoice.standing() == Standing::Unpaid);
    let style = match days {
        Some(d) if d < 0 => theme.expired,
        _ => theme.title,
    };
    let block = Block::bordered().title(Line::styled(format!(" {title} "), style.patch(theme.title)));
    let total = lines.len();
    let scroll = state.browse.detail_scroll.fit(total, area.height.saturating_sub(2).into());
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
    crate::paint::document_bar(frame, area, theme, scroll, total);
}

/// How an unpaid invoice can be paid: the portal's payment methods, and the key that pays
/// it from the account's credit (with the credit, when known).
fn paying(state: &State, paint: &Paint, around: &Around, invoice: &Invoice) -> Vec<Line<'static>> {
    let theme = paint.theme;
    let lang = paint.language;
    let mut lines = Vec::new();
    let names: Vec<&str> = state.payments.iter().flatten().map(|p| p.name.trim()).collect();
    let names: Vec<&str> = names.into_iter().filter(|n| !n.is_empty()).collect();
    if !names.is_empty() {
        let text = texts::PaymentMethodsLine.fill(lang, &[("names", &names.join(", "))]);
        lines.push(Line::styled(format!("  {text}"), theme.text));
    }
    let offered = paint.offers(crate::api::Operation::Balance);
    let credit = match around.screens.account.credit_balance(offered).and_then(|b| b.available_credit()) {
        Some(credit) => money_in(credit, &invoice.currency, lang),
        None => "?".to_owned(),
    };
    let key = paint.keymap.label(crate::config::keys::Context::Invoices, Action::PayFromCredit);
    lines.push(Line::styled(format!("  {}", texts::PayFromCreditKey.fill(lang, &[("key", &key), ("credit", &credit)])), theme.dim));
    lines
}

/// A marked row's first cell stands out where there is colour (its mark says it without).
fn mark_style(theme: &crate::config::theme::Theme, marked: bool) -> ratatui::style::Style {
    if marked { theme.good } else { ratatui::style::Style::default() }
}
