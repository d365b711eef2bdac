//! The certificate screen: the certificate shown, which contact, the scroll position; its
//! keys and answers.

use super::{Command, Prompt, PromptKind, Slot, fetch};
use crate::api::models::{Certificate, Contact};
use crate::api::{ApiError, Query};
use crate::config::keys::Action;

pub const CONTACT_ROLES: [&str; 3] = ["admin", "billing", "tech"];

#[derive(Clone, Debug, Default)]
pub struct CertificateView {
    /// Whether the user chose what is shown (a lookup, the radar): background answers then
    /// leave it alone.
    pub picked: bool,
    pub id: Option<u64>,
    pub certificate: Option<Box<Certificate>>,
    pub contact: usize,
    pub scroll: super::Scroll,
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

impl super::App {
    pub(super) fn certificates_action(&mut self, action: Action) -> Vec<Command> {
        let page = self.page();
        let view = &mut self.profile.certificates;
        match action {
            Action::PrevContact => view.cycle_contact(-1),
            Action::NextContact => view.cycle_contact(1),
            Action::Refresh => {
                return match view.id {
                    Some(id) => self.send(Slot::Certificate(id), fetch(Query::Certificate(id))),
                    None => self.unchanged(),
                };
            }
            Action::Lookup => self.prompt = Some(Prompt::new(PromptKind::Certificate, "")),
            Action::Copy => {
                let csr = view.certificate.as_ref().map(|c| c.csr.clone()).filter(|c| !c.is_empty());
                return self.copy(csr);
            }
            Action::Save => {
                let Some(cert) = &view.certificate else { return self.unchanged() };
                let name =
                    if cert.domain.is_empty() { format!("certificate-{}", cert.id) } else { cert.domain.clone() };
                let file = format!("{}.csr", super::prompt::safe_file_name(&name));
                self.prompt = Some(Prompt::new(PromptKind::SaveCsr, &file));
            }
            Action::Back => return self.back(|_| false),
            other if view.scroll.apply(other, page) => {}
            _ => return self.unchanged(),
        }
        Vec::new()
    }

    pub(super) fn certificate_answer(&mut self, id: u64, result: Result<Box<Certificate>, ApiError>) {
        match result {
            Ok(cert) => {
                self.profile.certificates.show(id, cert);
                self.profile.certificates.picked = true;
                self.profile.error = None;
            }
            Err(e) => self.fail(&e),
        }
    }
}
