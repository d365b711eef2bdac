//! A name the portal gives (an attachment's file name, a certificate's domain, an id) made
//! into one file name to save under, in the folder the user chose and nowhere else: one
//! path segment, never empty, `.` or `..`, never hidden, with no separator nor control
//! character, and not a name Windows keeps for a device. Every save of a name that came
//! from the portal takes its name from here.

/// The longest name kept, in characters (file systems allow 255 bytes; Vietnamese letters
/// take two or three).
const LONGEST: usize = 80;

/// `name` as one safe file name; `fallback` (made safe the same way) when nothing of
/// `name` is left, and `file` when nothing of either is. A name with folders in it keeps
/// only its last part (`C:\Users\an\report.pdf` is `report.pdf`).
pub fn from_portal(name: &str, fallback: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    segment(last).or_else(|| segment(fallback)).unwrap_or_else(|| "file".to_owned())
}

/// The file a certificate of `domain` is saved as, by the dashboard and by `certificate ID
/// --crt -o FOLDER` alike: the domain made one safe name, a wildcard kept apart from its
/// apex (`*.example.vn` is `_.example.vn.crt`, `example.vn` is `example.vn.crt`), and
/// `certificate-ID` when the portal gives no domain.
pub fn certificate(domain: &str, id: &str, extension: &str) -> String {
    format!("{}.{extension}", from_portal(domain.trim(), &format!("certificate-{id}")))
}

/// Letters, digits, `.`, `-` and `_` kept, any other character `_`; no leading dot (a
/// hidden file, `.`, `..`) nor trailing one (Windows drops it); `None` when no letter or
/// digit is left (`..`, `___`).
fn segment(text: &str) -> Option<String> {
    let mapped: String = text
        .trim()
        .chars()
        .map(|c| if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .collect();
    let trimmed = mapped.trim_start_matches('.').trim_end_matches('.');
    if !trimmed.chars().any(char::is_alphanumeric) {
        return None;
    }
    let kept = shortened(trimmed);
    Some(if reserved_on_windows(&kept) { format!("_{kept}") } else { kept })
}

/// At most [`LONGEST`] characters, the extension kept when it is short.
fn shortened(name: &str) -> String {
    if name.chars().count() <= LONGEST {
        return name.to_owned();
    }
    let extension = name.rsplit_once('.').map(|(_, e)| e).filter(|e| !e.is_empty() && e.chars().count() <= 10);
    match extension {
        Some(ext) => {
            let stem: String = name.chars().take(LONGEST - ext.chars().count() - 1).collect();
            format!("{}.{ext}", stem.trim_end_matches('.'))
        }
        None => name.chars().take(LONGEST).collect(),
    }
}

/// `CON`, `nul.txt`, `COM1.log`…: names Windows gives to devices, whatever the extension.
fn reserved_on_windows(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or_default().to_ascii_uppercase();
    matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || ((stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.len() == 4
            && stem.as_bytes()[3].is_ascii_digit()
            && stem.as_bytes()[3] != b'0')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_become_one_segment_in_the_folder() {
        let named = |name: &str| from_portal(name, "attachment-7");
        assert_eq!(named("log-502.png"), "log-502.png");
        assert_eq!(named("Hóa đơn tháng 3.pdf"), "Hóa_đơn_tháng_3.pdf", "letters of any language stay");
        assert_eq!(named("x/../../evil"), "evil");
        assert_eq!(named("C:\\Users\\an\\report.pdf"), "report.pdf");
        for nothing in ["", " ", ".", "..", "...", "a/..", "../", "/", "\\", "___"] {
            assert_eq!(named(nothing), "attachment-7", "{nothing:?}");
        }
        assert_eq!(named("a\0b"), "a_b");
        assert_eq!(named("\u{1b}]0;PWNED\u{7}.txt"), "__0_PWNED_.txt", "no escape nor control character");
        assert_eq!(named("\u{202e}gpj.exe"), "_gpj.exe", "no bidi override");
        assert_eq!(named(".bashrc"), "bashrc", "never hidden");
        assert_eq!(named(" report.. "), "report", "no trailing dot (Windows drops it)");
        assert_eq!(named("CON"), "_CON");
        assert_eq!(named("nul.txt"), "_nul.txt");
        assert_eq!(named("com1.log"), "_com1.log");
        assert_eq!(named("console.log"), "console.log");
        assert_eq!(named("COM0"), "COM0");
        let long = format!("{}.pdf", "a".repeat(300));
        assert_eq!(named(&long).chars().count(), LONGEST);
        assert!(named(&long).ends_with("a.pdf"));
    }

    #[test]
    fn a_fallback_from_the_portal_is_made_safe_too() {
        // An attachment with no usable name and a hostile id.
        let name = from_portal("..", "attachment-x/../../../../../evil");
        assert_eq!(name, "attachment-x_.._.._.._.._.._evil");
        assert!(!name.contains(['/', '\\']));
        assert_eq!(from_portal("", "attachment-"), "attachment-");
        assert_eq!(from_portal("..", ".."), "file", "never empty");
        assert_eq!(from_portal("", "*.example.vn"), "_.example.vn");
    }

    #[test]
    fn a_wildcard_certificate_is_never_saved_as_its_apex() {
        assert_eq!(certificate("*.dulich-hue.com.vn", "7", "crt"), "_.dulich-hue.com.vn.crt");
        assert_eq!(certificate(" dulich-hue.com.vn ", "7", "crt"), "dulich-hue.com.vn.crt");
        assert_eq!(certificate("", "7", "csr"), "certificate-7.csr");
    }
}
