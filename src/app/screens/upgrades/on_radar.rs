//! What the upgrades screen takes of the radar: the first watched service's options, shown
//! until the user picks one.

use super::UpgradeView;
use crate::app::screens::{RadarSource, Watched};

impl RadarSource for UpgradeView {
    fn show_watched(&mut self, watched: &Watched) {
        if let (Watched::Upgrades(id, options), false) = (watched, self.picked) {
            self.set_options(*id, options.clone());
        }
    }
}
