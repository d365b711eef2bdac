//! The profile switcher: every configured portal with its host, role, user and whether it is
//! signed in; the role in its header colour, so the choice is hard to get wrong.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

use crate::app::FrameView;
use crate::config::theme::Theme;
use crate::i18n::{self, Text};
use crate::paint::centered;
use crate::paint::columns::truncate;
use crate::paint::fields::pad;

pub fn draw(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme) {
    let lang = view.language;
    let rows = &view.switcher_rows;
    let column = |f: &dyn Fn(&crate::app::ProfileRow) -> String| rows.iter().map(|r| f(r).width()).max().unwrap_or(0);
    let name_w = column(&|r| r.name.clone()).min(16);
    let host_w = column(&|r| r.host.clone()).min(24);
    let role_w = column(&|r| i18n::role(r.role, lang).to_owned());
    let user_w = column(&|r| r.user.clone()).min(24);
    let state_w = Text::SignedIn.get(lang).width().max(Text::SignedOut.get(lang).width()) + 2;
    let width = (name_w + host_w + role_w + user_w + state_w + 16) as u16;
    // Inside the screen's own frame, never over its borders.
    let inner = area.inner(ratatui::layout::Margin { horizontal: 1, vertical: 1 });
    let rect = centered(inner, width, rows.len() as u16 + 2);
    let mut lines = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let here = i == view.switcher;
        let marker = if here { "▸" } else { " " };
        let state = if row.signed_in { Text::SignedIn } else { Text::SignedOut }.get(lang);
        let dot = if row.signed_in { "●" } else { "○" };
        let current = if row.active { "*" } else { " " };
        let mut spans = vec![
            Span::styled(format!("{marker}{} ", i + 1), theme.key),
            Span::styled(format!("{current}{} ", pad(&truncate(&row.name, name_w), name_w)), theme.title),
            Span::styled(format!("{} ", pad(&truncate(&row.host, host_w), host_w)), theme.text),
            Span::styled(pad(i18n::role(row.role, lang), role_w), theme.badge(row.role)),
            Span::styled(format!(" {} ", pad(&truncate(&row.user, user_w), user_w)), theme.dim),
            Span::styled(format!("{dot} {state}"), if row.signed_in { theme.good } else { theme.dim }),
        ];
        if here {
            for span in &mut spans {
                span.style = span.style.patch(theme.selected);
            }
        }
        lines.push(Line::from(spans));
    }
    let label = |action| view.keymap.label(crate::config::keys::Context::Global, action);
    let keys = Text::ProfilesKeys.fill(
        lang,
        &[("open", &label(crate::config::keys::Action::Open)), ("back", &label(crate::config::keys::Action::Back))],
    );
    let title = format!(" {} — {keys} ", Text::ProfilesTitle.get(lang));
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(Line::styled(title, theme.title))), rect);
}
