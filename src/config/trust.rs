//! Whether a file that can run commands (the config file's `password_command`) is the
//! user's alone, as ssh and gpg ask of theirs: owned by the user (or root), not writable
//! by group or others, in a directory nobody else can swap it in. Says how to fix it.

use std::path::Path;

/// Why a file is not trusted, and the command that fixes it.
#[derive(Debug, PartialEq, Eq)]
pub struct Untrusted {
    pub reason: String,
    pub fix: String,
}

impl std::fmt::Display for Untrusted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: fix it with `{}`", self.reason, self.fix)
    }
}

/// `Err` with the reason and the command that fixes it.
pub fn check(path: &Path) -> Result<(), Untrusted> {
    #[cfg(unix)]
    {
        let file = std::fs::metadata(path).map_err(|e| Untrusted {
            reason: format!("cannot be read ({e})"),
            fix: format!("ls -l {}", shown(path)),
        })?;
        untrusted(path, &file, "it is".into())?;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if let Ok(meta) = std::fs::metadata(dir) {
            // A sticky directory (like /tmp) lets nobody but the owner replace the file.
            if !is_sticky(&meta) {
                untrusted(dir, &meta, format!("its directory {} is", dir.display()))?;
            }
        }
    }
    let _ = path;
    Ok(())
}

#[cfg(unix)]
fn is_sticky(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o1000 != 0
}

#[cfg(unix)]
fn untrusted(path: &Path, meta: &std::fs::Metadata, what: String) -> Result<(), Untrusted> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    let owner = meta.uid();
    if owner != me && owner != 0 {
        return Err(Untrusted {
            reason: format!("{what} owned by another user (uid {owner})"),
            fix: format!("chown {me} {}", shown(path)),
        });
    }
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o022 != 0 {
        return Err(Untrusted {
            reason: format!("{what} writable by group or others (mode {mode:04o})"),
            fix: format!("chmod go-w {}", shown(path)),
        });
    }
    Ok(())
}

/// A path as one shell word.
fn shown(path: &Path) -> String {
    let text = path.display().to_string();
    if text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-~+".contains(c)) {
        text
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn chmod(path: &Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[test]
    fn writable_by_others_is_refused_with_the_fix() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "").unwrap();
        chmod(&path, 0o600);
        assert_eq!(check(&path), Ok(()));
        chmod(&path, 0o644);
        assert_eq!(check(&path), Ok(()));
        chmod(&path, 0o666);
        let e = check(&path).unwrap_err();
        assert_eq!(e.reason, "it is writable by group or others (mode 0666)");
        assert_eq!(e.fix, format!("chmod go-w {}", path.display()));
        chmod(&path, 0o620);
        assert!(check(&path).is_err());
        chmod(&path, 0o600);
        chmod(dir.path(), 0o777);
        let e = check(&path).unwrap_err();
        assert_eq!(
            e.reason,
            format!("its directory {} is writable by group or others (mode 0777)", dir.path().display())
        );
        assert_eq!(e.fix, format!("chmod go-w {}", dir.path().display()));
        chmod(dir.path(), 0o1777);
        assert_eq!(check(&path), Ok(()), "a sticky directory is fine");
        chmod(dir.path(), 0o700);
    }
}
