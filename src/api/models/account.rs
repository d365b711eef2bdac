use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};

/// `GET /details` → `{"client": {...}}`. Known fields typed; every other field kept in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub companyname: String,
    pub address1: String,
    pub address2: String,
    pub city: String,
    pub state: String,
    pub postcode: String,
    pub country: String,
    pub phonenumber: String,
    pub lastlogin: String,
    pub ip: String,
    pub host: String,
    pub status: String,
    /// Kept as text: some portals send a currency-formatted credit.
    pub credit: String,
    pub extra: ExtraFields,
}

lenient::portal_object!(Account, "an account", extra, {
    "id" => id: lenient::Text,
    "email" => email: lenient::Text,
    "firstname" => firstname: lenient::Text,
    "lastname" => lastname: lenient::Text,
    "companyname" => companyname: lenient::Text,
    "address1" => address1: lenient::Text,
    "address2" => address2: lenient::Text,
    "city" => city: lenient::Text,
    "state" => state: lenient::Text,
    "postcode" => postcode: lenient::Text,
    "country" => country: lenient::Text,
    "phonenumber" => phonenumber: lenient::Text,
    "lastlogin" => lastlogin: lenient::Text,
    "ip" => ip: lenient::Text,
    "host" => host: lenient::Text,
    "status" => status: lenient::Text,
    "credit" => credit: lenient::Text,
});

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

    /// The account's currency by its code (`currency_code`), where the portal gives one;
    /// empty otherwise.
    pub fn currency_code(&self) -> &str {
        self.extra.iter().find(|(k, _)| k == "currency_code").map_or("", |(_, v)| v.trim())
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct AccountEnvelope {
    pub client: Account,
}
