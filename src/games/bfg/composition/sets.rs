//! Sets of ships as the fleet lists' rules name them ("capital ships", "Sword frigates",
//! "ships other than a battleship"): whether a ship or a fleet entry is in one, and the words for
//! it in a problem.

use super::leaders_of;
use crate::games::bfg::data::lists::{Leader, Reading, Role, Set};
use crate::games::bfg::data::{self, Ship};
use crate::games::bfg::document::Aboard;
use crate::games::bfg::fitting::parse_pick;
use crate::games::{Backwards, Piece};
use std::fmt;
use std::sync::{PoisonError, RwLock};

/// "Sword frigate" or "Sword frigates".
pub(super) fn noun_of_ship(ship: &Ship, n: u32) -> String {
    if n == 1 { ship.name.to_string() } else { plural(ship.name) }
}

/// A name's plural: "Explorer (Gal'leath)" is "Explorers (Gal'leath)".
fn plural(name: &str) -> String {
    if let Some((head, tail)) = name.split_once(" (") {
        return format!("{} ({tail}", plural(head));
    }
    if name.ends_with('s') {
        name.to_string()
    } else if name.ends_with('o') {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// A noun with its article: "a capital ship", "an Emperor battleship".
pub(super) fn article(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// "needs" or "need", after a count.
pub(super) fn need(n: u64) -> &'static str {
    if n == 1 { "needs" } else { "need" }
}

pub(super) fn role_matches(wanted: Role, role: Role) -> bool {
    wanted == role || (wanted == Role::Commander && role == Role::Warlord)
}

fn role_noun(r: Role) -> (&'static str, &'static str) {
    match r {
        Role::Commander => ("fleet commander", "fleet commanders"),
        Role::Warlord => ("Ork Warlord", "Ork Warlords"),
        Role::Lord => ("Chaos Lord", "Chaos Lords"),
        Role::Captain => ("captain", "captains"),
        Role::Ethereal => ("Ethereal", "Ethereals"),
        Role::Mark => ("Mark of Chaos", "Marks of Chaos"),
        Role::Rerolls => ("fleet re-roll purchase", "fleet re-roll purchases"),
        Role::Imperative => ("Hive Mind Imperative", "Hive Mind Imperatives"),
    }
}

/// Whether a ship (class alone) is in a set of classes: kinds, classes, factions, `capital`.
pub fn is_class_in(set: &Set, ship: &Ship) -> bool {
    entry_is(set, ship, &[], &[], "", false)
}

/// Whether a fleet entry is in a set of ships, from what the entry itself holds (options,
/// leaders aboard, group, reserve). `most-expensive` and a god fleet's Mark need the whole fleet
/// and hold here; the rules that use them check them on the fleet.
pub fn entry_is(
    set: &Set,
    ship: &Ship,
    options: &[String],
    aboard: &[Aboard],
    group: &str,
    reserve: bool,
) -> bool {
    let leaders = leaders_of(aboard);
    let has = |id: &str| options.iter().filter_map(|o| parse_pick(o)).any(|(o, _)| o == id);
    ship_in(set, ship, &has, &leaders, !group.is_empty() || ship.is_escort(), reserve, &|_| true)
}

/// A ship in a set, given what it holds. `special` answers `MostExpensive` and `GodMark`.
pub(super) fn ship_in(
    set: &Set,
    ship: &Ship,
    has: &dyn Fn(&str) -> bool,
    leaders: &[&'static Leader],
    squadroned: bool,
    reserve: bool,
    special: &dyn Fn(&Set) -> bool,
) -> bool {
    let again = |s: &Set| ship_in(s, ship, has, leaders, squadroned, reserve, special);
    match set {
        Set::Kind(k) => ship.kind == *k,
        Set::GrandCruiser | Set::Missing(_) | Set::Leader(_) | Set::Role(_) => false,
        Set::Capital => !ship.is_escort(),
        Set::Class(id) => ship.id == *id,
        Set::Faction(f) => ship.faction == *f,
        Set::Option(id) => has(id),
        Set::Aboard(r) => leaders.iter().any(|l| role_matches(*r, l.role)),
        Set::Reserve => reserve,
        Set::Squadroned => squadroned,
        Set::MostExpensive | Set::GodMark => special(set),
        Set::Any(items) => items.iter().any(again),
        Set::All(items) => items.iter().all(again),
        Set::Not(inner) => !again(inner),
    }
}

/// What a set asks of a ship, in words: "a capital ship", "a battle barge".
pub fn requirement(set: &Set) -> String {
    article(&nouns(set).0)
}

/// A set's nouns, singular and plural.
fn nouns(set: &Set) -> (String, String) {
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    match set {
        Set::Kind(k) => {
            let one = k.name();
            (one.to_string(), plural(one))
        }
        Set::GrandCruiser => pair("grand cruiser", "grand cruisers"),
        Set::Capital => pair("capital ship", "capital ships"),
        Set::Class(id) => match data::ship(id) {
            Some(s) => (s.name.to_string(), plural(s.name)),
            None => (id.to_string(), plural(id)),
        },
        Set::Missing(name) => (name.to_string(), plural(name)),
        Set::Faction(id) => {
            let name = faction_adjective(id);
            (format!("{name} ship"), format!("{name} ships"))
        }
        Set::Option(id) => {
            let name =
                data::ships().iter().flat_map(|s| s.options).find(|o| o.id == *id).map_or(*id, |o| o.name);
            (format!("ship with {name}"), format!("ships with {name}"))
        }
        Set::GodMark => pair("ship with the fleet's Mark", "ships with the fleet's Mark"),
        Set::Aboard(r) => {
            let (one, _) = role_noun(*r);
            (format!("ship carrying a {one}"), format!("ships carrying a {one}"))
        }
        Set::Reserve => pair("reserve", "reserves"),
        Set::Squadroned => pair("squadroned ship", "squadroned ships"),
        Set::MostExpensive => pair("most expensive ship", "most expensive ships"),
        Set::Leader(id) => match data::leader(id) {
            Some(l) => (l.name.to_string(), plural(l.name)),
            None => (id.to_string(), plural(id)),
        },
        Set::Role(r) => {
            let (a, b) = role_noun(*r);
            pair(a, b)
        }
        Set::Any(items) => {
            let all: Vec<(String, String)> = items.iter().map(nouns).collect();
            let one: Vec<&str> = all.iter().map(|(a, _)| a.as_str()).collect();
            let many: Vec<&str> = all.iter().map(|(_, b)| b.as_str()).collect();
            (crate::games::or_list(&one), crate::games::or_list(&many))
        }
        Set::All(items) => {
            // "Imperial Navy capital ship", "capital ship other than a Space Marine ship".
            let (mut yes, mut no): (Vec<&Set>, Vec<&Set>) = (Vec::new(), Vec::new());
            for i in *items {
                match i {
                    Set::Not(inner) => no.push(inner),
                    other => yes.push(other),
                }
            }
            let faction = yes.iter().position(|s| matches!(s, Set::Faction(_)));
            let (mut one, mut many) = match (faction, yes.len()) {
                (Some(f), n) if n > 1 => {
                    let name = match yes[f] {
                        Set::Faction(id) => faction_adjective(id),
                        _ => "",
                    };
                    let rest = yes
                        .iter()
                        .enumerate()
                        .find(|(i, _)| *i != f)
                        .map_or_else(|| pair("ship", "ships"), |(_, s)| nouns(s));
                    (format!("{name} {}", rest.0), format!("{name} {}", rest.1))
                }
                _ => yes.first().map_or_else(|| pair("ship", "ships"), |s| nouns(s)),
            };
            if !no.is_empty() {
                let others: Vec<String> = no.iter().map(|s| requirement(s)).collect();
                let others: Vec<&str> = others.iter().map(String::as_str).collect();
                let tail = format!(" other than {}", crate::games::or_list(&others));
                one.push_str(&tail);
                many.push_str(&tail);
            }
            (one, many)
        }
        Set::Not(inner) => {
            let (a, b) = nouns(inner);
            (format!("ship other than a {a}"), format!("ships other than {b}"))
        }
    }
}

/// A faction's name before a noun: "Space Marine", "Ork", "Imperial Navy".
fn faction_adjective(id: &str) -> &'static str {
    let name = data::faction(id).map_or("", |f| f.name);
    name.strip_suffix('s').unwrap_or(name)
}

/// The nouns of a reading's set: its own words where it gives them.
pub(super) fn words(given: Option<(&'static str, &'static str)>, set: &Set) -> (String, String) {
    given.map_or_else(|| nouns(set), |(a, b)| (a.to_string(), b.to_string()))
}

/// What a reading says the same way for every fleet (its sets' nouns, its condition in words),
/// made the first time it is asked for and kept: a reading is the fleet lists' own, there for as
/// long as the program runs, so what is kept is bounded by the lists. A live update runs every
/// rule of its list and made these words afresh on every change.
///
/// Kept sorted by the reading's address and the slot, looked up by halves: cheaper than hashing
/// for the few hundred readings there are.
pub(super) struct Kept<T: 'static>(RwLock<Vec<((usize, Slot), &'static T)>>);

/// Which of a reading's words: the counted set's, the second set's, or the condition's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Slot {
    Subject,
    Basis,
    Cond,
}

impl<T: Send + Sync + 'static> Kept<T> {
    pub(super) const fn new() -> Self {
        Kept(RwLock::new(Vec::new()))
    }

    /// The reading's words in `slot`, made by `make` the first time. Each reading asks for one
    /// set's words in each slot (its check names at most two sets, and `run` always asks for
    /// the same one in the same slot), so the words depend on the reading and the slot alone.
    pub(super) fn of(&self, r: &'static Reading, slot: Slot, make: impl FnOnce() -> T) -> &'static T {
        let key = (std::ptr::from_ref(r) as usize, slot);
        let find = |kept: &[((usize, Slot), &'static T)]| kept.binary_search_by_key(&key, |&(k, _)| k);
        let kept = self.0.read().unwrap_or_else(PoisonError::into_inner);
        if let Ok(at) = find(&kept) {
            return kept[at].1;
        }
        drop(kept);
        // Two updates making the same words at once keep the first; the other's copy is the
        // one small leak this allows, once per reading at most.
        let made: &'static T = Box::leak(Box::new(make()));
        let mut kept = self.0.write().unwrap_or_else(PoisonError::into_inner);
        match find(&kept) {
            Ok(at) => kept[at].1,
            Err(at) => {
                kept.insert(at, (key, made));
                made
            }
        }
    }
}

/// "1 battleship", "3 battleships", written where it is put.
pub(super) fn count_of(n: u64, words: &(String, String)) -> CountOf<'_> {
    CountOf(n, words)
}

/// See [`count_of`].
pub(super) struct CountOf<'a>(u64, &'a (String, String));

impl CountOf<'_> {
    /// The count's digits and its noun, one or many.
    fn parts(&self) -> (Backwards, &str) {
        let CountOf(n, (one, many)) = *self;
        (Backwards::whole(n), if n == 1 { one } else { many })
    }
}

impl fmt::Display for CountOf<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, noun) = self.parts();
        f.write_str(n.as_str())?;
        f.write_str(" ")?;
        f.write_str(noun)
    }
}

impl Piece for CountOf<'_> {
    fn put(&self, out: &mut String) {
        let (n, noun) = self.parts();
        out.push_str(n.as_str());
        out.push(' ');
        out.push_str(noun);
    }
}

/// A noun phrase with a capital first letter.
pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each reading's words in each slot are made once and given back as made, whatever the
    /// order the readings are asked in.
    #[test]
    fn kept_words_are_made_once_for_each_reading_and_slot() {
        static KEPT: Kept<String> = Kept::new();
        let mut readings: Vec<&'static Reading> = Vec::new();
        for r in data::rules().iter().flat_map(|rule| rule.readings) {
            // Two equal readings may share one address; the words are then the same.
            if !readings.iter().any(|k| std::ptr::eq(*k, r)) {
                readings.push(r);
            }
        }
        assert!(readings.len() > 50, "{}", readings.len());
        let words = |i: usize, slot: Slot| format!("{i} {slot:?}");
        let mut made = 0;
        for pass in 0..2 {
            // The second pass asks from the end, so the kept list is searched, not appended to.
            let order: Vec<usize> =
                if pass == 0 { (0..readings.len()).collect() } else { (0..readings.len()).rev().collect() };
            for i in order {
                for slot in [Slot::Subject, Slot::Basis, Slot::Cond] {
                    let kept = KEPT.of(readings[i], slot, || {
                        made += 1;
                        words(i, slot)
                    });
                    assert_eq!(*kept, words(i, slot));
                }
            }
        }
        assert_eq!(made, readings.len() * 3);
    }
}
