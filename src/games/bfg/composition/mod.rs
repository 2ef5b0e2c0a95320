//! The fleet lists' composition rules, checked: every rule of the fleet's list is run against the
//! fleet (its ships as counted, their squadrons, options and leaders) and comes out kept, broken
//! (a problem naming the rule and the numbers) or explained (a rule our data cannot check, with
//! why). The rules themselves are data (`data/fleet-lists.csv` through our readings); this module
//! knows only what each kind of check means.

use serde::Serialize;

use super::data::lists::{Check, Cmp, Cond, FleetList, Leader, Reading, Rule, Set};
use super::data::{self, Kind, Ship};
use super::document::{Aboard, Fleet};
use super::fitting::parse_pick;
use super::fleet::{EntryFigures, LeaderFigures};
use crate::games::{Problem, bfg::Code, line};

mod sets;

use sets::{Kept, Slot, article, capital, count_of, need, noun_of_ship, role_matches, ship_in, words};
pub use sets::{entry_is, is_class_in, requirement};

/// How a rule stands for a fleet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Every check holds.
    Kept,
    /// Some check fails: the problems say which and by how much.
    Broken,
    /// Not a check: an option sold, a roster, a pointer to another rule, or a rule our data
    /// cannot check (the notes say why).
    Explained,
}

/// A rule of the fleet's list as it stands for this fleet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleState {
    pub id: &'static str,
    /// The rule's summary, as the data gives it.
    pub text: &'static str,
    pub unverified: bool,
    pub status: Status,
    /// What each check counted: "1 battleship; 3 cruisers or battlecruisers allow 1".
    pub figures: Vec<String>,
    /// Our readings of it: sent as their notes ([`notes_of`]); the first says how a rule that
    /// counts nothing is kept.
    #[serde(rename = "notes", serialize_with = "serialize_notes")]
    pub readings: &'static [Reading],
}

/// Our readings' notes, in their order.
pub fn notes_of(readings: &'static [Reading]) -> impl Iterator<Item = &'static str> {
    readings.iter().filter_map(|r| r.note)
}

fn serialize_notes<S: serde::Serializer>(readings: &&'static [Reading], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes_of(readings))
}

/// A counted entry of the fleet, as the rules see it.
struct Member<'a> {
    fig: &'a EntryFigures,
    /// How messages name it: the tracker's name for a capital ship ("Lunar cruiser 2").
    title: String,
    ship: &'static Ship,
    part: String,
    options: &'a [String],
    leaders: Vec<&'static Leader>,
    squadron: usize,
    /// Whether its squadron holds more than one ship (set once the squadrons are whole).
    squadroned: bool,
    /// Points of one ship, leaders aside.
    each: u32,
}

/// A squadron: members that fight together (a group, an escort entry, or a lone capital ship).
struct Unit {
    label: String,
    part: String,
    members: Vec<usize>,
}

/// A leader as the rules count it: the member carrying him, if any.
struct Led {
    leader: &'static Leader,
    on: Option<usize>,
}

/// The fleet as the rules see it.
struct Census<'a> {
    list: &'static FleetList,
    members: Vec<Member<'a>>,
    units: Vec<Unit>,
    leaders: Vec<Led>,
    points: u32,
    /// The most a capital ship of the fleet costs.
    priciest: u32,
}

/// Runs every rule of `list` on the fleet; a problem for each check that fails.
pub fn judge(
    list: &'static FleetList,
    fleet: &Fleet,
    ships: &[EntryFigures],
    squadrons: &[EntryFigures],
    fleet_leaders: &[LeaderFigures],
    points: u32,
    problems: &mut Vec<Problem>,
) -> Vec<RuleState> {
    let census = census(list, fleet, ships, squadrons, fleet_leaders, points);
    list.rules()
        .map(|rule| {
            let mut state = RuleState {
                id: rule.id,
                text: rule.text,
                unverified: rule.unverified,
                status: Status::Explained,
                figures: Vec::new(),
                readings: rule.readings,
            };
            for reading in rule.readings.iter().filter(|r| r.check.counts()) {
                let Some(out) = run(&census, reading) else { continue };
                if state.status == Status::Explained {
                    state.status = Status::Kept;
                }
                state.figures.push(out.figure);
                for (message, part) in out.failures {
                    state.status = Status::Broken;
                    problems.push(problem(rule, message, part));
                }
            }
            state
        })
        .collect()
}

fn problem(rule: &Rule, message: String, part: Option<String>) -> Problem {
    let message = format!("{message} ({})", rule.id);
    let p = if rule.unverified {
        Problem::warning(Code::ListRule, part, format!("UNVERIFIED (BSData only): {message}"))
    } else {
        Problem::error(Code::ListRule, part, message)
    };
    p.with_rule(rule.id)
}

fn leaders_of(aboard: &[Aboard]) -> Vec<&'static Leader> {
    aboard.iter().filter_map(|a| data::leader(a.id.trim())).collect()
}

fn census<'a>(
    list: &'static FleetList,
    fleet: &'a Fleet,
    ships: &'a [EntryFigures],
    squadrons: &'a [EntryFigures],
    fleet_leaders: &[LeaderFigures],
    points: u32,
) -> Census<'a> {
    let mut members = Vec::new();
    let mut units: Vec<Unit> = Vec::new();
    // The tracker's names of the capital ships, by entry: one for each ship of a known class.
    let mut names = super::battle::capital_labels(fleet).into_iter();
    let titles: Vec<Option<String>> = fleet
        .ships
        .iter()
        .map(|s| data::ship(s.class.trim()).map(|_| names.next().unwrap_or_default()))
        .collect();
    let mut groups: Vec<(String, usize)> = Vec::new();
    let entries = fleet
        .ships
        .iter()
        .zip(ships)
        .zip(titles)
        .enumerate()
        .map(|(i, ((s, f), title))| {
            (line(&[&"ships.", &i]), &s.options[..], &s.leaders[..], s.group.trim(), f, None, title)
        })
        .chain(fleet.squadrons.iter().zip(squadrons).enumerate().map(|(i, (s, f))| {
            (line(&[&"squadrons.", &i]), &s.options[..], &s.leaders[..], s.group.trim(), f, Some(i), None)
        }));
    for (part, options, aboard, group, fig, escort, title) in entries {
        let title = title.unwrap_or_else(|| fig.title());
        let Some(ship) = data::ship(&fig.class).filter(|_| fig.counted) else { continue };
        let unit = if !group.is_empty() {
            match groups.iter().find(|(g, _)| g == group) {
                Some((_, u)) => *u,
                None => {
                    units.push(Unit {
                        label: format!("the squadron \"{group}\""),
                        part: part.clone(),
                        members: Vec::new(),
                    });
                    groups.push((group.to_string(), units.len() - 1));
                    units.len() - 1
                }
            }
        } else {
            let label = match escort {
                Some(i) => line(&[
                    &"squadron ",
                    &(i + 1),
                    &" (",
                    &fig.count,
                    &" ",
                    &noun_of_ship(ship, fig.count),
                    &")",
                ]),
                None => title.clone(),
            };
            units.push(Unit { label, part: part.clone(), members: Vec::new() });
            units.len() - 1
        };
        units[unit].members.push(members.len());
        members.push(Member {
            fig,
            title,
            ship,
            part,
            options,
            // A leader the list does not offer is refused, and not counted by its rules.
            leaders: leaders_of(aboard).into_iter().filter(|l| l.offered_in(list.id)).collect(),
            squadron: unit,
            squadroned: false,
            each: fig.points_each,
        });
    }
    for k in 0..members.len() {
        let ships: u32 = units[members[k].squadron].members.iter().map(|&i| members[i].fig.count).sum();
        members[k].squadroned = ships > 1;
    }
    let mut leaders: Vec<Led> = fleet_leaders
        .iter()
        .filter_map(|l| l.leader)
        .filter(|l| l.offered_in(list.id))
        .map(|leader| Led { leader, on: None })
        .collect();
    for (k, m) in members.iter().enumerate() {
        leaders.extend(m.leaders.iter().map(|&leader| Led { leader, on: Some(k) }));
    }
    let priciest = members.iter().filter(|m| !m.ship.is_escort()).map(|m| m.each).max().unwrap_or(0);
    Census { list, members, units, leaders, points, priciest }
}

/// The outcome of one check: what it counted, and each failure with the part it concerns.
struct Outcome {
    figure: String,
    failures: Vec<(String, Option<String>)>,
}

impl Outcome {
    fn kept(figure: String) -> Self {
        Outcome { figure, failures: Vec::new() }
    }
}

impl Census<'_> {
    fn member_in(&self, set: &Set, m: &Member) -> bool {
        let picks = || m.options.iter().filter_map(|o| parse_pick(o)).map(|(o, _)| o);
        let has = |id: &str| picks().any(|o| o == id);
        let special = |s: &Set| match s {
            Set::MostExpensive => !m.ship.is_escort() && m.each == self.priciest,
            // The mark of the list's god: "mark-of-nurgle".
            Set::GodMark => picks().any(|o| o.strip_prefix("mark-of-") == Some(self.list.god())),
            _ => false,
        };
        ship_in(set, m.ship, &has, &m.leaders, m.squadroned, m.fig.reserve, &special)
    }

    fn leader_in(&self, set: &Set, l: &Leader) -> bool {
        match set {
            Set::Leader(id) => l.id == *id,
            Set::Role(r) => role_matches(*r, l.role),
            Set::Any(items) => items.iter().any(|s| self.leader_in(s, l)),
            Set::All(items) => items.iter().all(|s| self.leader_in(s, l)),
            Set::Not(inner) => !self.leader_in(inner, l),
            _ => false,
        }
    }

    /// Ships (or leaders) of a set in the fleet.
    fn count(&self, set: &Set) -> u64 {
        if set.of_leaders() {
            return self.leaders.iter().filter(|l| self.leader_in(set, l.leader)).count() as u64;
        }
        self.members.iter().filter(|m| self.member_in(set, m)).map(|m| u64::from(m.fig.count)).sum()
    }

    /// Whether a condition holds.
    fn holds(&self, c: &Cond) -> bool {
        c.points.is_none_or(|(cmp, p)| cmp.holds(self.points, p))
            && c.with.iter().all(|s| self.count(s) > 0)
            && c.without.iter().all(|s| self.count(s) == 0)
    }

    /// The units holding members of a set, with how many of the set each holds and how many
    /// ships in all.
    fn units_with(&self, set: &Set) -> Vec<(&Unit, u64, u64)> {
        self.units
            .iter()
            .filter_map(|u| {
                let of: u64 = u
                    .members
                    .iter()
                    .map(|&i| &self.members[i])
                    .filter(|m| self.member_in(set, m))
                    .map(|m| u64::from(m.fig.count))
                    .sum();
                let all: u64 = u.members.iter().map(|&i| u64::from(self.members[i].fig.count)).sum();
                (of > 0).then_some((u, of, all))
            })
            .collect()
    }

    /// The type a ship counts as for reserves: battleship, cruiser or escort.
    fn reserve_type(ship: &Ship) -> usize {
        match ship.kind {
            Kind::Battleship => 0,
            Kind::Escort => 2,
            _ => 1,
        }
    }
}

/// A condition in words, after a requirement: " in a fleet over 750 pts", " with a Hive Ship".
fn cond_words(c: &Cond) -> String {
    let mut parts = Vec::new();
    if let Some((cmp, p)) = c.points {
        parts.push(match cmp {
            Cmp::Over => format!("in a fleet over {p} pts"),
            Cmp::AtLeast => format!("in a fleet of {p} pts or more"),
        });
    }
    for s in c.with {
        parts.push(format!("with {}", requirement(s)));
    }
    for s in c.without {
        parts.push(format!("without {}", requirement(s)));
    }
    if parts.is_empty() { String::new() } else { format!(" {}", parts.join(" and ")) }
}

/// Runs one reading; `None` for a reading that checks nothing.
fn run(c: &Census, r: &'static Reading) -> Option<Outcome> {
    static WORDS: Kept<(String, String)> = Kept::new();
    static CONDS: Kept<String> = Kept::new();
    let subject = |set: &Set| WORDS.of(r, Slot::Subject, || words(r.subject, set));
    let basis = |set: &Set| WORDS.of(r, Slot::Basis, || words(r.basis, set));
    let cond = |when: &Cond| CONDS.of(r, Slot::Cond, || cond_words(when)).as_str();
    Some(match r.check {
        Check::Max { n, of, when } => {
            let count = c.count(&of);
            let w = subject(&of);
            let fig = line(&[&count_of(count, w), &" (at most ", &n, &cond(&when), &")"]);
            if c.holds(&when) && count > u64::from(n) {
                let head = if n == 0 {
                    format!("No {}{}", w.1, cond(&when))
                } else {
                    format!("At most {}{}", count_of(u64::from(n), w), cond(&when))
                };
                Outcome { figure: fig, failures: vec![(format!("{head}: the fleet has {count}"), None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::Min { n, of, when } => {
            let count = c.count(&of);
            let w = subject(&of);
            let fig = line(&[&count_of(count, w), &" (at least ", &n, &cond(&when), &")"]);
            if c.holds(&when) && count < u64::from(n) {
                let fleet = if when.points.is_some() {
                    format!("the fleet of {} pts", c.points)
                } else {
                    "the fleet".into()
                };
                let message =
                    format!("At least {}{}: {fleet} has {count}", count_of(u64::from(n), w), cond(&when));
                Outcome { figure: fig, failures: vec![(message, None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::Ratio { a, of, b, per, at_least_one, when } => {
            let (count, base) = (c.count(&of), c.count(&per));
            let (w, bw) = (subject(&of), basis(&per));
            let mut allowed = u64::from(a) * (base / u64::from(b.max(1)));
            if at_least_one && base >= 1 {
                allowed = allowed.max(u64::from(a));
            }
            let fig = line(&[&count_of(count, w), &"; ", &count_of(base, bw), &" allow ", &allowed]);
            if c.holds(&when) && count > allowed {
                let head = format!("Up to {} per {}", count_of(u64::from(a), w), count_of(u64::from(b), bw));
                let bands = count.div_ceil(u64::from(a.max(1)));
                let need = if at_least_one && bands == 1 { 1 } else { bands * u64::from(b) };
                let message = format!(
                    "{head}{}: {} {} {}, the fleet has {base}",
                    cond(&when),
                    count_of(count, w),
                    self::need(count),
                    count_of(need, bw)
                );
                Outcome { figure: fig, failures: vec![(message, None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::RatioMin { a, of, b, per } => {
            let (count, base) = (c.count(&of), c.count(&per));
            let (w, bw) = (subject(&of), basis(&per));
            let need = (u64::from(a) * base).div_ceil(u64::from(b.max(1)));
            let fig = line(&[
                &count_of(count, w),
                &"; ",
                &count_of(base, bw),
                &" ",
                &self::need(base),
                &" ",
                &need,
            ]);
            if count < need {
                let message = format!(
                    "At least {} per {}: {} {} {}, the fleet has {count}",
                    count_of(u64::from(a), w),
                    count_of(u64::from(b), bw),
                    count_of(base, bw),
                    self::need(base),
                    count_of(need, w)
                );
                Outcome { figure: fig, failures: vec![(message, None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::Share { a, b, of, among } => {
            let (count, base) = (c.count(&of), c.count(&among));
            let (w, bw) = (subject(&of), basis(&among));
            let allowed = base * u64::from(a) / u64::from(b.max(1));
            let fig = line(&[&count_of(count, w), &"; ", &count_of(base, bw), &" allow ", &allowed]);
            if count > allowed {
                let message = format!(
                    "Up to {a}/{b} of the {} may be {}: {} allow {allowed}, the fleet has {count}",
                    bw.1,
                    w.1,
                    count_of(base, bw)
                );
                Outcome { figure: fig, failures: vec![(message, None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::Fewer { of, than } => {
            let (count, other) = (c.count(&of), c.count(&than));
            let (w, bw) = (subject(&of), basis(&than));
            let fig = line(&[&count_of(count, w), &" and ", &count_of(other, bw)]);
            if count > 0 && count >= other {
                let message = format!("Fewer {} than {}: the fleet has {count} and {other}", w.1, bw.1);
                Outcome { figure: fig, failures: vec![(message, None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::PerPoints { a, of, per, part, max, min, exact, basis: base_set } => {
            let count = c.count(&of);
            let w = subject(&of);
            let (pts, whose) = match base_set {
                Some(s) => {
                    let p: u64 = c
                        .members
                        .iter()
                        .filter(|m| c.member_in(&s, m))
                        .map(|m| u64::from(m.each) * u64::from(m.fig.count))
                        .sum();
                    let bw = basis(&s);
                    (p, line(&[&bw.1, &" worth ", &p, &" pts"]))
                }
                None => (u64::from(c.points), line(&[&"a fleet of ", &c.points, &" pts"])),
            };
            let per64 = u64::from(per.max(1));
            let bands = if part { pts.div_ceil(per64) } else { pts / per64 };
            let mut allowed = u64::from(a) * bands;
            if let Some(m) = max {
                allowed = allowed.min(u64::from(m));
            }
            // The band and the cap in words, for a message only.
            let band =
                || if part { format!("{per} pts or part of {per}") } else { format!("full {per} pts") };
            let cap = || max.map_or(String::new(), |m| format!(", at most {m}"));
            let fig = line(&[&count_of(count, w), &"; ", &whose, &" allow ", &allowed]);
            let mut failures = Vec::new();
            if exact && count != allowed {
                failures.push((
                    format!(
                        "Exactly {} per {}{}: {whose} needs {allowed}, this one has {count}",
                        count_of(u64::from(a), w),
                        band(),
                        cap()
                    ),
                    None,
                ));
            } else if count > allowed {
                failures.push((
                    format!(
                        "Up to {} per {}{}: {whose} may have {allowed}, this one has {count}",
                        count_of(u64::from(a), w),
                        band(),
                        cap()
                    ),
                    None,
                ));
            }
            if let Some((k, from)) = min
                && c.points >= from
                && count < u64::from(k)
            {
                failures.push((
                    format!(
                        "At least {} from {from} pts: the fleet of {} pts has {count}",
                        count_of(u64::from(k), w),
                        c.points
                    ),
                    None,
                ));
            }
            Outcome { figure: fig, failures }
        }
        Check::SquadronMax { n, of } => {
            let w = subject(&of);
            let units = c.units_with(&of);
            let largest = units.iter().map(|(_, k, _)| *k).max().unwrap_or(0);
            let failures = units
                .iter()
                .filter(|(_, k, _)| *k > u64::from(n))
                .map(|(u, k, _)| {
                    (
                        format!("Squadrons of at most {}: {} has {k}", count_of(u64::from(n), w), u.label),
                        Some(u.part.clone()),
                    )
                })
                .collect();
            let figure = if units.is_empty() {
                line(&[&"no squadron of ", &w.1, &" (at most ", &n, &" in each)"])
            } else {
                line(&[&"largest squadron ", &largest, &" (at most ", &n, &")"])
            };
            Outcome { figure, failures }
        }
        Check::SquadronMin { n, of, unless_lone } => {
            let w = subject(&of);
            let total = c.count(&of);
            let units = c.units_with(&of);
            let smallest = units.iter().map(|(_, k, _)| *k).min().unwrap_or(0);
            let lone_ok = unless_lone && total == 1;
            let failures = if lone_ok {
                Vec::new()
            } else {
                units
                    .iter()
                    .filter(|(_, k, _)| *k < u64::from(n))
                    .map(|(u, k, _)| {
                        let lone = if unless_lone {
                            format!(" (a lone {} may stand alone only as the fleet's one {})", w.0, w.0)
                        } else {
                            String::new()
                        };
                        (
                            format!(
                                "Squadrons of at least {}: {} has {k}{lone}",
                                count_of(u64::from(n), w),
                                u.label
                            ),
                            Some(u.part.clone()),
                        )
                    })
                    .collect()
            };
            let figure = if units.is_empty() {
                line(&[&"no squadron of ", &w.1, &" (at least ", &n, &" in each)"])
            } else {
                line(&[&"smallest squadron ", &smallest, &" (at least ", &n, &")"])
            };
            Outcome { figure, failures }
        }
        Check::SquadronPure { of } => {
            let w = subject(&of);
            let failures = c
                .units_with(&of)
                .into_iter()
                .filter(|(_, k, all)| k < all)
                .map(|(u, k, all)| {
                    (
                        format!(
                            "{} squadron only with each other: {} mixes {k} with {} other ships",
                            capital(&w.1),
                            u.label,
                            all - k
                        ),
                        Some(u.part.clone()),
                    )
                })
                .collect();
            Outcome { figure: line(&[&w.1, &" in squadrons of their own"]), failures }
        }
        Check::SquadronApart { a, b } => {
            let (wa, wb) = (subject(&a), basis(&b));
            let with_b = c.units_with(&b);
            let failures = c
                .units_with(&a)
                .into_iter()
                .filter(|(u, _, _)| with_b.iter().any(|(v, _, _)| std::ptr::eq(*u, *v)))
                .map(|(u, _, _)| {
                    (
                        format!(
                            "{} and {} never share a squadron: {} holds both",
                            capital(&wa.1),
                            wb.1,
                            u.label
                        ),
                        Some(u.part.clone()),
                    )
                })
                .collect();
            Outcome { figure: line(&[&wa.1, &" and ", &wb.1, &" apart"]), failures }
        }
        Check::NeedsPoints { of, cmp, points } => {
            let count = c.count(&of);
            let w = subject(&of);
            let fig = line(&[&count_of(count, w), &" in a fleet of ", &c.points, &" pts"]);
            if count > 0 && !cmp.holds(c.points, points) {
                let when = match cmp {
                    Cmp::Over => format!("over {points} pts"),
                    Cmp::AtLeast => format!("of {points} pts or more"),
                };
                let message =
                    format!("{} only in a fleet {when}: the fleet has {} pts", capital(&w.0), c.points);
                Outcome { figure: fig, failures: vec![(message, None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::On { leaders, ships, when } => {
            let (lw, sw) = (subject(&leaders), basis(&ships));
            let mut failures = Vec::new();
            if c.holds(&when) {
                for led in c.leaders.iter().filter(|l| c.leader_in(&leaders, l.leader)) {
                    let ok = led.on.is_some_and(|k| c.member_in(&ships, &c.members[k]));
                    if !ok {
                        let place = match led.on {
                            Some(k) => format!("it is on the {}", c.members[k].title),
                            None => "it is on no ship".to_string(),
                        };
                        let part = led.on.map(|k| c.members[k].part.clone());
                        failures.push((
                            format!("The {} rides {}: {place}", led.leader.name, article(&sw.0)),
                            part,
                        ));
                    }
                }
            }
            Outcome { figure: line(&[&lw.1, &" on ", &sw.1]), failures }
        }
        Check::Apart { a, b } => {
            let (wa, wb) = (subject(&a), basis(&b));
            let mut failures = Vec::new();
            for (k, m) in c.members.iter().enumerate() {
                let aboard: Vec<&Led> = c.leaders.iter().filter(|l| l.on == Some(k)).collect();
                let has_a = aboard.iter().find(|l| c.leader_in(&a, l.leader));
                let has_b = aboard
                    .iter()
                    .find(|l| c.leader_in(&b, l.leader) && has_a.is_none_or(|x| !std::ptr::eq(*x, **l)));
                if let (Some(x), Some(y)) = (has_a, has_b) {
                    failures.push((
                        format!(
                            "{} and {} never share a ship: the {} carries the {} and the {}",
                            capital(&article(&wa.0)),
                            article(&wb.0),
                            m.title,
                            x.leader.name,
                            y.leader.name
                        ),
                        Some(m.part.clone()),
                    ));
                }
            }
            Outcome { figure: line(&[&wa.1, &" and ", &wb.1, &" on different ships"]), failures }
        }
        Check::Exclusive { a, b } => {
            let count = |s: &Set| {
                c.members
                    .iter()
                    .filter(|m| m.fig.reserve && c.member_in(s, m))
                    .map(|m| u64::from(m.fig.count))
                    .sum::<u64>()
            };
            let (x, y) = (count(&a), count(&b));
            let (wa, wb) = (subject(&a), basis(&b));
            let fig = line(&[&count_of(x, wa), &" and ", &count_of(y, wb)]);
            if x > 0 && y > 0 {
                let message = format!("{} or {}, not both: the fleet has {x} and {y}", capital(&wa.1), wb.1);
                Outcome { figure: fig, failures: vec![(message, None)] }
            } else {
                Outcome::kept(fig)
            }
        }
        Check::ReserveRatio { a, b } => {
            const TYPES: [(&str, &str); 3] =
                [("battleship", "battleships"), ("cruiser", "cruisers"), ("escort", "escorts")];
            let mut main = [0u64; 3];
            let mut reserves = [0u64; 3];
            for m in &c.members {
                let t = Census::reserve_type(m.ship);
                if m.fig.reserve {
                    reserves[t] += u64::from(m.fig.count);
                } else {
                    main[t] += u64::from(m.fig.count);
                }
            }
            let mut failures = Vec::new();
            let mut figs = Vec::new();
            for (t, (one, many)) in TYPES.iter().enumerate() {
                let allowed = u64::from(a) * (main[t] / u64::from(b.max(1)));
                let noun = if reserves[t] == 1 { one } else { many };
                figs.push(line(&[&reserves[t], &" ", noun, &" in reserve, ", &allowed, &" allowed"]));
                if reserves[t] > allowed {
                    let need = reserves[t].div_ceil(u64::from(a.max(1))) * u64::from(b);
                    failures.push((
                        format!(
                            "Up to {a} reserve {} per {b} {many} from the list: {} reserve {} {} {need} from the list, the fleet has {}",
                            if a == 1 { *one } else { *many },
                            reserves[t],
                            if reserves[t] == 1 { *one } else { *many },
                            self::need(reserves[t]),
                            main[t]
                        ),
                        None,
                    ));
                }
            }
            Outcome { figure: figs.join("; "), failures }
        }
        Check::ReservesOnly { of } => {
            let w = subject(&of);
            let failures = c
                .members
                .iter()
                .filter(|m| m.fig.reserve && !c.member_in(&of, m))
                .map(|m| {
                    (
                        format!("Reserves only from {}: the {} is not one", w.1, m.ship.name),
                        Some(m.part.clone()),
                    )
                })
                .collect();
            Outcome { figure: line(&[&"reserves from ", &w.1]), failures }
        }
        Check::Hooks { of } => {
            let (mut all, mut orcas) = (0u64, 0u64);
            for m in &c.members {
                let fit = super::fitting::Fitting::new(m.ship, m.options, Some(c.list));
                let (h, o) = fit.hooks();
                all += u64::from(h) * u64::from(m.fig.count);
                orcas += u64::from(o) * u64::from(m.fig.count);
            }
            let count = c.count(&of);
            let orca = c.count(&Set::Class("orca-gunship"));
            let w = subject(&of);
            let fig = line(&[
                &count_of(count, w),
                &"; the fleet's hooks carry ",
                &all,
                &", ",
                &orcas,
                &" of them Orcas",
            ]);
            let mut failures = Vec::new();
            if count > all {
                failures.push((
                    format!("No more {} than the fleet's gravitic hooks carry: the hooks carry {all}, the fleet has {count}", w.1),
                    None,
                ));
            }
            if orca > orcas {
                failures.push((
                    format!(
                        "Orcas ride only hooks that take them (Custodian and Emissary hooks take Wardens only): those carry {orcas}, the fleet has {orca} Orcas"
                    ),
                    None,
                ));
            }
            Outcome { figure: fig, failures }
        }
        Check::Roster
        | Check::RosterPlus { .. }
        | Check::Reserves { .. }
        | Check::Slots
        | Check::Options
        | Check::Leaders
        | Check::Inherit
        | Check::See { .. }
        | Check::Note => return None,
    })
}
