use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// `GET /certificate/@id` → `{"service": {...}}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Certificate {
    pub id: String,
    pub date_created: String,
    pub domain: String,
    pub firstpayment: Money,
    pub total: Money,
    pub billingcycle: String,
    pub next_due: String,
    pub next_invoice: String,
    pub status: String,
    pub label: String,
    pub name: String,
    pub cert_status: String,
    pub cert_expires: String,
    pub csr: String,
    pub contacts: Contacts,
    pub organization: Organization,
    pub cert_email: String,
    pub software: String,
    pub extra: ExtraFields,
}

impl Certificate {
    /// The CSR as a file holds it, copied or saved: ending with one line break, as PEM
    /// tools expect; `None` when there is none.
    pub fn csr_file(&self) -> Option<String> {
        let csr = self.csr.trim_end();
        (!csr.is_empty()).then(|| format!("{csr}\n"))
    }
}

lenient::portal_object!(Certificate, "a certificate", extra, {
    "id" => id: lenient::Text,
    "date_created" => date_created: lenient::Text,
    "domain" => domain: lenient::Text,
    "firstpayment" => firstpayment: lenient::Amount,
    "total" => total: lenient::Amount,
    "billingcycle" => billingcycle: lenient::Text,
    "next_due" => next_due: lenient::Text,
    "next_invoice" => next_invoice: lenient::Text,
    "status" => status: lenient::Text,
    "label" => label: lenient::Text,
    "name" => name: lenient::Text,
    "cert_status" => cert_status: lenient::Text,
    "cert_expires" => cert_expires: lenient::Text,
    "csr" => csr: lenient::MultilineText,
    "contacts" => contacts: lenient::ObjectOrEmpty<_>,
    "organization" => organization: lenient::ObjectOrEmpty<_>,
    "cert_email" => cert_email: lenient::Text,
    "software" => software: lenient::Text,
});

impl Certificate {
    /// Whether it was issued (an expired one too): the portal then has its PEM.
    pub fn was_issued(&self) -> bool {
        was_issued(&self.cert_status)
    }
}

/// Whether a certificate in this state (`cert_status`) was issued, an expired one too: the
/// portal then has its PEM (`GET /certificate/@id/crt`). Empty is pending.
pub fn was_issued(cert_status: &str) -> bool {
    ["issued", "active", "valid", "expired"].iter().any(|s| cert_status.trim().eq_ignore_ascii_case(s))
}

/// Where an SSL service's certificate stands, as the certificates' list groups them, in the
/// list's order: what needs renewing soon first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CertState {
    /// Issued, and it expires within the warning window.
    ExpiringSoon,
    Issued,
    /// Expired by its state or by its date.
    Expired,
    /// Not issued yet (no state, `Pending`), or in a state of the portal's own
    /// (`Processing`): grouped under that state.
    Pending,
    /// The service itself has ended or is held (`Cancelled`, `Terminated`, `Suspended`):
    /// grouped under the service's status.
    Other,
}

impl CertState {
    /// From the service's `status`, the certificate's `cert_status` and the whole days left
    /// until it expires; `soon` is the warning window in days.
    pub fn of(status: &str, cert_status: &str, days: Option<i64>, soon: i64) -> CertState {
        let service = status.trim();
        if !(service.is_empty() || ["active", "pending"].iter().any(|s| service.eq_ignore_ascii_case(s))) {
            return CertState::Other;
        }
        let cert = cert_status.trim();
        if cert.eq_ignore_ascii_case("expired") || (was_issued(cert) && days.is_some_and(|d| d < 0)) {
            CertState::Expired
        } else if !was_issued(cert) || service.eq_ignore_ascii_case("pending") {
            CertState::Pending
        } else if days.is_some_and(|d| d <= soon) {
            CertState::ExpiringSoon
        } else {
            CertState::Issued
        }
    }

    /// The group's name, as the portal would say it (lists show it in the reader's
    /// language, see `i18n::status`).
    pub fn group<'a>(self, status: &'a str, cert_status: &'a str) -> &'a str {
        match self {
            CertState::ExpiringSoon => "Expiring soon",
            CertState::Issued => "Issued",
            CertState::Expired => "Expired",
            CertState::Pending if cert_status.trim().is_empty() => "Pending",
            CertState::Pending => cert_status.trim(),
            CertState::Other => status.trim(),
        }
    }
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct Contacts {
    #[serde(deserialize_with = "lenient::object_or_empty")]
    pub admin: Contact,
    #[serde(deserialize_with = "lenient::object_or_empty")]
    pub billing: Contact,
    #[serde(deserialize_with = "lenient::object_or_empty")]
    pub tech: Contact,
}

/// A certificate contact. `None` means the portal did not send the field at all; `n/a` is
/// kept as sent (the UI shows it dimmed).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Contact {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub org_name: Option<String>,
    pub job_title: Option<String>,
    pub email_address: Option<String>,
    pub phone: Option<String>,
    pub prefix: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: Option<String>,
    /// Fields the portal adds, in its order.
    pub extra: ExtraFields,
}

lenient::portal_object!(Contact, "a contact", extra, {
    "FName" => first_name: lenient::OptText,
    "LName" => last_name: lenient::OptText,
    "OrgName" => org_name: lenient::OptText,
    "JobTitle" => job_title: lenient::OptText,
    "EmailAddress" => email_address: lenient::OptText,
    "Phone" => phone: lenient::OptText,
    "PreFix" => prefix: lenient::OptText,
    "Address1" => address1: lenient::OptText,
    "Address2" => address2: lenient::OptText,
    "City" => city: lenient::OptText,
    "State" => state: lenient::OptText,
    "PostalCode" => postal_code: lenient::OptText,
    "Country" => country: lenient::OptText,
});

impl Contact {
    /// The contact's fields with their portal labels, in display order.
    pub fn fields(&self) -> [(&'static str, Option<&str>); 13] {
        [
            ("FName", self.first_name.as_deref()),
            ("LName", self.last_name.as_deref()),
            ("OrgName", self.org_name.as_deref()),
            ("JobTitle", self.job_title.as_deref()),
            ("EmailAddress", self.email_address.as_deref()),
            ("PreFix", self.prefix.as_deref()),
            ("Phone", self.phone.as_deref()),
            ("Address1", self.address1.as_deref()),
            ("Address2", self.address2.as_deref()),
            ("City", self.city.as_deref()),
            ("State", self.state.as_deref()),
            ("PostalCode", self.postal_code.as_deref()),
            ("Country", self.country.as_deref()),
        ]
    }

    pub fn is_empty(&self) -> bool {
        self.fields().iter().all(|(_, v)| v.is_none())
    }
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct Organization {
    #[serde(deserialize_with = "lenient::text")]
    pub name: String,
    #[serde(deserialize_with = "lenient::text")]
    pub unit: String,
    #[serde(deserialize_with = "lenient::text")]
    pub address1: String,
    #[serde(deserialize_with = "lenient::text")]
    pub address2: String,
    #[serde(deserialize_with = "lenient::text")]
    pub locality: String,
    #[serde(deserialize_with = "lenient::text")]
    pub state: String,
    #[serde(deserialize_with = "lenient::text")]
    pub postalcode: String,
    #[serde(deserialize_with = "lenient::text")]
    pub country: String,
}

impl Organization {
    pub fn fields(&self) -> [(&'static str, &str); 8] {
        [
            ("name", &self.name),
            ("unit", &self.unit),
            ("address1", &self.address1),
            ("address2", &self.address2),
            ("locality", &self.locality),
            ("state", &self.state),
            ("postalcode", &self.postalcode),
            ("country", &self.country),
        ]
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct CertificateEnvelope {
    pub service: Certificate,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certificate_stands_by_its_service_its_state_and_its_date() {
        let state = |status, cert, days| CertState::of(status, cert, days, 30);
        assert_eq!(state("Active", "Issued", Some(25)), CertState::ExpiringSoon);
        assert_eq!(state("Active", "Issued", Some(31)), CertState::Issued);
        assert_eq!(state("Active", "Issued", Some(-1)), CertState::Expired, "past its date");
        assert_eq!(state("Active", "Expired", Some(3)), CertState::Expired, "by its state");
        assert_eq!(state("Pending", "", Some(362)), CertState::Pending);
        assert_eq!(state("Active", "Processing", None), CertState::Pending);
        assert_eq!(state("Cancelled", "Issued", Some(100)), CertState::Other);
        assert_eq!(CertState::Pending.group("Active", "Processing"), "Processing");
        assert_eq!(CertState::Pending.group("Pending", " "), "Pending");
        assert_eq!(CertState::Other.group("Cancelled", "Issued"), "Cancelled");
        assert!(was_issued("Expired") && was_issued(" issued ") && !was_issued("") && !was_issued("Pending"));
    }

    #[test]
    fn a_csr_copied_or_saved_ends_with_one_line_break() {
        let with = |csr: &str| Certificate { csr: csr.into(), ..Certificate::default() }.csr_file();
        let pem = "-----BEGIN CERTIFICATE REQUEST-----\nMIIC\n-----END CERTIFICATE REQUEST-----";
        assert_eq!(with(pem).as_deref(), Some(&*format!("{pem}\n")), "as a portal sends it, without");
        assert_eq!(with(&format!("{pem}\n\n")).as_deref(), Some(&*format!("{pem}\n")));
        assert_eq!(with("  \n"), None);
    }
}
