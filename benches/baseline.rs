//! The floor scripts/bench.sh measures Drydock against: plain `axum::serve` answering the very
//! bytes Drydock answered, with none of its layers, routing, database, cache or rendering.
//!
//! `GET /share` answers the share page's bytes; `POST /live/NAME` reads the posted form into
//! memory (as Drydock must before it can parse it) and answers the live figures' bytes Drydock
//! answered for the form NAME (one route per form, each game's representative forms). What
//! Drydock costs beyond this is what its own code and layers cost.
//!
//!   cargo bench --bench baseline -- PORT SHARE_FILE NAME=LIVE_FILE...
//!
//! Served like Drydock's binary, so the comparison is of the work per request alone: the same
//! allocator (mimalloc, as `drydock::alloc` asks it), the same multi-threaded runtime,
//! TCP_NODELAY on every connection.

use anyhow::{Context, bail};
use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use std::net::{Ipv4Addr, SocketAddr};

#[global_allocator]
static ALLOCATOR: drydock::alloc::Allocator = drydock::alloc::Allocator;

fn html(body: Bytes) -> Response {
    let mut r = body.into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    r
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // `cargo bench` passes `--bench` to harness-less benches; only our three arguments count.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let [port, share, lives @ ..] = args.as_slice() else {
        bail!("usage: baseline PORT SHARE_FILE NAME=LIVE_FILE... (serves on 127.0.0.1:PORT)");
    };
    let port: u16 = port.parse().with_context(|| format!("port {port:?}"))?;
    // The bytes to answer, read once at start.
    let read = |file: &str| -> anyhow::Result<Bytes> {
        Ok(std::fs::read(file).with_context(|| format!("reading {file}"))?.into())
    };
    let share = read(share)?;
    let mut app = Router::new().route("/share", get(move || async move { html(share) }));
    for live in lives {
        let Some((name, file)) = live.split_once('=') else { bail!("{live:?} is not NAME=LIVE_FILE") };
        let answer = read(file)?;
        // The whole urlencoded body is read into memory before answering, as Drydock's form
        // extractor does; its length is kept so the read cannot be optimised away.
        app = app.route(
            &format!("/live/{name}"),
            post(move |form: Bytes| async move {
                std::hint::black_box(form.len());
                html(answer)
            }),
        );
    }

    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("binding {addr}"))?;
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            eprintln!("could not set TCP_NODELAY: {e}");
        }
    });
    eprintln!("bare axum serving on http://{addr}");
    axum::serve(listener, app).await?;
    Ok(())
}
