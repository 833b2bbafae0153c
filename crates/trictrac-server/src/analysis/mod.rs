//! The analysis away from a room, for every game: the HTTP API
//! ([`web`]) and the reviews kept ([`cache`]). Each game's own analysis
//! is in its adapter (`crate::games`).

pub mod cache;
pub mod web;
