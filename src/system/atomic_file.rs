//! Writing a file so that a crash never leaves half of it under its name: a temporary file
//! in the same directory, synced, then renamed over the old one. Used for saved files, the
//! config file's watchlists and remembered sessions.

use std::io::Write;
use std::path::Path;

/// The permissions the written file gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Those of the file it replaces; a new file is readable by its owner only.
    KeepExisting,
    /// Readable by its owner only (0600), whatever was there before.
    Private,
    /// Those of the file it replaces; a new file is readable by everyone (0644): a file
    /// another program reads, such as metrics for an exporter running as another user.
    Published,
}

/// Writes `bytes` to `path` atomically. The directory must exist.
pub fn write(path: &Path, bytes: &[u8], mode: Mode) -> std::io::Result<()> {
    let mut file = temporary_beside(path)?;
    match (mode, std::fs::metadata(path)) {
        (Mode::KeepExisting | Mode::Published, Ok(old)) => file.as_file().set_permissions(old.permissions())?,
        (Mode::KeepExisting, Err(_)) => {}
        (Mode::Published, Err(_)) => set_mode(file.as_file(), 0o644)?,
        (Mode::Private, _) => set_private(file.as_file())?,
    }
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes `bytes` to a new file at `path` atomically, readable by its owner only; a file
/// already there is never replaced, even one that appears meanwhile (`AlreadyExists`).
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = temporary_beside(path)?;
    set_private(file.as_file())?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(())
}

/// A temporary file in the folder `path` will be in, so that renaming it is atomic.
fn temporary_beside(path: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    tempfile::Builder::new().prefix(".portal-tui").tempfile_in(dir)
}

fn set_private(file: &std::fs::File) -> std::io::Result<()> {
    set_mode(file, 0o600)
}

fn set_mode(file: &std::fs::File, mode: u32) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    let _ = (file, mode);
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode_of(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_new_file_never_replaces_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("loi-502.png");
        write_new(&path, b"first").unwrap();
        assert_eq!(mode_of(&path), 0o600);
        let again = write_new(&path, b"second").unwrap_err();
        assert_eq!(again.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left");
    }

    #[test]
    fn replaces_whole_files_with_the_permissions_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        write(&path, b"new", Mode::KeepExisting).unwrap();
        assert_eq!((std::fs::read(&path).unwrap(), mode_of(&path)), (b"new".to_vec(), 0o600));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write(&path, b"again", Mode::KeepExisting).unwrap();
        assert_eq!((std::fs::read(&path).unwrap(), mode_of(&path)), (b"again".to_vec(), 0o644));
        write(&path, b"secret", Mode::Private).unwrap();
        assert_eq!(mode_of(&path), 0o600);
        assert!(write(&dir.path().join("missing/x"), b"x", Mode::KeepExisting).is_err());
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["notes.txt"], "no temporary file is left behind");
    }
}
