//! Configuration: flags, then environment, then defaults that just work.

use crate::store::Db;
use crate::store::{Location, Open, PgSettings};
use crate::web::http::judging::JudgingRate;
use crate::web::http::origin::PublicOrigin;
use crate::web::http::rate::WriteRate;
use crate::web::http::serve::ServeOptions;
use crate::web::http::state::AppState;
use clap::Parser;
use std::net::IpAddr;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

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

    /// Connections one client address (an IPv6 /64) may hold open at once (0: no share); behind a
    /// trusted proxy, requests in flight per forwarded client.
    #[arg(long, env = "DRYDOCK_CONNECTIONS_PER_CLIENT", default_value_t = ServeOptions::DEFAULT.connections_per_client)]
    pub connections_per_client: usize,

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

    /// Reads that judge a document without saving it (live figures, checks, odds, tank shock)
    /// one client may make per second (0: no limit).
    #[arg(long, env = "DRYDOCK_JUDGING_PER_SECOND", default_value_t = JudgingRate::DEFAULT.per_second)]
    pub judging_per_second: u32,

    /// How many of those a client may make at once before the per-second rate applies.
    #[arg(long, env = "DRYDOCK_JUDGING_BURST", default_value_t = JudgingRate::DEFAULT.burst)]
    pub judging_burst: u32,

    /// The address of a load balancer in front of this instance (repeat for several): for a
    /// connection from it, the client is the last address in its X-Forwarded-For header, so
    /// write limits count players, not the balancer. Connections from anywhere else are counted
    /// by their own address, whatever they send.
    #[arg(long, env = "DRYDOCK_TRUSTED_PROXY", value_delimiter = ',')]
    pub trusted_proxy: Vec<IpAddr>,

    /// MiB the share pages kept in memory may take together (their three encodings counted);
    /// past it the oldest are dropped.
    #[arg(long, env = "DRYDOCK_PAGE_CACHE_MIB", default_value_t = crate::web::http::cache::DEFAULT_MIB)]
    pub page_cache_mib: usize,

    /// Serve counters in Prometheus text format at /metrics on this address (such as
    /// 127.0.0.1:9100), apart from the site; off unless given. Never on the public address.
    #[arg(long, env = "DRYDOCK_METRICS_BIND")]
    pub metrics_bind: Option<SocketAddr>,

    /// How the database is used: its pool, timeouts, pooler, migrations.
    #[command(flatten)]
    pub db: DbArgs,

    /// Serve (the default), or copy builds out of or into the database, or migrate it.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What the configuration means for the web layer, which never reads it itself.
impl Config {
    /// The limits the binary serves with (seconds on the command line).
    pub fn serve_options(&self) -> ServeOptions {
        ServeOptions {
            header_timeout: Duration::from_secs(self.header_timeout),
            idle_timeout: Duration::from_secs(self.idle_timeout),
            max_connections: self.max_connections,
            connections_per_client: self.connections_per_client,
            trusted_proxies: self.trusted_proxy.clone(),
        }
    }

    /// The state the binary serves with: its public address and limits from the configuration.
    pub fn app_state(&self, db: Db, served_on: SocketAddr) -> anyhow::Result<AppState> {
        let public = match &self.public_url {
            Some(url) => PublicOrigin::parse(url)?,
            None => PublicOrigin::served_on(served_on),
        };
        Ok(AppState {
            db,
            pages: std::sync::Arc::new(crate::web::http::cache::PageCache::new(
                self.page_cache_mib.saturating_mul(1 << 20),
            )),
            public: std::sync::Arc::new(public),
            writes: WriteRate { per_minute: self.writes_per_minute, burst: self.write_burst },
            judging: JudgingRate { per_second: self.judging_per_second, burst: self.judging_burst },
            proxies: self.trusted_proxy.clone().into(),
            judges: None,
        })
    }
}

/// The database's options. All but `--no-migrate` concern PostgreSQL only.
#[derive(Debug, Clone, clap::Args)]
pub struct DbArgs {
    /// PostgreSQL: connections this instance keeps at most (N instances need N times this, plus
    /// one each for the health probe, within the server's max_connections).
    #[arg(long, env = "DRYDOCK_DB_MAX_CONNECTIONS", global = true, default_value_t = PgSettings::DEFAULT.max_connections)]
    pub db_max_connections: u32,

    /// PostgreSQL: how long a request waits for a database connection, connecting included,
    /// before it is answered 503 ("1s", "500ms").
    #[arg(long, env = "DRYDOCK_DB_ACQUIRE_TIMEOUT", global = true, default_value = "1s", value_parser = duration)]
    pub db_acquire_timeout: Duration,

    /// PostgreSQL: the longest a request waits on the database, its statements and waits for
    /// connections together, and the longest one statement runs (statement_timeout); past it
    /// the request is answered 503 ("0" for no limit).
    #[arg(long, env = "DRYDOCK_DB_STATEMENT_TIMEOUT", global = true, default_value = "1500ms", value_parser = duration)]
    pub db_statement_timeout: Duration,

    /// PostgreSQL: --database is a pooler that lends a server connection per transaction
    /// (PgBouncer's pool_mode = transaction): every statement then runs in a transaction of its
    /// own, prepared unnamed, with its settings. Needs --no-migrate (run `drydock migrate` on a
    /// direct connection). A session pooler needs nothing.
    #[arg(long, env = "DRYDOCK_DB_TRANSACTION_POOLING", global = true)]
    pub db_transaction_pooling: bool,

    /// Do not migrate the database at start: serve only once `drydock migrate` has applied this
    /// release's migrations (until then a PostgreSQL instance answers 503 and is not ready).
    #[arg(long, env = "DRYDOCK_NO_MIGRATE", global = true)]
    pub no_migrate: bool,
}

impl DbArgs {
    /// How to open the store.
    pub fn open(&self) -> Open {
        Open {
            migrate: !self.no_migrate,
            pg: PgSettings {
                max_connections: self.db_max_connections,
                acquire_timeout: self.db_acquire_timeout,
                statement_timeout: self.db_statement_timeout,
                transaction_pooling: self.db_transaction_pooling,
            },
        }
    }
}

/// A duration as the options take it: a number of seconds ("5", "1.5s") or milliseconds
/// ("500ms"), at most a day.
pub fn duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (number, scale) = match (t.strip_suffix("ms"), t.strip_suffix('s')) {
        (Some(ms), _) => (ms, 0.001),
        (None, Some(secs)) => (secs, 1.0),
        (None, None) => (t, 1.0),
    };
    let seconds = number
        .trim()
        .parse::<f64>()
        .ok()
        .map(|n| n * scale)
        .filter(|n| n.is_finite() && (0.0..=86_400.0).contains(n))
        .ok_or_else(|| format!("\"{s}\" is not a duration such as 5s, 1.5s or 500ms (at most a day)"))?;
    Ok(Duration::from_secs_f64(seconds))
}

/// What the binary does besides serving.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Applies this release's migrations to --database and exits: run it before starting
    /// instances with --no-migrate.
    Migrate,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_read_in_seconds_or_milliseconds() {
        assert_eq!(duration("5"), Ok(Duration::from_secs(5)));
        assert_eq!(duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(duration("0"), Ok(Duration::ZERO));
        for bad in ["", "-1s", "soon", "1h", "NaNs", "1e9"] {
            assert!(duration(bad).is_err(), "{bad}");
        }
    }
}
