//! Turrets: where they may sit under a top, how big they may be, and the room their weapons take.

use super::{Judge, Line, LineKind, Part, plural};
use crate::games::boats::design::{Section, Top};
use crate::games::boats::tables::{self, Hull, Loc};
use crate::games::boats::units::{Money, Spaces};
use crate::games::{Problem, boats::Code};

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

#[cfg(test)]
mod tests {
    use super::super::{LineKind, check};
    use crate::games::boats::Code;
    use crate::games::boats::design::{
        CrewEntry, Design, PropellerEntry, Ref, Section, Top, TurretEntry, WeaponEntry,
    };
    use crate::games::boats::tables::{self, Mount};
    use crate::games::boats::units::{Money, Spaces, Speed, Weight};

    fn heavy_rockets(count: u16, rockets: u16) -> WeaponEntry {
        let hr = tables::weapon_by_id("heavy-rocket").expect("in the table");
        WeaponEntry { count, rocket_magazine: rockets, ..WeaponEntry::new(hr, None) }
    }

    /// A Cruiser with a full Boat Top, a Large plant, pilot and gunner, and a 3-space turret of
    /// three heavy rockets, each fed by a magazine of `rockets`.
    fn guppy(rockets: u16) -> Design {
        let mut d = Design::blank(tables::hull("cruiser").expect("in the table"));
        d.name = "Guppy".into();
        d.plant = Some(Ref::parse("large"));
        d.propellers.push(PropellerEntry { size: None, guard: 0 });
        d.top = Top::Full;
        d.crew.push(CrewEntry::new(tables::role("gunner").expect("in the table"), 1));
        d.turrets.push(TurretEntry {
            size: 3,
            popup: false,
            universal: false,
            location: None,
            weapons: vec![heavy_rockets(3, rockets)],
        });
        d
    }

    #[test]
    fn a_turret_of_three_heavy_rockets_fed_by_three_3_space_magazines_is_legal() {
        let d = guppy(3);

        let e = check(&d);

        assert_eq!(e.problems, vec![]);
        // Body $20,000 + top $2,000 + plant $6,500 + propeller $100 + turret $2,500 + rockets $600
        // + magazines 3 x (3 spaces x $50 + 3 rockets x $200).
        assert_eq!(e.figures.cost, Money::whole(33_950));
        assert_eq!(e.figures.weight, Weight::whole(8_715));
        // Plant 6, pilot 2, gunner 2, turret 2, and the magazines' 9 in the body.
        assert_eq!(e.figures.spaces_used, Spaces::whole(21));
        let magazines = e.ledger.iter().find(|l| matches!(l.kind, LineKind::RocketMagazine { .. }));
        let magazines = magazines.expect("a magazine line");
        assert_eq!((magazines.spaces, magazines.section), (Spaces::whole(9), Some(Section::Above)));
        assert!(magazines.rule().contains("not turret room"), "{}", magazines.rule());
        assert_eq!((e.figures.acceleration, e.figures.top_speed), (Speed::mph(10), Speed::mph(60)));
    }

    #[test]
    fn a_turrets_rocket_magazines_count_against_the_body_not_the_turret() {
        let d = guppy(5);

        let codes: Vec<Code> = check(&d).problems.into_iter().filter_map(|p| Code::of(p.code)).collect();

        // 6 + 2 + 2 + 2 + 15 spaces: over the Cruiser's 25, and over the 18 above deck.
        assert!(codes.contains(&Code::OverSpaces), "{codes:?}");
        assert!(codes.contains(&Code::DeckSectionFull), "{codes:?}");
        assert!(!codes.contains(&Code::TurretOverfull), "{codes:?}");
    }

    #[test]
    fn a_body_weapons_rocket_magazine_sits_beside_it_in_its_deck_part() {
        let mut d = guppy(3);
        d.turrets.clear();
        d.weapons.push(WeaponEntry {
            deck: Some(Section::Below),
            mount: Some(Mount::F),
            ..heavy_rockets(1, 2)
        });

        let e = check(&d);

        let magazine = e.ledger.iter().find(|l| matches!(l.kind, LineKind::RocketMagazine { .. }));
        let magazine = magazine.expect("a magazine line");
        assert_eq!((magazine.spaces, magazine.section), (Spaces::whole(2), Some(Section::Below)));
        assert!(e.legal(), "{:?}", e.problems);
    }
}
