//! The embedded demo portal: a real HTTP server on loopback that speaks the User API with
//! seeded Vietnamese data, two portal hosts and fault injection. Used by `--demo`, by
//! `demo-server` and by every test.

mod data;
mod faults;
mod reply;
mod routes;
mod token;
mod traffic;
mod writes;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use faults::{Fault, FaultRule, HOSTILE, HUGE_AMOUNT};
use tokio::task::JoinHandle;

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
    /// The date the seed's relative dates count from (today when `None`); tests pin it.
    pub today: Option<time::Date>,
    /// Answer only the seed's six routes, as some portals do: everything else is
    /// `invalid method`.
    pub seed_only: bool,
}

impl Default for DemoOptions {
    fn default() -> DemoOptions {
        DemoOptions {
            token_ttl: Duration::from_secs(3600),
            latency: Duration::ZERO,
            faults: Vec::new(),
            scale: 0,
            today: None,
            seed_only: false,
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
    writes: Mutex<writes::Writes>,
}

/// A running demo portal; it stops when dropped.
pub struct DemoPortal {
    addr: SocketAddr,
    state: Arc<PortalState>,
    task: JoinHandle<()>,
}

impl DemoPortal {
    /// Binds `addr` (use port 0 for a free one) and serves on the current tokio runtime.
    pub async fn start(addr: SocketAddr, options: DemoOptions) -> std::io::Result<DemoPortal> {
        let state = Arc::new(PortalState {
            accounts: data::load(options.today.unwrap_or_else(crate::api::models::today), options.scale),
            tokens: token::TokenIssuer::new(options.token_ttl),
            latency: options.latency,
            faults: Mutex::new(options.faults),
            seed_only: options.seed_only,
            traffic: traffic::Traffic::default(),
            writes: Mutex::new(writes::Writes::default()),
        });
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

    /// Forgets the requests so far (for counting what one action sends).
    pub fn reset_traffic(&self) {
        self.state.traffic.reset();
    }

    /// The demo credentials of a portal host.
    pub fn login_for(&self, host: &str) -> Option<DemoLogin> {
        self.state.accounts.get(host).map(|a| DemoLogin {
            host: a.host.clone(),
            username: a.username.clone(),
            password: a.password.clone(),
        })
    }

    /// A configuration with one profile per demo portal (`client`, `reseller`), each
    /// watching a few of its items, so `--demo` shows the radar and the profile switcher.
    pub fn config(&self) -> crate::config::Config {
        use crate::config::{Config, Profile};
        let profile = |host: &str, role, domains: &[&str], certificates: Vec<u64>, services: Vec<u64>| Profile {
            base_url: Some(self.url()),
            host: Some(host.to_owned()),
            role: Some(role),
            username: self.login_for(host).map(|l| l.username),
            watch_domains: domains.iter().map(|d| d.to_string()).collect(),
            watch_certificates: certificates,
            watch_services: services,
            ..Profile::default()
        };
        let client_domains = ["example.vn", "phosaigon.vn", "caphesuada.vn", "nhasachhanoi.vn"];
        let mut config = Config { default_profile: Some("client".into()), ..Config::default() };
        config.profiles.insert(
            "client".into(),
            profile(CLIENT_HOST, crate::api::Role::Client, &client_domains, vec![3301, 3302, 3303], vec![2207]),
        );
        config.profiles.insert(
            "reseller".into(),
            profile(RESELLER_HOST, crate::api::Role::Reseller, &["khachsanhoian.com"], vec![4401], vec![6601]),
        );
        config
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
