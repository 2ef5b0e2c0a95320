//! Every construction limit the engine checks, one test each: the smallest design that breaks the
//! limit (a legal minimal boat plus exactly the offending part) with the problem's exact code,
//! severity and message, next to a legal neighbour that does not have it. Then the figures the
//! rules give in numbers, and the published boats read from their JSON documents.

use crate::games::boats::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Deck, Design, PropellerEntry, Ref, Section, Top, TurretEntry,
    WeaponEntry,
};
use crate::games::boats::evaluate::{Evaluation, LineKind, band, check, range_miles};
use crate::games::boats::examples::{self, tests::check_figures};
use crate::games::boats::tables::{self, Hull, Item, Loc, Mount, Plant, Role, Weapon};
use crate::games::boats::units::{Money, Spaces, Speed, Weight};
use crate::games::{Severity, boats::Code};

mod body;
mod deck;
mod entries;
mod figures;
mod parts;
mod published;
mod turrets;
mod water;

fn hull(id: &str) -> &'static Hull {
    tables::hull(id).expect("a hull id from our tables")
}

fn plant(id: &str) -> &'static Plant {
    tables::plant_by_id(id).expect("a plant id from our tables")
}

fn weapon(id: &str) -> &'static Weapon {
    tables::weapon_by_id(id).expect("a weapon id from our tables")
}

fn item(id: &str) -> &'static Item {
    tables::accessory(id).expect("an accessory id from our tables")
}

fn role(id: &str) -> &'static Role {
    tables::role(id).expect("a role id from our tables")
}

/// The smallest legal boat of a hull: the empty hull with its pilot, a plant, one propeller sized
/// to it, and the Deck a Cruiser or Yacht must have.
fn boat(hull_id: &str, plant_id: &str) -> Design {
    let mut d = Design::blank(hull(hull_id));
    d.plant = Some(Ref::Known(plant(plant_id)));
    d.propellers.push(PropellerEntry { size: None, guard: 0 });
    d
}

/// 360 lb, 4 of 6 spaces.
fn rowboat() -> Design {
    boat("rowboat", "mini")
}

/// 1,765 lb, 5 of 10 spaces.
fn dinghy() -> Design {
    boat("dinghy", "small")
}

/// 3,375 lb, 6 of 17 spaces.
fn speeder() -> Design {
    boat("speeder", "medium")
}

/// 6,390 lb, 8 of 25 spaces; Deck split 19 below, 18 above.
fn cruiser() -> Design {
    boat("cruiser", "large")
}

/// 11,425 lb, 10 of 40 spaces; Deck split 29 below, 29 above.
fn yacht() -> Design {
    boat("yacht", "super")
}

fn with_weapon(mut d: Design, id: &str, mount: Mount) -> Design {
    d.weapons.push(WeaponEntry::new(weapon(id), Some(mount)));
    d
}

fn with_entry(mut d: Design, e: WeaponEntry) -> Design {
    d.weapons.push(e);
    d
}

fn with_accessory(mut d: Design, id: &str, count: u16) -> Design {
    d.accessories.push(AccessoryEntry::new(item(id), count));
    d
}

fn with_crew(mut d: Design, id: &str, count: u16) -> Design {
    d.crew.push(CrewEntry::new(role(id), count));
    d
}

fn with_top(mut d: Design, top: Top) -> Design {
    d.top = top;
    d
}

fn turret(size: u8, weapons: &[&str]) -> TurretEntry {
    TurretEntry {
        size,
        popup: false,
        universal: false,
        location: None,
        weapons: weapons.iter().map(|id| WeaponEntry::new(weapon(id), None)).collect(),
    }
}

fn with_turret(mut d: Design, t: TurretEntry) -> Design {
    d.turrets.push(t);
    d
}

fn with_armor(mut d: Design, loc: Loc, points: u16) -> Design {
    d.armor.points.set(loc, points);
    d
}

fn cargo(spaces: u16, weight: u32) -> CargoEntry {
    CargoEntry { name: String::new(), spaces, weight, deck: None, cargo: true }
}

/// Severity and message of every problem with this code.
fn flagged(d: &Design, code: impl Into<crate::games::Code>) -> Vec<(Severity, String)> {
    let code = code.into();
    check(d).problems.into_iter().filter(|p| p.code == code).map(|p| (p.severity, p.message)).collect()
}

fn error(message: &str) -> Vec<(Severity, String)> {
    vec![(Severity::Error, message.to_owned())]
}

fn warning(message: &str) -> Vec<(Severity, String)> {
    vec![(Severity::Warning, message.to_owned())]
}

/// The neighbour is legal and free of the problem.
fn assert_legal_without(d: &Design, code: impl Into<crate::games::Code>) {
    let code = code.into();
    let e = check(d);
    assert!(e.problems.iter().all(|p| p.code != code), "{code} in {:?}", e.problems);
    assert!(e.legal(), "the neighbour should be legal: {:?}", e.problems);
}

/// The neighbour does not have the problem (it may break another limit on purpose).
fn assert_without(d: &Design, code: Code) {
    assert_eq!(flagged(d, code), vec![], "{code}");
}

fn figures_of(d: &Design) -> crate::games::boats::Figures {
    check(d).figures
}

/// The first ledger line of a kind.
fn line_of(e: &Evaluation, wanted: impl Fn(&LineKind) -> bool) -> (Money, Weight, Spaces) {
    let l = e.ledger.iter().find(|l| wanted(&l.kind)).expect("the ledger has the line");
    (l.cost, l.weight, l.spaces)
}

fn lb(p: i64) -> Weight {
    Weight::whole(p)
}

fn usd(d: i64) -> Money {
    Money::whole(d)
}

fn sp(s: i64) -> Spaces {
    Spaces::whole(s)
}
