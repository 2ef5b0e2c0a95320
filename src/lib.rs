//! Drydock: a wargame workshop. The library holds everything; `main.rs` only reads the
//! configuration and serves.
//!
//! - [`games`]: the pure rules engines
//! - [`store`]: saved builds in SQLite
//! - [`web`]: the JSON API and the pages

pub mod alloc;
pub mod config;
pub mod games;
pub mod store;
pub mod web;

pub use store::MIGRATOR;

#[cfg(test)]
mod unwrap_audit;
