//! Remembered sessions (`remember = true`): the token and refresh token of a JWT session,
//! never the password, in one file per profile under the platform state directory
//! (`$XDG_STATE_HOME/portal-tui/sessions/` on Linux), created atomically with mode 0600.

use std::path::{Path, PathBuf};

use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use crate::api::Session;

/// Where the session files live; `PORTAL_STATE_DIR` overrides the platform directory.
pub fn state_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PORTAL_STATE_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let dirs = directories::ProjectDirs::from("", "", "portal-tui")?;
    Some(dirs.state_dir().unwrap_or_else(|| dirs.data_local_dir()).to_path_buf())
}

/// The file of one profile's session in `state_dir()`; `None` when the name cannot be a
/// file name.
pub fn path_for(profile: &str) -> Option<PathBuf> {
    path_in(&state_dir()?, profile)
}

/// The file of one profile's session in the state directory `dir`; `None` when the name
/// cannot be a file name.
pub fn path_in(dir: &Path, profile: &str) -> Option<PathBuf> {
    let safe = !profile.is_empty()
        && profile.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !profile.starts_with('.');
    safe.then(|| dir.join("sessions").join(format!("{profile}.json")))
}

/// A stored session, tied to the portal and user it was issued for.
#[derive(Serialize, Deserialize)]
struct Stored {
    base_url: String,
    host: String,
    username: String,
    token: String,
    refresh_token: Option<String>,
}

/// Where a session is remembered and for whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionFile {
    pub path: PathBuf,
    pub base_url: String,
    pub host: String,
    pub username: String,
}

impl SessionFile {
    /// Writes the session atomically (temporary file with mode 0600, then rename).
    pub fn save(&self, session: &Session) -> std::io::Result<()> {
        let stored = Stored {
            base_url: self.base_url.clone(),
            host: self.host.clone(),
            username: self.username.clone(),
            token: session.token.expose_secret().to_owned(),
            refresh_token: session.refresh.as_ref().map(|r| r.expose_secret().to_owned()),
        };
        if let Some(dir) = self.path.parent().filter(|p| !p.as_os_str().is_empty()) {
            create_private_dir(dir)?;
        }
        let json = serde_json::to_string(&stored).map_err(std::io::Error::other)?;
        crate::atomic_file::write(&self.path, json.as_bytes(), crate::atomic_file::Mode::Private)
    }

    /// The remembered session, if there is one for this same portal and user.
    pub fn load(&self) -> Result<Option<Session>, String> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read the remembered session {}: {e}", self.path.display())),
        };
        let stored: Stored = serde_json::from_str(&text)
            .map_err(|_| format!("the remembered session {} is damaged; log in again", self.path.display()))?;
        if stored.base_url != self.base_url || stored.host != self.host || stored.username != self.username {
            return Ok(None);
        }
        Ok(Some(Session::new(SecretString::from(stored.token), stored.refresh_token.map(SecretString::from))))
    }

    /// Forgets the session; true when there was one.
    pub fn delete(&self) -> std::io::Result<bool> {
        delete(&self.path)
    }
}

pub fn delete(path: &Path) -> std::io::Result<bool> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_private_loaded_for_the_same_user_only() {
        let dir = tempfile::tempdir().unwrap();
        let file = SessionFile {
            path: dir.path().join("sessions/client.json"),
            base_url: "https://api.example.vn/".into(),
            host: "my.example.vn".into(),
            username: "me@example.vn".into(),
        };
        let session = Session::new(SecretString::from("tok"), Some(SecretString::from("ref")));
        file.save(&session).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file.path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
        let loaded = file.load().unwrap().unwrap();
        assert_eq!(loaded.token.expose_secret(), "tok");
        assert_eq!(loaded.refresh.unwrap().expose_secret(), "ref");
        let other = SessionFile { username: "else@example.vn".into(), ..file.clone() };
        assert!(other.load().unwrap().is_none());
        std::fs::write(&file.path, "{").unwrap();
        assert!(file.load().unwrap_err().contains("damaged"));
        assert!(file.delete().unwrap());
        assert!(!file.delete().unwrap());
    }

    #[test]
    fn profile_names_must_be_file_names() {
        assert!(path_for("client").is_some() || state_dir().is_none());
        assert_eq!(path_for("../x"), None);
        assert_eq!(path_for(".hidden"), None);
        assert_eq!(path_for(""), None);
        let dir = Path::new("/state");
        assert_eq!(path_in(dir, "client"), Some(PathBuf::from("/state/sessions/client.json")));
        assert_eq!(path_in(dir, "../x"), None);
    }
}
