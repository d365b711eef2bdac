//! Remembered sessions (the default; `remember = false` opts out): the token and refresh
//! token of a JWT session, never the password, in one file per profile (or, for settings
//! given only by flags and the environment, per portal, host and user) under the platform
//! state directory (`$XDG_STATE_HOME/portal-tui/sessions/` on Linux), written atomically
//! with mode 0600. Runs at the same moment share it: a lock file beside it
//! (`PROFILE.json.lock`) lets one of them sign in or refresh at a time (`SessionFile::lock`).

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

/// The file of the session of settings given without a profile (flags and environment
/// only) in the state directory `dir`: named by a digest of the portal, host and user, in a
/// folder of its own so that no profile's name can be the same.
pub fn path_for_portal(dir: &Path, base_url: &str, host: &str, username: &str) -> PathBuf {
    use sha2::Digest;
    let digest = sha2::Sha256::new()
        .chain_update(base_url)
        .chain_update([0])
        .chain_update(host)
        .chain_update([0])
        .chain_update(username)
        .finalize();
    let name: String = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
    dir.join("sessions").join("by-portal").join(format!("{name}.json"))
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
        crate::system::atomic_file::write(&self.path, json.as_bytes(), crate::system::atomic_file::Mode::Private)
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

    /// The lock file beside the session file (`client.json.lock`).
    pub fn lock_path(&self) -> PathBuf {
        let mut name = self.path.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        self.path.with_file_name(name)
    }

    /// Waits until no other run is signing in or refreshing this session, then holds the
    /// lock until the returned guard is dropped (or the process ends: the kernel releases
    /// it). Waiting does not block the async runtime.
    pub async fn lock(&self) -> std::io::Result<SessionLock> {
        if let Some(dir) = self.path.parent().filter(|p| !p.as_os_str().is_empty()) {
            create_private_dir(dir)?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.create(true).truncate(false).write(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let file = options.open(self.lock_path())?;
        let locked = tokio::task::spawn_blocking(move || fs4::FileExt::lock(&file).map(|()| file));
        let file = locked.await.map_err(std::io::Error::other)??;
        Ok(SessionLock { _file: file })
    }
}

/// The lock of one remembered session, held while it lives (`SessionFile::lock`).
#[derive(Debug)]
pub struct SessionLock {
    _file: std::fs::File,
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
    fn settings_without_a_profile_are_kept_by_portal_host_and_user() {
        let dir = Path::new("/state");
        let a = path_for_portal(dir, "https://api.example.vn/", "my.example.vn", "me@example.vn");
        assert!(a.starts_with("/state/sessions/by-portal/"), "{}", a.display());
        assert_eq!(a, path_for_portal(dir, "https://api.example.vn/", "my.example.vn", "me@example.vn"));
        assert_ne!(a, path_for_portal(dir, "https://api.example.vn/", "daily.example.vn", "me@example.vn"));
        assert_ne!(a, path_for_portal(dir, "https://api.example.vn/", "my.example.vn", "you@example.vn"));
        assert_ne!(a, path_for_portal(dir, "https://other.example.vn/", "my.example.vn", "me@example.vn"));
    }

    #[tokio::test]
    async fn one_run_at_a_time_holds_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let file = SessionFile {
            path: dir.path().join("sessions/client.json"),
            base_url: "https://api.example.vn/".into(),
            host: String::new(),
            username: "me@example.vn".into(),
        };
        let held = file.lock().await.unwrap();
        assert!(file.lock_path().ends_with("sessions/client.json.lock"));
        let second = tokio::spawn({
            let file = file.clone();
            async move { file.lock().await.unwrap() }
        });
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert!(!second.is_finished(), "a second lock waits for the first");
        drop(held);
        let _second = tokio::time::timeout(std::time::Duration::from_secs(5), second).await.unwrap().unwrap();
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
