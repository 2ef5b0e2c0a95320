//! A real headless Chromium driven through ChromeDriver, against the real app on a real socket.

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// Browser tests take turns: two cores do not run several Chromiums well.
pub static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The app under test.
pub struct App {
    pub addr: SocketAddr,
    _dir: TempDir,
}

impl App {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }
}

pub async fn app() -> App {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = drydock::store::open(&dir.path().join("browser.db")).await.expect("database");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    let router = drydock::web::app(drydock::web::AppState::new(db, addr));
    let serving = drydock::web::serve::ServeOptions::default();
    tokio::spawn(async move {
        drydock::web::serve::serve(listener, router, serving, std::future::pending()).await
    });
    App { addr, _dir: dir }
}

fn find_binary(names: &[&str]) -> String {
    for n in names {
        for dir in ["/usr/bin", "/usr/local/bin", "/usr/lib/chromium"] {
            let p = format!("{dir}/{n}");
            if std::path::Path::new(&p).exists() {
                return p;
            }
        }
    }
    panic!(
        "{} not found: run the README's test command (scripts/test.sh), which installs Chromium and ChromeDriver",
        names.join(" or ")
    );
}

/// One Chromium with its own empty profile: a fresh browser context, no cookies.
pub struct Browser {
    pub c: Client,
    driver: Child,
    _profile: TempDir,
}

impl Drop for Browser {
    /// Stops ChromeDriver and every Chromium process it started: they share its process group.
    fn drop(&mut self) {
        if let Ok(group) = libc::pid_t::try_from(self.driver.id())
            && group > 1
        {
            // SAFETY: kill(2) with a negative pid signals exactly that process group: the one
            // ChromeDriver leads (it was spawned with process_group(0)).
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

pub async fn browser() -> Browser {
    start(true).await
}

/// A browser with JavaScript switched off, as some players have it: pages must work by plain
/// form posts.
pub async fn browser_without_script() -> Browser {
    start(false).await
}

async fn start(script: bool) -> Browser {
    let chromium = find_binary(&["chromium", "chromium-browser", "google-chrome"]);
    let chromedriver = find_binary(&["chromedriver"]);
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("free port");
        l.local_addr().expect("port").port()
    };
    let driver = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let profile = tempfile::tempdir().expect("profile dir");
    let browser = Browser { c: connect(port, &chromium, &profile, script).await, driver, _profile: profile };
    browser.c.set_window_size(1280, 1000).await.expect("window size");
    browser
}

async fn connect(port: u16, chromium: &str, profile: &TempDir, script: bool) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-quic", "--no-first-run", "--window-size=1280,1000",
                format!("--user-data-dir={}", profile.path().display()),
            ],
            // 2 blocks JavaScript on every page (ChromeDriver's own commands still run).
            "prefs": { "profile.managed_default_content_settings.javascript": if script { 1 } else { 2 } },
        }),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match ClientBuilder::new(HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return c,
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("could not start a Chromium session: {e}"),
        }
    }
}

impl Browser {
    pub async fn goto(&self, url: &str) {
        self.c.goto(url).await.expect("navigate");
    }

    pub async fn css(&self, sel: &str) -> fantoccini::elements::Element {
        self.c
            .wait()
            .at_most(Duration::from_secs(10))
            .for_element(Locator::Css(sel))
            .await
            .unwrap_or_else(|e| panic!("{sel}: {e}"))
    }

    pub async fn text(&self, sel: &str) -> String {
        self.css(sel).await.text().await.unwrap_or_default()
    }

    /// The live "value" property of `sel` (what a field holds now, not its starting attribute).
    pub async fn value(&self, sel: &str) -> String {
        self.css(sel).await.prop("value").await.expect("value").unwrap_or_default()
    }

    pub async fn exists(&self, sel: &str) -> bool {
        !self.c.find_all(Locator::Css(sel)).await.expect("find").is_empty()
    }

    /// Waits until `check` holds for the text of `sel` (htmx swaps arrive asynchronously).
    pub async fn wait_text(&self, sel: &str, what: &str, check: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let t = match self.c.find(Locator::Css(sel)).await {
                Ok(e) => e.text().await.unwrap_or_default(),
                Err(_) => String::new(),
            };
            if check(&t) {
                return t;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {sel} to {what}; it reads {t:?}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub async fn select(&self, sel: &str, value: &str) {
        self.css(sel)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("select {value} in {sel}: {e}"));
    }

    pub async fn click(&self, sel: &str) {
        self.css(sel).await.click().await.unwrap_or_else(|e| panic!("click {sel}: {e}"));
    }

    pub async fn type_into(&self, sel: &str, text: &str) {
        let e = self.css(sel).await;
        e.clear().await.expect("clear");
        e.send_keys(text).await.expect("type");
    }

    pub async fn js(&self, script: &str) -> serde_json::Value {
        self.c.execute(script, vec![]).await.expect("script")
    }

    /// Marks the page so a later check can tell whether it was reloaded.
    pub async fn mark_page(&self) {
        self.js("window.__drydockMark = 42;").await;
    }

    pub async fn page_was_kept(&self) -> bool {
        self.js("return window.__drydockMark === 42;").await == json!(true)
    }

    /// Waits for htmx to finish its requests. Live updates fire 250 ms after the last keystroke
    /// (`hx-trigger="input delay:250ms"`), so first wait past that delay, or the poll below could
    /// find no request yet and return before the update has even started.
    pub async fn settle(&self) {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.exists(".htmx-request").await && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }

    /// Clicks a submit button and waits for the page the post answers with (the old page's
    /// elements go stale), then for `ready` on it: how a page works without JavaScript.
    pub async fn post(&self, button: &str, ready: &str) {
        let old = self.css("body").await;
        self.click(button).await;
        for _ in 0..100 {
            if old.tag_name().await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(old.tag_name().await.is_err(), "clicking {button} did not load a new page");
        self.css(ready).await;
    }

    pub async fn url(&self) -> String {
        self.c.current_url().await.expect("url").to_string()
    }
}
