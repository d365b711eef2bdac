//! Saving what the sign-in form holds as a profile of the configuration file: where to
//! connect and as whom, written in place with `toml_edit` (the file's comments, order and
//! other profiles stay). The password is never written: a `password_command` may be, or
//! nothing, and the form asks for the password again next time.

use std::path::Path;

use toml_edit::{TableLike, value};

use crate::api::{AuthMethod, Language, Role};

/// What a profile saved from the sign-in form holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedProfile {
    pub base_url: String,
    pub host: String,
    pub role: Role,
    pub language: Language,
    pub auth: AuthMethod,
    pub username: String,
    /// Run to get the password (its first line), when given; never the password itself.
    pub password_command: Option<String>,
}

/// A profile's name as the configuration and the session store take it: letters, digits,
/// `-`, `_` and `.`, not empty.
pub fn valid_name(name: &str) -> bool {
    let name = name.trim();
    !name.is_empty()
        && name != "."
        && name != ".."
        && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Writes `profile` as `[profiles.NAME]` of the file at `path`, its other keys (a
/// watchlist, `remember`) kept; a `password_command` left out is taken out.
pub fn save_profile(path: &Path, name: &str, profile: &SavedProfile) -> Result<(), String> {
    super::write::edit_profile(path, name.trim(), |table| fill(table, profile))
}

fn fill(table: &mut dyn TableLike, p: &SavedProfile) {
    let text = |table: &mut dyn TableLike, key: &str, text: &str| {
        match table.get_mut(key).and_then(|item| item.as_value_mut()) {
            // In place: a comment after the value stays.
            Some(old) => {
                let decor = old.decor().clone();
                *old = text.into();
                *old.decor_mut() = decor;
            }
            None => {
                table.insert(key, value(text));
            }
        }
    };
    text(table, "base_url", p.base_url.trim());
    // No host: none is sent as X-Forwarded-Host, and none is written.
    match p.host.trim() {
        "" => drop(table.remove("host")),
        host => text(table, "host", host),
    }
    text(table, "role", role(p.role));
    text(table, "language", language(p.language));
    text(table, "auth", auth(p.auth));
    text(table, "username", p.username.trim());
    match p.password_command.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(command) => text(table, "password_command", command),
        None => drop(table.remove("password_command")),
    }
    // Never a password, whatever was there.
    table.remove("password");
}

fn role(role: Role) -> &'static str {
    match role {
        Role::Client => "client",
        Role::Reseller => "reseller",
    }
}

fn language(language: Language) -> &'static str {
    match language {
        Language::English => "english",
        Language::Vietnamese => "vietnamese",
    }
}

fn auth(auth: AuthMethod) -> &'static str {
    match auth {
        AuthMethod::Jwt => "jwt",
        AuthMethod::Basic => "basic",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed() -> SavedProfile {
        SavedProfile {
            base_url: "https://api.example.vn".into(),
            host: "my.example.vn".into(),
            role: Role::Client,
            language: Language::Vietnamese,
            auth: AuthMethod::Jwt,
            username: "me@example.vn".into(),
            password_command: Some("pass show portal/shop".into()),
        }
    }

    #[test]
    fn the_profile_is_written_in_place_and_read_back_without_a_password() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let original = "# my portals\ntheme = \"mono\"  # quiet\n\n[profiles.shop]\nhost = \"old.example.vn\"  # the old one\n\
                        watch_domains = [\"example.vn\"]\n\n[profiles.other]\nhost = \"daily.example.vn\"\n";
        std::fs::write(&path, original).unwrap();
        save_profile(&path, "shop", &typed()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# my portals\ntheme = \"mono\"  # quiet\n"), "{text}");
        assert!(text.contains("host = \"my.example.vn\"  # the old one\n"), "in place, its comment kept: {text}");
        assert!(text.contains("watch_domains = [\"example.vn\"]"), "{text}");
        assert!(text.ends_with("[profiles.other]\nhost = \"daily.example.vn\"\n"), "{text}");
        let parsed = crate::config::Config::parse(&text).unwrap();
        let shop = &parsed.profiles["shop"];
        assert_eq!(shop.base_url.as_deref(), Some("https://api.example.vn"));
        assert_eq!(
            (shop.role, shop.language, shop.auth),
            (Some(Role::Client), Some(Language::Vietnamese), Some(AuthMethod::Jwt))
        );
        assert_eq!(shop.password_command.as_deref(), Some("pass show portal/shop"));
        // Without a command: none is kept, and no password is ever written.
        save_profile(&path, "shop", &SavedProfile { password_command: None, ..typed() }).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("password"), "{text}");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_readable_by_its_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("portal-tui/config.toml");
        save_profile(&path, "new", &typed()).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        let parsed = crate::config::Config::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(parsed.profiles["new"].username.as_deref(), Some("me@example.vn"));
    }

    #[test]
    fn names_the_store_takes() {
        assert!(valid_name("shop-2") && valid_name("nhà_tôi"));
        assert!(!valid_name("") && !valid_name("a b") && !valid_name("..") && !valid_name("a/b"));
    }
}
