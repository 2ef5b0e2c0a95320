//! Writing the canonical stat line of a design.

use super::printed;
use crate::games::carwars::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Design, PropellerEntry, Ref, Section, Top, TurretEntry,
    WeaponEntry,
};
use crate::games::carwars::evaluate::{self, Evaluation, LineKind};
use crate::games::carwars::tables::{self, Loc};
use crate::games::carwars::units::Grouped;
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
        let _ = write!(out, "{n} {many}");
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

fn weapon_text(out: &mut String, e: &WeaponEntry, with_mount: bool) {
    if e.count != 1 {
        let _ = write!(out, "{} ", e.count);
    }
    if e.linked {
        out.push_str("linked ");
    }
    match e.weapon.known() {
        Some(w) => {
            out.push_str(if e.count == 1 { w.short } else { w.plural });
            if let Some(a) = e.ammo.as_deref().and_then(|id| w.ammo(id)).filter(|a| a.id != "standard") {
                let _ = write!(out, " with {} {}", a.short, w.ammo_word);
            } else if let Some(id) = e.ammo.as_deref().filter(|id| *id != "standard" && w.ammo(id).is_none())
            {
                let _ = write!(out, " with {id} {}", w.ammo_word);
            }
        }
        None => out.push_str(e.weapon.id()),
    }
    if e.link_group.is_some() || e.extra_magazines > 0 || e.magazine_switch || e.rocket_magazine > 0 {
        out.push_str(" (");
        let mut opts = Items::new(out, ", ");
        if let Some(g) = e.link_group {
            let _ = write!(opts.next(), "link group {g}");
        }
        if e.extra_magazines > 0 {
            counted(opts.next(), e.extra_magazines, "1 extra magazine", "extra magazines");
        }
        if e.magazine_switch {
            opts.next().push_str("magazine switch");
        }
        if e.rocket_magazine > 0 {
            let _ = write!(opts.next(), "rocket magazine of {}", e.rocket_magazine);
        }
        out.push(')');
    }
    if with_mount {
        out.push(' ');
        out.push_str(e.mount.unwrap_or_default().word());
    }
}

fn turret_text(out: &mut String, t: &TurretEntry, show_location: bool) {
    if t.universal {
        out.push_str("Universal ");
    }
    if t.popup {
        out.push_str("pop-up ");
    }
    let _ = write!(out, "{}-space turret", t.size);
    if show_location && let Some(l) = t.location {
        let _ = write!(out, " ({})", l.code());
    }
    if t.weapons.is_empty() {
        out.push_str(" (empty)");
    } else {
        out.push_str(" with ");
        let mut ws = Items::new(out, " and ");
        for w in &t.weapons {
            weapon_text(ws.next(), w, false);
        }
    }
}

fn accessory_text(out: &mut String, a: &AccessoryEntry) {
    match a.item.known() {
        // Items whose plural is their name are counted "for N": "Passenger accommodations for 6".
        Some(i) if i.plural == i.name => {
            let _ = write!(out, "{} for {}", i.name, a.count);
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

/// The canonical stat line of a design, in the published style.
pub fn stat_line(d: &Design, e: &Evaluation) -> String {
    let hull = d.hull.known();
    let decked = hull.is_some_and(|h| evaluate::decked(h, d));
    let split_top = hull.is_some_and(|h| h.split_top) && d.top == Top::Full;
    let mut out = String::with_capacity(256);
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
                let _ = write!(head.next(), "Deck ({b} below, {a} above)");
            }
            None => head.next().push_str("Deck"),
        }
    }
    match d.top {
        Top::None => {}
        Top::Half => head.next().push_str("Half Top"),
        Top::Full => head.next().push_str("Boat Top"),
    }
    for (on, what) in
        [(d.hydrofoils, "Hydrofoils"), (d.weighted_keel, "Weighted keel"), (d.spoiler, "Spoiler")]
    {
        if on {
            head.next().push_str(what);
        }
    }
    if let Some(p) = &d.plant {
        let _ = write!(head.next(), "{} power plant", p.known().map_or(p.id(), |p| p.name));
    }
    // Propellers, grouped by size and guard in order; the size is only named when it is not the
    // plant's.
    let plant_id = d.plant.as_ref().map(Ref::id);
    let same = |p: &PropellerEntry, q: &PropellerEntry| {
        p.guard == q.guard && named_size(p, plant_id).map(Ref::id) == named_size(q, plant_id).map(Ref::id)
    };
    for group in d.propellers.chunk_by(same) {
        let (p, n) = (&group[0], group.len());
        let size = named_size(p, plant_id);
        let line = head.next();
        if n > 1 {
            let _ = write!(line, "{n} ");
        }
        match size {
            Some(s) => {
                let _ = write!(line, "{} propeller", s.known().map_or(s.id(), |p| p.name));
            }
            None => line.push_str("Propeller"),
        }
        if n > 1 {
            line.push('s');
        }
        if p.guard > 0 {
            let _ = write!(line, " with {}-point guard{}", p.guard, if n == 1 { "" } else { "s" });
        }
    }
    if d.jet_drive {
        head.next().push_str("Jet drive");
    }
    if d.oars == 1 {
        head.next().push_str("Oars");
    } else if d.oars > 1 {
        let _ = write!(head.next(), "{} pairs of oars", d.oars);
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
        if section.is_some() {
            for c in d.crew.iter().filter(|c| here(c.deck)) {
                crew_text(items.next(), c);
            }
        } else if d.weapons.is_empty() && d.turrets.is_empty() {
            items.next().push_str("No weapons");
        }
        for w in d.weapons.iter().filter(|w| here(w.deck)) {
            weapon_text(items.next(), w, true);
        }
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
            let _ = write!(pts.next(), "{}{}", l.code(), d.armor.points.get(*l));
        }
        for (k, p) in &d.armor.points.unknown {
            let _ = write!(pts.next(), "{k}{p}");
        }
        out.push('.');
    }

    let p = printed(e);
    let _ = write!(out, " Accel. {}, Top Speed {}", p.acceleration, p.top_speed);
    if let Some(t) = p.top_speed_on_hydrofoils {
        let _ = write!(out, " ({t} on hydrofoils)");
    }
    let _ = write!(out, ", HC {}, {} lbs; ${}.", p.handling_class, Grouped(p.weight), Grouped(p.cost));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carwars::design::Deck;
    use crate::games::carwars::statline::parse;
    use crate::games::carwars::tables::{HULLS, Mount};
    use crate::games::carwars::{evaluate, examples};

    #[test]
    fn the_examples_print_in_the_published_style() {
        let e = evaluate(&examples::piranha());
        assert_eq!(
            stat_line(&examples::piranha(), &e),
            "Piranha: Dinghy, Small power plant, Propeller, Pilot only. VMG front, 2 linked torpedoes back, \
             Fire extinguisher. Armor: F15, R15, L15, B12, U15. Accel. 5, Top Speed 40, HC 2, 2,997 lbs; $9,636."
        );
        let m = examples::minnow();
        assert_eq!(
            stat_line(&m, &evaluate(&m)),
            "Minnow: Dinghy, Medium power plant, 2 Propellers, Pilot, 2 Passengers. MML with AP rockets front, \
             MG with HD ammo back, Targeting computer, Marine radio. Fireproof Armor: F12, R10, L10, B10, U10. \
             Accel. 10, Top Speed 60, HC 2, 3,000 lbs; $13,552."
        );
        let d = examples::darter();
        assert_eq!(
            stat_line(&d, &evaluate(&d)),
            "Darter: Rowboat, Medium power plant, Propeller, Pilot only. No weapons. Armor: F2, R1, L1, B1, U3. \
             Accel. 20, Top Speed 100, HC 3, 799 lbs; $3,315."
        );
    }

    #[test]
    fn sections_start_with_a_capital_and_cargo_weights_are_grouped() {
        let mut d = examples::piranha();
        d.hull = Ref::Known(&HULLS[3]);
        d.deck = Some(Deck { below: None });
        d.weapons[1].deck = Some(Section::Below);
        d.cargo.push(CargoEntry { name: String::new(), spaces: 2, weight: 1240, deck: None, cargo: true });

        let line = stat_line(&d, &evaluate(&d));

        assert!(line.contains("Below Deck: 2 linked torpedoes back."), "{line}");
        assert!(line.contains("Cargo (2 spaces, 1,240 lbs)."), "{line}");
        let mut homing = d.clone();
        homing.weapons[1] = WeaponEntry {
            deck: Some(Section::Below),
            ..WeaponEntry::new(tables::weapon_by_id("homing-torpedo").expect("in the table"), Some(Mount::B))
        };
        let line = stat_line(&homing, &evaluate(&homing));
        assert!(line.contains("Below Deck: Homing torpedo back."), "{line}");
        assert_eq!(parse(&line).design.cargo[0].weight, 1240);
    }
}
