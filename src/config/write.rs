//! Writing a profile's watchlist back into the configuration file, keeping the user's
//! comments, order and formatting (`toml_edit`), atomically (temporary file, then rename)
//! and with the file's own permissions.

use std::path::Path;

use toml_edit::{Array, DocumentMut, Item, Table, Value};

use crate::radar::Watchlist;

/// Sets `watch_domains`, `watch_certificates` and `watch_services` of `profile`. A config
/// that is a symbolic link (into a dotfiles repository, say) stays one: its target is
/// edited.
pub fn save_watchlist(path: &Path, profile: &str, watch: &Watchlist) -> Result<(), String> {
    edit_profile(path, profile, |table| {
        set_array(table, "watch_domains", watch.domains.iter().map(|d| Value::from(d.as_str())));
        set_array(table, "watch_certificates", watch.certificates.iter().map(|&id| Value::from(id as i64)));
        set_array(table, "watch_services", watch.services.iter().map(|&id| Value::from(id as i64)));
    })
}

/// Edits the table of `profile` (made when missing) in the configuration file at `path`
/// (made when missing, readable by its owner only), everything else as it was. A config
/// that is a symbolic link stays one: its target is edited.
pub(super) fn edit_profile(
    path: &Path,
    profile: &str,
    edit: impl FnOnce(&mut dyn toml_edit::TableLike),
) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("could not update {}: {e}", path.display());
    let target = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|e| fail(&e))?,
        _ => path.to_path_buf(),
    };
    let path = target.as_path();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(fail(&e)),
    };
    let mut doc: DocumentMut = text.parse().map_err(|e| fail(&e))?;
    let profiles = doc.entry("profiles").or_insert_with(|| {
        let mut t = Table::new();
        t.set_implicit(true);
        Item::Table(t)
    });
    let table = profiles
        .as_table_mut()
        .ok_or_else(|| fail(&"`profiles` is not a table"))?
        .entry(profile)
        .or_insert_with(|| Item::Table(Table::new()))
        .as_table_like_mut()
        .ok_or_else(|| fail(&format!("`profiles.{profile}` is not a table")))?;
    edit(table);
    write_atomically(path, doc.to_string().as_bytes()).map_err(|e| fail(&e))
}

/// Replaces the values of an existing array in place (its key, comments and layout stay),
/// or adds the key.
fn set_array(table: &mut dyn toml_edit::TableLike, key: &str, values: impl Iterator<Item = Value>) {
    if let Some(array) = table.get_mut(key).and_then(Item::as_array_mut) {
        array.clear();
        for v in values {
            array.push_formatted(v.decorated(if array.is_empty() { "" } else { " " }, ""));
        }
        return;
    }
    let array: Array = values.collect();
    table.insert(key, toml_edit::value(array));
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    crate::system::atomic_file::write(path, bytes, crate::system::atomic_file::Mode::KeepExisting)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_layout_survive() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let original = "# my portals\ndefault_profile = \"shop\"   # the usual one\n\n[profiles.shop]\n\
                        host = \"my.example.vn\"  # client portal\nwatch_domains = [\"example.vn\"]  # keep an eye\n\n\
                        [profiles.other]\nhost = \"daily.example.vn\"\n";
        std::fs::write(&path, original).unwrap();
        let watch = Watchlist {
            domains: vec!["example.vn".into(), "phosaigon.vn".into()],
            certificates: vec![3301],
            services: vec![],
        };
        save_watchlist(&path, "shop", &watch).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# my portals\ndefault_profile = \"shop\"   # the usual one\n"), "{text}");
        assert!(text.contains("host = \"my.example.vn\"  # client portal\n"), "{text}");
        assert!(text.contains("watch_domains = [\"example.vn\", \"phosaigon.vn\"]  # keep an eye\n"), "{text}");
        assert!(text.contains("watch_certificates = [3301]"), "{text}");
        assert!(text.ends_with("[profiles.other]\nhost = \"daily.example.vn\"\n"), "{text}");
        let parsed = crate::config::Config::parse(&text).unwrap();
        assert_eq!(parsed.profiles["shop"].watch_domains, watch.domains);

        save_watchlist(&path, "new", &watch).unwrap();
        let parsed = crate::config::Config::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(parsed.profiles["new"].watch_certificates, [3301]);
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_config_stays_a_link_and_its_target_is_edited() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let dotfiles = dir.path().join("dotfiles");
        std::fs::create_dir(&dotfiles).unwrap();
        let target = dotfiles.join("portal-tui.toml");
        std::fs::write(&target, "[profiles.shop]\nhost = \"my.example.vn\"\n").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.path().join("config.toml");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let watch = Watchlist { domains: vec!["example.vn".into()], ..Watchlist::default() };
        save_watchlist(&link, "shop", &watch).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is kept");
        assert!(std::fs::read_to_string(&target).unwrap().contains("watch_domains = [\"example.vn\"]"));
        assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
    }
}
