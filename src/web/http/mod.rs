//! The HTTP plumbing every page and API answer passes through, knowing nothing of games or of
//! saved builds: our accept loop and each client's share of it, the public origin, rate limits,
//! kept share pages, errors, strict JSON, posted form fields and the form codec, and the
//! operator's health and metrics. Nothing here imports a flow, a game or the registry.

pub mod cache;
pub mod clients;
pub mod codec;
pub mod deadline;
pub mod error;
pub mod escape;
pub mod extract;
pub mod fields;
pub mod gate;
pub mod headers;
pub mod health;
pub mod json;
pub mod judging;
pub mod kinds;
pub mod limit;
pub mod metrics;
pub mod origin;
pub mod panics;
pub mod query;
pub mod rate;
pub mod serve;
pub mod sixteen;
pub mod state;

/// The cores this machine gives the server (2 when it cannot tell): how much work for the
/// processor alone is worth running at once (the judging pool, the share pages drawn at once).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
}
