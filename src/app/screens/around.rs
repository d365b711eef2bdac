//! What a screen's drawing may read besides its own state and the drawing context
//! (`paint::Paint`): the profile's other screens (as a [`Cx`](super::Cx) reads them), the
//! request log of the run, and, for the Overview, the other profiles' radar items.

use super::Screens;
use crate::app::log::RequestLog;
use crate::radar::Item;

/// Every profile's radar items, as the Overview's rows name them (profile, item).
pub trait EveryRadar {
    fn radar_item(&self, profile: usize, n: usize) -> Option<&Item>;
    fn profile_count(&self) -> usize;
}

/// What a screen's drawing may read besides its own state, borrowed for one frame.
pub struct Around<'a> {
    /// The profile's screens (the one drawn among them).
    pub screens: &'a Screens,
    /// The request log of the run.
    pub log: &'a RequestLog,
    pub profiles: &'a dyn EveryRadar,
}

impl Around<'_> {
    /// Item `n` of profile `profile`'s radar.
    pub fn radar_item(&self, profile: usize, n: usize) -> Option<&Item> {
        self.profiles.radar_item(profile, n)
    }

    pub fn profile_count(&self) -> usize {
        self.profiles.profile_count()
    }
}
