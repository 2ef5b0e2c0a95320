//! The reader's vocabulary. The nouns are the catalog's own: every hull, plant, weapon, accessory
//! and armor type under every name a stat line gives it (the tables' names, abbreviations,
//! plurals and aliases), built once from the tables. The rest are the grammar's words: counts,
//! facings, armor locations, ammunition, and the hull's fittings, which have no table row.
//!
//! Phrases are stored as the tokenizer reads them, so "front-left", "front left" and "Front
//! Left" are one phrase, and "LR/FP" is "lr fp".

use super::lex::{Lexed, Tok};
use crate::games::boats::design::Top;
use crate::games::boats::tables::{
    ACCESSORIES, ARMOR_TYPES, Ammo, ArmorType, HULLS, Hull, Item, Loc, Mount, PLANTS, Plant, ROLES, Role,
    WEAPONS, Weapon,
};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// A fast hash for the short words of a stat line (the Firefox hash, a byte at a time): every
/// token is looked up several times, and the default hash is built to resist attack, which a
/// table built from our own catalog does not need.
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// What a noun phrase names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Noun {
    Hull(&'static Hull),
    Plant(&'static Plant),
    /// A propeller, sized to a plant when the phrase names one ("Medium propeller").
    Propeller(Option<&'static Plant>),
    PropellerGuard,
    JetDrive,
    Oars,
    Deck,
    Top(Top),
    Hydrofoils,
    WeightedKeel,
    Spoiler,
    Crew(&'static Role),
    /// A weapon, with the ammunition its name implies ("APHR").
    Weapon(&'static Weapon, Option<&'static str>),
    Item(&'static Item),
    Turret,
    ExtraMagazine,
    RocketMagazine,
    /// "magazine": an extra magazine for a weapon that has one, a rocket magazine for a rocket.
    Magazine,
    MagazineSwitch,
    Cargo,
    /// "no weapons", "none", "nothing".
    Nothing,
}

impl Noun {
    /// Options that belong to the part named before them ("MG with extra magazine").
    pub fn is_option(self) -> bool {
        matches!(
            self,
            Noun::ExtraMagazine
                | Noun::RocketMagazine
                | Noun::Magazine
                | Noun::MagazineSwitch
                | Noun::PropellerGuard
        )
    }

    /// How the page names it when offering it for a fragment it could not read.
    pub fn display(self) -> String {
        match self {
            Noun::Hull(h) => h.name.to_owned(),
            Noun::Plant(p) => format!("{} power plant", p.name),
            Noun::Propeller(_) => "Propeller".into(),
            Noun::PropellerGuard => "Propeller guard".into(),
            Noun::JetDrive => "Jet drive".into(),
            Noun::Oars => "Oars".into(),
            Noun::Deck => "Deck".into(),
            Noun::Top(Top::Half) => "Half Top".into(),
            Noun::Top(_) => "Boat Top".into(),
            Noun::Hydrofoils => "Hydrofoils".into(),
            Noun::WeightedKeel => "Weighted keel".into(),
            Noun::Spoiler => "Spoiler".into(),
            Noun::Crew(r) => r.name.to_owned(),
            Noun::Weapon(w, _) if w.short != w.name => format!("{} ({})", w.name, w.short),
            Noun::Weapon(w, _) => w.name.to_owned(),
            Noun::Item(i) => i.name.to_owned(),
            Noun::Turret => "Turret".into(),
            Noun::ExtraMagazine | Noun::Magazine => "Extra magazine".into(),
            Noun::RocketMagazine => "Rocket magazine".into(),
            Noun::MagazineSwitch => "Magazine switch".into(),
            Noun::Cargo => "Cargo".into(),
            Noun::Nothing => "None".into(),
        }
    }
}

/// Phrases of one kind, found by their first word.
pub struct Phrases<T> {
    by_first: WordMap<Box<str>, Vec<Entry<T>>>,
    /// Every phrase as written, for offering the nearest ones.
    pub spelled: Vec<(String, T)>,
    /// Phrases given a second, different meaning (which they did not take).
    pub clashes: Vec<String>,
}

pub struct Entry<T> {
    rest: Box<[Box<str>]>,
    pub value: T,
    /// Written in the plural ("MGs", "Jet drives").
    pub plural: bool,
}

impl<T: Copy + PartialEq> Phrases<T> {
    fn new() -> Self {
        Phrases { by_first: WordMap::default(), spelled: Vec::new(), clashes: Vec::new() }
    }

    /// Adds a spelling; the first meaning given to a phrase keeps it.
    fn add(&mut self, spelling: &str, value: T, plural: bool) {
        let lx = Lexed::new(spelling);
        let words: Vec<&str> = (0..lx.tokens.len())
            .filter(|&i| matches!(lx.tokens[i].kind, Tok::Word | Tok::Number))
            .map(|i| lx.word(i))
            .collect();
        let Some((first, rest)) = words.split_first() else { return };
        let list = self.by_first.entry((*first).into()).or_default();
        if let Some(e) = list
            .iter()
            .find(|e| e.rest.len() == rest.len() && e.rest.iter().zip(rest).all(|(a, b)| &**a == *b))
        {
            if e.value != value {
                self.clashes.push(words.join(" "));
            }
            return;
        }
        list.push(Entry { rest: rest.iter().map(|w| (*w).into()).collect(), value, plural });
        // Longest first, so the first phrase that matches is the longest.
        list.sort_by_key(|e| std::cmp::Reverse(e.rest.len()));
        self.spelled.push((words.join(" "), value));
    }

    /// Adds a spelling and its plurals.
    fn add_counted(&mut self, spelling: &str, value: T) {
        self.add(spelling, value, false);
        for p in plurals(spelling) {
            self.add(&p, value, true);
        }
    }

    /// The longest phrase starting at token `i` and ending before `end`: its entry and the token
    /// after it. A slash between its words is passed over ("LR/FP").
    pub fn longest(&self, lx: &Lexed, i: usize, end: usize) -> Option<(&Entry<T>, usize)> {
        if i >= end || !matches!(lx.kind(i), Some(Tok::Word | Tok::Number)) {
            return None;
        }
        let list = self.by_first.get(lx.word(i))?;
        'entries: for e in list {
            let mut j = i + 1;
            for w in e.rest.iter() {
                if lx.is_punct(j, '/') {
                    j += 1;
                }
                if j >= end || !matches!(lx.kind(j), Some(Tok::Word | Tok::Number)) || lx.word(j) != &**w {
                    continue 'entries;
                }
                j += 1;
            }
            return Some((e, j));
        }
        None
    }
}

/// "MG" -> "MGs"; "battery" -> "batteries"; "torpedo" -> "torpedoes", "torpedos".
fn plurals(spelling: &str) -> Vec<String> {
    let last = spelling.rsplit([' ', '-', '/']).next().unwrap_or("");
    if last.is_empty() || !last.chars().all(|c| c.is_ascii_alphabetic()) {
        return Vec::new();
    }
    let lower = last.to_ascii_lowercase();
    let mut out = vec![format!("{spelling}s")];
    if lower.ends_with('y') && !lower.ends_with("ey") && !lower.ends_with("ay") {
        out.push(format!("{}ies", &spelling[..spelling.len() - 1]));
    }
    if ["s", "x", "z", "ch", "sh", "o"].iter().any(|e| lower.ends_with(e)) {
        out.push(format!("{spelling}es"));
    }
    out
}

/// Other names for the power plants: "HD" for Heavy-Duty, as players write it.
const PLANT_NICKNAMES: &[(&str, &str)] = &[("heavy-duty", "hd"), ("heavy-duty", "h-d"), ("super", "sup")];

/// Words for the whole plant after its size.
const PLANT_WORDS: &[&str] = &["power plant", "plant", "pp", "powerplant", "engine"];
const PROPELLER_WORDS: &[&str] = &["propeller", "prop", "screw"];

/// Weapon names with their ammunition built in.
const COMPOUND_WEAPONS: &[(&str, &str, &str)] = &[
    ("aphr", "heavy-rocket", "ap"),
    ("ihr", "heavy-rocket", "incendiary"),
    ("apmr", "medium-rocket", "ap"),
    ("aplr", "light-rocket", "ap"),
];

/// The hull's fittings and the options of a part, which have no table row of their own.
const FITTINGS: &[(&str, Noun)] = &[
    ("jet drive", Noun::JetDrive),
    ("jet", Noun::JetDrive),
    ("waterjet", Noun::JetDrive),
    ("oars", Noun::Oars),
    ("oar", Noun::Oars),
    ("pair of oars", Noun::Oars),
    ("pairs of oars", Noun::Oars),
    ("deck", Noun::Deck),
    ("boat top", Noun::Top(Top::Full)),
    ("full top", Noun::Top(Top::Full)),
    ("top", Noun::Top(Top::Full)),
    ("half top", Noun::Top(Top::Half)),
    ("halftop", Noun::Top(Top::Half)),
    ("hydrofoils", Noun::Hydrofoils),
    ("hydrofoil", Noun::Hydrofoils),
    ("foils", Noun::Hydrofoils),
    ("weighted keel", Noun::WeightedKeel),
    ("keel", Noun::WeightedKeel),
    ("spoiler", Noun::Spoiler),
    ("propeller guard", Noun::PropellerGuard),
    ("prop guard", Noun::PropellerGuard),
    ("propeller armor", Noun::PropellerGuard),
    ("propeller armour", Noun::PropellerGuard),
    ("guard", Noun::PropellerGuard),
    ("turret", Noun::Turret),
    ("extra magazine", Noun::ExtraMagazine),
    ("extra mag", Noun::ExtraMagazine),
    ("spare magazine", Noun::ExtraMagazine),
    ("rocket magazine", Noun::RocketMagazine),
    ("rocket mag", Noun::RocketMagazine),
    ("magazine", Noun::Magazine),
    ("mag", Noun::Magazine),
    ("magazine switch", Noun::MagazineSwitch),
    ("mag switch", Noun::MagazineSwitch),
    ("cargo", Noun::Cargo),
];

/// Words saying there is nothing of something.
const NOTHING: &[&str] = &[
    "none",
    "nothing",
    "no weapons",
    "no weapon",
    "unarmed",
    "no armor",
    "no armour",
    "unarmored",
    "no accessories",
    "no crew",
    "no passengers",
    "empty",
];

/// Other names for the crew roles.
const ROLE_NICKNAMES: &[(&str, &str)] =
    &[("pilot", "driver"), ("pilot", "helmsman"), ("pilot", "skipper"), ("passenger", "pass")];

/// Every noun a stat line may use for a part.
pub fn nouns() -> &'static Phrases<Noun> {
    static NOUNS: OnceLock<Phrases<Noun>> = OnceLock::new();
    NOUNS.get_or_init(|| {
        let mut p = Phrases::new();
        for h in &HULLS {
            p.add_counted(h.name, Noun::Hull(h));
            p.add_counted(h.id, Noun::Hull(h));
        }
        p.add_counted("row boat", Noun::Hull(&HULLS[0]));
        for w in WEAPONS {
            p.add(w.short, Noun::Weapon(w, None), false);
            p.add(w.plural, Noun::Weapon(w, None), true);
            for s in [w.short, w.name].into_iter().chain(w.aliases.iter().copied()) {
                p.add_counted(s, Noun::Weapon(w, None));
            }
        }
        for &(spelling, id, ammo) in COMPOUND_WEAPONS {
            if let Some(w) = WEAPONS.iter().find(|w| w.id == id) {
                p.add_counted(spelling, Noun::Weapon(w, Some(ammo)));
            }
        }
        for i in ACCESSORIES {
            p.add(i.name, Noun::Item(i), false);
            p.add(i.plural, Noun::Item(i), i.plural != i.name);
            for s in i.aliases {
                p.add_counted(s, Noun::Item(i));
            }
        }
        for r in &ROLES {
            p.add(r.name, Noun::Crew(r), false);
            p.add(r.plural, Noun::Crew(r), true);
        }
        for &(id, nick) in ROLE_NICKNAMES {
            if let Some(r) = ROLES.iter().find(|r| r.id == id) {
                p.add_counted(nick, Noun::Crew(r));
            }
        }
        for plant in &PLANTS {
            let names = std::iter::once(plant.name)
                .chain(PLANT_NICKNAMES.iter().filter(|(id, _)| *id == plant.id).map(|(_, n)| *n));
            for name in names {
                for w in PLANT_WORDS {
                    p.add_counted(&format!("{name} {w}"), Noun::Plant(plant));
                }
                for w in PROPELLER_WORDS {
                    p.add_counted(&format!("{name} {w}"), Noun::Propeller(Some(plant)));
                }
            }
        }
        for w in PROPELLER_WORDS {
            p.add_counted(w, Noun::Propeller(None));
        }
        for &(s, noun) in FITTINGS {
            p.add_counted(s, noun);
        }
        for s in NOTHING {
            p.add(s, Noun::Nothing, false);
        }
        p
    })
}

/// Armor types by every name they are printed under ("Fireproof", "FP", "LR/Fireproof",
/// "Laser-reflective fireproof").
pub fn armor_types() -> &'static Phrases<&'static ArmorType> {
    static TYPES: OnceLock<Phrases<&'static ArmorType>> = OnceLock::new();
    TYPES.get_or_init(|| {
        let mut p = Phrases::new();
        for a in &ARMOR_TYPES {
            for s in [a.name, a.prefix, a.id].into_iter().chain(a.aliases.iter().copied()) {
                p.add(s, a, false);
            }
        }
        p
    })
}

/// A facing: one mount, or both sides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Facing {
    One(Mount),
    /// "sides", "each side": left and right.
    Sides,
}

/// Facings in every form players write them.
pub fn facings() -> &'static Phrases<Facing> {
    static FACINGS: OnceLock<Phrases<Facing>> = OnceLock::new();
    FACINGS.get_or_init(|| {
        let mut p = Phrases::new();
        let front: &[&str] = &["front", "forward", "fwd", "fore", "bow"];
        let back: &[&str] = &["back", "rear", "aft", "stern"];
        let left: &[&str] = &["left", "port"];
        let right: &[&str] = &["right", "starboard", "stbd"];
        let one = |p: &mut Phrases<Facing>, words: &[&str], m: Mount| {
            for w in words {
                p.add(w, Facing::One(m), false);
            }
        };
        for (ends, side, m) in [
            (front, left, Mount::FL),
            (front, right, Mount::FR),
            (back, left, Mount::BL),
            (back, right, Mount::BR),
        ] {
            for e in ends.iter() {
                for s in side.iter() {
                    p.add(&format!("{e} {s}"), Facing::One(m), false);
                    p.add(&format!("{s} {e}"), Facing::One(m), false);
                }
            }
            p.add(m.code(), Facing::One(m), false);
        }
        one(&mut p, front, Mount::F);
        one(&mut p, back, Mount::B);
        one(&mut p, left, Mount::L);
        one(&mut p, right, Mount::R);
        for m in [Mount::F, Mount::B, Mount::L, Mount::R] {
            p.add(m.code(), Facing::One(m), false);
        }
        for s in ["side", "sides", "each side", "both sides", "either side", "broadside", "l and r"] {
            p.add(s, Facing::Sides, false);
        }
        p
    })
}

/// Armor locations by code and by name ("F", "Front", "Bottom", "Front Top"). A code means its
/// location; a name may stand for two ("Bottom" on a Yacht is its front and back bottom), and
/// "Sides" for every side location of the hull.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Place {
    At(Loc),
    Named(Loc),
    Sides,
    /// "all 10": every location the boat has.
    All,
}

pub fn armor_places() -> &'static Phrases<Place> {
    static PLACES: OnceLock<Phrases<Place>> = OnceLock::new();
    PLACES.get_or_init(|| {
        let mut p = Phrases::new();
        for l in Loc::ALL {
            p.add(l.code(), Place::At(l), false);
        }
        for l in Loc::ALL {
            p.add(l.name(), Place::Named(l), false);
        }
        for (s, l) in [
            ("rear", Loc::B),
            ("under", Loc::U),
            ("underside", Loc::U),
            ("hull bottom", Loc::U),
            ("port", Loc::L),
            ("starboard", Loc::R),
            ("roof", Loc::T),
            ("rear left", Loc::BL),
            ("rear right", Loc::BR),
            ("left front", Loc::FL),
            ("right front", Loc::FR),
            ("left back", Loc::BL),
            ("right back", Loc::BR),
            ("left rear", Loc::BL),
            ("right rear", Loc::BR),
            ("rear bottom", Loc::BU),
            ("rear top", Loc::BT),
            ("rear deck", Loc::BD),
        ] {
            p.add(s, Place::Named(l), false);
        }
        p.add("sides", Place::Sides, false);
        p.add("side", Place::Sides, false);
        for s in ["all", "all round", "all around", "all locations", "everywhere"] {
            p.add(s, Place::All, false);
        }
        p
    })
}

/// Ammunition by every name of the ammunition table (short, name and id), and which load each
/// name means for each weapon: "AP" is anti-personnel for a gun, armor-piercing for a rocket;
/// "explosive" is the grenade launcher's standard load.
pub struct AmmoWords {
    /// Each phrase read as the index of its name in `names`.
    pub phrases: Phrases<usize>,
    pub names: Vec<String>,
    by_weapon: WordMap<(&'static str, usize), &'static Ammo>,
}

impl AmmoWords {
    /// The load a weapon takes by that name.
    pub fn for_weapon(&self, w: &Weapon, name: usize) -> Option<&'static Ammo> {
        self.by_weapon.get(&(w.id, name)).copied()
    }
}

pub fn ammunition() -> &'static AmmoWords {
    static AMMO: OnceLock<AmmoWords> = OnceLock::new();
    AMMO.get_or_init(|| {
        let mut words =
            AmmoWords { phrases: Phrases::new(), names: Vec::new(), by_weapon: WordMap::default() };
        let index = |words: &mut AmmoWords, spelling: &str| -> Option<usize> {
            let lx = Lexed::new(spelling);
            let (e, next) = words.phrases.longest(&lx, 0, lx.tokens.len()).unzip();
            if next == Some(lx.tokens.len()) {
                return e.map(|e| e.value);
            }
            let i = words.names.len();
            let name: Vec<&str> =
                (0..lx.tokens.len()).map(|t| lx.word(t)).filter(|w| !w.is_empty()).collect();
            if name.is_empty() {
                return None;
            }
            words.names.push(name.join(" "));
            words.phrases.add(spelling, i, false);
            Some(i)
        };
        for w in WEAPONS {
            for a in w.ammo_kinds() {
                for s in [a.short, a.name, a.id] {
                    if let Some(i) = index(&mut words, s) {
                        words.by_weapon.entry((w.id, i)).or_insert(a);
                    }
                }
            }
        }
        for (s, same_as) in [
            ("normal", "standard"),
            ("regular", "standard"),
            ("std", "standard"),
            ("armour piercing", "armor piercing"),
            ("hi density", "high density"),
            ("inc", "incendiary"),
        ] {
            if let Some(i) = index(&mut words, same_as) {
                words.phrases.add(s, i, false);
            }
        }
        words
    })
}

/// Words that may follow ammunition ("with AP rockets", "HD ammo").
pub const AMMO_WORDS: &[&str] = &[
    "ammo",
    "ammunition",
    "rounds",
    "round",
    "rockets",
    "rocket",
    "warheads",
    "warhead",
    "mines",
    "mine",
    "grenades",
    "charges",
    "shells",
    "shots",
    "missiles",
    "micromissiles",
    "bullets",
    "load",
    "loads",
];

/// Counts written as words.
pub const COUNT_WORDS: &[(&str, u32)] = &[
    ("a", 1),
    ("an", 1),
    ("one", 1),
    ("single", 1),
    ("two", 2),
    ("twin", 2),
    ("dual", 2),
    ("pair", 2),
    ("three", 3),
    ("triple", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
];

pub fn count_word(w: &str) -> Option<u32> {
    COUNT_WORDS.iter().find(|(s, _)| *s == w).map(|&(_, n)| n)
}

/// The names the page may offer, each with its spellings (singular ones), for [`nearest`].
struct Offers {
    names: Vec<String>,
    spellings: Vec<(Vec<u8>, usize)>,
}

fn offers() -> &'static Offers {
    static OFFERS: OnceLock<Offers> = OnceLock::new();
    OFFERS.get_or_init(|| {
        let lexicon = nouns();
        let mut o = Offers { names: Vec::new(), spellings: Vec::new() };
        for (s, noun) in &lexicon.spelled {
            if *noun == Noun::Nothing {
                continue;
            }
            let name = noun.display();
            let i = match o.names.iter().position(|n| *n == name) {
                Some(i) => i,
                None => {
                    o.names.push(name);
                    o.names.len() - 1
                }
            };
            o.spellings.push((s.as_bytes().to_vec(), i));
        }
        o
    })
}

/// Edit distance between two byte strings, stopping early past `limit`.
fn distance(a: &[u8], b: &[u8], row: &mut Vec<usize>, limit: usize) -> usize {
    row.clear();
    row.extend(0..=b.len());
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        let mut best = row[0];
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            let v = (above + 1).min(row[j] + 1).min(diagonal + usize::from(x != y));
            diagonal = above;
            row[j + 1] = v;
            best = best.min(v);
        }
        if best > limit {
            return best;
        }
    }
    row[b.len()]
}

/// The names of the parts nearest to a fragment the reader could not read, best first, for the
/// page to offer. `core` is the fragment without its counts, facings and punctuation.
pub fn nearest(core: &str, n: usize) -> Vec<String> {
    let core = core.trim().to_ascii_lowercase();
    if core.is_empty() || core.len() > 60 {
        return Vec::new();
    }
    let o = offers();
    let want = core.as_bytes();
    let mut row = Vec::with_capacity(64);
    let mut scored: Vec<(usize, usize)> = Vec::with_capacity(64);
    for (s, name) in &o.spellings {
        let limit = want.len().max(4) / 2;
        // A spelling that holds the fragment, or that the fragment holds, is nearest of all.
        let contains = s.len() >= 3
            && want.len() >= 3
            && (s.windows(want.len()).any(|w| w == want) || want.windows(s.len()).any(|w| w == &s[..]));
        // Only offers within half the fragment's length (the length difference alone may say no).
        let within = want.len().max(4);
        if !contains && want.len().abs_diff(s.len()) * 2 > within {
            continue;
        }
        let d = if contains { 0 } else { distance(want, s, &mut row, limit) };
        if d * 2 <= within {
            scored.push((d, *name));
        }
    }
    scored.sort_unstable();
    let mut out: Vec<String> = Vec::with_capacity(n);
    for (_, i) in scored {
        let name = &o.names[i];
        if !out.contains(name) {
            out.push(name.clone());
        }
        if out.len() == n {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noun(text: &str) -> Option<(Noun, bool)> {
        let lx = Lexed::new(text);
        let (e, next) = nouns().longest(&lx, 0, lx.tokens.len())?;
        (next == lx.tokens.len()).then_some((e.value, e.plural))
    }

    #[test]
    fn the_catalog_is_known_by_its_names_abbreviations_and_plurals() {
        let id = |text: &str| match noun(text) {
            Some((Noun::Weapon(w, _), _)) => w.id.to_owned(),
            Some((Noun::Item(i), _)) => i.id.to_owned(),
            Some((Noun::Plant(p), _)) => format!("plant {}", p.id),
            Some((Noun::Propeller(p), _)) => format!("propeller {}", p.map_or("", |p| p.id)),
            other => format!("{other:?}"),
        };
        assert_eq!(id("VMGs"), "vmg");
        assert_eq!(id("Vulcan machine guns"), "vmg");
        assert_eq!(id("torpedoes"), "torpedo");
        assert_eq!(id("HRTC"), "hi-res-computer");
        assert_eq!(id("Hi-Res Targeting Computer"), "hi-res-computer");
        assert_eq!(id("HD power plant"), "plant heavy-duty");
        assert_eq!(id("heavy duty plant"), "plant heavy-duty");
        assert_eq!(id("2"), "None");
        assert_eq!(id("Medium props"), "propeller medium");
        assert_eq!(id("sleeping accommodations"), "passenger-accommodations");
        assert_eq!(noun("APHRs"), Some((Noun::Weapon(&WEAPONS[19], Some("ap")), true)));
        assert_eq!(noun("Jet drives"), Some((Noun::JetDrive, true)));
        assert_eq!(noun("Laser batteries").map(|(_, p)| p), Some(true));
    }

    #[test]
    fn no_two_parts_share_a_spelling() {
        // Each phrase keeps the first meaning given; a later part that wanted it would be
        // unreachable, so none may.
        assert_eq!(nouns().clashes, Vec::<String>::new());
        assert_eq!(armor_types().clashes, Vec::<String>::new());
        assert_eq!(ammunition().phrases.clashes, Vec::<String>::new());
    }

    #[test]
    fn the_nearest_parts_to_a_misspelling_come_first() {
        assert_eq!(nearest("fire extinguishr", 1), ["Fire extinguisher"]);
        assert_eq!(nearest("sonr", 1), ["Sonar"]);
    }
}
