//! A registration's WHOIS contacts: their lines in its detail (a role a line: the name, the
//! e-mail, the phone), and the form that changes them, drawn over the detail.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::contacts::ContactsForm;
use super::texts;
use super::State;
use crate::api::models::Fields;
use crate::config::keys::{Action, Context};
use crate::i18n::{Language, Text};
use crate::paint::{Paint, centered, fields};

/// A role in words (the API's own name for one it does not know).
pub fn role_words(role: &str, language: Language) -> String {
    let text = match role {
        "registrant" => texts::RoleRegistrant,
        "admin" => texts::RoleAdmin,
        "tech" => texts::RoleTech,
        "billing" => texts::RoleBilling,
        other => return other.to_owned(),
    };
    text.get(language).to_owned()
}

/// The detail's contacts section: a heading naming the key that changes them, then a line
/// per role; what is being read, or why it could not be, in their place.
pub fn detail_lines(state: &State, paint: &Paint, id: u64, width: usize) -> Vec<Line<'static>> {
    let theme = paint.theme;
    let lang = paint.language;
    let mut lines = vec![Line::default()];
    let heading = paint.keyed(texts::ContactsHeading, Action::EditContacts);
    lines.push(fields::section(theme, format!(" {heading}")));
    match state.whois.read.get(&id) {
        None => lines.push(Line::styled(format!("  {}", texts::SettingReading.get(lang)), theme.dim)),
        Some(Err(why)) => lines.push(Line::styled(format!("  {why}"), theme.dim)),
        Some(Ok(contacts)) if contacts.roles.is_empty() => {
            lines.push(Line::styled(format!("  {}", Text::NoneSet.get(lang)), theme.dim));
        }
        Some(Ok(contacts)) => {
            for (role, held) in &contacts.roles {
                lines.push(fields::line(theme, &role_words(role, lang), summary(held), width));
            }
        }
    }
    lines
}

/// A role's contact in one line: its name (or company), e-mail and phone.
fn summary(held: &Fields) -> String {
    let get = |key: &str| held.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.trim());
    let name = format!("{} {}", get("firstname"), get("lastname"));
    let name = match name.trim() {
        "" => get("companyname").to_owned(),
        name => name.to_owned(),
    };
    [name.as_str(), get("email"), get("phonenumber")].into_iter().filter(|v| !v.is_empty()).collect::<Vec<_>>().join(" · ")
}

/// The contacts form over the detail: the role chosen, then its fields.
pub fn draw(frame: &mut Frame, area: Rect, form: &ContactsForm, paint: &Paint) {
    let theme = paint.theme;
    let lang = paint.language;
    let role_label = texts::ContactsRole.get(lang);
    let shown = form.fields();
    let labels: Vec<String> = shown.iter().map(|(k, _)| crate::i18n::field_label(k, lang).into_owned()).collect();
    let label_width = labels.iter().map(|l| l.width()).chain([role_label.width()]).max().unwrap_or(8).min(16);
    let rect = centered(area, 72, (shown.len() + 7) as u16);
    let title = texts::ContactsFormTitle.fill(lang, &[("name", &form.name)]);
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    let value_width = usize::from(inner.width).saturating_sub(label_width + 4).max(1);
    let role = fields::form_label(theme, role_label, label_width, form.focus == 0);
    let style = if form.focus == 0 { theme.selected } else { theme.text };
    let mut lines = vec![Line::from(vec![role, Span::styled(format!("‹ {} ›", role_words(form.role_name(), lang)), style)])];
    let mut cursor = None;
    for (at, ((_, input), label)) in shown.iter().zip(&labels).enumerate() {
        let focused = form.focus == at + 1;
        let label = fields::form_label(theme, label, label_width, focused);
        let x = label.width();
        let (text, column) = fields::text_input(theme, input, value_width, focused, false);
        if let Some(column) = column {
            cursor = Some(Position { x: inner.x + (x + column) as u16, y: inner.y + at as u16 + 1 });
        }
        lines.push(Line::from(vec![label, text]));
    }
    lines.push(Line::default());
    lines.push(match &form.error {
        Some(error) => Line::styled(format!(" ✗ {error}"), theme.error),
        None => Line::default(),
    });
    lines.push(Line::default());
    let keymap = paint.keymap;
    let (open, back) = (keymap.label(Context::Global, Action::Open), keymap.label(Context::Global, Action::Back));
    let keys = [
        (open.as_str(), Text::HintCheck.get(lang)),
        ("Tab/↑↓", Text::HintField.get(lang)),
        ("←→", texts::ContactsHintRole.get(lang)),
        (back.as_str(), Text::HintCancel.get(lang)),
    ];
    lines.push(Line::from([vec![Span::raw(" ")], fields::hints(theme, &keys)].concat()));
    frame.render_widget(Paragraph::new(lines), inner);
    if let Some(pos) = cursor {
        frame.set_cursor_position(pos);
    }
}
