use serde::{Deserialize, Serialize};

use crate::api::lenient::{self, ExtraFields};

/// `GET /details` → `{"client": {...}}`. Known fields typed; every other field kept in order.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(default)]
pub struct Account {
    #[serde(deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(deserialize_with = "lenient::text")]
    pub email: String,
    #[serde(deserialize_with = "lenient::text")]
    pub firstname: String,
    #[serde(deserialize_with = "lenient::text")]
    pub lastname: String,
    #[serde(deserialize_with = "lenient::text")]
    pub companyname: String,
    #[serde(deserialize_with = "lenient::text")]
    pub address1: String,
    #[serde(deserialize_with = "lenient::text")]
    pub address2: String,
    #[serde(deserialize_with = "lenient::text")]
    pub city: String,
    #[serde(deserialize_with = "lenient::text")]
    pub state: String,
    #[serde(deserialize_with = "lenient::text")]
    pub postcode: String,
    #[serde(deserialize_with = "lenient::text")]
    pub country: String,
    #[serde(deserialize_with = "lenient::text")]
    pub phonenumber: String,
    #[serde(deserialize_with = "lenient::text")]
    pub lastlogin: String,
    #[serde(deserialize_with = "lenient::text")]
    pub ip: String,
    #[serde(deserialize_with = "lenient::text")]
    pub host: String,
    #[serde(deserialize_with = "lenient::text")]
    pub status: String,
    /// Kept as text: some portals send a currency-formatted credit.
    #[serde(deserialize_with = "lenient::text")]
    pub credit: String,
    #[serde(flatten, deserialize_with = "lenient::extra_fields", serialize_with = "lenient::serialize_extra")]
    pub extra: ExtraFields,
}

impl Account {
    pub fn full_name(&self) -> String {
        [self.firstname.trim(), self.lastname.trim()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Address lines joined into one line, empty parts left out.
    pub fn address(&self) -> String {
        [&self.address1, &self.address2, &self.city, &self.state, &self.postcode]
            .iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty() && *s != "n/a")
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[derive(Deserialize)]
pub(crate) struct AccountEnvelope {
    pub client: Account,
}
