//! The order form over the catalogue: a row per field with its value and price, the
//! portal's quote of the values (its lines and total, as it sent them), what is wrong or
//! how the form works, and its keys.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::{FieldKind, OrderForm, Quoted, State, price, texts};
use crate::api::Language;
use crate::api::models::{FormKind, ProductConfig};
use crate::app::screens::Around;
use crate::config::keys::{Action, Context};
use crate::paint::Paint;
use crate::paint::centered;
use crate::paint::columns;
use crate::paint::fields;

pub fn draw(frame: &mut Frame, area: Rect, state: &State, form: &OrderForm, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    let lang = paint.language;
    let currency = around.screens.account.currency();
    let width = area.width.saturating_sub(2).min(78);
    let inner_width = usize::from(width.saturating_sub(2));
    let title = texts::FormTitle.fill(lang, &[("name", &form.name)]);
    let block = Block::bordered().title(Line::styled(format!(" {} ", columns::truncate(&title, inner_width)), theme.title));
    let mut lines: Vec<Line> = Vec::new();
    let mut cursor = None;
    match &form.config {
        None => {
            let said = match &form.failed {
                Some(reason) => Line::styled(texts::FormNotRead.fill(lang, &[("reason", reason)]), theme.warning),
                None => Line::styled(texts::FormReading.get(lang), theme.dim),
            };
            lines.push(said);
        }
        Some(config) => {
            let labels: Vec<String> = form.fields.iter().map(|f| label(f.kind, config, lang)).collect();
            let label_width = labels.iter().map(|l| l.width()).max().unwrap_or(8).min(inner_width / 3);
            let value_width = inner_width.saturating_sub(label_width + 3).max(1);
            for (row, (field, label)) in form.fields.iter().zip(&labels).enumerate() {
                let focused = row == form.focus;
                let label = fields::form_label(theme, &columns::truncate(label, label_width), label_width, focused);
                let at = label.width();
                let mut spans = vec![label];
                let payments = state.payments.as_deref().unwrap_or_default();
                let text_row = match field.kind {
                    FieldKind::Domain | FieldKind::Promo => true,
                    FieldKind::Option(i) => {
                        config.forms.get(i).is_some_and(|f| matches!(f.kind, FormKind::Input | FormKind::Quantity))
                    }
                    _ => false,
                };
                if text_row {
                    let (shown, column) = fields::text_input(theme, &field.input, value_width.min(30), focused, false);
                    if let Some(column) = column {
                        cursor = Some((at + column, row));
                    }
                    spans.push(shown);
                }
                let said = value(field, config, payments, currency, lang);
                let style = if focused { theme.text } else { theme.dim };
                spans.push(Span::styled(columns::truncate(&said, value_width), style));
                lines.push(Line::from(spans));
            }
            lines.push(Line::default());
            lines.extend(quote_lines(form, currency, inner_width, paint));
        }
    }
    // What is wrong, else how the form works; then its keys.
    let (mark, said, style) = match &form.error {
        Some(error) => ("✗ ", error.clone(), theme.error),
        None => ("ℹ ", texts::Hint.get(lang).to_owned(), theme.dim),
    };
    for (i, part) in textwrap::wrap(&said, inner_width.saturating_sub(3).max(1)).into_iter().enumerate() {
        lines.push(Line::styled(format!("{}{part}", if i == 0 { mark } else { "  " }), style));
    }
    let keymap = paint.keymap;
    let (open, back) = (keymap.label(Context::Global, Action::Open), keymap.label(Context::Global, Action::Back));
    let keys = [
        (open.as_str(), texts::HintOrder.get(lang)),
        ("Tab/↑↓", texts::HintField.get(lang)),
        ("←→", texts::HintChange.get(lang)),
        (back.as_str(), texts::HintCancel.get(lang)),
    ];
    lines.push(Line::from(fields::hints(theme, &keys)));
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = centered(area, width, height);
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
    if let Some((x, y)) = cursor {
        frame.set_cursor_position(Position { x: inner.x + x as u16, y: inner.y + y as u16 });
    }
}

/// A row's label: the option's title (`*` after a required one), or the field's name.
fn label(kind: FieldKind, config: &ProductConfig, lang: Language) -> String {
    match kind {
        FieldKind::Period => texts::FieldPeriod.get(lang).to_owned(),
        FieldKind::Domain => texts::FieldDomain.get(lang).to_owned(),
        FieldKind::Promo => texts::FieldPromo.get(lang).to_owned(),
        FieldKind::Pay => texts::FieldPay.get(lang).to_owned(),
        FieldKind::Option(i) => match config.forms.get(i) {
            Some(form) if form.required => format!("{} *", form.title),
            Some(form) => form.title.clone(),
            None => String::new(),
        },
    }
}

/// A row's value in words, with its price: `‹ Monthly · 240,000 VND ›`, `[x] 40,000 VND`,
/// `(0–32 · 50,000 VND each)` after a quantity.
fn value(
    field: &super::Field,
    config: &ProductConfig,
    payments: &[crate::api::models::PaymentMethod],
    currency: &str,
    lang: Language,
) -> String {
    let amount = |m| price(Some(m), currency, lang);
    let chosen = |text: String| format!("‹ {text} ›");
    match field.kind {
        FieldKind::Period => {
            let cycle = field.choice.and_then(|c| config.cycles.get(c));
            let words = cycle.map(|c| crate::i18n::cycle_code(&c.value, lang)).unwrap_or_default();
            match cycle.and_then(|c| c.price) {
                Some(p) => chosen(format!("{words} · {}", amount(p))),
                None => chosen(words),
            }
        }
        FieldKind::Pay => match field.choice.and_then(|c| payments.get(c)) {
            Some(method) => chosen(method.name.clone()),
            None => chosen(texts::PayDefault.get(lang).to_owned()),
        },
        FieldKind::Domain | FieldKind::Promo => String::new(),
        FieldKind::Option(i) => {
            let Some(form) = config.forms.get(i) else { return String::new() };
            let priced = |p: Option<crate::api::Money>| p.filter(|p| !p.is_zero()).map(|p| format!(" · {}", amount(p)));
            match &form.kind {
                FormKind::Select | FormKind::Radio => match field.choice.and_then(|c| form.items.get(c)) {
                    Some(item) => chosen(format!("{}{}", item.title, priced(item.price).unwrap_or_default())),
                    None => chosen(texts::NoneChosen.get(lang).to_owned()),
                },
                FormKind::Checkbox => {
                    let tick = if field.choice.is_some() { "[x]" } else { "[ ]" };
                    let each = form.items.first().and_then(|i| i.price).filter(|p| !p.is_zero());
                    let each = each.map(|p| format!(" {}", amount(p))).unwrap_or_default();
                    format!("{tick}{each}")
                }
                FormKind::Quantity => {
                    let (min, max) = (form.min.unwrap_or(0), form.max);
                    let bounds = match max {
                        Some(max) => texts::Bounds.fill(lang, &[("min", &min), ("max", &max)]),
                        None => format!("{min}…"),
                    };
                    let unit = form.items.first();
                    let each = unit.and_then(|u| u.price).map(|p| match unit.map(|u| u.title.trim()) {
                        Some(title) if !title.is_empty() => {
                            texts::Each.fill(lang, &[("amount", &amount(p)), ("unit", &title)])
                        }
                        _ => amount(p),
                    });
                    match each {
                        Some(each) => format!("  ({bounds} · {each})"),
                        None => format!("  ({bounds})"),
                    }
                }
                FormKind::Input => String::new(),
                FormKind::Other(kind) => texts::NotFilled.fill(lang, &[("kind", kind)]),
            }
        }
    }
}

/// The portal's quote of the values: its lines, each with its amount, and its total; or
/// that it is being asked, or why the portal refused it.
fn quote_lines(form: &OrderForm, currency: &str, width: usize, paint: &Paint) -> Vec<Line<'static>> {
    let theme = paint.theme;
    let lang = paint.language;
    let label = texts::QuoteLabel.get(lang);
    let indent = label.width() + 2;
    let head = |text: String, style| Line::from(vec![Span::styled(format!("{label}  "), theme.dim), Span::styled(text, style)]);
    let quote = match &form.quote {
        Quoted::NotAsked => return vec![head(texts::QuoteNotYet.get(lang).to_owned(), theme.dim)],
        Quoted::Asking => return vec![head(texts::QuoteAsking.get(lang).to_owned(), theme.dim)],
        Quoted::Refused(reason) => {
            return vec![head(texts::QuoteRefused.fill(lang, &[("reason", reason)]), theme.warning)];
        }
        Quoted::Came(quote) => quote,
    };
    let currency = quote.currency.as_deref().unwrap_or(currency);
    let room = width.saturating_sub(indent);
    let line = |name: &str, amount: String| {
        let name = columns::truncate(name, room.saturating_sub(amount.width() + 2));
        let gap = room.saturating_sub(name.width() + amount.width());
        format!("{name}{}{amount}", " ".repeat(gap))
    };
    let mut lines = Vec::new();
    for (i, l) in quote.lines.iter().enumerate() {
        let text = line(&l.name, l.amount.map_or_else(|| "—".to_owned(), |a| price(Some(a), currency, lang)));
        lines.push(match i {
            0 => head(text, theme.text),
            _ => Line::styled(format!("{}{text}", " ".repeat(indent)), theme.text),
        });
    }
    let total = match quote.total {
        Some(total) => line(crate::i18n::Text::LabelTotal.get(lang), price(Some(total), currency, lang)),
        None => texts::QuoteNoTotal.get(lang).to_owned(),
    };
    lines.push(match lines.is_empty() {
        true => head(total, theme.title),
        false => Line::styled(format!("{}{total}", " ".repeat(indent)), theme.title),
    });
    lines
}
