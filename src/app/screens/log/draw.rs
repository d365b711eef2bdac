//! The request log screen: every request and message of this run, newest first; Enter on
//! a request shows its answer's body, pretty-printed, cleaned and with secrets masked.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};

use super::{State, texts};

use crate::app::screens::Around;
use crate::app::LogEntry;
use crate::config::keys::Action;
use crate::i18n::{Text, format};
use crate::paint::Paint;
use crate::paint::scrollbar::{self, Window};
use crate::paint::{columns, empty_state};

/// Lines of an answer's body shown at most.
const BODY_LINES: usize = 2000;

pub fn draw(frame: &mut Frame, area: Rect, _state: &State, paint: &Paint, around: &Around) {
    let theme = paint.theme;
    let log = around.log;
    match log.open.and_then(|i| log.entries.get(i)) {
        Some(LogEntry::Request { exchange, .. }) => return body(frame, area, paint, around, exchange),
        Some(LogEntry::Message { text, .. }) => return message(frame, area, paint, text),
        None => {}
    }
    if log.entries.is_empty() {
        return empty_state(frame, area, theme, &[paint.said(texts::LogEmpty)]);
    }
    let lang = paint.language;
    let rows_shown = area.height.saturating_sub(2) as usize;
    let offset = log.selected.saturating_sub(rows_shown.saturating_sub(1));
    // The last column (the request, or the message) takes the room that is left; the
    // time and size columns are as wide as their widest value.
    let profile_width = log.entries.iter().map(|e| match e {
        LogEntry::Request { profile, .. } | LogEntry::Message { profile, .. } => profile.chars().count(),
    });
    let exchanges = || {
        log.entries.iter().filter_map(|e| match e {
            LogEntry::Request { exchange, .. } => Some(exchange),
            LogEntry::Message { .. } => None,
        })
    };
    let inner = area.width.saturating_sub(2);
    let ms_width = columns::number_width("", exchanges().map(|x| millis(x, lang)), inner);
    let bytes_width = columns::number_width("", exchanges().map(|x| format::count(x.bytes, lang)), inner);
    let constraints = [
        Constraint::Length(8),
        Constraint::Length(profile_width.max().unwrap_or(0).min(12) as u16),
        Constraint::Length(3),
        Constraint::Length(ms_width),
        Constraint::Length(bytes_width),
        Constraint::Length(2),
        Constraint::Fill(1),
    ];
    let widths = columns::layout(inner, &constraints);
    let rows: Vec<Row> = log
        .entries
        .iter()
        .enumerate()
        .skip(offset)
        .take(rows_shown)
        .map(|(i, entry)| {
            let row = match entry {
                LogEntry::Request { at, profile, exchange, attempt } => {
                    let status = exchange.status.map_or_else(|| "—".to_owned(), |s| s.to_string());
                    let outcome = exchange.failure.clone().unwrap_or_default();
                    let style = if exchange.failure.is_some() || exchange.status.is_some_and(|s| s >= 400) {
                        theme.error
                    } else {
                        theme.text
                    };
                    let what = if outcome.is_empty() {
                        format!("{} {}", exchange.method, exchange.path)
                    } else {
                        format!("{} {} — {outcome}", exchange.method, exchange.path)
                    };
                    Row::new(vec![
                        Cell::from(paint.times.clock(*at)),
                        Cell::from(columns::text(profile, widths[1])),
                        Cell::from(status),
                        Cell::from(columns::number(millis(exchange, lang), widths[3])),
                        Cell::from(columns::number(format::count(exchange.bytes, lang), widths[4])),
                        Cell::from(if *attempt > 1 { format!("↻{}", attempt - 1) } else { String::new() }),
                        Cell::from(columns::text(&what, widths[6])),
                    ])
                    .style(style)
                }
                LogEntry::Message { at, profile, text, said } => Row::new(vec![
                    Cell::from(paint.times.clock(*at)),
                    Cell::from(columns::text(profile, widths[1])),
                    Cell::from(""),
                    Cell::from(""),
                    Cell::from(""),
                    Cell::from(""),
                    Cell::from(columns::text(&format!("{} {text}", said.mark()), widths[6])),
                ])
                .style(if *said == crate::app::Said::Failed { theme.error } else { theme.dim }),
            };
            if i == log.selected { row.style(theme.selected) } else { row }
        })
        .collect();
    let count = format::count(log.entries.len(), lang);
    let one = if log.entries.len() == 1 { texts::LogTitleOne } else { texts::LogTitle };
    // The entries' times, in the zone chosen: named where it is not this machine's.
    let zone = paint.times.label(lang);
    let mut title = one.fill(lang, &[("count", &count), ("zone", &zone), ("key", &paint.key(Action::Open))]);
    // Entries that came in above the selection since it left the top: said, not hidden.
    if log.newer > 0 && log.selected > 0 {
        let newer = format::count(log.newer, lang);
        title += &format!(" — {}", texts::LogNewer.fill(lang, &[("n", &newer), ("key", &paint.key(Action::Home))]));
    }
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    let widths = widths.into_iter().map(Constraint::Length);
    frame.render_widget(Table::new(rows, widths).block(block), area);
    scrollbar::bar(frame, area, 0, Window { offset, rows: rows_shown, total: log.entries.len() }, theme);
    scrollbar::position(frame, area, log.selected + 1, log.entries.len(), lang, theme);
}

/// How long an exchange took: `1,234 ms`.
fn millis(exchange: &crate::api::http::exchanges::Exchange, lang: crate::api::Language) -> String {
    let ms = usize::try_from(exchange.elapsed.as_millis()).unwrap_or(usize::MAX);
    format!("{} ms", format::count(ms, lang))
}

fn body(frame: &mut Frame, area: Rect, paint: &Paint, around: &Around, exchange: &crate::api::http::exchanges::Exchange) {
    let theme = paint.theme;
    let lang = paint.language;
    let text = if exchange.withheld { String::new() } else { shown_body(&exchange.body) };
    let mut lines: Vec<Line> = text.lines().take(BODY_LINES).map(|l| Line::styled(l.to_owned(), theme.text)).collect();
    if text.lines().count() > BODY_LINES {
        lines.push(Line::styled(texts::LogCut.fill(lang, &[("lines", &BODY_LINES)]), theme.dim));
    }
    if exchange.withheld {
        lines.push(Line::styled(texts::LogWithheld.get(lang), theme.dim));
    } else if lines.is_empty() {
        lines.push(Line::styled(texts::LogNoBody.get(lang), theme.dim));
    }
    let status = exchange.status.map_or_else(|| "—".to_owned(), |s| s.to_string());
    let back = paint.key(Action::Back);
    let fill: [(&str, &dyn std::fmt::Display); 4] =
        [("method", &exchange.method), ("path", &exchange.path), ("status", &status), ("key", &back)];
    let title = texts::LogBodyTitle.fill(lang, &fill);
    let total = lines.len();
    let scroll = around.log.body_scroll.fit(total, area.height.saturating_sub(2).into());
    let block = Block::bordered().title(Line::styled(format!(" {title} "), theme.title));
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)).block(block), area);
    crate::paint::document_bar(frame, area, theme, scroll, total);
}

/// A message in full (the status line cuts long ones).
fn message(frame: &mut Frame, area: Rect, paint: &Paint, text: &str) {
    let theme = paint.theme;
    let back = paint.key(Action::Back);
    let title = format!(
        " {} — {} ",
        Text::ScreenLog.get(paint.language),
        Text::EscBack.fill(paint.language, &[("key", &back)])
    );
    let block = Block::bordered().title(Line::styled(title, theme.title));
    frame
        .render_widget(Paragraph::new(text.to_owned()).wrap(ratatui::widgets::Wrap { trim: false }).block(block), area);
}


/// An answer's body as the log shows it: JSON pretty-printed, anything else as text, the
/// values of secret-named keys and bare credentials masked (the held secrets were replaced
/// when it was kept); control characters and escapes removed.
pub fn shown_body(body: &[u8]) -> String {
    use crate::api::http::redact;
    let text = String::from_utf8_lossy(body);
    let shown = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(value) => {
            let mut value = crate::api::lenient::cleaned(value);
            redact::mask_json(&mut value);
            serde_json::to_string_pretty(&value).unwrap_or_default()
        }
        Err(_) => text.into_owned(),
    };
    let shown = redact::mask_text(&shown);
    crate::api::sanitize::multiline(&shown).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_pretty_masked_and_clean() {
        let body = br#"{"token":"eyJabc","refresh_token":"r1","client":{"password":"p","name":"An\u001b[2J"}}"#;
        let shown = shown_body(body);
        assert!(!shown.contains("eyJabc") && !shown.contains("\"r1\"") && !shown.contains("\"p\""), "{shown}");
        assert!(shown.contains("\"name\": \"An\""), "{shown}");
        assert!(shown.lines().count() > 3, "pretty-printed: {shown}");
        assert_eq!(shown_body(b"<html>down</html>"), "<html>down</html>");
        let page = shown_body(b"<pre>Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig</pre>");
        assert_eq!(page, format!("<pre>Authorization: Bearer {}</pre>", crate::api::http::redact::MASK));
    }
}
