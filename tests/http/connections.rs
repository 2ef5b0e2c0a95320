//! Slow, idle and too many clients: they are dropped or turned away, and everyone else is still
//! answered. The attackers are raw sockets, all on 127.0.0.1.

use axum::Router;
use axum::extract::ConnectInfo;
use axum::routing::get;
use drydock::web::http::serve::{ServeOptions, serve};
use drydock::web::{AppState, service};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};

const HEADER: Duration = Duration::from_secs(1);
const IDLE: Duration = Duration::from_secs(2);
/// Allowance for a busy test machine on top of a timeout.
const SLACK: Duration = Duration::from_secs(1);

/// Short timeouts; no share per client (most attackers here are one address: the cap is tested).
fn quick(max_connections: usize) -> ServeOptions {
    ServeOptions {
        header_timeout: HEADER,
        idle_timeout: IDLE,
        max_connections,
        connections_per_client: 0,
        trusted_proxies: Vec::new(),
    }
}

/// A connection from `ip` (any 127.0.0.N is this machine) to `addr`.
async fn connect_from(ip: [u8; 4], addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::from((ip, 0))).expect("bind the client's address");
    socket.connect(addr).await.expect("connect")
}

struct Served {
    addr: SocketAddr,
    /// Kept so the database file lives as long as the server.
    _dir: TempDir,
}

/// The whole app on port 0, served by `serve` with the given options, until the test ends.
async fn spawn(opts: ServeOptions) -> Served {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = drydock::store::Db::sqlite(
        drydock::store::open(&dir.path().join("drydock.db")).await.expect("database"),
    );
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(serve(listener, service(AppState::new(db, addr)), opts, std::future::pending()));
    Served { addr, _dir: dir }
}

/// A small router on port 0, served by `serve`, until the test ends.
async fn spawn_router(router: Router, opts: ServeOptions) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(serve(listener, router, opts, std::future::pending()));
    addr
}

/// Starts a request and never finishes its headers: one more header byte every 300 ms. Returns
/// how long after connecting the server closed the connection, or `None` if it was still open
/// after `give_up`.
async fn trickle(addr: SocketAddr, give_up: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut s = TcpStream::connect(addr).await.expect("connect");
    if s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await.is_err() {
        return Some(start.elapsed());
    }
    let mut buf = [0u8; 1024];
    let mut tick = tokio::time::interval(Duration::from_millis(300));
    while start.elapsed() < give_up {
        tokio::select! {
            read = s.read(&mut buf) => match read {
                Ok(0) | Err(_) => return Some(start.elapsed()),
                // Anything the server says before closing (a 408, say) is fine; the close counts.
                Ok(_) => {}
            },
            _ = tick.tick() => {
                if s.write_all(b"a").await.is_err() {
                    return Some(start.elapsed());
                }
            }
        }
    }
    None
}

/// Reads until the server closes the connection (or `limit` passes); returns what it sent and
/// whether it closed.
async fn read_to_close(s: &mut TcpStream, limit: Duration) -> (String, bool) {
    let deadline = tokio::time::Instant::now() + limit;
    let mut data = Vec::new();
    let mut buf = [0u8; 4096];
    while data.len() < 1 << 20 {
        match tokio::time::timeout_at(deadline, s.read(&mut buf)).await {
            Err(_) => return (String::from_utf8_lossy(&data).into_owned(), false),
            Ok(Ok(0) | Err(_)) => return (String::from_utf8_lossy(&data).into_owned(), true),
            Ok(Ok(n)) => data.extend_from_slice(&buf[..n]),
        }
    }
    panic!("the server sent more than a megabyte");
}

/// One keep-alive request on `s`: its status and body.
async fn exchange(s: &mut TcpStream, path: &str) -> (u16, String) {
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").as_bytes())
        .await
        .expect("send request");
    let mut data = Vec::new();
    let mut buf = [0u8; 8192];
    let mut read_more = async |data: &mut Vec<u8>| {
        let n = tokio::time::timeout(Duration::from_secs(3), s.read(&mut buf))
            .await
            .expect("the response comes in time")
            .expect("read");
        assert!(n > 0, "the server closed the connection mid-response");
        assert!(data.len() < 1 << 20, "response too long");
        data.extend_from_slice(&buf[..n]);
    };
    let head_end = loop {
        if let Some(i) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        read_more(&mut data).await;
    };
    let head = String::from_utf8_lossy(&data[..head_end]).into_owned();
    let length: usize = head
        .lines()
        .find_map(|l| l.split_once(':').filter(|(k, _)| k.eq_ignore_ascii_case("content-length")))
        .and_then(|(_, v)| v.trim().parse().ok())
        .expect("a Content-Length");
    while data.len() < head_end + length {
        read_more(&mut data).await;
    }
    let status = head.get(9..12).and_then(|s| s.parse().ok()).expect("a status line");
    (status, String::from_utf8_lossy(&data[head_end..head_end + length]).into_owned())
}

#[tokio::test]
async fn a_client_trickling_header_bytes_is_dropped_after_the_header_timeout() {
    let server = spawn(quick(40)).await;

    let closed = trickle(server.addr, HEADER + SLACK + Duration::from_secs(3)).await;

    let closed = closed.expect("the server should close a connection whose headers never end");
    assert!(closed >= HEADER - Duration::from_millis(100), "closed before the header timeout: {closed:?}");
    assert!(closed <= HEADER + SLACK, "closed only after {closed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hundred_slow_clients_do_not_stop_a_normal_request_and_are_all_dropped() {
    let server = spawn(quick(150)).await;
    let slow: Vec<_> = (0..100)
        .map(|_| tokio::spawn(trickle(server.addr, HEADER + SLACK + Duration::from_secs(3))))
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;

    let client = reqwest::Client::builder().timeout(Duration::from_secs(2)).build().expect("client");
    let asked = Instant::now();
    let res =
        client.get(format!("http://{}/", server.addr)).send().await.expect("a normal request is answered");

    assert_eq!(res.status(), reqwest::StatusCode::OK);
    assert!(asked.elapsed() < Duration::from_secs(1), "answered only after {:?}", asked.elapsed());
    for t in slow {
        let closed = t.await.expect("slow client");
        assert!(closed.is_some_and(|d| d <= HEADER + SLACK), "a slow client was kept: {closed:?}");
    }
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout_while_one_asking_again_in_time_is_served()
 {
    let server = spawn(quick(40)).await;
    let idle = async {
        let mut s = TcpStream::connect(server.addr).await.expect("connect");
        assert_eq!(exchange(&mut s, "/").await.0, 200);
        let served = Instant::now();
        // Waiting for the next request is not a slow header: still open past the header timeout.
        let (said, closed) = read_to_close(&mut s, HEADER + Duration::from_millis(400)).await;
        assert!(!closed, "closed {:?} after the response, before the idle timeout", served.elapsed());
        assert_eq!(said, "");
        let (_, closed) = read_to_close(&mut s, IDLE + SLACK).await;
        let after = served.elapsed();
        assert!(closed, "an idle connection was kept {after:?}");
        assert!(
            after >= IDLE - Duration::from_millis(100),
            "closed after {after:?}, before the idle timeout"
        );
    };
    let busy = async {
        let mut s = TcpStream::connect(server.addr).await.expect("connect");
        // Four requests 1.2 s apart: longer than the header timeout between them, longer than the
        // idle timeout in all.
        for i in 0..4 {
            if i > 0 {
                tokio::time::sleep(Duration::from_millis(1200)).await;
            }
            let (status, page) = exchange(&mut s, "/").await;
            assert_eq!(status, 200, "request {i} on the kept-alive connection");
            assert!(page.contains("</html>"));
        }
    };
    tokio::join!(idle, busy);
}

#[tokio::test]
async fn a_request_taking_longer_than_the_idle_timeout_is_not_cut() {
    let slow = Router::new().route(
        "/slow",
        get(|| async {
            tokio::time::sleep(IDLE + Duration::from_millis(500)).await;
            "done"
        }),
    );
    let addr = spawn_router(slow, quick(40)).await;
    let mut s = TcpStream::connect(addr).await.expect("connect");

    let (status, body) = exchange(&mut s, "/slow").await;

    assert_eq!((status, body.as_str()), (200, "done"));
}

#[tokio::test]
async fn beyond_max_connections_a_new_connection_is_told_503_and_normal_requests_are_answered_once_the_slow_ones_are_dropped()
 {
    let server = spawn(quick(40)).await;
    let mut slow = Vec::new();
    for _ in 0..40 {
        let mut s = TcpStream::connect(server.addr).await.expect("connect");
        s.write_all(b"GET / HTTP/1.1\r\n").await.expect("start a request");
        slow.push(s);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;

    let mut extra = TcpStream::connect(server.addr).await.expect("connect");
    extra.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.expect("send request");
    let (said, closed) = read_to_close(&mut extra, Duration::from_secs(2)).await;

    assert!(said.starts_with("HTTP/1.1 503 Service Unavailable\r\n"), "{said}");
    assert!(said.contains("\r\nRetry-After: 1\r\n") && said.contains("\r\nConnection: close\r\n"), "{said}");
    assert!(said.ends_with("try again in a moment.\n"), "{said}");
    assert!(closed, "a refused connection is closed");

    // The slow ones are dropped at the header timeout, and their places serve again.
    let client = reqwest::Client::builder().timeout(Duration::from_secs(1)).build().expect("client");
    let deadline = Instant::now() + HEADER + SLACK + SLACK;
    loop {
        let res = client.get(format!("http://{}/", server.addr)).send().await;
        match res {
            Ok(r) if r.status() == reqwest::StatusCode::OK => break,
            _ if Instant::now() < deadline => tokio::time::sleep(Duration::from_millis(100)).await,
            other => panic!("still not answered after the slow clients were dropped: {other:?}"),
        }
    }
    drop(slow);
}

#[tokio::test]
async fn the_peers_address_reaches_handlers_as_connect_info() {
    let echo = Router::new()
        .route("/peer", get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { peer.to_string() }));
    let addr = spawn_router(echo, ServeOptions::default()).await;
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let me = s.local_addr().expect("our address");

    let (status, body) = exchange(&mut s, "/peer").await;

    assert_eq!((status, body), (200, me.to_string()));
}

#[tokio::test]
async fn on_shutdown_idle_connections_are_closed_and_serving_stops_promptly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = drydock::store::Db::sqlite(
        drydock::store::open(&dir.path().join("drydock.db")).await.expect("database"),
    );
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let served =
        tokio::spawn(serve(listener, service(AppState::new(db, addr)), ServeOptions::default(), async {
            let _ = stopped.await;
        }));
    let mut s = TcpStream::connect(addr).await.expect("connect");
    assert_eq!(exchange(&mut s, "/").await.0, 200);

    let _ = stop.send(());

    let (_, closed) = read_to_close(&mut s, Duration::from_secs(2)).await;
    assert!(closed, "the idle keep-alive connection is closed on shutdown");
    let done = tokio::time::timeout(Duration::from_secs(2), served).await;
    assert!(matches!(done, Ok(Ok(Ok(())))), "serve returns once connections are closed: {done:?}");
    assert!(TcpStream::connect(addr).await.is_err(), "no longer accepting");
}

#[tokio::test]
async fn one_address_opening_sockets_is_refused_past_its_share_while_another_is_still_served() {
    let server = spawn(ServeOptions { connections_per_client: 4, ..quick(40) }).await;
    let greedy = [127, 0, 0, 2];
    let mut held = Vec::new();
    for i in 0..4 {
        let mut s = connect_from(greedy, server.addr).await;
        assert_eq!(exchange(&mut s, "/healthz").await.0, 200, "connection {i} is within the share");
        held.push(s);
    }

    let mut extra = connect_from(greedy, server.addr).await;
    extra.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.expect("send request");
    let (said, closed) = read_to_close(&mut extra, Duration::from_secs(2)).await;

    assert!(said.starts_with("HTTP/1.1 503 Service Unavailable\r\n"), "{said}");
    assert!(said.contains("\r\nRetry-After: 1\r\n"), "{said}");
    assert!(said.contains("Too many connections from your address"), "{said}");
    assert!(closed, "a refused connection is closed");
    // Everyone else is served, and the greedy client's open connections still are.
    let mut other = connect_from([127, 0, 0, 3], server.addr).await;
    assert_eq!(exchange(&mut other, "/").await.0, 200);
    assert_eq!(exchange(&mut held[0], "/healthz").await.0, 200);

    // Closing one gives its place back.
    drop(held.pop());
    let deadline = Instant::now() + SLACK;
    loop {
        let mut s = connect_from(greedy, server.addr).await;
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            .await
            .expect("send request");
        let (said, _) = read_to_close(&mut s, Duration::from_secs(2)).await;
        if said.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "the closed connection's place was not given back: {said}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_holds_its_share_of_requests_in_flight() {
    let slow = Router::new().route(
        "/slow",
        get(|| async {
            tokio::time::sleep(Duration::from_millis(1500)).await;
            "done"
        }),
    );
    let proxy = [127, 0, 0, 4];
    let opts = ServeOptions { connections_per_client: 2, trusted_proxies: vec![proxy.into()], ..quick(40) };
    let addr = spawn_router(slow, opts).await;
    let ask = |who: &str| format!("GET /slow HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: {who}\r\n\r\n");

    // The proxy holds more connections than a client's share: it carries many clients.
    let mut conns = Vec::new();
    for _ in 0..4 {
        conns.push(connect_from(proxy, addr).await);
    }
    for s in &mut conns[..2] {
        s.write_all(ask("203.0.113.7").as_bytes()).await.expect("send");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let asked = Instant::now();
    conns[2].write_all(ask("203.0.113.7").as_bytes()).await.expect("send");
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(1), conns[2].read(&mut buf))
        .await
        .expect("the third request is answered at once")
        .expect("read");
    let said = String::from_utf8_lossy(&buf[..n]).into_owned();

    assert!(said.starts_with("HTTP/1.1 503"), "{said}");
    assert!(said.to_ascii_lowercase().contains("retry-after: 1"), "{said}");
    assert!(asked.elapsed() < Duration::from_secs(1));
    // Another client behind the same proxy is served, and so are the first two.
    let (status, body) = {
        conns[3].write_all(ask("203.0.113.8").as_bytes()).await.expect("send");
        let (said, _) = read_to_close(&mut conns[3], Duration::from_secs(3)).await;
        (said.get(9..12).map(str::to_owned), said)
    };
    assert_eq!(status.as_deref(), Some("200"), "{body}");
    for s in &mut conns[..2] {
        let (said, _) = read_to_close(s, Duration::from_secs(3)).await;
        assert!(said.starts_with("HTTP/1.1 200"), "{said}");
    }
}
