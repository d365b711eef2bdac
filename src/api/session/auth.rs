//! Credentials and sessions. Secrets live in `secrecy` types: `Debug` prints them redacted
//! and they are zeroised on drop.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use secrecy::{ExposeSecret, SecretString};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AuthMethod {
    #[default]
    Jwt,
    Basic,
}

impl FromStr for AuthMethod {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "jwt" | "token" | "bearer" => Ok(AuthMethod::Jwt),
            "basic" => Ok(AuthMethod::Basic),
            other => Err(format!("unknown auth method {other:?} (use jwt or basic)")),
        }
    }
}

impl fmt::Display for AuthMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AuthMethod::Jwt => "jwt",
            AuthMethod::Basic => "basic",
        })
    }
}

/// The account e-mail and password.
#[derive(Clone, Debug)]
pub struct Credentials {
    pub username: String,
    pub password: SecretString,
}

impl Credentials {
    pub fn new(username: impl Into<String>, password: impl Into<String>) -> Credentials {
        Credentials { username: username.into(), password: SecretString::from(password.into()) }
    }

    /// `Basic base64(username:password)`.
    pub(crate) fn basic_header(&self) -> SecretString {
        let raw = format!("{}:{}", self.username, self.password.expose_secret());
        SecretString::from(format!("Basic {}", STANDARD.encode(raw)))
    }
}

/// A JWT session: the token, the refresh token when the portal sent one, and when the token
/// expires (read from its payload; the signature is the portal's business).
#[derive(Clone)]
pub struct Session {
    pub token: SecretString,
    pub refresh: Option<SecretString>,
    pub expires_at: Option<SystemTime>,
    pub obtained_at: SystemTime,
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("token", &"[REDACTED]")
            .field("refresh", &self.refresh.as_ref().map(|_| "[REDACTED]"))
            .field("expires_at", &self.expires_at)
            .finish()
    }
}

impl Session {
    pub fn new(token: SecretString, refresh: Option<SecretString>) -> Session {
        let expires_at = jwt_expiry(token.expose_secret());
        Session { token, refresh, expires_at, obtained_at: SystemTime::now() }
    }

    /// Renew a little before expiry: a minute early, or a fifth of the lifetime for short
    /// tokens, so a request never leaves with a token about to lapse.
    pub fn needs_renewal(&self, now: SystemTime) -> bool {
        let Some(expires_at) = self.expires_at else {
            return false;
        };
        let lifetime = expires_at.duration_since(self.obtained_at).unwrap_or_default();
        let margin = Duration::from_secs(60).min(lifetime / 5);
        now + margin >= expires_at
    }

    pub(crate) fn bearer_header(&self) -> SecretString {
        SecretString::from(format!("Bearer {}", self.token.expose_secret()))
    }
}

/// Reads `exp` (seconds since the epoch, number or numeric text) from a JWT payload.
pub fn jwt_expiry(token: &str) -> Option<SystemTime> {
    let payload = token.split('.').nth(1)?;
    let bytes = URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
    let claims: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    let exp = match claims.get("exp")? {
        serde_json::Value::Number(n) => n.as_f64()?,
        serde_json::Value::String(s) => s.trim().parse().ok()?,
        _ => return None,
    };
    (exp.is_finite() && exp > 0.0).then(|| UNIX_EPOCH + Duration::from_secs(exp as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token_with(payload: &str) -> String {
        format!("eyJhbGciOiJSUzI1NiJ9.{}.c2ln", URL_SAFE_NO_PAD.encode(payload))
    }

    #[test]
    fn expiry_from_payload() {
        let t = token_with(r#"{"sub":"1","exp":1900000000}"#);
        assert_eq!(jwt_expiry(&t), Some(UNIX_EPOCH + Duration::from_secs(1_900_000_000)));
        assert_eq!(jwt_expiry(&token_with(r#"{"exp":"1900000000"}"#)), jwt_expiry(&t));
        assert_eq!(jwt_expiry(&token_with(r#"{"sub":"1"}"#)), None);
        assert_eq!(jwt_expiry("not-a-jwt"), None);
    }

    #[test]
    fn renews_before_expiry() {
        let now = SystemTime::now();
        let mut s = Session::new(SecretString::from("t"), None);
        assert!(!s.needs_renewal(now), "no exp: renew only on 401");
        s.obtained_at = now;
        s.expires_at = Some(now + Duration::from_secs(3600));
        assert!(!s.needs_renewal(now));
        assert!(s.needs_renewal(now + Duration::from_secs(3590)));
    }

    #[test]
    fn secrets_stay_out_of_debug() {
        let c = Credentials::new("me@example.vn", "hunter2-secret");
        let s = Session::new(SecretString::from("tok-secret"), Some(SecretString::from("ref-secret")));
        let out = format!("{c:?} {s:?}");
        for secret in ["hunter2-secret", "tok-secret", "ref-secret"] {
            assert!(!out.contains(secret), "{out}");
        }
        assert!(c.basic_header().expose_secret().starts_with("Basic "));
    }
}
