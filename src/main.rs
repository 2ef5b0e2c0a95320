//! Serves Drydock: read the configuration, open and migrate the database, serve until Ctrl-C or
//! SIGTERM. Or copies builds out of a database or into one (`drydock export`, `drydock import`),
//! or migrates it (`drydock migrate`).

use anyhow::Context;
use clap::Parser;
use drydock::config::{Command, Config};
use drydock::web::http::serve::serve;
use drydock::web::service;
use tracing_subscriber::EnvFilter;

/// mimalloc (see `drydock::alloc`).
#[global_allocator]
static ALLOCATOR: drydock::alloc::Allocator = drydock::alloc::Allocator;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    let config = Config::parse();
    // The shared rooms of the web layer learn the games before anything is judged (importing
    // and filling the gallery's facets run before the app is assembled).
    drydock::web::install_games();
    let open = config.db.open();

    let where_ = config.database.describe();
    if let (Some(Command::Export { .. }), drydock::store::Location::Sqlite(path)) =
        (&config.command, &config.database)
    {
        // Opening creates a missing file: a mistyped path would export nothing, silently.
        anyhow::ensure!(path.is_file(), "no database at {where_}");
    }
    if let Some(command) = &config.command {
        if let Command::Migrate = command {
            return migrate(&config.database, &open).await;
        }
        let db = drydock::store::open_with(&config.database, &open)
            .await
            .with_context(|| format!("opening the database {where_}"))?;
        return match command {
            Command::Export { to } => export(&db, to.as_deref()).await,
            Command::Import { from } => import(&db, from.as_deref()).await,
            Command::Migrate => Ok(()),
        };
    }
    anyhow::ensure!(
        !(open.pg.transaction_pooling && open.migrate),
        "--db-transaction-pooling needs --no-migrate: migrations hold a session's lock, which a transaction \
         pooler cannot keep. Run `drydock migrate` on a direct connection to the database first"
    );
    // A PostgreSQL store connects and migrates in the background, for as long as its database
    // is away; meanwhile the server answers, and says it is not ready.
    let db = drydock::store::serve_at(&config.database, &open)
        .await
        .with_context(|| format!("opening the database {where_}"))?;
    if db.state() == drydock::store::State::Up {
        let judged = fill_facets(&db).await.context("judging saved builds for the gallery")?;
        log_judged(judged);
    } else {
        let db = db.clone();
        tokio::spawn(async move {
            db.up().await;
            match fill_facets(&db).await {
                Ok(judged) => log_judged(judged),
                Err(e) => tracing::warn!(error = %e, "could not judge saved builds for the gallery"),
            }
        });
    }
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .with_context(|| format!("binding {}", config.bind))?;
    let address = listener.local_addr()?;
    let state = config.app_state(db.clone(), address)?;
    if let Some(bind) = config.metrics_bind {
        let metrics = tokio::net::TcpListener::bind(bind)
            .await
            .with_context(|| format!("binding the metrics address {bind}"))?;
        let handle = drydock::web::http::metrics::install().context("installing the metrics recorder")?;
        tracing::info!(metrics = %metrics.local_addr()?, "serving metrics at /metrics");
        let (pages, db) = (state.pages.clone(), db.clone());
        tokio::spawn(async move {
            if let Err(e) =
                drydock::web::http::metrics::serve(metrics, handle, move || (pages.len(), pages.bytes()), db)
                    .await
            {
                tracing::error!(error = %e, "the metrics address stopped serving");
            }
        });
    }
    tokio::spawn(drydock::web::http::cache::sweep_every(state.pages.clone()));
    tracing::info!(address = %address, database = %where_, store = db.backend(), "Drydock is serving");
    serve(listener, service(state), config.serve_options(), shutdown()).await?;
    db.close().await;
    tracing::info!("stopped cleanly");
    Ok(())
}

/// Works out the gallery facets of builds saved before there were any (a few hundred at a time).
async fn fill_facets(db: &drydock::store::Db) -> Result<u64, sqlx::Error> {
    drydock::web::registry::fill_facets(db).await
}

fn log_judged(judged: u64) {
    if judged > 0 {
        tracing::info!(
            builds = judged,
            "worked out the gallery facets of builds saved before there were any"
        );
    }
}

/// `drydock migrate`: the migrations the database lacks, applied; says which.
async fn migrate(at: &drydock::store::Location, open: &drydock::store::Open) -> anyhow::Result<()> {
    let applied = drydock::store::migrate_at(at, open)
        .await
        .with_context(|| format!("migrating the database {}", at.describe()))?;
    match applied.as_slice() {
        [] => eprintln!("the database {} has every migration of this release already", at.describe()),
        versions => eprintln!(
            "applied {} migration(s) to {}: {}",
            versions.len(),
            at.describe(),
            versions.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
    Ok(())
}

/// `drydock export`: every row, to a file or standard output.
async fn export(db: &drydock::store::Db, to: Option<&std::path::Path>) -> anyhow::Result<()> {
    let out: Box<dyn std::io::Write + Send> = match to {
        Some(path) => {
            Box::new(std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?)
        }
        None => Box::new(std::io::stdout()),
    };
    let mut out = std::io::BufWriter::new(out);
    let counts = drydock::store::transfer::export(db, &mut out).await?;
    std::io::Write::flush(&mut out).context("writing the export")?;
    db.close().await;
    eprintln!("exported {} builds and {} battles", counts.builds, counts.battles);
    Ok(())
}

/// `drydock import`: an export's rows, from a file or standard input, all or none.
async fn import(db: &drydock::store::Db, from: Option<&std::path::Path>) -> anyhow::Result<()> {
    let input: Box<dyn std::io::Read + Send> = match from {
        Some(path) => {
            Box::new(std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?)
        }
        None => Box::new(std::io::stdin()),
    };
    let rows = drydock::web::registry::Checks;
    let counts = drydock::store::transfer::import(db, std::io::BufReader::new(input), &rows).await?;
    db.close().await;
    eprintln!("imported {} builds and {} battles", counts.builds, counts.battles);
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
    tracing::info!("shutting down");
}
