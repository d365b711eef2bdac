//! How far a command over several profiles has come, said on standard error while a person
//! watches (stderr a terminal) and never into a pipe: `reading profiles 1/2 · reseller`
//! before each profile read in turn, `profiles read 2/2 · client` as each read at once
//! answers. The words are the dashboard's (`i18n`).

use std::cell::Cell;
use std::io::IsTerminal;

use crate::api::Language;
use crate::i18n::Text;

/// The progress of reading `total` profiles.
pub struct Progress {
    total: usize,
    answered: Cell<usize>,
    /// Said at all: stderr is a terminal and it was asked for.
    said: bool,
}

impl Progress {
    /// `wanted`: the command reads several profiles (a single one says nothing).
    pub fn new(total: usize, wanted: bool) -> Progress {
        Progress { total, answered: Cell::new(0), said: wanted && total > 1 && std::io::stderr().is_terminal() }
    }

    /// Profile `at` (from 0), named `name`, is read now.
    pub fn reading(&self, at: usize, name: &str, language: Language) {
        if self.said {
            let fill: [(&str, &dyn std::fmt::Display); 3] = [("read", &at), ("total", &self.total), ("name", &name)];
            eprintln!("{}", Text::ReadingProfiles.fill(language, &fill));
        }
    }

    /// The profile named `name` answered.
    pub fn answered(&self, name: &str, language: Language) {
        self.answered.set(self.answered.get() + 1);
        if self.said {
            let read = self.answered.get();
            let fill: [(&str, &dyn std::fmt::Display); 3] = [("read", &read), ("total", &self.total), ("name", &name)];
            eprintln!("{}", Text::ProfilesRead.fill(language, &fill));
        }
    }
}
