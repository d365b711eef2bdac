//! Keys: the actions (declared once), the keys themselves, and the keymap binding one to
//! the other per screen. The help popup, the key hints and every key named on screen are
//! generated from the active keymap, so they cannot disagree with what the keys do.

mod action;
mod key;
mod keymap;

pub use action::Action;
pub use key::Key;
pub use keymap::{Binding, Keymap};

/// Where a binding applies. `Global` bindings work on every screen after login unless the
/// screen binds the same key itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Context {
    Global,
    Account,
    Domains,
    Services,
    Invoices,
    Certificates,
    Upgrades,
    Radar,
    Log,
    /// A confirmation dialog.
    Dialog,
}

impl Context {
    pub const ALL: [Context; 10] = [
        Context::Global,
        Context::Account,
        Context::Domains,
        Context::Services,
        Context::Invoices,
        Context::Certificates,
        Context::Upgrades,
        Context::Radar,
        Context::Log,
        Context::Dialog,
    ];

    /// The name in the `[keys]` table of the config file.
    pub fn name(self) -> &'static str {
        match self {
            Context::Global => "global",
            Context::Account => "account",
            Context::Domains => "domains",
            Context::Services => "services",
            Context::Invoices => "invoices",
            Context::Certificates => "certificates",
            Context::Upgrades => "upgrades",
            Context::Radar => "radar",
            Context::Log => "log",
            Context::Dialog => "dialog",
        }
    }
}
