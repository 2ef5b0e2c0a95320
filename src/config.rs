//! Configuration: flags, then environment, then defaults that just work.

use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Drydock: a wargame workshop for boats and waterway detachments.
#[derive(Debug, Clone, Parser)]
#[command(version, about)]
pub struct Config {
    /// Address to serve on.
    #[arg(long, env = "DRYDOCK_BIND", default_value = "127.0.0.1:3000")]
    pub bind: SocketAddr,

    /// SQLite database file; created and migrated on start if missing.
    #[arg(long, env = "DRYDOCK_DATABASE", default_value = "drydock.db")]
    pub database: PathBuf,
}
