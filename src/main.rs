//! Serves Drydock: read the configuration, open and migrate the database, serve until Ctrl-C or
//! SIGTERM.

use anyhow::Context;
use clap::Parser;
use drydock::config::Config;
use drydock::web::app;
use drydock::web::serve::{ServeOptions, serve};
use tracing_subscriber::EnvFilter;

/// Rendering pages allocates many small strings; mimalloc serves them faster than the system
/// allocator (measured with scripts/bench.sh).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    let config = Config::parse();

    let db = drydock::store::open(&config.database)
        .await
        .with_context(|| format!("opening the database {}", config.database.display()))?;
    let judged =
        drydock::web::registry::fill_facets(&db).await.context("judging saved builds for the gallery")?;
    if judged > 0 {
        tracing::info!(
            builds = judged,
            "worked out the gallery facets of builds saved before there were any"
        );
    }
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .with_context(|| format!("binding {}", config.bind))?;
    let address = listener.local_addr()?;
    let state = drydock::web::AppState::from_config(db.clone(), &config, address)?;
    tracing::info!(address = %address, database = %config.database.display(), "Drydock is serving");
    serve(listener, app(state), ServeOptions::from_config(&config), shutdown()).await?;
    db.close().await;
    tracing::info!("stopped cleanly");
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
