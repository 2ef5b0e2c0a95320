//! The allocator the server and its benchmarks run with: mimalloc (rendering pages makes many
//! small strings, which it serves faster than the system allocator; measured with
//! scripts/bench.sh), asked the plain way for what needs no more than a word's alignment.
//!
//! The `mimalloc` crate asks mimalloc for every block by its aligned entry points
//! (`mi_malloc_aligned` for a `String`'s bytes too), which look at the alignment before
//! allocating: about ten instructions more a block than `mi_malloc`, and a live update makes one
//! to four hundred. Every mimalloc block is whole words in a page aligned far beyond a word, so
//! `mi_malloc` gives any layout of at most a word's alignment what it needs; a larger alignment
//! goes the aligned way, as before. Blocks are freed by `mi_free` either way.

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc, mi_zalloc_aligned,
};
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment every mimalloc block has, whatever its size: a word.
const PLAIN: usize = std::mem::size_of::<usize>();

/// mimalloc, as `#[global_allocator]`.
pub struct Allocator;

// SAFETY: each method hands the layout's size to mimalloc and returns its block (null when it
// has no memory, as `GlobalAlloc` asks); a block of at most a word's alignment comes from the
// plain entry points, which align every block to a word (see the module notes), any other from
// the aligned ones with the layout's alignment. `dealloc` and `realloc` are given only blocks
// this allocator made, which `mi_free` and both reallocs take whichever way they were made.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl's notes.
        unsafe {
            if layout.align() <= PLAIN {
                mi_malloc(layout.size()).cast()
            } else {
                mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl's notes.
        unsafe {
            if layout.align() <= PLAIN {
                mi_zalloc(layout.size()).cast()
            } else {
                mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: see the impl's notes.
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: see the impl's notes.
        unsafe {
            if layout.align() <= PLAIN {
                mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every size from a byte to past a page, at every alignment from a byte to a page: each
    /// block aligned as asked, zeroed when asked, kept whole when it grows or shrinks (at its
    /// alignment), and freed.
    #[test]
    fn every_block_is_aligned_as_asked_and_keeps_its_bytes() {
        let sizes = (1..=64).chain([65, 100, 127, 128, 129, 255, 1000, 4095, 4096, 4097, 70_000, 1 << 20]);
        for size in sizes {
            for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
                let layout = Layout::from_size_align(size, align).expect("a layout");
                // SAFETY: every layout here has a size; each block is used within its size
                // and freed once, with the layout it was made with (or grown to).
                unsafe {
                    let p = Allocator.alloc_zeroed(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "{size} bytes at {align}");
                    assert!(std::slice::from_raw_parts(p, size).iter().all(|b| *b == 0), "zeroed: {size}");
                    Allocator.dealloc(p, layout);

                    let mut p = Allocator.alloc(layout);
                    assert_eq!(p as usize % align, 0, "{size} bytes at {align}");
                    for i in 0..size {
                        *p.add(i) = (i % 251) as u8;
                    }
                    // Grown, then shrunk below where it began: what both sizes hold is kept.
                    let (mut held, mut kept) = (layout, size);
                    for new in [size * 3 + 1, size.div_ceil(2)] {
                        p = Allocator.realloc(p, held, new);
                        assert_eq!(p as usize % align, 0, "{size} to {new} at {align}");
                        kept = kept.min(new);
                        assert!(
                            (0..kept).all(|i| *p.add(i) == (i % 251) as u8),
                            "{size} to {new} at {align}"
                        );
                        held = Layout::from_size_align(new, align).expect("a layout");
                    }
                    Allocator.dealloc(p, held);
                }
            }
        }
    }
}
