//! Tests for the Car Wars boat engine: every construction limit and the figures the rules give
//! (`limits/`), property tests over random designs (`properties`), the stat line as players
//! rephrase it (`rephrase`), and the tables against their sources (`sources`).

mod limits;
pub(super) mod properties;
mod rephrase;
mod sources;
