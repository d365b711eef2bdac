//! Keys: the actions (declared once), the keys themselves, and the keymap binding one to
//! the other per screen. The help popup, the key hints and every key named on screen are
//! generated from the active keymap, so they cannot disagree with what the keys do.

mod action;
mod bindings;
mod key;
mod keymap;
mod screens;

pub use action::Action;
pub use key::Key;
pub use keymap::{Binding, Keymap};
pub(crate) use screens::screens;
pub use screens::{Context, Screen};
