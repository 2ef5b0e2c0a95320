//! TLS to the database: `sslmode=require` and `verify-full` in the URL, against the test server's
//! own certificate (scripts/pg.sh makes a CA and a certificate for localhost and 127.0.0.1, and
//! lets the role drydock_tls connect over TLS only).

use crate::process::start_with;
use drydock::store::testing;
use drydock::store::{Db, Location};

/// The test server's URL for the TLS-only role, with `query` added; `None` without a server.
fn tls_url(host: &str, query: &str) -> Option<String> {
    let url = testing::postgres_url()?;
    let port = url.rsplit(':').next()?.split('/').next()?.to_owned();
    Some(format!("postgres://drydock_tls@{host}:{port}/postgres?{query}"))
}

/// The CA that signed the test server's certificate.
fn ca() -> String {
    std::env::var("DRYDOCK_TEST_PG_TLS_CA").expect("scripts/pg.sh sets DRYDOCK_TEST_PG_TLS_CA")
}

/// A schema of its own for the URL, so the test's tables are apart.
async fn own_schema(url: &str) -> String {
    testing::with_option(url, "search_path", &testing::new_schema().await.expect("a schema"))
}

/// Whether the store's own connections are encrypted, as the server sees them.
async fn encrypted(db: &Db) -> bool {
    testing::flag(db, "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", &[]).await.unwrap_or(false)
}

#[tokio::test]
async fn require_and_verify_full_connect_over_tls_and_serve() {
    let Some(require) = tls_url("127.0.0.1", "sslmode=require") else { return };
    let ca = ca();
    let verify_ip = tls_url("127.0.0.1", &format!("sslmode=verify-full&sslrootcert={ca}")).expect("url");
    let verify_name = tls_url("localhost", &format!("sslmode=verify-full&sslrootcert={ca}")).expect("url");
    for url in [require, verify_ip, verify_name] {
        let url = own_schema(&url).await;
        let db = drydock::store::open_at(&Location::Postgres(url.clone()))
            .await
            .unwrap_or_else(|e| panic!("{url}: {e}"));
        assert!(encrypted(&db).await, "{url}");
        let game = drydock::web::registry::games().next().expect("a game");
        assert!(drydock::store::builds::get(&db, "aaaaaaaaaaaaaaaa").await.expect("a read").is_none());
        db.close().await;
        // The server itself, on that URL: migrates, serves, saves.
        let server =
            tokio::task::spawn_blocking(move || start_with(url, super::PATIENT)).await.expect("start");
        let res = reqwest::Client::new()
            .post(format!("http://{}/api{}", server.addr, game.path))
            .header("content-type", "application/json")
            .body(game.example)
            .send()
            .await
            .expect("save");
        assert_eq!(res.status(), 201);
    }
}

#[tokio::test]
async fn a_certificate_from_another_authority_or_no_tls_is_refused() {
    let Some(plain) = tls_url("127.0.0.1", "sslmode=disable") else { return };
    // The role may not connect in the clear: the TLS above was real.
    let refused = drydock::store::open_at(&Location::Postgres(plain)).await;
    assert!(refused.is_err(), "drydock_tls connected without TLS");

    // verify-full with a CA that did not sign the server's certificate.
    let dir = tempfile::tempdir().expect("dir");
    let other = dir.path().join("other-ca.crt");
    let key = dir.path().join("other-ca.key");
    let made = std::process::Command::new("openssl")
        .args(["req", "-x509", "-new", "-nodes", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"])
        .args(["-days", "1", "-subj", "/CN=Someone else", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&other)
        .output()
        .expect("openssl");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let wrong =
        tls_url("127.0.0.1", &format!("sslmode=verify-full&sslrootcert={}", other.display())).expect("url");
    let e = drydock::store::open_at(&Location::Postgres(wrong)).await.expect_err("an unknown authority");
    assert!(e.to_string().to_lowercase().contains("certificate"), "{e}");

    // verify-ca checks the authority but not the name; verify-full checks the name too.
    let ca = ca();
    let by_ca = tls_url("127.0.0.1", &format!("sslmode=verify-ca&sslrootcert={ca}")).expect("url");
    assert!(drydock::store::open_at(&Location::Postgres(own_schema(&by_ca).await)).await.is_ok());
}
