//! The resolver: the typed tree read against the catalog into a design. It decides what each
//! part is and how many, checks printed figures against the tables (a mismatch is a note, never a
//! reason to drop a part), and says why it cannot take a part: what it says it cannot be, or
//! cannot be here.

mod weapons;

use super::clauses::{ArmorClause, Heading};
use super::grammar::{Figure, FigureKind, Item};
use super::lex::Lexed;
use super::line::Phrase;
use super::vocab::{Noun, Place};
use crate::games::boats::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Deck, Design, PropellerEntry, Ref, Section, WeaponEntry,
};
use crate::games::boats::evaluate::armor_locations;
use crate::games::boats::statline::Claimed;
use crate::games::boats::tables::{self, HULLS, Hull, Loc};
use crate::games::boats::units::{Money, Spaces, Weight};
use crate::games::bounds::{self, Document};
use crate::games::or_list;

/// Why a part was not taken.
pub enum Fail {
    /// It says something the reader cannot make a part of: why, in words.
    Why(String),
    /// More of something than a design holds.
    Bounds,
}

impl From<String> for Fail {
    fn from(s: String) -> Self {
        Fail::Why(s)
    }
}

impl From<&str> for Fail {
    fn from(s: &str) -> Self {
        Fail::Why(s.to_owned())
    }
}

type Done = Result<(), Fail>;

/// Where a weapon entry is: in the body, or in a turret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Body(usize),
    Turret(usize, usize),
}

/// A fragment not read, with why.
pub struct Rejected {
    pub from: usize,
    pub to: usize,
    pub why: String,
}

pub struct Resolver<'l, 'a> {
    pub lx: &'l Lexed<'a>,
    pub d: Design,
    pub notes: Vec<String>,
    pub rejected: Vec<Rejected>,
    pub claimed: Claimed,
    pub hull_seen: bool,
    section: Option<Section>,
    pub beyond_bounds: usize,
    /// The weapon entries the last weapon part made, for options written after them.
    last: Vec<Slot>,
    /// Per turret: its size was not given; its location was said as "front" or "back".
    turret_unsized: Vec<bool>,
    turret_by_end: Vec<bool>,
}

impl<'l, 'a> Resolver<'l, 'a> {
    pub fn new(lx: &'l Lexed<'a>, name: String) -> Self {
        let mut d = Design::empty(&HULLS[0]);
        d.name = name;
        d.crew.clear();
        Resolver {
            lx,
            d,
            notes: Vec::new(),
            rejected: Vec::new(),
            claimed: Claimed::default(),
            hull_seen: false,
            section: None,
            beyond_bounds: 0,
            last: Vec::new(),
            turret_unsized: Vec::new(),
            turret_by_end: Vec::new(),
        }
    }

    fn hull(&self) -> Option<&'static Hull> {
        self.d.hull.known().filter(|_| self.hull_seen)
    }

    pub fn phrase(&mut self, ph: Phrase) {
        match ph {
            Phrase::Heading(h, from, to) => match h {
                Heading::Below => self.section = Some(Section::Below),
                Heading::Above => self.section = Some(Section::Above),
                Heading::Armor(Ok(kind)) => {
                    if let Some(k) = kind {
                        self.d.armor.kind = Ref::Known(k);
                    }
                }
                Heading::Armor(Err(())) => {
                    let names: Vec<&str> = tables::ARMOR_TYPES.iter().map(|a| a.name).collect();
                    self.reject(
                        from,
                        to + 1,
                        format!("not an armor type; the types are {}", or_list(&names)),
                    );
                }
                Heading::Other => {}
            },
            Phrase::Claims(cs) => {
                for c in cs {
                    c.apply(&mut self.claimed);
                }
            }
            Phrase::Armor(a, from, to) => {
                if let Err(f) = self.armor(&a) {
                    self.fail(from, to, f);
                }
            }
            Phrase::Unread { from, to, why } => self.reject(from, to, why),
            Phrase::Item(it) => self.take(&it),
        }
    }

    /// Reads one part (and the parts written after its "with"), or takes it back whole and
    /// says why.
    fn take(&mut self, it: &Item) {
        let mark = Mark::of(&self.d);
        let last = self.last.clone();
        let turrets = self.turret_unsized.len();
        let result = self.item(it).and_then(|()| if mark.fits(&self.d) { Ok(()) } else { Err(Fail::Bounds) });
        if let Err(f) = result {
            mark.take_back(&mut self.d);
            self.turret_unsized.truncate(turrets);
            self.turret_by_end.truncate(turrets);
            self.last = last;
            // A part of its own written after "with" is listed on its own.
            let to = it.subs.first().filter(|_| it.noun != Some(Noun::Turret)).map_or(it.to, |s| s.from);
            self.fail(it.from, to, f);
        }
        if it.noun != Some(Noun::Turret) {
            for sub in &it.subs {
                self.take(sub);
            }
        }
    }

    fn reject(&mut self, from: usize, to: usize, why: String) {
        self.rejected.push(Rejected { from, to, why });
    }

    fn fail(&mut self, from: usize, to: usize, f: Fail) {
        match f {
            Fail::Why(why) => self.reject(from, to, why),
            Fail::Bounds => {
                self.beyond_bounds += 1;
                self.reject(from, to, "more than a design holds".into());
            }
        }
    }

    /// The section a part is placed in: where it says, or under the heading it is in.
    fn section_of(&self, it: &Item) -> Option<Section> {
        it.section.or(self.section)
    }

    /// The count written, or one; a plural without a count is read as one and said so.
    fn count(&mut self, it: &Item) -> Result<u16, Fail> {
        let n = match it.count {
            Some(n) => n,
            None => {
                if it.plural && it.for_n.is_none() {
                    let what = self.lx.source(it.noun_from, it.noun_to);
                    self.notes.push(format!("No count given for \"{what}\": read as one"));
                }
                1
            }
        };
        u16::try_from(n).map_err(|_| Fail::Bounds)
    }

    /// Facings, placement and ammunition only weapons have.
    fn plain(&self, it: &Item, what: &str) -> Done {
        if !it.facings.is_empty() {
            return Err(format!("{what} does not face a way; only weapons do").into());
        }
        if it.turret.is_some() {
            return Err(format!("only weapons go in a turret, not {what}").into());
        }
        if it.ammo.is_some() || it.linked || it.link_group.is_some() {
            return Err(format!("{what} takes no ammunition and no links").into());
        }
        if it.extra_magazines.is_some() || it.magazines.is_some() || it.magazine_switch {
            return Err(format!("{what} has no magazine").into());
        }
        Ok(())
    }

    fn item(&mut self, it: &Item) -> Done {
        let Some(noun) = it.noun else { return Err("no part is named".into()) };
        match noun {
            Noun::Hull(h) => {
                self.plain(it, h.name)?;
                if self.hull_seen {
                    return Err(format!("a second hull; this boat is a {}", self.d.hull.id()).into());
                }
                if it.count.is_some_and(|n| n != 1) {
                    return Err("one hull to a boat".into());
                }
                self.d.hull = Ref::Known(h);
                self.hull_seen = true;
                self.figures(
                    it,
                    h.name,
                    &[
                        (FigureKind::Cost, h.cost.0),
                        (FigureKind::Weight, h.weight.0),
                        (FigureKind::Spaces, h.spaces * 6),
                    ],
                    1,
                );
            }
            Noun::Plant(p) => {
                self.plain(it, "a power plant")?;
                if it.count.is_some_and(|n| n != 1) {
                    return Err("one power plant to a boat".into());
                }
                self.d.plant = Some(Ref::Known(p));
                let what = format!("a {} power plant", p.name);
                self.figures(
                    it,
                    &what,
                    &[
                        (FigureKind::Cost, p.cost.0),
                        (FigureKind::Weight, p.weight.0),
                        (FigureKind::Spaces, p.spaces * 6),
                        (FigureKind::Dp, p.dp),
                        (FigureKind::PowerFactors, p.power_factors),
                    ],
                    1,
                );
            }
            Noun::Propeller(size) => self.propellers(it, size)?,
            Noun::PropellerGuard => self.guards(it)?,
            Noun::JetDrive => {
                self.plain(it, "a jet drive")?;
                if it.count.is_some_and(|n| n > 1) {
                    self.notes.push(format!(
                        "\"{}\": a boat has one jet drive, so one was read",
                        self.lx.source(it.from, it.to)
                    ));
                }
                self.d.jet_drive = true;
                let j = tables::JET_DRIVE;
                self.figures(
                    it,
                    "a jet drive",
                    &[
                        (FigureKind::Cost, j.cost.0),
                        (FigureKind::Weight, j.weight.0),
                        (FigureKind::Spaces, j.spaces * 6),
                    ],
                    1,
                );
            }
            Noun::Oars => {
                self.plain(it, "oars")?;
                self.d.oars = u16::try_from(it.count.unwrap_or(1)).map_err(|_| Fail::Bounds)?;
            }
            Noun::Deck => self.deck(it)?,
            Noun::Top(t) => {
                self.plain(it, "a top")?;
                self.d.top = t;
            }
            Noun::Hydrofoils => {
                self.plain(it, "hydrofoils")?;
                self.d.hydrofoils = true;
            }
            Noun::WeightedKeel => {
                self.plain(it, "a weighted keel")?;
                self.d.weighted_keel = true;
            }
            Noun::Spoiler => {
                self.plain(it, "a spoiler")?;
                self.d.spoiler = true;
            }
            Noun::Crew(r) => {
                self.plain(it, r.name)?;
                let count = match it.for_n {
                    Some(n) if it.count.is_none() => u16::try_from(n).map_err(|_| Fail::Bounds)?,
                    _ => self.count(it)?,
                };
                let deck = self.section_of(it);
                self.d.crew.push(CrewEntry {
                    role: Ref::Known(r),
                    count,
                    deck,
                    cargo: it.cargo == Some(true),
                });
                self.figures(
                    it,
                    r.name,
                    &[(FigureKind::Weight, r.weight.0), (FigureKind::Spaces, r.spaces * 6)],
                    count,
                );
            }
            Noun::Weapon(w, implied) => self.weapon(it, w, implied)?,
            Noun::Item(i) => {
                self.plain(it, i.name)?;
                let count = match (it.count, it.for_n) {
                    (Some(_), Some(_)) => return Err("two counts: one before, one after \"for\"".into()),
                    (None, Some(n)) if i.plural == i.name => u16::try_from(n).map_err(|_| Fail::Bounds)?,
                    (None, Some(_)) => {
                        return Err(format!(
                            "\"for\" counts people; a {} is counted before its name",
                            i.name
                        )
                        .into());
                    }
                    _ => self.count(it)?,
                };
                let deck = self.section_of(it);
                self.d.accessories.push(AccessoryEntry {
                    item: Ref::Known(i),
                    count,
                    deck,
                    cargo: it.cargo == Some(true),
                });
                let dp = i.dp.unwrap_or(-1);
                self.figures(
                    it,
                    i.name,
                    &[
                        (FigureKind::Cost, i.cost.0),
                        (FigureKind::Weight, i.weight.0),
                        (FigureKind::Spaces, i.spaces * 6),
                        (FigureKind::Dp, dp),
                    ],
                    count,
                );
            }
            Noun::Turret => self.turret(it)?,
            Noun::ExtraMagazine | Noun::Magazine | Noun::RocketMagazine | Noun::MagazineSwitch => {
                self.magazine_part(it, noun)?
            }
            Noun::Cargo => self.cargo(it)?,
            Noun::Nothing => {}
        }
        Ok(())
    }

    fn propellers(&mut self, it: &Item, size: Option<&'static tables::Plant>) -> Done {
        if !it.facings.is_empty() || it.turret.is_some() || it.ammo.is_some() {
            return Err("a propeller does not face a way, sit in a turret or take ammunition".into());
        }
        let n = self.count(it)?;
        let guard = match (it.points, it.guard) {
            (Some(p), _) => u16::try_from(p).map_err(|_| Fail::Bounds)?,
            (None, true) => return Err("a propeller guard needs its points (\"10-point guard\")".into()),
            (None, false) => 0,
        };
        // Only as many as a design can hold are made; more fail the bounds.
        let room = bounds::MAX_ENTRIES.saturating_sub(self.d.entries());
        let entry = PropellerEntry { size: size.map(Ref::Known), guard };
        self.d.propellers.extend(std::iter::repeat_n(entry, usize::from(n).min(room + 1)));
        let plant = size.or_else(|| self.d.plant.as_ref().and_then(Ref::known));
        if let Some(p) = plant {
            let q = p.propeller;
            self.figures(
                it,
                "a propeller",
                &[(FigureKind::Cost, q.cost.0), (FigureKind::Weight, q.weight.0), (FigureKind::Dp, q.dp)],
                n,
            );
        }
        Ok(())
    }

    /// Guards written on their own ("Propeller guards 10" in the armor clause): on every
    /// propeller read so far.
    fn guards(&mut self, it: &Item) -> Done {
        let points = it.points.ok_or("how many points of guard? (\"10-point propeller guards\")")?;
        let points = u16::try_from(points).map_err(|_| Fail::Bounds)?;
        let n = self.d.propellers.len();
        if n == 0 {
            return Err("propeller guards, but no propeller has been read".into());
        }
        for p in &mut self.d.propellers {
            p.guard = points;
        }
        if n > 1 && !it.each {
            self.notes.push(format!(
                "Read \"{}\" as {points} points of guard on each of the {n} propellers",
                self.lx.source(it.from, it.to)
            ));
        }
        Ok(())
    }

    fn deck(&mut self, it: &Item) -> Done {
        self.plain(it, "a Deck")?;
        let total = self.hull().map(|h| h.spaces + h.cargo_spaces);
        let below = match (it.below, it.above, total) {
            (Some(b), Some(a), Some(t)) => {
                if i64::from(b) + i64::from(a) != t {
                    self.notes.push(format!(
                        "The line splits the Deck {b} below and {a} above, but a {} has {t} spaces: read as {b} below",
                        self.d.hull.id()
                    ));
                }
                Some(b)
            }
            (Some(b), _, _) => Some(b),
            (None, Some(a), Some(t)) => Some(u32::try_from((t - i64::from(a)).max(0)).unwrap_or(0)),
            (None, Some(_), None) => return Err("a Deck's split, before its hull".into()),
            (None, None, _) => None,
        };
        let below = below.map(|b| u16::try_from(b).map_err(|_| Fail::Bounds)).transpose()?;
        self.d.deck = Some(Deck { below });
        Ok(())
    }

    fn cargo(&mut self, it: &Item) -> Done {
        self.plain(it, "cargo")?;
        let of = |k: FigureKind| it.figures.iter().find(|f| f.kind == k).map(|f| f.value);
        let (Some(spaces), Some(weight)) = (of(FigureKind::Spaces), of(FigureKind::Weight)) else {
            return Err("cargo needs its spaces and pounds: \"Cargo (2 spaces, 400 lbs)\"".into());
        };
        if spaces.fract() != 0.0 || weight.fract() != 0.0 || spaces < 0.0 || weight < 0.0 {
            return Err("cargo is counted in whole spaces and pounds".into());
        }
        let spaces = if spaces > f64::from(u16::MAX) { return Err(Fail::Bounds) } else { spaces as u16 };
        let weight = if weight > f64::from(u32::MAX) { return Err(Fail::Bounds) } else { weight as u32 };
        let deck = self.section_of(it);
        self.d.cargo.push(CargoEntry {
            name: String::new(),
            spaces,
            weight,
            deck,
            cargo: it.cargo != Some(false),
        });
        Ok(())
    }

    fn armor(&mut self, a: &ArmorClause) -> Done {
        if let Some(k) = a.kind {
            self.d.armor.kind = Ref::Known(k);
        }
        let hull = self.hull();
        let here = hull.map(|h| armor_locations(h, &self.d)).unwrap_or_default();
        // A name that stands for two locations of this boat ("Bottom" on a Yacht).
        let halves = |l: Loc| -> Option<[Loc; 2]> {
            let pair = match l {
                Loc::U => [Loc::FU, Loc::BU],
                Loc::L => [Loc::FL, Loc::BL],
                Loc::R => [Loc::FR, Loc::BR],
                Loc::T => [Loc::FT, Loc::BT],
                Loc::D => [Loc::FD, Loc::BD],
                _ => return None,
            };
            (!here.contains(&l) && here.contains(&pair[0]) && here.contains(&pair[1])).then_some(pair)
        };
        let mut sums = self.d.armor.points.clone();
        for &(place, n) in &a.points {
            let n = u16::try_from(n).map_err(|_| Fail::Bounds)?;
            let locs: Vec<Loc> = match place {
                Place::At(l) => vec![l],
                Place::Named(l) => match halves(l) {
                    Some(pair) => {
                        self.notes.push(format!(
                            "Read {} {n} as {n} points on each of {} and {}",
                            l.name(),
                            pair[0].name(),
                            pair[1].name()
                        ));
                        pair.to_vec()
                    }
                    _ => vec![l],
                },
                Place::Sides if hull.is_some_and(Hull::split_sides) => {
                    self.notes
                        .push(format!("Read Sides {n} as {n} points on each of the four side locations"));
                    vec![Loc::FL, Loc::BL, Loc::FR, Loc::BR]
                }
                Place::Sides => vec![Loc::L, Loc::R],
                Place::All if !here.is_empty() => {
                    self.notes
                        .push(format!("Read all {n} as {n} points on each of the {} locations", here.len()));
                    here.clone()
                }
                Place::All => return Err("armor \"all\" round, before the hull that says where".into()),
            };
            for l in locs {
                let sum = sums.get(l).saturating_add(n);
                if sum > bounds::MAX_COUNT {
                    return Err(Fail::Bounds);
                }
                sums.set(l, sum);
            }
        }
        for (code, n) in &a.unknown {
            let n = u16::try_from(*n).ok().filter(|n| *n <= bounds::MAX_COUNT).ok_or(Fail::Bounds)?;
            sums.unknown.push((code.clone(), n));
        }
        if let Some((total, from, to)) = a.total {
            let read: i64 = a
                .points
                .iter()
                .map(|&(p, n)| {
                    let places = match p {
                        Place::Sides => 2,
                        Place::All => here.len() as i64,
                        _ => 1,
                    };
                    i64::from(n) * places
                })
                .sum();
            if read != i64::from(total) {
                self.notes.push(format!(
                    "The line prints {} for the armor; its locations add up to {read} points",
                    self.lx.source(from, to)
                ));
            }
        }
        self.d.armor.points = sums;
        Ok(())
    }

    /// Checks printed figures against the table's: (kind, value in the kind's unit: cents,
    /// hundredths of a pound, sixths of a space, whole DP or power factors) for one part, `n`
    /// of them. A figure that is neither one's nor all's is a note; so is one printed with its
    /// digits grouped wrongly ("$5,00"), whatever it reads as: the part is read from its words.
    fn figures(&mut self, it: &Item, what: &str, table: &[(FigureKind, i64)], n: u16) {
        for f in &it.figures {
            let mut candidates = table.iter().filter(|(k, v)| *k == f.kind && *v >= 0).map(|&(_, v)| v);
            let Some(one) = candidates.clone().next() else { continue };
            let printed = unit(f);
            if !f.misprint && candidates.any(|v| printed == v || printed == v * i64::from(n)) {
                continue;
            }
            let says = match f.kind {
                FigureKind::Cost => Money(one).to_string(),
                FigureKind::Weight => format!("{} lb", Weight(one)),
                FigureKind::Spaces => {
                    let s = Spaces(one);
                    if s == Spaces::whole(1) { "1 space".into() } else { format!("{s} spaces") }
                }
                FigureKind::Dp => format!("{one} DP"),
                FigureKind::PowerFactors => format!("{one} power factors"),
            };
            let each = if n > 1 { " each" } else { "" };
            let article = if what.starts_with(|c: char| c.is_uppercase()) { "a " } else { "" };
            let as_printed = self.lx.source(f.from, f.to);
            self.notes.push(if f.misprint {
                format!(
                    "The line prints {as_printed} for {article}{what}, a misprint (its digits are grouped \
                     wrongly): read from its words, at the table's {says}{each}"
                )
            } else {
                format!("The line prints {as_printed} for {article}{what}; the table says {says}{each}")
            });
        }
    }

    /// The design read, the turrets' sizes and locations settled.
    pub fn finish(mut self) -> Self {
        self.settle_turrets();
        self
    }
}

/// A printed figure in the unit its kind is kept in.
fn unit(f: &Figure) -> i64 {
    let scale = match f.kind {
        FigureKind::Cost => Money::PER_UNIT,
        FigureKind::Weight => Weight::PER_UNIT,
        FigureKind::Spaces => 6,
        FigureKind::Dp | FigureKind::PowerFactors => 1,
    };
    let v = f.value * scale as f64;
    if v.is_finite() && v.abs() < 1e15 { v.round() as i64 } else { i64::MAX }
}

/// How long each list of a design was before a part was read, so that a part that takes the
/// design past its bounds can be taken back whole.
struct Mark {
    propellers: usize,
    crew: usize,
    weapons: usize,
    turrets: usize,
    turret_weapons: Vec<usize>,
    accessories: usize,
    cargo: usize,
    unknown_armor: usize,
    deck: Option<Deck>,
    oars: u16,
}

impl Mark {
    fn of(d: &Design) -> Self {
        Mark {
            propellers: d.propellers.len(),
            crew: d.crew.len(),
            weapons: d.weapons.len(),
            turrets: d.turrets.len(),
            turret_weapons: d.turrets.iter().map(|t| t.weapons.len()).collect(),
            accessories: d.accessories.len(),
            cargo: d.cargo.len(),
            unknown_armor: d.armor.points.unknown.len(),
            deck: d.deck.clone(),
            oars: d.oars,
        }
    }

    /// Whether what was read since the mark keeps within the bounds (the design before it did).
    fn fits(&self, d: &Design) -> bool {
        let count = |n: u16| n <= bounds::MAX_COUNT;
        let weapon = |w: &WeaponEntry| count(w.count) && count(w.extra_magazines) && count(w.rocket_magazine);
        let turret_weapons = d.turrets.iter().enumerate().all(|(i, t)| {
            let from = self.turret_weapons.get(i).copied().unwrap_or(0);
            t.weapons.get(from..).is_none_or(|ws| ws.iter().all(weapon))
        });
        d.entries() <= bounds::MAX_ENTRIES
            && d.propellers[self.propellers..].iter().all(|p| count(p.guard))
            && d.crew[self.crew..].iter().all(|c| count(c.count))
            && d.weapons[self.weapons..].iter().all(weapon)
            && turret_weapons
            && d.accessories[self.accessories..].iter().all(|a| count(a.count))
            && d.cargo[self.cargo..].iter().all(|c| count(c.spaces) && c.weight <= bounds::MAX_CARGO_WEIGHT)
            && d.deck.as_ref().and_then(|k| k.below).is_none_or(count)
            && count(d.oars)
    }

    fn take_back(&self, d: &mut Design) {
        d.propellers.truncate(self.propellers);
        d.crew.truncate(self.crew);
        d.weapons.truncate(self.weapons);
        d.turrets.truncate(self.turrets);
        for (t, &n) in d.turrets.iter_mut().zip(&self.turret_weapons) {
            t.weapons.truncate(n);
        }
        d.accessories.truncate(self.accessories);
        d.cargo.truncate(self.cargo);
        d.armor.points.unknown.truncate(self.unknown_armor);
        d.deck.clone_from(&self.deck);
        d.oars = self.oars;
    }
}
