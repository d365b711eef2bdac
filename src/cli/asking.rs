//! Asking on the terminal before a change is sent: a yes, or a word typed exactly; and the
//! options every change takes to answer beforehand (`--yes`) or send nothing (`--dry-run`).

use std::io::{BufRead, IsTerminal, Write};

use clap::Args;

use crate::api::{ApiError, Language, Operation};
use crate::i18n::Text;

/// How a change is confirmed. Without `--yes` it is asked on the terminal; without a
/// terminal it is refused (exit 2).
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct ConfirmArgs {
    /// Make the change without asking.
    #[arg(long)]
    pub yes: bool,
    /// Print the request it would send, and send nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// A command's mistake, said before anything is sent (exit 2).
pub(super) fn usage(op: Operation, detail: impl Into<String>) -> ApiError {
    ApiError::InvalidInput { op, detail: detail.into() }
}

/// Asks `question` after `heading` on the terminal, and refuses unless the answer is yes;
/// refuses without asking when there is no terminal to ask on.
pub(super) fn ask_yes(op: Operation, heading: &str, question: &str, language: Language) -> Result<(), ApiError> {
    if !std::io::stdin().is_terminal() || !std::io::stderr().is_terminal() {
        return Err(usage(op, Text::CliNeedYes.get(language)));
    }
    eprint!("{heading}\n{question}");
    let _ = std::io::stderr().flush();
    let mut line = String::new();
    let _ = std::io::stdin().lock().read_line(&mut line);
    match crate::i18n::is_yes(&line) {
        true => Ok(()),
        false => Err(usage(op, Text::CliNotConfirmed.get(language))),
    }
}

/// Asks for `word` to be typed on standard input (a terminal or not: a word cannot come
/// from `yes`), and refuses unless what was typed is exactly it, surrounding spaces aside.
pub(super) fn ask_typed(op: Operation, heading: &str, word: &str, language: Language) -> Result<(), ApiError> {
    eprint!("{heading}\n{}", Text::CliTypeToConfirm.fill(language, &[("word", &word)]));
    let _ = std::io::stderr().flush();
    let mut line = String::new();
    let _ = std::io::stdin().lock().read_line(&mut line);
    // An empty word would be confirmed by an empty line or the end of the input.
    if !word.trim().is_empty() && line.trim() == word.trim() {
        return Ok(());
    }
    Err(usage(op, Text::CliTypedMismatch.fill(language, &[("word", &word)])))
}
