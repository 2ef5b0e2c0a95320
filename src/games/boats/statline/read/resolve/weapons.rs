//! Weapons, turrets and magazines: counts spread over facings, weapons placed in turrets by
//! size, kind and location, links, and magazines written with a weapon, after it, or feeding a
//! turret.

use super::{Done, Fail, Resolver, Slot};
use crate::games::boats::design::{Top, TurretEntry, WeaponEntry};
use crate::games::boats::statline::read::grammar::{Feeds, FigureKind, Item, Magazines, TurretSpec};
use crate::games::boats::statline::read::vocab::{self, Facing, Noun};
use crate::games::boats::tables::{self, Family, Load, Loc, Mount, Weapon};
use crate::games::boats::units::Spaces;
use crate::games::bounds;

/// Misprints of a weapon's name in published lines, for the note the reader gives.
const MISPRINTS: &[(&str, &str)] = &[("vgm", "VMG")];

fn is_rocket(w: &Weapon) -> bool {
    w.is_single_shot() && w.family == Family::Rocket
}

fn small(n: u32) -> Result<u16, Fail> {
    u16::try_from(n).ok().filter(|n| *n <= bounds::MAX_COUNT).ok_or(Fail::Bounds)
}

impl Resolver<'_, '_> {
    fn entry_mut(&mut self, s: Slot) -> Option<&mut WeaponEntry> {
        match s {
            Slot::Body(i) => self.d.weapons.get_mut(i),
            Slot::Turret(t, j) => self.d.turrets.get_mut(t).and_then(|t| t.weapons.get_mut(j)),
        }
    }

    fn entry(&self, s: Slot) -> Option<&WeaponEntry> {
        match s {
            Slot::Body(i) => self.d.weapons.get(i),
            Slot::Turret(t, j) => self.d.turrets.get(t).and_then(|t| t.weapons.get(j)),
        }
    }

    /// A weapon part: "2 linked VMGs with HD ammo front", "6 MGs (2 F, 1 R, 1 L, 2 B)",
    /// "RL in back universal turret", "3 HRs fed by three 3-space magazines".
    pub(super) fn weapon(&mut self, it: &Item, w: &'static Weapon, implied: Option<&'static str>) -> Done {
        let turret = it.turret.map(|spec| self.turret_for(spec));
        self.weapon_to(it, w, implied, turret)
    }

    /// A weapon part, into turret `turret` or (`None`) the body.
    fn weapon_to(
        &mut self,
        it: &Item,
        w: &'static Weapon,
        implied: Option<&'static str>,
        turret: Option<usize>,
    ) -> Done {
        let spelled = self.lx.source(it.noun_from, it.noun_to);
        if let Some((_, right)) = MISPRINTS.iter().find(|(m, _)| m.eq_ignore_ascii_case(spelled)) {
            self.notes.push(format!("Read \"{spelled}\" as {right} (a misprint in the original)"));
        }
        if it.for_n.is_some() || it.guard || it.below.is_some() || it.above.is_some() {
            return Err(format!("that is not said of a weapon ({})", w.name).into());
        }
        if it.in_magazines {
            return self.rockets_in_magazines(it, w);
        }
        let ammo = match (it.ammo, implied) {
            (Some(a), _) => {
                let words = vocab::ammunition();
                match words.for_weapon(w, a) {
                    Some(x) if x.id == "standard" => None,
                    Some(x) => Some(x.id.to_owned()),
                    // Kept as written: the design says the weapon has no such load.
                    None => Some(words.names.get(a).cloned().unwrap_or_default()),
                }
            }
            (None, implied) => implied.map(str::to_owned),
        };
        let written = match it.count {
            Some(n) => Some(small(n)?),
            None => None,
        };
        if turret.is_some() && !it.facings.is_empty() {
            return Err(
                "a turret's weapons turn with it: give the turret a place, not the weapon a facing".into()
            );
        }
        let groups = self.spread(it, written, w)?;
        let total: u32 = groups.iter().map(|g| u32::from(g.0)).sum();
        let mut base = WeaponEntry::new(w, None);
        base.ammo = ammo;
        base.link_group = it.link_group.map(|g| u8::try_from(g).map_err(|_| Fail::Bounds)).transpose()?;
        base.extra_magazines = small(it.extra_magazines.unwrap_or(0))?;
        base.magazine_switch = it.magazine_switch;
        base.deck = if turret.is_some() { None } else { self.section_of(it) };
        if let Some(m) = it.magazines {
            self.magazines_on(&mut base, w, m, total)?;
        }
        if it.linked {
            if groups.len() > 1 && base.link_group.is_none() {
                // Linked across facings: one link group for them all.
                base.link_group = Some(self.free_link_group()?);
            } else if base.link_group.is_none() {
                base.linked = true;
            }
        }
        if groups.len() == 1 && groups[0].1.is_none() && turret.is_none() {
            self.notes.push(format!("No facing given for {}: front assumed", w.short));
        }
        let (loaded, empty) = loaded_and_empty(w, base.ammo.as_deref());
        let mut slots = Vec::with_capacity(groups.len());
        for (count, mount) in groups {
            let e = WeaponEntry { count, mount: if turret.is_some() { None } else { mount }, ..base.clone() };
            match turret {
                Some(t) => {
                    let list = &mut self.d.turrets[t].weapons;
                    list.push(e);
                    slots.push(Slot::Turret(t, list.len() - 1));
                }
                None => {
                    self.d.weapons.push(e);
                    slots.push(Slot::Body(self.d.weapons.len() - 1));
                }
            }
        }
        self.last = slots;
        // A printed price or weight may be the loaded weapon's or the empty one's.
        let n = u16::try_from(total).unwrap_or(u16::MAX);
        let table = [
            (FigureKind::Cost, loaded.0),
            (FigureKind::Cost, empty.0),
            (FigureKind::Weight, loaded.1),
            (FigureKind::Weight, empty.1),
            (FigureKind::Spaces, w.spaces.0),
            (FigureKind::Dp, w.dp),
        ];
        self.figures(it, w.name, &table, n);
        Ok(())
    }

    /// The number of each facing: "2 X (one each R, L)", "6 X (2 F, 1 R, 1 L, 2 B)",
    /// "MG front and back".
    fn spread(
        &mut self,
        it: &Item,
        written: Option<u16>,
        w: &Weapon,
    ) -> Result<Vec<(u16, Option<Mount>)>, Fail> {
        let mut listed: Vec<(Option<u32>, Mount)> = Vec::with_capacity(it.facings.len() + 1);
        for &(n, f) in &it.facings {
            match f {
                Facing::One(m) => listed.push((n, m)),
                Facing::Sides => {
                    listed.push((n, Mount::L));
                    listed.push((n, Mount::R));
                }
            }
        }
        let what = self.lx.source(it.from, it.to);
        if listed.is_empty() {
            return Ok(vec![(written.unwrap_or(1), None)]);
        }
        let explicit = listed.iter().any(|(n, _)| n.is_some());
        let k = listed.len() as u32;
        let each = if explicit {
            it.per_facing.unwrap_or(1)
        } else if let Some(e) = it.per_facing {
            e
        } else {
            match written {
                None => {
                    if k > 1 {
                        self.notes.push(format!("Read \"{what}\" as one {} facing each way", w.short));
                    }
                    1
                }
                Some(c) if u32::from(c) % k == 0 => {
                    if k > 1 && u32::from(c) / k > 1 {
                        self.notes.push(format!("Read \"{what}\" as {} facing each way", u32::from(c) / k));
                    }
                    u32::from(c) / k
                }
                Some(c) => {
                    return Err(format!(
                        "{c} {} do not share evenly over {k} facings; give each facing its count",
                        w.plural
                    )
                    .into());
                }
            }
        };
        let groups: Vec<(u16, Option<Mount>)> = listed
            .iter()
            .map(|&(n, m)| Ok((small(n.unwrap_or(each))?, Some(m))))
            .collect::<Result<_, Fail>>()?;
        let sum: u32 = groups.iter().map(|g| u32::from(g.0)).sum();
        if let Some(c) = written
            && u32::from(c) != sum
        {
            return Err(format!("{c} {} but the facings add up to {sum}", w.plural).into());
        }
        Ok(groups)
    }

    fn free_link_group(&self) -> Result<u8, Fail> {
        let used = self
            .d
            .weapons
            .iter()
            .chain(self.d.turrets.iter().flat_map(|t| &t.weapons))
            .filter_map(|e| e.link_group);
        let next = used.max().map_or(Some(1), |g| g.checked_add(1));
        next.ok_or(Fail::Bounds)
    }

    /// Magazines written with a weapon, onto `e` (one of `total` weapons of the part).
    fn magazines_on(&mut self, e: &mut WeaponEntry, w: &'static Weapon, m: Magazines, total: u32) -> Done {
        if !is_rocket(w) {
            if m.rocket {
                return Err(format!("a rocket magazine holds single-shot rockets, not a {}", w.name).into());
            }
            // "with magazine": extra magazines, for each weapon (shared out when "fed by").
            let n = m.count.unwrap_or(1);
            if m.shared && !n.is_multiple_of(total.max(1)) {
                return Err(format!("{n} magazines do not share evenly over {total} {}", w.plural).into());
            }
            let per = if m.shared { n / total.max(1) } else { n };
            e.extra_magazines = small(u32::from(e.extra_magazines) + per)?;
            return Ok(());
        }
        let per = self.rockets_per_weapon(w, m, total)?;
        e.rocket_magazine = small(per)?;
        Ok(())
    }

    /// Rockets in each weapon's magazine: "(rocket magazine of 3)", "(3-space rocket magazine)",
    /// "fed by three 3-space magazines" (shared out among the part's weapons).
    fn rockets_per_weapon(&mut self, w: &'static Weapon, m: Magazines, weapons: u32) -> Result<u32, Fail> {
        let magazines = m.count.unwrap_or(1);
        let per_magazine = match (m.rockets, m.spaces) {
            (Some(r), _) => r,
            (None, Some(s)) => {
                let r = (i64::from(s) * 6 / w.spaces.0.max(1)) as u32;
                if r == 0 {
                    return Err(format!("a {s}-space magazine holds no {}", w.plural).into());
                }
                r
            }
            (None, None) => {
                return Err(format!(
                    "how many {} does the magazine hold? Give its spaces or rockets",
                    w.plural
                )
                .into());
            }
        };
        let all = magazines.checked_mul(per_magazine).ok_or(Fail::Bounds)?;
        let weapons = weapons.max(1);
        let per = if m.shared { all.div_ceil(weapons) } else { all };
        if m.shared && !all.is_multiple_of(weapons) {
            self.notes.push(format!(
                "{all} rockets in magazines do not share evenly over {weapons} {}: read as {per} for each",
                w.plural
            ));
        }
        if let Some(s) = m.spaces {
            let want = if m.shared {
                i64::from(magazines) * i64::from(s)
            } else {
                i64::from(magazines) * i64::from(s) * i64::from(weapons)
            };
            let made = (w.spaces * i64::from(per)).ceil_whole() * i64::from(weapons);
            if want != made {
                self.notes.push(format!(
                    "Each {} gets its own magazine of {per}: {made} spaces of magazines in all, where the line gives {want}",
                    w.short
                ));
            }
        }
        Ok(per)
    }

    /// "6 heavy rockets in magazines", after the weapons they feed.
    fn rockets_in_magazines(&mut self, it: &Item, w: &'static Weapon) -> Done {
        if !is_rocket(w) {
            return Err(format!("only single-shot rockets ride in rocket magazines, not a {}", w.name).into());
        }
        let targets: Vec<Slot> = self.targets(None, Some(w));
        if targets.is_empty() {
            return Err(format!("{} in magazines, but no {} to feed has been read", w.plural, w.short).into());
        }
        let rockets = it.count.unwrap_or(1);
        self.share_rockets(&targets, rockets, w)
    }

    /// Gives `rockets` extra rockets to the weapons in `targets`, evenly.
    fn share_rockets(&mut self, targets: &[Slot], rockets: u32, w: &Weapon) -> Done {
        let weapons: u32 = targets.iter().filter_map(|s| self.entry(*s)).map(|e| u32::from(e.count)).sum();
        if weapons == 0 || !rockets.is_multiple_of(weapons) {
            return Err(format!("{rockets} rockets do not share evenly over {weapons} {}", w.plural).into());
        }
        let per = rockets / weapons;
        for s in targets {
            if let Some(e) = self.entry_mut(*s) {
                e.rocket_magazine = small(u32::from(e.rocket_magazine) + per)?;
            }
        }
        Ok(())
    }

    /// The weapon entries an option written on its own goes to: the turret or weapon it names,
    /// or the last weapons read.
    fn targets(&self, feeds: Option<Feeds>, kind: Option<&Weapon>) -> Vec<Slot> {
        let of_kind = |s: &Slot| kind.is_none_or(|k| self.entry(*s).is_some_and(|e| e.weapon.id() == k.id));
        match feeds {
            Some(Feeds::Turret(spec)) => match self.find_turret(spec) {
                Some(t) => (0..self.d.turrets[t].weapons.len()).map(|j| Slot::Turret(t, j)).collect(),
                None => Vec::new(),
            },
            Some(Feeds::Weapon(w)) => self.targets(None, Some(w)),
            None => {
                let last: Vec<Slot> = self.last.iter().copied().filter(of_kind).collect();
                if !last.is_empty() || kind.is_none() {
                    return last;
                }
                // The latest entries of that weapon anywhere.
                let body = (0..self.d.weapons.len()).map(Slot::Body);
                let turrets = self
                    .d
                    .turrets
                    .iter()
                    .enumerate()
                    .flat_map(|(t, x)| (0..x.weapons.len()).map(move |j| Slot::Turret(t, j)));
                body.chain(turrets).filter(of_kind).collect()
            }
        }
    }

    /// A magazine written on its own: "Extra magazine for MG", "3 rocket magazines (3 spaces
    /// each) feeding the turret", "Magazine switch".
    pub(super) fn magazine_part(&mut self, it: &Item, noun: Noun) -> Done {
        if !it.facings.is_empty() || it.turret.is_some() || it.ammo.is_some() {
            return Err("a magazine goes with the weapon it feeds; name the weapon".into());
        }
        let feeds = it.feeds.or(it.turret.map(Feeds::Turret));
        let targets = self.targets(feeds, None);
        if targets.is_empty() {
            return Err("a magazine, but no weapon for it has been read".into());
        }
        let entries: Vec<(Slot, &'static Weapon, u16)> = targets
            .iter()
            .filter_map(|s| {
                let e = self.entry(*s)?;
                Some((*s, e.weapon.known()?, e.count))
            })
            .collect();
        let count = it.count.unwrap_or(1);
        match noun {
            Noun::MagazineSwitch => {
                for (s, _, _) in &entries {
                    if let Some(e) = self.entry_mut(*s) {
                        e.magazine_switch = true;
                    }
                }
            }
            Noun::ExtraMagazine => self.share_extra(&entries, count)?,
            _ => {
                let rockets: Vec<(Slot, &'static Weapon, u16)> =
                    entries.iter().copied().filter(|e| is_rocket(e.1)).collect();
                if rockets.is_empty() {
                    if noun == Noun::RocketMagazine {
                        return Err(
                            "a rocket magazine, but the weapons it would feed are not single-shot rockets"
                                .into(),
                        );
                    }
                    return self.share_extra(&entries, count);
                }
                let w = rockets[0].1;
                let n: u32 = rockets.iter().map(|e| u32::from(e.2)).sum();
                let m = Magazines { shared: true, count: Some(count), ..it.magazines.unwrap_or_default() };
                let per = self.rockets_per_weapon(w, m, n)?;
                for (s, _, _) in rockets {
                    if let Some(e) = self.entry_mut(s) {
                        e.rocket_magazine = small(u32::from(e.rocket_magazine) + per)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `count` extra magazines shared evenly over the weapons with a magazine among `entries`.
    fn share_extra(&mut self, entries: &[(Slot, &'static Weapon, u16)], count: u32) -> Done {
        let takers: Vec<&(Slot, &'static Weapon, u16)> =
            entries.iter().filter(|e| matches!(e.1.load, Load::Magazine { .. })).collect();
        let weapons: u32 = takers.iter().map(|e| u32::from(e.2)).sum();
        if weapons == 0 {
            return Err("an extra magazine, but no weapon with a magazine to take it".into());
        }
        if !count.is_multiple_of(weapons) {
            return Err(format!("{count} extra magazines do not share evenly over {weapons} weapons").into());
        }
        for (s, _, _) in takers {
            if let Some(e) = self.entry_mut(*s) {
                e.extra_magazines = small(u32::from(e.extra_magazines) + count / weapons)?;
            }
        }
        Ok(())
    }

    /// A turret part: "Universal 3-space turret (FT) with AC and VMG", "Turret (2 spaces)
    /// (empty)", "front turret with 2 linked MGs".
    pub(super) fn turret(&mut self, it: &Item) -> Done {
        if it.count.is_some_and(|n| n != 1) {
            return Err("one turret to a part; write each turret with its own weapons".into());
        }
        if it.ammo.is_some() || it.linked || it.for_n.is_some() {
            return Err("that is not said of a turret".into());
        }
        let mut spec = it.turret.unwrap_or_default();
        // "Turret front": its location.
        match it.facings.as_slice() {
            [] => {}
            [(None, Facing::One(Mount::F))] => (spec.location, spec.by_end) = (Some(Loc::FT), true),
            [(None, Facing::One(Mount::B))] => (spec.location, spec.by_end) = (Some(Loc::BT), true),
            _ => return Err("a turret sits front or back on the top; it has no other facing".into()),
        }
        if it.subs.is_empty() && !it.empty && spec.size.is_none() {
            return Err("a turret with no size and nothing in it".into());
        }
        let t = self.new_turret(spec);
        for sub in &it.subs {
            let Some(Noun::Weapon(w, implied)) = sub.noun else {
                let what =
                    sub.noun.map_or_else(|| self.lx.source(sub.from, sub.to).to_owned(), |n| n.display());
                return Err(format!("a turret holds weapons; {what} is not one").into());
            };
            if sub.turret.is_some() {
                return Err("a weapon in two turrets".into());
            }
            self.weapon_to(sub, w, implied, Some(t))?;
        }
        let turret = self.d.turrets.get(t).map(|x| (x.weapons.len(), x.size));
        self.last = (0..turret.map_or(0, |x| x.0)).map(|j| Slot::Turret(t, j)).collect();
        if let Some(spec) = tables::turret_spec(turret.map_or(0, |x| x.1), self.d.turrets[t].popup) {
            let cost = spec.cost.0 + if self.d.turrets[t].universal { tables::UNIVERSAL_TURRET.0 } else { 0 };
            self.figures(
                it,
                "the turret",
                &[
                    (FigureKind::Cost, cost),
                    (FigureKind::Weight, spec.weight.0),
                    (FigureKind::Spaces, spec.spaces * 6),
                ],
                1,
            );
        }
        Ok(())
    }

    fn new_turret(&mut self, spec: TurretSpec) -> usize {
        self.d.turrets.push(TurretEntry {
            size: spec.size.and_then(|s| u8::try_from(s).ok()).unwrap_or(u8::MAX),
            popup: spec.popup,
            universal: spec.universal,
            location: spec.location,
            weapons: Vec::new(),
        });
        self.turret_unsized.push(spec.size.is_none());
        self.turret_by_end.push(spec.by_end);
        self.d.turrets.len() - 1
    }

    /// A turret read so far that fits what the line says of it; the latest first.
    fn find_turret(&self, spec: TurretSpec) -> Option<usize> {
        (0..self.d.turrets.len()).rev().find(|&i| {
            let t = &self.d.turrets[i];
            spec.size.is_none_or(|s| u32::from(t.size) == s && !self.turret_unsized[i])
                && (!spec.universal || t.universal)
                && (!spec.popup || t.popup)
                && spec.location.is_none_or(|l| t.location == Some(l))
        })
    }

    /// The turret a weapon placed "in turret" goes in: one read so far that fits, or a new one.
    fn turret_for(&mut self, spec: TurretSpec) -> usize {
        match self.find_turret(spec) {
            Some(t) => t,
            None => self.new_turret(spec),
        }
    }

    /// Sizes turrets the line gave no size (the smallest that holds their weapons), and places
    /// turrets said to be "front" or "back" in the top locations this boat has.
    pub(super) fn settle_turrets(&mut self) {
        let split = self.hull().is_some_and(|h| h.split_top) && self.d.top == Top::Full;
        for i in 0..self.d.turrets.len() {
            let t = &mut self.d.turrets[i];
            if self.turret_unsized.get(i).copied().unwrap_or(false) {
                let room: Spaces = t
                    .weapons
                    .iter()
                    .filter_map(|e| {
                        let w = e.weapon.known()?;
                        let mags = if matches!(w.load, Load::Magazine { .. }) {
                            i64::from(e.extra_magazines)
                        } else {
                            0
                        };
                        Some((w.spaces + Spaces::whole(mags)) * i64::from(e.count))
                    })
                    .sum();
                let size = room.ceil_whole().clamp(0, 4);
                t.size = size as u8;
                let what: Vec<&str> = t
                    .weapons
                    .iter()
                    .map(|e| {
                        e.weapon
                            .known()
                            .map_or(e.weapon.id(), |w| if e.count == 1 { w.short } else { w.plural })
                    })
                    .collect();
                self.notes.push(format!(
                    "No size given for the turret with {}: read as a {size}-space turret, the smallest that holds them",
                    what.join(" and ")
                ));
            }
            if self.turret_by_end.get(i).copied().unwrap_or(false) && !split {
                let t = &mut self.d.turrets[i];
                if t.location.is_some() {
                    t.location = None;
                    self.notes.push(
                        "A turret said to be front or back was read as the turret in the top: only a Yacht with a full Boat Top has front and back top locations"
                            .into(),
                    );
                }
            }
        }
    }
}

/// What one weapon costs and weighs loaded with its ammunition, and empty.
fn loaded_and_empty(w: &Weapon, ammo: Option<&str>) -> ((i64, i64), (i64, i64)) {
    let a = ammo.and_then(|id| w.ammo(id)).or(w.standard_ammo());
    let loaded = match (w.load, a) {
        (Load::Magazine { shots, .. }, Some(a)) => {
            (w.cost.0 + a.cost.0 * shots, w.weight.0 + a.weight.0 * shots)
        }
        (Load::Single { .. }, Some(a)) => (a.cost.0, a.weight.0),
        _ => (w.cost.0, w.weight.0),
    };
    (loaded, (w.cost.0, w.weight.0))
}
