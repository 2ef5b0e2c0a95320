//! Stat lines: the canonical one-line description of a design in the style the magazine printed,
//! and a reader for that style, so a player can paste a published boat and get the design back.
//!
//! The reader is a tokenizer, a grammar and a resolver against the catalog (see [`read`]), so it
//! reads the language of stat lines rather than the phrasings it was shown; anything it cannot
//! place is returned in `unrecognized` as written, with why and the nearest catalog items, never
//! dropped silently.
//!
//! `write` prints the line; `read` reads one back. What a pasted line claims is checked here
//! against the same printed figures the writer uses.

#[cfg(test)]
mod corpus;
mod read;
mod write;

pub use read::parse;
pub use write::stat_line;

use super::design::{Design, NotReadPart};
use super::evaluate::Evaluation;
use super::units::{Money, Speed, Weight, dollars_rounded, pounds_rounded};
use crate::games::bounds;
use serde::Serialize;

/// The figures a stat line prints, in printed precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Printed {
    pub acceleration: Speed,
    pub top_speed: Speed,
    pub top_speed_on_hydrofoils: Option<Speed>,
    pub handling_class: i64,
    pub weight: i64,
    pub cost: i64,
}

/// What a stat line prints for an evaluation. Powered figures, or rowing figures for a boat that
/// only rows.
fn printed(e: &Evaluation) -> Printed {
    let f = &e.figures;
    let rowing_only = f.top_speed == Speed::ZERO && f.rowing_top_speed.is_some();
    Printed {
        acceleration: if rowing_only { f.rowing_acceleration.unwrap_or_default() } else { f.acceleration },
        top_speed: if rowing_only { f.rowing_top_speed.unwrap_or_default() } else { f.top_speed },
        top_speed_on_hydrofoils: f.top_speed_on_hydrofoils,
        handling_class: f.handling_class,
        weight: f.weight.rounded(),
        cost: f.cost.rounded(),
    }
}

/// What a pasted stat line claims about itself, for checking against the parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Claimed {
    pub acceleration: Option<Speed>,
    pub top_speed: Option<Speed>,
    pub handling_class: Option<i64>,
    pub weight: Option<i64>,
    pub cost: Option<i64>,
}

/// A fragment of a pasted line that was not read: as written, why, and the catalog items
/// nearest to it for the page to offer.
#[derive(Debug, Clone, PartialEq)]
pub struct NotRead {
    pub fragment: String,
    pub why: String,
    pub nearest: Vec<String>,
}

/// A pasted stat line, read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub design: Design,
    /// Fragments that could not be mapped to any part, as written.
    pub unrecognized: Vec<String>,
    /// The same fragments, each with why it was not read and the nearest catalog items.
    pub not_read: Vec<NotRead>,
    /// How the reader interpreted doubtful fragments (misprints, assumed facings).
    pub notes: Vec<String>,
    pub claimed: Claimed,
}

/// The most fragments not read that an imported design keeps (a paste of nonsense would
/// otherwise fill it).
pub const MAX_KEPT_NOT_READ: usize = 40;

impl Imported {
    /// The design read, keeping what was not read in its `not_read` list (so it stays
    /// incomplete until the player deals with each), within the document's bounds: at most
    /// [`MAX_KEPT_NOT_READ`]. Also how many were left out of the list.
    pub fn design_keeping_not_read(&self) -> (Design, usize) {
        let mut d = self.design.clone();
        let kept: Vec<NotReadPart> = self
            .not_read
            .iter()
            .map(|n| NotReadPart::new(&n.fragment))
            .filter(|n| !n.fragment.is_empty())
            .collect();
        let room = MAX_KEPT_NOT_READ.min(bounds::MAX_ENTRIES.saturating_sub(bounds::Document::entries(&d)));
        let left_out = kept.len().saturating_sub(room);
        d.not_read = kept.into_iter().take(room).collect();
        (d, left_out)
    }

    /// How the line was read, then every figure it claims that its parts (judged as `e`) do
    /// not add up to.
    pub fn notes_against(&self, e: &Evaluation) -> Vec<String> {
        let mut notes = self.notes.clone();
        notes.extend(claim_mismatches(&self.claimed, e));
        notes
    }
}

/// The claims that disagree with the parts, in words.
pub fn claim_mismatches(c: &Claimed, e: &Evaluation) -> Vec<String> {
    let p = printed(e);
    let mut out = Vec::new();
    let mut check = |what: &str, claimed: Option<String>, actual: String| {
        if let Some(claimed) = claimed.filter(|c| *c != actual) {
            out.push(format!("The stat line gives {what} {claimed}; the parts add up to {actual}"));
        }
    };
    check("acceleration", c.acceleration.map(|s| s.to_string()), p.acceleration.to_string());
    check("top speed", c.top_speed.map(|s| s.to_string()), p.top_speed.to_string());
    check("HC", c.handling_class.map(|h| h.to_string()), p.handling_class.to_string());
    check(
        "weight",
        c.weight.map(|w| format!("{} lb", pounds_rounded(Weight::whole(w)))),
        format!("{} lb", pounds_rounded(e.figures.weight)),
    );
    check("cost", c.cost.map(|m| dollars_rounded(Money::whole(m))), dollars_rounded(e.figures.cost));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::check;
    use crate::games::boats::design::{Deck, Section};
    use crate::games::boats::tables::Loc;

    #[test]
    fn decked_boats_list_their_sections() {
        let line = "Houseboat: Cruiser, Deck (13 below, 24 above), Boat Top, Large power plant, 2 Propellers. \
                    Below Deck: Passenger accommodations for 6 in cargo space, Galley. Above Deck: Pilot, \
                    Gunner, 1-space turret with MG with HD ammo (1 extra magazine), 2 Passengers. \
                    Armor: F20, R20, L20, B20, U20, T10, D5. Accel. 10, Top Speed 60, HC 1, 9,999 lbs; $1.";
        let imp = parse(line);
        assert_eq!(imp.unrecognized, Vec::<String>::new());
        let d = &imp.design;
        assert_eq!(d.deck, Some(Deck { below: Some(13) }));
        assert_eq!(d.accessories[0].count, 6);
        assert!(d.accessories[0].cargo);
        assert_eq!(d.accessories[0].deck, Some(Section::Below));
        assert_eq!(d.turrets[0].weapons[0].extra_magazines, 1);
        assert_eq!(d.armor.points.get(Loc::D), 5);
        let printed = stat_line(d, &check(d));
        assert_eq!(parse(&printed).design, imp.design, "{printed}");
    }

    #[test]
    fn link_groups_are_written_with_each_weapon_and_read_back() {
        let line = "Dinghy, Small power plant, Propeller, Pilot only. MG (link group 1) front, \
                    RL with AP rockets (link group 1, 1 extra magazine) front. Armor: F10.";
        let imp = parse(line);
        assert_eq!(imp.unrecognized, Vec::<String>::new());
        let d = &imp.design;
        assert_eq!((d.weapons[0].link_group, d.weapons[1].link_group), (Some(1), Some(1)));
        assert_eq!(d.weapons[1].extra_magazines, 1);
        let printed = stat_line(d, &check(d));
        assert!(
            printed.contains(
                "MG (link group 1) front, RL with AP rockets (link group 1, 1 extra magazine) front"
            ),
            "{printed}"
        );
        assert_eq!(parse(&printed).design, imp.design, "{printed}");
        assert_eq!(parse("Dinghy. MG (link group) front.").unrecognized, ["MG (link group) front"]);
    }
}
