//! The fleet lists as data: which ships a list fields (its roster, with prices of its own), its
//! composition rules (the rows of `fleet-lists.csv`, each with our readings as checks the engine
//! runs) and the leaders a fleet may take (`commanders.csv` through our `leaders.csv`).
//!
//! The checks are written in a small language in `list-rules.csv` (its header describes it) and
//! turned into the values below by `build.rs`; a check or a rule kind the engine does not know
//! stops the build, naming the file and the line. [`super::super::lists`] runs them.

use super::Kind;
use serde::Serialize;

/// A leader's part in the fleet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The fleet commander (an Admiral, a Warmaster, a Kor'O...).
    Commander,
    /// An Ork Warlord: the lists count them as their commanders.
    Warlord,
    /// A Chaos Lord.
    Lord,
    /// A Veteran Captain or a Space Marine Captain.
    Captain,
    /// A Tau Ethereal on the commander's ship.
    Ethereal,
    /// A Mark of Chaos bought for the Warmaster.
    Mark,
    /// Re-rolls the fleet buys, on no ship (Necrons, Tyranids).
    Rerolls,
    /// A Hive Mind Imperative.
    Imperative,
}

impl Role {
    /// Whether a leader of this role is the fleet's commander for the lists' commander rules.
    pub fn commands(self) -> bool {
        matches!(self, Role::Commander | Role::Warlord)
    }
}

/// A set of ships, or of leaders, as a rule counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "is", content = "of", rename_all = "snake_case")]
pub enum Set {
    /// Ships of a size class.
    Kind(Kind),
    /// Grand cruisers: no profile in our tables is one.
    GrandCruiser,
    /// Every ship but escorts.
    Capital,
    /// Ships of a class (id).
    Class(&'static str),
    /// A class our tables have no profile for (its name): never in a fleet.
    Missing(&'static str),
    /// Ships of a faction (id).
    Faction(&'static str),
    /// Ships that took an option (id).
    Option(&'static str),
    /// Ships that took the Mark of the god their god fleet serves (ch-nurgle: Nurgle).
    GodMark,
    /// Ships carrying a leader of a role (`Commander` stands for a Warlord too).
    Aboard(Role),
    /// Ships taken as reserves.
    Reserve,
    /// Ships in a squadron with others.
    Squadroned,
    /// A capital ship costing the most of the fleet's (ties all count).
    MostExpensive,
    /// Leaders of an id.
    Leader(&'static str),
    /// Leaders of a role (`Commander` stands for a Warlord too).
    Role(Role),
    Any(&'static [Set]),
    All(&'static [Set]),
    Not(&'static Set),
}

impl Set {
    /// Whether it counts leaders rather than ships.
    pub fn of_leaders(&self) -> bool {
        match self {
            Set::Leader(_) | Set::Role(_) => true,
            Set::Any(s) | Set::All(s) => s.first().is_some_and(Set::of_leaders),
            Set::Not(s) => s.of_leaders(),
            _ => false,
        }
    }
}

/// How a fleet's points compare with a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cmp {
    /// More than.
    Over,
    /// That many or more.
    AtLeast,
}

impl Cmp {
    pub fn holds(self, points: u32, figure: u32) -> bool {
        match self {
            Cmp::Over => points > figure,
            Cmp::AtLeast => points >= figure,
        }
    }
}

/// When a check applies: a points figure, sets that must be in the fleet, sets that must not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cond {
    pub points: Option<(Cmp, u32)>,
    pub with: &'static [Set],
    pub without: &'static [Set],
}

impl Cond {
    pub const ALWAYS: Cond = Cond { points: None, with: &[], without: &[] };

    pub fn always(&self) -> bool {
        self.points.is_none() && self.with.is_empty() && self.without.is_empty()
    }
}

/// One check of a rule, as `list-rules.csv` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "check", rename_all = "snake_case")]
pub enum Check {
    /// At most `n` of the set.
    Max { n: u32, of: Set, when: Cond },
    /// At least `n` of the set.
    Min { n: u32, of: Set, when: Cond },
    /// At most `a` of the set for every full `b` of the other; with `at_least_one`, one is
    /// allowed from the first of the other.
    Ratio { a: u32, of: Set, b: u32, per: Set, at_least_one: bool, when: Cond },
    /// At least `a` of the set for every `b` of the other.
    RatioMin { a: u32, of: Set, b: u32, per: Set },
    /// At most `a`/`b` of the other set's count, rounding down.
    Share { a: u32, b: u32, of: Set, among: Set },
    /// When any of the set is taken, fewer of it than of the other.
    Fewer { of: Set, than: Set },
    /// At most `a` of the set for every `per` points of the fleet (`part`: a band begun counts;
    /// else only full bands), at most `max` in all; at least `min.0` once the fleet has
    /// `min.1` points; `exact`: exactly as many as allowed. `basis`: count only these ships'
    /// points instead of the fleet's.
    PerPoints {
        a: u32,
        of: Set,
        per: u32,
        part: bool,
        max: Option<u32>,
        min: Option<(u32, u32)>,
        exact: bool,
        basis: Option<Set>,
    },
    /// Every squadron holding the set has at most `n` of it.
    SquadronMax { n: u32, of: Set },
    /// Every squadron holding the set has at least `n` of it (`unless_lone`: but a lone ship of
    /// the set may stand alone when the fleet has no other).
    SquadronMin { n: u32, of: Set, unless_lone: bool },
    /// A squadron holding one of the set holds nothing else.
    SquadronPure { of: Set },
    /// No squadron holds both sets.
    SquadronApart { a: Set, b: Set },
    /// The set only in a fleet of that many points.
    NeedsPoints { of: Set, cmp: Cmp, points: u32 },
    /// Leaders of the first set ride ships of the second.
    On { leaders: Set, ships: Set, when: Cond },
    /// No ship carries leaders of both sets.
    Apart { a: Set, b: Set },
    /// Reserves of the two sets are not both taken.
    Exclusive { a: Set, b: Set },
    /// The list's ships (read into [`FleetList::roster`]).
    Roster,
    /// More classes the list fields (read into [`FleetList::roster`]).
    RosterPlus { of: Set },
    /// Classes of other races the list may take as reserves.
    Reserves { of: Set },
    /// Reserves only from this set.
    ReservesOnly { of: Set },
    /// Reserves of each type: at most `a` for every full `b` of that type from the list.
    ReserveRatio { a: u32, b: u32 },
    /// Escorts of the set carried by gravitic hooks: no more than the fleet's hooks hold.
    Hooks { of: Set },
    /// Weapon slots: checked as the ships' option groups (the build compares them).
    Slots,
    /// Options bought under this rule (priced and offered through the ships' options).
    Options,
    /// Leaders offered under this rule.
    Leaders,
    /// The list takes another's rules and roster (lists.csv; the build compares them).
    Inherit,
    /// Checked with another rule.
    See { rule: &'static str },
    /// Explained, not checked: the reading's note says why.
    Note,
}

impl Check {
    /// Whether it counts the fleet, and so can be broken.
    pub fn counts(&self) -> bool {
        !matches!(
            self,
            Check::Roster
                | Check::RosterPlus { .. }
                | Check::Reserves { .. }
                | Check::Slots
                | Check::Options
                | Check::Leaders
                | Check::Inherit
                | Check::See { .. }
                | Check::Note
        )
    }
}

/// One reading of a rule: a check and the words its messages use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub check: Check,
    /// The counted set's nouns, singular and plural, when the set's own would read badly.
    pub subject: Option<(&'static str, &'static str)>,
    /// The second set's nouns.
    pub basis: Option<(&'static str, &'static str)>,
    /// Our reading, in our words.
    pub note: Option<&'static str>,
}

/// A composition rule: a row of `fleet-lists.csv`, with our readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// "in-gothic/battleships".
    pub id: &'static str,
    /// What the row limits, as it says ("battleship").
    pub applies_to: &'static str,
    /// The row's kind: min, max, ratio, requires, per_points or option.
    pub kind: &'static str,
    pub value: &'static str,
    pub per: &'static str,
    /// The row's summary, shown with the rule.
    pub text: &'static str,
    pub source: &'static str,
    /// The row is marked UNVERIFIED: its problems are warnings, marked so.
    pub unverified: bool,
    pub readings: &'static [Reading],
}

impl Rule {
    /// Whether the engine checks it: some reading counts the fleet (the others sell options,
    /// give the roster, point to another rule or explain).
    pub fn checked(&self) -> bool {
        self.readings.iter().any(|r| r.check.counts())
    }
}

/// A class a list fields: a profile's id (or the name of one our tables lack) and the list's own
/// price where it differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RosterEntry {
    pub class: &'static str,
    /// It has a profile in our tables.
    pub profile: bool,
    pub points: Option<u32>,
}

/// A fleet list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FleetList {
    /// "in-gothic".
    pub id: &'static str,
    /// The faction's id.
    pub faction: &'static str,
    /// "Gothic Sector".
    pub name: &'static str,
    /// Indexes of its rules in [`super::rules`], general ones first.
    #[serde(skip)]
    pub rules: &'static [usize],
    /// Its rules' ids, in the same order.
    pub rule_ids: &'static [&'static str],
    pub roster: &'static [RosterEntry],
    pub note: Option<&'static str>,
}

impl FleetList {
    /// Its rules, general ones first.
    pub fn rules(&self) -> impl Iterator<Item = &'static Rule> + use<> {
        let rules = self.rules;
        rules.iter().filter_map(|&i| super::rules().get(i))
    }

    /// Whether it fields the class (id).
    pub fn fields(&self, class: &str) -> bool {
        self.roster.iter().any(|e| e.profile && e.class == class)
    }

    /// Its price for the class (id), where it has one of its own.
    pub fn price(&self, class: &str) -> Option<u32> {
        self.roster.iter().find(|e| e.profile && e.class == class).and_then(|e| e.points)
    }

    /// The god a god fleet serves ("nurgle"), from its id.
    pub fn god(&self) -> &'static str {
        self.id.strip_prefix("ch-").unwrap_or("")
    }
}

/// Where a leader goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "on", content = "ships", rename_all = "snake_case")]
pub enum Placement {
    /// On no ship: the fleet buys it.
    Fleet,
    /// On a ship of the set.
    Ships(Set),
}

/// A leader a fleet may take: a row of `commanders.csv` through our reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Leader {
    pub id: &'static str,
    /// As the pages show it: "Admiral", "Mark of Slaanesh".
    pub name: &'static str,
    /// The received row's name: "Chaos Lord (Black Crusade / god fleets)".
    pub row: &'static str,
    pub points: u32,
    /// As printed: "9", "+2 (max 10)", "- (ship keeps its own Ld)".
    pub leadership: &'static str,
    /// Re-rolls included, as printed: "1", "+1", "auto-pass 1 test".
    pub rerolls: &'static str,
    pub role: Role,
    /// The prices of 1, 2, 3... extra re-rolls bought.
    pub ladder: &'static [u32],
    pub placement: Placement,
    /// The lists (ids) that offer it.
    pub lists: &'static [&'static str],
    /// The received row's notes.
    pub about: &'static str,
    /// Our reading.
    pub note: Option<&'static str>,
    pub source: &'static str,
}

impl Leader {
    pub fn offered_in(&self, list: &str) -> bool {
        self.lists.contains(&list)
    }

    /// Points with `extra` re-rolls bought, or `None` past the ladder.
    pub fn cost(&self, extra: u32) -> Option<u32> {
        if extra == 0 {
            return Some(self.points);
        }
        let step = self.ladder.get(usize::try_from(extra).ok()?.checked_sub(1)?)?;
        Some(self.points.saturating_add(*step))
    }
}
