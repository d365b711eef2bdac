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
    fn a_csr_copied_or_saved_ends_with_one_line_break() {
        let with = |csr: &str| Certificate { csr: csr.into(), ..Certificate::default() }.csr_file();
        let pem = "-----BEGIN CERTIFICATE REQUEST-----\nMIIC\n-----END CERTIFICATE REQUEST-----";
        assert_eq!(with(pem).as_deref(), Some(&*format!("{pem}\n")), "as a portal sends it, without");
        assert_eq!(with(&format!("{pem}\n\n")).as_deref(), Some(&*format!("{pem}\n")));
        assert_eq!(with("  \n"), None);
    }
}
