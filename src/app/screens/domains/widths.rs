//! The domain list's columns measured over every record, in both languages, each time the
//! records change: the drawing sizes its columns from these, so neither a filter nor a
//! scroll moves them, and no frame walks every record.

use unicode_width::UnicodeWidthStr;

use crate::api::Language;
use crate::api::models::DomainRecord;
use crate::i18n::Text;
use crate::i18n::format;

/// The widest value of each column (English first, then Vietnamese where it differs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Widths {
    /// A name with the two columns of its watch mark.
    pub name: usize,
    pub status: [usize; 2],
    /// A group's title row, `▾ Active (7)`.
    pub group: [usize; 2],
    pub expires: [usize; 2],
    pub renewal: [usize; 2],
}

impl Widths {
    pub fn measure(records: &[DomainRecord]) -> Widths {
        let mut widths = Widths::default();
        let mut counts: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for r in records {
            widths.name = widths.name.max(r.name.width().max(r.id.len() + 1) + 2);
            *counts.entry(r.status.to_lowercase().into()).or_default() += 1;
            // A name only a hosted zone holds shows its name alone (its group says the rest).
            if r.status == super::ZONE_ONLY_STATUS {
                continue;
            }
            for (at, language) in LANGUAGES.into_iter().enumerate() {
                let status = match r.unreadable {
                    Some(_) => Text::Unreadable.get(language).width(),
                    None => crate::i18n::status(&r.status, language).width(),
                };
                widths.status[at] = widths.status[at].max(status);
                widths.expires[at] = widths.expires[at].max(format::date(&r.expires, language).width());
                widths.renewal[at] = widths.renewal[at].max(format::money(r.recurring_amount, language).width());
            }
        }
        for (status, count) in counts {
            for (at, language) in LANGUAGES.into_iter().enumerate() {
                let title = crate::i18n::status(&status, language).width() + format::count(count, language).width() + 5;
                widths.group[at] = widths.group[at].max(title);
            }
        }
        widths
    }

    /// Which of the pairs is `language`'s.
    pub fn at(language: Language) -> usize {
        usize::from(language == Language::Vietnamese)
    }
}

const LANGUAGES: [Language; 2] = [Language::English, Language::Vietnamese];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_record_counts_in_both_languages() {
        let record = |name: &str, status: &str, amount: &str| DomainRecord {
            name: name.into(),
            status: status.into(),
            expires: "2027-01-29".into(),
            recurring_amount: crate::api::Money::parse(amount).unwrap(),
            ..Default::default()
        };
        let widths = Widths::measure(&[record("a.vn", "Active", "480000"), record("banhmihoian.com.vn", "Expired", "349000.5")]);
        assert_eq!(widths.name, 20);
        let vi = |s: &str| crate::i18n::status(s, Language::Vietnamese).width();
        assert_eq!(widths.status, [7, vi("Active").max(vi("Expired"))], "the widest in each language");
        assert_eq!(widths.expires, [10, 10]);
        assert_eq!(widths.renewal, [10, 10]);
        assert_eq!(widths.group[0], "Expired".len() + 1 + 5);
    }
}
