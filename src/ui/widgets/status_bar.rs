//! The bottom rows: key hints (from the keymap), then session state, spinner and the last
//! error or notice as one line.

use std::time::SystemTime;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use crate::api::{Language, SessionState};
use crate::app::FrameView;
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::i18n::format;
use crate::paint::columns::truncate;
use crate::paint::spinner;

/// The screen's hints in its order, as many as fit the width before help and quit, which
/// always show (help lists every key); `…` where some did not fit.
pub fn hints(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme) {
    let (context, language) = (view.screen.context(), view.language);
    let actions = view.hinted();
    let (own, always) = actions.split_at(actions.len().saturating_sub(2));
    let always = view.keymap.hints(context, always, language);
    // `key word  ` each, after a space; the last one's two spaces may fall off the edge.
    let width = |(key, word): &(String, &str)| key.width() + word.width() + 3;
    let room = (usize::from(area.width) + 1).saturating_sub(always.iter().map(width).sum::<usize>());
    let own = view.keymap.hints(context, own, language);
    let fits = |room: usize| {
        own.iter().scan(0, move |used, pair| {
            *used += width(pair);
            Some(*used <= room)
        })
    };
    let all = fits(room).all(|fit| fit);
    // `… ` marks the hints left out (help has them all).
    let shown = if all { own.len() } else { fits(room.saturating_sub(2)).take_while(|fit| *fit).count() };
    let own: Vec<(&str, &str)> = own.iter().take(shown).map(|(k, w)| (k.as_str(), *w)).collect();
    let always: Vec<(&str, &str)> = always.iter().map(|(k, w)| (k.as_str(), *w)).collect();
    let mut spans = [vec![Span::raw(" ")], crate::paint::fields::hints(theme, &own)].concat();
    if !all {
        spans.push(Span::styled("… ", theme.dim));
    }
    spans.extend(crate::paint::fields::hints(theme, &always));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn session_text(state: SessionState, language: Language) -> String {
    match state {
        SessionState::Basic => Text::SessionBasic.get(language).to_owned(),
        SessionState::LoggedOut => Text::SessionLoggedOut.get(language).to_owned(),
        SessionState::Token { expires_at: None } => Text::SessionNoExpiry.get(language).to_owned(),
        SessionState::Token { expires_at: Some(at) } => match at.duration_since(SystemTime::now()) {
            Ok(left) => Text::SessionRenewsIn.fill(language, &[("time", &format::countdown_duration(left, language))]),
            Err(_) => Text::SessionExpired.get(language).to_owned(),
        },
    }
}

/// The session, then the message: on one row where it fits beside the user and the
/// language, else over two (`App::status_rows`), the session shortened to them and the
/// message going on between words on the second row; only a message longer than both
/// rows is cut, and `e` shows it whole.
pub fn draw(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme) {
    let (message, style) = match &view.status_message {
        Some((message, crate::app::Said::Failed)) => (message.as_str(), theme.error),
        Some((message, crate::app::Said::Done)) => (message.as_str(), theme.good),
        Some((message, _)) => (message.as_str(), theme.text),
        None => ("", theme.text),
    };
    let two_rows = area.height >= 2 && view.status_rows == 2;
    // The message matters more than the session line: the session's countdown, then the
    // user go before the message is cut (the log, 8, has every message in full).
    let lefts: Vec<String> = match (view.session, view.status_user.clone()) {
        (Some(s), Some(short)) if !two_rows => {
            vec![format!("{short} · {}", session_text(s.state, view.language)), short, String::new()]
        }
        (Some(_), Some(short)) => vec![short],
        _ => vec![" ".to_owned()],
    };
    let fits = |left: &String| left.width() + message.width() + 4 <= area.width as usize;
    let left =
        lefts.iter().find(|l| message.is_empty() || two_rows || fits(l)).or(lefts.last()).cloned().unwrap_or_default();
    // A session line wider than the row (a long user name) ends in an ellipsis, not mid-word.
    let left = truncate(&left, usize::from(area.width));
    let mut spans = vec![Span::styled(left, theme.dim)];
    if let Some(age) = view.stale_age {
        let age = format::duration(age, view.language);
        spans.push(Span::styled(format!("  {}", Text::Stale.fill(view.language, &[("age", &age)])), theme.warning));
    }
    if view.busy {
        if let Some(glyph) = spinner::frame(view.spinner) {
            spans.push(Span::styled(format!("  {glyph} {}", Text::Working.get(view.language)), theme.key));
        }
    }
    let mut second = None;
    if !message.is_empty() {
        let used: usize = spans.iter().map(|s| s.content.width()).sum();
        let room = (area.width as usize).saturating_sub(used + 3);
        let text = if two_rows {
            let (first, rest) = crate::app::split_at_width(message, room);
            second = Some(truncate(&rest, usize::from(area.width).saturating_sub(5)));
            first
        } else {
            truncate(message, room)
        };
        spans.push(Span::raw("  "));
        spans.push(Span::styled(text, style));
    }
    let mut lines = vec![Line::from(spans)];
    // The second row lines up under the message's text, past its mark.
    lines.extend(second.map(|rest| Line::from(vec![Span::raw("    "), Span::styled(rest, style)])));
    frame.render_widget(Paragraph::new(lines), area);
}
