//! A real headless Chromium driven through ChromeDriver, against the real app on a real socket.
//!
//! Shared, so the suite does not grow by a server and a browser start per test: one app (one
//! SQLite file) serves every test, one ChromeDriver runs for the whole binary, and browser
//! sessions are pooled: a test takes one (cookies cleared, back at a blank page, desktop size)
//! and gives it back when done. The server and the sessions live on a runtime of their own,
//! since each `#[tokio::test]` has its own that ends with it.

use fantoccini::wd::{PrintConfiguration, PrintSize};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// Browser tests take turns: two cores do not run several Chromiums well.
pub static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The runtime the shared server and browser sessions run on, for the whole test binary.
fn shared() -> &'static tokio::runtime::Handle {
    static RUNTIME: OnceLock<tokio::runtime::Handle> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("the shared runtime");
        let handle = rt.handle().clone();
        std::thread::spawn(move || rt.block_on(std::future::pending::<()>()));
        handle
    })
}

/// Runs `f` on the shared runtime and waits for it.
async fn on_shared<T: Send + 'static>(f: impl std::future::Future<Output = T> + Send + 'static) -> T {
    shared().spawn(f).await.expect("a task on the shared runtime")
}

/// The app under test.
pub struct App {
    pub addr: SocketAddr,
}

/// The shared app's database directory, removed at exit.
static APP_DIR: Mutex<Option<TempDir>> = Mutex::new(None);

impl App {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }
}

/// The app every browser test uses: started by the first, with writes, judging reads and
/// connections per client unlimited (every test saves, types and browses from the same address).
pub async fn app() -> &'static App {
    static APP: tokio::sync::OnceCell<App> = tokio::sync::OnceCell::const_new();
    APP.get_or_init(|| {
        on_shared(async {
            let dir = tempfile::tempdir().expect("temp dir");
            let db = drydock::store::Db::sqlite(
                drydock::store::open(&dir.path().join("browser.db")).await.expect("database"),
            );
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
            let addr = listener.local_addr().expect("address");
            let writes = drydock::web::WriteRate { per_minute: 0, burst: 0 };
            let state = drydock::web::AppState {
                writes,
                judging: drydock::web::http::judging::JudgingRate::OFF,
                ..drydock::web::AppState::new(db, addr)
            };
            // The app, and axe-core for the accessibility checks at an address of its own (the
            // browser keeps it between pages, as it keeps the app's own scripts).
            let router = drydock::web::app(state)
                .route_service(AXE_AT, tower_http::services::ServeFile::new(axe_path()));
            let serving = drydock::web::http::serve::ServeOptions {
                connections_per_client: 0,
                ..drydock::web::http::serve::ServeOptions::default()
            };
            tokio::spawn(async move {
                drydock::web::http::serve::serve(listener, router, serving, std::future::pending()).await
            });
            if let Ok(mut kept) = APP_DIR.lock() {
                *kept = Some(dir);
            }
            at_exit_clean_up();
            App { addr }
        })
    })
    .await
}

/// An app of its own for one test, with its judging reads limited to `judging` (a test of the
/// limit; the shared app has none). Its database lives as long as the returned directory.
pub async fn app_judging(judging: drydock::web::http::judging::JudgingRate) -> (App, TempDir) {
    on_shared(async move {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = drydock::store::Db::sqlite(
            drydock::store::open(&dir.path().join("judging.db")).await.expect("database"),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let state = drydock::web::AppState { judging, ..drydock::web::AppState::new(db, addr) };
        let router = drydock::web::app(state);
        let serving = drydock::web::http::serve::ServeOptions::default();
        tokio::spawn(async move {
            drydock::web::http::serve::serve(listener, router, serving, std::future::pending()).await
        });
        (App { addr }, dir)
    })
    .await
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

/// The one ChromeDriver: its port, and the process, stopped at exit with every Chromium it
/// started (they join its process group).
struct Driver {
    port: u16,
    _process: std::process::Child,
}

fn driver() -> &'static Driver {
    static DRIVER: OnceLock<Driver> = OnceLock::new();
    DRIVER.get_or_init(|| {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").expect("free port");
            l.local_addr().expect("port").port()
        };
        let child = Command::new(find_binary(&["chromedriver"]))
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let _ = DRIVER_GROUP.set(libc::pid_t::try_from(child.id()).unwrap_or(0));
        at_exit_clean_up();
        Driver { port, _process: child }
    })
}

static DRIVER_GROUP: OnceLock<libc::pid_t> = OnceLock::new();

/// Has [`clean_up`] run when the test binary exits, whether the tests passed or not.
fn at_exit_clean_up() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: registers a plain `extern "C" fn` with no captured state, run once at exit.
    ONCE.call_once(|| unsafe {
        libc::atexit(clean_up);
    });
}

/// Stops ChromeDriver and every Chromium it started (they share its process group), then
/// removes the sessions' profiles and the app's database.
extern "C" fn clean_up() {
    if let Some(&group) = DRIVER_GROUP.get()
        && group > 1
    {
        // SAFETY: kill(2) with a negative pid signals exactly that process group: the one
        // ChromeDriver leads (it was spawned with process_group(0)).
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
    if let Ok(mut idle) = IDLE.lock() {
        idle.clear();
    }
    if let Ok(mut dir) = APP_DIR.lock() {
        dir.take();
    }
}

/// Idle sessions, with whether they run JavaScript; each keeps its profile directory.
static IDLE: Mutex<Vec<(bool, Client, TempDir)>> = Mutex::new(Vec::new());

/// A Chromium session lent to one test, given back when dropped.
pub struct Browser {
    pub c: Client,
    script: bool,
    profile: Option<TempDir>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some(profile) = self.profile.take()
            && let Ok(mut idle) = IDLE.lock()
        {
            idle.push((self.script, self.c.clone(), profile));
        }
    }
}

pub async fn browser() -> Browser {
    lend(true).await
}

/// A browser with JavaScript switched off, as some players have it: pages must work by plain
/// form posts.
pub async fn browser_without_script() -> Browser {
    lend(false).await
}

/// An idle session of the kind asked for, as new (no cookies, no stored drafts, a blank page,
/// desktop size), or a new one.
async fn lend(script: bool) -> Browser {
    let idle = {
        let mut idle = IDLE.lock().expect("the idle sessions");
        idle.iter().position(|(s, _, _)| *s == script).map(|i| idle.remove(i))
    };
    let (c, profile) = match idle {
        Some((_, c, profile)) => (c, profile),
        None => {
            let port = driver().port;
            let profile = tempfile::tempdir().expect("profile dir");
            let dir = profile.path().display().to_string();
            let chromium = find_binary(&["chromium", "chromium-browser", "google-chrome"]);
            (on_shared(async move { connect(port, &chromium, &dir, script).await }).await, profile)
        }
    };
    let b = Browser { c, script, profile: Some(profile) };
    // No drafts an earlier test left in the app's storage (the editors offer them back).
    b.c.goto(&app().await.url("/static/icon.svg")).await.expect("the app's origin");
    b.c.execute("localStorage.clear(); sessionStorage.clear();", vec![]).await.expect("storage cleared");
    b.c.goto("about:blank").await.expect("a blank page");
    b.c.delete_all_cookies().await.expect("cookies cleared");
    b.c.set_window_size(1280, 1000).await.expect("window size");
    b
}

async fn connect(port: u16, chromium: &str, profile: &str, script: bool) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-quic", "--no-first-run", "--window-size=1280,1000",
                format!("--user-data-dir={profile}"),
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

    /// Goes to `url` from a page that may ask before it is left (an editor with unsaved
    /// changes): the question is answered yes, and the new page waited for.
    pub async fn leave_to(&self, url: &str) {
        let old = self.c.find(Locator::Css("body")).await.ok();
        self.c.goto(url).await.expect("navigate");
        if self.c.accept_alert().await.is_ok() {
            let deadline = Instant::now() + Duration::from_secs(30);
            loop {
                let gone = match &old {
                    Some(body) => body.tag_name().await.is_err(),
                    None => true,
                };
                if gone && self.js("return document.readyState;").await == json!("complete") {
                    break;
                }
                assert!(Instant::now() < deadline, "{url} did not load");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
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

    /// Clicks `sel` as a player would: scrolled to the middle of the screen first, so nothing
    /// fixed to the screen's edge (the editors' bar at the foot of a phone) is over it.
    pub async fn click(&self, sel: &str) {
        let e = self.css(sel).await;
        let at = serde_json::to_value(&e).expect("an element reference");
        let _ = self
            .c
            .execute("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});", vec![at])
            .await;
        e.click().await.unwrap_or_else(|e| panic!("click {sel}: {e}"));
    }

    pub async fn type_into(&self, sel: &str, text: &str) {
        let e = self.css(sel).await;
        e.clear().await.expect("clear");
        e.send_keys(text).await.expect("type");
    }

    pub async fn js(&self, script: &str) -> serde_json::Value {
        self.c.execute(script, vec![]).await.expect("script")
    }

    /// Whether the page fits the window's width (no sideways scrolling), as JSON `true`/`false`.
    pub async fn fits_width(&self) -> serde_json::Value {
        self.js("return document.documentElement.scrollWidth <= window.innerWidth + 1;").await
    }

    /// The names of visible inputs with no label: `[]` when every one is labelled.
    pub async fn unlabeled_inputs(&self) -> serde_json::Value {
        self.js("return [...document.querySelectorAll('input:not([type=hidden]), select, textarea')].filter(e => e.offsetParent !== null && !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map(e => e.name);").await
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

    /// Prints the current page on paper `width_cm` by `height_cm` (WebDriver's Print Page: print
    /// media, 1 cm margins, as Chromium lays it out for paper) and counts the PDF's pages.
    pub async fn printed_pages(&self, width_cm: f64, height_cm: f64) -> usize {
        pdf_pages(&self.print(width_cm, height_cm).await)
    }

    /// The current page printed on paper `width_cm` by `height_cm`, as a PDF.
    pub async fn print(&self, width_cm: f64, height_cm: f64) -> Vec<u8> {
        let config = PrintConfiguration::builder()
            .size(PrintSize { width: width_cm, height: height_cm })
            .build()
            .expect("a print configuration");
        self.c.print(config).await.expect("print the page")
    }

    /// Lays the page out for print (`on`) or for the screen again, as Chromium does for paper:
    /// the print styles apply, so what they size in millimetres can be measured.
    pub async fn emulate_print(&self, on: bool) {
        let media = if on { "print" } else { "" };
        self.c
            .issue_cmd(Cdp { cmd: "Emulation.setEmulatedMedia", params: json!({ "media": media }) })
            .await
            .expect("emulate print media");
    }

    /// A PNG of the element `sel` as drawn on screen.
    pub async fn shot(&self, sel: &str) -> Vec<u8> {
        let e = self.css(sel).await;
        let at = serde_json::to_value(&e).expect("an element reference");
        let _ = self.c.execute("arguments[0].scrollIntoView({block: 'center'});", vec![at]).await;
        e.screenshot().await.expect("a screenshot of the element")
    }
}

/// A Chrome DevTools command, sent through ChromeDriver's own endpoint for them.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: serde_json::Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/goog/cdp/execute", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "cmd": self.cmd, "params": self.params }).to_string()))
    }
}

/// A PDF's pages, each as text (poppler's `pdftotext`, which the README's test command installs).
pub fn pdf_texts(pdf: &[u8]) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("printed.pdf");
    std::fs::write(&file, pdf).expect("write the PDF");
    (1..=pdf_pages(pdf))
        .map(|page| {
            let out = Command::new(find_binary(&["pdftotext"]))
                .args(["-layout", "-f", &page.to_string(), "-l", &page.to_string()])
                .arg(&file)
                .arg("-")
                .output()
                .expect("pdftotext");
            String::from_utf8_lossy(&out.stdout).into_owned()
        })
        .collect()
}

/// The QR codes in the foot of each page of a PDF (beside the words "Open the live build"),
/// read back from the page drawn by poppler's `pdftoppm` at 450 dpi (a small printed code needs
/// five pixels a module or more), around those words only, so it takes a moment, not seconds. A
/// page without the words gives none.
pub fn pdf_foot_qr_codes(pdf: &[u8]) -> Vec<Vec<String>> {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("printed.pdf");
    std::fs::write(&file, pdf).expect("write the PDF");
    (1..=pdf_pages(pdf))
        .map(|page| {
            let page = page.to_string();
            let words = Command::new(find_binary(&["pdftotext"]))
                .args(["-bbox", "-f", &page, "-l", &page])
                .arg(&file)
                .arg("-")
                .output()
                .expect("pdftotext -bbox");
            let words = String::from_utf8_lossy(&words.stdout).into_owned();
            // `<word xMin="73.1" yMin="576.5" xMax="93.1" yMax="585.3">Open</word>`, in points.
            let Some(at) = words.lines().position(|l| l.ends_with(">Open</word>")) else { return Vec::new() };
            let attr = |name: &str| -> f64 {
                let line = words.lines().nth(at).unwrap_or_default();
                line.split(&format!("{name}=\""))
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0.0)
            };
            let (left, middle) = (attr("xMin"), (attr("yMin") + attr("yMax")) / 2.0);
            let px = |pt: f64| ((pt * 450.0 / 72.0).max(0.0) as u32).to_string();
            let out = dir.path().join(format!("foot-{page}"));
            let status = Command::new(find_binary(&["pdftoppm"]))
                .args(["-r", "450", "-gray", "-png", "-singlefile", "-f", &page, "-l", &page])
                .args(["-x", &px(0.0), "-y", &px(middle - 45.0), "-W", &px(left), "-H", &px(90.0)])
                .arg(&file)
                .arg(&out)
                .status()
                .expect("pdftoppm");
            assert!(status.success(), "pdftoppm drew page {page}");
            qr_codes(&std::fs::read(out.with_extension("png")).expect("the foot"))
        })
        .collect()
}

/// Every QR code a PNG shows, read back (rqrr), as text.
pub fn qr_codes(png_bytes: &[u8]) -> Vec<String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let (w, h) = (info.width as usize, info.height as usize);
    let channels = info.color_type.samples();
    let luma = |x: usize, y: usize| -> u8 {
        let at = (y * w + x) * channels;
        match channels {
            1 | 2 => buf[at],
            _ => {
                let (r, g, b) = (u32::from(buf[at]), u32::from(buf[at + 1]), u32::from(buf[at + 2]));
                u8::try_from((r * 299 + g * 587 + b * 114) / 1000).unwrap_or(255)
            }
        }
    };
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, luma);
    img.detect_grids().into_iter().filter_map(|g| g.decode().ok().map(|(_, text)| text)).collect()
}

/// Letter and A4 paper, in centimetres, for [`Browser::printed_pages`].
pub const LETTER: (f64, f64) = (21.59, 27.94);
pub const A4: (f64, f64) = (21.0, 29.7);

/// The pages of a PDF: its "/Type /Page" objects (not the "/Type /Pages" tree nodes).
pub fn pdf_pages(pdf: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while let Some(at) = pdf[i..].windows(5).position(|w| w == b"/Type") {
        let mut j = i + at + 5;
        while pdf.get(j).is_some_and(u8::is_ascii_whitespace) {
            j += 1;
        }
        if pdf[j..].starts_with(b"/Page") && pdf.get(j + 5) != Some(&b's') {
            n += 1;
        }
        i = j;
    }
    n
}

/// Every registered game's example build, saved through its JSON API: (share path, private edit
/// link).
pub async fn saved_examples(app: &App) -> Vec<(String, String)> {
    let client = reqwest::Client::new();
    let mut out = Vec::new();
    for g in drydock::web::registry::games() {
        let doc: Value = serde_json::from_str(g.example).expect("the example is JSON");
        let res = client.post(app.url(&format!("/api{}", g.path))).json(&doc).send().await.expect("save");
        assert_eq!(res.status(), reqwest::StatusCode::CREATED, "{}", g.id);
        let body: Value = res.json().await.expect("json");
        let id = body["id"].as_str().expect("an id");
        let edit = body["edit_url"].as_str().expect("an edit link");
        out.push((format!("{}/{id}", g.path), edit.to_owned()));
    }
    out
}

/// Where the test app serves axe-core.
const AXE_AT: &str = "/__tests/axe.min.js";

/// axe-core's script, from tests/browser/axe (the README's test command installs it with npm).
fn axe_path() -> &'static str {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser/axe/node_modules/axe-core/axe.min.js");
    assert!(
        std::path::Path::new(path).exists(),
        "{path} is missing: run the README's test command (scripts/test.sh), which installs axe-core"
    );
    path
}

/// Loads axe-core into the page, once.
const AXE_LOAD: &str = r#"
const done = arguments[arguments.length - 1];
if (typeof axe !== 'undefined') { done(true); } else {
  const s = document.createElement('script');
  s.src = arguments[0];
  s.onload = () => done(true);
  s.onerror = () => done(false);
  document.head.appendChild(s);
}
"#;

/// Runs axe-core on the page as it stands and lists its violations of serious or critical
/// impact: "rule: what is wrong, at which elements".
const AXE_RUN: &str = r#"
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] }).then(r => done(
  r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.help + ' at ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))
), e => done(['axe failed: ' + e]));
"#;

/// Every control of the page that a mouse can use: whether the keyboard reaches it (not taken
/// out of the tab order, not disabled for the keyboard alone), and whether focusing it from the
/// keyboard draws a ring a player can see (an outline at least 2 px wide, or for the map's hex
/// buttons the pattern they draw). Lists what fails.
const KEYBOARD: &str = r#"
const out = [];
const controls = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]')]
  .filter(e => e.getClientRects().length && !e.disabled && !e.closest('[hidden], [inert]') && getComputedStyle(e).visibility !== 'hidden');
for (const e of controls) {
  const label = e.tagName + (e.id ? '#' + e.id : '') + (e.name ? '[' + e.name + '=' + (e.value || '') + ']' : '') + ' ' + (e.textContent || '').trim().slice(0, 20);
  // The default button of a form (Enter in a field submits it) is aria-hidden and off-screen.
  if (e.classList.contains('default-submit')) continue;
  if (e.tabIndex < 0 && e.getAttribute('tabindex') !== '-1') { out.push('not reachable: ' + label); continue; }
  if (e.getAttribute('tabindex') === '-1' && !e.matches('[data-list], .draft-restored, [role=status] *')) { out.push('taken out of the tab order: ' + label); continue; }
  if (e.tabIndex < 0) continue;
  e.focus({ preventScroll: true });
  if (document.activeElement !== e) { out.push('does not take focus: ' + label); continue; }
  const s = getComputedStyle(e);
  const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  const drawn = s.backgroundImage !== 'none' && e.classList.contains('hexbtn');
  if (!ring && !drawn) out.push('no visible focus ring: ' + label);
  if (out.length >= 8) break;
}
document.activeElement.blur();
return out;
"#;

impl Browser {
    /// The page's accessibility violations of serious or critical impact, by axe-core.
    pub async fn axe(&self) -> Vec<String> {
        let loaded = self.c.execute_async(AXE_LOAD, vec![json!(AXE_AT)]).await.expect("axe-core loading");
        assert_eq!(loaded, json!(true), "axe-core did not load into the page");
        let found = self.c.execute_async(AXE_RUN, vec![]).await.expect("axe-core ran");
        found.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect()
    }

    /// The controls of the page a keyboard player is left out of: not reachable, or focused
    /// without a visible ring (see [`KEYBOARD`]), at most a few.
    pub async fn keyboard_gaps(&self) -> Vec<String> {
        // A key pressed first: from then on the browser draws focus as for the keyboard.
        self.c.active_element().await.expect("focus").send_keys("\u{E004}").await.expect("tab");
        let found = self.js(KEYBOARD).await;
        found.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect()
    }
}
