//! What a domain name or an id typed by a person must be, for both faces: the dashboard's
//! prompts and the commands' arguments read them by these rules, and `i18n::names` says
//! what is wrong with one in the reader's language.

/// Why a typed domain name is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    /// Over 253 characters.
    TooLong,
    /// A character no domain name holds: anything but letters (of any script: a name may
    /// be internationalised), digits, `-` and the dots between its labels.
    BadChar(char),
    /// Two dots together, or one at the start: a label with nothing in it.
    EmptyLabel,
    /// A label (the part between two dots) over 63 characters.
    LabelTooLong,
}

/// A domain name as typed: trimmed, lower-cased, no scheme or trailing dot.
pub fn domain_name(text: &str) -> Result<String, NameProblem> {
    let name = text.trim().trim_end_matches('.').to_lowercase();
    let name = name.strip_prefix("https://").or_else(|| name.strip_prefix("http://")).unwrap_or(&name).to_owned();
    if name.is_empty() || name == "." || name == ".." {
        return Err(NameProblem::Empty);
    }
    if name.chars().count() > 253 {
        return Err(NameProblem::TooLong);
    }
    if let Some(bad) = name.chars().find(|c| !(c.is_alphanumeric() || matches!(c, '-' | '.'))) {
        return Err(NameProblem::BadChar(bad));
    }
    if name.split('.').any(str::is_empty) {
        return Err(NameProblem::EmptyLabel);
    }
    if name.split('.').any(|label| label.chars().count() > 63) {
        return Err(NameProblem::LabelTooLong);
    }
    Ok(name)
}

/// Why a typed id is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdProblem {
    Empty,
    /// Digits, but more than a `u64` holds.
    TooLarge,
    NotANumber,
}

/// A numeric id as typed, with or without a leading `#`. The text as trimmed comes back
/// with a problem, for saying it.
pub fn numeric_id(text: &str) -> Result<u64, (IdProblem, &str)> {
    let text = text.trim().trim_start_matches('#');
    if text.is_empty() {
        return Err((IdProblem::Empty, text));
    }
    text.parse().map_err(|_| {
        let digits = text.chars().all(|c| c.is_ascii_digit());
        (if digits { IdProblem::TooLarge } else { IdProblem::NotANumber }, text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domain_names_are_normalised_or_refused_with_a_reason() {
        assert_eq!(domain_name("  Example.VN. ").unwrap(), "example.vn");
        assert_eq!(domain_name("https://example.vn").unwrap(), "example.vn");
        assert_eq!(domain_name("http://Example.vn/"), Err(NameProblem::BadChar('/')));
        assert_eq!(domain_name(""), Err(NameProblem::Empty));
        assert_eq!(domain_name(" . "), Err(NameProblem::Empty));
        assert_eq!(domain_name("a b.vn"), Err(NameProblem::BadChar(' ')));
        assert_eq!(domain_name(&"a".repeat(300)), Err(NameProblem::TooLong));
        assert_eq!(domain_name("bad_name!.vn"), Err(NameProblem::BadChar('_')));
        assert_eq!(domain_name("example..vn"), Err(NameProblem::EmptyLabel));
        assert_eq!(domain_name(".vn"), Err(NameProblem::EmptyLabel));
        assert_eq!(domain_name(&format!("{}.vn", "a".repeat(64))), Err(NameProblem::LabelTooLong));
        // Internationalised names, as typed or in their ASCII form.
        assert_eq!(domain_name("Cà-Phê.VN").unwrap(), "cà-phê.vn");
        assert_eq!(domain_name("xn--c-ph-6qa5a.vn").unwrap(), "xn--c-ph-6qa5a.vn");
        let longest = format!("{0}.{0}.{0}.{1}", "a".repeat(63), "a".repeat(61));
        assert_eq!(domain_name(&longest).map(|n| n.len()), Ok(253));
        assert_eq!(domain_name("tên-miền.vn").unwrap(), "tên-miền.vn");
    }

    #[test]
    fn ids_must_be_numbers() {
        assert_eq!(numeric_id(" 3301 "), Ok(3301));
        assert_eq!(numeric_id("#2207"), Ok(2207));
        assert_eq!(numeric_id("  "), Err((IdProblem::Empty, "")));
        assert_eq!(numeric_id("12a"), Err((IdProblem::NotANumber, "12a")));
        assert_eq!(numeric_id("99999999999999999999999"), Err((IdProblem::TooLarge, "99999999999999999999999")));
    }
}
