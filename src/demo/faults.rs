//! Fault injection: the failures real portals and networks produce, on demand, so every
//! failure path of the client is tested for real. A rule is `NAME[@PATH-PREFIX][*COUNT]`:
//! `html-502@/domain*2` answers the next two domain lookups with a proxy's 502 page.

use std::str::FromStr;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::PortalState;
pub use super::fault_answers::{HOSTILE, HUGE_AMOUNT};
use super::fault_answers::{
    answer_bytes, dropped_body, hostile, html, huge_amounts, huge_body, json, json_bytes, slow_body, swap_types,
};
use super::reply::route_path;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A proxy's HTML error page with 502.
    Html502,
    /// An application crash page with 500.
    Html500,
    /// A login or maintenance page served with 200.
    Html200,
    /// 404 with a web server's page.
    NotFound,
    /// 401 `{"error":["unauthorized"]}` whatever the token.
    Unauthorized,
    /// 200 with `{"error": [...]}`.
    Error200,
    /// 200 with nothing in it.
    EmptyBody,
    /// The real answer cut in half.
    TruncatedJson,
    /// The real answer with arrays, objects and strings swapped for other types.
    WrongTypes,
    /// An answer over the client's cap (see `huge_body`).
    HugeBody,
    /// A body that trickles a byte at a time.
    SlowBody,
    /// 429 with `Retry-After: 1`.
    TooMany,
    /// 429 without `Retry-After`.
    TooManyBare,
    /// Headers promise more than is sent, then the connection drops.
    DropConnection,
    /// The real answer with terminal escapes (a title change, a screen clear) and a bidi
    /// override appended to its text: names, nameservers, contacts, messages.
    HostileText,
    /// The real answer with every amount (prices, totals, payments) at the largest value a
    /// decimal holds, so that any sum of two overflows.
    HugeAmounts,
    /// The real answer with the first record of its list unreadable: `autorenew: "2"`,
    /// `period: []`.
    BadRecord,
    /// A change (POST, PUT, DELETE) is applied, then its answer is lost: a proxy's 504
    /// page instead. Requests that read are left alone.
    LostAnswer,
    /// The request is carried out, then answered `303 See Other` to `/details`, as a web
    /// front end does after a form.
    SeeOther,
    /// The request is carried out, then answered `204 No Content`.
    NoContent,
    /// 200 with `{"success": false}` and no reason.
    FailedBare,
    /// 200 with `{"error": ["Access denied: unauthorized"]}`: a refusal in words, not a 401.
    Unauthorized200,
    /// Another admin deletes the first DNS record of the domain in the path, then the
    /// request is answered as usual.
    OtherAdmin,
    /// The portal addresses DNS records by their position in the list (0, 1, 2…) instead
    /// of ids of their own, as some DNS modules do. A mode: every matching request, and it
    /// does not stop other rules.
    PositionIds,
    /// A change (POST, PUT, DELETE) is applied, then its answer trickles in a byte at a
    /// time, for seconds: time to stop the program mid-way. Requests that read are left
    /// alone.
    SlowAnswer,
    /// A change (POST, PUT, DELETE) is applied, then answered 401 as if the session had
    /// been refused (a session that ended while the portal worked). Requests that read are
    /// left alone.
    AppliedUnauthorized,
    /// A change is applied, then answered 500 with the portal's JSON error, as an
    /// application that failed after writing does. Reads are left alone.
    AppliedServerError,
    /// A change is applied, then a proxy answers 502 with its page. Reads are left alone.
    AppliedBadGateway,
    /// A change is applied, then answered 200 with text that is no answer (a PHP warning
    /// printed instead of the JSON). Reads are left alone.
    AppliedGarbage,
    /// A change is applied, then the connection drops mid-answer. Reads are left alone.
    AppliedDrop,
    /// Every read is answered with what the read before it of the same address got (the
    /// first as it is): a portal whose reads lag one change behind, a cache in front of it.
    /// A mode: every matching read, and it does not stop other rules.
    LaggingReads,
    /// A name looked up (`GET /domain/name/X`) that is not registered is answered with the
    /// registrations of a name it ends with, or that ends with it, as portals that look
    /// names up by suffix or `LIKE` do. A mode, as `lagging-reads`.
    LookupBySuffix,
    /// A renewal is billed on an invoice to pay instead of charged to the credit, as
    /// portals that invoice renewals do: the expiry stays until it is paid. A mode.
    RenewalsInvoiced,
    /// A hosted zone's record written with a TTL under `zones::MIN_TTL` seconds is refused in
    /// words (200 `{"error": ["TTL must be at least 300 seconds"]}`), as DNS modules with a
    /// floor do. A mode.
    MinTtl,
}

/// The header `lookup-by-suffix` marks a request with: a name not registered is answered
/// with the registrations of a name it ends with, or that ends with it (`routes::domain`).
pub const BY_SUFFIX: &str = "x-demo-lookup-by-suffix";

/// The header `renewals-invoiced` marks a request with (`domain_actions::renew`).
pub const INVOICED: &str = "x-demo-renewals-invoiced";

impl Fault {
    pub const ALL: [(&'static str, Fault); 34] = [
        ("html-502", Fault::Html502),
        ("html-500", Fault::Html500),
        ("html-200", Fault::Html200),
        ("404", Fault::NotFound),
        ("401", Fault::Unauthorized),
        ("error-200", Fault::Error200),
        ("empty-body", Fault::EmptyBody),
        ("truncated-json", Fault::TruncatedJson),
        ("wrong-types", Fault::WrongTypes),
        ("huge-body", Fault::HugeBody),
        ("slow-body", Fault::SlowBody),
        ("429", Fault::TooMany),
        ("429-bare", Fault::TooManyBare),
        ("drop-connection", Fault::DropConnection),
        ("hostile-text", Fault::HostileText),
        ("huge-amounts", Fault::HugeAmounts),
        ("bad-record", Fault::BadRecord),
        ("lost-answer", Fault::LostAnswer),
        ("see-other", Fault::SeeOther),
        ("no-content", Fault::NoContent),
        ("failed-bare", Fault::FailedBare),
        ("unauthorized-200", Fault::Unauthorized200),
        ("other-admin", Fault::OtherAdmin),
        ("position-ids", Fault::PositionIds),
        ("slow-answer", Fault::SlowAnswer),
        ("applied-401", Fault::AppliedUnauthorized),
        ("applied-500", Fault::AppliedServerError),
        ("applied-502", Fault::AppliedBadGateway),
        ("applied-garbage", Fault::AppliedGarbage),
        ("applied-drop", Fault::AppliedDrop),
        ("lagging-reads", Fault::LaggingReads),
        ("lookup-by-suffix", Fault::LookupBySuffix),
        ("renewals-invoiced", Fault::RenewalsInvoiced),
        ("min-ttl", Fault::MinTtl),
    ];

    /// The faults a change is applied under before its answer goes wrong: the unclear
    /// answers.
    pub const APPLIED_THEN: [Fault; 6] = [
        Fault::AppliedUnauthorized,
        Fault::AppliedServerError,
        Fault::AppliedBadGateway,
        Fault::LostAnswer,
        Fault::AppliedGarbage,
        Fault::AppliedDrop,
    ];

    /// A mode: it changes how every matching request is served, and other rules still
    /// apply (`position-ids`, `lagging-reads`, `lookup-by-suffix`).
    fn is_mode(self) -> bool {
        matches!(
            self,
            Fault::PositionIds | Fault::LaggingReads | Fault::LookupBySuffix | Fault::RenewalsInvoiced | Fault::MinTtl
        )
    }

    /// Whether the fault is for a request with this method.
    fn applies_to(self, method: &axum::http::Method) -> bool {
        let read = *method == axum::http::Method::GET;
        match self {
            Fault::LostAnswer
            | Fault::SlowAnswer
            | Fault::AppliedUnauthorized
            | Fault::AppliedServerError
            | Fault::AppliedBadGateway
            | Fault::AppliedGarbage
            | Fault::AppliedDrop => !read,
            Fault::LaggingReads | Fault::LookupBySuffix => read,
            _ => true,
        }
    }

    pub fn name(self) -> &'static str {
        Fault::ALL.iter().find(|(_, f)| *f == self).map(|(n, _)| *n).unwrap_or("?")
    }

    /// What the fault does, in a line of `demo-server --help`.
    pub fn about(self) -> &'static str {
        match self {
            Fault::Html502 => "a proxy's HTML error page, 502",
            Fault::Html500 => "an application's crash page, 500",
            Fault::Html200 => "a login or maintenance page served with 200",
            Fault::NotFound => "404 with a web server's page",
            Fault::Unauthorized => "401 {\"error\":[\"unauthorized\"]}, whatever the token",
            Fault::Error200 => "200 with {\"error\": [...]}",
            Fault::EmptyBody => "200 with an empty body",
            Fault::TruncatedJson => "the real answer cut in half",
            Fault::WrongTypes => "the real answer with arrays, objects and strings of other types",
            Fault::HugeBody => "10 MiB of JSON",
            Fault::SlowBody => "a body that trickles in a byte at a time",
            Fault::TooMany => "429 with Retry-After: 1",
            Fault::TooManyBare => "429 without Retry-After",
            Fault::DropConnection => "headers promise more than is sent, then the connection drops",
            Fault::HostileText => "the real answer with terminal escapes and a bidi override in its text",
            Fault::HugeAmounts => "the real answer with every amount at the largest decimal",
            Fault::BadRecord => "the real answer with its list's first record unreadable",
            Fault::LostAnswer => "a change is applied, then its answer is lost (a 504 page); reads pass",
            Fault::SeeOther => "the request is carried out, then answered 303 See Other to /details",
            Fault::NoContent => "the request is carried out, then answered 204 No Content",
            Fault::FailedBare => "200 with {\"success\": false} and no reason",
            Fault::Unauthorized200 => "200 with an \"Access denied\" error: a refusal in words, not a 401",
            Fault::OtherAdmin => "another admin deletes the domain's first DNS record, then the usual answer",
            Fault::PositionIds => "DNS records addressed by their position in the list (a mode: every request)",
            Fault::SlowAnswer => "a change is applied, then its answer trickles in for seconds; reads pass",
            Fault::AppliedUnauthorized => {
                "a change is applied, then answered 401 as if the session were refused; reads pass"
            }
            Fault::AppliedServerError => "a change is applied, then answered 500 with a JSON error; reads pass",
            Fault::AppliedBadGateway => "a change is applied, then a proxy's 502 page; reads pass",
            Fault::AppliedGarbage => "a change is applied, then answered 200 with text that is no answer; reads pass",
            Fault::AppliedDrop => "a change is applied, then the connection drops mid-answer; reads pass",
            Fault::LaggingReads => "every read answered as the read before it was (a mode: reads lag by one)",
            Fault::LookupBySuffix => "a name not registered looked up by suffix or LIKE (a mode)",
            Fault::RenewalsInvoiced => {
                "a renewal billed on an invoice to pay, the expiry moved once it is paid (a mode)"
            }
            Fault::MinTtl => "a zone's record with a TTL under 300 s refused in words (a mode)",
        }
    }
}

/// The fault rules `demo-server --help` lists after its options: every fault by name with
/// what it does, and how a rule narrows it.
pub fn fault_rules_help() -> String {
    let width = Fault::ALL.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let mut text = String::from("Faults (--fault NAME[@[METHOD]PATH][*COUNT]):\n");
    for (name, fault) in Fault::ALL {
        text += &format!("  {name:<width$}  {}\n", fault.about());
    }
    text += "\n@PATH: only paths that start with PATH (below any /api prefix); @PUT/PATH: and one\n\
             method only. *COUNT: the next COUNT matching requests only, else every one.\n\
             Example: portal-tui demo-server --fault html-502@/domain*2 --fault 429@/invoice";
    text
}

impl FromStr for Fault {
    type Err = String;
    fn from_str(s: &str) -> Result<Fault, String> {
        Fault::ALL.iter().find(|(name, _)| *name == s).map(|(_, f)| *f).ok_or_else(|| {
            let names: Vec<_> = Fault::ALL.iter().map(|(n, _)| *n).collect();
            format!("unknown fault {s:?}; known: {}", names.join(", "))
        })
    }
}

/// One fault for requests whose path (below any `/api` prefix) starts with `path`, and
/// whose method is `method` when one is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultRule {
    pub fault: Fault,
    pub method: Option<String>,
    pub path: Option<String>,
    /// Matching requests let through before it applies.
    pub skip: u32,
    /// How many more requests it applies to; `None` is every request.
    pub remaining: Option<u32>,
}

impl FaultRule {
    pub fn always(fault: Fault) -> FaultRule {
        FaultRule { fault, method: None, path: None, skip: 0, remaining: None }
    }

    pub fn on(fault: Fault, path: &str) -> FaultRule {
        FaultRule { path: Some(path.into()), ..FaultRule::always(fault) }
    }

    /// Only requests with this method (`PUT`, `GET`…).
    pub fn method(mut self, method: &str) -> FaultRule {
        self.method = Some(method.to_ascii_uppercase());
        self
    }

    /// Lets the first `count` matching requests through.
    pub fn after(mut self, count: u32) -> FaultRule {
        self.skip = count;
        self
    }

    pub fn times(mut self, count: u32) -> FaultRule {
        self.remaining = Some(count);
        self
    }

    fn matches(&self, method: &axum::http::Method, path: &str) -> bool {
        self.remaining != Some(0)
            && self.path.as_deref().is_none_or(|p| path.starts_with(p))
            && self.method.as_deref().is_none_or(|m| m == method.as_str())
            && self.fault.applies_to(method)
    }
}

impl FromStr for FaultRule {
    type Err = String;
    fn from_str(text: &str) -> Result<FaultRule, String> {
        let (rest, remaining) = match text.rsplit_once('*') {
            Some((rest, n)) => (rest, Some(n.parse().map_err(|_| format!("invalid count in fault {text:?}"))?)),
            None => (text, None),
        };
        let (name, method, path) = match rest.split_once('@') {
            Some((name, target)) => match target.find('/') {
                Some(0) => (name, None, Some(target.to_owned())),
                Some(at) if target[..at].chars().all(|c| c.is_ascii_alphabetic()) => {
                    (name, Some(target[..at].to_ascii_uppercase()), Some(target[at..].to_owned()))
                }
                _ => return Err(format!("fault path in {text:?} must start with / (or a method, as in PUT/domain)")),
            },
            None => (rest, None, None),
        };
        Ok(FaultRule { fault: name.parse()?, method, path, skip: 0, remaining })
    }
}

/// Middleware: added latency, then the first matching fault (if any) in place of the answer.
pub async fn inject(State(state): State<std::sync::Arc<PortalState>>, request: Request, next: Next) -> Response {
    // Anything but a read may change what the lists say: the lists kept are stale from now
    // (a list written meanwhile too), and again once it is carried out.
    let changes = !matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD);
    if changes {
        state.lists.changed();
    }
    let response = fault_or_answer(&state, request, next).await;
    if changes {
        state.lists.changed();
    }
    response
}

async fn fault_or_answer(state: &PortalState, request: Request, next: Next) -> Response {
    let _in_flight = state.traffic.arrived(request.method().as_str(), request.uri().path());
    if !state.latency.is_zero() {
        tokio::time::sleep(state.latency).await;
    }
    let mut request = request;
    let (fault, positions, lagging, by_suffix, invoiced) = {
        let mut rules = state.faults.lock().unwrap_or_else(|e| e.into_inner());
        let path = route_path(request.uri().path());
        let method = request.method();
        let mode = |mode: Fault| rules.iter().any(|r| r.fault == mode && r.matches(method, path));
        let (positions, lagging, by_suffix) =
            (mode(Fault::PositionIds), mode(Fault::LaggingReads), mode(Fault::LookupBySuffix));
        let invoiced = mode(Fault::RenewalsInvoiced);
        let floor = mode(Fault::MinTtl);
        let rule = rules.iter_mut().filter(|r| !r.fault.is_mode()).find(|r| r.matches(method, path));
        let fault = rule.and_then(|rule| {
            if rule.skip > 0 {
                rule.skip -= 1;
                return None;
            }
            if let Some(n) = rule.remaining.as_mut() {
                *n -= 1;
            }
            Some(rule.fault)
        });
        (fault, positions, lagging, by_suffix, (invoiced, floor))
    };
    let (invoiced, floor) = invoiced;
    if floor {
        request.headers_mut().insert(super::zones::TTL_FLOOR, HeaderValue::from_static("1"));
    }
    if invoiced {
        request.headers_mut().insert(INVOICED, HeaderValue::from_static("1"));
    }
    if positions {
        request.extensions_mut().insert(super::writes::PositionIds);
    }
    if by_suffix {
        request.headers_mut().insert(BY_SUFFIX, HeaderValue::from_static("1"));
    }
    if lagging {
        let key = request.uri().to_string();
        let response = answer_or_fault(state, fault, request, next).await;
        return state.lagging.behind(key, response).await;
    }
    answer_or_fault(state, fault, request, next).await
}

/// The request answered, or `fault` applied to it.
async fn answer_or_fault(state: &PortalState, fault: Option<Fault>, request: Request, next: Next) -> Response {
    if fault == Some(Fault::OtherAdmin) {
        super::writes::another_admin_deletes(state, &request);
        state.lists.changed();
        return next.run(request).await;
    }
    match fault {
        None => next.run(request).await,
        Some(fault) => {
            tracing::debug!(fault = fault.name(), path = request.uri().path(), "injecting fault");
            apply(fault, request, next).await
        }
    }
}

async fn apply(fault: Fault, request: Request, next: Next) -> Response {
    match fault {
        Fault::Html502 => html(StatusCode::BAD_GATEWAY, "502 Bad Gateway"),
        Fault::Html500 => html(StatusCode::INTERNAL_SERVER_ERROR, "500 Internal Server Error"),
        Fault::Html200 => html(StatusCode::OK, "Maintenance"),
        Fault::NotFound => html(StatusCode::NOT_FOUND, "404 Not Found"),
        Fault::Unauthorized => json(StatusCode::UNAUTHORIZED, serde_json::json!({"error": ["unauthorized"]})),
        Fault::Error200 => {
            json(StatusCode::OK, serde_json::json!({"error": ["Internal error, please try again later"]}))
        }
        Fault::EmptyBody => StatusCode::OK.into_response(),
        Fault::TooMany => (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, "1")]).into_response(),
        Fault::TooManyBare => StatusCode::TOO_MANY_REQUESTS.into_response(),
        Fault::TruncatedJson => {
            let body = answer_bytes(next.run(request).await).await;
            json_bytes(body.slice(..body.len() / 2))
        }
        Fault::WrongTypes => {
            let body = answer_bytes(next.run(request).await).await;
            let value: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            json(StatusCode::OK, swap_types(value))
        }
        Fault::HostileText => {
            let body = answer_bytes(next.run(request).await).await;
            let value: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            json(StatusCode::OK, hostile(value))
        }
        Fault::HugeAmounts => {
            let body = answer_bytes(next.run(request).await).await;
            let value: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            json(StatusCode::OK, huge_amounts(value))
        }
        Fault::LostAnswer => {
            let _applied = next.run(request).await;
            html(StatusCode::GATEWAY_TIMEOUT, "504 Gateway Time-out")
        }
        Fault::SeeOther => {
            let _applied = next.run(request).await;
            (StatusCode::SEE_OTHER, [(header::LOCATION, "/details")]).into_response()
        }
        Fault::NoContent => {
            let _applied = next.run(request).await;
            StatusCode::NO_CONTENT.into_response()
        }
        Fault::FailedBare => json(StatusCode::OK, serde_json::json!({"success": false})),
        Fault::Unauthorized200 => json(StatusCode::OK, serde_json::json!({"error": ["Access denied: unauthorized"]})),
        // Handled before a fault is applied (modes and a side effect, not an answer).
        Fault::OtherAdmin
        | Fault::PositionIds
        | Fault::LaggingReads
        | Fault::LookupBySuffix
        | Fault::RenewalsInvoiced
        | Fault::MinTtl => next.run(request).await,
        Fault::SlowAnswer => {
            let _applied = next.run(request).await;
            slow_body()
        }
        Fault::AppliedUnauthorized => {
            let _applied = next.run(request).await;
            json(StatusCode::UNAUTHORIZED, serde_json::json!({"error": ["unauthorized"]}))
        }
        Fault::AppliedServerError => {
            let _applied = next.run(request).await;
            json(
                StatusCode::INTERNAL_SERVER_ERROR,
                serde_json::json!({"error": ["Internal error, please try again later"]}),
            )
        }
        Fault::AppliedBadGateway => {
            let _applied = next.run(request).await;
            html(StatusCode::BAD_GATEWAY, "502 Bad Gateway")
        }
        Fault::AppliedGarbage => {
            let _applied = next.run(request).await;
            let noise = "\nWarning: mysqli_connect(): Too many connections in /var/www/api/index.php on line 42\n";
            (StatusCode::OK, [(header::CONTENT_TYPE, "text/html")], noise).into_response()
        }
        Fault::AppliedDrop => {
            let _applied = next.run(request).await;
            dropped_body()
        }
        Fault::BadRecord => {
            let body = answer_bytes(next.run(request).await).await;
            let mut value: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            let key = if value.get("domains").is_some() { "domains" } else { "details" };
            let first = value
                .get_mut(key)
                .and_then(Value::as_array_mut)
                .and_then(|list| list.first_mut())
                .and_then(Value::as_object_mut);
            if let Some(record) = first {
                record.insert("autorenew".into(), Value::String("2".into()));
                record.insert("period".into(), serde_json::json!([]));
            }
            json(StatusCode::OK, value)
        }
        Fault::HugeBody => huge_body(request.uri().path()),
        Fault::SlowBody => slow_body(),
        Fault::DropConnection => dropped_body(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_parse() {
        assert_eq!("html-502".parse::<FaultRule>().unwrap(), FaultRule::always(Fault::Html502));
        assert_eq!("429@/domain*2".parse::<FaultRule>().unwrap(), FaultRule::on(Fault::TooMany, "/domain").times(2));
        assert!("nope".parse::<FaultRule>().unwrap_err().contains("known: html-502"));
        assert!("429@domain".parse::<FaultRule>().is_err());
        let put = FaultRule::on(Fault::SeeOther, "/domain").method("PUT").times(1);
        assert_eq!("see-other@put/domain*1".parse::<FaultRule>().unwrap(), put);
        assert!("429*x".parse::<FaultRule>().is_err());
        for (name, fault) in Fault::ALL {
            assert_eq!(name.parse::<Fault>().unwrap(), fault);
            assert_eq!(fault.name(), name);
        }
    }
}
