//! The DNS record form, drawn over everything else while it is open (the frame asks
//! through `View::draw_dialog`): its fields, what the focused one takes or why the last
//! try was refused, and its keys from the keymap.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::DnsForm;
use crate::api::dns::rules::Part;
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::{Language, Text};
use crate::paint::fields::{self};
use crate::paint::{Paint, centered};

fn part_label(part: Part, language: Language) -> &'static str {
    let text = match part {
        Part::Host => Text::FieldDnsHost,
        Part::Type => Text::FieldDnsType,
        Part::Content => Text::FieldDnsContent,
        Part::Priority => Text::FieldDnsPriority,
        Part::Ttl => Text::FieldDnsTtl,
    };
    text.get(language)
}

/// What the focused part takes, in words.
fn part_hint(form: &DnsForm, language: Language) -> String {
    let text = match form.focus {
        Part::Host => return Text::DnsHostHint.fill(language, &[("domain", &form.domain)]),
        Part::Type => return String::new(),
        Part::Content => match form.kind_name() {
            "A" => Text::DnsNeedsIpv4,
            "AAAA" => Text::DnsNeedsIpv6,
            "CNAME" | "MX" | "NS" => Text::DnsNeedsHost,
            "TXT" => Text::DnsNeedsText,
            _ => Text::DnsNeedsAny,
        },
        Part::Priority => Text::DnsPriorityHint,
        Part::Ttl => Text::DnsTtlHint,
    };
    text.get(language).to_owned()
}

/// What the form says under its fields: a key or paste left out of a digits-only field,
/// why the last try was refused, what became of a paste, or what the focused part takes.
fn form_message(form: &DnsForm, language: Language, theme: &Theme) -> (&'static str, String, ratatui::style::Style) {
    if let Some((part, text)) = &form.left_out {
        let what = if *part == Part::Ttl { Text::DnsWordTtl } else { Text::DnsWordPriority };
        let said = Text::DnsDigitsOnly.fill(language, &[("what", &what.get(language)), ("text", text)]);
        return (" ✗ ", said, theme.error);
    }
    match (&form.error, &form.note) {
        (Some(error), _) => (" ✗ ", error.clone(), theme.error),
        (None, Some(note)) => (" ℹ ", note.clone(), theme.dim),
        (None, None) => (" ℹ ", part_hint(form, language), theme.dim),
    }
}

/// The lines of the form's message, wrapped to `width` after its mark with a column to
/// spare: as many as it takes, so no message loses its end. Each of its lines (a problem
/// of its own) starts with the mark.
fn message_lines(mark: &str, message: &str, width: usize) -> Vec<String> {
    let indent = " ".repeat(mark.width());
    let room = width.saturating_sub(mark.width() + 1).max(1);
    message
        .lines()
        .filter(|said| !said.trim().is_empty())
        .flat_map(|said| {
            let wrapped = textwrap::wrap(said, room).into_iter().enumerate();
            wrapped
                .map(|(i, line)| format!("{}{line}", if i == 0 { mark } else { indent.as_str() }))
                .collect::<Vec<_>>()
        })
        .collect()
}

pub(super) fn dns_form(frame: &mut Frame, area: Rect, paint: &Paint, form: &DnsForm) {
    let (lang, theme) = (paint.language, paint.theme);
    let parts = form.parts();
    let label_width = Part::ALL.iter().map(|p| part_label(*p, lang).width()).max().unwrap_or(8);
    let (mark, message, style) = form_message(form, lang, theme);
    // The message is wrapped to the form's inner width (72 less the borders, or the screen's
    // less them when narrower); the form grows to hold it, two lines at least so that it
    // does not jump as the hints change.
    let inner_width = area.width.min(72).saturating_sub(2) as usize;
    let mut said = message_lines(mark, &message, inner_width);
    let said_height = said.len().max(2);
    let rect = centered(area, 72, (parts.len() + 5 + said_height) as u16);
    let title = match &form.editing {
        Some(old) => Text::DnsEditTitle.fill(lang, &[("id", &old.id), ("domain", &form.domain)]),
        None => Text::DnsAddTitle.fill(lang, &[("domain", &form.domain)]),
    };
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    let value_width = (inner.width as usize).saturating_sub(label_width + 4).max(1);
    let mut lines = Vec::new();
    let mut cursor = None;
    for (row, part) in parts.iter().enumerate() {
        let focused = form.focus == *part;
        let label = fields::form_label(theme, part_label(*part, lang), label_width, focused);
        let label_width_shown = label.width();
        let mut spans = vec![label];
        match form.input(*part) {
            Some(input) => {
                let (shown, at) = fields::text_input(theme, input, value_width, focused, false);
                if let Some(at) = at {
                    cursor = Some(Position { x: inner.x + (label_width_shown + at) as u16, y: inner.y + row as u16 });
                }
                spans.push(shown);
            }
            None => {
                for (i, kind) in form.types.iter().enumerate() {
                    let style = if i == form.kind { theme.selected } else { theme.dim };
                    spans.push(Span::styled(format!(" {kind} "), style));
                    spans.push(Span::raw(" "));
                }
            }
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::default());
    said.resize(said.len().max(2), String::new());
    lines.extend(said.into_iter().map(|line| Line::styled(line, style)));
    lines.push(Line::default());
    let keymap = paint.keymap;
    let (open, back) = (keymap.label(Context::Global, Action::Open), keymap.label(Context::Global, Action::Back));
    let keys = [
        (open.as_str(), Text::HintCheck.get(lang)),
        ("Tab/↑↓", Text::HintField.get(lang)),
        ("←→", Text::HintChange.get(lang)),
        (back.as_str(), Text::HintCancel.get(lang)),
    ];
    lines.push(Line::from([vec![Span::raw(" ")], fields::hints(theme, &keys)].concat()));
    frame.render_widget(Paragraph::new(lines), inner);
    if let Some(pos) = cursor {
        frame.set_cursor_position(pos);
    }
}

