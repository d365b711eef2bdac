//! Copy to the clipboard of the user's terminal with OSC 52: works over SSH because the
//! terminal, not this machine, owns the clipboard. Inside tmux the sequence is wrapped in a
//! DCS passthrough so tmux hands it on.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

pub fn osc52(text: &str, inside_tmux: bool) -> String {
    let payload = STANDARD.encode(text);
    if inside_tmux {
        format!("\x1bPtmux;\x1b\x1b]52;c;{payload}\x07\x1b\\")
    } else {
        format!("\x1b]52;c;{payload}\x07")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_tmux_wrapped() {
        assert_eq!(osc52("hi", false), "\x1b]52;c;aGk=\x07");
        assert_eq!(osc52("hi", true), "\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\");
    }
}
