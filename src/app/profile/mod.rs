//! A profile and its behaviour: its state (`profiles.rs`: `Profile`, `Profiles`), and each
//! of what it does as a method of it handed the `Shell`, the profile it acts on named in
//! the call: signing in (`signin.rs`), carrying out what its screens ask (`drive.rs`), the
//! answers of the worker (`answers.rs`), the dashboard's side of the change protocol
//! (`changes.rs`), the clock (`clock.rs`), local work done (`local.rs`), the mouse
//! (`mouse.rs`), pasted text (`paste.rs`) and the prompt's keys (`prompt_keys.rs`).

mod answers;
mod changes;
mod clock;
mod drive;
mod local;
mod mouse;
mod paste;
mod profiles;
mod prompt_keys;
mod signin;

pub use clock::INFO_FADES;
pub(in crate::app) use profiles::{Acting, Return};
pub use profiles::{Profile, ProfileId, ProfileRow, Profiles, Standing};
pub(in crate::app) use signin::LoginKey;
