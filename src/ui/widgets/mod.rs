//! Pieces shared by the screens.

pub mod fields;
pub mod help;
pub mod popup;
pub mod profiles;
pub mod prompt;
pub mod reading_again;
pub mod scrollbar;
pub mod spinner;
pub mod status_bar;
pub mod top_bar;
