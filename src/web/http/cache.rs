//! Rendered share pages, kept for the visitors who cannot edit them. A share page is the same
//! for every such visitor (its links are written with the configured public origin, never with
//! the Host a client sends, so a client cannot add entries by inventing host names), and it is
//! read far more often than written. Each page is kept with the store's change mark as it was
//! read before drawing the page (store::Db::change_mark), and is served again only while the
//! mark is the same. Every write that could change a page moves the mark on before it is
//! answered (a page also shows its copies' count and its parent's name, so a write may change
//! other pages than its own): in this process's memory on SQLite, in the database on PostgreSQL,
//! where other instances write too. So no page older than an acknowledged write is served; and a
//! page lives at most [`PAGE_LIFE`], for a write whose instance died between committing and
//! moving the mark. Owners and just-saved pages are never cached.
//!
//! While the database cannot be reached (PostgreSQL restarting, say), a kept page is still
//! served, at once, if the last change mark this instance read is the one the page was drawn at
//! and that read is less than [`PAGE_LIFE`] old; otherwise the visit is answered 503 at once.
//! Why this is safe: while the database is down no write can be acknowledged, so a page current
//! at the last mark read stays current. The exceptions are bounded like the crash case above: a
//! write acknowledged by another instance after this one's last read (just before the outage,
//! or during it when only this instance is cut off) can be missing from the page for at most
//! [`PAGE_LIFE`], since no page is served past it.
//!
//! A page is kept as it is and compressed (brotli and gzip) once when it is kept, so a browser's
//! visit costs no compression: compressing the page for every visitor took nine tenths of the
//! time a visit cost.
//!
//! A page is kept under its own address (`{game path}/{id}`: the game, the build and the kind
//! of page; its three encodings are one entry), never under the spelling a request used: a share
//! page asked for under another spelling (`/boats/%61...`, percent-encoded letters) is answered
//! with a redirect to its own address (see [`own_address`]), so a client cannot fill memory with
//! copies of one large page. The kept pages are bounded by their bytes (`--page-cache-mib`) as
//! well as their count; past either, the expired pages go first, then the oldest.

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

/// The most pages kept at once, whatever their size; it is a cache, not a store. Keys are share
/// addresses of saved builds (about 25 bytes each).
const CAPACITY: usize = 4096;

/// The bytes kept pages may take together unless `--page-cache-mib` says otherwise.
pub const DEFAULT_MIB: usize = 64;

/// One page, as it is and compressed.
#[derive(Debug, PartialEq, Eq)]
pub struct Page {
    pub plain: Bytes,
    pub gzip: Bytes,
    pub brotli: Bytes,
}

/// How a browser may take a page, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding `Accept-Encoding` allows (one with `q=0` is refused).
    pub fn preferred(headers: &HeaderMap) -> Encoding {
        let (mut br, mut gzip) = (false, false);
        for value in headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()) {
            for item in value.split(',') {
                let mut parts = item.split(';');
                let name = parts.next().unwrap_or("").trim();
                let refused = parts.any(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.trim().parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                if refused {
                    continue;
                }
                br |= name.eq_ignore_ascii_case("br");
                gzip |= name.eq_ignore_ascii_case("gzip") || name == "*";
            }
        }
        if br {
            Encoding::Brotli
        } else if gzip {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }
}

impl Page {
    /// The bytes this page holds, in its three encodings.
    pub fn bytes(&self) -> usize {
        self.plain.len() + self.gzip.len() + self.brotli.len()
    }

    /// Compresses `plain` both ways. At these sizes (a few kilobytes) this takes well under a
    /// millisecond, once per page and change.
    pub fn new(plain: Bytes) -> Page {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        let gzip = match gz.write_all(&plain).and_then(|()| gz.finish()) {
            Ok(v) => Bytes::from(v),
            Err(_) => Bytes::new(),
        };
        let mut br = Vec::new();
        // Quality 5, a 2 MiB window (more than any answer's 1 MiB): a few per cent larger than
        // quality 9, whose match table alone is 32 MiB a page being compressed (quality 5's is
        // 1 MiB), so sixteen large pages kept at once grew the server by over 100 MiB (issue 24).
        let written = brotli::CompressorWriter::new(&mut br, 4096, 5, 21).write_all(&plain).is_ok();
        let brotli = if written { Bytes::from(br) } else { Bytes::new() };
        Page { plain, gzip, brotli }
    }

    /// The page as an HTML answer in the best encoding the request allows. (Compression layers
    /// leave an answer that says its encoding alone.)
    pub fn response(&self, headers: &HeaderMap) -> Response {
        self.answer(headers).0
    }

    /// The answer, and the bytes of its body.
    fn answer(&self, headers: &HeaderMap) -> (Response, usize) {
        let (body, encoding) = match Encoding::preferred(headers) {
            Encoding::Brotli if !self.brotli.is_empty() => (self.brotli.clone(), Some("br")),
            Encoding::Brotli | Encoding::Gzip if !self.gzip.is_empty() => (self.gzip.clone(), Some("gzip")),
            _ => (self.plain.clone(), None),
        };
        let len = body.len();
        let mut r = body.into_response();
        let h = r.headers_mut();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(e) = encoding {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(e));
        }
        (r, len)
    }
}

/// Answers a request for a kept share page before it reaches routing and the layers: on this
/// site's most visited address, those cost more than the page itself. Only a request that
/// share_page (src/web/flows/saved.rs) would answer from the cache takes this path: a GET of a kept
/// address, with no query, from a visitor who holds no edit token for it (the same
/// [`carries`](super::extract::carries)). It gets the same answer, with the headers every
/// answer carries; everything else goes on to the app. A page is answered while the store's
/// change mark is the one it was drawn at: read from memory on SQLite, and on PostgreSQL read
/// after the visit arrived (then the answer waits for the database).
#[derive(Clone)]
pub struct KeptPages<S> {
    pub inner: S,
    pub pages: Arc<PageCache>,
    pub db: crate::store::Db,
}

/// What a request finds among the kept pages.
enum Found {
    /// The answer, now.
    Answer(Response),
    /// This page, if the store's change mark is still this.
    Check(Arc<Page>, i64),
    /// Nothing: the app answers.
    Nothing,
}

impl<S> KeptPages<S> {
    fn find(&self, req: &axum::extract::Request) -> Found {
        if req.method() != axum::http::Method::GET || req.uri().query().is_some() || self.pages.is_empty() {
            return Found::Nothing;
        }
        let address = req.uri().path();
        let Some(id) = address.rsplit('/').next() else { return Found::Nothing };
        if super::extract::carries(req.headers(), id) {
            return Found::Nothing;
        }
        let Some((page, at, kept)) = self.pages.entry(address) else { return Found::Nothing };
        if kept.elapsed() >= PAGE_LIFE {
            return Found::Nothing;
        }
        match self.db.local_mark() {
            Some(now) if now == at => Found::Answer(kept_response(&page, req.headers())),
            Some(_) => Found::Nothing,
            None => Found::Check(page, at),
        }
    }
}

/// A kept page as the app would answer it, with the headers every answer carries.
fn kept_response(page: &Page, headers: &HeaderMap) -> Response {
    let mut r = page.kept_response(headers);
    super::headers::security_headers(r.headers_mut());
    r
}

impl Page {
    /// [`Page::response`], for a visit answered from the kept pages (counted for the operator).
    pub fn kept_response(&self, headers: &HeaderMap) -> Response {
        let (r, len) = self.answer(headers);
        super::metrics::kept_page(len);
        r
    }
}

/// Whether `address`, as a request spelled it, is the share page's own address for build `id`
/// of the game served under `base` ("/boats"): the same bytes as `{base}/{id}`. The router takes
/// other spellings to the same page (`/boats/%61...`: percent-encoded letters of the id); those
/// are answered with a redirect here rather than kept again under each spelling.
pub fn own_address(address: &str, base: &str, id: &str) -> bool {
    address.strip_prefix(base).and_then(|rest| rest.strip_prefix('/')) == Some(id)
}

/// The address a request meant when it spelled it with doubled or trailing slashes
/// (`//boats//abc/` means `/boats/abc`), with its query; `None` when it has none of those, or
/// holds anything but plain address characters (nothing here sends a browser off the site).
pub fn tidy_address(uri: &axum::http::Uri) -> Option<String> {
    let path = uri.path();
    let untidy = path.contains("//") || (path.len() > 1 && path.ends_with('/'));
    if !untidy || !path.bytes().all(|b| b.is_ascii_graphic() && b != b'\\') {
        return None;
    }
    let mut tidy = String::with_capacity(path.len());
    for part in path.split('/').filter(|p| !p.is_empty()) {
        tidy.push('/');
        tidy.push_str(part);
    }
    if tidy.is_empty() {
        tidy.push('/');
    }
    if let Some(q) = uri.query() {
        tidy.push('?');
        tidy.push_str(q);
    }
    Some(tidy)
}

/// A permanent redirect (308) to `to`: small, never kept.
pub fn redirect(to: &str) -> Response {
    match HeaderValue::from_str(to) {
        Ok(location) => {
            let mut r = axum::http::StatusCode::PERMANENT_REDIRECT.into_response();
            r.headers_mut().insert(header::LOCATION, location);
            r
        }
        Err(_) => super::error::AppError::not_found("page").into_response(),
    }
}

type Ready<E> = std::future::Ready<Result<Response, E>>;

impl<S> tower::Service<axum::extract::Request> for KeptPages<S>
where
    S: tower::Service<axum::extract::Request, Response = Response> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response;
    type Error = S::Error;
    type Future = futures_util::future::Either<
        futures_util::future::Either<Ready<S::Error>, S::Future>,
        futures_util::future::BoxFuture<'static, Result<Response, S::Error>>,
    >;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: axum::extract::Request) -> Self::Future {
        use futures_util::future::Either::{Left, Right};
        match self.find(&req) {
            Found::Answer(r) => Left(Left(std::future::ready(Ok(r)))),
            Found::Nothing => Left(Right(self.inner.call(req))),
            Found::Check(page, at) => {
                // The clone made ready is the one that serves (tower's rule for a service used
                // from a future).
                let clone = self.inner.clone();
                let mut inner = std::mem::replace(&mut self.inner, clone);
                let (pages, db) = (self.pages.clone(), self.db.clone());
                Right(Box::pin(async move {
                    match pages.marks.read(&db).await {
                        Ok(now) if now == at => Ok(kept_response(&page, req.headers())),
                        // The store is away: the page as it was last confirmed, or 503 at once
                        // (asking the app would only meet the outage again).
                        Err(e) if crate::store::unavailable(&e) => Ok(if pages.marks.confirmed(at) {
                            kept_response(&page, req.headers())
                        } else {
                            super::error::AppError::Db(e).into_response()
                        }),
                        _ => inner.call(req).await,
                    }
                }))
            }
        }
    }
}

/// Drops the pages past their life every [`PAGE_LIFE`], for as long as the server runs: an idle
/// site gives their memory back.
pub async fn sweep_every(pages: Arc<PageCache>) {
    let mut every = tokio::time::interval(PAGE_LIFE);
    loop {
        every.tick().await;
        pages.sweep();
    }
}

/// A kept page, the store's change mark it was drawn at, and when it was kept.
type Kept = (Arc<Page>, i64, Instant);

/// A page being drawn to be kept ([`PageCache::draw_or_wait`]): the visits waiting for it go on
/// when this is dropped, drawn or not.
pub struct Drawing<'a> {
    pages: &'a PageCache,
    address: String,
    /// Held until the drawing ends; the waiting visits read-lock it.
    _held: tokio::sync::OwnedRwLockWriteGuard<()>,
}

impl Drop for Drawing<'_> {
    fn drop(&mut self) {
        // The entry is this drawing's own: one is made only where none is, and only its
        // drawing removes it. The next visit to miss the page starts a drawing of its own.
        self.pages.drawing.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.address);
    }
}

/// How long a page is served at most. The mark moves on after a write commits; an instance
/// killed between the two leaves a write no mark announced, and this bounds how long any
/// instance may go on showing what came before it.
pub const PAGE_LIFE: Duration = Duration::from_secs(30);

/// Reads of the store's change mark, shared by the visits waiting at the same moment: one query
/// answers every visit that arrived before it was sent, so a busy share page costs the database
/// one small query per round trip, not one per visit, and no visit gets a mark read before it
/// arrived (which could miss a write acknowledged just before).
pub struct Marks {
    rounds: std::sync::Mutex<Rounds>,
    /// The last round that ended: its number, and what it found.
    done: tokio::sync::watch::Sender<(u64, Round)>,
    /// The last mark read, and when it was read.
    last: std::sync::Mutex<Option<(i64, Instant)>>,
}

struct Rounds {
    /// The number the next round to start will have.
    next: u64,
    /// Whether a round is reading now.
    running: bool,
}

impl Default for Marks {
    fn default() -> Self {
        Marks {
            rounds: std::sync::Mutex::new(Rounds { next: 1, running: false }),
            done: tokio::sync::watch::Sender::new((0, Round::Abandoned)),
            last: std::sync::Mutex::new(None),
        }
    }
}

/// Ends a round however its reader ends (a visitor who hangs up drops the read half-way): the
/// next visit may lead a round, and the waiters are told this one found nothing.
struct Leading<'a> {
    marks: &'a Marks,
    round: u64,
    found: Round,
}

/// What a round of reading the change mark found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Round {
    Mark(i64),
    /// The store could not be reached.
    Unavailable,
    /// Its reader went away (or failed otherwise) before it was read.
    Abandoned,
}

impl Drop for Leading<'_> {
    fn drop(&mut self) {
        self.marks.rounds.lock().unwrap_or_else(PoisonError::into_inner).running = false;
        self.marks.done.send_replace((self.round, self.found));
    }
}

impl Marks {
    /// Whether `mark` is the last change mark read, less than [`PAGE_LIFE`] ago: what a kept
    /// page drawn at `mark` needs to be served while the store cannot be reached.
    pub fn confirmed(&self, mark: i64) -> bool {
        self.last
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some_and(|(last, at)| last == mark && at.elapsed() < PAGE_LIFE)
    }

    /// The store's change mark, read after this call began.
    pub async fn read(&self, db: &crate::store::Db) -> Result<i64, sqlx::Error> {
        if let Some(mark) = db.local_mark() {
            return Ok(mark);
        }
        // Any round numbered from `need` on starts reading after this moment.
        let need = self.rounds.lock().unwrap_or_else(PoisonError::into_inner).next;
        let mut done = self.done.subscribe();
        loop {
            match *done.borrow_and_update() {
                (round, Round::Mark(mark)) if round >= need => return Ok(mark),
                // A round that began after this visit found the store away: asking again in
                // turn would only make the visits behind it wait for each other's failures.
                (round, Round::Unavailable) if round >= need => return Err(crate::store::pg::not_answering()),
                _ => {}
            }
            let lead = {
                let mut rounds = self.rounds.lock().unwrap_or_else(PoisonError::into_inner);
                (!rounds.running).then(|| {
                    rounds.running = true;
                    rounds.next += 1;
                    rounds.next - 1
                })
            };
            if let Some(round) = lead {
                let mut leading = Leading { marks: self, round, found: Round::Abandoned };
                let mark = match db.change_mark().await {
                    Ok(mark) => mark,
                    Err(e) => {
                        if crate::store::unavailable(&e) {
                            leading.found = Round::Unavailable;
                        }
                        return Err(e);
                    }
                };
                leading.found = Round::Mark(mark);
                *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some((mark, Instant::now()));
                return Ok(mark);
            }
            // Another visit is reading: its round may have started too early for this one, so
            // wait for it to end and look again.
            if done.changed().await.is_err() {
                return db.change_mark().await;
            }
        }
    }
}

pub struct PageCache {
    /// Change marks read for the visits to kept pages.
    pub marks: Marks,
    /// Each page with the store's change mark it was drawn at.
    pages: RwLock<Pages>,
    /// The bytes the pages may take together.
    max_bytes: usize,
    /// The pages being drawn to be kept now, by address: see [`PageCache::draw_or_wait`].
    drawing: std::sync::Mutex<HashMap<String, Arc<tokio::sync::RwLock<()>>>>,
    /// Turns to draw (and compress) a share page on the blocking pool: one for each core, see
    /// [`PageCache::turn_to_draw`].
    turns: Arc<tokio::sync::Semaphore>,
}

/// The kept pages, by their own address, and the bytes they take. Pages are kept with
/// increasing `Instant`s, so the order they were kept in is their order of age: `by_age` holds
/// each kept page's address under its number in that order, and the oldest is the first. Making
/// room costs the pages it drops, never a sort of all of them.
#[derive(Default)]
struct Pages {
    /// Each page, and its number in `by_age`.
    map: HashMap<String, (Kept, u64)>,
    /// The addresses kept, by the number they were kept under (oldest first).
    by_age: BTreeMap<u64, String>,
    /// The number the next page kept will have.
    next: u64,
    bytes: usize,
}

/// What one entry takes: its page's three encodings and its key.
fn size(address: &str, page: &Page) -> usize {
    address.len() + page.bytes()
}

impl Pages {
    fn insert(&mut self, address: &str, kept: Kept) {
        self.remove(address);
        let seq = self.next;
        self.next += 1;
        self.bytes += size(address, &kept.0);
        self.by_age.insert(seq, address.to_owned());
        self.map.insert(address.to_owned(), (kept, seq));
    }

    fn remove(&mut self, address: &str) {
        if let Some(((page, _, _), seq)) = self.map.remove(address) {
            self.by_age.remove(&seq);
            self.bytes -= size(address, &page);
        }
    }

    /// Drops the oldest page; `false` when there is none.
    fn drop_oldest(&mut self) -> bool {
        let Some((_, address)) = self.by_age.pop_first() else { return false };
        if let Some(((page, _, _), _)) = self.map.remove(&address) {
            self.bytes -= size(&address, &page);
        }
        true
    }

    /// Makes room for an entry of `incoming` bytes within `max_bytes` and [`CAPACITY`]: the
    /// expired pages go first, then the oldest.
    fn make_room(&mut self, incoming: usize, max_bytes: usize) {
        let full = |p: &Pages| p.bytes + incoming > max_bytes || p.map.len() >= CAPACITY;
        if !full(self) {
            return;
        }
        self.sweep();
        while full(self) && self.drop_oldest() {}
    }

    /// Drops the pages older than [`PAGE_LIFE`]: they are never served again. They are the
    /// oldest, so the first in `by_age`.
    fn sweep(&mut self) {
        while let Some((_, address)) = self.by_age.first_key_value() {
            let expired = self.map.get(address).is_none_or(|((_, _, kept), _)| kept.elapsed() >= PAGE_LIFE);
            if !expired || !self.drop_oldest() {
                break;
            }
        }
    }
}

impl Default for PageCache {
    fn default() -> Self {
        PageCache::new(DEFAULT_MIB << 20)
    }
}

impl PageCache {
    /// An empty cache whose pages take at most `max_bytes` together.
    pub fn new(max_bytes: usize) -> Self {
        PageCache {
            marks: Marks::default(),
            pages: RwLock::default(),
            max_bytes,
            drawing: Default::default(),
            turns: Arc::new(tokio::sync::Semaphore::new(super::cores())),
        }
    }

    /// A turn to draw a share page, to hold while it is drawn and compressed. Drawing is work
    /// for the processor alone, so more pages drawn at once than there are cores would not end
    /// any sooner; but each holds its page, the page's text as it grows and a compressor's
    /// tables (several MiB for the largest), and the blocking pool would start a thread for
    /// every one: sixteen of the largest pages asked for at once grew a two-core server by
    /// 45–105 MiB, by how many happened to overlap. A visit waiting for its turn holds nothing.
    pub async fn turn_to_draw(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        // The semaphore is never closed.
        self.turns.clone().acquire_owned().await.ok()
    }

    /// Who draws a page that is not kept, when many visit it at once (a link just shared, or
    /// a busy page past its life): the first visit draws it and gets `Some`, to hold until the
    /// page is kept; a visit arriving meanwhile waits for that drawing to end and gets `None`,
    /// then looks for the page again and draws it itself only if it is still not kept (the
    /// drawing failed, or a write moved the mark on). Without this every visit in the meantime
    /// drew and compressed the same page: 64 at once held a two-core server for 0.15–0.5 s.
    /// A waiting visit holds nothing but its place; a drawing bounds its own time.
    pub async fn draw_or_wait(&self, address: &str) -> Option<Drawing<'_>> {
        let lock = {
            let mut drawing = self.drawing.lock().unwrap_or_else(PoisonError::into_inner);
            match drawing.get(address) {
                Some(lock) => lock.clone(),
                None => {
                    let lock = Arc::new(tokio::sync::RwLock::new(()));
                    let held = lock.clone().try_write_owned().ok()?;
                    drawing.insert(address.to_owned(), lock);
                    return Some(Drawing { pages: self, address: address.to_owned(), _held: held });
                }
            }
        };
        drop(lock.read().await);
        None
    }

    /// How many pages are being drawn to be kept (the tests' look at [`PageCache::draw_or_wait`]).
    pub fn drawing(&self) -> usize {
        self.drawing.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// Drops the pages past their life, so their memory goes back while the site is idle
    /// (the server does this every [`PAGE_LIFE`]).
    pub fn sweep(&self) {
        self.pages.write().unwrap_or_else(PoisonError::into_inner).sweep();
    }

    /// The bytes the kept pages take.
    pub fn bytes(&self) -> usize {
        self.pages.read().unwrap_or_else(PoisonError::into_inner).bytes
    }

    /// The page kept at `address`, with the change mark it was drawn at and when it was kept.
    fn entry(&self, address: &str) -> Option<Kept> {
        self.pages
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .map
            .get(address)
            .map(|(kept, _)| kept.clone())
    }

    /// The page at `address` ("/boats/{id}"), if kept and drawn at the store's change mark
    /// `mark` (as read now).
    pub fn get(&self, address: &str, mark: i64) -> Option<Arc<Page>> {
        let pages = self.pages.read().unwrap_or_else(PoisonError::into_inner);
        pages
            .map
            .get(address)
            .filter(|((_, at, kept), _)| *at == mark && kept.elapsed() < PAGE_LIFE)
            .map(|((page, _, _), _)| page.clone())
    }

    /// Keeps `plain` for `address`, compressed, with the store's change mark `mark` as read
    /// before the build it shows was read (a page drawn from a build that changed meanwhile is
    /// kept under a mark that has moved on, so it is never served again); returns it.
    pub fn put(&self, address: &str, plain: Bytes, mark: i64) -> Arc<Page> {
        self.keep(address, Page::new(plain), mark)
    }

    /// As [`PageCache::put`], with the page compressed already (off the async workers). A page
    /// larger than the whole bound is sent but not kept.
    pub fn keep(&self, address: &str, page: Page, mark: i64) -> Arc<Page> {
        let page = Arc::new(page);
        let incoming = size(address, &page);
        let mut pages = self.pages.write().unwrap_or_else(PoisonError::into_inner);
        pages.remove(address);
        if incoming > self.max_bytes {
            return page;
        }
        pages.make_room(incoming, self.max_bytes);
        pages.insert(address, (page.clone(), mark, Instant::now()));
        page
    }

    /// How many pages are kept.
    pub fn len(&self) -> usize {
        self.pages.read().unwrap_or_else(PoisonError::into_inner).map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests;
