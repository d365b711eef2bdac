//! The certificates screen: every SSL service the portal lists (`GET /certificate`), grouped
//! by where its certificate stands (`list`), and one certificate's detail over it (the
//! contact shown, the scroll position; copying and saving its CSR, saving the issued
//! certificate: `detail`). A portal without the list shows the detail alone, and `/` looks
//! a certificate up by its id.

mod detail;
pub(super) mod draw;
mod texts;
mod draw_detail;
mod list;

pub use list::ListedCertificate;

use super::{Cx, Peek, Request, View};
use crate::api::models::{Certificate, Contact};
use crate::api::{ApiError, Data, Operation, Query};
use crate::app::browse::ListView;
use crate::i18n::numeric_id;
use crate::app::screens::Watched;
use crate::app::{PromptKind, Screen, Scroll, WatchItem};
use crate::config::keys::Action;
use crate::i18n::Text;

pub const CONTACT_ROLES: [&str; 3] = ["admin", "billing", "tech"];

#[derive(Clone, Debug, Default)]
pub struct CertificateView {
    /// The portal's list, where it has one.
    pub browse: ListView<ListedCertificate>,
    /// Whether the detail is shown over the list (without a list it always is).
    pub open: bool,
    /// Whether the user chose what is shown (a lookup, the list, the radar): background
    /// answers then leave it alone.
    pub picked: bool,
    pub id: Option<u64>,
    pub certificate: Option<Box<Certificate>>,
    /// Why the certificate opened could not be read (said in its place).
    pub detail_error: Option<String>,
    pub contact: usize,
    pub scroll: Scroll,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    /// Every SSL service (`GET /certificate`).
    List,
    One(u64),
}

impl Request for Req {}

/// What another screen hands the certificate screen.
#[derive(Debug)]
pub enum Visit {
    /// Open this certificate's detail and read it (an SSL service's, a radar item's).
    Pick(u64),
    /// Show this certificate, already read (the radar's).
    Show(u64, Box<Certificate>),
}

impl CertificateView {
    pub fn contact(&self) -> Option<(&'static str, &Contact)> {
        let c = &self.certificate.as_ref()?.contacts;
        let contact = [&c.admin, &c.billing, &c.tech][self.contact % 3];
        Some((CONTACT_ROLES[self.contact % 3], contact))
    }

    pub fn cycle_contact(&mut self, step: isize) {
        self.contact = (self.contact as isize + step).rem_euclid(3) as usize;
    }

    /// Shows certificate `id`: from the top and its first contact when it is another one.
    pub fn show(&mut self, id: u64, cert: Box<Certificate>) {
        let same = self.certificate.as_ref().is_some_and(|c| c.id == cert.id) && self.id == Some(id);
        if !same {
            self.scroll.to_start();
            self.contact = 0;
        }
        self.id = Some(id);
        self.certificate = Some(cert);
        self.detail_error = None;
    }

    /// Whether the detail is on screen: opened over the list, or there is no list.
    pub fn detail_shown(&self) -> bool {
        self.open || !self.browse.loaded
    }

    /// Opens certificate `id`'s detail and reads it; another one than shown is not shown
    /// meanwhile.
    fn open_id(&mut self, id: u64, cx: &mut Cx) {
        if self.id != Some(id) {
            self.certificate = None;
            self.id = Some(id);
            self.scroll.to_start();
            self.contact = 0;
        }
        self.detail_error = None;
        self.open = true;
        self.picked = true;
        cx.fetch(Req::One(id), Query::Certificate(id));
    }

    /// The list's keys.
    fn list_action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::Open => match self.browse.selected().and_then(|c| c.service.number()) {
                Some(id) => self.open_id(id, cx),
                None => cx.unchanged(),
            },
            Action::Filter | Action::Lookup => cx.prompt(PromptKind::Filter, &self.browse.list.filter),
            Action::Back => {
                let stepped = !cx.busy && self.browse.step_back();
                cx.back(stepped);
            }
            Action::Refresh => refresh(self, cx),
            other if self.browse.list.apply(other, cx.page) => {}
            _ => cx.unchanged(),
        }
    }
}

/// The screen's state, as the screen table names it.
pub type State = CertificateView;

impl View for CertificateView {
    type Req = Req;
    type Visit = Visit;

    super::list_screen_view!();

    fn action(&mut self, action: Action, cx: &mut Cx) {
        if self.detail_shown() { self.detail_action(action, cx) } else { self.list_action(action, cx) }
    }

    fn answer(&mut self, req: Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match req {
            Req::List => {
                let today = cx.today;
                let listed = answer.and_then(Data::into_certificates).map(|list| list::entries(list, today));
                self.browse.list_answer(Operation::Certificates, listed, cx);
            }
            Req::One(id) => match answer.and_then(Data::into_certificate) {
                Ok(cert) => {
                    self.show(id, cert);
                    self.picked = true;
                    *cx.error = None;
                }
                Err(e) => {
                    if self.id == Some(id) && self.certificate.is_none() {
                        let reason = crate::i18n::api_error(&e, cx.language);
                        self.detail_error = Some(texts::CertOpenFailed.fill(cx.language, &[("id", &id), ("reason", &reason)]));
                    }
                    cx.fail(&e);
                }
            },
        }
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        if !self.detail_shown() {
            return if self.browse.items.is_empty() { vec![Refresh] } else { vec![Open, Filter, Watch, Refresh] };
        }
        let first = if self.browse.loaded { Back } else { Lookup };
        let Some(cert) = &self.certificate else {
            return if self.browse.loaded { vec![Back, Refresh] } else { vec![Lookup] };
        };
        let issued = cert.was_issued().then_some(Save);
        [first, NextContact].into_iter().chain(issued).chain([Copy, SaveCsr, Watch, Refresh]).collect()
    }

    fn why_not(&self, action: Action, _: &Peek) -> crate::i18n::Text {
        use crate::i18n::Text;
        match (action, &self.certificate) {
            (Action::Save, Some(cert)) if self.detail_shown() && !cert.was_issued() => Text::WhyNotIssued,
            _ if self.detail_shown() => Text::WhyOnList,
            _ if self.browse.items.is_empty() => Text::WhyListEmpty,
            _ => Text::WhyInDetail,
        }
    }

    fn has_data(&self, _: &Peek) -> bool {
        if self.detail_shown() { self.certificate.is_some() } else { self.browse.loaded }
    }

    fn refreshes(&self, req: &Req) -> bool {
        match req {
            Req::List => self.browse.loaded,
            Req::One(id) => self.id == Some(*id),
        }
    }

    fn visit(&mut self, visit: Visit, cx: &mut Cx) {
        match visit {
            Visit::Pick(id) => {
                cx.go(Screen::Certificates);
                self.open_id(id, cx);
            }
            Visit::Show(id, cert) => {
                self.show(id, cert);
                self.picked = true;
                self.open = true;
                cx.go(Screen::Certificates);
            }
        }
    }

    fn click(&mut self, line: usize, _: usize) -> super::Click {
        if self.detail_shown() { super::Click::Nothing } else { self.browse.click(line) }
    }

    /// The certificate shown, else the one selected in the list.
    fn watch_item(&self) -> Option<WatchItem> {
        match self.detail_shown() {
            true => self.id.map(WatchItem::Certificate),
            false => self.browse.selected().and_then(|c| c.service.number()).map(WatchItem::Certificate),
        }
    }

    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        match kind {
            PromptKind::Certificate => {
                let what = Text::PromptCertificate.get(cx.language).to_lowercase();
                let id = numeric_id(text, &what, cx.language)?;
                self.open = true;
                cx.fetch(Req::One(id), Query::Certificate(id));
            }
            PromptKind::SaveCsr => {
                let contents = self.certificate.as_ref().and_then(|c| c.csr_file()).unwrap_or_default();
                cx.save(text, contents)?;
            }
            PromptKind::SaveCertificate => {
                let Some(id) = self.id.filter(|_| self.certificate.is_some()) else { return Ok(()) };
                cx.save_certificate(id, text)?;
                cx.say(texts::CertSaving.fill(cx.language, &[("id", &id)]));
            }
            _ => {}
        }
        Ok(())
    }
}

/// Every listed certificate is on the radar, the one on screen once watched; `r` reads the
/// list and the certificate shown (`refresh`).
impl super::ListScreen for CertificateView {
    type Entry = ListedCertificate;
    const SCREEN: Screen = Screen::Certificates;
    const KIND: crate::radar::Kind = crate::radar::Kind::Certificate;

    fn browse(&self) -> &ListView<ListedCertificate> {
        &self.browse
    }

    fn browse_mut(&mut self) -> &mut ListView<ListedCertificate> {
        &mut self.browse
    }

    fn list_query() -> (Req, Query) {
        (Req::List, Query::Certificates)
    }

    /// Every listed certificate, a watched one once (`radar::build` keeps the first found).
    fn found(&self) -> crate::radar::Found<'_> {
        crate::radar::Found::Certificates(self.browse.items.iter().map(|c| &c.service).collect())
    }

    fn refresh(&self, cx: &mut Cx) {
        refresh(self, cx);
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

/// The list again where the portal has one, and the certificate shown.
fn refresh(view: &CertificateView, cx: &mut Cx) {
    let list = cx.offers(Operation::Certificates);
    if list {
        cx.fetch(Req::List, Query::Certificates);
    }
    match view.id.filter(|_| view.detail_shown()) {
        Some(id) => cx.fetch(Req::One(id), Query::Certificate(id)),
        None if !list => cx.unchanged(),
        None => {}
    }
}
