//! A ship as fitted: its profile with the options chosen applied, in the list it serves in. The
//! weapons follow the options (a Lunar's nova cannon replaces its torpedoes), and the ordnance
//! follows the weapons: its launch bays, its salvoes, the craft its bays carry.

use super::data::{self, Craft, Salvo, Ship, ShipOption, Weapon, WeaponKind, lists::FleetList};

/// One chosen option as written: "id" or "id*N" (taken N times). Blank is no choice.
pub fn parse_pick(text: &str) -> Option<(&str, u32)> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match text.rsplit_once('*') {
        Some((id, n)) => match n.trim().parse::<u32>() {
            Ok(n) => Some((id.trim(), n)),
            Err(_) => Some((text, 1)),
        },
        None => Some((text, 1)),
    }
}

/// A ship as fitted: the valid options chosen (each within its own and its group's number of
/// picks, none excluded by another), applied. Unknown or excess choices are left out here and
/// reported by the fleet check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitting {
    pub ship: &'static Ship,
    /// The options taken, with their picks, in the order first chosen.
    pub options: Vec<(&'static ShipOption, u32)>,
    /// Its weapons: the standard ones its options leave, then those its options fit.
    pub weapons: Vec<&'static Weapon>,
    /// Launch bays per ship (0 without bays).
    pub bays: u32,
    /// The craft its bays carry (none without bays).
    pub craft: Vec<&'static Craft>,
    /// Its salvoes, one per torpedo weapon (a Tyranid cruiser may have a prow and a thorax one).
    pub salvoes: Vec<Salvo>,
    /// The first salvo.
    pub torpedoes: Option<Salvo>,
    /// Turrets with the options' added (`None` where the profile says "special").
    pub turrets: Option<u32>,
    /// Points per ship, options included: its list's price for the class where it has one.
    pub points: u32,
}

impl Fitting {
    /// The profile with the chosen options applied, as `list` offers them (any list's, when it
    /// is `None`), priced at the list's price.
    pub fn new(ship: &'static Ship, chosen: &[String], list: Option<&FleetList>) -> Self {
        let mut options: Vec<(&'static ShipOption, u32)> = Vec::new();
        for (id, n) in chosen.iter().filter_map(|c| parse_pick(c)) {
            let found = match list {
                Some(l) => ship.option_in(id, l.id),
                None => ship.option(id),
            };
            let Some(o) = found else { continue };
            if options.iter().any(|(t, _)| o.excludes.contains(&t.id) || t.excludes.contains(&o.id)) {
                continue;
            }
            let group_room = o.group.and_then(|g| ship.group(g)).map_or(u32::MAX, |g| {
                let used: u32 = options.iter().filter(|(t, _)| t.group == o.group).map(|(_, k)| *k).sum();
                g.max.saturating_sub(used)
            });
            let have = options.iter().find(|(t, _)| t.id == o.id).map_or(0, |(_, k)| *k);
            let take = n.min(o.max.saturating_sub(have)).min(group_room);
            if take == 0 {
                continue;
            }
            match options.iter_mut().find(|(t, _)| t.id == o.id) {
                Some((_, k)) => *k += take,
                None => options.push((o, take)),
            }
        }
        let removed = |w: &Weapon| options.iter().any(|(o, _)| o.removes.contains(&w.name));
        let mut weapons: Vec<&'static Weapon> = ship.weapons.iter().filter(|w| !removed(w)).collect();
        for (o, n) in &options {
            for _ in 0..*n {
                weapons.extend(o.adds.iter());
            }
        }
        let bays = weapons
            .iter()
            .filter(|w| w.kind == WeaponKind::LaunchBay)
            .fold(0u32, |s, w| s.saturating_add(w.value.unwrap_or(0)));
        let mut craft: Vec<&'static Craft> = Vec::new();
        if bays > 0 {
            let ids = ship.craft.iter().chain(options.iter().flat_map(|(o, _)| o.craft.iter()));
            for c in ids.filter_map(|id| data::craft_by_id(id)) {
                if !craft.iter().any(|k| k.id == c.id) {
                    craft.push(c);
                }
            }
        }
        let salvoes: Vec<Salvo> = weapons.iter().filter_map(|w| w.salvo).collect();
        let turrets =
            ship.turrets.map(|t| options.iter().fold(t, |s, (o, n)| s.saturating_add(o.turrets * n)));
        let base = list.and_then(|l| l.price(ship.id)).unwrap_or(ship.points);
        let extra: i64 = options
            .iter()
            .map(|(o, n)| {
                let each = i64::from(o.price) * if o.per_bay { i64::from(bays) } else { 1 };
                each * i64::from(*n)
            })
            .sum();
        let points = u32::try_from((i64::from(base) + extra).max(0)).unwrap_or(u32::MAX);
        Fitting {
            ship,
            torpedoes: salvoes.first().copied(),
            options,
            weapons,
            bays,
            craft,
            salvoes,
            turrets,
            points,
        }
    }

    /// Squadrons it may launch at once: its bays, twice that if it never runs out of ordnance.
    pub fn launch_capacity(&self) -> u32 {
        if self.ship.never_runs_out { self.bays.saturating_mul(2) } else { self.bays }
    }

    /// Whether it took the option (id).
    pub fn has(&self, id: &str) -> bool {
        self.options.iter().any(|(o, _)| o.id == id)
    }

    /// Escorts its gravitic hooks carry: (all, those Orcas may use).
    pub fn hooks(&self) -> (u32, u32) {
        data::hooks_of(self.weapons.iter().copied())
    }
}

/// Half, rounding up: what crippling (and bracing) leaves of a strength (see `DECISIONS`).
pub fn half_up(n: u32) -> u32 {
    n.div_ceil(2)
}

/// A weapon's strength once its ship is crippled, as a sheet prints it: halved rounding up ("6"
/// becomes "3"), "D6 halved" for a rolled one, "special" kept; launch bays and torpedoes follow
/// the same decisions.
pub fn crippled_strength(w: &Weapon) -> String {
    match w.value {
        Some(n) => half_up(n).to_string(),
        None if w.strength.starts_with('D') => format!("{} halved", w.strength),
        None => w.strength.to_string(),
    }
}
