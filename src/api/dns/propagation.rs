//! Whether a TXT value can be seen yet where an ACME CA looks for it: at every
//! authoritative name server of the zone, each asked directly (no recursion, no cache), and
//! the wait until they all answer it or a time limit passes (`acme present`). The servers
//! are the zone's NS records as a resolver answers them (the system's, or those given), or
//! addresses given outright. hickory-resolver does the DNS; nothing here is said in words:
//! the command that waits says what it hears (`cli/acme/`).

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use hickory_resolver::config::{LookupIpStrategy, NameServerConfig, ResolveHosts, ResolverConfig, ResolverOpts};
use hickory_resolver::name_server::TokioConnectionProvider;
use hickory_resolver::proto::xfer::Protocol;
use hickory_resolver::{Name, TokioResolver};

/// The port name servers answer on.
pub const DNS_PORT: u16 = 53;

/// How long one question to one server may take.
const QUESTION_TIME: Duration = Duration::from_secs(3);
/// The least a question is given when the time limit is nearly reached: one round is
/// always asked.
const MIN_QUESTION_TIME: Duration = Duration::from_millis(500);

/// An authoritative name server: its name (its address when it was given as one) and where
/// it is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Server {
    pub name: String,
    pub addr: SocketAddr,
}

impl Server {
    /// A server given by its address alone.
    pub fn at(addr: SocketAddr) -> Server {
        Server { name: addr.to_string(), addr }
    }

    /// `ns1.example.vn (203.0.113.53)`, or the address alone when it has no name.
    pub fn label(&self) -> String {
        match self.name == self.addr.to_string() {
            true => self.name.clone(),
            false if self.addr.port() == DNS_PORT => format!("{} ({})", self.name, self.addr.ip()),
            false => format!("{} ({})", self.name, self.addr),
        }
    }
}

/// What one server answered for the name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It serves the value.
    Holds,
    /// It answered without the value: these TXT values (none: no TXT at the name).
    Lacks(Vec<String>),
    /// No answer that says either way (a time-out, a refusal): what went wrong.
    Silent(String),
}

/// `ip` or `ip:port` (an IPv6 address with a port in brackets), the port `port` when
/// none is given.
pub fn address(text: &str, port: u16) -> Option<SocketAddr> {
    let text = text.trim();
    text.parse::<SocketAddr>().ok().or_else(|| text.parse::<IpAddr>().ok().map(|ip| SocketAddr::new(ip, port)))
}

/// A resolver asking `servers` only (UDP, TCP when an answer does not fit), or the
/// system's configured ones when there are none.
fn resolver(servers: &[SocketAddr], options: ResolverOpts) -> Result<TokioResolver, String> {
    let mut builder = match servers {
        [] => TokioResolver::builder_tokio().map_err(|e| e.to_string())?,
        _ => {
            let mut config = ResolverConfig::new();
            for &addr in servers {
                for protocol in [Protocol::Udp, Protocol::Tcp] {
                    let mut server = NameServerConfig::new(addr, protocol);
                    server.trust_negative_responses = true;
                    config.add_name_server(server);
                }
            }
            TokioResolver::builder_with_config(config, TokioConnectionProvider::default())
        }
    };
    // Every name asked is absolute: the system's search domains and hosts file never apply.
    let mut options = options;
    options.ndots = 0;
    options.use_hosts_file = ResolveHosts::Never;
    *builder.options_mut() = options;
    Ok(builder.build())
}

/// The name as DNS takes it: absolute.
fn absolute(name: &str) -> Result<Name, String> {
    let name = name.trim().trim_end_matches('.');
    Name::from_ascii(format!("{name}.")).map_err(|e| e.to_string())
}

/// The authoritative name servers of `zone`: its NS records and their addresses (IPv4
/// first), as `resolvers` (none: the system's) answer them, each to be asked on `port`.
/// A server whose address cannot be found is an error: it could not be asked.
pub async fn authoritative(zone: &str, resolvers: &[SocketAddr], port: u16) -> Result<Vec<Server>, String> {
    let mut options = ResolverOpts::default();
    options.ip_strategy = LookupIpStrategy::Ipv4thenIpv6;
    let resolver = resolver(resolvers, options)?;
    let listed = resolver.ns_lookup(absolute(zone)?).await.map_err(|e| e.to_string())?;
    let mut names: Vec<String> = listed.iter().map(|ns| ns.0.to_ascii().trim_end_matches('.').to_lowercase()).collect();
    names.sort();
    names.dedup();
    let mut servers = Vec::with_capacity(names.len());
    for name in names {
        let found = resolver.lookup_ip(absolute(&name)?).await.map_err(|e| format!("{name}: {e}"))?;
        let Some(ip) = found.iter().next() else { return Err(format!("{name}: no address")) };
        servers.push(Server { name, addr: SocketAddr::new(ip, port) });
    }
    match servers.is_empty() {
        true => Err(format!("{zone}: no NS records")),
        false => Ok(servers),
    }
}

/// Asks one server, directly and without recursion, for the TXT values at a name.
pub struct Asker {
    pub server: Server,
    resolver: TokioResolver,
}

impl Asker {
    pub fn new(server: Server) -> Result<Asker, String> {
        let mut options = ResolverOpts::default();
        options.recursion_desired = false;
        options.cache_size = 0;
        options.attempts = 1;
        options.timeout = QUESTION_TIME;
        let resolver = resolver(&[server.addr], options)?;
        Ok(Asker { server, resolver })
    }

    /// Whether the server serves `value` at `name` now (TXT strings joined, as one value).
    pub async fn ask(&self, name: &str, value: &str) -> Answer {
        let name = match absolute(name) {
            Ok(name) => name,
            Err(e) => return Answer::Silent(e),
        };
        match self.resolver.txt_lookup(name).await {
            Ok(found) => {
                let values: Vec<String> = found
                    .iter()
                    .map(|txt| txt.txt_data().iter().map(|part| String::from_utf8_lossy(part)).collect())
                    .collect();
                match values.iter().any(|v| v == value.trim()) {
                    true => Answer::Holds,
                    false => Answer::Lacks(values),
                }
            }
            Err(e) if e.is_no_records_found() || e.is_nx_domain() => Answer::Lacks(Vec::new()),
            Err(e) => Answer::Silent(e.to_string()),
        }
    }
}

/// What waiting came to: each server's last answer, and how long it took.
pub struct Waited {
    pub answers: Vec<(Server, Answer)>,
    pub elapsed: Duration,
}

impl Waited {
    pub fn everywhere(&self) -> bool {
        self.answers.iter().all(|(_, answer)| *answer == Answer::Holds)
    }
}

/// Asks every server in turn, all at once, every `interval`, until each has answered
/// `value` at `name` once or `limit` has passed; `heard` hears each answer with the time
/// since the start. A server that has answered it is not asked again.
pub async fn wait(
    askers: &[Asker],
    name: &str,
    value: &str,
    limit: Duration,
    interval: Duration,
    mut heard: impl FnMut(&Server, &Answer, Duration),
) -> Waited {
    let start = Instant::now();
    let mut last: Vec<Option<Answer>> = vec![None; askers.len()];
    loop {
        let pending: Vec<usize> = (0..askers.len()).filter(|&i| last[i] != Some(Answer::Holds)).collect();
        // No question outlasts the time limit, however long a silent server takes.
        let left = limit.saturating_sub(start.elapsed()).max(MIN_QUESTION_TIME);
        let ask = |i: usize| async move {
            let asked = tokio::time::timeout(left, askers[i].ask(name, value)).await;
            asked.unwrap_or_else(|_| Answer::Silent(format!("no answer within {} ms", left.as_millis())))
        };
        let asked = futures::future::join_all(pending.iter().map(|&i| ask(i))).await;
        for (i, answer) in pending.into_iter().zip(asked) {
            heard(&askers[i].server, &answer, start.elapsed());
            last[i] = Some(answer);
        }
        let done = last.iter().all(|a| *a == Some(Answer::Holds));
        if done || start.elapsed() + interval > limit {
            break;
        }
        tokio::time::sleep(interval).await;
    }
    let answers = askers
        .iter()
        .zip(last)
        .map(|(asker, answer)| (asker.server.clone(), answer.unwrap_or(Answer::Silent(String::new()))))
        .collect();
    Waited { answers, elapsed: start.elapsed() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_with_or_without_its_port() {
        assert_eq!(address("127.0.0.1", 53), Some(SocketAddr::from(([127, 0, 0, 1], 53))));
        assert_eq!(address(" 127.0.0.1:5353 ", 53), Some(SocketAddr::from(([127, 0, 0, 1], 5353))));
        assert_eq!(address("[::1]:5353", 53).map(|a| a.port()), Some(5353));
        assert_eq!(address("::1", 53).map(|a| a.port()), Some(53));
        assert_eq!(address("ns1.example.vn", 53), None);
    }

    #[test]
    fn a_server_is_named_with_its_address() {
        let named = Server { name: "ns1.example.vn".into(), addr: SocketAddr::from(([203, 0, 113, 53], 53)) };
        assert_eq!(named.label(), "ns1.example.vn (203.0.113.53)");
        let given = Server::at(SocketAddr::from(([127, 0, 0, 1], 5353)));
        assert_eq!(given.label(), "127.0.0.1:5353");
    }
}
