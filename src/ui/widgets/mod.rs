//! The pieces of the frame: top bar, status bar and hints, help, popups, the switcher, the
//! prompt, "reading again" (the screens' shared pieces are in `paint`).

pub mod help;
pub mod popup;
pub mod profiles;
pub mod prompt;
pub mod reading_again;
pub mod status_bar;
pub mod top_bar;
