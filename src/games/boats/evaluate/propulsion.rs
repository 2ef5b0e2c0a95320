//! Propulsion: the power plant, propellers and their guards, the jet drive and oars, and the
//! performance tables the figures are read from.

use super::{Judge, Line, LineKind, Part, unknown};
use crate::games::boats::design::{Ref, Section};
use crate::games::boats::tables::{self, PERFORMANCE, Plant};
use crate::games::boats::units::{Grouped, Spaces, Speed, Weight, pounds_rounded};
use crate::games::{Problem, boats::Code};

impl Judge<'_> {
    pub(super) fn propulsion(&mut self) {
        let d = self.d;
        let plant = match &d.plant {
            Some(Ref::Known(p)) => {
                let sec = self.decked.then_some(Section::Below);
                self.line(
                    Line::new(Part::Plant, LineKind::Plant(p), 1, p.cost, p.weight, Spaces::whole(p.spaces))
                        .placed(sec, false),
                );
                Some(*p)
            }
            Some(Ref::Unknown(id)) => {
                self.problems.push(unknown::<Plant>(Code::UnknownPlant, Part::Plant, id));
                None
            }
            None => None,
        };
        for (i, prop) in d.propellers.iter().enumerate() {
            let size = match &prop.size {
                Some(Ref::Known(p)) => Some(*p),
                Some(Ref::Unknown(id)) => {
                    self.problems.push(unknown::<Plant>(Code::UnknownPropellerSize, Part::Propeller(i), id));
                    None
                }
                None => plant,
            };
            if let Some(size) = size {
                self.line(Line::new(
                    Part::Propeller(i),
                    LineKind::Propeller(size),
                    1,
                    size.propeller.cost,
                    size.propeller.weight,
                    Spaces::ZERO,
                ));
                if let Some(p) = plant.filter(|p| p.id != size.id) {
                    self.problems.push(Problem::error(
                        Code::PropellerWrongSize,
                        Part::Propeller(i).path(),
                        format!(
                            "Propeller {} is sized for a {} plant; a {} plant turns {} propellers",
                            i + 1,
                            size.name,
                            p.name,
                            p.name
                        ),
                    ));
                }
            }
            let guard = i64::from(prop.guard);
            if guard > 0 {
                self.line(Line::new(
                    Part::Propeller(i),
                    LineKind::PropellerGuard { points: guard },
                    1,
                    tables::PROPELLER_GUARD_COST * guard,
                    tables::PROPELLER_GUARD_WEIGHT * guard,
                    Spaces::ZERO,
                ));
            }
            if guard > tables::PROPELLER_GUARD_MAX {
                self.problems.push(Problem::error(
                    Code::PropellerGuardOver,
                    Part::Propeller(i).path(),
                    format!(
                        "Propeller {} has {guard} points of guard; a propeller takes at most {}",
                        i + 1,
                        tables::PROPELLER_GUARD_MAX
                    ),
                ));
            }
        }
        if d.jet_drive {
            let j = tables::JET_DRIVE;
            let sec = self.decked.then_some(Section::Below);
            self.line(
                Line::new(Part::JetDrive, LineKind::JetDrive, 1, j.cost, j.weight, Spaces::whole(j.spaces))
                    .placed(sec, false),
            );
            if !d.propellers.is_empty() {
                self.problems.push(Problem::error(
                    Code::JetWithPropellers,
                    Part::JetDrive.path(),
                    format!(
                        "A jet drive replaces propellers; remove the {} or the jet drive",
                        match d.propellers.len() {
                            1 => "propeller".to_owned(),
                            n => format!("{n} propellers"),
                        }
                    ),
                ));
            }
        }
        if d.plant.is_none() && (d.jet_drive || !d.propellers.is_empty()) {
            let what = if d.jet_drive { "The jet drive needs" } else { "Propellers need" };
            self.problems.push(Problem::error(
                Code::NoPlant,
                Part::Plant.path(),
                format!("{what} a power plant; choose one"),
            ));
        }
        if d.oars > 0 {
            let n = i64::from(d.oars);
            let o = tables::OARS;
            let sec = self.decked.then_some(Section::Above);
            self.line(
                Line::new(
                    Part::Oars,
                    LineKind::Oars,
                    n,
                    o.cost * n,
                    o.weight * n,
                    Spaces::whole(o.spaces * n),
                )
                .placed(sec, false),
            );
            if !self.hull.oars {
                self.problems.push(Problem::error(
                    Code::OarsNotAllowed,
                    Part::Oars.path(),
                    format!("Oars only work on a Rowboat or Dinghy, not a {}", self.hull.name),
                ));
            }
        }
    }
}

/// The warning for a plant that gives a boat of `weight` no speed: the power factors the
/// slowest band that moves it needs.
pub(super) fn too_weak(p: &Plant, weight: Weight) -> Option<Problem> {
    let slowest = PERFORMANCE.iter().rev().find(|b| b.top_speed > Speed::ZERO)?;
    let needed = (slowest.ratio_milli.saturating_mul(weight.0) + 99_999).div_euclid(100_000);
    Some(Problem::warning(
        Code::PlantTooWeak,
        Part::Plant.path(),
        format!(
            "The {} plant's {} power factors cannot move {} lb: the performance table gives no speed under {} power factors a pound (this boat needs at least {})",
            p.name,
            Grouped(p.power_factors),
            pounds_rounded(weight),
            slowest.ratio_milli as f64 / 1000.0,
            Grouped(needed)
        ),
    ))
}

/// The performance band for `pf` power factors moving `weight`.
pub fn band(pf: i64, weight: Weight) -> &'static tables::Band {
    // pf / lb >= milli / 1000  <=>  pf * 1000 * 100 >= milli * centi-lb
    let lhs = pf.saturating_mul(100_000);
    PERFORMANCE
        .iter()
        .find(|b| weight.0 <= 0 || lhs >= b.ratio_milli.saturating_mul(weight.0))
        .unwrap_or(&PERFORMANCE[PERFORMANCE.len() - 1])
}

/// Miles on a charge at a steady speed.
pub fn range_miles(speed: Speed) -> f64 {
    let over = (speed.0 - tables::RANGE_BASE_SPEED.0).max(0);
    // each 10 mph (20 half-mph) or part over 20 mph adds 2 units per 10 miles
    let steps = (over + 19) / 20;
    let units_per_10_miles = 10 + 2 * steps;
    let miles = (tables::RANGE_UNITS * 10) as f64 / units_per_10_miles as f64;
    (miles * 10.0).round() / 10.0
}
