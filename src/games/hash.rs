//! The hashes of the short keys the app looks up and keeps, quicker than the standard hash for
//! keys of a few bytes that no one chooses to collide: FNV-1a (a form's names, the tests' kept
//! fingerprints: fixed on every machine and in every build) and a word-at-a-time hash for a map
//! of a catalog's ids.

use std::hash::{BuildHasherDefault, Hasher};

/// Where FNV-1a starts.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a: `h` with `bytes` hashed onto it.
pub fn fnv(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Eight bytes at a time, for a map's short keys (a catalog's ids): each word of the key mixed in
/// with one multiplication, where FNV-1a takes one a byte.
#[derive(Debug, Clone, Copy, Default)]
pub struct Words(u64);

impl Hasher for Words {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in chunks.by_ref() {
            self.mix(u64::from_le_bytes(c.try_into().unwrap_or_default()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(last));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Words {
    fn mix(&mut self, word: u64) {
        // FxHash's step: rotate, mix the word in, multiply by a large odd constant.
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// A map hashed with [`Words`].
pub type WordsMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<Words>>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The published test vectors of 64-bit FNV-1a.
    #[test]
    fn it_gives_the_published_values() {
        assert_eq!(fnv(FNV_START, b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv(FNV_START, b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv(FNV_START, b"foobar"), 0x8594_4171_f739_67e8);
        assert_eq!(fnv(fnv(FNV_START, b"foo"), b"bar"), fnv(FNV_START, b"foobar"));
    }

    /// Keys that differ anywhere, in their last bytes past a word or only in length, hash apart
    /// (as a map hashes a key: its length, then its bytes).
    #[test]
    fn words_tell_short_keys_apart() {
        use std::hash::{BuildHasher, BuildHasherDefault};
        let hash = |key: &[u8]| BuildHasherDefault::<Words>::default().hash_one(key);
        let keys: [&[u8]; 8] =
            [b"", b"a", b"a\0", b"vmg", b"heavy-rocket", b"heavy-rockets", b"heavy-racket", b"light-rocket"];
        for (i, a) in keys.iter().enumerate() {
            assert_eq!(hash(a), hash(a));
            for b in &keys[i + 1..] {
                assert_ne!(hash(a), hash(b), "{a:?} {b:?}");
            }
        }
    }
}
