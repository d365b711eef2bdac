//! Paying an invoice from the account's credit, cancelling and labelling a service, a
//! certificate's download and signing out at the portal: the requests the billing changes
//! are, what a payment would do (`plan_payment`, checked before anything is sent), the
//! issued certificate read leniently, and `end_session`.

use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use secrecy::ExposeSecret;
use serde_json::Value;

use super::changes::Change;
use super::client::{PortalClient, sensitive};
use super::error::{ApiError, BodyKind, Operation, Result};
use super::http::transport;
use super::models::{Balance, Invoice, Standing};
use super::money::Money;

/// What paying an invoice from the credit would do, worked out before anything is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    pub invoice_id: u64,
    pub currency: String,
    pub total: Money,
    /// What the invoice still asks (the total less what was credited or paid).
    pub due: Money,
    /// The account's credit now (`Balance::available_credit`: `acc_credit`).
    pub credit: Money,
    /// What is paid.
    pub amount: Money,
    pub due_after: Money,
    pub credit_after: Money,
    /// Whether `--amount` was given (else the portal is asked to pay it whole).
    pub amount_given: bool,
}

impl Payment {
    /// The change that pays it.
    pub fn change(&self) -> Change {
        Change::InvoicePay { invoice_id: self.invoice_id, amount: self.amount_given.then_some(self.amount) }
    }
}

/// The currency a payment of `invoice` from `balance` is in: the invoice's, else the
/// balance's (an amount typed for it is read in it).
pub fn payment_currency<'a>(invoice: &'a Invoice, balance: &'a Balance) -> &'a str {
    match invoice.currency.trim() {
        "" => balance.currency.trim(),
        currency => currency,
    }
}

/// Why a payment is refused before anything is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayRefusal {
    AlreadyPaid,
    /// Not an invoice to pay (cancelled, refunded…): its status.
    NotPayable(String),
    NotPositive,
    MoreThanDue {
        amount: Money,
        due: Money,
    },
    MoreThanCredit {
        amount: Money,
        credit: Money,
    },
    /// The invoice and the balance are in different currencies.
    OtherCurrency {
        invoice: String,
        balance: String,
    },
    /// The portal says nothing of the account's credit (neither `acc_credit` nor the
    /// details' `credit`).
    CreditUnknown,
    /// The invoice is in this currency and nothing says the credit's.
    CreditCurrencyUnknown {
        invoice: String,
    },
    /// Sums too large to hold.
    Overflow,
}

/// What paying `invoice` (id `invoice_id`) from the credit in `balance` would do; `amount`
/// `None` pays what it still asks, whole.
pub fn plan_payment(
    invoice_id: u64,
    invoice: &Invoice,
    balance: &Balance,
    amount: Option<Money>,
) -> std::result::Result<Payment, PayRefusal> {
    if invoice.is_paid() {
        return Err(PayRefusal::AlreadyPaid);
    }
    if invoice.standing() != Standing::Unpaid {
        return Err(PayRefusal::NotPayable(invoice.status.to_string()));
    }
    let (currency, other) = (invoice.currency.trim(), balance.currency.trim());
    if !currency.is_empty() && !other.is_empty() && !currency.eq_ignore_ascii_case(other) {
        return Err(PayRefusal::OtherCurrency { invoice: currency.to_owned(), balance: other.to_owned() });
    }
    let due = invoice.still_due().ok_or(PayRefusal::Overflow)?;
    let credit = balance.available_credit().ok_or(PayRefusal::CreditUnknown)?;
    // Neither the balance nor the account names the credit's currency: it is never guessed
    // to be the invoice's.
    if !currency.is_empty() && other.is_empty() {
        return Err(PayRefusal::CreditCurrencyUnknown { invoice: currency.to_owned() });
    }
    let paid = amount.unwrap_or(due);
    if paid.is_negative() || paid.is_zero() {
        return Err(if amount.is_none() { PayRefusal::AlreadyPaid } else { PayRefusal::NotPositive });
    }
    if paid > due {
        return Err(PayRefusal::MoreThanDue { amount: paid, due });
    }
    if paid > credit {
        return Err(PayRefusal::MoreThanCredit { amount: paid, credit });
    }
    let currency = if currency.is_empty() { other } else { currency };
    Ok(Payment {
        invoice_id,
        currency: currency.to_owned(),
        total: invoice.total,
        due,
        credit,
        amount: paid,
        due_after: due.checked_sub(paid).ok_or(PayRefusal::Overflow)?,
        credit_after: credit.checked_sub(paid).ok_or(PayRefusal::Overflow)?,
        amount_given: amount.is_some(),
    })
}

/// How one step of signing out at the portal went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The portal ended it.
    Ended,
    /// The portal has no such route (404, `invalid method`).
    NotOffered,
    /// The portal no longer took the token (401): there was nothing left to end.
    AlreadyEnded,
}

/// What signing out at the portal did: the refresh token revoked (when there was one), then
/// the access token ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionEnd {
    pub revoke: Option<Ended>,
    pub logout: Ended,
}

impl SessionEnd {
    /// The portal offers neither route: only the local session can be removed.
    pub fn not_offered(&self) -> bool {
        self.logout == Ended::NotOffered && self.revoke.is_none_or(|r| r == Ended::NotOffered)
    }
}

impl PortalClient {
    /// The balance a payment or a renewal is worked out from: `GET /balance`, with the
    /// details' `credit` (the same credit) where it says none, or alone where the portal
    /// has no `GET /balance` (then what is owed is not known).
    pub async fn credit_balance(&self) -> Result<Balance> {
        match self.balance().await {
            Ok(balance) if balance.credit.is_some() && !balance.currency.trim().is_empty() => Ok(balance),
            Ok(balance) => Ok(balance.or_details(&self.account().await?)),
            Err(e) if e.not_offered() => Balance::from_details(&self.account().await?).ok_or(e),
            Err(e) => Err(e),
        }
    }

    /// `GET /certificate/@id/crt`: the issued certificate as PEM text, from a bare PEM
    /// answer or a JSON one (`crt`, `certificate`, `cert` or `pem`, at the top or in
    /// `details`/`service`). The session, retries and renewal are a read's. Anything else
    /// (an HTML page, JSON without a certificate) is an error, never saved as one.
    pub async fn certificate_crt(&self, id: u64) -> Result<String> {
        let op = Operation::CertificateCrt;
        let fetched = async {
            let url = self.url(op, &["certificate", &id.to_string(), "crt"])?;
            let bytes = self.get_url(op, url, &transport::file_bytes).await?;
            pem_of(op, &bytes)
        };
        fetched.await.map_err(|e| self.redact_error(e))
    }

    /// Signs out at the portal: `POST /revoke` with the refresh token when there is one,
    /// then `POST /logout`, each sent once with the session's token and never retried; the
    /// session is dropped from this client whatever the portal answers. `Ok(None)` when
    /// there is no token session to end (Basic auth, or not signed in): nothing is sent.
    /// The refresh token travels only in the body, which no log keeps (`redact`: the answers
    /// of both are withheld, and every text is redacted of the tokens this client held).
    pub async fn end_session(&self) -> Result<Option<SessionEnd>> {
        let session = self.inner().session.lock().await.take();
        let Some(session) = session else { return Ok(None) };
        let bearer = session.bearer_header();
        let revoke = match &session.refresh {
            Some(refresh) => {
                let body = serde_json::json!({ "refresh_token": refresh.expose_secret() });
                Some(self.end_step(Operation::Revoke, "revoke", &bearer, Some(body)).await)
            }
            None => None,
        };
        let logout = self.end_step(Operation::Logout, "logout", &bearer, None).await;
        // A revoke that ended the access token too leaves logout nothing to end.
        let logout = match (revoke.as_ref(), logout) {
            (Some(Ok(Ended::Ended)), Ok(Ended::AlreadyEnded)) => Ok(Ended::Ended),
            (_, logout) => logout,
        };
        let revoke = revoke.transpose().map_err(|e| self.redact_error(e))?;
        let logout = logout.map_err(|e| self.redact_error(e))?;
        Ok(Some(SessionEnd { revoke, logout }))
    }

    async fn end_step(
        &self,
        op: Operation,
        path: &str,
        bearer: &secrecy::SecretString,
        body: Option<Value>,
    ) -> Result<Ended> {
        let mut request = self.request(Method::POST, self.url(op, &[path])?).header(AUTHORIZATION, sensitive(bearer));
        if let Some(body) = &body {
            request = request.json(body);
        }
        let reply = self.send(op, request).await?;
        match transport::decode_change(op, &reply) {
            Ok(_) => Ok(Ended::Ended),
            Err(e) if e.not_offered() => Ok(Ended::NotOffered),
            Err(e) if e.is_auth() || reply.status == reqwest::StatusCode::UNAUTHORIZED => Ok(Ended::AlreadyEnded),
            Err(e) => Err(e),
        }
    }
}

/// The PEM text in a certificate's answer (see [`PortalClient::certificate_crt`]).
fn pem_of(op: Operation, bytes: &[u8]) -> Result<String> {
    let missing = || ApiError::UnexpectedShape { op, detail: "no certificate in the answer".into() };
    let text = match BodyKind::of(bytes) {
        BodyKind::Json => {
            let value: Value =
                serde_json::from_slice(bytes).map_err(|e| ApiError::InvalidJson { op, detail: e.to_string() })?;
            let keys = ["crt", "certificate", "cert", "pem"];
            let field = |v: &Value| keys.iter().find_map(|k| v.get(*k).and_then(Value::as_str).map(str::to_owned));
            let nested = || ["details", "service"].iter().find_map(|k| value.get(*k).and_then(field));
            field(&value).or_else(nested).ok_or_else(missing)?
        }
        BodyKind::Html => return Err(ApiError::NotJson { op, kind: BodyKind::Html }),
        BodyKind::Empty => return Err(ApiError::EmptyBody { op }),
        BodyKind::Text => String::from_utf8_lossy(bytes).into_owned(),
    };
    let cleaned = super::sanitize::message(&text);
    let pem = cleaned.trim();
    if !pem.contains("-----BEGIN ") || !pem.contains("-----END ") {
        return Err(missing());
    }
    Ok(format!("{pem}\n"))
}

impl PortalClient {
    /// The account's currency, said beside every amount the portal sends without one
    /// (prices, a service's, a domain's, a certificate's), as the dashboard finds it: the
    /// balance's, else the account's `currency_code`; none when neither can be read.
    pub async fn currency(&self) -> String {
        let balance = self.balance().await.map(|b| b.currency.trim().to_owned()).unwrap_or_default();
        if !balance.is_empty() {
            return balance;
        }
        let Ok(account) = self.account().await else { return String::new() };
        account.extra.iter().find(|(k, _)| k == "currency_code").map(|(_, v)| v.trim().to_owned()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    fn unpaid(total: &str) -> Invoice {
        Invoice { status: "Unpaid".into(), total: money(total), currency: "VND".into(), ..Invoice::default() }
    }

    fn credit(amount: &str) -> Balance {
        Balance { credit: Some(money(amount)), currency: "VND".into(), ..Balance::default() }
    }

    #[test]
    fn a_payment_is_worked_out_or_refused_before_sending() {
        let whole = plan_payment(90412, &unpaid("412500.00"), &credit("600000.000"), None).unwrap();
        assert_eq!(
            (whole.amount, whole.due_after, whole.credit_after),
            (money("412500"), Money::ZERO, money("187500"))
        );
        assert_eq!(whole.change(), Change::InvoicePay { invoice_id: 90412, amount: None });
        let part = plan_payment(90441, &unpaid("682000"), &credit("600000"), Some(money("100000"))).unwrap();
        assert_eq!((part.due_after, part.credit_after), (money("582000"), money("500000")));
        assert_eq!(part.change().describe(), r#"POST /invoice/90441/credit {"amount":"100000"}"#);

        let refused = |invoice: &Invoice, balance: &Balance, amount: Option<&str>| {
            plan_payment(1, invoice, balance, amount.map(money)).unwrap_err()
        };
        assert_eq!(
            refused(&unpaid("682000"), &credit("600000"), None),
            PayRefusal::MoreThanCredit { amount: money("682000"), credit: money("600000") }
        );
        assert!(matches!(refused(&unpaid("10"), &credit("600000"), Some("11")), PayRefusal::MoreThanDue { .. }));
        assert_eq!(refused(&unpaid("10"), &credit("600000"), Some("0")), PayRefusal::NotPositive);
        assert_eq!(refused(&unpaid("10"), &credit("600000"), Some("-1")), PayRefusal::NotPositive);
        let paid = Invoice { status: "Paid".into(), ..unpaid("10") };
        assert_eq!(refused(&paid, &credit("600000"), None), PayRefusal::AlreadyPaid);
        let cancelled = Invoice { status: "Cancelled".into(), ..unpaid("10") };
        assert_eq!(refused(&cancelled, &credit("600000"), None), PayRefusal::NotPayable("Cancelled".into()));
        let usd = Balance { currency: "USD".into(), ..credit("600000") };
        assert!(matches!(refused(&unpaid("10"), &usd, None), PayRefusal::OtherCurrency { .. }));
        // A credit whose currency nothing names is never taken to be the invoice's.
        let unnamed = Balance { currency: String::new(), ..credit("1500000") };
        let in_usd = Invoice { currency: "USD".into(), ..unpaid("10") };
        assert_eq!(refused(&in_usd, &unnamed, None), PayRefusal::CreditCurrencyUnknown { invoice: "USD".into() });
        // What is owed is never money to spend: a portal that owes 1,500,000 with a credit
        // of 400,000 pays 250,000 and leaves 150,000.
        let owing = Balance { unpaid: Some(money("1500000")), ..credit("400000") };
        assert_eq!(
            refused(&unpaid("500000"), &owing, None),
            PayRefusal::MoreThanCredit { amount: money("500000"), credit: money("400000") }
        );
        let part = plan_payment(1, &unpaid("500000"), &owing, Some(money("250000"))).unwrap();
        assert_eq!((part.credit, part.credit_after), (money("400000"), money("150000")));
        let unknown = Balance { unpaid: Some(money("1500000")), ..Balance::default() };
        assert_eq!(refused(&unpaid("10"), &unknown, None), PayRefusal::CreditUnknown);
    }

    #[test]
    fn billing_requests_as_sent() {
        let cancel =
            Change::ServiceCancel { service_id: 2208, immediate: false, reason: "Chuyển nhà cung cấp".into() };
        assert_eq!(
            cancel.describe(),
            r#"POST /service/2208/cancel {"immediate":"false","reason":"Chuyển nhà cung cấp"}"#
        );
        let label = Change::ServiceLabel { service_id: 2207, label: "Máy chủ web".into() };
        assert_eq!(label.describe(), r#"POST /service/2207/label {"label":"Máy chủ web"}"#);
        assert_eq!(Change::InvoicePay { invoice_id: 7, amount: None }.describe(), "POST /invoice/7/credit");
    }

    #[test]
    fn a_certificate_is_read_from_text_or_json() {
        let op = Operation::CertificateCrt;
        let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
        assert_eq!(pem_of(op, pem.as_bytes()).unwrap(), format!("{pem}\n"));
        let json = serde_json::json!({ "success": true, "crt": format!("{pem}\r\n\u{1b}[2J") }).to_string();
        assert_eq!(pem_of(op, json.as_bytes()).unwrap(), format!("{pem}\n"));
        let nested = serde_json::json!({ "details": { "certificate": pem } }).to_string();
        assert_eq!(pem_of(op, nested.as_bytes()).unwrap(), format!("{pem}\n"));
        assert!(matches!(pem_of(op, b"<html>login</html>"), Err(ApiError::NotJson { .. })));
        assert!(matches!(pem_of(op, br#"{"success":true}"#), Err(ApiError::UnexpectedShape { .. })));
        assert!(matches!(pem_of(op, b"pending"), Err(ApiError::UnexpectedShape { .. })));
    }
}
