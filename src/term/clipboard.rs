//! Copying to the user's clipboard from a terminal program. Outside tmux: OSC 52, which
//! works over SSH because the terminal, not this machine, owns the clipboard. Inside tmux,
//! whose default `set-clipboard external` ignores OSC 52 from programs and whose
//! passthrough is off by default, the text is handed to tmux itself (`load-buffer -w`):
//! it lands in tmux's buffer, and tmux passes it on to the outer terminal where it may.
//! OSC 52 (wrapped for passthrough) is the fallback. The result says which happened.

use std::io::Write;
use std::process::{Command, Stdio};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

pub use crate::command::Copied;

/// Copies `text`, writing any escape sequence to `terminal`.
pub fn copy(text: &str, terminal: &mut impl Write) -> std::io::Result<Copied> {
    let inside_tmux = inside_tmux();
    if inside_tmux && tmux_load_buffer(text) {
        return Ok(Copied::TmuxBuffer);
    }
    terminal.write_all(osc52(text, inside_tmux).as_bytes())?;
    terminal.flush()?;
    Ok(Copied::Osc52)
}

/// Whether this runs inside tmux, where a copy goes to tmux's paste buffer.
pub fn inside_tmux() -> bool {
    std::env::var_os("TMUX").is_some()
}

/// `tmux load-buffer -w -` (tmux 3.2 and later), else without `-w`; true when tmux took it.
fn tmux_load_buffer(text: &str) -> bool {
    [&["load-buffer", "-w", "-"][..], &["load-buffer", "-"][..]].iter().any(|args| {
        let child =
            Command::new("tmux").args(*args).stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::null()).spawn();
        let Ok(mut child) = child else { return false };
        let written = child.stdin.take().is_some_and(|mut stdin| stdin.write_all(text.as_bytes()).is_ok());
        child.wait().is_ok_and(|status| status.success()) && written
    })
}

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
