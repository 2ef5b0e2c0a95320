//! Writing the canonical stat line of a design.

use super::printed;
use crate::games::boats::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Design, PropellerEntry, Ref, Section, Top, TurretEntry,
    WeaponEntry,
};
use crate::games::boats::evaluate::{self, Evaluation, LineKind};
use crate::games::boats::tables::{self, Loc};
use crate::games::boats::units::Grouped;
use crate::games::bounds::Document;
use crate::games::{put_line, write_whole};
use std::fmt::Write;

const ARMOR_ORDER: [Loc; 17] = [
    Loc::F,
    Loc::R,
    Loc::L,
    Loc::B,
    Loc::U,
    Loc::FR,
    Loc::FL,
    Loc::BR,
    Loc::BL,
    Loc::FU,
    Loc::BU,
    Loc::T,
    Loc::FT,
    Loc::BT,
    Loc::D,
    Loc::FD,
    Loc::BD,
];

/// Writes "Pilot" for one, "2 Gunners" for more.
fn counted(out: &mut String, n: u16, one: &str, many: &str) {
    if n == 1 {
        out.push_str(one);
    } else {
        put_line(out, &[&n, &" ", &many]);
    }
}

fn cargo_suffix(cargo: bool) -> &'static str {
    if cargo { " in cargo space" } else { "" }
}

/// A comma-separated list written straight into the line. Its first letter can be raised, as a
/// sentence's is.
struct Items<'a> {
    out: &'a mut String,
    start: usize,
    sep: &'static str,
}

impl<'a> Items<'a> {
    fn new(out: &'a mut String, sep: &'static str) -> Self {
        let start = out.len();
        Items { out, start, sep }
    }

    /// The line, ready for the next item.
    fn next(&mut self) -> &mut String {
        if self.out.len() > self.start {
            self.out.push_str(self.sep);
        }
        self.out
    }

    fn is_empty(&self) -> bool {
        self.out.len() == self.start
    }

    fn capitalize(&mut self) {
        if let Some(first) = self.out.get_mut(self.start..=self.start) {
            first.make_ascii_uppercase();
        }
    }
}

fn crew_text(out: &mut String, c: &CrewEntry) {
    let (one, many) = c.role.known().map_or((c.role.id(), c.role.id()), |r| (r.name, r.plural));
    counted(out, c.count, one, many);
    out.push_str(cargo_suffix(c.cargo));
}

/// Numbers as words up to twelve, as published lines write a few magazines ("fed by three").
fn number_word(n: u16) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    WORDS.get(usize::from(n)).map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// A rocket magazine the published way: by its spaces when the rockets fill it ("3-space rocket
/// magazine"), else by its rockets ("rocket magazine of 3 rockets").
fn rocket_magazine_text(out: &mut String, w: Option<&tables::Weapon>, rockets: u16, magazines: u16) {
    let s = if magazines == 1 { "" } else { "s" };
    match w.map(|w| w.spaces * i64::from(rockets)) {
        Some(sp) if sp.0 % 6 == 0 && sp.0 > 0 => {
            put_line(out, &[&(sp.0 / 6), &"-space rocket magazine", &s]);
        }
        _ => {
            let plural = if rockets == 1 { "" } else { "s" };
            put_line(out, &[&"rocket magazine", &s, &" of ", &rockets, &" rocket", &plural]);
        }
    }
}

/// A weapon entry: "2 linked VMGs with HD ammo (1 extra magazine)", "3 HRs fed by three 3-space
/// rocket magazines"; its facing is written by the caller.
fn weapon_text(out: &mut String, e: &WeaponEntry, count: u16) {
    if count != 1 {
        put_line(out, &[&count, &" "]);
    }
    if e.linked {
        out.push_str("linked ");
    }
    let known = e.weapon.known();
    match known {
        Some(w) => {
            out.push_str(if count == 1 { w.short } else { w.plural });
            if let Some(a) = e.ammo.as_deref().and_then(|id| w.ammo(id)).filter(|a| a.id != "standard") {
                put_line(out, &[&" with ", &a.short, &" ", &w.ammo_word]);
            } else if let Some(id) = e.ammo.as_deref().filter(|id| *id != "standard" && w.ammo(id).is_none())
            {
                put_line(out, &[&" with ", &id, &" ", &w.ammo_word]);
            }
        }
        None => out.push_str(e.weapon.id()),
    }
    // Several weapons each with a rocket magazine: "fed by" as many magazines.
    let fed_by = e.rocket_magazine > 0 && count > 1;
    if e.link_group.is_some()
        || e.extra_magazines > 0
        || e.magazine_switch
        || (e.rocket_magazine > 0 && !fed_by)
    {
        out.push_str(" (");
        let mut opts = Items::new(out, ", ");
        if let Some(g) = e.link_group {
            put_line(opts.next(), &[&"link group ", &g]);
        }
        if e.extra_magazines > 0 {
            counted(opts.next(), e.extra_magazines, "1 extra magazine", "extra magazines");
        }
        if e.magazine_switch {
            opts.next().push_str("magazine switch");
        }
        if e.rocket_magazine > 0 && !fed_by {
            rocket_magazine_text(opts.next(), known, e.rocket_magazine, 1);
        }
        out.push(')');
    }
    if fed_by {
        put_line(out, &[&" fed by ", &number_word(count), &" "]);
        rocket_magazine_text(out, known, e.rocket_magazine, count);
    }
}

/// Whether two body weapon entries differ only in facing and count, so that they are written
/// together: "2 MGs (one each R, L)".
fn same_but_facing(a: &WeaponEntry, b: &WeaponEntry) -> bool {
    a.count > 0
        && b.count > 0
        && !a.linked
        && !b.linked
        && a.weapon == b.weapon
        && a.ammo == b.ammo
        && a.link_group == b.link_group
        && a.extra_magazines == b.extra_magazines
        && a.magazine_switch == b.magazine_switch
        && a.rocket_magazine == b.rocket_magazine
        && a.deck == b.deck
        && a.mount.unwrap_or_default() != b.mount.unwrap_or_default()
}

/// The body weapons of one part of the boat, the same weapon on different facings written
/// together the published way: "2 MGs (one each R, L)", "6 MGs (2 F, 1 R, 1 L, 2 B)".
fn weapons_text(items: &mut Items, weapons: &[&WeaponEntry]) {
    let mut used = vec![false; weapons.len()];
    for i in 0..weapons.len() {
        if used[i] {
            continue;
        }
        let e = weapons[i];
        let mut group = vec![e];
        for j in i + 1..weapons.len() {
            let facing = weapons[j].mount.unwrap_or_default();
            if !used[j]
                && same_but_facing(e, weapons[j])
                && group.iter().all(|g| g.mount.unwrap_or_default() != facing)
            {
                used[j] = true;
                group.push(weapons[j]);
            }
        }
        let out = items.next();
        if group.len() == 1 {
            weapon_text(out, e, e.count);
            out.push(' ');
            out.push_str(e.mount.unwrap_or_default().word());
            continue;
        }
        let total: u16 = group.iter().map(|g| g.count).fold(0, u16::saturating_add);
        weapon_text(out, e, total);
        if group.iter().all(|g| g.count == 1) {
            out.push_str(" (one each ");
        } else {
            out.push_str(" (");
        }
        let ones = group.iter().all(|g| g.count == 1);
        let mut facings = Items::new(out, ", ");
        for g in &group {
            let f = facings.next();
            if !ones {
                put_line(f, &[&g.count, &" "]);
            }
            f.push_str(g.mount.unwrap_or_default().code());
        }
        out.push(')');
    }
}

fn turret_text(out: &mut String, t: &TurretEntry, show_location: bool) {
    if t.universal {
        out.push_str("Universal ");
    }
    if t.popup {
        out.push_str("pop-up ");
    }
    put_line(out, &[&t.size, &"-space turret"]);
    if show_location && let Some(l) = t.location {
        put_line(out, &[&" (", &l.code(), &")"]);
    }
    if t.weapons.is_empty() {
        out.push_str(" (empty)");
    } else {
        out.push_str(" with ");
        let mut ws = Items::new(out, " and ");
        for w in &t.weapons {
            weapon_text(ws.next(), w, w.count);
        }
    }
}

fn accessory_text(out: &mut String, a: &AccessoryEntry) {
    match a.item.known() {
        // Items whose plural is their name are counted "for N": "Passenger accommodations for 6".
        Some(i) if i.plural == i.name => {
            put_line(out, &[&i.name, &" for ", &a.count]);
        }
        Some(i) => counted(out, a.count, i.name, i.plural),
        None => counted(out, a.count, a.item.id(), a.item.id()),
    }
    out.push_str(cargo_suffix(a.cargo));
}

fn cargo_text(out: &mut String, c: &CargoEntry) {
    let _ = write!(
        out,
        "Cargo ({} space{}, {} lbs){}",
        c.spaces,
        if c.spaces == 1 { "" } else { "s" },
        Grouped(i64::from(c.weight)),
        if c.cargo { "" } else { " in body space" }
    );
}

/// The size a propeller is built for, when a stat line names it: only when it is not the plant's.
fn named_size<'a>(p: &'a PropellerEntry, plant_id: Option<&str>) -> Option<&'a Ref<tables::Plant>> {
    p.size.as_ref().filter(|s| Some(s.id()) != plant_id)
}

/// Hydrofoils and a weighted keel.
fn hull_fittings(items: &mut Items, d: &Design) {
    for (on, what) in [(d.hydrofoils, "Hydrofoils"), (d.weighted_keel, "Weighted keel")] {
        if on {
            items.next().push_str(what);
        }
    }
}

/// The plant, its propellers (grouped by size and guard in order; the size is only named when it
/// is not the plant's) and the jet drive.
fn propulsion(items: &mut Items, d: &Design) {
    if let Some(p) = &d.plant {
        put_line(items.next(), &[&p.known().map_or(p.id(), |p| p.name), &" power plant"]);
    }
    let plant_id = d.plant.as_ref().map(Ref::id);
    let same = |p: &PropellerEntry, q: &PropellerEntry| {
        p.guard == q.guard && named_size(p, plant_id).map(Ref::id) == named_size(q, plant_id).map(Ref::id)
    };
    for group in d.propellers.chunk_by(same) {
        let (p, n) = (&group[0], group.len());
        let size = named_size(p, plant_id);
        let line = items.next();
        if n > 1 {
            put_line(line, &[&n, &" "]);
        }
        match size {
            Some(s) => {
                put_line(line, &[&s.known().map_or(s.id(), |p| p.name), &" propeller"]);
            }
            None => line.push_str("Propeller"),
        }
        if n > 1 {
            line.push('s');
        }
        if p.guard > 0 {
            put_line(line, &[&" with ", &p.guard, &"-point guard", &if n == 1 { "" } else { "s" }]);
        }
    }
    if d.jet_drive {
        items.next().push_str("Jet drive");
    }
}

fn oars(items: &mut Items, d: &Design) {
    if d.oars == 1 {
        items.next().push_str("Oars");
    } else if d.oars > 1 {
        put_line(items.next(), &[&d.oars, &" pairs of oars"]);
    }
}

/// The canonical stat line of a design, in the published style.
pub fn stat_line(d: &Design, e: &Evaluation) -> String {
    let hull = d.hull.known();
    let decked = hull.is_some_and(|h| evaluate::decked(h, d));
    let split_top = hull.is_some_and(|h| h.split_top) && d.top == Top::Full;
    // Room for the line at once: its head and figures, and some 32 bytes for each of the
    // design's entries (a loaded boat's line grew from a fixed room two or three times over).
    let mut out = String::with_capacity(160 + d.name.len() + 32 * d.entries());
    if !d.name.trim().is_empty() {
        for c in d.name.trim().chars() {
            // A colon would end the name early when the line is read back.
            if c == ':' { out.push_str(" -") } else { out.push(c) }
        }
        out.push_str(": ");
    }

    // The boat itself: hull, body, power, and (without a Deck) the crew.
    let mut head = Items::new(&mut out, ", ");
    head.next().push_str(hull.map_or(d.hull.id(), |h| h.name));
    if d.deck.is_some() {
        match e.ledger.iter().find_map(|l| match l.kind {
            LineKind::Deck { below, above } => Some((below, above)),
            _ => None,
        }) {
            Some((b, a)) => {
                put_line(head.next(), &[&"Deck (", &b, &" below, ", &a, &" above)"]);
            }
            None => head.next().push_str("Deck"),
        }
    }
    match d.top {
        Top::None => {}
        Top::Half => head.next().push_str("Half Top"),
        Top::Full => head.next().push_str("Boat Top"),
    }
    // A decked boat lists its plant, propellers, jet drive, hydrofoils and keel below deck, where
    // they sit, and its oars above.
    if !decked {
        hull_fittings(&mut head, d);
    }
    if d.spoiler {
        head.next().push_str("Spoiler");
    }
    if !decked {
        propulsion(&mut head, d);
        oars(&mut head, d);
    }
    if !decked {
        let only_pilot = d.crew.len() == 1
            && d.crew[0].count == 1
            && !d.crew[0].cargo
            && d.crew[0].role.known().is_some_and(|r| r.id == "pilot");
        if only_pilot {
            head.next().push_str("Pilot only");
        } else if d.crew.is_empty() {
            head.next().push_str("No crew");
        } else {
            for c in &d.crew {
                crew_text(head.next(), c);
            }
        }
    }
    out.push('.');

    // What it carries: one list, or one per deck section.
    let sections: &[Option<Section>] =
        if decked { &[Some(Section::Below), Some(Section::Above)] } else { &[None] };
    for &section in sections {
        let here = |s: Option<Section>| section.is_none_or(|sec| s.unwrap_or(Section::Above) == sec);
        match section {
            Some(Section::Below) => out.push_str(" Below Deck: "),
            Some(Section::Above) => out.push_str(" Above Deck: "),
            None => out.push(' '),
        }
        let mut items = Items::new(&mut out, ", ");
        match section {
            Some(Section::Below) => {
                propulsion(&mut items, d);
                hull_fittings(&mut items, d);
            }
            Some(Section::Above) => oars(&mut items, d),
            None => {}
        }
        if section.is_some() {
            for c in d.crew.iter().filter(|c| here(c.deck)) {
                crew_text(items.next(), c);
            }
        } else if d.weapons.is_empty() && d.turrets.is_empty() {
            items.next().push_str("No weapons");
        }
        let weapons: Vec<&WeaponEntry> = d.weapons.iter().filter(|w| here(w.deck)).collect();
        weapons_text(&mut items, &weapons);
        if section != Some(Section::Below) {
            for t in &d.turrets {
                turret_text(items.next(), t, split_top);
            }
        }
        for a in d.accessories.iter().filter(|a| here(a.deck)) {
            accessory_text(items.next(), a);
        }
        for c in d.cargo.iter().filter(|c| here(c.deck)) {
            cargo_text(items.next(), c);
        }
        if items.is_empty() {
            items.next().push_str("empty");
        } else {
            items.capitalize();
        }
        out.push('.');
    }

    // Armor.
    let prefix = d.armor.kind.known().map_or(d.armor.kind.id(), |k| k.prefix);
    let has_points =
        ARMOR_ORDER.iter().any(|l| d.armor.points.get(*l) > 0) || !d.armor.points.unknown.is_empty();
    if !has_points {
        if prefix.is_empty() {
            out.push_str(" No armor.");
        } else {
            let _ = write!(out, " {prefix} Armor: none.");
        }
    } else {
        out.push(' ');
        if !prefix.is_empty() {
            out.push_str(prefix);
            out.push(' ');
        }
        out.push_str("Armor: ");
        let mut pts = Items::new(&mut out, ", ");
        for l in ARMOR_ORDER.iter().filter(|l| d.armor.points.get(**l) > 0) {
            put_line(pts.next(), &[&l.code(), &d.armor.points.get(*l)]);
        }
        for (k, p) in &d.armor.points.unknown {
            let _ = write!(pts.next(), "{k}{p}");
        }
        out.push('.');
    }

    // The figures written straight in, as `write!` with each one's `Display` would write them:
    // the formatting machinery cost more than the bytes.
    let p = printed(e);
    out.push_str(" Accel. ");
    let _ = p.acceleration.write_to(&mut out);
    out.push_str(", Top Speed ");
    let _ = p.top_speed.write_to(&mut out);
    if let Some(t) = p.top_speed_on_hydrofoils {
        out.push_str(" (");
        let _ = t.write_to(&mut out);
        out.push_str(" on hydrofoils)");
    }
    out.push_str(", HC ");
    let _ = write_whole(&mut out, p.handling_class, false);
    out.push_str(", ");
    let _ = write_whole(&mut out, p.weight, true);
    out.push_str(" lbs; $");
    let _ = write_whole(&mut out, p.cost, true);
    out.push('.');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::design::{Deck, PropellerEntry};
    use crate::games::boats::statline::parse;
    use crate::games::boats::tables::{HULLS, Mount};
    use crate::games::boats::{check, examples};

    #[test]
    fn the_examples_print_in_the_published_style() {
        let e = check(&examples::piranha());
        assert_eq!(
            stat_line(&examples::piranha(), &e),
            "Piranha: Dinghy, Small power plant, Propeller, Pilot only. VMG front, 2 linked torpedoes back, \
             Fire extinguisher. Armor: F15, R15, L15, B12, U15. Accel. 5, Top Speed 40, HC 2, 2,997 lbs; $9,636."
        );
        let m = examples::minnow();
        assert_eq!(
            stat_line(&m, &check(&m)),
            "Minnow: Dinghy, Medium power plant, 2 Propellers, Pilot, 2 Passengers. MML with AP rockets front, \
             MG with HD ammo back, Targeting computer, Marine radio. Fireproof Armor: F12, R10, L10, B10, U10. \
             Accel. 10, Top Speed 60, HC 2, 3,000 lbs; $13,552."
        );
        let d = examples::darter();
        assert_eq!(
            stat_line(&d, &check(&d)),
            "Darter: Rowboat, Medium power plant, Propeller, Pilot only. No weapons. Armor: F2, R1, L1, B1, U3. \
             Accel. 20, Top Speed 100, HC 3, 799 lbs; $3,315."
        );
    }

    #[test]
    fn a_decked_boat_lists_its_plant_and_fittings_below_deck_and_the_same_weapon_on_several_facings_together()
    {
        let mut d = Design::blank(&HULLS[3]);
        d.plant = Some(Ref::parse("large"));
        d.propellers = vec![PropellerEntry { size: None, guard: 10 }; 2];
        d.jet_drive = true;
        d.hydrofoils = true;
        let mg = |m: Mount| WeaponEntry::new(tables::weapon_by_id("mg").expect("in the table"), Some(m));
        d.weapons = vec![mg(Mount::R), mg(Mount::L), WeaponEntry { count: 2, ..mg(Mount::B) }, mg(Mount::F)];

        let line = stat_line(&d, &check(&d));

        assert!(
            line.starts_with(
                "Cruiser, Deck (19 below, 18 above). Below Deck: Large power plant, 2 Propellers with 10-point guards, \
                 Jet drive, Hydrofoils. Above Deck: Pilot, 5 MGs (1 R, 1 L, 2 B, 1 F)."
            ),
            "{line}"
        );
        d.weapons.truncate(2);
        let line = stat_line(&d, &check(&d));
        assert!(line.contains("Above Deck: Pilot, 2 MGs (one each R, L)."), "{line}");
        assert_eq!(check(&parse(&line).design).figures, check(&d).figures);
    }

    #[test]
    fn sections_start_with_a_capital_and_cargo_weights_are_grouped() {
        let mut d = examples::piranha();
        d.hull = Ref::Known(&HULLS[3]);
        d.deck = Some(Deck { below: None });
        d.weapons[1].deck = Some(Section::Below);
        d.cargo.push(CargoEntry { name: String::new(), spaces: 2, weight: 1240, deck: None, cargo: true });

        let line = stat_line(&d, &check(&d));

        assert!(
            line.contains("Below Deck: Small power plant, Propeller, 2 linked torpedoes back."),
            "{line}"
        );
        assert!(line.contains("Cargo (2 spaces, 1,240 lbs)."), "{line}");
        let mut homing = d.clone();
        homing.crew[0].deck = Some(Section::Below);
        homing.weapons.swap(0, 1);
        homing.weapons[0] =
            WeaponEntry::new(tables::weapon_by_id("homing-torpedo").expect("in the table"), Some(Mount::B));
        let line = stat_line(&homing, &check(&homing));
        assert!(line.contains("Above Deck: Homing torpedo back, VMG front,"), "{line}");
        assert_eq!(parse(&line).design.cargo[0].weight, 1240);
    }
}
