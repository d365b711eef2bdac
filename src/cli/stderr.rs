//! What the command line says on standard error: each line led by its word in the run's
//! language (`error:` or `lỗi:`, `warning:` or `cảnh báo:`), as clap's own mistakes are
//! (`parse`).

use crate::api::Language;
use crate::i18n::Text;

/// `error: MESSAGE` in `language`.
pub fn error_line(message: &str, language: Language) -> String {
    format!("{}: {message}", Text::StderrError.get(language))
}

/// Says `message` as an error on standard error.
pub fn error(message: &str, language: Language) {
    eprintln!("{}", error_line(message, language));
}

/// Says `message` as a warning on standard error.
pub fn warning(message: &str, language: Language) {
    eprintln!("{}: {message}", Text::StderrWarning.get(language));
}
