//! What every printed page carries, whatever the game: the build's share link, written out and as
//! a small QR code, so a player at the table can open the live build from the paper. Printed
//! pages put it in the foot of every sheet of paper (`macros.html`, `printed`: a table footer,
//! which Chromium repeats on each printed page), and at the foot of the page on screen.
//!
//! The QR code is made by the `qrcode` crate and drawn here as one SVG path (our own few lines,
//! so it is crisp at any size, needs no image and prints with the page's ink).

use qrcode::{Color, EcLevel, QrCode};
use std::fmt::Write as _;

/// Modules of light margin around a QR code: the four its standard asks for.
const QUIET: usize = 4;

/// A QR code drawn as SVG: its size in modules (with the quiet zone) and one path of dark
/// modules, a unit square each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qr {
    pub size: usize,
    pub path: String,
}

impl Qr {
    /// The code of `text`, at the medium error-correction level (a fold or a smudge in the paper
    /// still reads); none for text longer than a QR code holds (no share link comes near it).
    pub fn of(text: &str) -> Option<Qr> {
        let code = QrCode::with_error_correction_level(text, EcLevel::M).ok()?;
        let width = code.width();
        let colors = code.to_colors();
        let mut path = String::new();
        for (y, row) in colors.chunks(width).enumerate() {
            // One rectangle per run of dark modules in a row.
            let mut x = 0;
            while x < width {
                if row[x] == Color::Dark {
                    let start = x;
                    while x < width && row[x] == Color::Dark {
                        x += 1;
                    }
                    let _ = write!(path, "M{} {}h{}v1h-{}z", start + QUIET, y + QUIET, x - start, x - start);
                } else {
                    x += 1;
                }
            }
        }
        Some(Qr { size: width + 2 * QUIET, path })
    }
}

/// What a printed page says about where its build lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// The build's share link, for a saved build (or the build the printed form was editing).
    pub url: Option<String>,
    pub qr: Option<Qr>,
    /// Printed from an editor with changes that may not be saved: the link opens the build as
    /// it was last saved.
    pub unsaved_changes: bool,
}

impl Printed {
    /// A saved build's page: its share link.
    pub fn saved(url: String) -> Self {
        Printed { qr: Qr::of(&url), url: Some(url), unsaved_changes: false }
    }

    /// A page printed from an editor's form: the saved build it edits, if any (its link, with a
    /// word that the paper may hold changes not saved), else no link at all.
    pub fn from_form(saved_url: Option<String>) -> Self {
        match saved_url {
            Some(url) => Printed { unsaved_changes: true, ..Printed::saved(url) },
            None => Printed { url: None, qr: None, unsaved_changes: false },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The modules the path draws, read back from its rectangles.
    fn drawn(q: &Qr) -> Vec<bool> {
        let mut dark = vec![false; q.size * q.size];
        for rect in q.path.split('M').filter(|r| !r.is_empty()) {
            let nums: Vec<usize> = rect
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(|n| n.parse().expect("a number"))
                .collect();
            let (x, y, w) = (nums[0], nums[1], nums[2]);
            for k in x..x + w {
                dark[y * q.size + k] = true;
            }
        }
        dark
    }

    #[test]
    fn the_path_draws_exactly_the_crates_dark_modules_inside_a_quiet_zone() {
        for text in
            ["http://127.0.0.1:3000/boats/abcdefghjkmnpqrs", "https://drydock.example.org/samurai/x", "a"]
        {
            let q = Qr::of(text).expect("a code");
            let code = QrCode::with_error_correction_level(text, EcLevel::M).expect("a code");
            let w = code.width();
            assert_eq!(q.size, w + 8);
            let dark = drawn(&q);
            for y in 0..q.size {
                for x in 0..q.size {
                    let inside = (QUIET..QUIET + w).contains(&x) && (QUIET..QUIET + w).contains(&y);
                    let want = inside && code[(x - QUIET, y - QUIET)] == Color::Dark;
                    assert_eq!(dark[y * q.size + x], want, "{text}: module {x},{y}");
                }
            }
        }
    }

    #[test]
    fn text_too_long_for_a_code_has_none_and_a_form_without_a_build_has_no_link() {
        assert_eq!(Qr::of(&"x".repeat(5000)), None);
        let p = Printed::from_form(None);
        assert!(p.url.is_none() && p.qr.is_none() && !p.unsaved_changes);
        let p = Printed::from_form(Some("http://h/boats/x".into()));
        assert!(p.unsaved_changes && p.qr.is_some());
    }
}
