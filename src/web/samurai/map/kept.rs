//! What a hex of the map writes the same on every map, worked out once and kept: its place
//! ([`Place`]: its name, outline and where its pieces go, each a coordinate written to one
//! decimal, [`Tenths`]), and the editor's drawing of a plain hex ([`Plain`]). A live update of
//! the editor's map draws a hundred-odd hexes; most of what they write is here.

use super::{HexView, R, centre};
use crate::games::Fixed;
use crate::games::samurai::Hex;
use std::sync::{LazyLock, OnceLock};

/// A coordinate written to one decimal, as `format!("{x:.1}")` writes it ([`Fixed`]), for
/// every coordinate of the map (a live update writes thousands). Written straight into the page,
/// with no string of its own, and unescaped (the map's templates write it `|safe`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tenths(pub f64);

impl Tenths {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        Fixed::<1>(self.0).write_to(out)
    }
}

crate::written!(plain: Tenths);

/// `x` to one decimal, as a string (see [`Tenths`]).
pub(super) fn f(x: f64) -> String {
    Tenths(x).to_string()
}

/// A hex's outline: its six corners from the top, clockwise, as SVG's `points` lists them
/// ("x,y x,y …", each to one decimal). Made once for each hex and kept in its [`Place`].
pub(super) fn outline(cx: f64, cy: f64) -> String {
    use std::fmt::Write;
    let mut text = String::with_capacity(72);
    for k in 0..6 {
        let a = (60.0 * f64::from(k) - 90.0).to_radians();
        if k > 0 {
            text.push(' ');
        }
        // Writing into a `String` cannot fail.
        let _ = write!(text, "{},{}", Tenths(cx + R * a.cos()), Tenths(cy + R * a.sin()));
    }
    text
}

/// What a hex writes wherever it is drawn, the same on every map of every scenario (a hex's
/// place depends on its column and row alone): its name, its outline, and where its name, mark,
/// piece and button go, each written as text once and kept. A live update of the editor's map
/// wrote these thousands of numbers afresh on every change.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// "D5".
    pub name: String,
    /// The six corners, as SVG's `points` lists them ([`outline`]).
    pub points: String,
    /// Where the mark and the piece sit.
    pub tx: String,
    pub mark_y: String,
    pub cy: String,
    /// The hex's name where it sits (`samurai/hex_place.html`).
    pub name_text: String,
    /// The editor's button over the hex, up to its label: the hex's bounding box, the button
    /// clipped to the hex (static/samurai.css), so all of a hex answers a tap and nothing of its
    /// neighbours'.
    pub button: String,
}

/// The pieces of a hex's markup kept in its [`Place`].
#[derive(askama::Template)]
#[template(path = "samurai/hex_place.html", blocks = ["name_text", "button"])]
struct PlaceMarkup<'a> {
    name: &'a str,
    tx: &'a str,
    name_y: &'a str,
    bx: &'a str,
    by: &'a str,
    width: &'a str,
    height: &'a str,
}

/// The columns and rows the kept places cover: the largest board's.
const PLACE_COLUMNS: usize = *crate::games::samurai::WIDTH.end() as usize;
const PLACE_ROWS: usize = *crate::games::samurai::ROWS.end() as usize;

/// Where what is kept for `h` is, among the largest board's hexes, row after row; `None` past
/// them.
fn kept_at(h: Hex) -> Option<usize> {
    let (col, row) = (usize::from(h.col), usize::from(h.row));
    (col < PLACE_COLUMNS && row < PLACE_ROWS).then_some(row * PLACE_COLUMNS + col)
}

impl Place {
    /// Worked out for `h` (see [`Place::of`]).
    pub(super) fn new(h: Hex) -> Self {
        use askama::Template;
        let (cx, cy) = centre(h);
        let w = R * 3f64.sqrt();
        let name = h.name().as_str().to_owned();
        let (mut name_text, mut button) = (String::new(), String::new());
        let (tx, name_y, bx, by) = (f(cx), f(cy - R * 0.55), f(cx - w / 2.0), f(cy - R));
        let (width, height) = (f(w), f(2.0 * R));
        let markup = PlaceMarkup {
            name: &name,
            tx: &tx,
            name_y: &name_y,
            bx: &bx,
            by: &by,
            width: &width,
            height: &height,
        };
        // Rendering into a `String` cannot fail: the pieces write nothing but these strings.
        let _ = markup.as_name_text().render_into(&mut name_text);
        let _ = markup.as_button().render_into(&mut button);
        Place { name, points: outline(cx, cy), tx, mark_y: f(cy + R * 0.8), cy: f(cy), name_text, button }
    }

    /// `h`'s place: kept for every hex of the largest board, worked out at once (a few hundred,
    /// made the first time a map is drawn); a hex past it (none a board has) is worked out anew.
    pub fn of(h: Hex) -> Placed {
        static KEPT: LazyLock<Vec<Place>> = LazyLock::new(|| {
            (0..PLACE_ROWS)
                .flat_map(|row| (0..PLACE_COLUMNS).map(move |col| (col, row)))
                .map(|(col, row)| Place::new(Hex { col: col as u8, row: row as u8 }))
                .collect()
        });
        match kept_at(h).and_then(|at| KEPT.get(at)) {
            Some(p) => Placed::Kept(p),
            None => Placed::Made(Box::new(Place::new(h))),
        }
    }
}

/// A hex's place as a map holds it ([`Place::of`]): the kept one, or one made for a hex past
/// the largest board. Two words, where the place itself is seven strings: a map moves one for
/// each of its hundred-odd hexes.
#[derive(Debug)]
pub enum Placed {
    Kept(&'static Place),
    Made(Box<Place>),
}

impl std::ops::Deref for Placed {
    type Target = Place;

    fn deref(&self) -> &Place {
        match self {
            Placed::Kept(p) => p,
            Placed::Made(p) => p,
        }
    }
}

/// A plain hex as the editor draws it (`samurai/hex.html`): no piece, highlight, mark or
/// selection, so its drawing depends on its place, its terrain and where the editor's buttons
/// post alone, and is the same on every map. Drawn once for each hex and terrain, the first
/// time one is, and kept: the editor's map is a hundred-odd hexes, most of them plain, and a
/// live update drew each anew, thirty pieces at a time. Kept with the line breaks either side
/// of it in the map (`samurai/map.html`), so a map writes each such hex in one piece. At most
/// one for each hex of the largest board and terrain (1,560 of some 580 bytes, under a
/// megabyte), each made the first time a map draws it.
#[derive(Debug)]
pub struct Plain {
    text: String,
    /// Where its button posts: a map posting elsewhere draws the hex whole.
    post: &'static str,
}

/// One hex's drawing (`samurai/hex.html`), as `samurai/map.html` includes it.
#[derive(askama::Template)]
#[template(path = "samurai/hex.html")]
struct HexMarkup<'a> {
    h: &'a HexView,
    buttons: Option<&'a str>,
    link_base: Option<&'a str>,
}

impl Plain {
    /// `h` drawn as the editor posting to `post` draws it, between the map's line breaks;
    /// `None` if it cannot be (the map then draws the hex whole).
    pub(super) fn new(h: &HexView, post: &'static str) -> Option<Plain> {
        use askama::Template;
        let mut text = String::from("\n");
        HexMarkup { h, buttons: Some(post), link_base: None }.render_into(&mut text).ok()?;
        text.push('\n');
        Some(Plain { text, post })
    }

    /// The hex's drawing, with the line breaks either side.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether its button posts to `post`.
    pub(super) fn posts_to(&self, post: &str) -> bool {
        self.post == post
    }

    /// Where `h`'s drawing is kept as `terrain` (0 ocean, 1 land, 2 shore), for the hexes of
    /// the largest board, as [`Place::of`] keeps their places; `None` past it.
    pub(super) fn slot(h: Hex, terrain: usize) -> Option<&'static OnceLock<Option<Plain>>> {
        static KEPT: LazyLock<Vec<[OnceLock<Option<Plain>>; 3]>> =
            LazyLock::new(|| (0..PLACE_ROWS * PLACE_COLUMNS).map(|_| Default::default()).collect());
        kept_at(h).and_then(|at| KEPT.get(at))?.get(terrain)
    }
}
