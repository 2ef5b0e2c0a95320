//! The design document: what a player chose, exactly as saved, exported and sent to the API.
//!
//! Catalog references are resolved once, when the document is read, so evaluating a design never
//! searches a table by name. An id the catalog does not know is kept as written (nothing is
//! lost) and reported by the engine as a problem that lists the nearest valid ids.

use super::tables::{
    self, ACCESSORIES, ARMOR_TYPES, ArmorType, HULLS, Hull, Item, Loc, Mount, PLANTS, Plant, ROLES, Role,
    WEAPONS, Weapon,
};
use crate::games::bounds::{self, Document};
use crate::games::hash::WordsMap;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The document version this engine writes. Older documents keep opening: every field added
/// later has a default.
pub const DESIGN_VERSION: u32 = 1;

/// A table the design refers into by id.
pub trait Catalogued: Sized + 'static + PartialEq + fmt::Debug {
    /// What a player calls one ("hull", "weapon").
    const WHAT: &'static str;
    fn all() -> &'static [Self];
    fn id(&self) -> &'static str;
    /// The catalog's ids in lower case, made once ([`CatalogIds`]).
    fn by_id() -> &'static CatalogIds;
}

/// Where each id of a catalog is, by the id in lower case: an id looked up is found by its hash as
/// it is sent (in lower case, as the pages send them), or else put in lower case and found so; not
/// compared with the catalog's ids one by one (a loaded design looks up some thirty on every live
/// update, among ids that share their first letters: "heavy-", "light-").
#[derive(Debug)]
pub struct CatalogIds(WordsMap<Box<[u8]>, usize>);

impl CatalogIds {
    fn of<T: Catalogued>(all: &[T]) -> Self {
        let mut by = WordsMap::default();
        for (i, t) in all.iter().enumerate() {
            // The first of ids alike but for case is the one found, as a look in order finds.
            by.entry(t.id().to_ascii_lowercase().into_bytes().into_boxed_slice()).or_insert(i);
        }
        CatalogIds(by)
    }

    /// The first entry whose id is `wanted`, whatever the case of its letters.
    fn find<T: Catalogued>(&self, wanted: &str) -> Option<&'static T> {
        // Most ids come as the catalog writes them, in lower case: found as they are.
        if let Some(&at) = self.0.get(wanted.as_bytes()) {
            return T::all().get(at);
        }
        let at = self.0.get(wanted.to_ascii_lowercase().as_bytes())?;
        T::all().get(*at)
    }
}

macro_rules! catalogued {
    ($t:ty, $what:literal, $all:expr) => {
        impl Catalogued for $t {
            const WHAT: &'static str = $what;
            fn all() -> &'static [Self] {
                &$all[..]
            }
            fn id(&self) -> &'static str {
                self.id
            }
            fn by_id() -> &'static CatalogIds {
                static BY: std::sync::OnceLock<CatalogIds> = std::sync::OnceLock::new();
                BY.get_or_init(|| CatalogIds::of(Self::all()))
            }
        }
    };
}
catalogued!(Hull, "hull", HULLS);
catalogued!(Plant, "power plant", PLANTS);
catalogued!(Weapon, "weapon", WEAPONS);
catalogued!(Item, "accessory", ACCESSORIES);
catalogued!(ArmorType, "armor type", ARMOR_TYPES);
catalogued!(Role, "crew role", ROLES);

/// A reference to a catalog entry by its id.
#[derive(Debug, Clone, PartialEq)]
pub enum Ref<T: Catalogued> {
    Known(&'static T),
    /// Not in the catalog: kept as written.
    Unknown(String),
}

impl<T: Catalogued> Ref<T> {
    pub fn known(&self) -> Option<&'static T> {
        match self {
            Ref::Known(t) => Some(t),
            Ref::Unknown(_) => None,
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Ref::Known(t) => t.id(),
            Ref::Unknown(s) => s,
        }
    }

    /// Looks an id up; ids are matched without regard to case or surrounding space.
    pub fn parse(id: &str) -> Self {
        T::by_id().find(bounds::trimmed(id)).map_or_else(|| Ref::Unknown(id.to_owned()), Ref::Known)
    }
}

impl<T: Catalogued> From<&'static T> for Ref<T> {
    fn from(t: &'static T) -> Self {
        Ref::Known(t)
    }
}

impl<T: Catalogued> Serialize for Ref<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de, T: Catalogued> Deserialize<'de> for Ref<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // One line, as every id a document holds (see `bounds::id`).
        Ok(Ref::parse(&bounds::id_borrowed(d)?))
    }
}

/// Which part of a decked boat something sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Below,
    Above,
}

impl Section {
    pub fn name(self) -> &'static str {
        match self {
            Section::Below => "below deck",
            Section::Above => "above deck",
        }
    }
}

/// The roof over the boat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Top {
    #[default]
    None,
    Half,
    Full,
}

/// Serde: an optional count (present: 0 to the bound).
fn some_count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u16>, D::Error> {
    bounds::count(d).map(Some)
}

/// Serde: an optional small number.
fn some_small<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    bounds::small(d).map(Some)
}

/// Armor points at one location, bounded like every count.
struct Points(u16);

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        bounds::count(d).map(Points)
    }
}

fn one() -> u16 {
    1
}
fn yes() -> bool {
    true
}
fn current_version() -> u32 {
    DESIGN_VERSION
}
fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero(n: &u16) -> bool {
    *n == 0
}
fn is_one(n: &u16) -> bool {
    *n == 1
}

/// A boat design. Every field but `hull` may be left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Design {
    #[serde(default = "current_version")]
    pub version: u32,
    #[serde(default, deserialize_with = "bounds::name")]
    pub name: String,
    pub hull: Ref<Hull>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plant: Option<Ref<Plant>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub propellers: Vec<PropellerEntry>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub jet_drive: bool,
    /// Pairs of oars.
    #[serde(default, skip_serializing_if = "is_zero", deserialize_with = "bounds::count")]
    pub oars: u16,
    #[serde(default)]
    pub top: Top,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Deck>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub hydrofoils: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub weighted_keel: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub spoiler: bool,
    #[serde(default)]
    pub crew: Vec<CrewEntry>,
    #[serde(default)]
    pub armor: Armor,
    #[serde(default)]
    pub weapons: Vec<WeaponEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turrets: Vec<TurretEntry>,
    #[serde(default)]
    pub accessories: Vec<AccessoryEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cargo: Vec<CargoEntry>,
    /// Fragments of a pasted stat line that could not be read, kept (and the design shown as
    /// incomplete) until the player removes each, having added the part by hand or not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_read: Vec<NotReadPart>,
}

/// A fragment of a pasted stat line that was not read, as written (one line, at most a name's
/// length: a longer one is cut short, marked with "...").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotReadPart {
    #[serde(deserialize_with = "bounds::name")]
    pub fragment: String,
}

impl NotReadPart {
    /// Keeps `fragment` as a document may hold it: one line, cut to a name's length.
    pub fn new(fragment: &str) -> Self {
        let line = bounds::one_line(fragment);
        let max = bounds::MAX_NAME_CHARS;
        let fragment = if line.chars().count() > max {
            let mut cut: String = line.chars().take(max - 3).collect();
            cut.push_str("...");
            cut
        } else {
            line
        };
        NotReadPart { fragment }
    }
}

impl Document for Design {
    const NOUN: &'static str = "design";
    const ENTRIES: &'static str = "propellers, crew, weapons, turrets and their weapons, accessories, cargo, armor locations and parts not read together";

    fn entries(&self) -> usize {
        self.propellers.len()
            + self.crew.len()
            + self.weapons.len()
            + self.turrets.iter().map(|t| 1 + t.weapons.len()).sum::<usize>()
            + self.accessories.len()
            + self.cargo.len()
            + self.armor.points.iter().count()
            + self.armor.points.unknown.len()
            + self.not_read.len()
    }

    fn names(&self) -> Vec<&str> {
        std::iter::once(self.name.as_str())
            .chain(self.cargo.iter().map(|c| c.name.as_str()))
            .chain(self.not_read.iter().map(|n| n.fragment.as_str()))
            .collect()
    }
}

impl crate::games::bounds::Named for Design {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: String) {
        self.name = name;
    }
}

impl Design {
    /// A new design on `hull`: a pilot aboard, and the Deck the hull must have, if it must.
    pub fn blank(hull: &'static Hull) -> Self {
        let mut d = Design::empty(hull);
        if hull.deck == tables::DeckRule::Required {
            d.deck = Some(Deck { below: None });
        }
        d
    }

    /// An empty hull of the given kind with a pilot aboard and nothing else, not even a Deck the
    /// hull must have (the "Start from" blank is [`Design::blank`]).
    pub fn empty(hull: &'static Hull) -> Self {
        Design {
            version: DESIGN_VERSION,
            name: String::new(),
            hull: Ref::Known(hull),
            plant: None,
            propellers: Vec::new(),
            jet_drive: false,
            oars: 0,
            top: Top::None,
            deck: None,
            hydrofoils: false,
            weighted_keel: false,
            spoiler: false,
            crew: vec![CrewEntry::new(tables::PILOT, 1)],
            armor: Armor::default(),
            weapons: Vec::new(),
            turrets: Vec::new(),
            accessories: Vec::new(),
            cargo: Vec::new(),
            not_read: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PropellerEntry {
    /// The plant size the propeller is built for; left out, it matches the boat's plant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<Ref<Plant>>,
    /// Points of propeller guard (armor) on this propeller.
    #[serde(default, skip_serializing_if = "is_zero", deserialize_with = "bounds::count")]
    pub guard: u16,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    /// Spaces below deck; the rest are above. Left out, the split is as even as it goes, the
    /// larger half below.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_count")]
    pub below: Option<u16>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewEntry {
    pub role: Ref<Role>,
    #[serde(default = "one", skip_serializing_if = "is_one", deserialize_with = "bounds::count")]
    pub count: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Section>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub cargo: bool,
}

impl CrewEntry {
    pub fn new(role: &'static Role, count: u16) -> Self {
        CrewEntry { role: Ref::Known(role), count, deck: None, cargo: false }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponEntry {
    pub weapon: Ref<Weapon>,
    /// Facing; weapons in a turret turn with it and leave this out. Left out elsewhere: front.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mount>,
    #[serde(default = "one", skip_serializing_if = "is_one", deserialize_with = "bounds::count")]
    pub count: u16,
    /// All `count` weapons of this entry fire together (count - 1 links).
    #[serde(default, skip_serializing_if = "is_false")]
    pub linked: bool,
    /// Fires together with every weapon of every entry naming the same group, here or in a
    /// turret: a group of n weapons needs n - 1 links. Left out: in no group.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "some_small")]
    pub link_group: Option<u8>,
    /// Ammunition id from the weapon's list; left out: standard.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "bounds::optional_id")]
    pub ammo: Option<String>,
    /// Extra loaded magazines per weapon.
    #[serde(default, skip_serializing_if = "is_zero", deserialize_with = "bounds::count")]
    pub extra_magazines: u16,
    #[serde(default, skip_serializing_if = "is_false")]
    pub magazine_switch: bool,
    /// Extra rockets in a rocket magazine, per weapon (single-shot rockets only).
    #[serde(default, skip_serializing_if = "is_zero", deserialize_with = "bounds::count")]
    pub rocket_magazine: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Section>,
}

impl WeaponEntry {
    pub fn new(weapon: &'static Weapon, mount: Option<Mount>) -> Self {
        WeaponEntry::of(Ref::Known(weapon), mount)
    }

    /// One of `weapon`, known or not, every other field at its default.
    pub fn of(weapon: Ref<Weapon>, mount: Option<Mount>) -> Self {
        WeaponEntry {
            weapon,
            mount,
            count: 1,
            linked: false,
            link_group: None,
            ammo: None,
            extra_magazines: 0,
            magazine_switch: false,
            rocket_magazine: 0,
            deck: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurretEntry {
    /// Spaces of weapons it holds, 0 to 4.
    #[serde(deserialize_with = "bounds::small")]
    pub size: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub popup: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub universal: bool,
    /// Which top location it sits in (T; on a Yacht with a full top FT or BT). Left out: T, or
    /// the first free one of FT, BT.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Loc>,
    #[serde(default)]
    pub weapons: Vec<WeaponEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccessoryEntry {
    pub item: Ref<Item>,
    #[serde(default = "one", skip_serializing_if = "is_one", deserialize_with = "bounds::count")]
    pub count: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Section>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub cargo: bool,
}

impl AccessoryEntry {
    pub fn new(item: &'static Item, count: u16) -> Self {
        AccessoryEntry { item: Ref::Known(item), count, deck: None, cargo: false }
    }
}

/// Goods carried: spaces and pounds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CargoEntry {
    #[serde(default, skip_serializing_if = "String::is_empty", deserialize_with = "bounds::name")]
    pub name: String,
    #[serde(deserialize_with = "bounds::count")]
    pub spaces: u16,
    #[serde(deserialize_with = "bounds::cargo_weight")]
    pub weight: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Section>,
    /// In cargo space (the default) or in body spaces.
    #[serde(default = "yes")]
    pub cargo: bool,
}

/// Armor: one type for the whole boat, points per location.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    #[serde(rename = "type", default = "plastic")]
    pub kind: Ref<ArmorType>,
    #[serde(default)]
    pub points: ArmorPoints,
}

fn plastic() -> Ref<ArmorType> {
    Ref::Known(tables::PLASTIC)
}

impl Default for Armor {
    fn default() -> Self {
        Armor { kind: plastic(), points: ArmorPoints::default() }
    }
}

/// Points per location, written as a JSON object (`{"F": 15, "U": 15}`). Location codes the
/// rules do not have are kept as written and reported.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ArmorPoints {
    known: [u16; Loc::ALL.len()],
    pub unknown: Vec<(String, u16)>,
}

impl ArmorPoints {
    pub fn get(&self, loc: Loc) -> u16 {
        self.known[loc as usize]
    }

    pub fn set(&mut self, loc: Loc, points: u16) {
        self.known[loc as usize] = points;
    }

    /// Locations with points, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (Loc, u16)> + '_ {
        Loc::ALL.into_iter().map(|l| (l, self.get(l))).filter(|(_, p)| *p > 0)
    }

    pub fn total(&self) -> i64 {
        self.known.iter().map(|&p| i64::from(p)).sum::<i64>()
            + self.unknown.iter().map(|(_, p)| i64::from(*p)).sum::<i64>()
    }
}

impl Serialize for ArmorPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for (loc, p) in self.iter() {
            map.serialize_entry(loc.code(), &p)?;
        }
        for (k, p) in &self.unknown {
            map.serialize_entry(k, p)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for ArmorPoints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ArmorPoints;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of armor points by location, like {\"F\": 10, \"B\": 8}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<ArmorPoints, A::Error> {
                let mut out = ArmorPoints::default();
                // Keys borrowed from the reader where it lends them (most are "F", "BL").
                while let Some(bounds::Lent(k)) = m.next_key::<bounds::Lent>()? {
                    let p: u16 = m.next_value::<Points>()?.0;
                    match Loc::parse(&k) {
                        Some(loc) => {
                            // The same location twice (say "F" and "f") adds up, within the bound.
                            let sum = out.get(loc).saturating_add(p);
                            if sum > bounds::MAX_COUNT {
                                return Err(de::Error::custom(format_args!(
                                    "{} armor adds up to {sum} points; a location holds at most {}",
                                    loc.code(),
                                    bounds::MAX_COUNT
                                )));
                            }
                            out.set(loc, sum);
                        }
                        // Kept as written, but one line, as every id is (see `bounds::id`).
                        None => out.unknown.push((bounds::one_line(&k), p)),
                    }
                }
                Ok(out)
            }
        }
        d.deserialize_map(V)
    }
}
