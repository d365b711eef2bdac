//! What the portal answers about a registration's settings beyond its details (the
//! nameservers, the registrar lock, the transfer code) and about prices (`GET /domain/order`,
//! `POST /domain/lookup`), read leniently: ids, flags and amounts as text or numbers, fields
//! no one named kept.

use compact_str::CompactString;
use secrecy::SecretString;
use serde::Deserialize;
use serde_json::Value;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// What one period costs: in a TLD of `GET /domain/order`, or for a name looked up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PeriodPrices {
    pub id: CompactString,
    /// Years, as the portal writes them (`"1"`).
    pub period: CompactString,
    pub register: Money,
    pub transfer: Money,
    pub renew: Money,
    pub redemption: Money,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl PeriodPrices {
    /// The period in years, when it is a number.
    pub fn years(&self) -> Option<u32> {
        self.period.trim().parse().ok()
    }
}

impl lenient::Salvage for PeriodPrices {
    fn unreadable(self, reason: String) -> PeriodPrices {
        PeriodPrices { id: self.id, period: self.period, unreadable: Some(reason), ..PeriodPrices::default() }
    }
}

lenient::portal_object!(PeriodPrices, "a period's prices", extra, {
    "id" => id: lenient::Short,
    "period" => period: lenient::Short,
    "register" => register: lenient::Amount,
    "transfer" => transfer: lenient::Amount,
    "renew" => renew: lenient::Amount,
    "redemption" => redemption: lenient::Amount,
});

/// One TLD the portal sells, with its prices by period.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TldPrices {
    pub id: CompactString,
    /// As the portal writes it: `.vn` or `vn`.
    pub tld: CompactString,
    pub periods: Vec<PeriodPrices>,
    pub extra: ExtraFields,
    pub unreadable: Option<String>,
}

impl TldPrices {
    /// The TLD without its leading dot, lower case: `com.vn`.
    pub fn suffix(&self) -> String {
        self.tld.trim().trim_start_matches('.').to_lowercase()
    }

    /// The prices for `years`, when the portal lists that period (readably).
    pub fn period(&self, years: u32) -> Option<&PeriodPrices> {
        self.periods.iter().find(|p| p.unreadable.is_none() && p.years() == Some(years))
    }
}

impl lenient::Salvage for TldPrices {
    fn unreadable(self, reason: String) -> TldPrices {
        TldPrices { id: self.id, tld: self.tld, unreadable: Some(reason), ..TldPrices::default() }
    }
}

lenient::portal_object!(TldPrices, "a TLD's prices", extra, {
    "id" => id: lenient::Short,
    "tld" => tld: lenient::Short,
    "periods" => periods: lenient::List<PeriodPrices>,
});

/// `GET /domain/order` → `{"tlds": [...]}`.
#[derive(Debug, Deserialize)]
pub struct TldList {
    #[serde(deserialize_with = "lenient::each_or_unreadable")]
    pub tlds: Vec<TldPrices>,
}

/// The TLD `name` is under, as the order lists it: the longest listed suffix, so that
/// `quan.com.vn` is under `.com.vn`, not `.vn`.
pub fn tld_of<'a>(tlds: &'a [TldPrices], name: &str) -> Option<&'a TldPrices> {
    let name = name.trim().trim_end_matches('.').to_lowercase();
    tlds.iter()
        .filter(|t| t.unreadable.is_none() && !t.suffix().is_empty())
        .filter(|t| name.strip_suffix(&t.suffix()).is_some_and(|rest| rest.ends_with('.') && rest.len() > 1))
        .max_by_key(|t| t.suffix().len())
}

/// `GET /domain/@id/ns` → `{"success": true, "nameservers": [...]}` (blank entries dropped).
#[derive(Debug, Deserialize)]
pub struct NameserverList {
    #[serde(deserialize_with = "lenient::name_list")]
    pub nameservers: Vec<CompactString>,
}

/// `GET /domain/@id/reglock`: whether the registrar lock is on. The shape is not
/// published: a flag under `reglock`, `lock`, `locked` or `status` (`1`, `true`, `"on"`,
/// `"locked"`…), at the top or inside `details`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegistrarLock {
    pub on: bool,
}

const LOCK_KEYS: [&str; 5] = ["reglock", "lock", "locked", "status", "registrar_lock"];

impl<'de> Deserialize<'de> for RegistrarLock {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        lock_of(&value).map(|on| RegistrarLock { on }).ok_or_else(|| {
            serde::de::Error::custom(format!("no lock state in the answer ({})", shape(&value, &LOCK_KEYS)))
        })
    }
}

fn lock_of(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => n.as_i64().map(|n| n != 0),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" | "locked" | "lock" | "enabled" | "active" => Some(true),
            "0" | "false" | "no" | "off" | "unlocked" | "unlock" | "disabled" | "inactive" => Some(false),
            _ => None,
        },
        Value::Object(map) => LOCK_KEYS
            .iter()
            .find_map(|k| map.get(*k).and_then(lock_of))
            .or_else(|| map.get("details").and_then(lock_of)),
        _ => None,
    }
}

/// The transfer code (EPP / auth code) of a registration: a secret. `Debug` never prints
/// it; the client holds it for redaction as soon as it is read.
#[derive(Clone, Debug)]
pub struct TransferCode {
    pub code: SecretString,
}

/// Where portals put the code: these keys, at the top or inside `details`, or the answer is
/// the code itself (a bare string).
const CODE_KEYS: [&str; 8] =
    ["epp_code", "epp", "eppcode", "code", "authcode", "auth_code", "transfer_code", "authinfo"];

impl<'de> Deserialize<'de> for TransferCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        // The error says where the code was looked for, never what the answer held.
        code_of(&value).map(|code| TransferCode { code: SecretString::from(code) }).ok_or_else(|| {
            serde::de::Error::custom(format!("no transfer code in the answer ({})", shape(&value, &CODE_KEYS)))
        })
    }
}

fn code_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) if !s.trim().is_empty() => Some(crate::api::sanitize::line(s.trim()).into_owned()),
        Value::Number(n) => Some(n.to_string()),
        Value::Object(map) => CODE_KEYS
            .iter()
            .find_map(|k| map.get(*k).and_then(code_of))
            .or_else(|| map.get("details").and_then(code_of)),
        _ => None,
    }
}

/// What an answer looked like, without its values: the keys looked for, and the keys it had.
fn shape(value: &Value, looked_for: &[&str]) -> String {
    let had = match value {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().map(|k| crate::api::sanitize::line(k).into_owned()).collect();
            format!("its fields: {}", keys.join(", "))
        }
        Value::Array(_) => "a list".to_owned(),
        Value::Null => "null".to_owned(),
        _ => "a value of another kind".to_owned(),
    };
    format!("looked for {}; {had}", looked_for.join(", "))
}

/// `POST /domain/lookup` → `{"available": true, "name": "…", "premium": false, "periods":
/// [...]}`; some portals answer only `"ok"` (a bare word, or `{"info": ["ok"]}`) when the
/// name is free.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Availability {
    pub available: bool,
    pub name: CompactString,
    pub premium: bool,
    pub periods: Vec<PeriodPrices>,
    pub extra: ExtraFields,
}

lenient::portal_object!(Availability, "a domain lookup", extra, {
    "available" => available: lenient::Flag,
    "name" => name: lenient::Short,
    "premium" => premium: lenient::Flag,
    "periods" => periods: lenient::List<PeriodPrices>,
});

impl Availability {
    /// The answer to a lookup of `name`: the object above, or a bare `ok` (free, no prices).
    pub fn from_answer(name: &str, answer: &Value) -> Result<Availability, String> {
        let says_ok = |v: &Value| v.as_str().is_some_and(|s| s.trim().eq_ignore_ascii_case("ok"));
        let bare_ok = says_ok(answer)
            || answer.get("info").is_some_and(|i| says_ok(i) || i.as_array().is_some_and(|a| a.iter().any(says_ok)));
        if bare_ok && answer.get("available").is_none() {
            return Ok(Availability { available: true, name: name.into(), ..Availability::default() });
        }
        let mut read: Availability = serde_json::from_value(answer.clone()).map_err(|e| e.to_string())?;
        if read.name.is_empty() {
            read.name = name.into();
        }
        Ok(read)
    }

    /// The prices for `years`, when the answer lists that period.
    pub fn period(&self, years: u32) -> Option<&PeriodPrices> {
        self.periods.iter().find(|p| p.unreadable.is_none() && p.years() == Some(years))
    }
}

/// The date `years` after `date` (29 February becomes 28 February in a common year).
pub fn years_after(date: time::Date, years: u32) -> Option<time::Date> {
    let year = date.year().checked_add(i32::try_from(years).ok()?)?;
    date.replace_year(year)
        .ok()
        .or_else(|| time::Date::from_calendar_date(year, date.month(), date.day().saturating_sub(1)).ok())
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret;

    use super::*;

    #[test]
    fn prices_read_from_text_and_numbers_and_the_longest_tld_wins() {
        let order: TldList = serde_json::from_str(
            r#"{"tlds":[{"id":"1","tld":".vn","periods":[{"period":"1","register":"750000.00","renew":480000,"transfer":"0","redemption":null}]},
                        {"id":2,"tld":"com.vn","periods":[{"period":2,"renew":"1300000.50"},{"period":"1","renew":"x"}]}]}"#,
        )
        .unwrap();
        let vn = tld_of(&order.tlds, "example.vn").unwrap();
        assert_eq!(vn.period(1).unwrap().renew, Money::parse("480000").unwrap());
        let com_vn = tld_of(&order.tlds, "Banhmi.COM.vn.").unwrap();
        assert_eq!(com_vn.suffix(), "com.vn");
        assert_eq!(com_vn.period(2).unwrap().renew, Money::parse("1300000.5").unwrap());
        assert!(com_vn.period(1).is_none(), "an unreadable period is no price");
        assert!(tld_of(&order.tlds, "vn").is_none() && tld_of(&order.tlds, "example.com").is_none());
    }

    #[test]
    fn the_lock_and_the_code_are_read_leniently_and_the_code_never_said() {
        for (json, on) in [
            (r#"{"reglock": "1"}"#, true),
            (r#"{"success": true, "lock": false}"#, false),
            (r#"{"status": "Locked"}"#, true),
            (r#"{"details": {"locked": 0}}"#, false),
            ("true", true),
        ] {
            assert_eq!(serde_json::from_str::<RegistrarLock>(json).unwrap().on, on, "{json}");
        }
        assert!(
            serde_json::from_str::<RegistrarLock>(r#"{"x": 1}"#).unwrap_err().to_string().contains("its fields: x")
        );
        for json in
            [r#"{"epp_code": "Ab#1-secret"}"#, r#"{"details": {"authcode": "Ab#1-secret"}}"#, r#""Ab#1-secret""#]
        {
            let code: TransferCode = serde_json::from_str(json).unwrap();
            assert_eq!(code.code.expose_secret(), "Ab#1-secret");
            assert!(!format!("{code:?}").contains("secret"), "{code:?}");
        }
        let e = serde_json::from_str::<TransferCode>(r#"{"password": "Ab#1-secret", "epp": ""}"#).unwrap_err();
        assert!(!e.to_string().contains("Ab#1"), "{e}");
    }

    #[test]
    fn lookups_answered_in_full_or_with_a_bare_ok() {
        let answer = serde_json::json!({"available": "0", "premium": 1, "periods": [{"id": 3, "period": "1", "register": "350000"}]});
        let taken = Availability::from_answer("x.vn", &answer).unwrap();
        assert!(!taken.available && taken.premium && taken.name == "x.vn");
        assert_eq!(taken.period(1).unwrap().register, Money::parse("350000").unwrap());
        let ok = Availability::from_answer("y.vn", &serde_json::json!({"info": ["ok"]})).unwrap();
        assert!(ok.available && ok.periods.is_empty());
        assert!(Availability::from_answer("y.vn", &Value::String("ok".into())).unwrap().available);
    }

    #[test]
    fn years_later() {
        use time::macros::date;
        assert_eq!(years_after(date!(2026 - 11 - 21), 3), Some(date!(2029 - 11 - 21)));
        assert_eq!(years_after(date!(2028 - 02 - 29), 1), Some(date!(2029 - 02 - 28)));
    }
}
