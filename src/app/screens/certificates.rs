//! The certificate screen: the certificate shown, which contact, the scroll position; its
//! keys and answers.

use super::{Cx, Peek, Request, View};
use crate::api::models::{Certificate, Contact};
use crate::api::{ApiError, Data, Query};
use crate::app::prompt::{numeric_id, safe_file_name};
use crate::app::{PromptKind, Screen, Scroll, WatchItem};
use crate::config::keys::Action;
use crate::i18n::Text;

pub const CONTACT_ROLES: [&str; 3] = ["admin", "billing", "tech"];

#[derive(Clone, Debug, Default)]
pub struct CertificateView {
    /// Whether the user chose what is shown (a lookup, the radar): background answers then
    /// leave it alone.
    pub picked: bool,
    pub id: Option<u64>,
    pub certificate: Option<Box<Certificate>>,
    pub contact: usize,
    pub scroll: Scroll,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Req {
    One(u64),
}

impl Request for Req {}

/// What another screen hands the certificate screen.
#[derive(Debug)]
pub enum Visit {
    /// Look this certificate up and show it (an SSL service's).
    Pick(u64),
    /// Show this certificate, already read (the radar's).
    Show(u64, Box<Certificate>),
    /// A watched certificate arrived: shown until the user picks one.
    Watched(u64, Box<Certificate>),
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
    }
}

/// The screen's state, as the screen table names it.
pub type State = CertificateView;

impl View for CertificateView {
    type Req = Req;
    type Visit = Visit;

    fn action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::PrevContact => self.cycle_contact(-1),
            Action::NextContact => self.cycle_contact(1),
            Action::Refresh => match self.id {
                Some(id) => cx.fetch(Req::One(id), Query::Certificate(id)),
                None => cx.unchanged(),
            },
            Action::Lookup => cx.prompt(PromptKind::Certificate, ""),
            Action::Copy => {
                let csr = self.certificate.as_ref().and_then(|c| c.csr_file());
                cx.copy(csr);
            }
            Action::Save => {
                let Some(cert) = &self.certificate else { return cx.unchanged() };
                let name =
                    if cert.domain.is_empty() { format!("certificate-{}", cert.id) } else { cert.domain.clone() };
                cx.prompt(PromptKind::SaveCsr, &format!("{}.csr", safe_file_name(&name)));
            }
            Action::Back => cx.back(false),
            other if self.scroll.apply(other, cx.page) => {}
            _ => cx.unchanged(),
        }
    }

    fn answer(&mut self, Req::One(id): Req, answer: Result<Data, ApiError>, cx: &mut Cx) {
        match answer.and_then(Data::into_certificate) {
            Ok(cert) => {
                self.show(id, cert);
                self.picked = true;
                *cx.error = None;
            }
            Err(e) => cx.fail(&e),
        }
    }

    fn hints(&self, _: &Peek) -> Vec<Action> {
        use Action::*;
        if self.certificate.is_none() { vec![Lookup] } else { vec![Lookup, NextContact, Copy, Save, Watch, Refresh] }
    }

    fn has_data(&self, _: &Peek) -> bool {
        self.certificate.is_some()
    }

    fn refreshes(&self, Req::One(id): &Req) -> bool {
        self.id == Some(*id)
    }

    fn visit(&mut self, visit: Visit, cx: &mut Cx) {
        match visit {
            Visit::Pick(id) => {
                cx.go(Screen::Certificates);
                self.picked = true;
                cx.fetch(Req::One(id), Query::Certificate(id));
            }
            Visit::Show(id, cert) => {
                self.show(id, cert);
                self.picked = true;
                cx.go(Screen::Certificates);
            }
            Visit::Watched(id, cert) if !self.picked => self.show(id, cert),
            Visit::Watched(..) => {}
        }
    }

    fn watch_item(&self) -> Option<WatchItem> {
        self.id.map(WatchItem::Certificate)
    }

    fn submit(&mut self, kind: PromptKind, text: &str, cx: &mut Cx) -> Result<(), String> {
        match kind {
            PromptKind::Certificate => {
                let what = Text::PromptCertificate.get(cx.language).to_lowercase();
                let id = numeric_id(text, &what, cx.language)?;
                cx.fetch(Req::One(id), Query::Certificate(id));
            }
            PromptKind::SaveCsr => {
                let contents = self.certificate.as_ref().and_then(|c| c.csr_file()).unwrap_or_default();
                cx.save(text, contents)?;
            }
            _ => {}
        }
        Ok(())
    }
}
