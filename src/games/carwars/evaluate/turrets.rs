//! Turrets: where they may sit under a top, how big they may be, and the room their weapons take.

use super::{Judge, Line, LineKind, Part, plural};
use crate::games::carwars::design::{Section, Top};
use crate::games::carwars::tables::{self, Hull, Loc};
use crate::games::carwars::units::{Money, Spaces};
use crate::games::{Code, Problem};

/// Where turrets may sit under a top: one `T`, or front and back top on a hull with a split top
/// under a full Boat Top; none without a top.
pub fn turret_locations(hull: &Hull, top: Top) -> &'static [Loc] {
    match top {
        Top::None => &[],
        Top::Full if hull.split_top => &[Loc::FT, Loc::BT],
        _ => &[Loc::T],
    }
}

impl Judge<'_> {
    pub(super) fn turrets(&mut self) {
        let d = self.d;
        let h = self.hull;
        let allowed = turret_locations(h, d.top);
        // Top locations already taken, by `Loc` index.
        let mut used = [false; Loc::ALL.len()];
        for (i, t) in d.turrets.iter().enumerate() {
            let part = Part::Turret(i);
            if d.top == Top::None {
                self.problems.push(Problem::error(
                    Code::TurretNeedsTop,
                    part.path(),
                    "A turret sits in the roof: add a Boat Top or Half Top".into(),
                ));
            }
            let location = match t.location {
                Some(l) => l,
                None => allowed.iter().copied().find(|&l| !used[l as usize]).unwrap_or(Loc::T),
            };
            if d.top != Top::None {
                if i >= allowed.len() {
                    let why = if allowed.len() > 1 {
                        "one in each top location"
                    } else if h.split_top {
                        "a second turret needs a full Boat Top"
                    } else {
                        "only a Yacht with a full Boat Top carries two"
                    };
                    self.problems.push(Problem::error(
                        Code::TooManyTurrets,
                        part.path(),
                        format!(
                            "This {} has room for {}: {why}",
                            h.name,
                            plural(allowed.len() as i64, "turret", "turrets")
                        ),
                    ));
                } else if !allowed.contains(&location) {
                    let codes: Vec<&str> = allowed.iter().map(|l| l.code()).collect();
                    self.problems.push(Problem::error(
                        Code::TurretLocation,
                        part.path(),
                        format!(
                            "A turret on this {} goes in {}, not {}",
                            h.name,
                            codes.join(" or "),
                            location.code()
                        ),
                    ));
                } else if used[location as usize] {
                    self.problems.push(Problem::error(
                        Code::TurretLocation,
                        part.path(),
                        format!("Two turrets in {}: each top location holds one", location.code()),
                    ));
                }
            }
            used[location as usize] = true;
            let Some(spec) = tables::turret_spec(t.size, t.popup) else {
                self.problems.push(Problem::error(
                    Code::UnknownTurret,
                    part.path(),
                    format!("There is no {}-space turret; turrets hold 0 to 4 spaces", t.size),
                ));
                continue;
            };
            if t.size > h.max_turret {
                self.problems.push(Problem::error(
                    Code::TurretTooBig,
                    part.path(),
                    format!(
                        "A {}-space turret is too big for a {}: its top takes at most a {}-space turret",
                        t.size, h.name, h.max_turret
                    ),
                ));
            }
            let cost = spec.cost + if t.universal { tables::UNIVERSAL_TURRET } else { Money::ZERO };
            let sec = self.decked.then_some(Section::Above);
            self.line(
                Line::new(
                    part,
                    LineKind::Turret { turret: spec, universal: t.universal, location },
                    1,
                    cost,
                    spec.weight,
                    Spaces::whole(spec.spaces),
                )
                .placed(sec, false),
            );
            let mut room = Spaces::ZERO;
            for (j, e) in t.weapons.iter().enumerate() {
                room += self.weapon(Part::TurretWeapon(i, j), e, sec, true);
            }
            if room > Spaces::whole(i64::from(t.size)) {
                self.problems.push(Problem::error(
                    Code::TurretOverfull,
                    part.path(),
                    format!(
                        "The {}-space turret holds {} of weapons; its contents need {room}",
                        t.size,
                        plural(i64::from(t.size), "space", "spaces")
                    ),
                ));
            }
        }
    }
}
