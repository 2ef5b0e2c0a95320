//! Rendered share pages, kept for the visitors who cannot edit them. A share page is the same
//! for every such visitor (its links are written with the configured public origin, never with
//! the Host a client sends, so a client cannot add entries by inventing host names), it is read
//! far more often than written, and every write goes through this process, which empties the
//! cache as it writes (a page also shows its copies' count and its parent's name, so any write
//! may change other pages). Owners and just-saved pages are never cached.

use axum::body::Bytes;
use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};

/// Beyond this many pages the cache starts afresh; it is a cache, not a store. Keys are share
/// addresses of saved builds (about 25 bytes each), so it holds at most this many pages.
const CAPACITY: usize = 4096;

#[derive(Default)]
pub struct PageCache {
    pages: RwLock<HashMap<String, Bytes>>,
}

impl PageCache {
    /// The page at `address` ("/boats/{id}"), if kept.
    pub fn get(&self, address: &str) -> Option<Bytes> {
        self.pages.read().unwrap_or_else(PoisonError::into_inner).get(address).cloned()
    }

    pub fn put(&self, address: &str, page: Bytes) {
        let mut pages = self.pages.write().unwrap_or_else(PoisonError::into_inner);
        if pages.len() >= CAPACITY {
            pages.clear();
        }
        pages.insert(address.to_owned(), page);
    }

    /// Drops every kept page: a build was saved or changed.
    pub fn invalidate(&self) {
        self.pages.write().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// How many pages are kept.
    pub fn len(&self) -> usize {
        self.pages.read().unwrap_or_else(PoisonError::into_inner).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_kept_by_address_until_a_write() {
        let c = PageCache::default();
        c.put("/boats/a", Bytes::from_static(b"1"));
        c.put("/epic/a", Bytes::from_static(b"2"));
        assert_eq!(c.get("/boats/a"), Some(Bytes::from_static(b"1")));
        assert_eq!(c.get("/epic/a"), Some(Bytes::from_static(b"2")));
        assert_eq!(c.len(), 2);
        c.invalidate();
        assert_eq!(c.get("/boats/a"), None);
        assert!(c.is_empty());
    }

    #[test]
    fn the_cache_never_grows_past_its_capacity() {
        let c = PageCache::default();
        for i in 0..CAPACITY * 2 + 3 {
            c.put(&format!("/boats/{i}"), Bytes::from_static(b"p"));
            assert!(c.len() <= CAPACITY);
        }
    }
}
