const FRAMES: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/// The spinner glyph for a tick count; nothing before the first tick (fast calls don't
/// flicker).
pub fn frame(ticks: usize) -> Option<&'static str> {
    (ticks > 0).then(|| FRAMES[ticks % FRAMES.len()])
}
