//! The keys of one certificate's detail: its contacts, its CSR copied or saved, its issued
//! certificate saved, Esc back to the list.

use crate::app::screens::certificates::texts;
use super::{CertificateView, refresh};
use crate::app::screens::Cx;
use crate::app::PromptKind;
use crate::config::keys::Action;

impl CertificateView {
    pub(super) fn detail_action(&mut self, action: Action, cx: &mut Cx) {
        match action {
            Action::PrevContact => self.cycle_contact(-1),
            Action::NextContact => self.cycle_contact(1),
            Action::Refresh => refresh(self, cx),
            // With the list, `/` and `f` filter it: the detail closes on the list.
            Action::Lookup | Action::Filter if self.browse.loaded => {
                self.open = false;
                cx.prompt(PromptKind::Filter, &self.browse.list.filter);
            }
            Action::Lookup => cx.prompt(PromptKind::Certificate, ""),
            Action::Copy => {
                let csr = self.certificate.as_ref().and_then(|c| c.csr_file());
                cx.copy(csr);
            }
            Action::SaveCsr => self.ask_where_csr(cx),
            Action::Save => self.ask_where_certificate(cx),
            Action::Back if self.browse.loaded => {
                let stepped = !cx.busy && std::mem::take(&mut self.open);
                cx.back(stepped);
            }
            Action::Back => cx.back(false),
            other if self.scroll.apply(other, cx.page) => {}
            _ => cx.unchanged(),
        }
    }

    /// The file name a save of the certificate shown starts from (`file_name::certificate`).
    fn file_name(&self, extension: &str) -> Option<String> {
        let cert = self.certificate.as_ref()?;
        let id = self.id.map_or_else(|| cert.id.clone(), |id| id.to_string());
        Some(crate::system::file_name::certificate(&cert.domain, &id, extension))
    }

    fn ask_where_csr(&self, cx: &mut Cx) {
        match (&self.certificate, self.file_name("csr")) {
            (Some(cert), _) if cert.csr.trim().is_empty() => cx.say(texts::NoCsrToSave.get(cx.language).to_owned()),
            (Some(_), Some(name)) => cx.prompt(PromptKind::SaveCsr, &name),
            _ => cx.unchanged(),
        }
    }

    /// Where to save the issued certificate; one not issued yet has none to save.
    fn ask_where_certificate(&self, cx: &mut Cx) {
        match (&self.certificate, self.file_name("crt")) {
            (Some(cert), _) if !cert.was_issued() => {
                let id = self.id.map(|id| id.to_string()).unwrap_or_else(|| cert.id.clone());
                cx.say(texts::CertNotIssuedYet.fill(cx.language, &[("id", &id)]));
            }
            (Some(_), Some(name)) => cx.prompt(PromptKind::SaveCertificate, &name),
            _ => cx.unchanged(),
        }
    }
}
