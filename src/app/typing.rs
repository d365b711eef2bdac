//! Text put into a one-line field (tui-input) other than by its own keys: pasted, or
//! filled in.

use tui_input::{Input, InputRequest};

/// Types `text` into `input` where its cursor is.
pub(crate) fn insert(input: &mut Input, text: &str) {
    for c in text.chars() {
        input.handle(InputRequest::InsertChar(c));
    }
}
