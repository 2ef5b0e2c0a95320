use super::*;
use std::io::Read;

fn accepting(value: &str) -> HeaderMap {
    let mut h = HeaderMap::new();
    h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
    h
}

#[tokio::test]
async fn pages_are_kept_by_address_until_a_write() {
    let store = crate::store::testing::sqlite().await;
    let db = &store.db;
    let c = PageCache::default();
    let mark = db.change_mark().await.unwrap();
    c.put("/boats/a", Bytes::from_static(b"1"), mark);
    c.put("/epic/a", Bytes::from_static(b"2"), mark);
    assert_eq!(c.get("/boats/a", mark).map(|p| p.plain.clone()), Some(Bytes::from_static(b"1")));
    assert_eq!(c.get("/epic/a", mark).map(|p| p.plain.clone()), Some(Bytes::from_static(b"2")));
    assert_eq!(c.len(), 2);
    db.changed().await.unwrap();
    let now = db.change_mark().await.unwrap();
    assert_eq!(c.get("/boats/a", now), None);
    assert_eq!(c.get("/epic/a", now), None);
}

#[tokio::test]
async fn a_page_drawn_before_a_write_is_not_kept() {
    let store = crate::store::testing::sqlite().await;
    let db = &store.db;
    let c = PageCache::default();
    let seen = db.change_mark().await.unwrap();
    db.changed().await.unwrap();
    let page = c.put("/boats/a", Bytes::from_static(b"old"), seen);
    assert_eq!(page.plain, Bytes::from_static(b"old"), "still sent to the one who asked");
    let now = db.change_mark().await.unwrap();
    assert!(c.get("/boats/a", now).is_none(), "never kept for the next visitor");
}

#[test]
fn a_page_drawn_at_another_change_mark_is_not_served() {
    let c = PageCache::default();
    c.put("/boats/a", Bytes::from_static(b"at 7"), 7);
    assert!(c.get("/boats/a", 7).is_some());
    assert!(c.get("/boats/a", 8).is_none(), "another instance wrote since");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_mark_read_never_predates_the_visit_that_asked() {
    let Some(store) = crate::store::testing::postgres().await else { return };
    let marks = Arc::new(Marks::default());
    // Many visits at once while another instance writes: each gets a mark at least the
    // one the store held when the visit began.
    let mut visits = Vec::new();
    for _ in 0..64 {
        let (marks, db) = (marks.clone(), store.db.clone());
        visits.push(tokio::spawn(async move {
            let mut seen = Vec::new();
            for _ in 0..20 {
                let before = db.change_mark().await.unwrap();
                let read = marks.read(&db).await.unwrap();
                seen.push((before, read));
            }
            seen
        }));
    }
    let writer = {
        let db = store.db.clone();
        tokio::spawn(async move {
            for _ in 0..200 {
                db.changed().await.unwrap();
            }
        })
    };
    writer.await.unwrap();
    for v in visits {
        for (before, read) in v.await.unwrap() {
            assert!(read >= before, "a visit got mark {read}, older than {before} it began at");
        }
    }
    // And a visit after a write sees it.
    store.db.changed().await.unwrap();
    let now = store.db.change_mark().await.unwrap();
    assert_eq!(marks.read(&store.db).await.unwrap(), now);
}

#[test]
fn the_cache_never_grows_past_its_capacity() {
    let c = PageCache::default();
    for i in 0..CAPACITY * 2 + 3 {
        c.put(&format!("/boats/{i}"), Bytes::from_static(b"p"), 1);
        assert!(c.len() <= CAPACITY);
    }
}

fn page_of(bytes: usize) -> Page {
    Page { plain: Bytes::from(vec![b'x'; bytes]), gzip: Bytes::new(), brotli: Bytes::new() }
}

#[test]
fn the_bytes_bound_evicts_the_oldest_pages() {
    let c = PageCache::new(10_000);
    for i in 0..10 {
        c.keep(&format!("/boats/{i}"), page_of(3000), 1);
        assert!(c.bytes() <= 10_000, "{} bytes kept after {i}", c.bytes());
    }
    assert_eq!(c.len(), 3, "three pages of 3,000 bytes and their keys fit in 10,000");
    assert!(c.get("/boats/9", 1).is_some(), "the newest is kept");
    assert!(c.get("/boats/0", 1).is_none(), "the oldest went first");
    // Kept again under the same address: replaced, not counted twice.
    c.keep("/boats/9", page_of(3000), 2);
    assert_eq!(c.len(), 3);
    assert_eq!(c.bytes(), 3 * (3000 + "/boats/9".len()));
    // A page larger than the whole bound is answered but never kept, and evicts nothing.
    let big = c.keep("/boats/big", page_of(20_000), 2);
    assert_eq!(big.plain.len(), 20_000);
    assert!(c.get("/boats/big", 2).is_none());
    assert_eq!(c.len(), 3);
}

/// The addresses kept, oldest first, checking on the way that the age order and the byte
/// count agree with the pages kept.
fn by_age(c: &PageCache) -> Vec<String> {
    let pages = c.pages.read().unwrap();
    assert_eq!(pages.by_age.len(), pages.map.len());
    let mut bytes = 0;
    for (seq, address) in &pages.by_age {
        let ((page, _, _), kept_as) = &pages.map[address];
        assert_eq!(kept_as, seq, "{address}");
        bytes += size(address, page);
    }
    assert_eq!(pages.bytes, bytes);
    pages.by_age.values().cloned().collect()
}

#[test]
fn the_page_kept_longest_ago_goes_first_and_keeping_a_page_again_makes_it_the_newest() {
    let c = PageCache::new(10_000);
    for a in ["/boats/0", "/boats/1", "/boats/2"] {
        c.keep(a, page_of(3000), 1);
    }
    c.keep("/boats/0", page_of(3000), 2);
    assert_eq!(by_age(&c), ["/boats/1", "/boats/2", "/boats/0"]);
    c.keep("/boats/3", page_of(3000), 2);
    assert_eq!(by_age(&c), ["/boats/2", "/boats/0", "/boats/3"]);
    // A larger page takes the room of two.
    c.keep("/boats/4", page_of(6000), 2);
    assert_eq!(by_age(&c), ["/boats/3", "/boats/4"]);
    // One too large to keep drops its own older copy and nothing else.
    c.keep("/boats/3", page_of(20_000), 3);
    assert_eq!(by_age(&c), ["/boats/4"]);
}

#[test]
fn after_many_pages_kept_and_replaced_the_bounds_hold_and_the_oldest_went_first() {
    // A model of the rule: kept pages in age order; room is made by dropping the oldest.
    let max = 200_000;
    let c = PageCache::new(max);
    let mut model: Vec<(String, usize)> = Vec::new();
    let mut x: u64 = 7;
    // Whether the bytes bound, and the count bound, were each met.
    let mut met = (false, false);
    for step in 0..12_000 {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let address = format!("/boats/{}", (x >> 33) % 6000);
        // Small pages first, so the count bound is met; then large ones among them too, so
        // the bytes bound is; now and then one larger than the whole bound.
        let len = match (x >> 20) % 100 {
            0 => max + 1,
            1..=4 if step >= 8000 => 40_000,
            _ => 1 + (x >> 40) as usize % 30,
        };
        c.keep(&address, page_of(len), 1);
        model.retain(|(a, _)| *a != address);
        let incoming = address.len() + len;
        if incoming <= max {
            loop {
                let over_bytes = model.iter().map(|(_, n)| n).sum::<usize>() + incoming > max;
                let over_count = model.len() >= CAPACITY;
                met.0 |= over_bytes;
                met.1 |= over_count;
                if !over_bytes && !over_count {
                    break;
                }
                model.remove(0);
            }
            model.push((address, incoming));
        }
        assert!(c.len() <= CAPACITY && c.bytes() <= max, "step {step}");
        if step % 500 == 0 || step > 11_990 {
            let want: Vec<&str> = model.iter().map(|(a, _)| a.as_str()).collect();
            assert_eq!(by_age(&c), want, "step {step}");
        }
    }
    assert_eq!(c.len(), model.len());
    assert_eq!(met, (true, true), "both bounds were met");
}

#[test]
fn expired_pages_are_swept_and_their_bytes_given_back() {
    let c = PageCache::new(1 << 20);
    c.keep("/boats/a", page_of(1000), 1);
    let long_ago = Instant::now().checked_sub(PAGE_LIFE + Duration::from_secs(1));
    if let Some(at) = long_ago {
        c.pages.write().unwrap().map.get_mut("/boats/a").unwrap().0.2 = at;
    }
    c.keep("/boats/b", page_of(1000), 1);
    c.sweep();
    assert_eq!(c.len(), 1);
    assert_eq!(c.bytes(), 1000 + "/boats/b".len());
}

#[test]
fn only_the_pages_own_spelling_of_its_address_is_its_own() {
    assert!(own_address("/boats/abcdefghijklmnop", "/boats", "abcdefghijklmnop"));
    assert!(!own_address("/boats/%61bcdefghijklmnop", "/boats", "abcdefghijklmnop"));
    assert!(!own_address("/epic/abcdefghijklmnop", "/boats", "abcdefghijklmnop"));
    let tidy = |s: &str| tidy_address(&s.parse().unwrap());
    assert_eq!(tidy("/boats/abc"), None);
    assert_eq!(tidy("/"), None);
    assert_eq!(tidy("//boats//abc/").as_deref(), Some("/boats/abc"));
    assert_eq!(tidy("/boats/abc/?x=1").as_deref(), Some("/boats/abc?x=1"));
    assert_eq!(tidy("//").as_deref(), Some("/"));
    assert_eq!(tidy("//evil.example/").as_deref(), Some("/evil.example"), "never off the site");
}

#[test]
fn a_browser_gets_the_best_encoding_it_accepts() {
    assert_eq!(Encoding::preferred(&accepting("gzip, deflate, br, zstd")), Encoding::Brotli);
    assert_eq!(Encoding::preferred(&accepting("gzip;q=0.8, br;q=0")), Encoding::Gzip);
    assert_eq!(Encoding::preferred(&accepting("identity")), Encoding::Identity);
    assert_eq!(Encoding::preferred(&accepting("*")), Encoding::Gzip);
    assert_eq!(Encoding::preferred(&HeaderMap::new()), Encoding::Identity);
}

#[test]
fn each_encoding_decodes_to_the_page() {
    let html = "<!doctype html><p>Piranha</p>".repeat(100);
    let page = Page::new(Bytes::from(html.clone()));
    let mut gz = String::new();
    flate2::read::GzDecoder::new(&page.gzip[..]).read_to_string(&mut gz).unwrap();
    assert_eq!(gz, html);
    let mut br = String::new();
    brotli::Decompressor::new(&page.brotli[..], 4096).read_to_string(&mut br).unwrap();
    assert_eq!(br, html);
    assert!(page.brotli.len() < html.len() / 10 && page.gzip.len() < html.len() / 10);
    let r = page.response(&accepting("gzip, br"));
    assert_eq!(r.headers()[header::CONTENT_ENCODING], "br");
    assert_eq!(r.headers()[header::VARY], "accept-encoding");
    let r = page.response(&HeaderMap::new());
    assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
}

/// Many visits to a page that is not kept: the first draws it, the others wait for that
/// drawing (however it ends) and then look again; other pages are drawn meanwhile, and nothing
/// is left behind.
#[tokio::test]
async fn one_visit_draws_a_missing_page_and_the_others_wait_for_it() {
    let c = Arc::new(PageCache::default());
    let first = c.draw_or_wait("/boats/a").await.expect("the first visit draws");
    let waiting: Vec<_> = (0..8)
        .map(|_| {
            let c = c.clone();
            tokio::spawn(async move { c.draw_or_wait("/boats/a").await.is_some() })
        })
        .collect();
    // Another page is not held up by this one.
    let other = c.draw_or_wait("/epic/a").await.expect("another page is drawn at once");
    assert_eq!(c.drawing(), 2);
    tokio::time::sleep(Duration::from_millis(30)).await;
    assert!(waiting.iter().all(|w| !w.is_finished()), "the others wait while it is drawn");
    c.put("/boats/a", Bytes::from_static(b"page"), 7);
    drop(first);
    for w in waiting {
        assert!(!w.await.unwrap(), "a visit that waited draws nothing at once");
    }
    assert_eq!(c.get("/boats/a", 7).map(|p| p.plain.clone()), Some(Bytes::from_static(b"page")));
    assert_eq!(c.drawing(), 1);
    // A drawing that ends without a page (an error, a visitor gone) lets the waiting go on,
    // and the next visit to miss it draws it anew.
    let waiter = {
        let c = c.clone();
        tokio::spawn(async move { c.draw_or_wait("/epic/a").await.is_some() })
    };
    tokio::time::sleep(Duration::from_millis(10)).await;
    drop(other);
    assert!(!waiter.await.unwrap());
    assert_eq!(c.drawing(), 0, "nothing is left behind");
    let again = c.draw_or_wait("/epic/a").await;
    assert!(again.is_some(), "the next visit to miss the page draws it");
    drop(again);
    assert_eq!(c.drawing(), 0);
}

#[tokio::test]
async fn no_more_pages_are_drawn_at_once_than_there_are_cores() {
    let c = Arc::new(PageCache::default());
    let mut turns = Vec::new();
    for _ in 0..crate::web::http::cores() {
        turns.push(c.turn_to_draw().await.expect("a turn while a core is free"));
    }
    let next = {
        let c = c.clone();
        tokio::spawn(async move { c.turn_to_draw().await.is_some() })
    };
    tokio::time::sleep(Duration::from_millis(30)).await;
    assert!(!next.is_finished(), "a page past the cores waits for its turn");
    turns.pop();
    assert!(next.await.unwrap(), "a turn given back is the next page's");
}
