//! The dialogs of a change, drawn over everything: the confirmation that names a change
//! before it is sent, else the dialog of the screen shown (`View::draw_dialog`: the DNS
//! record form). The keys they name are the keymap's.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use crate::app::{Confirmation, FrameView};
use crate::config::keys::{Action, Context};
use crate::config::theme::Theme;
use crate::i18n::Text;
use crate::paint::centered;
use crate::paint::fields::{self, pad};

pub fn draw(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme) {
    // The confirmation of a change made in a screen's dialog is drawn in its place.
    match (view.confirmation, view.shown) {
        (Some(confirmation), _) => confirm(frame, area, view, theme, confirmation),
        (None, Some(shown)) => shown.draw_dialog(frame, area, &view.paint(theme)),
        (None, None) => {}
    }
}

fn confirm(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme, c: &Confirmation) {
    let lang = view.language;
    let width = area.width.saturating_sub(4).min(78);
    let label_width = c.rows.iter().map(|(l, _)| l.width()).max().unwrap_or(8);
    let value_width = (width as usize).saturating_sub(label_width + 6).max(10);
    let mut lines: Vec<Line> = Vec::new();
    // Where the total is, if the confirmation has one.
    let mut total_at = None;
    // Where each row's first line is: what gives way is whole rows.
    let mut starts: Vec<usize> = Vec::new();
    for (label, value) in &c.rows {
        starts.push(lines.len());
        if total_at.is_none() && label == Text::LabelTotal.get(lang) {
            total_at = Some(lines.len());
        }
        // The request as sent is there to check, not to read first.
        let style = if label == Text::LabelRequest.get(lang) { theme.dim } else { theme.text };
        for (i, part) in textwrap::wrap(value, value_width).into_iter().enumerate() {
            let label = if i == 0 { label.as_str() } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {}  ", pad(label, label_width)), theme.dim),
                Span::styled(part.into_owned(), style),
            ]));
        }
    }
    // Taller than the screen (a batch of many, a long order): its middle gives way, so that
    // its first rows, its sums, its request and its keys stay in view; never its total,
    // which the rows before it give way to instead.
    let room = usize::from(area.height.saturating_sub(2)).saturating_sub(3);
    if lines.len() > room && room >= 3 {
        let need = lines.len() - (room - 1);
        let mut head = (room - 1) / 2;
        if let Some(total) = total_at.filter(|t| (head..head + need).contains(t) && *t > need) {
            head = total - need;
        }
        // From the start of the row the cut begins in to the start of a row after it.
        let from = starts.iter().rev().copied().find(|&s| s <= head).unwrap_or(head);
        let to = starts.iter().copied().find(|&s| s >= from + need).unwrap_or(lines.len()).max(from + need);
        let hidden = to - from;
        let said = Text::ConfirmRowsHidden.fill(lang, &[("count", &hidden)]);
        lines.splice(from..to, [Line::styled(format!(" {said}"), theme.warning)]);
    }
    lines.push(Line::default());
    lines.push(Line::styled(format!(" {}", Text::SentOnce.get(lang)), theme.dim));
    let (yes, no) =
        (view.keymap.labels(Context::Dialog, Action::Confirm), view.keymap.labels(Context::Dialog, Action::Back));
    let keys = [(yes.as_str(), Text::HintSend.get(lang)), (no.as_str(), Text::HintDontSend.get(lang))];
    // Until it settles it takes no key, and says so rather than offer them.
    if c.settling {
        lines.push(Line::styled(format!(" {}", Text::KeysSettling.get(lang)), theme.warning));
    } else {
        lines.push(Line::from([vec![Span::raw(" ")], fields::hints(theme, &keys)].concat()));
    }
    let rect = centered(area, width, lines.len() as u16 + 2);
    let block = Block::bordered()
        .border_style(theme.warning)
        .title(Line::styled(format!(" {} ", c.title.get(lang)), theme.warning));
    // A column of margin each side, cleared too: no stray end of the screen's text beside it.
    let left = rect.x.saturating_sub(1).max(area.x);
    let margin = Rect { x: left, width: (rect.right() + 1).min(area.right()) - left, ..rect };
    frame.render_widget(Clear, margin);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}
