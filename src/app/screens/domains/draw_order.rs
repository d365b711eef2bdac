//! The order form, drawn over the domains screen: a line per field (a choice between
//! `‹ ›`, or the text typed; the transfer code masked), then what the form says (why the
//! last try was refused, what the focused field takes, or what is being read) and its keys,
//! all from the keymap. The confirmation that follows is the app's own, drawn over it.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::order::{OrderField, OrderForm, REQUIRED};
use super::texts;
use crate::app::screens::Around;
use crate::config::keys::{Action, Context};
use crate::i18n::Text;
use crate::paint::{Paint, centered, fields};

/// The widest a label is drawn; a longer one (a TLD field's title) is cut, and shown whole
/// under the form while its field has the focus.
const LABEL_MAX: usize = 22;

/// The screen's own dialogs, over it: the order form, or the contacts form.
pub fn dialogs(frame: &mut Frame, area: Rect, state: &super::State, paint: &Paint, around: &Around) {
    if let Some(form) = state.orders.form.as_deref() {
        draw(frame, area, form, paint, around);
    } else if let Some(form) = state.whois.form.as_deref() {
        super::draw_contacts::draw(frame, area, form, paint);
    }
}

pub fn draw(frame: &mut Frame, area: Rect, form: &OrderForm, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    let lang = paint.language;
    let currency = around.screens.account.currency();
    let shown = form.fields();
    let labels: Vec<String> = shown.iter().map(|f| form.label(*f, lang)).collect();
    let label_width = labels.iter().map(|l| l.width()).max().unwrap_or(8).min(LABEL_MAX);
    let width = area.width.min(76);
    let inner_width = usize::from(width.saturating_sub(2));
    let said = message(form, paint);
    let said: Vec<String> = said
        .into_iter()
        .flat_map(|(mark, text)| {
            // A line that wraps goes on under its words, not under its mark.
            let options = textwrap::Options::new(inner_width.saturating_sub(2).max(4)).subsequent_indent("   ");
            textwrap::wrap(&format!("{mark}{text}"), options)
                .into_iter()
                .map(|l| l.into_owned())
                .collect::<Vec<_>>()
        })
        .collect();
    let said_height = said.len().max(2);
    let rect = centered(area, width, (shown.len() + 5 + said_height) as u16);
    let title = match form.transfer {
        true => texts::OrderTitleTransfer.fill(lang, &[("name", &form.name)]),
        false => texts::OrderTitleRegister.fill(lang, &[("name", &form.name)]),
    };
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    let value_width = inner_width.saturating_sub(label_width + 4).max(1);
    let mut lines = Vec::new();
    let mut cursor = None;
    for (row, (field, label)) in shown.iter().zip(&labels).enumerate() {
        let focused = form.focus == *field;
        // A required field keeps its mark when its title is cut.
        let label = match label.strip_suffix(REQUIRED) {
            Some(title) => cut(title, label_width - REQUIRED.len()) + REQUIRED,
            None => cut(label, label_width),
        };
        let label = fields::form_label(theme, &label, label_width, focused);
        let at_x = label.width();
        let mut spans = vec![label];
        match form.input(*field) {
            Some(input) => {
                let masked = *field == OrderField::Epp;
                let (text, at) = fields::text_input(theme, input, value_width, focused, masked);
                if let Some(at) = at {
                    cursor = Some(Position { x: inner.x + (at_x + at) as u16, y: inner.y + row as u16 });
                }
                spans.push(text);
            }
            None => {
                let style = if focused { theme.selected } else { theme.text };
                let choice = cut(&form.choice_text(*field, currency, lang), value_width.saturating_sub(4));
                spans.push(Span::styled(format!("‹ {choice} ›"), style));
            }
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::default());
    let style = if form.error.is_some() { theme.error } else { theme.dim };
    let count = said.len();
    lines.extend(said.into_iter().map(|l| Line::styled(l, style)));
    lines.extend((count..2).map(|_| Line::default()));
    lines.push(Line::default());
    let keymap = paint.keymap;
    let (open, back) = (keymap.label(Context::Global, Action::Open), keymap.label(Context::Global, Action::Back));
    let keys = [
        (open.as_str(), texts::HintQuote.get(lang)),
        ("Tab/↑↓", Text::HintField.get(lang)),
        ("←→", texts::HintChoose.get(lang)),
        (back.as_str(), Text::HintCancel.get(lang)),
    ];
    lines.push(Line::from([vec![Span::raw(" ")], fields::hints(theme, &keys)].concat()));
    frame.render_widget(Paragraph::new(lines), inner);
    if let Some(pos) = cursor {
        frame.set_cursor_position(pos);
    }
}

/// What the form says under its fields, each with its mark: why the last try was refused,
/// what is being read or asked, or what the focused field is and takes.
fn message(form: &OrderForm, paint: &Paint) -> Vec<(&'static str, String)> {
    let lang = paint.language;
    if let Some(error) = &form.error {
        return vec![(" ✗ ", error.clone())];
    }
    if form.quoting {
        return vec![(" … ", texts::OrderQuoting.get(lang).to_owned())];
    }
    match &form.tld {
        Some(Err(why)) => return vec![(" ✗ ", why.clone())],
        _ if !form.ready() => return vec![(" … ", texts::OrderReading.get(lang).to_owned())],
        _ => {}
    }
    let required = form.fields().iter().any(|f| form.label(*f, lang).ends_with(REQUIRED));
    let note = required.then(|| (" ℹ ", texts::OrderRequiredNote.get(lang).to_owned()));
    let about = match form.focus {
        OrderField::Nameservers => Some(texts::OrderNsHint.get(lang).to_owned()),
        OrderField::Extra(at) => form.forms.as_ref().and_then(|f| f.get(at)).map(|f| match f.description.trim() {
            "" => f.title.clone(),
            about => format!("{} — {about}", f.title),
        }),
        _ => None,
    };
    about.map(|a| (" ℹ ", a)).into_iter().chain(note).collect()
}

/// `text` cut to `width` columns, an ellipsis at its end when it was.
fn cut(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_owned();
    }
    let mut out = String::new();
    for c in text.chars() {
        if out.width() + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) + 1 > width {
            break;
        }
        out.push(c);
    }
    out + "…"
}
