//! Who a call speaks for and to: the language of the answers and of the UI
//! (`Accept-Language`), and the portal the caller belongs to (`X-Forwarded-Host`).

use std::fmt;
use std::str::FromStr;

/// Language of the portal's answers (`Accept-Language`) and of the UI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    English,
    Vietnamese,
}

impl Language {
    pub fn header_value(self) -> &'static str {
        match self {
            Language::English => "english",
            Language::Vietnamese => "vietnamese",
        }
    }

    pub fn toggled(self) -> Language {
        match self {
            Language::English => Language::Vietnamese,
            Language::Vietnamese => Language::English,
        }
    }
}

impl FromStr for Language {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_lowercase().as_str() {
            "en" | "english" => Ok(Language::English),
            "vi" | "vn" | "vietnamese" | "tiếng việt" => Ok(Language::Vietnamese),
            other => Err(format!("unknown language {other:?} (use english or vietnamese)")),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.header_value())
    }
}

/// Which portal the caller belongs to; selected by the `X-Forwarded-Host` value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Role {
    #[default]
    Client,
    Reseller,
}

impl Role {
    pub fn label(self) -> &'static str {
        match self {
            Role::Client => "client",
            Role::Reseller => "reseller",
        }
    }

    pub fn toggled(self) -> Role {
        match self {
            Role::Client => Role::Reseller,
            Role::Reseller => Role::Client,
        }
    }
}

impl FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "client" => Ok(Role::Client),
            "reseller" => Ok(Role::Reseller),
            other => Err(format!("unknown role {other:?} (use client or reseller)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_parse_short_forms() {
        assert_eq!("vi".parse::<Language>().unwrap(), Language::Vietnamese);
        assert_eq!("English".parse::<Language>().unwrap(), Language::English);
        assert!("fr".parse::<Language>().is_err());
    }
}
