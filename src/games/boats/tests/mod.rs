//! Tests for the Car Wars boat engine: every construction limit and the figures the rules give
//! (`limits/`), property tests over random designs (`properties`), the stat line as players
//! rephrase it (`rephrase`), the tables against their sources (`sources`), and a part's path
//! read back from what it prints (`part_paths`).

mod limits;
mod part_paths;
pub(crate) mod properties;
mod rephrase;
mod sources;
