//! The designer's form read straight into a design, one field after another, as the page sends
//! it: no tree of its names is built and no serde walk is made over one. A live update is read
//! here; the codec ([`codec::decode`]) stays the one that says what a form means.
//!
//! This reader reads only what it reads exactly as the codec does, and gives up on anything
//! else, so the codec reads the form instead: a value the codec would not read as written (a
//! word for a number, a count out of range, an unknown armor location, "off" in an optional
//! choice), a required field left out or blank, a list's items sent out of order or numbered
//! twice over ("1" and "01"), a name going on past a value's own. Each value is read by the
//! field's own serde reader (`bounds::count`, `Ref::deserialize`, the choices' derives) through
//! [`Plain`], the codec's rules for one value, so a bound or a default of a value is still
//! written once. What this reader knows of its own is the design's shape: which name is which
//! field, and what a blank number or a left-out field reads as. The tests hold it to the codec
//! on random designs and random forms, and in debug builds every form it reads is read by the
//! codec too and the two compared.

use crate::games::boats::design::{
    AccessoryEntry, Armor, CargoEntry, CrewEntry, DESIGN_VERSION, Deck, Design, NotReadPart, PropellerEntry,
    Ref, Top, TurretEntry, WeaponEntry,
};
use crate::games::boats::tables::Loc;
use crate::games::bounds;
use crate::web::http::codec::{
    self,
    direct::{List, Plain, split},
};
use crate::web::http::fields::Fields;
use serde::Deserialize;

/// The design the form says, read as the codec reads it; `None` leaves the form to the codec.
pub fn read(f: &Fields) -> Option<Design> {
    let mut r = Reader::default();
    for (name, raw) in f.iter() {
        r.field(name, raw)?;
    }
    r.finish()
}

/// A value of the field's own reader.
fn value<'a, T: Deserialize<'a>>(raw: &'a str) -> Option<T> {
    Plain::read(raw)
}

/// A count (`bounds::count`); blank, the field's default, as the codec leaves a blank number out.
fn count_or(raw: &str, default: u16) -> Option<u16> {
    if raw.is_empty() { Some(default) } else { bounds::count(Plain::new(raw)).ok() }
}

/// A required field's value, `None` while it is left out: blank, a number or a choice is.
type Required<T> = Option<T>;

/// A list item's name under its list: its number and the field under it, if any.
fn item_of(rest: Option<&str>) -> Option<(&str, Option<&str>)> {
    rest.map(split)
}

struct Weapon {
    weapon: Required<Ref<crate::games::boats::tables::Weapon>>,
    entry: WeaponEntry,
}

impl Weapon {
    fn new() -> Self {
        Weapon { weapon: None, entry: blank_weapon() }
    }

    /// One of its fields; anything but its own fields is passed over, as the codec passes it.
    fn field(&mut self, field: Option<&str>, raw: &str) -> Option<()> {
        let Some(field) = field else { return Some(()) };
        let w = &mut self.entry;
        match field {
            "weapon" => self.weapon = Some(value(raw)?),
            "mount" => w.mount = value(raw)?,
            "count" => w.count = count_or(raw, 1)?,
            "linked" => w.linked = value(raw)?,
            "link_group" => {
                w.link_group = if raw.is_empty() { None } else { Some(bounds::small(Plain::new(raw)).ok()?) }
            }
            "ammo" => w.ammo = bounds::optional_id(Plain::new(raw)).ok()?,
            "extra_magazines" => w.extra_magazines = count_or(raw, 0)?,
            "magazine_switch" => w.magazine_switch = value(raw)?,
            "rocket_magazine" => w.rocket_magazine = count_or(raw, 0)?,
            "deck" => w.deck = value(raw)?,
            other => return unknown(other),
        }
        Some(())
    }

    fn finish(self) -> Option<WeaponEntry> {
        Some(WeaponEntry { weapon: self.weapon?, ..self.entry })
    }
}

/// A weapon as the codec reads one the form gives only its weapon: every other field at its
/// default.
fn blank_weapon() -> WeaponEntry {
    WeaponEntry {
        weapon: Ref::Unknown(String::new()),
        mount: None,
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

/// A field this reader does not know, under a part it does: passed over, as the codec passes
/// over a name its document does not have, unless it goes on past a value's own name (the codec
/// would read the value's node, with children, otherwise).
fn unknown(field: &str) -> Option<()> {
    let (first, _) = split(field);
    match first {
        "weapon" | "mount" | "count" | "linked" | "link_group" | "ammo" | "extra_magazines"
        | "magazine_switch" | "rocket_magazine" | "deck" | "role" | "cargo" | "item" | "size" | "popup"
        | "universal" | "location" | "weapons" | "guard" | "name" | "spaces" | "weight" | "fragment"
        | "below" | "type" | "points" => None,
        _ => Some(()),
    }
}

struct Turret {
    size: Required<u8>,
    popup: bool,
    universal: bool,
    location: Option<Loc>,
    weapons: List<Weapon>,
}

struct Crew {
    role: Required<Ref<crate::games::boats::tables::Role>>,
    entry: CrewEntry,
}

struct Accessory {
    item: Required<Ref<crate::games::boats::tables::Item>>,
    entry: AccessoryEntry,
}

struct Cargo {
    spaces: Required<u16>,
    weight: Required<u32>,
    entry: CargoEntry,
}

#[derive(Default)]
struct Reader<'f> {
    version: Option<u32>,
    name: String,
    hull: Required<Ref<crate::games::boats::tables::Hull>>,
    plant: Option<Ref<crate::games::boats::tables::Plant>>,
    propellers: List<PropellerEntry>,
    jet_drive: bool,
    oars: u16,
    top: Top,
    /// The deck's own value (a checkbox and its fallback), the last sent.
    deck: Option<&'f str>,
    /// Whether any field under the deck was sent, and its spaces below.
    deck_fields: bool,
    below: Option<u16>,
    hydrofoils: bool,
    weighted_keel: bool,
    spoiler: bool,
    crew: List<Crew>,
    armor: Option<Ref<crate::games::boats::tables::ArmorType>>,
    points: crate::games::boats::design::ArmorPoints,
    /// The locations given points, each once (one given twice is the codec's to read).
    located: [bool; Loc::ALL.len()],
    /// The locations the rules do not have, as sent.
    unlocated: Vec<&'f str>,
    weapons: List<Weapon>,
    turrets: List<Turret>,
    accessories: List<Accessory>,
    cargo: List<Cargo>,
    not_read: List<Required<String>>,
}

impl<'f> Reader<'f> {
    /// Reads one field; `None` gives the form to the codec.
    fn field(&mut self, name: &'f str, raw: &'f str) -> Option<()> {
        let (first, rest) = split(name);
        // A value's own name has nothing after it.
        let leaf = |rest: Option<&str>| rest.is_none().then_some(());
        match first {
            // The lists first: most of a form's names are theirs.
            "propellers" => {
                let Some((i, field)) = item_of(rest) else { return Some(()) };
                let p = self.propellers.item(i, || PropellerEntry { size: None, guard: 0 })?;
                match field {
                    None => {}
                    Some("size") => p.size = value(raw)?,
                    Some("guard") => p.guard = count_or(raw, 0)?,
                    Some(other) => unknown(other)?,
                }
            }
            "crew" => {
                let Some((i, field)) = item_of(rest) else { return Some(()) };
                let c = self.crew.item(i, || Crew {
                    role: None,
                    entry: CrewEntry {
                        role: Ref::Unknown(String::new()),
                        count: 1,
                        deck: None,
                        cargo: false,
                    },
                })?;
                match field {
                    None => {}
                    Some("role") => c.role = Some(value(raw)?),
                    Some("count") => c.entry.count = count_or(raw, 1)?,
                    Some("deck") => c.entry.deck = value(raw)?,
                    Some("cargo") => c.entry.cargo = value(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "weapons" => {
                let Some((i, field)) = item_of(rest) else { return Some(()) };
                self.weapons.item(i, Weapon::new)?.field(field, raw)?;
            }
            "turrets" => {
                let Some((i, field)) = item_of(rest) else { return Some(()) };
                let t = self.turrets.item(i, || Turret {
                    size: None,
                    popup: false,
                    universal: false,
                    location: None,
                    weapons: List::default(),
                })?;
                match field.map(split) {
                    None | Some(("weapons", None)) => {}
                    Some(("size", None)) => {
                        t.size =
                            if raw.is_empty() { None } else { Some(bounds::small(Plain::new(raw)).ok()?) }
                    }
                    Some(("popup", None)) => t.popup = value(raw)?,
                    Some(("universal", None)) => t.universal = value(raw)?,
                    Some(("location", None)) => t.location = value(raw)?,
                    Some(("weapons", Some(item))) => {
                        let (j, field) = split(item);
                        t.weapons.item(j, Weapon::new)?.field(field, raw)?;
                    }
                    Some(_) => unknown(field.unwrap_or_default())?,
                }
            }
            "accessories" => {
                let Some((i, field)) = item_of(rest) else { return Some(()) };
                let a = self.accessories.item(i, || Accessory {
                    item: None,
                    entry: AccessoryEntry {
                        item: Ref::Unknown(String::new()),
                        count: 1,
                        deck: None,
                        cargo: false,
                    },
                })?;
                match field {
                    None => {}
                    Some("item") => a.item = Some(value(raw)?),
                    Some("count") => a.entry.count = count_or(raw, 1)?,
                    Some("deck") => a.entry.deck = value(raw)?,
                    Some("cargo") => a.entry.cargo = value(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "cargo" => {
                let Some((i, field)) = item_of(rest) else { return Some(()) };
                let c = self.cargo.item(i, || Cargo {
                    spaces: None,
                    weight: None,
                    entry: CargoEntry { name: String::new(), spaces: 0, weight: 0, deck: None, cargo: true },
                })?;
                match field {
                    None => {}
                    Some("name") => c.entry.name = bounds::name(Plain::new(raw)).ok()?,
                    Some("spaces") => {
                        c.spaces =
                            if raw.is_empty() { None } else { Some(bounds::count(Plain::new(raw)).ok()?) }
                    }
                    Some("weight") => {
                        c.weight = if raw.is_empty() {
                            None
                        } else {
                            Some(bounds::cargo_weight(Plain::new(raw)).ok()?)
                        }
                    }
                    Some("deck") => c.entry.deck = value(raw)?,
                    Some("cargo") => c.entry.cargo = value(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "not_read" => {
                let Some((i, field)) = item_of(rest) else { return Some(()) };
                let part = self.not_read.item(i, || None)?;
                match field {
                    None => {}
                    Some("fragment") => *part = Some(bounds::name(Plain::new(raw)).ok()?),
                    Some(other) => unknown(other)?,
                }
            }
            "version" => {
                leaf(rest)?;
                self.version = if raw.is_empty() { None } else { Some(value(raw)?) };
            }
            "name" => {
                leaf(rest)?;
                self.name = bounds::name(Plain::new(raw)).ok()?;
            }
            "hull" => {
                leaf(rest)?;
                self.hull = Some(value(raw)?);
            }
            "plant" => {
                leaf(rest)?;
                self.plant = value(raw)?;
            }
            "jet_drive" => {
                leaf(rest)?;
                self.jet_drive = value(raw)?;
            }
            "oars" => {
                leaf(rest)?;
                self.oars = count_or(raw, 0)?;
            }
            "top" => {
                leaf(rest)?;
                self.top = if raw.is_empty() { Top::default() } else { value(raw)? };
            }
            "hydrofoils" => {
                leaf(rest)?;
                self.hydrofoils = value(raw)?;
            }
            "weighted_keel" => {
                leaf(rest)?;
                self.weighted_keel = value(raw)?;
            }
            "spoiler" => {
                leaf(rest)?;
                self.spoiler = value(raw)?;
            }
            "deck" => match rest {
                None => self.deck = Some(raw),
                Some(field) => {
                    self.deck_fields = true;
                    match field {
                        "below" => self.below = if raw.is_empty() { None } else { Some(count_or(raw, 0)?) },
                        other => unknown(other)?,
                    }
                }
            },
            "armor" => match rest {
                None | Some("points") => {}
                Some("type") => self.armor = Some(value(raw)?),
                Some(field) => match field.strip_prefix("points.") {
                    Some(code) => self.armor_points(code, raw)?,
                    None => unknown(field)?,
                },
            },
            // Not the design's (the page's own fields: "action", "new_weapon", "ledger_open").
            _ => {}
        }
        Some(())
    }

    /// Points at one location, blank for none, each location given once. A location the rules
    /// do not have is kept as written, as the codec keeps it, in the order first sent.
    fn armor_points(&mut self, code: &'f str, raw: &str) -> Option<()> {
        let Some(loc) = Loc::parse(code) else {
            if self.unlocated.contains(&code) {
                return None;
            }
            self.unlocated.push(code);
            if !raw.is_empty() {
                self.points.unknown.push((bounds::one_line(code), bounds::count(Plain::new(raw)).ok()?));
            }
            return Some(());
        };
        let located = &mut self.located[loc as usize];
        if std::mem::replace(located, true) {
            return None;
        }
        if !raw.is_empty() {
            self.points.set(loc, bounds::count(Plain::new(raw)).ok()?);
        }
        Some(())
    }

    fn finish(self) -> Option<Design> {
        // The deck's box and its fallback ("off", then "on" when checked; the later wins): as
        // the codec reads an optional object's own value.
        let deck = match self.deck {
            None if self.deck_fields => Some(Deck { below: self.below }),
            None | Some("" | "off") => None,
            Some("on") => Some(Deck { below: self.below }),
            Some(_) => return None,
        };
        Some(Design {
            version: self.version.unwrap_or(DESIGN_VERSION),
            name: self.name,
            hull: self.hull?,
            plant: self.plant,
            propellers: self.propellers.items,
            jet_drive: self.jet_drive,
            oars: self.oars,
            top: self.top,
            deck,
            hydrofoils: self.hydrofoils,
            weighted_keel: self.weighted_keel,
            spoiler: self.spoiler,
            crew: self.crew.finish(|c| Some(CrewEntry { role: c.role?, ..c.entry }))?,
            armor: Armor { kind: self.armor.unwrap_or_else(|| Armor::default().kind), points: self.points },
            weapons: self.weapons.finish(Weapon::finish)?,
            turrets: self.turrets.finish(|t| {
                Some(TurretEntry {
                    size: t.size?,
                    popup: t.popup,
                    universal: t.universal,
                    location: t.location,
                    weapons: t.weapons.finish(Weapon::finish)?,
                })
            })?,
            accessories: self.accessories.finish(|a| Some(AccessoryEntry { item: a.item?, ..a.entry }))?,
            cargo: self
                .cargo
                .finish(|c| Some(CargoEntry { spaces: c.spaces?, weight: c.weight?, ..c.entry }))?,
            not_read: self.not_read.finish(|p| Some(NotReadPart { fragment: p? }))?,
        })
    }
}

/// What the codec reads the form as, for the tests and debug builds to hold this reader to.
pub fn by_codec(f: &Fields) -> Option<Design> {
    codec::decode::<Design>(f, super::label).ok().filter(|(_, problems)| problems.is_empty()).map(|(d, _)| d)
}

#[cfg(test)]
mod tests;
