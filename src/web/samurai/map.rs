//! The map, drawn on the server as SVG: every hex with its terrain, the pieces on it, and, for
//! the selected unit, the hexes it may reach. Highlights never rely on colour alone: a sea move
//! is hatched and numbered with its hexes, a landing cross-hatched and lettered (E embark, D
//! disembark), a grapple target marked G with a dashed edge, the selected hex drawn with a heavy
//! outline; land is stippled. Each edge of the board names its side (north is Side B's edge,
//! south Side A's), a grapple is a bar across the two hexes' shared side (never over a piece),
//! and each piece shows its type's two capitals, unique on the map and listed in the key. The
//! wind and tide have a compass of their own beside the map, so it stays in view however the map
//! is scrolled or zoomed. The template (`samurai/map.html`) draws what this prepares.

use super::threat::{self, ThreatWords};
use crate::games::Backwards;
use crate::games::bounds::short;
use crate::games::line;
use crate::games::samurai::{Hex, Judgement, Reach, Scenario, Side, Threat, UnitOptions};
use std::borrow::Cow;
use std::hash::{BuildHasher, Hash, Hasher};

mod kept;
pub use kept::{Place, Placed, Plain, Tenths};

/// A hex's radius in drawing units; the map scales to its box.
const R: f64 = 20.0;
/// Room at the left and right for the west and east edges' names, at the top for the north's.
const SIDE: f64 = 14.0;
const TOP: f64 = 18.0;
/// Room at the bottom for the sections' names and the south edge's.
const FOOT: f64 = 34.0;
/// Zoomed in, the map is drawn this many pixels to a drawing unit: a hex is then 43 px across its
/// flats (at least the 32 px a finger needs), and the map scrolls in its own box.
pub const ZOOM: f64 = 1.25;
/// Where a piece's leader (L) and Command Ship (C) badges sit from its hex's centre, either side
/// of its token's top ([`BADGE_DX`] right and left), and their size.
pub const BADGE_DX: f64 = 9.5;
pub const BADGE_DY: f64 = -4.5;
pub const BADGE_SIZE: f64 = 6.0;
/// The grapple bar's width.
pub const BAR_WIDTH: f64 = 2.5;

/// What clicking a hex does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Clicks {
    /// The editor: each hex is a form button (`action=hex.D5`), posted to `post` with htmx.
    /// With `brief` (the orders of battle drawn briefly, a long list) a piece's hex is named by
    /// its unit's number and side letter ("F7, ocean, unit 12 of side A"), the names left to
    /// its row. `post` is one of our own addresses, written into every hex unescaped (a test
    /// holds it to needing no escape).
    Buttons { post: &'static str, brief: bool },
    /// A saved scenario: each hex links to `{base}?hex=D5`.
    Links { base: String },
    /// Print: nothing to click.
    None,
}

pub struct HexView {
    /// Its name, outline and the places of what it shows: the same on every map.
    pub place: Placed,
    pub land: bool,
    pub shore: bool,
    pub piece: Option<Piece>,
    /// "hl-move", "hl-landing", "hl-grapple" or "".
    pub hl: &'static str,
    /// "1", "2", "E", "D", "G" or ""; on a threat map "×3", the units reaching it.
    pub mark: Cow<'static, str>,
    pub selected: bool,
    /// What a screen reader hears for the hex.
    pub label: String,
    /// Its link on a saved scenario's map.
    pub href: String,
    /// The editor's drawing of the hex, kept, where it is plain (see [`Plain`]): the label and
    /// link are then left empty, as the drawing holds the label.
    pub kept: Option<&'static Plain>,
}

impl HexView {
    /// The badges' place, for the template.
    pub fn badge_dx(&self) -> Tenths {
        Tenths(BADGE_DX)
    }

    pub fn badge_dy(&self) -> Tenths {
        Tenths(BADGE_DY)
    }
}

pub struct Piece {
    pub side_a: bool,
    /// Its type's two capitals (see [`token_codes`]); "L" for a lone leader.
    pub code: Cow<'static, str>,
    pub leader: bool,
    pub ship: bool,
    pub lone: bool,
    pub flat: bool,
}

/// A line's ends, each coordinate written to one decimal ([`Tenths`], straight into the page).
pub struct Line {
    pub x1: Tenths,
    pub y1: Tenths,
    pub x2: Tenths,
    pub y2: Tenths,
}

/// An edge's name, written along it.
pub struct EdgeLabel {
    pub x: Tenths,
    pub y: Tenths,
    /// Turned this many degrees about its place (the west and east edges read along them).
    pub rotate: i32,
    pub text: String,
}

/// One line of the tokens' key: a type's capitals and its name.
pub struct KeyToken {
    pub code: Cow<'static, str>,
    pub name: Cow<'static, str>,
}

pub struct MapView {
    pub width: Tenths,
    pub height: Tenths,
    /// Its size in pixels zoomed in ([`ZOOM`]); fitted, it takes its box's width.
    pub zoom_width: Tenths,
    pub zoom_height: Tenths,
    pub hexes: Vec<HexView>,
    /// Each grapple: a bar across the two hexes' shared side.
    pub grapples: Vec<Line>,
    /// The two cuts between the sections, and where each section's name goes.
    pub cuts: Vec<Line>,
    pub sections: Vec<(Tenths, &'static str)>,
    pub label_y: Tenths,
    pub edges: Vec<EdgeLabel>,
    /// The compass beside the map: an arrow from its centre for each way the wind and tide blow.
    pub winds: Vec<Line>,
    pub wind_text: String,
    pub key: Vec<KeyToken>,
    pub side_a: String,
    pub side_b: String,
    pub title: String,
    pub desc: String,
    pub clicks: Clicks,
    /// Drawn zoomed in.
    pub zoomed: bool,
    /// The hex chosen on a saved scenario's map, kept by its zoom link.
    pub chosen: Option<Hex>,
    /// A side's threat map shown in place of the chosen unit's reach, in words for the list
    /// below the map (`samurai/threat.html`).
    pub threat: Option<ThreatWords>,
}

fn centre(h: Hex) -> (f64, f64) {
    let w = R * 3f64.sqrt();
    let x = SIDE + w / 2.0 + f64::from(h.doubled_x()) * w / 2.0;
    let y = TOP + R + f64::from(h.row) * 1.5 * R;
    (x, y)
}

/// Two capitals for a type's name: "Ashigaru Spearmen" is "AS", "Junk" is "JU".
fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let letters: String = if words.len() >= 2 {
        words.iter().take(2).filter_map(|w| w.chars().find(|c| c.is_alphanumeric())).collect()
    } else {
        name.chars().filter(|c| c.is_alphanumeric()).take(2).collect()
    };
    let letters = letters.to_uppercase();
    if letters.is_empty() { "U".to_owned() } else { letters }
}

/// Every type on the map with the capitals its pieces show, in the order the scenario first
/// places them: a catalog type's own (`data/units.csv`, unique among the types), a player's own
/// type the initials of its name, made unique on this map by a number when another type already
/// shows them ("JU", "JU2"). Two pieces show the same capitals only when they are of one type.
/// The map, its key and the units' headings read each unit's by its place ([`Tokens::code`]).
pub fn token_codes(s: &Scenario) -> Tokens {
    let types: Vec<_> = s.units.iter().map(|u| u.unit_type()).collect();
    // The catalog's capitals are taken first, whatever the order, so a player's type never
    // borrows them.
    // Each list made as long as it can grow (one entry a unit), not grown entry by entry.
    let mut taken: Vec<Cow<'static, str>> = Vec::with_capacity(2 * s.units.len());
    taken.extend(types.iter().flatten().map(|t| Cow::Borrowed(t.token)));
    // Each type's key (a catalog type's id, a player's type its name in lower case), as `key`.
    let mut keys: Vec<Cow<'_, str>> = Vec::with_capacity(s.units.len());
    let mut tokens =
        Tokens { key: Vec::with_capacity(s.units.len()), of_unit: Vec::with_capacity(s.units.len()) };
    for (u, t) in s.units.iter().zip(&types) {
        let key = t.map_or_else(|| Cow::Owned(u.kind.trim().to_lowercase()), |t| Cow::Borrowed(t.id));
        if let Some(at) = keys.iter().position(|k| *k == key) {
            tokens.of_unit.push(at);
            continue;
        }
        let (code, name) = match t {
            Some(t) => (Cow::Borrowed(t.token), Cow::Borrowed(t.name)),
            None => {
                let base = initials(u.type_name());
                let code = std::iter::once(base.clone())
                    .chain((2..).map(|n| format!("{base}{n}")))
                    .find(|c| !taken.iter().any(|t| t == c))
                    .unwrap_or(base);
                taken.push(Cow::Owned(code.clone()));
                (Cow::Owned(code), Cow::Owned(u.type_name().to_owned()))
            }
        };
        tokens.of_unit.push(keys.len());
        keys.push(key);
        tokens.key.push(KeyToken { code, name });
    }
    tokens
}

/// The capitals the pieces show ([`token_codes`]).
pub struct Tokens {
    /// Every type on the map once, in the order the scenario first places them.
    pub key: Vec<KeyToken>,
    /// Each unit's type, by its place in `key`.
    of_unit: Vec<usize>,
}

impl Tokens {
    /// Unit `k`'s capitals ("" for a unit the scenario does not have).
    pub fn code(&self, k: usize) -> Cow<'static, str> {
        self.of_unit.get(k).and_then(|&t| self.key.get(t)).map_or(Cow::Borrowed(""), |t| t.code.clone())
    }
}

/// The map's key: a hash of everything [`MapView::new`] reads of its arguments, and nothing
/// else, so that two maps with the same key are drawn byte for byte the same (and a live update
/// whose page already shows the map of this key need not draw it again, see
/// `SamuraiView::live_map`). Anything `MapView::new` comes to read must be hashed here too:
/// `map/tests/key.rs` draws random pairs of scenarios and holds the two together.
///
/// foldhash's quality hasher with its fixed seed (`FixedState`, not its random state): the same
/// inputs give the same key in every process of a build, so any instance can answer a page
/// another drew. It mixes each write with a folded multiplication, where SipHash (the standard
/// `DefaultHasher`, this key's hash until measured: 6% of a live update of a map the page kept)
/// runs its rounds over every word. Another build may hash differently; a page drawn by it then
/// brings a key that matches nothing, and its map is simply drawn again.
pub fn key(
    s: &Scenario,
    j: &Judgement,
    selected: Option<&UnitOptions>,
    threat: Option<&Threat>,
    clicks: &Clicks,
    zoomed: bool,
) -> u64 {
    let mut h = foldhash::quality::FixedState::default().build_hasher();
    clicks.hash(&mut h);
    zoomed.hash(&mut h);
    (s.board.width, s.board.rows).hash(&mut h);
    // Land and shore, by the rows as written (more than the map reads: "~" and "." both
    // ocean, a row past the board, would only draw the same map again).
    s.terrain.hash(&mut h);
    s.wind.hash(&mut h);
    (s.side_name(Side::A), s.side_name(Side::B)).hash(&mut h);
    // Where the judgement places each unit, and what its piece, label and key line show.
    j.units.len().hash(&mut h);
    for o in &j.units {
        o.hex.hash(&mut h);
    }
    s.units.len().hash(&mut h);
    for u in &s.units {
        (u.side, &u.kind, u.leader.is_some(), u.command_ship, u.flat).hash(&mut h);
    }
    s.leaders.len().hash(&mut h);
    for l in &s.leaders {
        (l.side, l.hex, l.kind).hash(&mut h);
    }
    s.grapples.len().hash(&mut h);
    for g in &s.grapples {
        (g.a, g.b).hash(&mut h);
    }
    // The chosen unit's highlights.
    selected.map(|o| (o.hex, o.naval, &o.moves, &o.landings, &o.grapple, &o.sever)).hash(&mut h);
    // The threat map: its side, each hex's units and how (its words also name each unit's hex,
    // hashed above, and the card and wind, the card hashed here).
    // Nothing at all when none is shown, so that a page drawn before there were threat maps
    // keeps its key.
    if let Some(t) = threat {
        (t, s.card).hash(&mut h);
    }
    h.finish()
}

impl MapView {
    /// The map of `s`, with the options of `selected` (if any) highlighted, or with `threat` a
    /// side's threat map (`selected` then only outlined); `zoomed` draws it big enough to tap
    /// each hex on a phone. What it reads is hashed by [`key`]: keep the two together.
    pub fn new(
        s: &Scenario,
        j: &Judgement,
        selected: Option<&UnitOptions>,
        threat: Option<&Threat>,
        clicks: Clicks,
        zoomed: bool,
    ) -> Self {
        Self::drawn(s, j, selected, threat, clicks, zoomed, true)
    }

    /// The same, with the editor's plain hexes kept ([`Plain`]) if `keep`, or each drawn whole
    /// (held to the same bytes by the tests).
    pub(super) fn drawn(
        s: &Scenario,
        j: &Judgement,
        selected: Option<&UnitOptions>,
        threat: Option<&Threat>,
        clicks: Clicks,
        zoomed: bool,
        keep: bool,
    ) -> Self {
        let b = s.board;
        // Plain hexes are kept as the editor draws them, with where its buttons post.
        let post = match clicks {
            Clicks::Buttons { post, .. } if keep => Some(post),
            _ => None,
        };
        let w = R * 3f64.sqrt();
        let board_w = f64::from(b.width) * w;
        let width = SIDE * 2.0 + board_w;
        let bottom = TOP + R * 2.0 + f64::from(b.rows.saturating_sub(1)) * 1.5 * R;
        let height = bottom + FOOT;
        let tokens = token_codes(s);
        let brief = matches!(clicks, Clicks::Buttons { brief: true, .. });
        let side = threat.map(|t| t.side);
        let link = |h: Hex| match &clicks {
            Clicks::Links { base } => threat::saved_link(base, Some(h), zoomed, side),
            _ => String::new(),
        };
        let mut hexes = Vec::with_capacity(b.len());
        // What the section cuts must leave clear: each piece with its badges, each mark, each
        // hex's name (left, top, right, bottom).
        // Made long enough for a name each, a piece each unit and leader, and a few marks.
        let mut labels: Vec<(f64, f64, f64, f64)> =
            Vec::with_capacity(b.len() + s.units.len() + s.leaders.len() + 16);
        for h in b.hexes() {
            let (cx, cy) = centre(h);
            labels.push((cx - 6.0, cy - R * 0.55 - 5.5, cx + 6.0, cy - R * 0.55 + 1.5));
            let land = s.is_land(h);
            let shore = land && b.neighbours(h).any(|(_, n)| !s.is_land(n));
            let unit = j.units.iter().position(|o| o.hex == h).map(|k| (k, &s.units[k]));
            let piece = match unit {
                Some((k, u)) => Some(Piece {
                    side_a: u.side == Side::A,
                    code: tokens.code(k),
                    leader: u.leader.is_some(),
                    ship: u.command_ship,
                    lone: false,
                    flat: u.flat,
                }),
                None => s.leaders.iter().find(|l| l.hex == h).map(|l| Piece {
                    side_a: l.side == Side::A,
                    code: Cow::Borrowed("L"),
                    leader: false,
                    ship: false,
                    lone: true,
                    flat: false,
                }),
            };
            let (hl, mark, what) = match threat {
                Some(t) => threat::highlight(s, t, h, brief),
                None => highlight(selected, h),
            };
            if piece.is_some() {
                labels.push(piece_box(cx, cy));
            }
            if !mark.is_empty() {
                // One letter's box, or wider for a threat map's "×12".
                let half = 5.5f64.max(3.0 * mark.chars().count() as f64 + 1.0);
                labels.push((cx - half, cy + R * 0.8 - 8.0, cx + half, cy + R * 0.8 + 2.5));
            }
            let (terrain, t) = if shore {
                ("shore", 2)
            } else if land {
                ("land", 1)
            } else {
                ("ocean", 0)
            };
            let is_selected = selected.is_some_and(|o| o.hex == h);
            let plain =
                piece.is_none() && hl.is_empty() && mark.is_empty() && what.is_empty() && !is_selected;
            let slot = post.filter(|_| plain).and_then(|post| Some((Plain::slot(h, t)?, post)));
            let place = Place::of(h);
            // A plain hex the editor has drawn before is written from what was kept, label and
            // all: made straight into the list (most of a map's hexes come this way).
            if let Some(kept) = slot.and_then(|(k, post)| k.get()?.as_ref().filter(|k| k.posts_to(post))) {
                let (label, href) = (String::new(), String::new());
                let kept = Some(kept);
                hexes.push(HexView {
                    place,
                    land,
                    shore,
                    piece,
                    hl,
                    mark,
                    selected: false,
                    label,
                    href,
                    kept,
                });
                continue;
            }
            // Put together piece by piece: a map makes one for each of its hundred-odd hexes.
            let mut label = String::with_capacity(64);
            label.push_str(&place.name);
            label.push_str(", ");
            label.push_str(terrain);
            // A side by its name, or briefly by its letter; a unit by its type, or by its number.
            let side = |label: &mut String, x: Side| {
                if brief {
                    label.push_str("side ");
                    label.push_str(&x.id().to_uppercase());
                } else {
                    label.push_str(&short(s.side_name(x)));
                }
            };
            if let Some((k, u)) = unit {
                label.push_str(", ");
                if brief {
                    label.push_str("unit ");
                    label.push_str(Backwards::whole(k as u64 + 1).as_str());
                } else {
                    label.push_str(&short(u.type_name()));
                }
                label.push_str(" of ");
                side(&mut label, u.side);
            } else if let Some(l) = s.leaders.iter().find(|l| l.hex == h) {
                label.push_str(", lone ");
                label.push_str(&l.kind.name().to_lowercase());
                label.push_str(" of ");
                side(&mut label, l.side);
            }
            if !what.is_empty() {
                label.push_str(", ");
                label.push_str(&what);
            }
            if is_selected {
                label.push_str(", selected");
            }
            let mut hex = HexView {
                place,
                land,
                shore,
                piece,
                hl,
                mark,
                selected: is_selected,
                label,
                href: link(h),
                kept: None,
            };
            // The first time this hex is drawn plain: kept for every map after.
            if let Some((slot, post)) = slot {
                hex.kept = slot.get_or_init(|| Plain::new(&hex, post)).as_ref().filter(|k| k.posts_to(post));
            }
            hexes.push(hex);
        }
        let grapples = s
            .grapples
            .iter()
            .filter(|g| b.contains(g.a) && b.contains(g.b) && g.a.distance(g.b) == 1)
            .map(|g| {
                let ((x1, y1), (x2, y2)) = grapple_bar(g.a, g.b);
                Line { x1: Tenths(x1), y1: Tenths(y1), x2: Tenths(x2), y2: Tenths(y2) }
            })
            .collect();
        let cut = |k: f64| SIDE + board_w * k / 3.0;
        let cuts = [1.0, 2.0]
            .iter()
            .flat_map(|&k| {
                let x = cut(k);
                clear_of(TOP, bottom, labels.iter().filter(|l| l.0 <= x && x <= l.2).map(|l| (l.1, l.3)))
                    .into_iter()
                    .map(move |(y1, y2)| Line {
                        x1: Tenths(x),
                        y1: Tenths(y1),
                        x2: Tenths(x),
                        y2: Tenths(y2),
                    })
            })
            .collect();
        let sections =
            vec![(Tenths(cut(0.5)), "Left"), (Tenths(cut(1.5)), "Centre"), (Tenths(cut(2.5)), "Right")];
        let (north, south) = (edge(s, Side::B), edge(s, Side::A));
        let mid_y = (TOP + bottom) / 2.0;
        let edges = vec![
            EdgeLabel {
                x: Tenths(width / 2.0),
                y: Tenths(TOP - 6.0),
                rotate: 0,
                text: line(&[&"North: ", &north]),
            },
            EdgeLabel {
                x: Tenths(width / 2.0),
                y: Tenths(bottom + 27.0),
                rotate: 0,
                text: line(&[&"South: ", &south]),
            },
            EdgeLabel { x: Tenths(SIDE - 5.0), y: Tenths(mid_y), rotate: -90, text: "West".into() },
            EdgeLabel { x: Tenths(width - SIDE + 5.0), y: Tenths(mid_y), rotate: 90, text: "East".into() },
        ];
        let winds = s
            .wind
            .iter()
            .map(|d| {
                let (ux, uy) = d.unit();
                Line {
                    x1: Tenths(24.0),
                    y1: Tenths(24.0),
                    x2: Tenths(24.0 + ux * 17.0),
                    y2: Tenths(24.0 + uy * 17.0),
                }
            })
            .collect();
        let wind_text = if s.wind.is_empty() {
            "Wind and tide: no direction noted".to_owned()
        } else {
            line(&[&"Wind and tide toward the ", &s.wind.names()])
        };
        let land = b.hexes().filter(|&h| s.is_land(h)).count();
        MapView {
            width: Tenths(width),
            height: Tenths(height),
            zoom_width: Tenths(width * ZOOM),
            zoom_height: Tenths(height * ZOOM),
            hexes,
            grapples,
            cuts,
            sections,
            label_y: Tenths(bottom + 12.0),
            edges,
            winds,
            desc: line(&[
                &wind_text.as_str(),
                &". ",
                &s.units.len(),
                &" units and ",
                &s.leaders.len(),
                &" lone leaders placed. North, the top edge, is ",
                &north,
                &"; south, the bottom edge, is ",
                &south,
                &".",
            ]),
            wind_text,
            key: tokens.key,
            side_a: s.side_name(Side::A).to_owned(),
            side_b: s.side_name(Side::B).to_owned(),
            title: line(&[&"Map: ", &b.width, &" by ", &b.rows, &" hexes, ", &land, &" of them land"]),
            clicks,
            zoomed,
            chosen: None,
            threat: threat.map(|t| ThreatWords::new(s, j, t, brief)),
        }
    }

    pub fn buttons(&self) -> Option<&'static str> {
        match self.clicks {
            Clicks::Buttons { post, .. } => Some(post),
            _ => None,
        }
    }

    pub fn link_base(&self) -> Option<&str> {
        match &self.clicks {
            Clicks::Links { base } => Some(base),
            _ => None,
        }
    }

    /// A saved map's link that zooms it in (or back out), keeping the hex chosen.
    pub fn zoom_link(&self) -> Option<String> {
        let base = self.link_base()?;
        Some(threat::saved_link(base, self.chosen, !self.zoomed, self.threat.as_ref().map(|t| t.side)))
    }

    /// A saved map's links choosing a side's threat map, or none (see [`threat::links`]).
    pub fn threat_links(&self) -> Vec<(String, String, bool)> {
        let Some(base) = self.link_base() else { return Vec::new() };
        let names = [self.side_a.as_str(), self.side_b.as_str()];
        threat::links(names, base, self.chosen, self.zoomed, self.threat.as_ref().map(|t| t.side))
    }
}

/// The box a piece covers around its hex's centre: its square token (20 by 13) or round one
/// (radius 8), and its badges either side of its top, with a little room.
fn piece_box(cx: f64, cy: f64) -> (f64, f64, f64, f64) {
    let half_w = BADGE_DX + BADGE_SIZE / 2.0 + 1.0;
    (cx - half_w, cy + BADGE_DY - BADGE_SIZE - 1.0, cx + half_w, cy + 7.5)
}

/// The stretches of `from..to` that no span of `spans` (top, bottom) covers, in order.
fn clear_of(from: f64, to: f64, spans: impl Iterator<Item = (f64, f64)>) -> Vec<(f64, f64)> {
    let mut spans: Vec<(f64, f64)> = spans.collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out = Vec::with_capacity(spans.len() + 1);
    let mut at = from;
    for (top, bottom) in spans {
        if top > at {
            out.push((at, top.min(to)));
        }
        at = at.max(bottom);
    }
    if at < to {
        out.push((at, to));
    }
    out.retain(|(a, b)| b > a);
    out
}

/// A grapple's bar: across the side two neighbouring hexes share, its middle two thirds. Every
/// point of a side is a hex's full inner radius from both centres, beyond a token and its badges
/// (the test below measures it).
pub fn grapple_bar(a: Hex, b: Hex) -> ((f64, f64), (f64, f64)) {
    let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
    let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = dx.hypot(dy).max(f64::EPSILON);
    // Perpendicular to the line between the centres, along the shared side (of length R).
    let (px, py) = (-dy / len, dx / len);
    let half = R / 3.0;
    ((mx - px * half, my - py * half), (mx + px * half, my + py * half))
}

/// How a hex is highlighted for the selected unit, by its reach ([`UnitOptions::reach_at`], as
/// the threat map reads it): (class, mark, words).
fn highlight(selected: Option<&UnitOptions>, h: Hex) -> (&'static str, Cow<'static, str>, Cow<'static, str>) {
    let (class, mark, words) = match selected.map(|o| (o, o.reach_at(h))) {
        None => ("", "", ""),
        Some((_, Some(Reach::Disembark))) => ("hl-landing", "D", "it may disembark here"),
        Some((_, Some(Reach::Embark))) => ("hl-landing", "E", "it may embark here"),
        Some((_, Some(Reach::Sail(1)))) => ("hl-move", "1", "it may move here, 1 hex"),
        Some((_, Some(Reach::Sail(_)))) => ("hl-move", "2", "it may move here, 2 hexes"),
        Some((_, Some(Reach::Grapple))) => ("hl-grapple", "G", "it may grapple this boat"),
        Some((o, None)) if o.sever.contains(&h) => ("hl-grapple", "G", "grappled with it"),
        Some((_, None)) => ("", "", ""),
    };
    (class, Cow::Borrowed(mark), Cow::Borrowed(words))
}

/// "Red's edge": the edge of the map `side` starts from, named for the side.
fn edge(s: &Scenario, side: Side) -> String {
    line(&[&s.side_name(side), &"'s edge"])
}

#[cfg(test)]
mod tests;
