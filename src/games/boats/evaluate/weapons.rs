//! Weapons: pricing each entry with its ammunition, links, extra magazines, magazine switch and
//! rocket magazine; where it may face; and link groups across the boat.

use super::{Judge, Line, LineKind, Part, unknown};
use crate::games::boats::design::{Section, WeaponEntry};
use crate::games::boats::tables::{self, Family, GunRule, Hull, Load, Mount, Weapon};
use crate::games::boats::units::{Spaces, Weight};
use crate::games::{Problem, boats::Code, or_list};

/// The facings a hull has for weapons outside turrets: front and back, and its sides (split
/// front and back on a hull armored that way).
pub fn mounts(hull: &Hull) -> impl Iterator<Item = Mount> + '_ {
    Mount::ALL.into_iter().filter(|m| matches!(m, Mount::F | Mount::B) || m.is_split() == hull.split_sides())
}

/// Where a weapon may point on this hull.
fn mount_ok(hull: &Hull, w: &Weapon, m: Mount) -> Result<(), String> {
    if !mounts(hull).any(|x| x == m) {
        let valid: Vec<&str> = mounts(hull).map(Mount::code).collect();
        return Err(format!("A {} has no {} mount; use {}", hull.name, m.word(), or_list(&valid)));
    }
    if w.family == Family::Dropped && matches!(m, Mount::F | Mount::FL | Mount::FR) {
        return Err(format!(
            "{} drops its load off the back or a side, so it cannot face {}",
            w.name,
            m.word()
        ));
    }
    Ok(())
}

impl Judge<'_> {
    /// Prices one weapon entry and checks what does not depend on where it sits. Returns the
    /// turret room it needs: the weapons and their extra magazines (a rocket magazine feeding a
    /// turret's rockets sits in the body instead).
    pub(super) fn weapon(
        &mut self,
        part: Part,
        e: &WeaponEntry,
        section: Option<Section>,
        in_turret: bool,
    ) -> Spaces {
        let Some(w) = e.weapon.known() else {
            self.problems.push(unknown::<Weapon>(Code::UnknownWeapon, part, e.weapon.id()));
            return Spaces::ZERO;
        };
        let n = i64::from(e.count);
        if n == 0 {
            self.problems.push(Problem::warning(
                Code::CountZero,
                part.path(),
                format!("{} has a count of 0, so it adds nothing", w.name),
            ));
        }
        let ammo = match &e.ammo {
            None => w.standard_ammo(),
            Some(id) => match w.ammo(id) {
                Some(a) => Some(a),
                None => {
                    let kinds = w.ammo_kinds();
                    let msg = if kinds.is_empty() {
                        format!("{} takes no ammunition; remove \"{id}\"", w.name)
                    } else {
                        let ids: Vec<&str> = kinds.iter().map(|a| a.id).collect();
                        format!("{} has no ammunition \"{id}\"; choose one of {}", w.name, ids.join(", "))
                    };
                    self.problems.push(Problem::error(Code::UnknownAmmo, part.path(), msg));
                    w.standard_ammo()
                }
            },
        };
        let (each_cost, each_weight) = match (w.load, ammo) {
            (Load::Magazine { shots, .. }, Some(a)) => (w.cost + a.cost * shots, w.weight + a.weight * shots),
            (Load::Single { .. }, Some(a)) => (a.cost, a.weight),
            _ => (w.cost, w.weight),
        };
        let body = if in_turret { Spaces::ZERO } else { w.spaces * n };
        let mut room = w.spaces * n;
        self.line(
            Line::new(
                part,
                LineKind::Weapon { weapon: w, ammo, in_turret },
                n,
                each_cost * n,
                each_weight * n,
                body,
            )
            .placed(section, false),
        );

        if ammo.is_some_and(|a| a.inert_on_water) {
            self.problems.push(Problem::warning(
                Code::NoEffectOnWater,
                part.path(),
                format!("{} does nothing against boats with this load. {}", w.name, w.note),
            ));
        }
        // A weapon in a link group is linked with its group (see `link_groups`).
        if e.linked && e.link_group.is_none() {
            if n < 2 {
                self.problems.push(Problem::warning(
                    Code::LinkNothing,
                    part.path(),
                    format!("Only one {}: there is nothing to link it to, so no link is bought", w.name),
                ));
            } else {
                self.line(Line::new(
                    part,
                    LineKind::Links { links: n - 1 },
                    n - 1,
                    tables::LINK * (n - 1),
                    Weight::ZERO,
                    Spaces::ZERO,
                ));
            }
        }
        if e.extra_magazines > 0 {
            match (w.load, ammo) {
                (Load::Magazine { shots, .. }, Some(a)) => {
                    let m = i64::from(e.extra_magazines) * n;
                    let sp = Spaces::whole(tables::EXTRA_MAGAZINE_SPACES * m);
                    room += sp;
                    let body = if in_turret { Spaces::ZERO } else { sp };
                    self.line(
                        Line::new(
                            part,
                            LineKind::Magazines { weapon: w, ammo: a, shots },
                            m,
                            (tables::EXTRA_MAGAZINE_COST + a.cost * shots) * m,
                            (tables::EXTRA_MAGAZINE_WEIGHT + a.weight * shots) * m,
                            body,
                        )
                        .placed(section, false),
                    );
                }
                _ => self.problems.push(Problem::error(
                    Code::NoMagazine,
                    part.path(),
                    format!("{} has no magazine, so it cannot take extra magazines", w.name),
                )),
            }
        }
        if e.magazine_switch {
            if matches!(w.load, Load::Magazine { .. }) {
                self.line(Line::new(
                    part,
                    LineKind::MagazineSwitch,
                    n,
                    tables::MAGAZINE_SWITCH * n,
                    Weight::ZERO,
                    Spaces::ZERO,
                ));
                if e.extra_magazines == 0 {
                    self.problems.push(Problem::warning(
                        Code::SwitchWithoutMagazine,
                        part.path(),
                        format!("The {}'s magazine switch has no second magazine to switch to", w.name),
                    ));
                }
            } else {
                self.problems.push(Problem::error(
                    Code::NoMagazine,
                    part.path(),
                    format!("{} has no magazine, so it cannot take a magazine switch", w.name),
                ));
            }
        }
        if e.rocket_magazine > 0 {
            match (w.load, w.family, ammo) {
                (Load::Single { .. }, Family::Rocket, Some(a)) => {
                    let rockets = i64::from(e.rocket_magazine);
                    let capacity = (w.spaces * rockets).ceil_whole();
                    // A rocket magazine sits in the body and takes body spaces, a turret's too: the
                    // turret holds only its weapons (tables::DECISIONS, "Rocket magazines"). It
                    // sits where its weapon does: beside a body weapon, under a turret (above deck).
                    self.line(
                        Line::new(
                            part,
                            LineKind::RocketMagazine { weapon: w, ammo: a, rockets, capacity, in_turret },
                            n,
                            (tables::ROCKET_MAGAZINE_COST_PER_SPACE * capacity + a.cost * rockets) * n,
                            (tables::ROCKET_MAGAZINE_WEIGHT_PER_SPACE * capacity + a.weight * rockets) * n,
                            Spaces::whole(capacity * n),
                        )
                        .placed(section, false),
                    );
                }
                _ => self.problems.push(Problem::error(
                    Code::NoRocketMagazine,
                    part.path(),
                    format!("A rocket magazine only holds single-shot rockets, not a {}", w.name),
                )),
            }
        }

        let most = self.hull.max_weapon_spaces();
        if w.spaces > Spaces::whole(most) && self.hull.spaces > 0 {
            self.problems.push(Problem::error(
                Code::WeaponTooBig,
                part.path(),
                format!("{} needs {} spaces; a {}'s single weapon may use at most {most} (a third of its {} spaces)", w.name, w.spaces, self.hull.name, self.hull.spaces),
            ));
        }
        if let Some(gun) = w.restricted {
            match self.hull.gun_rule(gun) {
                GunRule::Forbidden => {
                    // The smallest hull that takes the gun, from the table rather than a name.
                    let smallest = tables::HULLS.iter().find(|h| h.gun_rule(gun) != GunRule::Forbidden);
                    let need = smallest.map_or(String::new(), |h| {
                        format!("; {}s need a {} or larger", w.name.to_lowercase(), h.name)
                    });
                    self.problems.push(Problem::error(
                        Code::GunNotOnHull,
                        part.path(),
                        format!("{} cannot be mounted on a {}{need}", w.name, self.hull.name),
                    ));
                }
                GunRule::FrontOrBackOnly => {
                    let facing = if in_turret {
                        Some("so it cannot go in a turret".to_owned())
                    } else {
                        e.mount
                            .filter(|m| !matches!(m, Mount::F | Mount::B))
                            .map(|m| format!("not {}", m.word()))
                    };
                    if let Some(facing) = facing {
                        self.problems.push(Problem::error(
                            Code::GunFrontOrBack,
                            part.path(),
                            format!("{} on a {} must face front or back, {facing}", w.name, self.hull.name),
                        ));
                    }
                }
                GunRule::Anywhere => {}
            }
        }
        if in_turret && w.family == Family::Dropped {
            self.problems.push(Problem::error(
                Code::NotInTurret,
                part.path(),
                format!("{} drops its load over the side, so it cannot go in a turret", w.name),
            ));
        }
        if !in_turret {
            let m = e.mount.unwrap_or_default();
            if let Err(msg) = mount_ok(self.hull, w, m) {
                self.problems.push(Problem::error(Code::MountNotAllowed, part.path(), msg));
            }
            if w.family == Family::Boat
                && w.is_single_shot()
                && m == Mount::F
                && self.forward_torpedo.is_none()
            {
                self.forward_torpedo = Some(part);
            }
        }
        room
    }

    pub(super) fn weapons(&mut self) {
        for (i, e) in self.d.weapons.iter().enumerate() {
            let sec = self.section(e.deck, Section::Above);
            self.weapon(Part::Weapon(i), e, sec, false);
        }
    }

    /// Weapons naming the same link group fire together, wherever they are: a group of n
    /// weapons buys n - 1 links, priced on its first weapon's line.
    pub(super) fn link_groups(&mut self) {
        let d = self.d;
        let body = d.weapons.iter().enumerate().map(|(i, e)| (Part::Weapon(i), e));
        let turrets =
            d.turrets.iter().enumerate().flat_map(|(i, t)| {
                t.weapons.iter().enumerate().map(move |(j, e)| (Part::TurretWeapon(i, j), e))
            });
        // Which way a member points: its facing, or its turret (each turns on its own).
        let facing = |part: Part, e: &WeaponEntry| match part {
            Part::TurretWeapon(i, _) if d.turrets.len() > 1 => format!("in turret {}", i + 1),
            Part::TurretWeapon(..) => "in the turret".to_owned(),
            _ => e.mount.unwrap_or_default().word().to_owned(),
        };
        /// A link group as gathered: its number, its first member (where the links are priced and
        /// problems shown), how many weapons it joins and the ways they point.
        struct Group {
            group: u8,
            part: Part,
            weapons: i64,
            facings: Vec<String>,
        }
        let mut groups: Vec<Group> = Vec::new();
        for (part, e) in body.chain(turrets) {
            let Some(g) = e.link_group else { continue };
            let n = i64::from(e.count);
            let way = facing(part, e);
            match groups.iter_mut().find(|x| x.group == g) {
                Some(x) => {
                    x.weapons += n;
                    if !x.facings.contains(&way) {
                        x.facings.push(way);
                    }
                }
                None => groups.push(Group { group: g, part, weapons: n, facings: vec![way] }),
            }
        }
        for Group { group, part, weapons, facings } in groups {
            if weapons < 2 {
                self.problems.push(Problem::warning(
                    Code::LinkGroupAlone,
                    part.path(),
                    format!(
                        "Link group {group} has only this weapon: give another weapon the same group, or clear it (no link is bought)"
                    ),
                ));
                continue;
            }
            if facings.len() > 1 {
                self.problems.push(Problem::warning(
                    Code::LinkFacings,
                    part.path(),
                    format!(
                        "Link group {group} joins weapons facing {}: linked weapons fire together at one target, and these cannot all bear on the same one",
                        facings.join(" and ")
                    ),
                ));
            }
            self.line(Line::new(
                part,
                LineKind::LinkGroup { group, weapons },
                weapons - 1,
                tables::LINK * (weapons - 1),
                Weight::ZERO,
                Spaces::ZERO,
            ));
        }
    }
}
