//! Rendered share pages, kept for the visitors who cannot edit them. A share page is the same
//! for every such visitor (it depends only on the build and the host name in its links), it is
//! read far more often than written, and every write goes through this process, which empties
//! the cache as it writes (a page also shows its copies' count and its parent's name, so any
//! write may change other pages). Owners and just-saved pages are never cached.

use axum::body::Bytes;
use std::collections::HashMap;
use std::sync::Mutex;

/// Beyond this many pages the cache starts afresh; it is a cache, not a store.
const CAPACITY: usize = 4096;

#[derive(Default)]
pub struct PageCache {
    pages: Mutex<HashMap<(String, String), Bytes>>,
}

impl PageCache {
    /// The page at `address` ("/boats/{id}") as served under `origin`, if kept.
    pub fn get(&self, address: &str, origin: &str) -> Option<Bytes> {
        let pages = self.pages.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        pages.get(&(address.to_owned(), origin.to_owned())).cloned()
    }

    pub fn put(&self, address: &str, origin: &str, page: Bytes) {
        let mut pages = self.pages.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if pages.len() >= CAPACITY {
            pages.clear();
        }
        pages.insert((address.to_owned(), origin.to_owned()), page);
    }

    /// Drops every kept page: a build was saved or changed.
    pub fn invalidate(&self) {
        self.pages.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_kept_per_host_until_a_write() {
        let c = PageCache::default();
        c.put("a", "http://x", Bytes::from_static(b"1"));
        c.put("a", "http://y", Bytes::from_static(b"2"));
        assert_eq!(c.get("a", "http://x"), Some(Bytes::from_static(b"1")));
        assert_eq!(c.get("a", "http://y"), Some(Bytes::from_static(b"2")));
        c.invalidate();
        assert_eq!(c.get("a", "http://x"), None);
    }
}
