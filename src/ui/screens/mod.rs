//! Every screen's drawing, one file per screen, named for the screen's module in the
//! screen table (`config/keys/screens.rs`): the table generates the modules and the
//! dispatch, so a new screen is drawn once its file is here.

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::app::{App, Screen};
use crate::config::theme::Theme;

/// The modules and the dispatch to them, from the rows.
macro_rules! draw_layer {
    ($($screen:ident { module: $module:ident, $($rest:tt)* })*) => {
        $(mod $module;)*

        /// Draws the screen shown in `area`; the login form is not in the table and is
        /// drawn by the caller.
        pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
            let (paint, around) = (app.paint(theme), app.around());
            match app.profile().screen {
                $(Screen::$screen => $module::draw(frame, area, &paint, &around),)*
                Screen::Login => {}
            }
        }
    };
}

crate::config::keys::screens!(draw_layer);

/// The domains screen's panel for a name checked for registration.
mod availability;

/// How the request log shows an answer's body (tests check what it masks).
pub use log::shown_body;
