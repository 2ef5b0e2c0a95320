//! Sixteen bytes looked at together: which of them are among a few bytes, in one pass of SSE2
//! comparisons (part of every x86-64 processor), or a byte at a time elsewhere. A live update
//! looks through its form's body for cuts ("&", "=") and through the text it draws for
//! characters to escape; both are a few dozen bytes between finds, too short for a search made
//! for long text (memchr's) to pay for setting itself up.

/// One bit for each of `chunk`'s bytes that is one of `set`'s, the first byte's lowest.
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn among<const N: usize>(chunk: &[u8; 16], set: &[u8; N]) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_setzero_si128,
    };
    // SAFETY: SSE2 is part of the x86-64 baseline, so its instructions run on any processor this
    // code is built for; the load reads the sixteen bytes of `chunk`, and `_mm_loadu_si128` asks
    // no alignment of them.
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
        let found = set.iter().fold(_mm_setzero_si128(), |found, &c| {
            _mm_or_si128(found, _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8)))
        });
        // The mask's sixteen bits, as a non-negative `i32`.
        _mm_movemask_epi8(found).unsigned_abs()
    }
}

/// [`among`] a byte at a time, where there is no SSE2.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub fn among<const N: usize>(chunk: &[u8; 16], set: &[u8; N]) -> u32 {
    chunk.iter().rev().fold(0, |m, c| m << 1 | u32::from(set.contains(c)))
}

/// The sixteen bytes of `bytes` from `at`, with zeros past its end.
#[inline]
pub fn from(bytes: &[u8], at: usize) -> [u8; 16] {
    let rest = bytes.get(at..).unwrap_or_default();
    match rest.first_chunk::<16>() {
        Some(chunk) => *chunk,
        None => {
            let mut last = [0u8; 16];
            last[..rest.len()].copy_from_slice(rest);
            last
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each byte value at each of the sixteen places, among a set it is in or not: its bit alone.
    #[test]
    fn each_byte_is_marked_where_it_is_when_it_is_among_the_set() {
        for place in 0..16 {
            for b in 0..=255u8 {
                let mut chunk = [b'a'; 16];
                chunk[place] = b;
                let set = *b"<>&\"'";
                let want = if set.contains(&b) { 1 << place } else { 0 };
                assert_eq!(among(&chunk, &set), want, "{b} at {place}");
                let want = if b == b'=' || b == b'&' { 1 << place } else { 0 };
                assert_eq!(among(&chunk, b"&="), want, "{b} at {place}");
            }
        }
        assert_eq!(among(b"&&&&&&&&&&&&&&&&", b"&"), 0xffff);
    }

    #[test]
    fn the_last_few_bytes_come_with_zeros_after_them() {
        let bytes = b"0123456789abcdefXYZ";
        assert_eq!(&from(bytes, 0), b"0123456789abcdef");
        assert_eq!(from(bytes, 16), *b"XYZ\0\0\0\0\0\0\0\0\0\0\0\0\0");
        assert_eq!(from(bytes, 19), [0; 16]);
        assert_eq!(from(bytes, 40), [0; 16]);
    }
}
