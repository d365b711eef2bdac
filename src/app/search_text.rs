//! What a list's filter searches, lowered once when the list arrives rather than on every
//! key: each entry's fields in lower case, all of a list's entries in one `String` (100,000
//! entries are one allocation, not 100,000), so a key's pass over them is one search per
//! entry in memory that is read in order.

/// Between two fields and after an entry's last. Portal text never holds it (every portal
/// string is sanitised of control characters) and neither does a filter (typed keys and
/// pasted text are too), so a needle found in an entry's text lies inside one field: the
/// joined text matches exactly when one of its fields does.
pub const SEPARATOR: char = '\0';

/// Every entry's searchable fields, lower-cased (`str::to_lowercase`, as the filter's
/// needle is), each followed by [`SEPARATOR`].
#[derive(Clone, Default, PartialEq, Eq)]
pub struct SearchText {
    text: String,
    /// Where each entry's text ends in `text`: entry `i` is `ends[i - 1]..ends[i]`.
    ends: Vec<u32>,
}

impl SearchText {
    /// The searchable text of `items`: `fields(item, add)` calls `add` with each of the
    /// item's fields that the filter searches.
    pub fn build<T>(items: &[T], fields: impl Fn(&T, &mut dyn FnMut(&str))) -> SearchText {
        let mut text = String::new();
        let mut ends = Vec::with_capacity(items.len());
        for item in items {
            fields(item, &mut |field: &str| {
                if field.is_ascii() {
                    let at = text.len();
                    text.push_str(field);
                    text[at..].make_ascii_lowercase();
                } else {
                    text.push_str(&field.to_lowercase());
                }
                text.push(SEPARATOR);
            });
            // Lists are far below 4 GiB of text (an answer is capped at 256 MiB).
            ends.push(u32::try_from(text.len()).unwrap_or(u32::MAX));
        }
        text.shrink_to_fit();
        SearchText { text, ends }
    }

    /// How many entries it holds.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Whether one of entry `entry`'s fields contains `needle` (lower-case, without
    /// [`SEPARATOR`]: see [`Needle`]).
    pub fn holds(&self, entry: usize, needle: &Needle) -> bool {
        let Some(&end) = self.ends.get(entry) else { return false };
        let start = match entry {
            0 => 0,
            _ => self.ends[entry - 1] as usize,
        };
        match (needle.searchable, self.text.get(start..end as usize)) {
            (true, Some(text)) => text.contains(needle.text.as_str()),
            _ => false,
        }
    }
}

impl std::fmt::Debug for SearchText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchText({} entries, {} bytes)", self.ends.len(), self.text.len())
    }
}

/// A filter's text as it is searched for: trimmed and lower-cased.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Needle {
    pub text: String,
    /// False when the text holds [`SEPARATOR`]: then no field can hold it.
    searchable: bool,
}

impl Needle {
    pub fn new(filter: &str) -> Needle {
        let text = filter.trim().to_lowercase();
        let searchable = !text.contains(SEPARATOR);
        Needle { text, searchable }
    }

    /// Whether every text holding `self` also holds `wider`: `self` narrows it.
    pub fn narrows(&self, wider: &Needle) -> bool {
        self.text.contains(wider.text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(entries: &[&[&str]]) -> SearchText {
        SearchText::build(entries, |entry, add| entry.iter().for_each(|f| add(f)))
    }

    #[test]
    fn fields_are_lowered_once_and_never_joined_into_a_match() {
        let text = of(&[&["Hosting Scale 00012", "scale-0000.vn"], &["PHỞ Sài Gòn", ""], &[]]);
        assert_eq!(text.len(), 3);
        let holds = |i, needle: &str| text.holds(i, &Needle::new(needle));
        assert!(holds(0, "hosting scale") && holds(0, "SCALE-0000") && holds(0, " 00012 "));
        // The end of one field and the start of the next are not one text.
        assert!(!holds(0, "12scale") && !holds(0, "00012 scale"));
        assert!(holds(1, "phở sài") && holds(1, "PHỞ") && !holds(1, "pho"));
        assert!(!holds(2, "a") && !holds(3, "a"));
        assert!(!holds(0, "scale\0"), "a needle holding the separator matches no field");
    }

    #[test]
    fn lowered_as_the_filter_lowers_its_needle() {
        // Characters whose lower case is longer or different from ASCII's rules.
        let text = of(&[&["İSTANBUL.com.tr"], &["\u{212A}elvin"], &["ΟΔΟΣ"]]);
        for (entry, field) in [(0, "İSTANBUL.com.tr"), (1, "\u{212A}elvin"), (2, "ΟΔΟΣ")] {
            let needle = field.to_lowercase();
            assert!(text.holds(entry, &Needle::new(&needle)), "{field}");
        }
        assert!(text.holds(1, &Needle::new("kelvin")), "the Kelvin sign lowers to k");
        assert!(text.holds(2, &Needle::new("οδος")), "a final sigma lowers as in its field alone");
    }

    #[test]
    fn a_needle_narrows_what_holds_it() {
        assert!(Needle::new("scale-05").narrows(&Needle::new("scale-0")));
        assert!(Needle::new("ab").narrows(&Needle::new(" B ")));
        assert!(!Needle::new("scale-0").narrows(&Needle::new("scale-05")));
    }
}
