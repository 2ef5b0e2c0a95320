//! The threat map, prepared for the page: the side chosen (`threat=a`), how each hex it reaches
//! is drawn (hatched where its units may sail, cross-hatched where they may land, a dashed edge
//! and G where they may grapple; "×3" the number of its units reaching it) and said (the hex's
//! own words, and the list below the map naming every unit and how). The reach itself is the
//! engine's ([`samurai::threat`]); nothing here decides a rule.

use crate::games::bounds::short;
use crate::games::samurai::{self, Hex, Judgement, Reach, Scenario, Side, Threat};
use crate::web::flows::view::{Select, select};
use std::borrow::Cow;

/// The side a `threat` field or query asks for: `a` or `b` (either case) a side, empty, `off`,
/// `0` or `none` no threat map. Anything else is refused with the words the page shows.
pub fn parse(value: &str) -> Result<Option<Side>, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "off" | "0" | "none" => Ok(None),
        "a" => Ok(Some(Side::A)),
        "b" => Ok(Some(Side::B)),
        _ => Err(format!(
            "No threat map for “{}”: choose side a or side b (threat=a, threat=b), or off. The map is shown without one.",
            crate::games::bounds::one_line(value).chars().take(20).collect::<String>()
        )),
    }
}

/// The editor's choice of side (posted as `threat`, redrawing the map as any field does).
pub fn choice(s: &Scenario, current: Option<Side>) -> Select {
    let mut opts = vec![(String::new(), "The chosen unit only".to_owned())];
    opts.extend(Side::BOTH.iter().map(|&x| {
        let name = short(s.side_name(x));
        (x.id().to_owned(), format!("All of {name}'s units (side {})", x.id().to_uppercase()))
    }));
    select("threat", "Threat map: show the reach of", current.map_or("", Side::id), opts, None)
}

/// How a threatened hex is drawn: its pattern's class (as the single unit's: a landing
/// cross-hatched before a sail hatched, before a grapple's dashed edge), its mark ("×3": how many
/// of the side's units reach it; "G×2" an enemy boat two of them may grapple), and its words for
/// a screen reader.
pub fn highlight(
    s: &Scenario,
    t: &Threat,
    h: Hex,
    brief: bool,
) -> (&'static str, Cow<'static, str>, Cow<'static, str>) {
    let Some(at) = t.at(h) else { return ("", Cow::Borrowed(""), Cow::Borrowed("")) };
    let count = |f: fn(&Reach) -> bool| at.units.iter().filter(|(_, r)| f(r)).count();
    let sail = count(|r| matches!(r, Reach::Sail(_)));
    let land = count(|r| matches!(r, Reach::Embark | Reach::Disembark));
    let grapple = count(|r| matches!(r, Reach::Grapple));
    let class = if land > 0 {
        "hl-landing"
    } else if sail > 0 {
        "hl-move"
    } else {
        "hl-grapple"
    };
    let n = at.units.len();
    let ways: Vec<String> = [(sail, "by sea"), (land, "landing"), (grapple, "to grapple")]
        .iter()
        .filter(|(k, _)| *k > 0)
        .map(|(k, how)| format!("{k} {how}"))
        .collect();
    let words = format!(
        "within reach of {n} {} of {}: {}",
        if n == 1 { "unit" } else { "units" },
        side_words(s, t.side, brief),
        ways.join(", ")
    );
    // A grapple's hex holds an enemy boat, so every unit reaching it grapples: lettered G as the
    // single unit's is.
    let mark = if grapple > 0 { format!("G×{n}") } else { format!("×{n}") };
    (class, Cow::Owned(mark), Cow::Owned(words))
}

/// A side as the map's words name it: by its name (cut short), or briefly by its letter.
fn side_words(s: &Scenario, side: Side, brief: bool) -> String {
    if brief { format!("side {}", side.id().to_uppercase()) } else { short(s.side_name(side)).into_owned() }
}

/// One threatened hex in words: "F5 (ocean): unit 1 (E5) sails 1 hex; unit 4 (G5) may grapple".
pub struct ThreatLine {
    pub hex: String,
    pub words: String,
}

/// The threat map in words, below the map (for screen readers and print).
pub struct ThreatWords {
    pub side: Side,
    pub heading: String,
    pub lines: Vec<ThreatLine>,
}

impl ThreatWords {
    pub fn new(s: &Scenario, j: &Judgement, t: &Threat, brief: bool) -> Self {
        let side = side_words(s, t.side, brief);
        let of_side = j.units.iter().filter(|o| o.side == t.side).count();
        let wind = if s.wind.is_empty() {
            "no wind or tide noted".to_owned()
        } else {
            format!("wind and tide toward the {}", s.wind.names())
        };
        let heading = format!(
            "Threat map: {} {} within reach of {} of {side}'s {of_side} {} this turn (card: {}; {wind}).",
            t.hexes.len(),
            if t.hexes.len() == 1 { "hex" } else { "hexes" },
            t.units(),
            if of_side == 1 { "unit" } else { "units" },
            s.card.name(),
        );
        let lines = t
            .hexes
            .iter()
            .map(|at| {
                let terrain = if !s.is_land(at.hex) {
                    "ocean"
                } else if s.board.neighbours(at.hex).any(|(_, n)| !s.is_land(n)) {
                    "shore"
                } else {
                    "land"
                };
                let units: Vec<String> = at
                    .units
                    .iter()
                    .map(|&(k, r)| {
                        let from = j.units.get(k).map_or_else(String::new, |o| format!(" ({})", o.hex));
                        let how = match r {
                            Reach::Sail(1) => "sails 1 hex",
                            Reach::Sail(_) => "sails 2 hexes",
                            Reach::Embark => "embarks",
                            Reach::Disembark => "disembarks",
                            Reach::Grapple => "may grapple",
                        };
                        format!("unit {}{from} {how}", k + 1)
                    })
                    .collect();
                ThreatLine { hex: at.hex.to_string(), words: format!("({terrain}): {}", units.join("; ")) }
            })
            .collect();
        ThreatWords { side: t.side, heading, lines }
    }
}

/// The share page's and saved map's links choosing the side (`{base}?threat=a`), keeping the
/// chosen hex and the zoom, for sides named `names` (A's, B's): (address, words, whether it is
/// the one shown).
pub fn links(
    names: [&str; 2],
    base: &str,
    chosen: Option<Hex>,
    zoomed: bool,
    current: Option<Side>,
) -> Vec<(String, String, bool)> {
    let mut out: Vec<(String, String, bool)> = Side::BOTH
        .iter()
        .zip(names)
        .map(|(&x, name)| {
            let words = format!("{}'s reach", short(name));
            (saved_link(base, chosen, zoomed, Some(x)), words, current == Some(x))
        })
        .collect();
    out.push((saved_link(base, chosen, zoomed, None), "Off".to_owned(), current.is_none()));
    out
}

/// A saved map's address with a hex chosen, zoomed in, a threat map shown, each if so:
/// `{base}?hex=D5&zoom=1&threat=a#sea-view` (with none of them, `{base}?#sea-view`).
pub fn saved_link(base: &str, hex: Option<Hex>, zoomed: bool, threat: Option<Side>) -> String {
    let mut parts: Vec<String> = Vec::with_capacity(3);
    if let Some(h) = hex {
        parts.push(format!("hex={h}"));
    }
    if zoomed {
        parts.push("zoom=1".to_owned());
    }
    if let Some(x) = threat {
        parts.push(format!("threat={}", x.id()));
    }
    format!("{base}?{}#sea-view", parts.join("&"))
}

/// The threat of `side`, if one is chosen.
pub fn of(j: &Judgement, side: Option<Side>) -> Option<Threat> {
    side.map(|x| samurai::threat(j, x))
}
