//! Armor: what a point costs on a hull, where a design may carry it, and the armor line.

use super::{Judge, Line, LineKind, Part, decked, plural, turret_locations, unknown};
use crate::games::boats::design::{Design, Ref};
use crate::games::boats::tables::{self, ArmorType, Hull, Loc};
use crate::games::boats::units::{Money, Spaces, Weight};
use crate::games::{Problem, boats::Code};

/// What a point of `kind` armor costs and weighs on `hull`.
pub fn armor_point(hull: &Hull, kind: &ArmorType) -> (Money, Weight) {
    (hull.armor_cost_per_point.pct(kind.cost_pct), hull.armor_weight_per_point.pct(kind.weight_pct))
}

/// The armor locations a design has: its hull's, plus the top's and the deck's.
pub fn armor_locations(h: &Hull, d: &Design) -> Vec<Loc> {
    // Room for a top's and a deck's locations besides the hull's.
    let mut v = Vec::with_capacity(h.locations.len() + 4);
    v.extend_from_slice(h.locations);
    // A top is armored where its turrets sit.
    v.extend_from_slice(turret_locations(h, d.top));
    if decked(h, d) {
        if h.split_top { v.extend([Loc::FD, Loc::BD]) } else { v.push(Loc::D) }
    }
    v
}

impl Judge<'_> {
    pub(super) fn armor(&mut self) {
        let h = self.hull;
        let a = &self.d.armor;
        let kind = match &a.kind {
            Ref::Known(k) => k,
            Ref::Unknown(id) => {
                self.problems.push(unknown::<ArmorType>(Code::UnknownArmorType, Part::Armor, id));
                tables::PLASTIC
            }
        };
        let valid = &self.locations;
        for (loc, p) in a.points.iter() {
            if !valid.contains(&loc) {
                let codes: Vec<&str> = valid.iter().map(|l| l.code()).collect();
                self.problems.push(Problem::error(
                    Code::ArmorLocation,
                    Some(format!("armor.{}", loc.code())),
                    format!(
                        "{} on {} ({}), but this {} has no such location; its locations are {}",
                        plural(i64::from(p), "point", "points"),
                        loc.name(),
                        loc.code(),
                        h.name,
                        codes.join(", ")
                    ),
                ));
            }
        }
        for (code, p) in &a.points.unknown {
            self.problems.push(Problem::error(
                Code::ArmorLocation,
                Some(format!("armor.{code}")),
                format!(
                    "{} on \"{code}\", which is not an armor location; use {}",
                    plural(i64::from(*p), "point", "points"),
                    valid.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        let points = a.points.total();
        if points > 0 {
            let (cpp, wpp) = armor_point(h, kind);
            self.line(Line::new(
                Part::Armor,
                LineKind::Armor { kind, points, cost_per_point: cpp, weight_per_point: wpp },
                points,
                cpp * points,
                wpp * points,
                Spaces::ZERO,
            ));
        }
    }
}
