//! Running Drydock on PostgreSQL as an operator does: outages of the database, TLS, poolers,
//! upgrades. Each test brings its own servers (scripts/test.sh runs this module once, not again
//! in its PostgreSQL pass).

/// Options for an instance in a test about what it does rather than how quickly it gives up on
/// its database: as patient as the tests' own stores (`testing::PATIENT`), since tests share two
/// busy cores with whole builds. The outage tests use the binary's quick defaults.
const PATIENT: &[&str] = &["--db-statement-timeout", "10s", "--db-acquire-timeout", "10s"];

mod balancer;
mod outage;
mod poolers;
mod startup;
mod tls;
mod upgrades;
