//! Pieces shared by the screens.

pub mod help;
pub mod popup;
pub mod profiles;
pub mod prompt;
pub mod reading_again;
pub mod status_bar;
pub mod top_bar;
