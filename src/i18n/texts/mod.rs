//! Every string the dashboard shows, in English and Vietnamese, in one table. Each entry
//! names both texts, so a missing translation does not compile; the tests check that the
//! two agree on their `{placeholders}` and that no Vietnamese text is English left as is.
//!
//! The table is too long for one file, so it is written in two, in order: `general` (what
//! every face shares: screens, signing in, profiles, errors, the status bar, prompts, the
//! scripting commands' reports) hands its entries on to `views` (each screen's words,
//! changes, the radar, portal words, durations, keys), where the enum is made. New blocks go
//! at the end of `views`. The billing actions' texts are a block of their own, `billing`, put
//! before `general`'s; the radar's coverage and monitoring texts another, `radar`, before
//! `billing`'s; DNS as code (export, apply, the public address) and the DNS checks that
//! keep a zone whole another, `dns_code`, before `radar`'s; the certificates' list and
//! download, `certificates`, before those; the ACME hooks', `acme`, between those two; the hosted zones', `zones`, before those; what the screens say of
//! failures, unknowns and outcomes, `said`, before those, then checking a name for
//! registration and when a cancelled service ends, `actions`; the Overview screen's,
//! `overview`, before those; the command line's words of how it was typed (clap's
//! errors, `error:`, plurals), `usage`, first of all;
//! how the screens read (`display`: short tab names, days left, field names, quantities,
//! saving a profile), between `billing` and `general`.

use std::fmt::Display;

use crate::api::Language;

macro_rules! texts {
    ($($key:ident: $en:literal | $vi:literal,)*) => {
        /// A UI string; [`Text::get`] gives it in a language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Text {
            $($key,)*
        }

        impl Text {
            pub const ALL: &'static [Text] = &[$(Text::$key,)*];

            pub fn get(self, language: $crate::api::Language) -> &'static str {
                match language {
                    $crate::api::Language::English => match self {
                        $(Text::$key => $en,)*
                    },
                    $crate::api::Language::Vietnamese => match self {
                        $(Text::$key => $vi,)*
                    },
                }
            }
        }
    };
}

#[macro_use]
mod usage;
#[macro_use]
mod overview;
#[macro_use]
mod said;
#[macro_use]
mod actions;
#[macro_use]
mod zones;
#[macro_use]
mod certificates;
#[macro_use]
mod acme;
#[macro_use]
mod dns_code;
#[macro_use]
mod radar;
#[macro_use]
mod billing;
#[macro_use]
mod display;
#[macro_use]
mod general;
mod views;

pub use views::Text;

impl Text {
    /// The text with each `{name}` replaced by its value.
    pub fn fill(self, language: Language, values: &[(&str, &dyn Display)]) -> String {
        let mut text = self.get(language).to_owned();
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), &value.to_string());
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> =
            text.split('{').skip(1).filter_map(|rest| rest.split_once('}')).map(|p| p.0).collect();
        found.sort_unstable();
        found
    }

    #[test]
    fn both_languages_have_every_text_with_the_same_placeholders() {
        for key in Text::ALL {
            let (en, vi) = (key.get(Language::English), key.get(Language::Vietnamese));
            assert!(!en.trim().is_empty() && !vi.trim().is_empty(), "{key:?} is empty in a language");
            assert_eq!(placeholders(en), placeholders(vi), "{key:?}: {en:?} vs {vi:?}");
        }
    }

    #[test]
    fn vietnamese_is_translated_not_copied() {
        // Texts that are the same in both languages on purpose: "byte" is the Vietnamese word too.
        let same = [Text::RepBytesOne];
        for key in Text::ALL.iter().filter(|k| !same.contains(*k)) {
            let (en, vi) = (key.get(Language::English), key.get(Language::Vietnamese));
            assert_ne!(en, vi, "{key:?} is not translated");
        }
    }

    #[test]
    fn vietnamese_keeps_its_diacritics() {
        assert_eq!(Text::ScreenDomains.get(Language::Vietnamese), "Tên miền");
        let with_marks = Text::ALL.iter().filter(|k| !k.get(Language::Vietnamese).is_ascii()).count();
        assert!(with_marks * 10 >= Text::ALL.len() * 8, "most Vietnamese texts carry diacritics ({with_marks})");
    }

    #[test]
    fn fill_replaces_named_values() {
        let text = Text::SavedTo.fill(Language::Vietnamese, &[("path", &"a.csr")]);
        assert_eq!(text, "đã lưu vào a.csr");
    }
}
