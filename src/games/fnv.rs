//! FNV-1a, 64 bits: one hash for the short keys the app looks up and keeps (a form's names, a
//! catalog's ids, a document's words), fixed on every machine and in every build, and quicker
//! than the standard hash for keys of a few bytes that no one chooses to collide.

use std::hash::{BuildHasherDefault, Hasher};

/// Where FNV-1a starts.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a: `h` with `bytes` hashed onto it.
pub fn fnv(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// FNV-1a as a map's hasher.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(FNV_START)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv(self.0, bytes);
    }

    fn finish(&self) -> u64 {
        self.0
    }
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

/// A map hashed with [`Fnv`].
pub type FnvMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<Fnv>>;

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
        let mut h = Fnv::default();
        h.write(b"foobar");
        assert_eq!(h.finish(), 0x8594_4171_f739_67e8);
    }
}
