//! The map, drawn on the server as SVG: every hex with its terrain, the pieces on it, and, for
//! the selected unit, the hexes it may reach. Highlights never rely on colour alone: a sea move
//! is hatched and numbered with its hexes, a landing cross-hatched and lettered (E embark, D
//! disembark), a grapple target marked G with a dashed edge, the selected hex drawn with a heavy
//! outline; land is stippled. The template (`samurai/map.html`) draws what this prepares.

use crate::games::samurai::{Hex, Judgement, Scenario, Side, UnitOptions};

/// A hex's radius in drawing units; the map scales to its box.
const R: f64 = 20.0;
/// Room at the left and top, and for the wind and sections at the bottom.
const PAD: f64 = 8.0;
const FOOT: f64 = 56.0;

/// What clicking a hex does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clicks {
    /// The editor: each hex is a form button (`action=hex.D5`), posted to `post` with htmx.
    Buttons { post: &'static str },
    /// A saved scenario: each hex links to `{base}?hex=D5`.
    Links { base: String },
    /// Print: nothing to click.
    None,
}

pub struct HexView {
    pub name: String,
    pub points: String,
    pub land: bool,
    pub shore: bool,
    /// Where the name sits, and the mark and piece.
    pub tx: String,
    pub name_y: String,
    pub mark_y: String,
    pub cy: String,
    /// The button's box in the editor: the hex's bounding box, the button clipped to the hex
    /// (static/samurai.css), so all of a hex answers a tap and nothing of its neighbours'.
    pub bx: String,
    pub by: String,
    pub bw: String,
    pub bh: String,
    pub piece: Option<Piece>,
    /// "hl-move", "hl-landing", "hl-grapple" or "".
    pub hl: &'static str,
    /// "1", "2", "E", "D", "G" or "".
    pub mark: &'static str,
    pub selected: bool,
    /// What a screen reader hears for the hex.
    pub label: String,
}

pub struct Piece {
    pub side_a: bool,
    /// Two letters for the unit's type; "L" for a lone leader.
    pub initials: String,
    pub leader: bool,
    pub ship: bool,
    pub lone: bool,
    pub flat: bool,
}

pub struct Line {
    pub x1: String,
    pub y1: String,
    pub x2: String,
    pub y2: String,
}

pub struct MapView {
    pub width: String,
    pub height: String,
    pub hexes: Vec<HexView>,
    pub grapples: Vec<Line>,
    /// The two cuts between the sections, and where each section's name goes.
    pub cuts: Vec<Line>,
    pub sections: Vec<(String, &'static str)>,
    pub label_y: String,
    /// The wind arrow.
    pub wind: Line,
    pub wind_text: String,
    pub wind_tx: String,
    pub wind_ty: String,
    pub title: String,
    pub desc: String,
    pub clicks: Clicks,
}

fn f(x: f64) -> String {
    format!("{x:.1}")
}

fn centre(h: Hex) -> (f64, f64) {
    let w = R * 3f64.sqrt();
    let x = PAD + w / 2.0 + f64::from(h.doubled_x()) * w / 2.0;
    let y = PAD + R + f64::from(h.row) * 1.5 * R;
    (x, y)
}

/// Two letters for a type's name: "Ashigaru Spearmen" is "AS", "Junk" is "JU".
fn initials(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let letters: String = if words.len() >= 2 {
        words.iter().take(2).filter_map(|w| w.chars().next()).collect()
    } else {
        name.chars().filter(|c| c.is_alphanumeric()).take(2).collect()
    };
    letters.to_uppercase()
}

impl MapView {
    /// The map of `s`, with the options of `selected` (if any) highlighted.
    pub fn new(s: &Scenario, j: &Judgement, selected: Option<&UnitOptions>, clicks: Clicks) -> Self {
        let b = s.board;
        let w = R * 3f64.sqrt();
        let board_w = f64::from(b.width) * w;
        let width = PAD * 2.0 + board_w;
        let bottom = PAD + R * 2.0 + f64::from(b.rows.saturating_sub(1)) * 1.5 * R;
        let height = bottom + FOOT;
        let mut hexes = Vec::with_capacity(b.len());
        for h in b.hexes() {
            let (cx, cy) = centre(h);
            let points: Vec<String> = (0..6)
                .map(|k| {
                    let a = (60.0 * f64::from(k) - 90.0).to_radians();
                    format!("{},{}", f(cx + R * a.cos()), f(cy + R * a.sin()))
                })
                .collect();
            let land = s.is_land(h);
            let shore = land && b.neighbours(h).any(|(_, n)| !s.is_land(n));
            let unit = j.units.iter().position(|o| o.hex == h).map(|k| (k, &s.units[k]));
            let piece = match unit {
                Some((_, u)) => Some(Piece {
                    side_a: u.side == Side::A,
                    initials: initials(u.type_name()),
                    leader: u.leader.is_some(),
                    ship: u.command_ship,
                    lone: false,
                    flat: u.flat,
                }),
                None => s.leaders.iter().find(|l| l.hex == h).map(|l| Piece {
                    side_a: l.side == Side::A,
                    initials: "L".into(),
                    leader: false,
                    ship: false,
                    lone: true,
                    flat: false,
                }),
            };
            let (hl, mark, what) = highlight(selected, h);
            let terrain = if shore {
                "shore"
            } else if land {
                "land"
            } else {
                "ocean"
            };
            let mut label = format!("{h}, {terrain}");
            if let Some((_, u)) = unit {
                label.push_str(&format!(", {} of {}", u.type_name(), s.side_name(u.side)));
            } else if let Some(l) = s.leaders.iter().find(|l| l.hex == h) {
                label.push_str(&format!(
                    ", lone {} of {}",
                    l.kind.name().to_lowercase(),
                    s.side_name(l.side)
                ));
            }
            if !what.is_empty() {
                label.push_str(&format!(", {what}"));
            }
            let is_selected = selected.is_some_and(|o| o.hex == h);
            if is_selected {
                label.push_str(", selected");
            }
            hexes.push(HexView {
                name: h.to_string(),
                points: points.join(" "),
                land,
                shore,
                tx: f(cx),
                name_y: f(cy - R * 0.55),
                mark_y: f(cy + R * 0.8),
                cy: f(cy),
                bx: f(cx - w / 2.0),
                by: f(cy - R),
                bw: f(w),
                bh: f(2.0 * R),
                piece,
                hl,
                mark,
                selected: is_selected,
                label,
            });
        }
        let grapples = s
            .grapples
            .iter()
            .filter(|g| b.contains(g.a) && b.contains(g.b))
            .map(|g| {
                let (a, c) = (centre(g.a), centre(g.b));
                Line { x1: f(a.0), y1: f(a.1), x2: f(c.0), y2: f(c.1) }
            })
            .collect();
        let cut = |k: f64| PAD + board_w * k / 3.0;
        let cuts =
            [1.0, 2.0].map(|k| Line { x1: f(cut(k)), y1: f(PAD), x2: f(cut(k)), y2: f(bottom) }).into();
        let sections = vec![(f(cut(0.5)), "Left"), (f(cut(1.5)), "Centre"), (f(cut(2.5)), "Right")];
        let (ux, uy) = s.wind.unit();
        let (wx, wy) = (width - PAD - 22.0, bottom + 30.0);
        let wind = Line {
            x1: f(wx - ux * 16.0),
            y1: f(wy - uy * 16.0),
            x2: f(wx + ux * 16.0),
            y2: f(wy + uy * 16.0),
        };
        let land = b.hexes().filter(|&h| s.is_land(h)).count();
        MapView {
            width: f(width),
            height: f(height),
            hexes,
            grapples,
            cuts,
            sections,
            label_y: f(bottom + 14.0),
            wind,
            wind_text: format!("Wind and tide toward the {}", s.wind.name()),
            wind_tx: f(wx - 26.0),
            wind_ty: f(wy),
            title: format!("Map: {} by {} hexes, {land} of them land", b.width, b.rows),
            desc: format!(
                "Wind and tide toward the {}. {} units and {} lone leaders placed. Side A holds the bottom edge, side B the top.",
                s.wind.name(),
                s.units.len(),
                s.leaders.len()
            ),
            clicks,
        }
    }

    pub fn buttons(&self) -> Option<&'static str> {
        match self.clicks {
            Clicks::Buttons { post } => Some(post),
            _ => None,
        }
    }

    pub fn link_base(&self) -> Option<&str> {
        match &self.clicks {
            Clicks::Links { base } => Some(base),
            _ => None,
        }
    }
}

/// How a hex is highlighted for the selected unit: (class, mark, words).
fn highlight(selected: Option<&UnitOptions>, h: Hex) -> (&'static str, &'static str, &'static str) {
    let Some(o) = selected else { return ("", "", "") };
    if o.landings.contains(&h) {
        if o.naval {
            ("hl-landing", "D", "it may disembark here")
        } else {
            ("hl-landing", "E", "it may embark here")
        }
    } else if o.moves.contains(&h) {
        if o.hex.distance(h) == 1 {
            ("hl-move", "1", "it may move here, 1 hex")
        } else {
            ("hl-move", "2", "it may move here, 2 hexes")
        }
    } else if o.grapple.contains(&h) {
        ("hl-grapple", "G", "it may grapple this boat")
    } else if o.sever.contains(&h) {
        ("hl-grapple", "G", "grappled with it")
    } else {
        ("", "", "")
    }
}
