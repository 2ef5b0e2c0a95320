//! Drydock: a wargame workshop. The library holds everything; `main.rs` only reads the
//! configuration and serves.

pub mod games;
