//! The drawing pieces every screen shares, below `app`: the drawing context a screen is
//! drawn with ([`Paint`]: language, today, theme, keys), columns, grouped lists, field
//! rows, the scrollbar, and what an empty, loading or failed screen says. Nothing here
//! knows `App` or a screen's state: each screen's own drawing (`app/screens/X/draw.rs`)
//! hands these what it shows.

pub mod columns;
pub mod fields;
pub mod grouped;
pub mod scrollbar;
pub mod spinner;

use std::collections::HashSet;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::api::{ApiError, Language, Operation};
use crate::config::keys::{Action, Context, Keymap};
use crate::config::theme::Theme;
use crate::i18n::Text;

/// What a screen is drawn with besides its own state: borrowed from the app for one frame,
/// nothing copied.
#[derive(Clone, Copy)]
pub struct Paint<'a> {
    pub language: Language,
    pub today: time::Date,
    pub theme: &'a Theme,
    pub keymap: &'a Keymap,
    /// The keys of the screen shown: what `key` names.
    pub context: Context,
    /// Whether a lookup of the screen shown is in flight.
    pub busy: bool,
    /// The reads the portal does not offer this profile.
    pub not_offered: &'a HashSet<Operation>,
    /// The zone times are shown in, and the portal's clock.
    pub times: crate::i18n::times::Times,
}

impl Paint<'_> {
    /// The first key of `action` on the screen shown.
    pub fn key(&self, action: Action) -> String {
        self.keymap.label(self.context, action)
    }

    /// `text` with `{key}` as the first key of `action` on the screen shown.
    pub fn keyed(&self, text: Text, action: Action) -> String {
        text.fill(self.language, &[("key", &self.key(action))])
    }

    /// `text` in the language, as a line of an empty state.
    pub fn said(&self, text: Text) -> Option<String> {
        Some(text.get(self.language).to_owned())
    }

    pub fn offers(&self, op: Operation) -> bool {
        !self.not_offered.contains(&op)
    }
}

/// A lookup screen with nothing to show yet: "Looking up…" while the lookup runs, else how
/// to start one.
pub fn nothing_shown(frame: &mut Frame, area: Rect, paint: &Paint, how: &[Option<String>]) {
    let busy = [paint.said(Text::LookingUp)];
    empty_state(frame, area, paint.theme, if paint.busy { &busy } else { how });
}

/// A portal list not read yet, in place of the list: why its reading failed and the key
/// that tries again (`failed`); else that this portal does not offer it, `then` following
/// (where to look instead); else that nothing came yet. While it is asked, "Looking up…".
pub fn list_not_read(
    frame: &mut Frame,
    area: Rect,
    paint: &Paint,
    op: Operation,
    failed: Option<&ApiError>,
    then: &[Option<String>],
) {
    if let Some(reason) = failed {
        return list_failed(frame, area, paint, &crate::i18n::api_error(reason, paint.language), &[]);
    }
    let how: Vec<Option<String>> = if paint.offers(op) {
        vec![paint.said(Text::NothingYet)]
    } else {
        std::iter::once(Some(crate::i18n::not_offered(op, paint.language))).chain(then.iter().cloned()).collect()
    };
    nothing_shown(frame, area, paint, &how)
}

/// A list (or what a screen shows) that could not be read and has nothing to show: why
/// (`reason`, as `i18n::api_error` says it), and the key that tries
/// again, wrapped to the width, in the middle of the screen; `then` follows (how to look
/// one thing up instead, say). While it is asked again, "Looking up…".
pub fn list_failed(frame: &mut Frame, area: Rect, paint: &Paint, reason: &str, then: &[Option<String>]) {
    if paint.busy {
        return nothing_shown(frame, area, paint, &[]);
    }
    let theme = paint.theme;
    let retry = paint.keyed(Text::ListFailedRetry, Action::Refresh);
    let room = usize::from(area.width.saturating_sub(4)).max(20);
    let options = textwrap::Options::new(room).word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut text: Vec<Line> = textwrap::wrap(reason, options)
        .into_iter()
        .map(|part| Line::styled(part.into_owned(), theme.warning).centered())
        .collect();
    text.push(Line::styled(retry, theme.dim).centered());
    text.extend(then.iter().map(|l| Line::styled(l.clone().unwrap_or_default(), theme.dim).centered()));
    let rect = centered(area, area.width, text.len() as u16);
    frame.render_widget(Paragraph::new(text), rect);
}

/// A list on screen whose last reading failed: why, and the key that tries again, on the
/// bottom border of its box (the list stays, as it was last read).
pub fn list_failed_below(frame: &mut Frame, area: Rect, paint: &Paint, failed: &ApiError) {
    if area.height < 3 || area.width < 4 {
        return;
    }
    let key = paint.key(Action::Refresh);
    let reason = crate::i18n::api_error(failed, paint.language);
    let text = Text::ListFailedBelow.fill(paint.language, &[("reason", &reason), ("key", &key)]);
    let room = usize::from(area.width - 4);
    let text = format!(" {} ", columns::truncate(&text, room));
    let line = Rect { x: area.x + 1, y: area.bottom() - 1, width: area.width - 2, height: 1 };
    frame.render_widget(Paragraph::new(Line::styled(text, paint.theme.warning)), line);
}

/// A message in the middle of an empty screen (`None` lines are blank).
pub fn empty_state(frame: &mut Frame, area: Rect, theme: &Theme, lines: &[Option<String>]) {
    // A line longer than the screen wraps between words, never cut.
    let room = usize::from(area.width.saturating_sub(2)).max(1);
    let text: Vec<Line> = lines
        .iter()
        .map(|l| l.as_deref().unwrap_or_default())
        .flat_map(|l| match l.is_empty() {
            true => vec![String::new()],
            false => textwrap::wrap(l, room).into_iter().map(|part| part.into_owned()).collect(),
        })
        .map(|l| Line::styled(l, theme.dim).centered())
        .collect();
    let rect = centered(area, area.width, text.len() as u16);
    frame.render_widget(Paragraph::new(text), rect);
}

/// How a date `days` away reads: red once past, amber within the warning window.
pub fn days_style(theme: &Theme, days: Option<i64>) -> Style {
    match days {
        Some(d) if d < 0 => theme.expired,
        Some(d) if d <= crate::radar::SOON_DAYS => theme.warning,
        _ => theme.text,
    }
}

/// The scrollbar of a document in the bordered box `area`, `total` lines long, scrolled to
/// `offset` (as `Scroll::fit` gave it).
pub fn document_bar(frame: &mut Frame, area: Rect, theme: &Theme, offset: u16, total: usize) {
    let rows = usize::from(area.height.saturating_sub(2));
    let window = scrollbar::Window { offset: usize::from(offset), rows, total };
    scrollbar::bar(frame, area, 0, window, theme);
}

/// Clamps a scroll offset so the last line stays at the bottom of the view.
pub fn clamp_scroll(scroll: usize, lines: usize, height: u16) -> u16 {
    scroll.min(lines.saturating_sub(height as usize)).min(u16::MAX as usize) as u16
}

/// A rectangle of at most `width`×`height`, centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}
