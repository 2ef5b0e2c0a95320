//! The boat, drawn from above with its bow up: the hull of its size, each armor location's
//! points written where it sits, weapons as marks on their facings, the top and its turrets, the
//! deck, and the propellers or jet at the back. Black lines and words only, so it reads without
//! colour and prints as it shows; the template (boats/drawing.html) writes the shapes made here.

use crate::games::boats::design::{Top, WeaponEntry};
use crate::games::boats::evaluate::{LineKind, Part, armor_locations};
use crate::games::boats::tables::{self, Loc, Mount};

use super::BoatView;

/// The drawing's width in SVG units; its height follows the hull.
const WIDTH: i32 = 360;
const CX: i32 = WIDTH / 2;
/// Where the bow's tip is: room above it for the front armor and weapons.
const BOW: i32 = 52;

/// A rectangle: the top (solid) or the bottom armor (dashed, under water).
#[derive(Debug, Clone)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
    pub class: &'static str,
}

/// A line of words, anchored at its start, middle or end.
#[derive(Debug, Clone)]
pub struct Label {
    pub x: i32,
    pub y: i32,
    pub anchor: &'static str,
    pub class: &'static str,
    pub text: String,
}

/// A circle: a turret, or a propeller's hub.
#[derive(Debug, Clone)]
pub struct Circle {
    pub x: i32,
    pub y: i32,
    pub r: i32,
}

/// Everything the template draws.
#[derive(Debug, Clone)]
pub struct Drawing {
    pub width: i32,
    pub height: i32,
    /// The hull's outline (an SVG path).
    pub hull: &'static str,
    /// The deck's outline inside it, on a decked boat.
    pub deck: Option<&'static str>,
    pub rects: Vec<Rect>,
    /// Weapon marks, propeller blades and the side dividers, as one path.
    pub marks: String,
    pub circles: Vec<Circle>,
    pub labels: Vec<Label>,
    /// What it shows, in words, for screen readers.
    pub desc: String,
}

/// The drawn sizes of hulls: by hull id, its length and beam, after its counter (a Rowboat is
/// short and wide, a Yacht long); the last, with no id, every other hull's.
const SIZES: [(&str, i32, i32); 5] = [
    ("rowboat", 150, 112),
    ("speeder", 220, 100),
    ("cruiser", 240, 118),
    ("yacht", 290, 124),
    ("", 200, 104),
];

/// A hull's drawn size: its place in [`SIZES`], its length and its beam.
fn size_of(hull: &str) -> (usize, i32, i32) {
    let at = SIZES.iter().position(|(id, _, _)| *id == hull).unwrap_or(SIZES.len() - 1);
    (at, SIZES[at].1, SIZES[at].2)
}

/// Each drawn size's outlines, the hull's and its deck's, written once: every drawing of a hull
/// of that size draws the same two paths.
static OUTLINES: std::sync::LazyLock<Vec<(String, String)>> = std::sync::LazyLock::new(|| {
    SIZES
        .iter()
        .map(|&(_, len, beam)| (outline(BOW, len, beam), outline(BOW + 12, len - 18, beam - 16)))
        .collect()
});

/// Writes `n`'s digits into `out`, without the formatting machinery (a drawing writes a few
/// hundred numbers). A number under a thousand (every coordinate, nearly every armor location's
/// points) has its digits pushed one by one: a third of what writing it as text costs.
fn num(out: &mut String, n: i32) {
    let Ok(small @ 0..1000) = u16::try_from(n) else {
        // A String takes anything written to it.
        let _ = crate::games::write_whole(out, n.into(), false);
        return;
    };
    let digit = |d: u16| char::from(b'0' + (d % 10) as u8);
    if small >= 100 {
        out.push(digit(small / 100));
    }
    if small >= 10 {
        out.push(digit(small / 10));
    }
    out.push(digit(small));
}

/// Writes an SVG path step: `step` (a command letter and a space before it, or nothing) and
/// the point "x,y".
fn point(out: &mut String, step: &str, x: i32, y: i32) {
    out.push_str(step);
    num(out, x);
    out.push(',');
    num(out, y);
}

/// A location and its points, as the drawing writes them: "FL 20"; after `before`.
fn loc_text(before: &str, l: Loc, points: u16) -> String {
    let mut text = String::with_capacity(before.len() + 8);
    text.push_str(before);
    text.push_str(l.code());
    text.push(' ');
    num(&mut text, points.into());
    text
}

/// The outline of a hull `len` long and `beam` wide with its bow tip at (CX, `bow`).
fn outline(bow: i32, len: i32, beam: i32) -> String {
    let (h, s) = (beam / 2, bow + len);
    let (l, r) = (CX - h, CX + h);
    let (c1, c2, side) = (bow + len / 12, bow + len / 4, bow + len * 2 / 5);
    let (r1, l1) = (CX + h * 9 / 10, CX - h * 9 / 10);
    let mut o = String::with_capacity(160);
    for (step, x, y) in [
        ("M", CX, bow),
        (" C", r1, c1),
        (" ", r, c2),
        (" ", r, side),
        (" L", r, s - 6),
        (" Q", r, s),
        (" ", r - 6, s),
        (" L", l + 6, s),
        (" Q", l, s),
        (" ", l, s - 6),
        (" L", l, side),
        (" C", l, c2),
        (" ", l1, c1),
        (" ", CX, bow),
    ] {
        point(&mut o, step, x, y);
    }
    o.push_str(" Z");
    o
}

/// Writes how a weapon entry is written on the drawing: "VMG", "2 torpedoes"; after ", "
/// unless it is the `first` of a list.
fn weapon_word(out: &mut String, first: bool, e: &WeaponEntry) {
    if !first {
        out.push_str(", ");
    }
    match e.weapon.known() {
        Some(w) if e.count > 1 => {
            let _ = crate::games::write_whole(out, e.count.into(), false);
            out.push(' ');
            out.push_str(w.plural);
        }
        Some(w) => out.push_str(w.short),
        None => out.push_str(e.weapon.id()),
    }
}

/// Appends `item` to a list in words, after `sep` unless it is the first.
fn listed(out: &mut String, sep: &str, item: &str) {
    if !out.is_empty() {
        out.push_str(sep);
    }
    out.push_str(item);
}

/// Where a side or end location's words go: (x, y, anchor), and which way its weapons' mark
/// points: (dx, dy).
struct Spot {
    x: i32,
    y: i32,
    anchor: &'static str,
    edge: (i32, i32),
    out: (i32, i32),
}

impl BoatView {
    /// The boat drawn from above.
    pub fn drawing(&self) -> Drawing {
        let d = &self.design;
        let hull = d.hull.known().unwrap_or(&tables::NO_HULL);
        let (size, len, beam) = size_of(hull.id);
        let h = beam / 2;
        let stern = BOW + len;
        let locations = armor_locations(hull, d);
        let points = |l: Loc| d.armor.points.get(l);
        // Room made at once for what a loaded boat draws (a drawing grew each of these a few
        // times over on every live update).
        let mut labels = Vec::with_capacity(16);
        let mut rects = Vec::with_capacity(16);
        let mut circles = Vec::with_capacity(8);
        let mut marks = String::with_capacity(256);
        // What it has at the back and a deck, in words ("2 propellers at the back and a deck").
        let mut words = String::with_capacity(64);

        // Propellers or the jet at the back, under the transom.
        let props = d.propellers.len().min(6) as i32;
        let mut below = stern + 14;
        if props > 0 {
            let y = stern + 12;
            for i in 0..props {
                let x = CX + (2 * i - (props - 1)) * 22;
                for (step, px, py) in [
                    ("M", x, stern),
                    (" L", x, y),
                    (" M", x - 7, y - 4),
                    (" L", x + 7, y + 4),
                    (" M", x - 7, y + 4),
                    (" L", x + 7, y - 4),
                ] {
                    point(&mut marks, step, px, py);
                }
                marks.push(' ');
                circles.push(Circle { x, y, r: 2 });
                let guard = d.propellers[i as usize].guard;
                if guard > 0 {
                    labels.push(Label {
                        x,
                        y: y + 16,
                        anchor: "middle",
                        class: "small",
                        text: {
                            let mut t = String::from("guard ");
                            num(&mut t, guard.into());
                            t
                        },
                    });
                }
            }
            below = stern + if d.propellers.iter().any(|p| p.guard > 0) { 42 } else { 30 };
            match props {
                1 => words.push_str("one propeller at the back"),
                n => {
                    num(&mut words, n);
                    words.push_str(" propellers at the back");
                }
            }
        } else if d.jet_drive {
            rects.push(Rect { x: CX - 16, y: stern + 2, w: 32, h: 13, class: "jet" });
            labels.push(Label { x: CX, y: stern + 12, anchor: "middle", class: "small", text: "JET".into() });
            below = stern + 30;
            words.push_str("a jet drive at the back");
        }

        // The back weapons' mark sits between the propellers (or beside the jet), not on one.
        let back_mark_x = if d.jet_drive && props == 0 {
            CX + 26
        } else if props % 2 == 1 {
            CX + 22
        } else {
            CX
        };

        // Sides and ends: words outside the hull, the weapons' mark on its edge.
        let split = hull.split_sides();
        let side_y = |front: Option<bool>| match front {
            None => BOW + len * 11 / 20,
            Some(true) => BOW + len / 3,
            Some(false) => BOW + len * 3 / 4,
        };
        let place = |l: Loc| -> Option<Spot> {
            let (left, front) = match l {
                Loc::F => {
                    return Some(Spot {
                        x: CX,
                        y: BOW - 14,
                        anchor: "middle",
                        edge: (CX, BOW - 1),
                        out: (0, -1),
                    });
                }
                Loc::B => {
                    return Some(Spot {
                        x: CX,
                        y: below,
                        anchor: "middle",
                        edge: (back_mark_x, stern),
                        out: (0, 1),
                    });
                }
                Loc::L => (true, None),
                Loc::R => (false, None),
                Loc::FL => (true, Some(true)),
                Loc::BL => (true, Some(false)),
                Loc::FR => (false, Some(true)),
                Loc::BR => (false, Some(false)),
                _ => return None,
            };
            let y = side_y(front);
            Some(if left {
                Spot { x: CX - h - 12, y, anchor: "end", edge: (CX - h, y + 8), out: (-1, 0) }
            } else {
                Spot { x: CX + h + 12, y, anchor: "start", edge: (CX + h, y + 8), out: (1, 0) }
            })
        };
        if split {
            let y = BOW + len * 27 / 50;
            for (step, x) in [("M", CX - h - 5), (" L", CX - h + 5), (" M", CX + h - 5), (" L", CX + h + 5)] {
                point(&mut marks, step, x, y);
            }
            marks.push(' ');
        }
        for &l in &locations {
            if let Some(s) = place(l) {
                labels.push(Label {
                    x: s.x,
                    y: s.y,
                    anchor: s.anchor,
                    class: "armor",
                    text: loc_text("", l, points(l)),
                });
            }
        }
        let mut armor_words = String::with_capacity(16 * locations.len());
        for &l in &locations {
            listed(&mut armor_words, ", ", l.name());
            armor_words.push(' ');
            num(&mut armor_words, points(l).into());
        }

        // Weapons, grouped by facing.
        let mut weapon_words = String::with_capacity(128);
        for m in Mount::ALL {
            // Room for a few weapons' words (it grew a few times over on a loaded facing).
            let mut text = String::with_capacity(32);
            let mut here = 0;
            for e in d.weapons.iter().filter(|e| e.mount.unwrap_or_default() == m) {
                weapon_word(&mut text, here == 0, e);
                here += 1;
            }
            if here == 0 {
                continue;
            }
            let loc = match m {
                Mount::F => Loc::F,
                Mount::B => Loc::B,
                Mount::L => Loc::L,
                Mount::R => Loc::R,
                Mount::FL => Loc::FL,
                Mount::FR => Loc::FR,
                Mount::BL => Loc::BL,
                Mount::BR => Loc::BR,
            };
            let Some(s) = place(loc) else { continue };
            listed(&mut weapon_words, "; ", &text);
            weapon_words.push(' ');
            weapon_words.push_str(m.word());
            let (x, y) = s.edge;
            // A triangle on the edge, pointing out.
            let mark = match s.out {
                (0, -1) => [(x - 5, y), (x, y - 9), (x + 5, y)],
                (0, _) => [(x - 5, y), (x, y + 9), (x + 5, y)],
                (-1, _) => [(x, y - 5), (x - 9, y), (x, y + 5)],
                _ => [(x, y - 5), (x + 9, y), (x, y + 5)],
            };
            for (step, (px, py)) in ["M", " L", " L"].into_iter().zip(mark) {
                point(&mut marks, step, px, py);
            }
            marks.push_str(" Z ");
            let ty = match s.out {
                (0, -1) => s.y - 14,
                _ => s.y + 13,
            };
            labels.push(Label { x: s.x, y: ty, anchor: s.anchor, class: "weapon", text });
        }

        // The middle: top and turrets, deck, bottom, from bow to stern.
        let turret_at = |i: usize| {
            self.eval.ledger.iter().find_map(|l| match l.kind {
                LineKind::Turret { location, .. } if l.part == Part::Turret(i) => Some(location),
                _ => None,
            })
        };
        // A turret the engine could not place is drawn in the first top location.
        let first_top = if locations.contains(&Loc::FT) { Loc::FT } else { Loc::T };
        let middle: Vec<Loc> = locations
            .iter()
            .copied()
            .filter(|l| {
                matches!(
                    l,
                    Loc::T | Loc::FT | Loc::BT | Loc::D | Loc::FD | Loc::BD | Loc::U | Loc::FU | Loc::BU
                )
            })
            .collect();
        let is_front = |l: Loc| matches!(l, Loc::T | Loc::FT | Loc::FD | Loc::FU);
        let is_back = |l: Loc| matches!(l, Loc::BT | Loc::BD | Loc::BU);
        let halves: [(Vec<Loc>, i32, i32); 2] = if split {
            let order = |f: &dyn Fn(Loc) -> bool| -> Vec<Loc> {
                [Loc::T, Loc::FT, Loc::FD, Loc::FU, Loc::BT, Loc::BD, Loc::BU]
                    .into_iter()
                    .filter(|&l| f(l) && middle.contains(&l))
                    .collect()
            };
            [
                (order(&is_front), BOW + len / 5, BOW + len / 2),
                (order(&is_back), BOW + len * 11 / 20, BOW + len * 9 / 10),
            ]
        } else {
            let order: Vec<Loc> =
                [Loc::T, Loc::D, Loc::U].into_iter().filter(|l| middle.contains(l)).collect();
            [(order, BOW + len / 4, BOW + len * 7 / 8), (Vec::new(), 0, 0)]
        };
        for (locs, from, to) in &halves {
            let n = locs.len() as i32;
            for (i, &l) in locs.iter().enumerate() {
                let y = from + (to - from) * (2 * i as i32 + 1) / (2 * n.max(1));
                match l {
                    Loc::T | Loc::FT | Loc::BT => {
                        let turrets: Vec<(usize, String)> = d
                            .turrets
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| turret_at(*i).unwrap_or(first_top) == l)
                            .map(|(i, t)| {
                                let mut ws = String::with_capacity(32);
                                for (k, e) in t.weapons.iter().enumerate() {
                                    weapon_word(&mut ws, k == 0, e);
                                }
                                (i, if t.weapons.is_empty() { "empty".to_owned() } else { ws })
                            })
                            .collect();
                        let tall = 18 + 13 * turrets.len() as i32;
                        let top = y - tall / 2;
                        let half = d.top == Top::Half;
                        rects.push(Rect {
                            x: CX - 36,
                            y: top,
                            w: 72,
                            h: tall,
                            class: if half { "top half" } else { "top" },
                        });
                        labels.push(Label {
                            x: CX,
                            y: top + 12,
                            anchor: "middle",
                            class: "armor",
                            text: {
                                let mut text = loc_text("", l, points(l));
                                if half {
                                    text.push_str(" (half top)");
                                }
                                text
                            },
                        });
                        for (k, (i, ws)) in turrets.iter().enumerate() {
                            let ty = top + 24 + 13 * k as i32;
                            circles.push(Circle { x: CX - 28, y: ty - 3, r: 4 });
                            labels.push(Label {
                                x: CX - 20,
                                y: ty,
                                anchor: "start",
                                class: "weapon",
                                text: ws.clone(),
                            });
                            listed(&mut weapon_words, "; ", "turret ");
                            let _ = crate::games::write_whole(
                                &mut weapon_words,
                                i64::try_from(i + 1).unwrap_or(i64::MAX),
                                false,
                            );
                            weapon_words.push_str(" on ");
                            weapon_words.push_str(l.name());
                            weapon_words.push_str(": ");
                            weapon_words.push_str(ws);
                        }
                    }
                    Loc::U | Loc::FU | Loc::BU => {
                        rects.push(Rect { x: CX - 30, y: y - 10, w: 60, h: 14, class: "under" });
                        labels.push(Label {
                            x: CX,
                            y,
                            anchor: "middle",
                            class: "armor",
                            text: loc_text("", l, points(l)),
                        });
                    }
                    _ => labels.push(Label {
                        x: CX,
                        y,
                        anchor: "middle",
                        class: "armor deck-word",
                        text: loc_text("Deck ", l, points(l)),
                    }),
                }
            }
        }
        let decked = locations.iter().any(|l| matches!(l, Loc::D | Loc::FD | Loc::BD));
        let (hull_path, deck_path) = &OUTLINES[size];
        let deck = decked.then_some(deck_path.as_str());
        if decked {
            listed(&mut words, " and ", "a deck");
        }
        let back_weapons = labels.iter().filter(|l| l.y > below).map(|l| l.y).max().unwrap_or(below);
        let height = back_weapons.max(below) + 12;
        let mut desc = String::with_capacity(64 + armor_words.len() + weapon_words.len() + words.len());
        for piece in [
            "A ",
            hull.name,
            " seen from above, bow up. Armor: ",
            if armor_words.is_empty() { "none" } else { &armor_words },
            ". Weapons: ",
            if weapon_words.is_empty() { "none" } else { &weapon_words },
            ".",
        ] {
            desc.push_str(piece);
        }
        if !words.is_empty() {
            desc.push_str(" It has ");
            desc.push_str(&words);
            desc.push('.');
        }
        Drawing {
            width: WIDTH,
            height,
            hull: hull_path.as_str(),
            deck,
            rects,
            marks: {
                marks.truncate(marks.trim_end().len());
                marks
            },
            circles,
            labels,
            desc,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::design::{Design, PropellerEntry, TurretEntry};
    use crate::games::boats::evaluate::armor_locations;

    /// A number is written as `Display` writes it, after what is there: each from -2,000 to
    /// 2,000 (both sides of every length of the short way) and the widest.
    #[test]
    fn numbers_are_written_as_display_writes_them() {
        for n in (-2000..=2000).chain([i32::MIN, i32::MAX, 65535, 65536, -65536]) {
            let mut out = String::from("M ");
            num(&mut out, n);
            assert_eq!(out, format!("M {n}"));
        }
    }

    /// Every hull with everything the drawing shows: a full top with a turret, its deck if it
    /// may have one, three guarded propellers and a weapon on every facing.
    fn loaded(hull: &'static tables::Hull) -> Design {
        let mut d = Design::blank(hull);
        d.top = Top::Full;
        if hull.deck != tables::DeckRule::Forbidden {
            d.deck = Some(crate::games::boats::design::Deck { below: None });
        }
        d.propellers = vec![PropellerEntry { size: None, guard: 10 }; 3];
        let mg = tables::weapon_by_id("mg").expect("mg");
        d.weapons = Mount::ALL.iter().map(|&m| WeaponEntry::new(mg, Some(m))).collect();
        d.turrets = vec![TurretEntry {
            size: 1,
            popup: false,
            universal: false,
            location: None,
            weapons: vec![WeaponEntry::new(mg, None)],
        }];
        for (i, l) in Loc::ALL.into_iter().enumerate() {
            d.armor.points.set(l, i as u16 + 1);
        }
        d
    }

    #[test]
    fn every_hull_writes_each_of_its_locations_once_and_inside_the_picture() {
        for hull in tables::HULLS.iter() {
            let d = loaded(hull);
            let drawing = BoatView::new(d.clone(), Vec::new()).drawing();
            for l in armor_locations(hull, &d) {
                let text = format!("{} {}", l.code(), d.armor.points.get(l));
                let n = drawing
                    .labels
                    .iter()
                    .filter(|x| {
                        x.text == text
                            || x.text.starts_with(&format!("{text} "))
                            || x.text == format!("Deck {text}")
                    })
                    .count();
                assert_eq!(
                    n,
                    1,
                    "{}: {text} in {:?}",
                    hull.name,
                    drawing.labels.iter().map(|x| &x.text).collect::<Vec<_>>()
                );
            }
            for x in &drawing.labels {
                assert!(
                    x.y > 0 && x.y < drawing.height && x.x > 0 && x.x < drawing.width,
                    "{}: {x:?} outside",
                    hull.name
                );
            }
            assert_eq!(drawing.circles.len(), 3 + 1, "{}: three hubs and a turret", hull.name);
            assert!(drawing.desc.contains("3 propellers at the back"), "{}", drawing.desc);
        }
    }
}
