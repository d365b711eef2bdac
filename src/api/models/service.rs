use compact_str::CompactString;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use crate::api::lenient::{self, ExtraFields};
use crate::api::money::Money;

/// One service (`GET /service` lists them; `GET /service/@id` gives one with more fields).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Service {
    pub id: CompactString,
    pub name: CompactString,
    pub domain: CompactString,
    pub status: CompactString,
    pub billingcycle: CompactString,
    pub next_due: CompactString,
    pub next_invoice: CompactString,
    /// The recurring amount.
    pub total: Money,
    pub firstpayment: Money,
    pub date_created: CompactString,
    pub category: CompactString,
    pub category_url: CompactString,
    pub label: CompactString,
    pub username: CompactString,
    /// The service's password (its control panel's or server's), when the portal sends
    /// one: a secret like a domain's transfer code, never printed by `Debug`.
    pub password: ServicePassword,
    /// A cancellation requested and not carried out yet (HostBill's `cancellation`, shown
    /// once a service is cancelled at the end of its billing period).
    pub cancellation: Option<PendingCancellation>,
    pub extra: ExtraFields,
    /// Why the portal's entry could not be read, when it could not (see `DomainRecord`).
    pub unreadable: Option<String>,
}

impl Service {
    /// Whether the service is an SSL certificate (its certificate detail can be opened).
    pub fn is_certificate(&self) -> bool {
        let ssl = |text: &str| text.to_ascii_lowercase().contains("ssl");
        ssl(&self.category_url) || ssl(&self.category) || ssl(&self.name)
    }

    /// The id as a number, for the routes that take one.
    pub fn number(&self) -> Option<u64> {
        self.id.trim().parse().ok()
    }

    /// Whether it has ended already (cancelled, terminated, or ended as fraud): nothing
    /// left to cancel, and nothing due.
    pub fn has_ended(&self) -> bool {
        ["cancelled", "canceled", "terminated", "fraud"].contains(&self.status.trim().to_ascii_lowercase().as_str())
    }

    /// Whether a cancellation is requested and pending: nothing more to pay, nothing more
    /// to cancel (a second request is refused by the portal).
    pub fn cancelling(&self) -> bool {
        self.cancellation.is_some() && !self.has_ended()
    }

    /// When it is next due: never once it has ended (the date a portal still sends is the
    /// last period's, not a payment anyone owes).
    pub fn due(&self) -> &str {
        if self.has_ended() { "" } else { &self.next_due }
    }

    /// What a user types to confirm cancelling service `id` (the id in the request's path),
    /// as web portals ask: its domain, else its name, else that id. Never empty, whatever
    /// the portal's detail lacks: an empty word would be confirmed by an empty line, or by
    /// the end of a script's input.
    pub fn typed_confirmation(&self, id: u64) -> String {
        [self.domain.trim(), self.name.trim()]
            .into_iter()
            .find(|t| t.chars().any(char::is_alphanumeric))
            .map_or_else(|| id.to_string(), str::to_owned)
    }
}

impl lenient::Salvage for Service {
    fn unreadable(self, reason: String) -> Service {
        Service { id: self.id, name: self.name, unreadable: Some(reason), ..Service::default() }
    }
}

lenient::portal_object!(Service, "a service", extra, {
    "id" => id: lenient::Short,
    "name" => name: lenient::Short,
    "domain" => domain: lenient::Short,
    "status" => status: lenient::Short,
    "billingcycle" => billingcycle: lenient::Short,
    "next_due" => next_due: lenient::Short,
    "next_invoice" => next_invoice: lenient::Short,
    "total" => total: lenient::Amount,
    "firstpayment" => firstpayment: lenient::Amount,
    "date_created" => date_created: lenient::Short,
    "category" => category: lenient::Short,
    "category_url" => category_url: lenient::Short,
    "label" => label: lenient::Short,
    "username" => username: lenient::Short,
    "password" => password: PasswordField,
    "cancellation" => cancellation: Cancellation,
    "Cancellation" => cancellation: Cancellation,
});

/// A service's `password`: `None` when the portal sends none (or an empty one). Shown only
/// when asked for (a key in the dashboard, `--show-password` for a command); the client
/// holds it for redaction as soon as it is read.
#[derive(Clone, Default)]
pub struct ServicePassword(pub Option<SecretString>);

impl ServicePassword {
    pub fn get(&self) -> Option<&SecretString> {
        self.0.as_ref()
    }
}

impl std::fmt::Debug for ServicePassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "ServicePassword([REDACTED])" } else { "ServicePassword(None)" })
    }
}

impl PartialEq for ServicePassword {
    fn eq(&self, other: &ServicePassword) -> bool {
        self.0.as_ref().map(ExposeSecret::expose_secret) == other.0.as_ref().map(ExposeSecret::expose_secret)
    }
}

/// Reads `password` as any text field is read (sanitised, a number as its digits), then
/// keeps it as a secret.
pub struct PasswordField(lenient::Made<ServicePassword>);

impl<'de> Deserialize<'de> for PasswordField {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use lenient::Field as _;
        let text = lenient::OptText::deserialize(d)?.made();
        let secret = |t: Option<String>| ServicePassword(t.filter(|t| !t.is_empty()).map(SecretString::from));
        Ok(PasswordField(text.map(secret)))
    }
}

impl<'de> lenient::Field<'de> for PasswordField {
    type Out = ServicePassword;
    fn made(self) -> lenient::Made<ServicePassword> {
        self.0
    }
}

/// `GET /service` → `{"services": [...]}`.
#[derive(Debug, Deserialize)]
pub struct ServiceList {
    #[serde(deserialize_with = "lenient::each_or_unreadable")]
    pub services: Vec<Service>,
}

/// `GET /service/@id` → `{"service": {...}}`.
#[derive(Debug, Deserialize)]
pub struct ServiceEnvelope {
    pub service: Service,
}

/// When a requested cancellation takes effect.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CancelKind {
    /// At the end of the billing period (HostBill's "End of billing period").
    #[default]
    EndOfPeriod,
    /// As soon as staff carry it out ("Immediate").
    Immediate,
    /// Another type the portal names, as sent (sanitised).
    Other(CompactString),
}

impl CancelKind {
    fn of(text: &str) -> CancelKind {
        let plain = text.trim().to_ascii_lowercase();
        if plain.is_empty() || plain.contains("end of") || plain == "false" || plain == "0" {
            CancelKind::EndOfPeriod
        } else if plain.starts_with("immediate") || plain == "true" || plain == "1" {
            CancelKind::Immediate
        } else {
            CancelKind::Other(text.trim().into())
        }
    }
}

/// A pending cancellation request: when it takes effect, why, and on which date (each as
/// the portal gave it, sanitised; the reason and the date may be missing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PendingCancellation {
    pub kind: CancelKind,
    pub reason: String,
    pub date: CompactString,
}

/// The `cancellation` field, tolerant of its shapes: an object `{"type","reason","date"}`
/// (also inside a one-item list), the type alone as text; nothing pending for null, false,
/// `""`, `"0"`, `[]` or `{}`. Other values are not a request.
pub struct Cancellation(lenient::Made<Option<PendingCancellation>>);

impl<'de> Deserialize<'de> for Cancellation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        lenient::Raw::deserialize(d).map(|raw| Cancellation(Ok(pending_of(raw))))
    }
}

impl<'de> lenient::Field<'de> for Cancellation {
    type Out = Option<PendingCancellation>;
    fn made(self) -> lenient::Made<Self::Out> {
        self.0
    }
}

fn pending_of(raw: lenient::Raw<'_>) -> Option<PendingCancellation> {
    match raw {
        lenient::Raw::Nested(value) => pending_in(&value),
        other => pending_text(&other.into_text()?),
    }
}

/// The type alone, as text.
fn pending_text(text: &str) -> Option<PendingCancellation> {
    match text.trim() {
        "" | "0" | "false" | "no" => None,
        kind => Some(PendingCancellation {
            kind: CancelKind::of(&crate::api::sanitize::line(kind)),
            ..PendingCancellation::default()
        }),
    }
}

fn pending_in(value: &serde_json::Value) -> Option<PendingCancellation> {
    use serde_json::Value;
    match value {
        Value::Array(items) => items.iter().find_map(pending_in),
        Value::Object(fields) if fields.is_empty() => None,
        Value::Object(fields) => {
            let field = |names: &[&str]| {
                fields
                    .iter()
                    .find(|(k, _)| names.iter().any(|n| k.eq_ignore_ascii_case(n)))
                    .and_then(|(_, v)| match v {
                        Value::String(s) => Some(s.clone()),
                        Value::Number(n) => Some(n.to_string()),
                        Value::Bool(b) => Some(b.to_string()),
                        _ => None,
                    })
                    .map(|s| crate::api::sanitize::line(&s).trim().to_owned())
                    .unwrap_or_default()
            };
            Some(PendingCancellation {
                kind: CancelKind::of(&field(&["type", "immediate"])),
                reason: field(&["reason"]),
                date: field(&["date", "enddate", "end_date"]).into(),
            })
        }
        Value::String(text) => pending_text(text),
        Value::Number(n) => pending_text(&n.to_string()),
        Value::Bool(b) => pending_text(&b.to_string()),
        Value::Null => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_typed_to_cancel_is_never_empty() {
        let service = |domain: &str, name: &str, id: &str| Service {
            domain: domain.into(),
            name: name.into(),
            id: id.into(),
            ..Service::default()
        };
        assert_eq!(service("banhmi.vn", "Hosting", "2208").typed_confirmation(2208), "banhmi.vn");
        assert_eq!(service(" ", "Hosting Basic", "").typed_confirmation(2208), "Hosting Basic");
        // Nothing in the detail, not even its id: the id of the request's path.
        assert_eq!(service("", " ", "").typed_confirmation(2208), "2208");
        assert_eq!(service("\u{200b}", "--", "x").typed_confirmation(2208), "2208", "nothing one could type");
    }

    fn read(cancellation: &str) -> Option<PendingCancellation> {
        let json = format!(r#"{{"id":"1","status":"Active","cancellation":{cancellation}}}"#);
        serde_json::from_str::<Service>(&json).expect("read").cancellation
    }

    #[test]
    fn a_pending_cancellation_is_read_in_its_shapes() {
        let whole =
            read(r#"{"type":"End of billing period","reason":"r\u001b[31m","date":"2026-12-04"}"#).expect("read");
        assert_eq!((whole.kind, whole.date.as_str()), (CancelKind::EndOfPeriod, "2026-12-04"));
        assert!(whole.reason.starts_with('r') && !whole.reason.contains('\u{1b}'), "sanitised: {:?}", whole.reason);
        assert_eq!(read(r#"[{"type":"Immediate","reason":"x"}]"#).map(|p| p.kind), Some(CancelKind::Immediate));
        assert_eq!(read(r#""End of billing period""#).map(|p| p.kind), Some(CancelKind::EndOfPeriod));
        assert_eq!(read(r#"{"type":"Later"}"#).map(|p| p.kind), Some(CancelKind::Other("Later".into())));
        for nothing in ["null", "false", r#""""#, r#""0""#, "[]", "{}", "0"] {
            assert_eq!(read(nothing), None, "{nothing}");
        }
        let capital = serde_json::from_str::<Service>(r#"{"id":"1","Cancellation":{"type":"End of billing period"}}"#);
        assert!(capital.expect("read").cancellation.is_some());
    }
}
