//! The body's fittings (top, Deck, hydrofoils, weighted keel, spoiler) and where parts sit on a
//! decked boat.

use super::{Judge, Line, LineKind, Part};
use crate::games::boats::design::{Design, Section, Top};
use crate::games::boats::tables::{self, DeckRule, Hull};
use crate::games::boats::units::{Money, Spaces, Weight};
use crate::games::{Problem, boats::Code};

/// Whether a design is laid out on a Deck: it has one and its hull may carry one (a Deck the hull
/// cannot have is only reported).
pub fn decked(hull: &Hull, d: &Design) -> bool {
    d.deck.is_some() && hull.deck != DeckRule::Forbidden
}

impl Judge<'_> {
    fn body_share(&self, share: &tables::BodyShare) -> (Money, Weight) {
        let h = self.hull;
        (
            h.cost.pct(share.cost_pct_of_body),
            h.weight.pct(share.weight_pct_of_body) + h.max_load.pct(share.weight_pct_of_max_load),
        )
    }

    fn hull_item(&mut self, part: Part, kind: LineKind, share: &tables::BodyShare, section: Section) {
        let (cost, weight) = self.body_share(share);
        let sec = self.decked.then_some(section);
        self.line(Line::new(part, kind, 1, cost, weight, Spaces::whole(share.spaces)).placed(sec, false));
    }

    pub(super) fn body(&mut self) {
        let d = self.d;
        let h = self.hull;
        match d.top {
            Top::None => {}
            Top::Half => {
                self.hull_item(Part::Top, LineKind::Top(Top::Half), &tables::HALF_TOP, Section::Above)
            }
            Top::Full => {
                self.hull_item(Part::Top, LineKind::Top(Top::Full), &tables::BOAT_TOP, Section::Above)
            }
        }
        let total = h.spaces + h.cargo_spaces;
        match (&d.deck, h.deck) {
            (Some(_), DeckRule::Forbidden) => self.problems.push(Problem::error(
                Code::DeckNotAllowed,
                Part::Deck.path(),
                format!("A {} cannot have a Deck", h.name),
            )),
            (None, DeckRule::Required) => self.problems.push(Problem::error(
                Code::DeckRequired,
                Part::Deck.path(),
                format!(
                    "A {} must have a Deck; add one and split its {total} spaces below and above",
                    h.name
                ),
            )),
            _ => {}
        }
        // A Deck the hull cannot have is only reported, not laid out.
        if let Some(deck) = d.deck.as_ref().filter(|_| self.decked) {
            let below = deck.below.map_or(total - total / 2, i64::from);
            let above = total - below;
            self.line(Line::new(
                Part::Deck,
                LineKind::Deck { below, above: above.max(0) },
                1,
                Money::ZERO,
                Weight::ZERO,
                Spaces::ZERO,
            ));
            if above < 0 {
                self.problems.push(Problem::error(
                    Code::DeckSplit,
                    Part::Deck.path(),
                    format!("{below} spaces below deck is more than the {total} a {} has", h.name),
                ));
            } else {
                let min = (total + 2) / 3;
                for (name, n) in [("Below deck", below), ("Above deck", above)] {
                    if n * 3 < total {
                        self.problems.push(Problem::error(Code::DeckSectionTooSmall, Part::Deck.path(), format!("{name} has {n} of the {total} spaces; each part of the Deck needs at least a third ({min})")));
                    }
                }
            }
        }
        if d.hydrofoils {
            self.hull_item(Part::Hydrofoils, LineKind::Hydrofoils, &tables::HYDROFOILS, Section::Below);
        }
        if d.weighted_keel {
            self.hull_item(
                Part::WeightedKeel,
                LineKind::WeightedKeel,
                &tables::WEIGHTED_KEEL,
                Section::Below,
            );
            if !h.weighted_keel {
                self.problems.push(Problem::error(
                    Code::KeelNotAllowed,
                    Part::WeightedKeel.path(),
                    format!("A weighted keel cannot go on a {}; only Speeders and larger", h.name),
                ));
            }
        }
        if d.spoiler {
            let cost = h.armor_cost_per_point * tables::SPOILER_COST_POINTS;
            let weight = h.armor_weight_per_point * tables::SPOILER_WEIGHT_POINTS;
            self.line(Line::new(Part::Spoiler, LineKind::Spoiler, 1, cost, weight, Spaces::ZERO));
            if !h.spoiler {
                self.problems.push(Problem::error(
                    Code::SpoilerNotAllowed,
                    Part::Spoiler.path(),
                    format!("A spoiler only fits a Speeder or smaller, not a {}", h.name),
                ));
            }
        }
    }

    pub(super) fn placement_without_deck(&mut self) {
        let d = self.d;
        let placed = d.crew.iter().any(|c| c.deck.is_some())
            || d.weapons.iter().any(|w| w.deck.is_some())
            || d.accessories.iter().any(|a| a.deck.is_some())
            || d.cargo.iter().any(|c| c.deck.is_some());
        if placed && !self.decked {
            self.problems.push(Problem::warning(Code::NoDeckToPlaceOn, Part::Deck.path(), "Some parts are placed below or above deck, but the boat has no Deck: the placement is ignored".into()));
        }
    }
}
