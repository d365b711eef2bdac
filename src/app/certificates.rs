//! The certificate screen's state: the certificate shown, which contact, scroll position.

use crate::api::models::{Certificate, Contact};

pub const CONTACT_ROLES: [&str; 3] = ["admin", "billing", "tech"];

#[derive(Clone, Debug, Default)]
pub struct CertificateView {
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
}
