//! Battlefleet Gothic (placeholder while the engine is written).
mod data;
pub use data::*;
