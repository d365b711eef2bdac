//! A screen drawn as the terminal would draw it, into a `TestBackend`: read as text, or
//! kept as insta snapshots at the sizes every screen is checked at. The app drawn is a
//! harness's, driven over HTTP, or one [`Built`] in the test itself without a portal.

use portal_tui::api::{Role, SessionState};
use portal_tui::app::{App, LoginForm, Msg, Screen, SessionInfo};
use portal_tui::config::settings::Partial;
use portal_tui::config::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The sizes every screen is snapshotted at: a small terminal and a roomy one.
pub const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// `app` drawn at this size with the default theme.
pub fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    let theme = Theme::ansi();
    terminal.draw(|f| portal_tui::ui::draw(f, &app.frame_view(), &theme)).unwrap();
    terminal
}

/// A dashboard signed in to a portal it never asks, showing one screen: a test puts the
/// screen's state in `app.profile_mut().screens` and draws it (`render`, `assert_screens!`).
pub struct Built {
    pub app: App,
}

impl Built {
    /// Signed in as a client of `portal.example.vn`, on `screen`, on the harness's day.
    pub fn on(screen: Screen) -> Built {
        let mut app = App::new(LoginForm::new(Partial::default(), None), super::harness::TODAY);
        let profile = app.profile_mut();
        profile.session = Some(SessionInfo {
            host: "portal.example.vn".to_owned(),
            role: Role::Client,
            user: "an@example.vn".to_owned(),
            state: SessionState::Basic,
        });
        profile.screen = screen;
        Built { app }
    }

    /// The app drawn at this size, after it heard of the size as from the terminal.
    pub fn render(&mut self, width: u16, height: u16) -> Terminal<TestBackend> {
        let _ = self.app.update(Msg::Resize(width, height));
        draw(&self.app, width, height)
    }
}

/// The drawn screen as plain text, a line per row.
pub fn text(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let (width, height) = (buffer.area.width, buffer.area.height);
    (0..height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>() + "\n").collect()
}

/// Snapshots a harness's screen at each of `SIZES` as `{name}_{w}x{h}`. A macro, so that
/// insta names and places the file after the test that calls it: `tests/it/snapshots/`,
/// `it__{module}__{name}_{w}x{h}.snap`.
macro_rules! assert_screens {
    ($harness:expr, $name:expr) => {
        for (w, ht) in $crate::support::screen::SIZES {
            let terminal = $harness.render(w, ht);
            insta::assert_snapshot!(format!("{}_{w}x{ht}", $name), terminal.backend());
        }
    };
}
pub(crate) use assert_screens;
