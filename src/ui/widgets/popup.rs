use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::app::FrameView;
use crate::config::theme::Theme;
use crate::i18n::Text;

use crate::paint::centered;

/// The last message in full, wrapped: titled an error where it is one, else a message,
/// with its mark.
pub fn message(frame: &mut Frame, area: Rect, view: &FrameView, theme: &Theme, message: &str, said: crate::app::Said) {
    let language = view.language;
    let close = view.keymap.label(crate::config::keys::Context::Global, crate::config::keys::Action::Back);
    let rect = centered(area, 72, 10);
    frame.render_widget(Clear, rect);
    let text = vec![
        Line::styled(format!("{} {message}", said.mark()), theme.text),
        Line::default(),
        Line::styled(Text::EscToClose.fill(language, &[("key", &close)]), theme.dim),
    ];
    let (title, style) = match said {
        crate::app::Said::Failed => (Text::ErrorTitle, theme.error),
        _ => (Text::MessageTitle, theme.title),
    };
    let block = Block::bordered().title(Line::styled(format!(" {} ", title.get(language)), style));
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }).block(block), rect);
}
