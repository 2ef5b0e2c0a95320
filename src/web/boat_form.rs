//! The boat designer's form: reading a posted form into a design, and the add/remove actions
//! its buttons carry. The page names every input by the path of the part it edits, which is
//! also the path problems carry, so a problem lands next to its input.

use super::form::{Fields, Name, Reader};
use crate::games::carwars::design::{
    AccessoryEntry, Armor, CargoEntry, CrewEntry, Deck, Design, PropellerEntry, Ref, Section, Top,
    TurretEntry, WeaponEntry,
};
use crate::games::carwars::tables::{self, Loc, Mount};
use crate::games::{Problem, bounds};

fn section(f: &Fields, name: impl Name) -> Option<Section> {
    match f.get(name) {
        Some("below") => Some(Section::Below),
        Some("above") => Some(Section::Above),
        _ => None,
    }
}

fn mount(f: &Fields, name: impl Name) -> Option<Mount> {
    let v = f.get(name)?;
    Mount::ALL.into_iter().find(|m| m.code() == v)
}

fn opt_ref<T: crate::games::carwars::design::Catalogued>(f: &Fields, name: impl Name) -> Option<Ref<T>> {
    f.get(name).map(str::trim).filter(|v| !v.is_empty()).map(Ref::parse)
}

fn weapon_entry(f: &Fields, r: &mut Reader, p: &str, in_turret: bool) -> WeaponEntry {
    let id = f.text((p, "weapon"));
    WeaponEntry {
        weapon: Ref::parse(&id),
        mount: if in_turret { None } else { mount(f, (p, "mount")).or(Some(Mount::F)) },
        count: r.count(f, (p, "count"), "Count", 1),
        linked: f.flag((p, "linked")),
        link_group: f
            .get((p, "link_group"))
            .filter(|g| !g.trim().is_empty())
            .map(|_| r.u8(f, (p, "link_group"), "Link group", 1)),
        ammo: f.get((p, "ammo")).filter(|a| !a.is_empty() && *a != "standard").map(str::to_owned),
        extra_magazines: r.count(f, (p, "extra_magazines"), "Extra magazines", 0),
        magazine_switch: f.flag((p, "magazine_switch")),
        rocket_magazine: r.count(f, (p, "rocket_magazine"), "Rocket magazine", 0),
        deck: if in_turret { None } else { section(f, (p, "deck")) },
    }
}

/// The input name of a location's armor points.
pub fn armor_field(loc: Loc) -> &'static str {
    match loc {
        Loc::F => "armor.F",
        Loc::L => "armor.L",
        Loc::R => "armor.R",
        Loc::B => "armor.B",
        Loc::U => "armor.U",
        Loc::FL => "armor.FL",
        Loc::BL => "armor.BL",
        Loc::FR => "armor.FR",
        Loc::BR => "armor.BR",
        Loc::FU => "armor.FU",
        Loc::BU => "armor.BU",
        Loc::T => "armor.T",
        Loc::FT => "armor.FT",
        Loc::BT => "armor.BT",
        Loc::D => "armor.D",
        Loc::FD => "armor.FD",
        Loc::BD => "armor.BD",
    }
}

/// Reads the designer form into a design, with a problem for every field that did not parse.
pub fn read(f: &Fields) -> (Design, Vec<Problem>) {
    let mut r = Reader::default();
    let hull = Ref::parse(f.get("hull").unwrap_or(""));
    let mut armor = Armor { kind: Ref::parse(f.get("armor.type").unwrap_or("plastic")), ..Armor::default() };
    for (code, _) in f.under("armor") {
        if let Some(loc) = Loc::ALL.into_iter().find(|l| l.code() == code) {
            armor.points.set(loc, r.count(f, armor_field(loc), format_args!("{} armor", loc.name()), 0));
        }
    }
    for i in f.indices("armor_extra") {
        let p = format!("armor_extra.{i}");
        let code = f.text((p.as_str(), "code"));
        let points = r.count(f, (p.as_str(), "points"), "Armor", 0);
        if !code.is_empty() {
            armor.points.unknown.push((code, points));
        }
    }
    let design = Design {
        version: r.u32(f, "version", "Version", crate::games::carwars::DESIGN_VERSION, u32::MAX),
        name: f.name("name"),
        hull,
        plant: opt_ref(f, "plant"),
        propellers: f
            .indices("propellers")
            .into_iter()
            .map(|i| {
                let p = format!("propellers.{i}");
                PropellerEntry {
                    size: opt_ref(f, (p.as_str(), "size")),
                    guard: r.count(f, (p.as_str(), "guard"), "Propeller guard", 0),
                }
            })
            .collect(),
        jet_drive: f.flag("jet_drive"),
        oars: r.count(f, "oars", "Pairs of oars", 0),
        top: match f.get("top") {
            Some("half") => Top::Half,
            Some("full") => Top::Full,
            _ => Top::None,
        },
        deck: f.flag("deck").then(|| {
            let below = f.get("deck_below").map(str::trim).filter(|v| !v.is_empty());
            Deck { below: below.map(|_| r.count(f, "deck_below", "Spaces below deck", 0)) }
        }),
        hydrofoils: f.flag("hydrofoils"),
        weighted_keel: f.flag("weighted_keel"),
        spoiler: f.flag("spoiler"),
        crew: f
            .indices("crew")
            .into_iter()
            .map(|i| {
                let p = format!("crew.{i}");
                CrewEntry {
                    role: Ref::parse(&f.text((p.as_str(), "role"))),
                    count: r.count(f, (p.as_str(), "count"), "Count", 1),
                    deck: section(f, (p.as_str(), "deck")),
                    cargo: f.flag((p.as_str(), "cargo")),
                }
            })
            .collect(),
        armor,
        weapons: f
            .indices("weapons")
            .into_iter()
            .map(|i| weapon_entry(f, &mut r, &format!("weapons.{i}"), false))
            .collect(),
        turrets: f
            .indices("turrets")
            .into_iter()
            .map(|i| {
                let p = format!("turrets.{i}");
                TurretEntry {
                    size: r.u8(f, (p.as_str(), "size"), "Turret size", 1),
                    popup: f.flag((p.as_str(), "popup")),
                    universal: f.flag((p.as_str(), "universal")),
                    location: f.get((p.as_str(), "location")).and_then(Loc::parse),
                    weapons: f
                        .indices(&format!("{p}.weapons"))
                        .into_iter()
                        .map(|j| weapon_entry(f, &mut r, &format!("{p}.weapons.{j}"), true))
                        .collect(),
                }
            })
            .collect(),
        accessories: f
            .indices("accessories")
            .into_iter()
            .map(|i| {
                let p = format!("accessories.{i}");
                AccessoryEntry {
                    item: Ref::parse(&f.text((p.as_str(), "item"))),
                    count: r.count(f, (p.as_str(), "count"), "Count", 1),
                    deck: section(f, (p.as_str(), "deck")),
                    cargo: f.flag((p.as_str(), "cargo")),
                }
            })
            .collect(),
        cargo: f
            .indices("cargo")
            .into_iter()
            .map(|i| {
                let p = format!("cargo.{i}");
                CargoEntry {
                    name: f.name((p.as_str(), "name")),
                    spaces: r.count(f, (p.as_str(), "spaces"), "Cargo spaces", 0),
                    weight: r.u32(f, (p.as_str(), "weight"), "Cargo weight", 0, bounds::MAX_CARGO_WEIGHT),
                    deck: section(f, (p.as_str(), "deck")),
                    cargo: f.flag((p.as_str(), "cargo")),
                }
            })
            .collect(),
    };
    (design, r.problems)
}

/// What a designer button asks for besides recalculating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Recalculate,
    Add(&'static str),
    Remove(&'static str, usize),
    AddTurretWeapon(usize),
    RemoveTurretWeapon(usize, usize),
}

const LISTS: [&str; 7] = ["propellers", "crew", "weapons", "turrets", "accessories", "cargo", "armor_extra"];

impl Action {
    pub fn parse(s: &str) -> Action {
        let mut parts = s.split('.');
        let verb = parts.next().unwrap_or("");
        let what = parts.next().unwrap_or("");
        let i = parts.next().and_then(|x| x.parse::<usize>().ok());
        let j = parts.next().and_then(|x| x.parse::<usize>().ok());
        let list = LISTS.iter().copied().find(|l| *l == what);
        match (verb, list, i, j) {
            ("add", Some("turrets"), Some(i), None) if s.ends_with(".weapon") => Action::AddTurretWeapon(i),
            ("add", Some(l), None, _) => Action::Add(l),
            ("remove", Some("turrets"), Some(i), Some(j)) => Action::RemoveTurretWeapon(i, j),
            ("remove", Some(l), Some(i), None) => Action::Remove(l, i),
            _ => Action::Recalculate,
        }
    }
}

fn remove_at<T>(v: &mut Vec<T>, i: usize) {
    if i < v.len() {
        v.remove(i);
    }
}

/// Applies a button's action to the design read from the form. `f` supplies the "what to add"
/// choices next to the add buttons.
pub fn apply(d: &mut Design, action: &Action, f: &Fields) {
    match *action {
        Action::Recalculate => {}
        Action::Add("propellers") => d.propellers.push(PropellerEntry { size: None, guard: 0 }),
        Action::Add("crew") => {
            let role = tables::role(f.get("new_crew").unwrap_or("")).unwrap_or(&tables::ROLES[1]);
            d.crew.push(CrewEntry::new(role, 1));
        }
        Action::Add("weapons") => {
            let w = tables::weapon_by_id(f.get("new_weapon").unwrap_or("")).unwrap_or(&tables::WEAPONS[0]);
            d.weapons.push(WeaponEntry::new(w, Some(Mount::F)));
        }
        Action::Add("turrets") => d.turrets.push(TurretEntry {
            size: 1,
            popup: false,
            universal: false,
            location: None,
            weapons: Vec::new(),
        }),
        Action::Add("accessories") => {
            let item =
                tables::accessory(f.get("new_accessory").unwrap_or("")).unwrap_or(&tables::ACCESSORIES[0]);
            d.accessories.push(AccessoryEntry::new(item, 1));
        }
        Action::Add("cargo") => {
            d.cargo.push(CargoEntry { name: String::new(), spaces: 1, weight: 100, deck: None, cargo: true })
        }
        Action::Add(_) => {}
        Action::Remove(list, i) => match list {
            "propellers" => remove_at(&mut d.propellers, i),
            "crew" => remove_at(&mut d.crew, i),
            "weapons" => remove_at(&mut d.weapons, i),
            "turrets" => remove_at(&mut d.turrets, i),
            "accessories" => remove_at(&mut d.accessories, i),
            "cargo" => remove_at(&mut d.cargo, i),
            "armor_extra" => remove_at(&mut d.armor.points.unknown, i),
            _ => {}
        },
        Action::AddTurretWeapon(i) => {
            if let Some(t) = d.turrets.get_mut(i) {
                let id = f.get(format!("turrets.{i}.new_weapon").as_str()).unwrap_or("");
                let w = tables::weapon_by_id(id).unwrap_or(&tables::WEAPONS[0]);
                t.weapons.push(WeaponEntry::new(w, None));
            }
        }
        Action::RemoveTurretWeapon(i, j) => {
            if let Some(t) = d.turrets.get_mut(i) {
                remove_at(&mut t.weapons, j);
            }
        }
    }
}

/// The form fields that write `d` back: what the page renders as inputs, and what the tests
/// use to post a design the way a browser would.
pub fn fields_of(d: &Design) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut put = |k: String, v: String| out.push((k, v));
    put("version".into(), d.version.to_string());
    put("name".into(), d.name.clone());
    put("hull".into(), d.hull.id().to_owned());
    put("plant".into(), d.plant.as_ref().map_or(String::new(), |p| p.id().to_owned()));
    for (i, p) in d.propellers.iter().enumerate() {
        put(format!("propellers.{i}.size"), p.size.as_ref().map_or(String::new(), |s| s.id().to_owned()));
        put(format!("propellers.{i}.guard"), p.guard.to_string());
    }
    if d.jet_drive {
        put("jet_drive".into(), "on".into());
    }
    put("oars".into(), d.oars.to_string());
    put(
        "top".into(),
        match d.top {
            Top::None => "none",
            Top::Half => "half",
            Top::Full => "full",
        }
        .into(),
    );
    if let Some(deck) = &d.deck {
        put("deck".into(), "on".into());
        put("deck_below".into(), deck.below.map_or(String::new(), |b| b.to_string()));
    }
    for (on, name) in
        [(d.hydrofoils, "hydrofoils"), (d.weighted_keel, "weighted_keel"), (d.spoiler, "spoiler")]
    {
        if on {
            put(name.into(), "on".into());
        }
    }
    for (i, c) in d.crew.iter().enumerate() {
        put(format!("crew.{i}.role"), c.role.id().to_owned());
        put(format!("crew.{i}.count"), c.count.to_string());
        put_section(&mut put, &format!("crew.{i}.deck"), c.deck);
        if c.cargo {
            put(format!("crew.{i}.cargo"), "on".into());
        }
    }
    put("armor.type".into(), d.armor.kind.id().to_owned());
    for (loc, p) in d.armor.points.iter() {
        put(format!("armor.{}", loc.code()), p.to_string());
    }
    for (i, (code, p)) in d.armor.points.unknown.iter().enumerate() {
        put(format!("armor_extra.{i}.code"), code.clone());
        put(format!("armor_extra.{i}.points"), p.to_string());
    }
    for (i, w) in d.weapons.iter().enumerate() {
        weapon_fields(&mut put, &format!("weapons.{i}"), w);
    }
    for (i, t) in d.turrets.iter().enumerate() {
        put(format!("turrets.{i}.size"), t.size.to_string());
        if t.popup {
            put(format!("turrets.{i}.popup"), "on".into());
        }
        if t.universal {
            put(format!("turrets.{i}.universal"), "on".into());
        }
        if let Some(l) = t.location {
            put(format!("turrets.{i}.location"), l.code().into());
        }
        for (j, w) in t.weapons.iter().enumerate() {
            weapon_fields(&mut put, &format!("turrets.{i}.weapons.{j}"), w);
        }
    }
    for (i, a) in d.accessories.iter().enumerate() {
        put(format!("accessories.{i}.item"), a.item.id().to_owned());
        put(format!("accessories.{i}.count"), a.count.to_string());
        put_section(&mut put, &format!("accessories.{i}.deck"), a.deck);
        if a.cargo {
            put(format!("accessories.{i}.cargo"), "on".into());
        }
    }
    for (i, c) in d.cargo.iter().enumerate() {
        put(format!("cargo.{i}.name"), c.name.clone());
        put(format!("cargo.{i}.spaces"), c.spaces.to_string());
        put(format!("cargo.{i}.weight"), c.weight.to_string());
        put_section(&mut put, &format!("cargo.{i}.deck"), c.deck);
        if c.cargo {
            put(format!("cargo.{i}.cargo"), "on".into());
        }
    }
    out
}

fn put_section(put: &mut impl FnMut(String, String), name: &str, s: Option<Section>) {
    if let Some(s) = s {
        put(name.to_owned(), if s == Section::Below { "below".into() } else { "above".into() });
    }
}

fn weapon_fields(put: &mut impl FnMut(String, String), p: &str, w: &WeaponEntry) {
    put(format!("{p}.weapon"), w.weapon.id().to_owned());
    if let Some(m) = w.mount {
        put(format!("{p}.mount"), m.code().into());
    }
    put(format!("{p}.count"), w.count.to_string());
    if w.linked {
        put(format!("{p}.linked"), "on".into());
    }
    if let Some(g) = w.link_group {
        put(format!("{p}.link_group"), g.to_string());
    }
    if let Some(a) = &w.ammo {
        put(format!("{p}.ammo"), a.clone());
    }
    put(format!("{p}.extra_magazines"), w.extra_magazines.to_string());
    if w.magazine_switch {
        put(format!("{p}.magazine_switch"), "on".into());
    }
    put(format!("{p}.rocket_magazine"), w.rocket_magazine.to_string());
    put_section(put, &format!("{p}.deck"), w.deck);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carwars::examples;

    #[test]
    fn every_example_survives_the_form_unchanged() {
        for (slug, d) in examples::all() {
            let (back, problems) = read(&Fields::from_pairs(fields_of(&d)));
            assert_eq!(problems, vec![], "{slug}");
            assert_eq!(back, d, "{slug}");
        }
    }

    #[test]
    fn buttons_name_their_action() {
        assert_eq!(Action::parse("add.weapons"), Action::Add("weapons"));
        assert_eq!(Action::parse("remove.crew.2"), Action::Remove("crew", 2));
        assert_eq!(Action::parse("add.turrets.1.weapon"), Action::AddTurretWeapon(1));
        assert_eq!(Action::parse("remove.turrets.1.0"), Action::RemoveTurretWeapon(1, 0));
        assert_eq!(Action::parse("explode"), Action::Recalculate);
        assert_eq!(Action::parse("remove.weapons.x"), Action::Recalculate);
    }
}
