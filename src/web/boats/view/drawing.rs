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
    pub hull: String,
    /// The deck's outline inside it, on a decked boat.
    pub deck: Option<String>,
    pub rects: Vec<Rect>,
    /// Weapon marks, propeller blades and the side dividers, as one path.
    pub marks: String,
    pub circles: Vec<Circle>,
    pub labels: Vec<Label>,
    /// What it shows, in words, for screen readers.
    pub desc: String,
}

/// A hull's drawn length and beam, after its counter (a Rowboat is short and wide, a Yacht long).
fn size_of(hull: &str) -> (i32, i32) {
    match hull {
        "rowboat" => (150, 112),
        "speeder" => (220, 100),
        "cruiser" => (240, 118),
        "yacht" => (290, 124),
        _ => (200, 104),
    }
}

/// The outline of a hull `len` long and `beam` wide with its bow tip at (CX, `bow`).
fn outline(bow: i32, len: i32, beam: i32) -> String {
    let (h, s) = (beam / 2, bow + len);
    let (l, r) = (CX - h, CX + h);
    let (c1, c2, side) = (bow + len / 12, bow + len / 4, bow + len * 2 / 5);
    format!(
        "M{CX},{bow} C{r1},{c1} {r},{c2} {r},{side} L{r},{s6} Q{r},{s} {r6},{s} L{l6},{s} Q{l},{s} {l},{s6} L{l},{side} C{l},{c2} {l1},{c1} {CX},{bow} Z",
        r1 = CX + h * 9 / 10,
        l1 = CX - h * 9 / 10,
        s6 = s - 6,
        r6 = r - 6,
        l6 = l + 6,
    )
}

/// How a weapon entry is written on the drawing: "VMG", "2 torpedoes".
fn weapon_word(e: &WeaponEntry) -> String {
    match e.weapon.known() {
        Some(w) if e.count > 1 => format!("{} {}", e.count, w.plural),
        Some(w) => w.short.to_owned(),
        None => e.weapon.id().to_owned(),
    }
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
        let (len, beam) = size_of(hull.id);
        let h = beam / 2;
        let stern = BOW + len;
        let locations = armor_locations(hull, d);
        let points = |l: Loc| d.armor.points.get(l);
        let mut labels = Vec::new();
        let mut rects = Vec::new();
        let mut circles = Vec::new();
        let mut marks = String::new();
        let mut words: Vec<String> = Vec::new();

        // Propellers or the jet at the back, under the transom.
        let props = d.propellers.len().min(6) as i32;
        let mut below = stern + 14;
        if props > 0 {
            let y = stern + 12;
            for i in 0..props {
                let x = CX + (2 * i - (props - 1)) * 22;
                marks.push_str(&format!(
                    "M{x},{stern} L{x},{y} M{},{} L{},{} M{},{} L{},{} ",
                    x - 7,
                    y - 4,
                    x + 7,
                    y + 4,
                    x - 7,
                    y + 4,
                    x + 7,
                    y - 4
                ));
                circles.push(Circle { x, y, r: 2 });
                let guard = d.propellers[i as usize].guard;
                if guard > 0 {
                    labels.push(Label {
                        x,
                        y: y + 16,
                        anchor: "middle",
                        class: "small",
                        text: format!("guard {guard}"),
                    });
                }
            }
            below = stern + if d.propellers.iter().any(|p| p.guard > 0) { 42 } else { 30 };
            words.push(match props {
                1 => "one propeller at the back".to_owned(),
                n => format!("{n} propellers at the back"),
            });
        } else if d.jet_drive {
            rects.push(Rect { x: CX - 16, y: stern + 2, w: 32, h: 13, class: "jet" });
            labels.push(Label { x: CX, y: stern + 12, anchor: "middle", class: "small", text: "JET".into() });
            below = stern + 30;
            words.push("a jet drive at the back".into());
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
            marks.push_str(&format!(
                "M{},{y} L{},{y} M{},{y} L{},{y} ",
                CX - h - 5,
                CX - h + 5,
                CX + h - 5,
                CX + h + 5
            ));
        }
        for &l in &locations {
            if let Some(s) = place(l) {
                labels.push(Label {
                    x: s.x,
                    y: s.y,
                    anchor: s.anchor,
                    class: "armor",
                    text: format!("{} {}", l.code(), points(l)),
                });
            }
        }
        let armor_words: Vec<String> =
            locations.iter().map(|&l| format!("{} {}", l.name(), points(l))).collect();

        // Weapons, grouped by facing.
        let mut weapon_words = Vec::new();
        for m in Mount::ALL {
            let here: Vec<String> =
                d.weapons.iter().filter(|e| e.mount.unwrap_or_default() == m).map(weapon_word).collect();
            if here.is_empty() {
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
            let text = here.join(", ");
            weapon_words.push(format!("{text} {}", m.word()));
            let (x, y) = s.edge;
            let mark = match s.out {
                (0, -1) => format!("M{},{y} L{x},{} L{},{y} Z ", x - 5, y - 9, x + 5),
                (0, _) => format!("M{},{y} L{x},{} L{},{y} Z ", x - 5, y + 9, x + 5),
                (-1, _) => format!("M{x},{} L{},{y} L{x},{} Z ", y - 5, x - 9, y + 5),
                _ => format!("M{x},{} L{},{y} L{x},{} Z ", y - 5, x + 9, y + 5),
            };
            marks.push_str(&mark);
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
                let text = format!("{} {}", l.code(), points(l));
                match l {
                    Loc::T | Loc::FT | Loc::BT => {
                        let turrets: Vec<(usize, String)> = d
                            .turrets
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| turret_at(*i).unwrap_or(first_top) == l)
                            .map(|(i, t)| {
                                let ws: Vec<String> = t.weapons.iter().map(weapon_word).collect();
                                (i, if ws.is_empty() { "empty".to_owned() } else { ws.join(", ") })
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
                            text: if half { format!("{text} (half top)") } else { text.clone() },
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
                            weapon_words.push(format!("turret {} on {}: {ws}", i + 1, l.name()));
                        }
                    }
                    Loc::U | Loc::FU | Loc::BU => {
                        rects.push(Rect { x: CX - 30, y: y - 10, w: 60, h: 14, class: "under" });
                        labels.push(Label { x: CX, y, anchor: "middle", class: "armor", text });
                    }
                    _ => labels.push(Label {
                        x: CX,
                        y,
                        anchor: "middle",
                        class: "armor deck-word",
                        text: format!("Deck {text}"),
                    }),
                }
            }
        }
        let decked = locations.iter().any(|l| matches!(l, Loc::D | Loc::FD | Loc::BD));
        let deck = decked.then(|| outline(BOW + 12, len - 18, beam - 16));
        if decked {
            words.push("a deck".into());
        }
        let back_weapons = labels.iter().filter(|l| l.y > below).map(|l| l.y).max().unwrap_or(below);
        let height = back_weapons.max(below) + 12;
        let desc = format!(
            "A {} seen from above, bow up. Armor: {}. Weapons: {}.{}",
            hull.name,
            if armor_words.is_empty() { "none".to_owned() } else { armor_words.join(", ") },
            if weapon_words.is_empty() { "none".to_owned() } else { weapon_words.join("; ") },
            if words.is_empty() { String::new() } else { format!(" It has {}.", words.join(" and ")) }
        );
        Drawing {
            width: WIDTH,
            height,
            hull: outline(BOW, len, beam),
            deck,
            rects,
            marks: marks.trim_end().to_owned(),
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
