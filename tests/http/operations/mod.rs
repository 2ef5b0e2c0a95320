//! Running Drydock on PostgreSQL as an operator does: outages of the database, TLS, poolers,
//! upgrades. Each test brings its own servers (scripts/test.sh runs this module once, not again
//! in its PostgreSQL pass).

use crate::process::PATIENT_DB as PATIENT;

mod balancer;
mod outage;
mod poolers;
mod startup;
mod tls;
mod upgrades;
