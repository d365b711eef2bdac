//! Every failure of a portal call in words, in either language, and the operations as a
//! person names them. The English wording is also the `Display` of `ApiError` and
//! `Operation` and the operations' names in logs: `api` keeps the facts, this the words.

use super::{Language, Text};
use crate::api::{ApiError, BodyKind, Lost, Operation, Refusal, Said, TlsFailure};

impl Operation {
    /// The operation's name in logs (as a person says it, in English).
    pub fn label(self) -> &'static str {
        operation(self, Language::English)
    }
}

impl std::fmt::Display for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// The English message of [`api_error`].
impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&api_error(self, Language::English))
    }
}

/// An operation as a person names it: a read's name written here, a change's beside its
/// preview (`i18n::preview`), from the table of changes.
macro_rules! operation_names {
    ($($(#[doc = $doc:literal])* $name:ident { $($field:ident: $type:ty),+ } => $op:ident { $($rest:tt)* })*) => {
        pub fn operation(op: Operation, language: Language) -> &'static str {
            let text = match op {
                Operation::Login => Text::OpLogin,
                Operation::Refresh => Text::OpRefresh,
                Operation::Details => Text::OpDetails,
                Operation::Certificate => Text::OpCertificate,
                Operation::Domain => Text::OpDomain,
                Operation::Upgrade => Text::OpUpgrade,
                Operation::Balance => Text::OpBalance,
                Operation::Services => Text::OpServices,
                Operation::Service => Text::OpService,
                Operation::Domains => Text::OpDomains,
                Operation::DomainDetails => Text::OpDomainDetails,
                Operation::Dns => Text::OpDns,
                Operation::Invoices => Text::OpInvoices,
                Operation::Invoice => Text::OpInvoice,
                Operation::DnsTypes => Text::OpDnsTypes,
                Operation::UpgradeEstimate => Text::OpUpgradeEstimate,
                Operation::Tickets => Text::OpTickets,
                Operation::Ticket => Text::OpTicket,
                Operation::TicketDepartments => Text::OpTicketDepartments,
                Operation::TicketAttachment => Text::OpTicketAttachment,
                Operation::DomainOrder => Text::OpDomainOrder,
                Operation::Nameservers => Text::OpNameservers,
                Operation::RegistrarLock => Text::OpRegistrarLock,
                Operation::TransferCode => Text::OpTransferCode,
                Operation::DomainLookup => Text::OpDomainLookup,
                Operation::Payments => Text::OpPayments,
                Operation::ServiceMethods => Text::OpServiceMethods,
                Operation::ServiceLabel => Text::OpServiceLabel,
                Operation::Certificates => Text::OpCertificates,
                Operation::CertificateCrt => Text::OpCertificateCrt,
                Operation::Logout => Text::OpLogout,
                Operation::Revoke => Text::OpRevoke,
                Operation::Zones => Text::OpZones,
                Operation::ZoneRecords => Text::OpZoneRecords,
                Operation::Categories => Text::OpCategories,
                Operation::Products => Text::OpProducts,
                Operation::ProductConfig => Text::OpProductConfig,
                Operation::TldForm => Text::OpTldForm,
                Operation::Contacts => Text::OpContacts,
                Operation::Contact => Text::OpContact,
                Operation::DomainContacts => Text::OpDomainContacts,
                Operation::OrderedService => Text::OpOrderedService,
                Operation::Quote => Text::OpQuote,
                $(Operation::$op => super::preview::$name::NAME,)*
            };
            text.get(language)
        }
    };
}

crate::api::change_rows!(operation_names);

/// "this portal does not offer the …", for a route the portal lacks.
pub fn not_offered(op: Operation, language: Language) -> String {
    Text::NotOffered.fill(language, &[("what", &operation(op, language))])
}

fn body_kind(kind: BodyKind, language: Language) -> &'static str {
    let text = match kind {
        BodyKind::Empty => Text::BodyEmpty,
        BodyKind::Html => Text::BodyHtml,
        BodyKind::Json => Text::BodyJson,
        BodyKind::Text => Text::BodyText,
    };
    text.get(language)
}

/// What a portal said: known codes in words, its own words as sent.
pub fn said(said: &[Said], language: Language) -> String {
    let one = |s: &Said| match s {
        Said::WrongLogin => Text::SaidWrongLogin.get(language).to_owned(),
        Said::Unauthorized => Text::SaidUnauthorized.get(language).to_owned(),
        Said::InvalidMethod => Text::SaidInvalidMethod.get(language).to_owned(),
        Said::NoReason => Text::SaidNoReason.get(language).to_owned(),
        Said::Words(words) => match words.to_ascii_lowercase().as_str() {
            "upgrade_estimate" => Text::SaidUpgradeEstimate.get(language).to_owned(),
            "upgrade_request_sent" | "upgrade_requested" => Text::SaidUpgradeRequested.get(language).to_owned(),
            "insufficient_credit" => Text::SaidInsufficientCredit.get(language).to_owned(),
            // DNS hosting portals' answer to a record added to a zone.
            "dnsnewrecordadded" => Text::SaidZoneRecordAdded.get(language).to_owned(),
            "dnsrecordupdated" => Text::SaidZoneRecordUpdated.get(language).to_owned(),
            "dnsrecorddeleted" | "dnsrecordremoved" => Text::SaidZoneRecordDeleted.get(language).to_owned(),
            // Another code (`some_thing`) reads better as words.
            code if !code.contains(' ') && code.contains('_') => code.replace('_', " "),
            _ => words.clone(),
        },
    };
    said.iter().map(one).collect::<Vec<_>>().join("; ")
}

/// A retry about to happen, as the status line and the commands' stderr say it.
pub fn retrying(notice: &crate::api::http::retry::RetryNotice, language: Language) -> String {
    let wait = format!("{:.1} s", notice.wait.as_secs_f32());
    Text::Retrying.fill(
        language,
        &[("attempt", &notice.attempt), ("of", &notice.of), ("wait", &wait), ("reason", &notice.reason)],
    )
}

/// A login answer saying few sign-ins remain before the portal refuses them (429), with
/// how long until its count starts again when it says.
pub fn sign_ins_left(rate: &crate::api::http::rate_limit::RateLimit, language: Language) -> String {
    match rate.reset {
        Some(wait) => Text::SignInsLeftFor
            .fill(language, &[("remaining", &rate.remaining), ("wait", &super::format::duration(wait, language))]),
        None => Text::SignInsLeft.fill(language, &[("remaining", &rate.remaining)]),
    }
}

fn refusal(reason: &Refusal, language: Language) -> String {
    match reason {
        Refusal::Said(words) => said(words, language),
        Refusal::Rejected => Text::RefusedSession.get(language).to_owned(),
        Refusal::BasicRefused => Text::RefusedBasic.get(language).to_owned(),
        Refusal::SessionExpired => Text::RefusedExpired.get(language).to_owned(),
        Refusal::NotSignedIn => Text::NotLoggedIn.get(language).to_owned(),
        Refusal::CheckCredentials(why) => Text::RefusedCheck.fill(language, &[("reason", &refusal(why, language))]),
        Refusal::AfterLogin(why) => Text::RefusedAfterLogin.fill(language, &[("reason", &refusal(why, language))]),
    }
}

fn tls(why: &TlsFailure, language: Language) -> String {
    let text = match why {
        TlsFailure::UnknownIssuer => Text::TlsUnknownIssuer,
        TlsFailure::Expired => Text::TlsExpired,
        TlsFailure::OtherName => Text::TlsOtherName,
        TlsFailure::Revoked => Text::TlsRevoked,
        TlsFailure::BadSignature => Text::TlsBadSignature,
        TlsFailure::Other(detail) => return detail.clone(),
    };
    text.get(language).to_owned()
}

/// An API error as people read it, in either language: the one wording of each message.
/// The portal's own words are kept as sent.
pub fn api_error(error: &ApiError, language: Language) -> String {
    let (op, message) = failure(error, language);
    Text::ErrFailed.fill(language, &[("op", &operation(op, language)), ("message", &message)])
}

/// A failed sign-in in words; where the portal's answer was no refusal of the e-mail and
/// password (`api::sign_in_asked_at`), said with the address asked and the base URL to
/// check first, rather than as a wrong password.
pub fn sign_in_error(error: &ApiError, base: &crate::api::BaseUrl, language: Language) -> String {
    let Some(url) = crate::api::sign_in_asked_at(error, base) else { return api_error(error, language) };
    let reason = match error {
        ApiError::Auth { reason: Refusal::CheckCredentials(inner), .. } => refusal(inner, language),
        other => failure(other, language).1,
    };
    Text::ErrSignInElsewhere
        .fill(language, &[("op", &operation(error.operation(), language)), ("reason", &reason), ("url", &url)])
}

/// An API error about one thing the user asked for, that thing first (the status line is
/// narrow): "x.vn: the portal says: Domain not found".
pub fn api_error_for(error: &ApiError, what: &str, language: Language) -> String {
    let (_, message) = failure(error, language);
    format!("{what}: {message}")
}

/// The operation that failed and what happened, in words.
fn failure(error: &ApiError, language: Language) -> (Operation, String) {
    let (op, message) = match error {
        ApiError::Auth { op, reason } => (op, refusal(reason, language)),
        ApiError::Portal { op, said: words } => {
            (op, Text::ErrPortal.fill(language, &[("said", &said(words, language))]))
        }
        ApiError::Status { op, status, body } => {
            (op, Text::ErrStatus.fill(language, &[("status", status), ("body", &body_kind(*body, language))]))
        }
        ApiError::RateLimited { op, retry_after } => {
            let after = match retry_after {
                Some(d) => Text::ErrRetryAfter.fill(language, &[("wait", &super::format::duration(*d, language))]),
                None => String::new(),
            };
            (op, Text::ErrRateLimited.fill(language, &[("after", &after)]))
        }
        ApiError::EmptyBody { op } => (op, Text::ErrEmptyBody.get(language).to_owned()),
        ApiError::NotJson { op, kind } => {
            (op, Text::ErrNotJson.fill(language, &[("body", &body_kind(*kind, language))]))
        }
        ApiError::InvalidJson { op, detail } => (op, Text::ErrInvalidJson.fill(language, &[("detail", detail)])),
        ApiError::UnexpectedShape { op, detail } => (op, Text::ErrUnexpected.fill(language, &[("detail", detail)])),
        ApiError::TooLarge { op, limit } => {
            (op, Text::ErrTooLarge.fill(language, &[("mib", &(limit / (1024 * 1024)))]))
        }
        ApiError::Timeout { op, after } => (op, Text::ErrTimeout.fill(language, &[("seconds", &after.as_secs_f32())])),
        ApiError::Refused { op, url } => (op, Text::ErrRefused.fill(language, &[("url", url)])),
        ApiError::Dns { op, host } => (op, Text::ErrDns.fill(language, &[("host", host)])),
        ApiError::Tls { op, host, why } => {
            (op, Text::ErrTls.fill(language, &[("host", host), ("why", &tls(why, language))]))
        }
        ApiError::Redirected { op, to } => (op, Text::ErrRedirected.fill(language, &[("to", to)])),
        ApiError::RedirectLoop { op, url } => (op, Text::ErrRedirectLoop.fill(language, &[("url", url)])),
        ApiError::Connection { op, lost } => {
            let how = match lost {
                Lost::MidAnswer => Text::LostMidAnswer.get(language).to_owned(),
                Lost::CouldNotConnect(origin) => Text::LostConnect.fill(language, &[("origin", origin)]),
                Lost::Closed => Text::LostClosed.get(language).to_owned(),
            };
            (op, Text::ErrConnection.fill(language, &[("how", &how)]))
        }
        ApiError::InvalidInput { op, detail } => (op, detail.clone()),
        ApiError::TargetChanged { op, shown, now } => {
            let text = match now {
                Some(now) => Text::ErrTargetChanged.fill(language, &[("shown", shown), ("now", now)]),
                None => Text::ErrTargetGone.fill(language, &[("shown", shown)]),
            };
            (op, text)
        }
        ApiError::Unclear { op, answer, look } => {
            let (_, answered) = failure(answer, language);
            let look: Vec<&str> = look.iter().map(|op| operation(*op, language)).collect();
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("answer", &answered), ("look", &look.join(", "))];
            (op, Text::ErrUnclear.fill(language, &fill))
        }
        ApiError::NotThisName { op, asked, answered } => {
            let fill: [(&str, &dyn std::fmt::Display); 2] = [("asked", asked), ("answered", &answered.join(", "))];
            (op, Text::ErrNotThisName.fill(language, &fill))
        }
        ApiError::NotApplied { op, answer } => {
            let (_, answered) = failure(answer, language);
            (op, Text::ErrNotApplied.fill(language, &[("answer", &answered)]))
        }
    };
    (*op, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_errors_in_vietnamese_keep_the_portals_words() {
        let e = ApiError::Portal { op: Operation::Domain, said: vec![Said::Words("Domain not found".into())] };
        assert_eq!(api_error(&e, Language::English), "domain lookup failed: the portal says: Domain not found");
        assert_eq!(api_error(&e, Language::Vietnamese), "tra cứu tên miền thất bại: cổng báo: Domain not found");
    }

    #[test]
    fn the_tools_own_reasons_are_said_in_each_language() {
        let refused = ApiError::Auth {
            op: Operation::Login,
            reason: Refusal::CheckCredentials(Box::new(Refusal::Said(vec![Said::WrongLogin]))),
        };
        assert_eq!(refused.to_string(), "login failed: wrong e-mail or password: check the e-mail and password");
        assert_eq!(
            api_error(&refused, Language::Vietnamese),
            "đăng nhập thất bại: sai thư điện tử hoặc mật khẩu: hãy kiểm tra thư điện tử và mật khẩu"
        );
        let lost = ApiError::Connection { op: Operation::Domain, lost: Lost::MidAnswer };
        assert_eq!(
            api_error(&lost, Language::Vietnamese),
            "tra cứu tên miền thất bại: mất kết nối (cổng đóng kết nối giữa chừng)"
        );
        let tls = ApiError::Tls { op: Operation::Details, host: "h.vn".into(), why: TlsFailure::UnknownIssuer };
        assert!(api_error(&tls, Language::Vietnamese).contains("dùng --ca-cert"));
        let credit =
            ApiError::Portal { op: Operation::DomainRenew, said: vec![Said::Words("insufficient_credit".into())] };
        assert_eq!(
            credit.to_string(),
            "domain renewal failed: the portal says: not enough account credit to pay for the renewal"
        );
        assert_eq!(
            api_error(&credit, Language::Vietnamese),
            "gia hạn tên miền thất bại: cổng báo: số dư tài khoản không đủ để thanh toán việc gia hạn"
        );
        let none = ApiError::Auth { op: Operation::Domain, reason: Refusal::NotSignedIn };
        assert_eq!(api_error(&none, Language::Vietnamese), "tra cứu tên miền thất bại: chưa đăng nhập");
    }
}
