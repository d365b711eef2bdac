//! What the certificates offer the radar: every listed one, the one on screen once watched,
//! where one opens; and the first watched certificate, shown until the user picks one.

use super::{CertificateView, Visit};
use crate::app::WatchItem;
use crate::app::screens::{Cx, RadarSource, View, Watched};
use crate::radar::{Found, Kind, Watchlist};

impl RadarSource for CertificateView {
    fn kind(&self) -> Option<Kind> {
        Some(Kind::Certificate)
    }

    /// Every listed certificate, a watched one once (`radar::build` keeps the first found).
    fn found<'a>(&'a self, _: &'a Watchlist) -> Vec<Found<'a>> {
        let listed = || Found::Certificates(self.browse.items.iter().map(|c| &c.service).collect());
        self.browse.loaded.then(listed).into_iter().collect()
    }

    fn unread(&self) -> Option<String> {
        self.browse.unread()
    }

    /// The certificate on screen: it joins the radar at once when watched.
    fn holds_watched(&self, item: &WatchItem) -> Option<Watched> {
        let (WatchItem::Certificate(id), Some(cert)) = (item, &self.certificate) else { return None };
        (self.id == Some(*id)).then(|| Watched::Certificate(*id, cert.clone()))
    }

    /// A watched one the radar read already is shown as it is; a listed one is read.
    fn open_item(&mut self, id: String, cx: &mut Cx) {
        let Ok(id) = id.parse() else { return cx.unchanged() };
        match cx.others.radar.certificates.get(&id) {
            Some(Ok(cert)) => self.visit(Visit::Show(id, cert.clone()), cx),
            _ => self.visit(Visit::Pick(id), cx),
        }
    }

    fn show_watched(&mut self, watched: &Watched) {
        if let (Watched::Certificate(id, cert), false) = (watched, self.picked) {
            self.show(*id, cert.clone());
        }
    }
}
