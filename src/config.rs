//! Configuration: flags, then environment, then defaults that just work.

use crate::store::Location;
use crate::web::WriteRate;
use crate::web::serve::ServeOptions;
use clap::Parser;
use std::net::IpAddr;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Drydock: a wargame workshop for boats and waterway detachments.
#[derive(Debug, Clone, Parser)]
#[command(version, about)]
pub struct Config {
    /// Address to serve on.
    #[arg(long, env = "DRYDOCK_BIND", default_value = "127.0.0.1:3000")]
    pub bind: SocketAddr,

    /// Where builds are kept: a SQLite file (created and migrated on start if missing), or a
    /// PostgreSQL URL (postgres://user:password@host/database) that several instances share.
    #[arg(
        long,
        env = "DRYDOCK_DATABASE",
        default_value = "drydock.db",
        global = true,
        hide_env_values = true
    )]
    pub database: Location,

    /// The address players reach Drydock at ("https://drydock.example.org"): share and edit
    /// links are written with it and cross-site posts are checked against it. Default: the
    /// address served on (http://127.0.0.1:3000; "localhost" is accepted for it too).
    #[arg(long, env = "DRYDOCK_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Open connections at most; beyond it new connections are answered 503 and closed.
    #[arg(long, env = "DRYDOCK_MAX_CONNECTIONS", default_value_t = ServeOptions::DEFAULT.max_connections)]
    pub max_connections: usize,

    /// Seconds a client has to send a request's headers before the connection is dropped.
    #[arg(long, env = "DRYDOCK_HEADER_TIMEOUT", default_value_t = ServeOptions::DEFAULT.header_timeout.as_secs())]
    pub header_timeout: u64,

    /// Seconds an idle keep-alive connection is kept open.
    #[arg(long, env = "DRYDOCK_IDLE_TIMEOUT", default_value_t = ServeOptions::DEFAULT.idle_timeout.as_secs())]
    pub idle_timeout: u64,

    /// Saves, imports and edit-token attempts one client may make per minute (0: no limit).
    #[arg(long, env = "DRYDOCK_WRITES_PER_MINUTE", default_value_t = WriteRate::DEFAULT.per_minute)]
    pub writes_per_minute: u32,

    /// How many of those a client may make at once before the per-minute rate applies.
    #[arg(long, env = "DRYDOCK_WRITE_BURST", default_value_t = WriteRate::DEFAULT.burst)]
    pub write_burst: u32,

    /// The address of a load balancer in front of this instance (repeat for several): for a
    /// connection from it, the client is the last address in its X-Forwarded-For header, so
    /// write limits count players, not the balancer. Connections from anywhere else are counted
    /// by their own address, whatever they send.
    #[arg(long, env = "DRYDOCK_TRUSTED_PROXY", value_delimiter = ',')]
    pub trusted_proxy: Vec<IpAddr>,

    /// Serve (the default), or copy builds out of or into the database.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What the binary does besides serving.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Writes every build and battle in --database, deleted ones included, as JSON lines.
    Export {
        /// The file to write (default: standard output).
        #[arg(long)]
        to: Option<PathBuf>,
    },
    /// Adds the builds and battles of an export to --database, all or none, a line at a time:
    /// nothing is imported if any of its builds is there already, or any row is one no save
    /// could have written (the error names its line).
    Import {
        /// The export to read (default: standard input).
        #[arg(long)]
        from: Option<PathBuf>,
    },
}
