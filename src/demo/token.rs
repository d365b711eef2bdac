//! The demo portal's JWTs: HS256 with a per-run secret, `exp` after a configurable TTL, and
//! rotating refresh tokens. (Real portals sign RS256; clients never verify either.)

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

pub struct TokenIssuer {
    secret: [u8; 32],
    ttl: Duration,
    serial: AtomicU64,
    /// Live refresh tokens → (portal host, account id). Used ones are removed (rotation).
    refresh: Mutex<HashMap<String, (String, String)>>,
    /// Access tokens ended by `POST /logout` or `POST /revoke`: they verify no more.
    revoked: Mutex<HashSet<String>>,
}

/// What a valid token says.
#[derive(Debug, PartialEq, Eq)]
pub struct Claims {
    pub host: String,
    pub subject: String,
    pub expired: bool,
}

impl TokenIssuer {
    pub fn new(ttl: Duration) -> TokenIssuer {
        let mut secret = [0u8; 32];
        rand::rng().fill_bytes(&mut secret);
        TokenIssuer {
            secret,
            ttl,
            serial: AtomicU64::new(1),
            refresh: Mutex::new(HashMap::new()),
            revoked: Mutex::new(HashSet::new()),
        }
    }

    /// A new access token and refresh token for the account.
    pub fn issue(&self, host: &str, subject: &str) -> (String, String) {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
        let exp = (now + self.ttl).as_secs_f64().ceil() as u64;
        let jti = self.serial.fetch_add(1, Ordering::Relaxed);
        let header = URL_SAFE_NO_PAD.encode(r#"{"alg":"HS256","typ":"JWT"}"#);
        let claims = serde_json::json!({ "sub": subject, "host": host, "iat": now.as_secs(), "exp": exp, "jti": jti });
        let payload = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signing_input = format!("{header}.{payload}");
        let token = format!("{signing_input}.{}", URL_SAFE_NO_PAD.encode(self.sign(&signing_input)));
        let mut bytes = [0u8; 24];
        rand::rng().fill_bytes(&mut bytes);
        let refresh = URL_SAFE_NO_PAD.encode(bytes);
        self.refresh.lock().unwrap_or_else(|e| e.into_inner()).insert(refresh.clone(), (host.into(), subject.into()));
        (token, refresh)
    }

    /// Checks the signature; an expired token still verifies, flagged as expired; an ended
    /// one does not.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        if self.revoked.lock().unwrap_or_else(|e| e.into_inner()).contains(token) {
            return None;
        }
        let (signing_input, signature) = token.rsplit_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        let mut mac = HmacSha256::new_from_slice(&self.secret).ok()?;
        mac.update(signing_input.as_bytes());
        mac.verify_slice(&signature).ok()?;
        let payload = URL_SAFE_NO_PAD.decode(signing_input.split_once('.')?.1).ok()?;
        let claims: serde_json::Value = serde_json::from_slice(&payload).ok()?;
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs();
        Some(Claims {
            host: claims["host"].as_str()?.to_owned(),
            subject: claims["sub"].as_str()?.to_owned(),
            expired: claims["exp"].as_u64()? <= now,
        })
    }

    /// Consumes a refresh token issued for this host and account.
    pub fn redeem(&self, refresh: &str, host: &str, subject: &str) -> bool {
        let mut live = self.refresh.lock().unwrap_or_else(|e| e.into_inner());
        match live.get(refresh) {
            Some((h, s)) if h == host && s == subject => live.remove(refresh).is_some(),
            _ => false,
        }
    }

    /// Ends an access token: it verifies no more.
    pub fn end(&self, token: &str) {
        self.revoked.lock().unwrap_or_else(|e| e.into_inner()).insert(token.to_owned());
    }

    /// Ends a refresh token issued for this host; false when it was not live.
    pub fn end_refresh(&self, refresh: &str, host: &str) -> bool {
        let mut live = self.refresh.lock().unwrap_or_else(|e| e.into_inner());
        match live.get(refresh) {
            Some((h, _)) if h == host => live.remove(refresh).is_some(),
            _ => false,
        }
    }

    fn sign(&self, input: &str) -> Vec<u8> {
        let mut mac = HmacSha256::new_from_slice(&self.secret).expect("HMAC takes any key length");
        mac.update(input.as_bytes());
        mac.finalize().into_bytes().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_verify_and_refresh_rotates() {
        let issuer = TokenIssuer::new(Duration::from_secs(60));
        let (token, refresh) = issuer.issue("my.example.vn", "1042");
        let claims = issuer.verify(&token).unwrap();
        assert_eq!(claims, Claims { host: "my.example.vn".into(), subject: "1042".into(), expired: false });
        assert!(crate::api::jwt_expiry(&token).is_some());
        assert!(issuer.verify(&format!("{token}x")).is_none());
        assert!(!issuer.redeem(&refresh, "daily.example.vn", "1042"));
        assert!(issuer.redeem(&refresh, "my.example.vn", "1042"));
        assert!(!issuer.redeem(&refresh, "my.example.vn", "1042"), "a refresh token works once");
        issuer.end(&token);
        assert!(issuer.verify(&token).is_none(), "an ended token verifies no more");
        let (_, refresh) = issuer.issue("my.example.vn", "1042");
        assert!(!issuer.end_refresh(&refresh, "daily.example.vn"));
        assert!(issuer.end_refresh(&refresh, "my.example.vn"));
        assert!(!issuer.redeem(&refresh, "my.example.vn", "1042"), "an ended refresh token is not redeemed");
    }
}
