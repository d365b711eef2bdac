use serde::{Deserialize, Serialize};

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// `GET /certificate/@id` → `{"service": {...}}`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(default)]
pub struct Certificate {
    #[serde(deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(deserialize_with = "lenient::text")]
    pub date_created: String,
    #[serde(deserialize_with = "lenient::text")]
    pub domain: String,
    #[serde(deserialize_with = "lenient::money")]
    pub firstpayment: Money,
    #[serde(deserialize_with = "lenient::money")]
    pub total: Money,
    #[serde(deserialize_with = "lenient::text")]
    pub billingcycle: String,
    #[serde(deserialize_with = "lenient::text")]
    pub next_due: String,
    #[serde(deserialize_with = "lenient::text")]
    pub next_invoice: String,
    #[serde(deserialize_with = "lenient::text")]
    pub status: String,
    #[serde(deserialize_with = "lenient::text")]
    pub label: String,
    #[serde(deserialize_with = "lenient::text")]
    pub name: String,
    #[serde(deserialize_with = "lenient::text")]
    pub cert_status: String,
    #[serde(deserialize_with = "lenient::text")]
    pub cert_expires: String,
    #[serde(deserialize_with = "lenient::multiline_text")]
    pub csr: String,
    #[serde(deserialize_with = "lenient::object_or_empty")]
    pub contacts: Contacts,
    #[serde(deserialize_with = "lenient::object_or_empty")]
    pub organization: Organization,
    #[serde(deserialize_with = "lenient::text")]
    pub cert_email: String,
    #[serde(deserialize_with = "lenient::text")]
    pub software: String,
    #[serde(flatten, deserialize_with = "lenient::extra_fields", serialize_with = "lenient::serialize_extra")]
    pub extra: ExtraFields,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
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
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(default, rename_all = "PascalCase")]
pub struct Contact {
    #[serde(rename = "FName", deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(rename = "LName", deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub org_name: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub job_title: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub email_address: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(rename = "PreFix", deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub prefix: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub address1: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub address2: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub postal_code: Option<String>,
    #[serde(deserialize_with = "lenient::opt_text", skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
}

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

#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
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

#[derive(Deserialize)]
pub(crate) struct CertificateEnvelope {
    pub service: Certificate,
}
