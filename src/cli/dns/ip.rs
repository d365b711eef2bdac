//! `dns set NAME HOST A --public-ip`, for home servers: the address this machine is seen
//! from, as the echo services of `ip_sources` in the config file answer it (plain text, or
//! JSON with an `ip`). Every one of them is asked and all must give the same address of the
//! record's family; otherwise nothing is written. These are not the portal: a plain client
//! of their own, no redirect followed, a short time-out.

use std::net::IpAddr;
use std::time::Duration;

use crate::cli::exit_code;
use crate::cli::protocol::{Changed, Context};
use crate::i18n::Text;

/// The most of an echo service's answer that is read.
const MAX_ANSWER: usize = 1024;

/// The address found, and the line that says so.
pub struct Found {
    pub address: String,
    pub said: String,
}

/// The address all echo services agree on, for a record of `kind` (A or AAAA); otherwise
/// what the command prints and exits with, nothing having been sent.
pub async fn public_ip(cx: &Context<'_>, kind: &str) -> Result<Found, Changed> {
    let language = cx.language;
    let failed = |code, message: String| {
        crate::cli::stderr::error(&message, language);
        Changed { text: String::new(), code }
    };
    let v4 = match kind.trim().to_ascii_uppercase().as_str() {
        "A" => true,
        "AAAA" => false,
        other => return Err(failed(exit_code::USAGE, Text::IpOnlyAddress.fill(language, &[("kind", &other)]))),
    };
    let sources: Vec<&str> = cx.ip_sources.iter().map(|s| s.trim()).filter(|s| !s.is_empty()).collect();
    if sources.len() < 2 {
        return Err(failed(exit_code::USAGE, Text::IpNeedSources.get(language).to_owned()));
    }
    let family = if v4 { "IPv4" } else { "IPv6" };
    let client = echo_client().map_err(|e| failed(exit_code::NETWORK, e))?;
    let mut found: Vec<(&str, IpAddr)> = Vec::new();
    for url in &sources {
        let answer = ask(&client, url).await.map_err(|error| {
            failed(exit_code::NETWORK, Text::IpFailed.fill(language, &[("url", url), ("error", &error)]))
        })?;
        let address = read_address(&answer).filter(|ip| ip.is_ipv4() == v4).ok_or_else(|| {
            let text = format!("{:?}", crate::api::sanitize::line(answer.trim()));
            let error = Text::IpNotAddress.fill(language, &[("family", &family), ("text", &text)]);
            failed(exit_code::NETWORK, Text::IpFailed.fill(language, &[("url", url), ("error", &error)]))
        })?;
        found.push((url, address));
    }
    let first = found[0].1;
    if found.iter().any(|(_, ip)| *ip != first) {
        let said: Vec<String> = found.iter().map(|(url, ip)| format!("{url}: {ip}")).collect();
        return Err(failed(exit_code::NETWORK, Text::IpDisagree.fill(language, &[("said", &said.join(", "))])));
    }
    let said = Text::IpFound.fill(language, &[("ip", &first), ("sources", &sources.join(", "))]);
    Ok(Found { address: first.to_string(), said })
}

fn echo_client() -> Result<reqwest::Client, String> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("portal-tui/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| e.to_string())
}

/// An echo service's answer, its first KiB.
async fn ask(client: &reqwest::Client, url: &str) -> Result<String, String> {
    let mut answer = client.get(url).send().await.map_err(|e| match e.is_timeout() {
        true => "no answer in time".to_owned(),
        false => e.without_url().to_string(),
    })?;
    if !answer.status().is_success() {
        return Err(answer.status().to_string());
    }
    let mut body = Vec::new();
    while let Some(chunk) = answer.chunk().await.map_err(|e| e.without_url().to_string())? {
        body.extend_from_slice(&chunk);
        if body.len() > MAX_ANSWER {
            body.truncate(MAX_ANSWER);
            break;
        }
    }
    Ok(String::from_utf8_lossy(&body).into_owned())
}

/// The address in an answer: the text itself, or JSON's `ip` (or `address`).
fn read_address(answer: &str) -> Option<IpAddr> {
    let text = answer.trim();
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    let json: serde_json::Value = serde_json::from_str(text).ok()?;
    ["ip", "address"].iter().find_map(|k| json.get(k)?.as_str()?.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_as_text_or_json() {
        assert_eq!(read_address("203.0.113.7\n"), "203.0.113.7".parse().ok());
        assert_eq!(read_address(r#"{"ip": "2001:db8::7"}"#), "2001:db8::7".parse().ok());
        assert_eq!(read_address("<html>blocked</html>"), None);
    }
}
