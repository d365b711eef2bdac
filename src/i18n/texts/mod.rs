//! Every string the dashboard shows, in English and Vietnamese, in one table. Each entry
//! names both texts, so a missing translation does not compile; the tests check that the
//! two agree on their `{placeholders}` and that no Vietnamese text is English left as is.
//!
//! The table is written in blocks, a file each (`usage`, `general`, `views`, `said`, the
//! radar's, billing's, DNS as code's…): each block hands its entries on with those before
//! it (`$then! { [..] rest }`), and `table!` below gathers the blocks it names into the one
//! enum. A block names no other block, so their order is no matter: a new block is a file
//! and its name in `table!`'s list.

use std::fmt::Display;

use crate::api::Language;

macro_rules! texts {
    ($($key:ident: $en:literal | $vi:literal,)*) => {
        /// A UI string; [`Text::get`] gives it in a language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Text {
            $($key,)*
            /// A text declared beside what shows it (a screen's folder, `words!`): English
            /// and Vietnamese, in that order.
            Own(&'static [&'static str; 2]),
        }

        impl Text {
            pub const ALL: &'static [Text] = &[$(Text::$key,)*];

            pub fn get(self, language: $crate::api::Language) -> &'static str {
                match language {
                    $crate::api::Language::English => match self {
                        $(Text::$key => $en,)*
                        Text::Own([en, _]) => en,
                    },
                    $crate::api::Language::Vietnamese => match self {
                        $(Text::$key => $vi,)*
                        Text::Own([_, vi]) => vi,
                    },
                }
            }
        }
    };
}

/// Texts declared beside what shows them, in English and Vietnamese, each a [`Text`]
/// constant named as the table names its entries:
///
/// ```ignore
/// crate::words! {
///     LogTitle: "Requests — {count}" | "Yêu cầu — {count}",
/// }
/// ```
///
/// A screen's own words go in its folder's `texts.rs` this way; words more than one screen
/// or face says stay in the table. The invocation brings its own test: both languages
/// present, the same `{placeholders}`, the Vietnamese not the English left as is (name an
/// entry in `same: [..]` when the word is the same in both on purpose).
#[macro_export]
macro_rules! words {
    (@ [$($same:ident),*] $($key:ident: $en:literal | $vi:literal,)*) => {
        $(
            #[allow(non_upper_case_globals)]
            pub const $key: $crate::i18n::Text = $crate::i18n::Text::Own(&[$en, $vi]);
        )*

        #[cfg(test)]
        #[test]
        fn every_text_in_both_languages() {
            let same: &[$crate::i18n::Text] = &[$($same),*];
            $crate::i18n::check_texts(&[$((stringify!($key), $key)),*], same);
        }
    };
    (same: [$($same:ident),* $(,)?], $($key:ident: $en:literal | $vi:literal,)*) => {
        $crate::words! { @ [$($same),*] $($key: $en | $vi,)* }
    };
    ($($key:ident: $en:literal | $vi:literal,)*) => {
        $crate::words! { @ [] $($key: $en | $vi,)* }
    };
}

#[macro_use]
mod acme;
#[macro_use]
mod actions;
#[macro_use]
mod billing;
#[macro_use]
mod certificates;
#[macro_use]
mod display;
#[macro_use]
mod dns_code;
#[macro_use]
mod general;
pub mod help;
#[macro_use]
mod overview;
#[macro_use]
mod radar;
#[macro_use]
mod said;
#[macro_use]
mod usage;
#[macro_use]
mod views;
#[macro_use]
mod zones;

/// Gathers the blocks named, each handing its entries on, into the table.
macro_rules! table {
    ([$($done:tt)*]) => {
        texts! { $($done)* }
    };
    ([$($done:tt)*] $block:ident $($rest:ident)*) => {
        $block! { table [$($done)*] $($rest)* }
    };
}

table! {
    [] acme_texts actions_texts billing_texts certificates_texts display_texts dns_code_texts general_texts
    overview_texts radar_texts said_texts usage_texts views_texts zones_texts
}

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

/// The checks every text passes, named: present in both languages, the same
/// `{placeholders}` in each, and the Vietnamese not the English left as is unless `same`
/// names it. `words!` runs them on the texts it declares; the table's test on the table.
#[cfg(test)]
pub fn check_texts(texts: &[(&str, Text)], same: &[Text]) {
    fn placeholders(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> =
            text.split('{').skip(1).filter_map(|rest| rest.split_once('}')).map(|p| p.0).collect();
        found.sort_unstable();
        found
    }
    for (name, text) in texts {
        let (en, vi) = (text.get(Language::English), text.get(Language::Vietnamese));
        assert!(!en.trim().is_empty() && !vi.trim().is_empty(), "{name} is empty in a language");
        assert_eq!(placeholders(en), placeholders(vi), "{name}: {en:?} vs {vi:?}");
        assert!(en != vi || same.contains(text), "{name} is not translated: {en:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_of_a_thing_is_never_said_in_the_plural() {
        let fill: [(&str, &dyn Display); 4] =
            [("count", &1), ("seconds", &30), ("missing", &"ns1.x.vn"), ("zone", &"x.vn")];
        for language in [Language::English, Language::Vietnamese] {
            let said = Text::AcmeNotSeen.fill(language, &fill);
            assert!(!said.contains("1 authoritative name servers"), "{said}");
            assert!(said.contains(": 1)"), "{said}");
        }
        assert_eq!(Text::PlanAskOne.fill(Language::English, &fill), "send this change? [y/N] ");
        assert_eq!(Text::PlanAskOne.fill(Language::Vietnamese, &fill), "gửi thay đổi này? [c/K] ");
    }

    #[test]
    fn every_text_of_the_table_in_both_languages() {
        // The same in both languages on purpose: "byte" is the Vietnamese word too, and a
        // title of marks is only its parts.
        let named: Vec<(String, Text)> = Text::ALL.iter().map(|t| (format!("{t:?}"), *t)).collect();
        let named: Vec<(&str, Text)> = named.iter().map(|(n, t)| (n.as_str(), *t)).collect();
        check_texts(&named, &[Text::RepBytesOne, Text::ListMarked]);
    }

    mod declared_beside {
        crate::words! {
            same: [Kilobyte],
            Greeting: "Hello, {name}" | "Xin chào, {name}",
            Kilobyte: "kB" | "kB",
        }

        #[test]
        fn a_text_declared_beside_is_a_text_like_any() {
            use crate::api::Language;
            assert_eq!(Greeting.fill(Language::Vietnamese, &[("name", &"An")]), "Xin chào, An");
            assert_eq!(Kilobyte.get(Language::English), "kB");
            assert_ne!(Greeting, crate::i18n::Text::ScreenDomains);
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
