//! Signing in and staying signed in: the credentials and the token (`auth`), login,
//! refresh and renewal (`sign_in`), and the remembered session kept between runs (`store`).

pub(crate) mod auth;
pub(crate) mod sign_in;
pub mod store;
