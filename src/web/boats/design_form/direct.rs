//! The designer's form read straight into a design, one field after another, as the page sends
//! it: no tree of its names is built and no serde walk is made over one. A live update is read
//! here; the codec ([`codec::decode`]) stays the one that says what a form means.
//!
//! This reader reads only what it reads exactly as the codec does, and gives up on anything
//! else, so the codec reads the form instead: a value the codec would not read as written (a
//! word for a number, a count out of range, "off" in an optional choice), a required field left
//! out or blank, a list's items sent out of order or numbered twice over ("1" and "01"), an armor
//! location given points twice, a name going on past a value's own. Each value is read by the
//! field's own serde reader (`bounds::count`, `Ref::deserialize`, the choices' derives) through
//! [`Plain`], the codec's rules for one value, so a bound or a default of a value is still
//! written once. What this reader knows of its own is the design's shape: which name is which
//! field, and what a blank number or a left-out field reads as. The tests hold it to the codec
//! on random designs and random forms, and in debug builds every form it reads is read by the
//! codec too and the two compared.

use crate::games::boats::design::{
    AccessoryEntry, Armor, ArmorPoints, CargoEntry, Catalogued, CrewEntry, DESIGN_VERSION, Deck, Design,
    NotReadPart, PropellerEntry, Ref, Section, Top, TurretEntry, WeaponEntry,
};
use crate::games::boats::tables::{ArmorType, Hull, Item, Loc, Plant, Role, Weapon as Gun};
use crate::games::bounds;
use crate::web::http::codec::{
    self,
    direct::{List, Plain, or_default, split, text, unless_blank, unless_blank_with},
};
use crate::web::http::fields::Fields;

/// The design the form says, read as the codec reads it; `None` leaves the form to the codec.
pub fn read(f: &Fields) -> Option<Design> {
    codec::direct::read::<Reader>(f)
}

/// A count (`bounds::count`); blank, the field's default.
fn count_or(raw: &str, default: u16) -> Option<u16> {
    or_default(raw, default, bounds::count)
}

/// A required field's value, `None` while it is left out: blank, a number or a choice is.
type Required<T> = Option<T>;

struct Weapon {
    weapon: Required<Ref<Gun>>,
    entry: WeaponEntry,
}

impl Weapon {
    fn new() -> Self {
        Weapon { weapon: None, entry: WeaponEntry::of(Ref::Unknown(String::new()), None) }
    }

    /// One of its fields; anything but its own fields is passed over, as the codec passes it.
    fn field(&mut self, field: Option<&str>, raw: &str) -> Option<()> {
        let Some(field) = field else { return Some(()) };
        let w = &mut self.entry;
        match field {
            "weapon" => self.weapon = Some(Plain::read(raw)?),
            "mount" => w.mount = Plain::read(raw)?,
            "count" => w.count = count_or(raw, 1)?,
            "linked" => w.linked = Plain::read(raw)?,
            "link_group" => w.link_group = unless_blank_with(raw, bounds::small)?,
            "ammo" => w.ammo = bounds::optional_id(Plain::new(raw)).ok()?,
            "extra_magazines" => w.extra_magazines = count_or(raw, 0)?,
            "magazine_switch" => w.magazine_switch = Plain::read(raw)?,
            "rocket_magazine" => w.rocket_magazine = count_or(raw, 0)?,
            "deck" => w.deck = Plain::read(raw)?,
            other => return unknown(other),
        }
        Some(())
    }

    fn finish(self) -> Option<WeaponEntry> {
        Some(WeaponEntry { weapon: self.weapon?, ..self.entry })
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

/// A crew member or an accessory: what it is (its `role`, its `item`), how many, where, and
/// whether in cargo space.
struct Placed<T: Catalogued> {
    what: Required<Ref<T>>,
    count: u16,
    deck: Option<Section>,
    cargo: bool,
}

impl<T: Catalogued> Placed<T> {
    fn new() -> Self {
        Placed { what: None, count: 1, deck: None, cargo: false }
    }

    /// One of its fields; `what` is the name of the one that says what it is.
    fn field(&mut self, what: &str, field: Option<&str>, raw: &str) -> Option<()> {
        match field {
            None => {}
            Some(f) if f == what => self.what = Some(Plain::read(raw)?),
            Some("count") => self.count = count_or(raw, 1)?,
            Some("deck") => self.deck = Plain::read(raw)?,
            Some("cargo") => self.cargo = Plain::read(raw)?,
            Some(other) => unknown(other)?,
        }
        Some(())
    }
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
    hull: Required<Ref<Hull>>,
    plant: Option<Ref<Plant>>,
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
    crew: List<Placed<Role>>,
    armor: Option<Ref<ArmorType>>,
    points: ArmorPoints,
    /// The name each location was given points under, and the points as sent, the last (one
    /// given them under two names is the codec's to read).
    located: [Option<(&'f str, &'f str)>; Loc::ALL.len()],
    /// The locations the rules do not have, as sent.
    unlocated: Vec<&'f str>,
    weapons: List<Weapon>,
    turrets: List<Turret>,
    accessories: List<Placed<Item>>,
    cargo: List<Cargo>,
    not_read: List<Required<String>>,
}

impl<'f> codec::direct::Reader<'f> for Reader<'f> {
    type Doc = Design;

    fn field(&mut self, name: &'f str, raw: &'f str) -> Option<()> {
        let (first, rest) = split(name);
        // A value's own name has nothing after it.
        let leaf = |rest: Option<&str>| rest.is_none().then_some(());
        match first {
            // The lists first: most of a form's names are theirs.
            "propellers" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let p = self.propellers.item(i, || PropellerEntry { size: None, guard: 0 })?;
                match field {
                    None => {}
                    Some("size") => p.size = Plain::read(raw)?,
                    Some("guard") => p.guard = count_or(raw, 0)?,
                    Some(other) => unknown(other)?,
                }
            }
            "crew" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                self.crew.item(i, Placed::new)?.field("role", field, raw)?;
            }
            "weapons" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                self.weapons.item(i, Weapon::new)?.field(field, raw)?;
            }
            "turrets" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let t = self.turrets.item(i, || Turret {
                    size: None,
                    popup: false,
                    universal: false,
                    location: None,
                    weapons: List::default(),
                })?;
                match field.map(split) {
                    None | Some(("weapons", None)) => {}
                    Some(("size", None)) => t.size = unless_blank_with(raw, bounds::small)?,
                    Some(("popup", None)) => t.popup = Plain::read(raw)?,
                    Some(("universal", None)) => t.universal = Plain::read(raw)?,
                    Some(("location", None)) => t.location = Plain::read(raw)?,
                    Some(("weapons", Some(item))) => {
                        let (j, field) = split(item);
                        t.weapons.item(j, Weapon::new)?.field(field, raw)?;
                    }
                    Some(_) => unknown(field.unwrap_or_default())?,
                }
            }
            "accessories" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                self.accessories.item(i, Placed::new)?.field("item", field, raw)?;
            }
            "cargo" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let c = self.cargo.item(i, || Cargo {
                    spaces: None,
                    weight: None,
                    entry: CargoEntry { name: String::new(), spaces: 0, weight: 0, deck: None, cargo: true },
                })?;
                match field {
                    None => {}
                    Some("name") => c.entry.name = text(raw)?,
                    Some("spaces") => c.spaces = unless_blank_with(raw, bounds::count)?,
                    Some("weight") => c.weight = unless_blank_with(raw, bounds::cargo_weight)?,
                    Some("deck") => c.entry.deck = Plain::read(raw)?,
                    Some("cargo") => c.entry.cargo = Plain::read(raw)?,
                    Some(other) => unknown(other)?,
                }
            }
            "not_read" => {
                let Some((i, field)) = rest.map(split) else { return Some(()) };
                let part = self.not_read.item(i, || None)?;
                match field {
                    None => {}
                    Some("fragment") => *part = Some(text(raw)?),
                    Some(other) => unknown(other)?,
                }
            }
            "version" => {
                leaf(rest)?;
                self.version = unless_blank(raw)?;
            }
            "name" => {
                leaf(rest)?;
                self.name = text(raw)?;
            }
            "hull" => {
                leaf(rest)?;
                self.hull = Some(Plain::read(raw)?);
            }
            "plant" => {
                leaf(rest)?;
                self.plant = Plain::read(raw)?;
            }
            "jet_drive" => {
                leaf(rest)?;
                self.jet_drive = Plain::read(raw)?;
            }
            "oars" => {
                leaf(rest)?;
                self.oars = count_or(raw, 0)?;
            }
            "top" => {
                leaf(rest)?;
                self.top = if raw.is_empty() { Top::default() } else { Plain::read(raw)? };
            }
            "hydrofoils" => {
                leaf(rest)?;
                self.hydrofoils = Plain::read(raw)?;
            }
            "weighted_keel" => {
                leaf(rest)?;
                self.weighted_keel = Plain::read(raw)?;
            }
            "spoiler" => {
                leaf(rest)?;
                self.spoiler = Plain::read(raw)?;
            }
            "deck" => match rest {
                None => self.deck = Some(raw),
                Some(field) => {
                    self.deck_fields = true;
                    match field {
                        "below" => self.below = unless_blank_with(raw, bounds::count)?,
                        other => unknown(other)?,
                    }
                }
            },
            "armor" => match rest {
                None | Some("points") => {}
                Some("type") => self.armor = Some(Plain::read(raw)?),
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

    fn finish(self) -> Option<Design> {
        // The deck's box and its fallback ("off", then "on" when checked; the later wins): as
        // the codec reads an optional object's own value.
        let deck = match self.deck {
            None if self.deck_fields => Some(Deck { below: self.below }),
            None | Some("" | "off") => None,
            Some("on") => Some(Deck { below: self.below }),
            Some(_) => return None,
        };
        let mut points = self.points;
        for (loc, sent) in Loc::ALL.into_iter().zip(self.located) {
            if let Some((_, raw)) = sent {
                points.set(loc, or_default(raw, 0, bounds::count)?);
            }
        }
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
            crew: self.crew.finish(|c| {
                Some(CrewEntry { role: c.what?, count: c.count, deck: c.deck, cargo: c.cargo })
            })?,
            armor: Armor { kind: self.armor.unwrap_or_else(|| Armor::default().kind), points },
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
            accessories: self.accessories.finish(|a| {
                Some(AccessoryEntry { item: a.what?, count: a.count, deck: a.deck, cargo: a.cargo })
            })?,
            cargo: self
                .cargo
                .finish(|c| Some(CargoEntry { spaces: c.spaces?, weight: c.weight?, ..c.entry }))?,
            not_read: self.not_read.finish(|p| Some(NotReadPart { fragment: p? }))?,
        })
    }
}

impl<'f> Reader<'f> {
    /// Points at one location, blank for none. A location the rules
    /// do not have is kept as written, as the codec keeps it, in the order first sent.
    fn armor_points(&mut self, code: &'f str, raw: &'f str) -> Option<()> {
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
        // Sent again under the same name, the later value wins (and is the one read, at the
        // end), as the codec reads one field sent twice; under another name for it ("F", then
        // "f"), the codec adds the two up, and that is left to it.
        match self.located[loc as usize].replace((code, raw)) {
            Some((earlier, _)) if earlier != code => None,
            _ => Some(()),
        }
    }
}

#[cfg(test)]
mod tests;
