//! The embedded demo portal: a real HTTP server on loopback that speaks the User API with
//! seeded Vietnamese data, two portal hosts and fault injection. Used by `--demo`, by
//! `demo-server` and by every test.

mod billing;
mod buying;
mod cart;
mod contacts;
mod data;
mod domain_actions;
mod examples;
mod fault_answers;
mod faults;
mod kept;
mod lists;
mod reply;
mod routes;
mod settle;
mod tickets;
mod token;
mod traffic;
mod writes;
mod zone_records;
mod zones;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use examples::{
    EXAMPLE_ZONE, example_cart_order, example_change, example_changes, example_domain_order, example_product_order,
    example_resources,
};
pub use faults::{Fault, FaultRule, HOSTILE, HUGE_AMOUNT, fault_rules_help};
use tokio::task::JoinHandle;

use crate::api::Role;

/// The client portal host (`X-Forwarded-Host`).
pub const CLIENT_HOST: &str = "my.example.vn";
/// The reseller portal host.
pub const RESELLER_HOST: &str = "daily.example.vn";

#[derive(Clone, Debug)]
pub struct DemoOptions {
    pub token_ttl: Duration,
    pub latency: Duration,
    pub faults: Vec<FaultRule>,
    /// Extra generated domain records on the client account, for measurements.
    pub scale: usize,
    /// As many extra services and invoices as domain records (100,000 of each for the
    /// large-account measurements) instead of a fifth and a half as many.
    pub scale_all: bool,
    /// The date the seed's relative dates count from (today when `None`); tests pin it.
    pub today: Option<time::Date>,
    /// Answer only the seed's six routes, as some portals do: everything else is
    /// `invalid method`.
    pub seed_only: bool,
    /// The logins a login answer says it takes per window (`X-RateLimit-Limit`; 25, as
    /// DNS.services says). Only said, never enforced.
    pub login_limit: u32,
}

impl Default for DemoOptions {
    fn default() -> DemoOptions {
        DemoOptions {
            token_ttl: Duration::from_secs(3600),
            latency: Duration::ZERO,
            faults: Vec::new(),
            scale: 0,
            scale_all: false,
            today: None,
            seed_only: false,
            login_limit: 25,
        }
    }
}

/// A demo login for one of the portal hosts.
#[derive(Clone, Debug)]
pub struct DemoLogin {
    pub host: String,
    pub username: String,
    pub password: String,
}

pub(crate) struct PortalState {
    accounts: HashMap<String, data::DemoAccount>,
    tokens: token::TokenIssuer,
    latency: Duration,
    faults: Mutex<Vec<FaultRule>>,
    seed_only: bool,
    traffic: traffic::Traffic,
    writes: Mutex<kept::Writes>,
    /// The date the seed's relative dates count from: what changes stamp as today.
    today: time::Date,
    domains: Mutex<domain_actions::DomainState>,
    /// The whole account's lists as last sent, until anything changes.
    lists: lists::ListCache,
    /// The logins counted for the `X-RateLimit-*` headers of login answers.
    logins: routes::LoginCount,
    /// The answers `lagging-reads` serves one read late.
    lagging: fault_answers::Lagging,
}

impl PortalState {
    fn new(options: DemoOptions) -> PortalState {
        let today = options.today.unwrap_or_else(crate::api::models::today);
        PortalState {
            accounts: data::load(today, options.scale, options.scale_all),
            tokens: token::TokenIssuer::new(options.token_ttl),
            latency: options.latency,
            faults: Mutex::new(options.faults),
            seed_only: options.seed_only,
            traffic: traffic::Traffic::default(),
            writes: Mutex::new(kept::Writes::default()),
            today,
            domains: Mutex::new(domain_actions::DomainState::default()),
            lists: lists::ListCache::default(),
            logins: routes::LoginCount::new(options.login_limit),
            lagging: fault_answers::Lagging::default(),
        }
    }
}

/// One of the demo's portals as `--demo` offers it: a profile name, its login, and a few of
/// its items to watch, so the radar and the profile switcher have something to show.
#[derive(Clone, Debug)]
pub struct DemoProfile {
    pub name: &'static str,
    pub role: Role,
    pub login: DemoLogin,
    pub watch_domains: &'static [&'static str],
    pub watch_certificates: &'static [u64],
    pub watch_services: &'static [u64],
}

/// What each demo profile is, before its login is known.
struct ProfileSeed {
    name: &'static str,
    host: &'static str,
    role: Role,
    watch_domains: &'static [&'static str],
    watch_certificates: &'static [u64],
    watch_services: &'static [u64],
}

const PROFILES: [ProfileSeed; 2] = [
    ProfileSeed {
        name: "client",
        host: CLIENT_HOST,
        role: Role::Client,
        watch_domains: &["example.vn", "phosaigon.vn", "caphesuada.vn", "nhasachhanoi.vn"],
        watch_certificates: &[3301, 3302, 3303],
        watch_services: &[2207],
    },
    ProfileSeed {
        name: "reseller",
        host: RESELLER_HOST,
        role: Role::Reseller,
        watch_domains: &["khachsanhoian.com"],
        watch_certificates: &[4401],
        watch_services: &[6601],
    },
];

/// A running demo portal; it stops when dropped.
pub struct DemoPortal {
    addr: SocketAddr,
    state: Arc<PortalState>,
    task: JoinHandle<()>,
}

impl DemoPortal {
    /// Binds `addr` (use port 0 for a free one) and serves on the current tokio runtime.
    pub async fn start(addr: SocketAddr, options: DemoOptions) -> std::io::Result<DemoPortal> {
        let state = Arc::new(PortalState::new(options));
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let addr = listener.local_addr()?;
        let app = routes::router(state.clone());
        let task = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::warn!(error = %e, "demo portal stopped");
            }
        });
        Ok(DemoPortal { addr, state, task })
    }

    /// On `127.0.0.1` with a free port.
    pub async fn start_local(options: DemoOptions) -> std::io::Result<DemoPortal> {
        DemoPortal::start(SocketAddr::from(([127, 0, 0, 1], 0)), options).await
    }

    /// The base URL, e.g. `http://127.0.0.1:40123` (routes also answer under `/api`).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Replaces the fault rules for the following requests.
    pub fn set_faults(&self, rules: Vec<FaultRule>) {
        *self.state.faults.lock().unwrap_or_else(|e| e.into_inner()) = rules;
    }

    /// Every request so far as `METHOD /path` (the path as sent, `/api` included), in order
    /// of arrival.
    pub fn requests(&self) -> Vec<String> {
        self.state.traffic.seen()
    }

    /// The most requests that were being answered at the same time.
    pub fn most_in_flight(&self) -> usize {
        self.state.traffic.most_in_flight()
    }

    /// The upgrade requests sent to the portal (estimates not included), as received: the
    /// portal host, the service id and the request's body.
    pub fn upgrade_requests(&self) -> Vec<(String, String, serde_json::Value)> {
        self.state.writes.lock().unwrap_or_else(|e| e.into_inner()).upgrades()
    }

    /// A hosted zone's records as the portal keeps them now (changes of this run
    /// included), as it lists them; `None` for a zone `host`'s account does not hold.
    pub fn zone_records(&self, host: &str, service_id: &str, zone_id: &str) -> Option<Vec<serde_json::Value>> {
        zones::records_now(&self.state, host, service_id, zone_id)
    }

    /// A registration's DNS records as the portal keeps them now (changes of this run
    /// included), as it lists them; `None` for a registration `host`'s account does not hold.
    pub fn dns_records(&self, host: &str, domain_id: &str) -> Option<Vec<serde_json::Value>> {
        writes::records_now(&self.state, host, domain_id)
    }

    /// The orders the portal received (`POST /domain/order`, `POST /order/@id`), as received:
    /// the portal host, the path and the body.
    pub fn orders(&self) -> Vec<(String, String, serde_json::Value)> {
        self.state.writes.lock().unwrap_or_else(|e| e.into_inner()).buying.orders.clone()
    }

    /// Sets the account credit of `host`'s account to `credit` (a decimal), as payments and
    /// renewals before would have left it: a test's figures.
    pub fn set_credit(&self, host: &str, credit: &str) {
        let credit: rust_decimal::Decimal = credit.parse().expect("a decimal");
        let mut kept = kept::lock(&self.state);
        let renewed = kept.billing.renewals.get(host).copied().unwrap_or_default();
        kept.billing.credit.insert(host.to_owned(), credit + renewed);
    }

    /// Forgets the requests so far (for counting what one action sends).
    pub fn reset_traffic(&self) {
        self.state.traffic.reset();
    }

    /// The transfer code (EPP) the portal gives for a registration of a host.
    pub fn transfer_code(&self, host: &str, domain_id: &str) -> String {
        domain_actions::transfer_code(host, domain_id)
    }

    /// The demo credentials of a portal host.
    pub fn login_for(&self, host: &str) -> Option<DemoLogin> {
        self.state.accounts.get(host).map(|a| DemoLogin {
            host: a.host.clone(),
            username: a.username.clone(),
            password: a.password.clone(),
        })
    }

    /// The demo's portals as profiles, the client's first: `--demo` starts with it.
    pub fn profiles(&self) -> Vec<DemoProfile> {
        PROFILES
            .iter()
            .filter_map(|p| {
                Some(DemoProfile {
                    name: p.name,
                    role: p.role,
                    login: self.login_for(p.host)?,
                    watch_domains: p.watch_domains,
                    watch_certificates: p.watch_certificates,
                    watch_services: p.watch_services,
                })
            })
            .collect()
    }

    /// Every portal host, client first.
    pub fn logins(&self) -> Vec<DemoLogin> {
        [CLIENT_HOST, RESELLER_HOST].iter().filter_map(|h| self.login_for(h)).collect()
    }
}

impl Drop for DemoPortal {
    fn drop(&mut self) {
        self.task.abort();
    }
}
