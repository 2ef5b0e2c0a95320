//! One-click fixes: for a problem with one obvious fix, the change that puts it right, as a
//! button's action the form can post.
//!
//! Each kind of problem names what would fix it (add a pilot, the smallest plant that moves
//! the boat, each facing the weapon may have, ...); every such change is made to a copy of the
//! design and judged again, and offered only when the engine says that problem is gone and no
//! new error came with it. Actions are `fix.` and words of their own ("fix.pilot",
//! "fix.plant.medium", "fix.mount.2.B"); [`apply`] reads one back and makes the change to the
//! design as posted.

use crate::games::boats::design::{CrewEntry, Deck, Design};
use crate::games::boats::evaluate::{Evaluation, Part, check};
use crate::games::boats::tables::{self, Mount, PLANTS, PROPELLER_GUARD_MAX};
use crate::games::boats::units::Speed;
use crate::games::{Problem, boats::Code};

/// Problems looked at for fixes, in the order they are listed: past these, none is offered
/// (each costs a few judgements; a real boat has a handful of problems).
pub const MAX_FIXED_PROBLEMS: usize = 20;

/// A change that fixes one problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Add a pilot to the crew.
    Pilot,
    /// This power plant (propellers sized to it).
    Plant(&'static tables::Plant),
    /// Add a propeller sized to the plant.
    Propeller,
    /// Size propeller i to the plant.
    PropellerSize(usize),
    /// Propeller i's guard down to the most it takes.
    Guard(usize),
    /// Body weapon i facing this way.
    Mount(usize, Mount),
    /// Add a Deck, split evenly.
    AddDeck,
    /// Split the Deck evenly.
    EvenSplit,
    /// Take this fitting off: the Deck, oars, weighted keel, spoiler or hydrofoils.
    Remove(Part),
    /// Crew (or accessory) i out of cargo space into the body.
    OutOfCargo(Part),
    /// Weapon entry i not linked (a single weapon has nothing to link to).
    Unlink(Part),
    /// Weapon entry i out of its link group (it is alone in it).
    Ungroup(Part),
    /// Weapon entry i without its magazine switch.
    NoSwitch(Part),
}

/// A fix offered beside a problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Fix {
    /// The problem it fixes: its code and part.
    pub code: crate::games::Code,
    pub part: Option<String>,
    /// The button's words ("Add a pilot", "Face it back").
    pub label: String,
    /// The form action: "fix." and the change.
    pub action: String,
}

fn indexed(part: Part) -> Option<String> {
    match part {
        Part::Crew(i) => Some(format!("crew.{i}")),
        Part::Accessory(i) => Some(format!("accessories.{i}")),
        Part::Weapon(i) => Some(format!("weapons.{i}")),
        Part::TurretWeapon(t, w) => Some(format!("turrets.{t}.weapons.{w}")),
        Part::Deck => Some("deck".into()),
        Part::Oars => Some("oars".into()),
        Part::WeightedKeel => Some("weighted_keel".into()),
        Part::Spoiler => Some("spoiler".into()),
        Part::Hydrofoils => Some("hydrofoils".into()),
        _ => None,
    }
}

impl Change {
    /// The action a button posts for it ("fix.mount.2.B").
    pub fn action(self) -> String {
        let rest = match self {
            Change::Pilot => "pilot".to_owned(),
            Change::Plant(p) => format!("plant.{}", p.id),
            Change::Propeller => "propeller".into(),
            Change::PropellerSize(i) => format!("propeller-size.{i}"),
            Change::Guard(i) => format!("guard.{i}"),
            Change::Mount(i, m) => format!("mount.{i}.{}", m.code()),
            Change::AddDeck => "deck".into(),
            Change::EvenSplit => "even-split".into(),
            Change::Remove(p) => format!("remove.{p}"),
            Change::OutOfCargo(p) => format!("out-of-cargo.{p}"),
            Change::Unlink(p) => format!("unlink.{p}"),
            Change::Ungroup(p) => format!("ungroup.{p}"),
            Change::NoSwitch(p) => format!("no-switch.{p}"),
        };
        format!("fix.{rest}")
    }

    /// The change an action names (what follows "fix."), if it names one.
    pub fn parse(rest: &str) -> Option<Change> {
        let (word, arg) = rest.split_once('.').unwrap_or((rest, ""));
        let index = |s: &str| s.parse::<usize>().ok().filter(|_| !s.starts_with('+'));
        let part = |s: &str| Part::at(s).filter(|p| indexed(*p).is_some());
        Some(match word {
            "pilot" if arg.is_empty() => Change::Pilot,
            "plant" => Change::Plant(tables::plant_by_id(arg)?),
            "propeller" if arg.is_empty() => Change::Propeller,
            "propeller-size" => Change::PropellerSize(index(arg)?),
            "guard" => Change::Guard(index(arg)?),
            "mount" => {
                let (i, m) = arg.split_once('.')?;
                Change::Mount(index(i)?, Mount::ALL.into_iter().find(|x| x.code() == m)?)
            }
            "deck" if arg.is_empty() => Change::AddDeck,
            "even-split" if arg.is_empty() => Change::EvenSplit,
            "remove" => Change::Remove(part(arg).filter(|p| {
                matches!(p, Part::Deck | Part::Oars | Part::WeightedKeel | Part::Spoiler | Part::Hydrofoils)
            })?),
            "out-of-cargo" => {
                Change::OutOfCargo(part(arg).filter(|p| matches!(p, Part::Crew(_) | Part::Accessory(_)))?)
            }
            "unlink" => {
                Change::Unlink(part(arg).filter(|p| matches!(p, Part::Weapon(_) | Part::TurretWeapon(..)))?)
            }
            "ungroup" => {
                Change::Ungroup(part(arg).filter(|p| matches!(p, Part::Weapon(_) | Part::TurretWeapon(..)))?)
            }
            "no-switch" => {
                Change::NoSwitch(part(arg).filter(|p| matches!(p, Part::Weapon(_) | Part::TurretWeapon(..)))?)
            }
            _ => return None,
        })
    }

    /// The button's words.
    pub fn label(self) -> String {
        match self {
            Change::Pilot => "Add a pilot".into(),
            Change::Plant(p) => format!("Use a {} plant", p.name),
            Change::Propeller => "Add a propeller".into(),
            Change::PropellerSize(_) => "Size it to the plant".into(),
            Change::Guard(_) => format!("Cut the guard to {PROPELLER_GUARD_MAX}"),
            Change::Mount(_, m) => format!("Face it {}", m.word()),
            Change::AddDeck => "Add a Deck".into(),
            Change::EvenSplit => "Split the Deck evenly".into(),
            Change::Remove(p) => format!(
                "Take off the {}",
                match p {
                    Part::Deck => "Deck",
                    Part::Oars => "oars",
                    Part::WeightedKeel => "weighted keel",
                    Part::Spoiler => "spoiler",
                    _ => "hydrofoils",
                }
            ),
            Change::OutOfCargo(_) => "Move it to the body".into(),
            Change::Unlink(_) => "Unlink it".into(),
            Change::Ungroup(_) => "Clear its link group".into(),
            Change::NoSwitch(_) => "Remove the switch".into(),
        }
    }

    /// Makes the change to `d`; false (and `d` unchanged) when it does not fit `d` (a row
    /// that is not there).
    pub fn apply(self, d: &mut Design) -> bool {
        fn weapon(d: &mut Design, p: Part) -> Option<&mut crate::games::boats::design::WeaponEntry> {
            match p {
                Part::Weapon(i) => d.weapons.get_mut(i),
                Part::TurretWeapon(t, w) => d.turrets.get_mut(t)?.weapons.get_mut(w),
                _ => None,
            }
        }
        match self {
            Change::Pilot => d.crew.push(CrewEntry::new(tables::PILOT, 1)),
            Change::Plant(p) => {
                d.plant = Some(p.into());
                for prop in &mut d.propellers {
                    prop.size = None;
                }
            }
            Change::Propeller => {
                d.propellers.push(crate::games::boats::design::PropellerEntry { size: None, guard: 0 })
            }
            Change::PropellerSize(i) => match d.propellers.get_mut(i) {
                Some(p) => p.size = None,
                None => return false,
            },
            Change::Guard(i) => match d.propellers.get_mut(i) {
                Some(p) => p.guard = p.guard.min(PROPELLER_GUARD_MAX as u16),
                None => return false,
            },
            Change::Mount(i, m) => match d.weapons.get_mut(i) {
                Some(w) => w.mount = Some(m),
                None => return false,
            },
            Change::AddDeck => d.deck = Some(Deck { below: None }),
            Change::EvenSplit => match &mut d.deck {
                Some(deck) => deck.below = None,
                None => return false,
            },
            Change::Remove(p) => match p {
                Part::Deck => d.deck = None,
                Part::Oars => d.oars = 0,
                Part::WeightedKeel => d.weighted_keel = false,
                Part::Spoiler => d.spoiler = false,
                Part::Hydrofoils => d.hydrofoils = false,
                _ => return false,
            },
            Change::OutOfCargo(p) => match p {
                Part::Crew(i) if i < d.crew.len() => d.crew[i].cargo = false,
                Part::Accessory(i) if i < d.accessories.len() => d.accessories[i].cargo = false,
                _ => return false,
            },
            Change::Unlink(p) => match weapon(d, p) {
                Some(w) => w.linked = false,
                None => return false,
            },
            Change::Ungroup(p) => match weapon(d, p) {
                Some(w) => w.link_group = None,
                None => return false,
            },
            Change::NoSwitch(p) => match weapon(d, p) {
                Some(w) => w.magazine_switch = false,
                None => return false,
            },
        }
        true
    }
}

/// The changes that might fix `p`, best first; [`fixes`] keeps those the engine agrees with.
/// `all`: every one that works is offered (a weapon's facings); otherwise only the first.
fn candidates(p: &Problem, d: &Design) -> (Vec<Change>, bool) {
    let part = p.part.as_deref().and_then(Part::at);
    let plants = || PLANTS.iter().map(Change::Plant).collect();
    match (Code::of(p.code), part) {
        (Some(Code::NoPilot), _) => (vec![Change::Pilot], false),
        // The smallest plant that moves the boat (or runs its jet drive).
        (Some(Code::PlantTooWeak | Code::JetDriveWontRun | Code::NoPlant), _) => (plants(), false),
        (Some(Code::NoWayToMove), _) if d.plant.is_some() && !d.jet_drive => (vec![Change::Propeller], false),
        (Some(Code::PropellerWrongSize), Some(Part::Propeller(i))) => (vec![Change::PropellerSize(i)], false),
        (Some(Code::PropellerGuardOver), Some(Part::Propeller(i))) => (vec![Change::Guard(i)], false),
        (Some(Code::MountNotAllowed | Code::GunFrontOrBack), Some(Part::Weapon(i))) => {
            (Mount::ALL.into_iter().map(|m| Change::Mount(i, m)).collect(), true)
        }
        (Some(Code::DeckRequired), _) => (vec![Change::AddDeck], false),
        (Some(Code::DeckSplit | Code::DeckSectionTooSmall), _) => (vec![Change::EvenSplit], false),
        (
            Some(
                Code::DeckNotAllowed
                | Code::OarsNotAllowed
                | Code::KeelNotAllowed
                | Code::SpoilerNotAllowed
                | Code::HydrofoilsNeverLift,
            ),
            Some(p),
        ) => (vec![Change::Remove(p)], false),
        (Some(Code::NotForCargoSpace), Some(p @ (Part::Crew(_) | Part::Accessory(_)))) => {
            (vec![Change::OutOfCargo(p)], false)
        }
        (Some(Code::LinkNothing), Some(p)) => (vec![Change::Unlink(p)], false),
        (Some(Code::LinkGroupAlone), Some(p)) => (vec![Change::Ungroup(p)], false),
        (Some(Code::SwitchWithoutMagazine | Code::NoMagazine), Some(p)) if p_has_switch(d, p) => {
            (vec![Change::NoSwitch(p)], false)
        }
        _ => (Vec::new(), false),
    }
}

fn p_has_switch(d: &Design, p: Part) -> bool {
    match p {
        Part::Weapon(i) => d.weapons.get(i).is_some_and(|w| w.magazine_switch),
        Part::TurretWeapon(t, w) => {
            d.turrets.get(t).and_then(|x| x.weapons.get(w)).is_some_and(|w| w.magazine_switch)
        }
        _ => false,
    }
}

/// Whether `after` no longer has `p` and has no error `before` lacked.
fn fixed(p: &Problem, before: &Evaluation, after: &Evaluation) -> bool {
    let gone = !after.problems.iter().any(|q| super::same(p, q));
    let no_new = after
        .problems
        .iter()
        .filter(|q| q.is_error())
        .all(|q| before.problems.iter().any(|b| b.is_error() && super::same(q, b)));
    gone && no_new
}

/// The fixes for `d`'s problems (`e` is `d` judged), in the problems' order: for each of the
/// first [`MAX_FIXED_PROBLEMS`], the first change the engine agrees fixes it (or, for a
/// weapon's facing, each one that does).
pub fn fixes(d: &Design, e: &Evaluation) -> Vec<Fix> {
    let mut out = Vec::new();
    for p in e.problems.iter().take(MAX_FIXED_PROBLEMS) {
        let (changes, all) = candidates(p, d);
        for c in changes {
            let mut after = d.clone();
            if !c.apply(&mut after) {
                continue;
            }
            let judged = check(&after);
            // A plant offered must also move the boat.
            let moves = !matches!(c, Change::Plant(_)) || super::fastest_speed(&judged.figures) > Speed::ZERO;
            if !moves || !fixed(p, e, &judged) {
                continue;
            }
            out.push(Fix { code: p.code, part: p.part.clone(), label: c.label(), action: c.action() });
            if !all {
                break;
            }
        }
    }
    out
}

/// Makes the change a fix's action names ("fix.pilot"); false when it names none or does not
/// fit `d`.
pub fn apply(d: &mut Design, action: &str) -> bool {
    action.strip_prefix("fix.").and_then(Change::parse).is_some_and(|c| c.apply(d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::examples;

    fn offered(d: &Design) -> Vec<Fix> {
        fixes(d, &check(d))
    }

    #[test]
    fn a_boat_without_a_pilot_is_offered_one() {
        let mut d = examples::piranha();
        d.crew.clear();
        let f = offered(&d);
        assert_eq!(f.iter().map(|f| f.action.as_str()).collect::<Vec<_>>(), ["fix.pilot"]);
        assert!(apply(&mut d, "fix.pilot"));
        assert!(check(&d).legal());
    }

    /// A Mini plant cannot move a loaded Cruiser; the fix offered is the smallest plant that
    /// gives it a speed.
    #[test]
    fn a_plant_too_small_is_offered_the_smallest_that_moves_the_boat() {
        let mut d = Design::blank(tables::hull("cruiser").expect("cruiser"));
        d.plant = Some(tables::plant_by_id("mini").expect("mini").into());
        d.propellers.push(crate::games::boats::design::PropellerEntry { size: None, guard: 0 });
        d.armor.points.set(tables::Loc::F, 600);
        let e = check(&d);
        assert!(e.problems.iter().any(|p| p.code == Code::PlantTooWeak), "{:?}", e.problems);
        let f = offered(&d);
        let plant = f.iter().find(|f| f.code == Code::PlantTooWeak).map(|f| f.action.clone());
        let plant = plant.expect("a plant offered");
        // No smaller plant would do.
        let smaller: Vec<&str> =
            PLANTS.iter().map(|p| p.id).take_while(|id| format!("fix.plant.{id}") != plant).collect();
        for id in smaller {
            let mut x = d.clone();
            assert!(apply(&mut x, &format!("fix.plant.{id}")));
            assert!(check(&x).problems.iter().any(|p| p.code == Code::PlantTooWeak), "{id}");
        }
        assert!(apply(&mut d, &plant));
        assert!(check(&d).figures.top_speed > crate::games::boats::units::Speed::ZERO);
    }

    #[test]
    fn a_weapon_facing_the_hull_forbids_is_offered_each_facing_it_allows() {
        let mut d = examples::piranha();
        // A Dinghy has no front-left mount.
        d.weapons[0].mount = Some(Mount::FL);
        let f = offered(&d);
        let actions: Vec<&str> = f.iter().map(|f| f.action.as_str()).collect();
        assert_eq!(actions, ["fix.mount.0.F", "fix.mount.0.B", "fix.mount.0.L", "fix.mount.0.R"]);
    }

    #[test]
    fn every_change_reads_back_from_its_action() {
        let d = examples::piranha();
        let changes = [
            Change::Pilot,
            Change::Plant(&PLANTS[2]),
            Change::Propeller,
            Change::PropellerSize(3),
            Change::Guard(0),
            Change::Mount(12, Mount::BR),
            Change::AddDeck,
            Change::EvenSplit,
            Change::Remove(Part::Hydrofoils),
            Change::Remove(Part::Deck),
            Change::OutOfCargo(Part::Accessory(2)),
            Change::Unlink(Part::TurretWeapon(1, 2)),
            Change::Ungroup(Part::Weapon(0)),
            Change::NoSwitch(Part::Weapon(4)),
        ];
        for c in changes {
            let a = c.action();
            assert_eq!(a.strip_prefix("fix.").and_then(Change::parse), Some(c), "{a}");
            assert!(!c.label().is_empty());
        }
        for bad in [
            "fix.",
            "fix.plant.nope",
            "fix.mount.1",
            "fix.mount.x.F",
            "fix.remove.crew.0",
            "fix.pilot.2",
            "nofix",
        ] {
            let mut x = d.clone();
            assert!(!apply(&mut x, bad), "{bad}");
            assert_eq!(x, d);
        }
    }
}
