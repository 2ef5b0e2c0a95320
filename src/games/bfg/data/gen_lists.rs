//! Build time: the fleet lists, their composition rules and the leaders (`fleet-lists.csv` and
//! `commanders.csv` as received, through our `lists.csv`, `list-rules.csv` and `leaders.csv`), as
//! the Rust source of `LISTS`, `RULES` and `LEADERS`; and the class-set language the readings and
//! the options are written in.
//!
//! Not part of the library: compiled into `build.rs` next to `generate.rs` (which calls it) and
//! the shared reader. It does no I/O. A rule kind or a check the engine does not know, a class,
//! option or leader that does not exist, a rule without a reading or a reading without a rule
//! stops the build, naming the file and the line.

use super::datafile::{Error, Row, Table, lit};
use std::collections::{BTreeMap, BTreeSet};

/// The rule kinds of `fleet-lists.csv` the engine knows.
pub const RULE_KINDS: [&str; 6] = ["min", "max", "ratio", "requires", "per_points", "option"];

/// A ship profile as the set language sees it at build time.
pub struct Profile {
    pub id: String,
    pub name: String,
    /// Faction id.
    pub faction: String,
    /// "battleship", "battlecruiser", "heavy-cruiser", "cruiser", "light-cruiser", "escort".
    pub kind: &'static str,
    /// Its type as rules price it: BB, BC, HC, CA, CL, Escort.
    pub code: &'static str,
}

/// What a class set may name, for checking its atoms.
pub struct Known<'a> {
    pub profiles: &'a [Profile],
    pub factions: &'a BTreeSet<String>,
    pub options: &'a BTreeSet<String>,
    pub leaders: &'a BTreeSet<String>,
}

const KINDS: [(&str, &str); 6] = [
    ("battleship", "Battleship"),
    ("battlecruiser", "Battlecruiser"),
    ("heavy-cruiser", "HeavyCruiser"),
    ("cruiser", "Cruiser"),
    ("light-cruiser", "LightCruiser"),
    ("escort", "Escort"),
];

const ROLES: [(&str, &str); 8] = [
    ("commander", "Commander"),
    ("warlord", "Warlord"),
    ("lord", "Lord"),
    ("captain", "Captain"),
    ("ethereal", "Ethereal"),
    ("mark", "Mark"),
    ("rerolls", "Rerolls"),
    ("imperative", "Imperative"),
];

/// A class set, parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum SetAst {
    Atom(String),
    Any(Vec<SetAst>),
    All(Vec<SetAst>),
    Not(Box<SetAst>),
}

/// Parses a class set: atoms joined by `+` (or) and `&` (and), `!` (not), brackets.
pub fn parse_set(text: &str) -> Result<SetAst, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    let set = any(&chars, &mut at)?;
    skip_space(&chars, &mut at);
    if at < chars.len() {
        return Err(format!("{text:?} has {:?} left over", chars[at..].iter().collect::<String>()));
    }
    Ok(set)
}

fn skip_space(c: &[char], at: &mut usize) {
    while *at < c.len() && c[*at] == ' ' {
        *at += 1;
    }
}

fn any(c: &[char], at: &mut usize) -> Result<SetAst, String> {
    let mut terms = vec![all(c, at)?];
    loop {
        skip_space(c, at);
        if *at < c.len() && c[*at] == '+' {
            *at += 1;
            terms.push(all(c, at)?);
        } else {
            break;
        }
    }
    Ok(if terms.len() == 1 { terms.remove(0) } else { SetAst::Any(terms) })
}

fn all(c: &[char], at: &mut usize) -> Result<SetAst, String> {
    let mut factors = vec![factor(c, at)?];
    loop {
        skip_space(c, at);
        if *at < c.len() && c[*at] == '&' {
            *at += 1;
            factors.push(factor(c, at)?);
        } else {
            break;
        }
    }
    Ok(if factors.len() == 1 { factors.remove(0) } else { SetAst::All(factors) })
}

fn factor(c: &[char], at: &mut usize) -> Result<SetAst, String> {
    skip_space(c, at);
    match c.get(*at) {
        Some('!') => {
            *at += 1;
            Ok(SetAst::Not(Box::new(factor(c, at)?)))
        }
        Some('(') => {
            *at += 1;
            let inner = any(c, at)?;
            skip_space(c, at);
            if c.get(*at) != Some(&')') {
                return Err("a bracket is not closed".into());
            }
            *at += 1;
            Ok(inner)
        }
        Some(_) => {
            let start = *at;
            // A name (~) runs to the next operator; other atoms to a space too.
            let name = c[start] == '~';
            while *at < c.len() && !matches!(c[*at], '+' | '&' | ')') && (name || c[*at] != ' ') {
                *at += 1;
            }
            let atom: String = c[start..*at].iter().collect::<String>().trim().to_string();
            if atom.is_empty() { Err("an empty class".into()) } else { Ok(SetAst::Atom(atom)) }
        }
        None => Err("a class set ends too soon".into()),
    }
}

impl SetAst {
    /// The Rust value of the set (a `Set`), checking every atom against what exists; `leaders`
    /// whether it counts leaders (else ships).
    pub fn rust(&self, known: &Known) -> Result<(String, bool), String> {
        match self {
            SetAst::Atom(a) => atom(a, known),
            SetAst::Not(inner) => {
                let (r, l) = inner.rust(known)?;
                Ok((format!("Set::Not(&{r})"), l))
            }
            SetAst::Any(items) | SetAst::All(items) => {
                let mut parts = Vec::new();
                let mut domain = None;
                for i in items {
                    let (r, l) = i.rust(known)?;
                    if domain.is_some_and(|d| d != l) {
                        return Err("a set mixes ships and leaders".into());
                    }
                    domain = Some(l);
                    parts.push(r);
                }
                let which = if matches!(self, SetAst::Any(_)) { "Any" } else { "All" };
                Ok((format!("Set::{which}(&[{}])", parts.join(", ")), domain.unwrap_or(false)))
            }
        }
    }

    /// Whether a profile is in the set, for sets of classes read at build time (kinds,
    /// factions, classes and `capital`).
    pub fn matches(&self, p: &Profile) -> Result<bool, String> {
        Ok(match self {
            SetAst::Atom(a) => match a.as_str() {
                "capital" => p.kind != "escort",
                a if KINDS.iter().any(|(k, _)| *k == a) => p.kind == a,
                a if a.starts_with('=') => p.id == a[1..],
                a if a.starts_with("faction:") => p.faction == a["faction:".len()..],
                other => return Err(format!("{other:?} cannot pick profiles at build time")),
            },
            SetAst::Not(inner) => !inner.matches(p)?,
            SetAst::Any(items) => {
                let mut hit = false;
                for i in items {
                    hit |= i.matches(p)?;
                }
                hit
            }
            SetAst::All(items) => {
                let mut hit = true;
                for i in items {
                    hit &= i.matches(p)?;
                }
                hit
            }
        })
    }
}

fn atom(a: &str, known: &Known) -> Result<(String, bool), String> {
    if let Some((_, v)) = KINDS.iter().find(|(k, _)| *k == a) {
        return Ok((format!("Set::Kind(Kind::{v})"), false));
    }
    let ship = |s: &str| Ok((s.to_string(), false));
    match a {
        "capital" => return ship("Set::Capital"),
        "grand-cruiser" => return ship("Set::GrandCruiser"),
        "reserve" => return ship("Set::Reserve"),
        "squadroned" => return ship("Set::Squadroned"),
        "most-expensive" => return ship("Set::MostExpensive"),
        "option:mark-of-{god}" => return ship("Set::GodMark"),
        "commander" => return Ok(("Set::Role(LeaderRole::Commander)".into(), true)),
        "lord" => return Ok(("Set::Role(LeaderRole::Lord)".into(), true)),
        _ => {}
    }
    if let Some(id) = a.strip_prefix('=') {
        if !known.profiles.iter().any(|p| p.id == id) {
            return Err(format!("there is no ship {id:?}"));
        }
        return ship(&format!("Set::Class({})", lit(id)));
    }
    if let Some(name) = a.strip_prefix('~') {
        if known.profiles.iter().any(|p| p.name.eq_ignore_ascii_case(name)) {
            return Err(format!("{name:?} has a profile: write its id with ="));
        }
        return ship(&format!("Set::Missing({})", lit(name)));
    }
    if let Some(id) = a.strip_prefix("faction:") {
        if !known.factions.contains(id) {
            return Err(format!("there is no faction {id:?}"));
        }
        return ship(&format!("Set::Faction({})", lit(id)));
    }
    if let Some(id) = a.strip_prefix("option:") {
        if !known.options.contains(id) {
            return Err(format!("no ship has an option {id:?}"));
        }
        return ship(&format!("Set::Option({})", lit(id)));
    }
    if let Some(role) = a.strip_prefix("aboard:") {
        let (_, v) = ROLES.iter().find(|(r, _)| *r == role).ok_or_else(|| format!("no role {role:?}"))?;
        return ship(&format!("Set::Aboard(LeaderRole::{v})"));
    }
    if let Some(id) = a.strip_prefix("leader:") {
        if !known.leaders.contains(id) {
            return Err(format!("leaders.csv has no leader {id:?}"));
        }
        return Ok((format!("Set::Leader({})", lit(id)), true));
    }
    Err(format!("{a:?} is not a class, a kind or a set the language knows"))
}

/// A reading's check, read from its text.
struct Cursor<'a> {
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn word(&mut self) -> Option<&'a str> {
        let r = self.rest.trim_start();
        if r.is_empty() {
            return None;
        }
        let end = r.find(' ').unwrap_or(r.len());
        self.rest = &r[end..];
        Some(&r[..end])
    }

    fn expect(&mut self, w: &str) -> Result<(), String> {
        match self.word() {
            Some(got) if got == w => Ok(()),
            got => Err(format!("expected {w:?}, found {:?}", got.unwrap_or("the end"))),
        }
    }

    fn number(&mut self) -> Result<u32, String> {
        let w = self.word().ok_or("a number is missing")?;
        w.parse().map_err(|_| format!("{w:?} is not a whole number"))
    }

    /// Text up to the first of `stops` (each a whole word), or to the end.
    fn until(&mut self, stops: &[&str]) -> &'a str {
        let r = self.rest;
        let mut cut = r.len();
        for s in stops {
            let pat = format!(" {s}");
            let mut from = 0;
            while let Some(i) = r[from..].find(&pat) {
                let at = from + i;
                let after = at + pat.len();
                if r[after..].is_empty() || r[after..].starts_with(' ') {
                    cut = cut.min(at);
                    break;
                }
                from = after;
            }
        }
        self.rest = &r[cut..];
        r[..cut].trim()
    }

    fn done(&self) -> Result<(), String> {
        if self.rest.trim().is_empty() { Ok(()) } else { Err(format!("{:?} is left over", self.rest.trim())) }
    }
}

/// What a check's sets may be: ships or leaders.
fn set(text: &str, known: &Known, leaders: Option<bool>) -> Result<String, String> {
    let (r, l) = parse_set(text)?.rust(known)?;
    match leaders {
        Some(true) if !l => Err(format!("{text:?} must be a set of leaders")),
        Some(false) if l => Err(format!("{text:?} must be a set of ships")),
        _ => Ok(r),
    }
}

/// `when COND`: points > N, points >= N, SET, no SET, joined by `and`.
fn cond(text: &str, known: &Known) -> Result<String, String> {
    if text.is_empty() {
        return Ok("Cond::ALWAYS".into());
    }
    let (mut points, mut with, mut without) = ("None".to_string(), Vec::new(), Vec::new());
    for part in text.split(" and ").map(str::trim) {
        if let Some(n) = part.strip_prefix("points >= ") {
            points = format!("Some((Cmp::AtLeast, {}))", n.parse::<u32>().map_err(|_| format!("{n:?}"))?);
        } else if let Some(n) = part.strip_prefix("points > ") {
            points = format!("Some((Cmp::Over, {}))", n.parse::<u32>().map_err(|_| format!("{n:?}"))?);
        } else if let Some(s) = part.strip_prefix("no ") {
            without.push(set(s, known, None)?);
        } else {
            with.push(set(part, known, None)?);
        }
    }
    Ok(format!(
        "Cond {{ points: {points}, with: &[{}], without: &[{}] }}",
        with.join(", "),
        without.join(", ")
    ))
}

/// What a reading says besides its Rust: roster entries, or names it refers to for the build's
/// cross-checks.
#[derive(Default)]
pub struct Said {
    pub roster: Vec<(String, bool, Option<u32>)>,
    pub roster_plus: Option<SetAst>,
    pub options: Vec<String>,
    pub leaders: Vec<String>,
    pub see: Option<String>,
    pub inherit: Option<String>,
    pub slots: Vec<(String, String, u32)>,
}

/// The Rust `Check` of a reading's text.
pub fn check(text: &str, known: &Known) -> Result<(String, Said), String> {
    let mut c = Cursor { rest: text };
    let kind = c.word().ok_or("the check is blank")?;
    let mut said = Said::default();
    let rust = match kind {
        "max" | "min" => {
            let n = c.number()?;
            c.expect("of")?;
            let of = set(c.until(&["when"]), known, None)?;
            let when =
                if c.word() == Some("when") { cond(c.until(&[]), known)? } else { "Cond::ALWAYS".into() };
            let v = if kind == "max" { "Max" } else { "Min" };
            format!("Check::{v} {{ n: {n}, of: {of}, when: {when} }}")
        }
        "ratio" => {
            let a = c.number()?;
            c.expect("of")?;
            let of = set(c.until(&["per"]), known, None)?;
            c.expect("per")?;
            let b = c.number()?;
            c.expect("of")?;
            let per = set(c.until(&["at-least-one", "when"]), known, None)?;
            let mut at_least_one = false;
            let mut when = "Cond::ALWAYS".to_string();
            while let Some(w) = c.word() {
                match w {
                    "at-least-one" => at_least_one = true,
                    "when" => when = cond(c.until(&[]), known)?,
                    other => return Err(format!("{other:?} is not at-least-one or when")),
                }
            }
            format!(
                "Check::Ratio {{ a: {a}, of: {of}, b: {b}, per: {per}, at_least_one: {at_least_one}, when: {when} }}"
            )
        }
        "ratio-min" => {
            let a = c.number()?;
            c.expect("of")?;
            let of = set(c.until(&["per"]), known, Some(false))?;
            c.expect("per")?;
            let b = c.number()?;
            c.expect("of")?;
            let per = set(c.until(&[]), known, Some(false))?;
            format!("Check::RatioMin {{ a: {a}, of: {of}, b: {b}, per: {per} }}")
        }
        "share" => {
            let frac = c.word().ok_or("a share is missing")?;
            let (a, b) = frac.split_once('/').ok_or_else(|| format!("{frac:?} is not A/B"))?;
            let (a, b): (u32, u32) =
                (a.parse().map_err(|_| format!("{a:?}"))?, b.parse().map_err(|_| format!("{b:?}"))?);
            if b == 0 {
                return Err("a share over 0".into());
            }
            c.expect("of")?;
            let of = set(c.until(&["of"]), known, Some(false))?;
            c.expect("of")?;
            let among = set(c.until(&[]), known, Some(false))?;
            format!("Check::Share {{ a: {a}, b: {b}, of: {of}, among: {among} }}")
        }
        "fewer" => {
            let of = set(c.until(&["than"]), known, None)?;
            c.expect("than")?;
            let than = set(c.until(&[]), known, None)?;
            format!("Check::Fewer {{ of: {of}, than: {than} }}")
        }
        "per-points" => {
            let a = c.number()?;
            c.expect("of")?;
            let of = set(c.until(&["per"]), known, None)?;
            c.expect("per")?;
            let per = c.number()?;
            if per == 0 {
                return Err("per 0 points".into());
            }
            let part = match c.word() {
                Some("part") => true,
                Some("full") => false,
                other => return Err(format!("expected part or full, found {other:?}")),
            };
            let (mut max, mut min, mut exact, mut basis) =
                ("None".to_string(), "None".to_string(), false, "None".to_string());
            while let Some(w) = c.word() {
                match w {
                    "max" => max = format!("Some({})", c.number()?),
                    "min" => {
                        let k = c.number()?;
                        c.expect("from")?;
                        min = format!("Some(({k}, {}))", c.number()?);
                    }
                    "exact" => exact = true,
                    "of-points" => basis = format!("Some({})", set(c.until(&[]), known, Some(false))?),
                    other => return Err(format!("{other:?} is not max, min, exact or of-points")),
                }
            }
            format!(
                "Check::PerPoints {{ a: {a}, of: {of}, per: {per}, part: {part}, max: {max}, min: {min}, exact: {exact}, basis: {basis} }}"
            )
        }
        "squadron-max" | "squadron-min" => {
            let n = c.number()?;
            c.expect("of")?;
            let of = set(c.until(&["unless-lone"]), known, Some(false))?;
            let unless_lone = c.word() == Some("unless-lone");
            if kind == "squadron-max" {
                if unless_lone {
                    return Err("unless-lone goes with squadron-min".into());
                }
                format!("Check::SquadronMax {{ n: {n}, of: {of} }}")
            } else {
                format!("Check::SquadronMin {{ n: {n}, of: {of}, unless_lone: {unless_lone} }}")
            }
        }
        "squadron-pure" => {
            format!("Check::SquadronPure {{ of: {} }}", set(c.until(&[]), known, Some(false))?)
        }
        "squadron-apart" | "apart" | "exclusive" => {
            let leaders = kind == "apart";
            let a = set(c.until(&["and"]), known, Some(leaders))?;
            c.expect("and")?;
            let b = set(c.until(&[]), known, Some(leaders))?;
            let v = match kind {
                "squadron-apart" => "SquadronApart",
                "apart" => "Apart",
                _ => "Exclusive",
            };
            format!("Check::{v} {{ a: {a}, b: {b} }}")
        }
        "needs-points" => {
            let of = set(c.until(&[">", ">="]), known, None)?;
            let cmp = match c.word() {
                Some(">") => "Cmp::Over",
                Some(">=") => "Cmp::AtLeast",
                other => return Err(format!("expected > or >=, found {other:?}")),
            };
            let points = c.number()?;
            format!("Check::NeedsPoints {{ of: {of}, cmp: {cmp}, points: {points} }}")
        }
        "on" => {
            let leaders = set(c.until(&["of"]), known, Some(true))?;
            c.expect("of")?;
            let ships = set(c.until(&["when"]), known, Some(false))?;
            let when =
                if c.word() == Some("when") { cond(c.until(&[]), known)? } else { "Cond::ALWAYS".into() };
            format!("Check::On {{ leaders: {leaders}, ships: {ships}, when: {when} }}")
        }
        "roster" => {
            for entry in c.until(&[]).split(';').map(str::trim).filter(|e| !e.is_empty()) {
                if let Some(name) = entry.strip_prefix('~') {
                    atom(entry, known)?;
                    said.roster.push((name.to_string(), false, None));
                    continue;
                }
                let (class, points) = match entry.split_once('@') {
                    Some((c, p)) => (c, Some(p.parse::<u32>().map_err(|_| format!("{p:?} is not a price"))?)),
                    None => (entry, None),
                };
                let id =
                    class.strip_prefix('=').ok_or_else(|| format!("{entry:?} is not =class or ~Name"))?;
                atom(class, known)?;
                said.roster.push((id.to_string(), true, points));
            }
            "Check::Roster".into()
        }
        "roster+" | "reserves" | "reserves-only" | "hooks" => {
            let text = c.until(&[]);
            let of = set(text, known, Some(false))?;
            if kind == "roster+" {
                said.roster_plus = Some(parse_set(text)?);
            }
            let v = match kind {
                "roster+" => "RosterPlus",
                "reserves" => "Reserves",
                "reserves-only" => "ReservesOnly",
                _ => "Hooks",
            };
            format!("Check::{v} {{ of: {of} }}")
        }
        "reserve-ratio" => {
            let a = c.number()?;
            c.expect("per")?;
            let b = c.number()?;
            if b == 0 {
                return Err("per 0".into());
            }
            format!("Check::ReserveRatio {{ a: {a}, b: {b} }}")
        }
        "slots" => {
            for ship in c.until(&[]).split(';').map(str::trim) {
                let mut words = ship.split_whitespace();
                let class = words.next().ok_or("a slot line without a class")?;
                atom(class, known)?;
                let words: Vec<&str> = words.collect();
                for pair in words.chunks(2) {
                    let [group, n] = pair else {
                        return Err(format!("{ship:?}: a group without its number"));
                    };
                    let n = n.parse().map_err(|_| format!("{n:?} is not a number"))?;
                    said.slots.push((class[1..].to_string(), (*group).to_string(), n));
                }
            }
            "Check::Slots".into()
        }
        "options" | "leaders" => {
            let ids: Vec<String> = c.until(&[]).split_whitespace().map(str::to_string).collect();
            if ids.is_empty() {
                return Err(format!("{kind} names none"));
            }
            if kind == "options" {
                said.options = ids;
                "Check::Options".into()
            } else {
                said.leaders = ids;
                "Check::Leaders".into()
            }
        }
        "inherit" => {
            said.inherit = Some(c.word().ok_or("inherit names no list")?.to_string());
            "Check::Inherit".into()
        }
        "see" => {
            let rule = c.word().ok_or("see names no rule")?;
            said.see = Some(rule.to_string());
            format!("Check::See {{ rule: {} }}", lit(rule))
        }
        "note" => "Check::Note".into(),
        other => return Err(format!("{other:?} is not a check the engine knows")),
    };
    c.done()?;
    Ok((rust, said))
}

/// The nouns of a reading column: "singular|plural".
fn nouns(row: &Row, column: &str) -> Result<String, Error> {
    match row.optional(column)? {
        None => Ok("None".into()),
        Some(t) => {
            let (one, many) = t
                .split_once('|')
                .ok_or_else(|| row.error(column, format!("{t:?} is not singular|plural")))?;
            Ok(format!("Some(({}, {}))", lit(one.trim()), lit(many.trim())))
        }
    }
}

/// A list as `lists.csv` gives it.
pub struct ListRow {
    pub id: String,
    pub faction: String,
    /// The rule groups and rule ids it uses besides `general` and its own.
    pub uses: Vec<String>,
    pub line: usize,
}

impl ListRow {
    /// Whether it uses the rule group or rule id.
    pub fn uses(&self, group: &str) -> bool {
        self.id == group || self.uses.iter().any(|u| u == group)
    }
}

/// `lists.csv`, read first: the options need to know which lists a rule belongs to.
pub fn list_rows(lists: &Table, slug: fn(&str) -> String) -> Result<Vec<ListRow>, Error> {
    let mut out: Vec<ListRow> = Vec::new();
    for l in lists.rows() {
        let id = l.required("id")?.to_string();
        if out.iter().any(|o| o.id == id) {
            return Err(l.error("id", format!("a second list {id:?}")));
        }
        out.push(ListRow {
            faction: slug(l.required("faction")?),
            uses: l.list("rules")?.iter().map(|s| s.to_string()).collect(),
            id,
            line: l.line(),
        });
    }
    Ok(out)
}

/// The lists that use a rule group (a list's own id, `general`, or a group such as `in-all`).
pub fn lists_using(
    rows: &[ListRow],
    group: &str,
    rule: &str,
    skips: &BTreeMap<String, Vec<String>>,
) -> Vec<String> {
    rows.iter()
        .filter(|l| {
            let skipped = skips.get(&l.id).is_some_and(|s| s.iter().any(|r| r == rule));
            !skipped && (group == "general" || l.uses(group) || l.uses(rule))
        })
        .map(|l| l.id.clone())
        .collect()
}

/// The tables the lists, rules and leaders are read from.
pub struct Tables<'a> {
    pub rules: &'a Table,
    pub readings: &'a Table,
    pub lists: &'a Table,
    pub leaders: &'a Table,
    pub commanders: &'a Table,
}

/// The Rust source of `RULES`, `LISTS` and `LEADERS`. `option_rules`: each option id with the rule
/// that sells it (from options.csv), so the readings and the options name each other; `groups`:
/// each ship's option groups with their most picks, for the weapon-slot readings.
#[expect(clippy::type_complexity, reason = "two lists from the ships' options, handed on for cross-checks")]
pub fn generate(
    t: &Tables,
    list_rows: &[ListRow],
    known: &Known,
    (option_rules, groups): (&[(String, String)], &[(String, String, u32)]),
    out: &mut String,
) -> Result<(), Error> {
    let Tables { rules, readings, lists, leaders, commanders } = *t;
    // The rules, with their readings.
    let mut rule_ids: Vec<String> = Vec::new();
    let mut said_by: BTreeMap<String, Vec<(usize, Said)>> = BTreeMap::new();
    for r in rules.rows() {
        let id = r.required("rule_id")?;
        if rule_ids.iter().any(|x| x == id) {
            return Err(r.error("rule_id", format!("a second rule {id:?}")));
        }
        let kind = r.required("kind")?;
        if !RULE_KINDS.contains(&kind) {
            return Err(r.error(
                "kind",
                format!("{kind:?} is not a rule kind the engine knows ({})", RULE_KINDS.join(", ")),
            ));
        }
        rule_ids.push(id.to_string());
    }
    let mut reading_src: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for rd in readings.rows() {
        let id = rd.required("rule_id")?;
        if !rule_ids.iter().any(|x| x == id) {
            return Err(rd.error("rule_id", format!("fleet-lists.csv has no rule {id:?}")));
        }
        let (check, said) = check(rd.required("check")?, known).map_err(|m| rd.error("check", m))?;
        let note = match rd.optional("note")? {
            Some(n) => format!("Some({})", lit(n)),
            None => "None".into(),
        };
        reading_src.entry(id.to_string()).or_default().push(format!(
            "Reading {{ check: {check}, subject: {}, basis: {}, note: {note} }}",
            nouns(&rd, "subject")?,
            nouns(&rd, "basis")?
        ));
        said_by.entry(id.to_string()).or_default().push((rd.line(), said));
    }

    // Skips, and which lists each rule reaches.
    let mut skips: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for l in lists.rows() {
        let s: Vec<String> = l.list("skips")?.iter().map(|s| s.to_string()).collect();
        for rule in &s {
            if !rule.starts_with("general/") || !rule_ids.contains(rule) {
                return Err(l.error("skips", format!("{rule:?} is not a general rule")));
            }
        }
        skips.insert(l.required("id")?.to_string(), s);
        for used in l.list("rules")? {
            let is_rule = rule_ids.iter().any(|r| r == used);
            let is_group = rule_ids.iter().any(|r| r.split('/').next() == Some(used));
            if !is_rule && !is_group {
                return Err(l.error("rules", format!("{used:?} is neither a rule nor a rule group")));
            }
        }
    }
    let mut reach: Vec<Vec<String>> = Vec::new();
    for (r, id) in rules.rows().zip(&rule_ids) {
        let group = id.split('/').next().unwrap_or("");
        let lists = lists_using(list_rows, group, id, &skips);
        if lists.is_empty() {
            return Err(r.error("rule_id", format!("no list of lists.csv uses {group:?}")));
        }
        let Some(said) = said_by.get(id) else {
            return Err(r.error("rule_id", format!("list-rules.csv has no reading of {id:?}")));
        };
        for (line, s) in said {
            let at = |m: String| Error(format!("list-rules.csv, line {line}, column check: {m}"));
            if let Some(see) = &s.see
                && !rule_ids.contains(see)
            {
                return Err(at(format!("fleet-lists.csv has no rule {see:?}")));
            }
            for o in &s.options {
                if !option_rules.iter().any(|(oid, rule)| oid == o && rule == id) {
                    return Err(at(format!("options.csv sells no option {o:?} under {id}")));
                }
            }
            for (class, group, n) in &s.slots {
                if !groups.iter().any(|(c, g, m)| c == class && g == group && m == n) {
                    return Err(at(format!("groups.csv does not give {class} the group {group} of {n}")));
                }
            }
            if let Some(base) = &s.inherit {
                for l in list_rows.iter().filter(|l| lists.contains(&l.id)) {
                    if !l.uses(base) {
                        return Err(at(format!("lists.csv: {} does not use the rules of {base}", l.id)));
                    }
                }
            }
        }
        reach.push(lists);
    }
    for (oid, rule) in option_rules {
        let lists_it = said_by.get(rule).is_some_and(|s| s.iter().any(|(_, s)| s.options.contains(oid)));
        if !lists_it {
            return Err(Error(format!(
                "options.csv: the option {oid:?} of {rule} is not in that rule's `options` reading"
            )));
        }
    }
    out.push_str(&format!(
        "\n/// Every composition rule of `data/fleet-lists.csv`, with our readings from `data/list-rules.csv`.\nstatic RULES: [Rule; {}] = [\n",
        rule_ids.len()
    ));
    for (r, id) in rules.rows().zip(&rule_ids) {
        let text = r.required("text")?;
        out.push_str(&format!(
            "    Rule {{ id: {}, applies_to: {}, kind: {}, value: {}, per: {}, text: {}, source: {}, unverified: {}, readings: &[{}] }},\n",
            lit(id),
            lit(r.required("applies_to")?),
            lit(r.required("kind")?),
            lit(r.text("value")?),
            lit(r.text("per")?),
            lit(text),
            lit(r.required("source")?),
            text.starts_with("UNVERIFIED"),
            reading_src.get(id).map(|v| v.join(", ")).unwrap_or_default(),
        ));
    }
    out.push_str("];\n");

    // The lists: their rules and rosters.
    out.push_str(&format!(
        "\n/// Every fleet list of `data/lists.csv`, with its rules and roster resolved.\nstatic LISTS: [FleetList; {}] = [\n",
        list_rows.len()
    ));
    for (l, row) in lists.rows().zip(list_rows) {
        let indexes: Vec<usize> = (0..rule_ids.len()).filter(|&i| reach[i].contains(&row.id)).collect();
        let ids: Vec<&str> = indexes.iter().map(|&i| rule_ids[i].as_str()).collect();
        let roster_text = l.required("roster")?;
        let mut roster: Vec<(String, bool, Option<u32>)> = if roster_text == "all" {
            known
                .profiles
                .iter()
                .filter(|p| p.faction == row.faction)
                .map(|p| (p.id.clone(), true, None))
                .collect()
        } else if let Some(said) = said_by.get(roster_text) {
            let r: Vec<_> = said.iter().flat_map(|(_, s)| s.roster.clone()).collect();
            if r.is_empty() {
                return Err(l.error("roster", format!("{roster_text} has no roster reading")));
            }
            r
        } else {
            let s = parse_set(roster_text).map_err(|m| l.error("roster", m))?;
            let mut r = Vec::new();
            for p in known.profiles {
                if s.matches(p).map_err(|m| l.error("roster", m))? {
                    r.push((p.id.clone(), true, None));
                }
            }
            if r.is_empty() {
                return Err(l.error("roster", format!("{roster_text:?} is no roster rule and picks no ship")));
            }
            r
        };
        for &i in &indexes {
            for (_, s) in said_by.get(&rule_ids[i]).into_iter().flatten() {
                if let Some(plus) = &s.roster_plus {
                    for p in known.profiles {
                        if plus.matches(p).map_err(|m| Error(format!("list-rules.csv: {m}")))?
                            && !roster.iter().any(|(c, _, _)| *c == p.id)
                        {
                            roster.push((p.id.clone(), true, None));
                        }
                    }
                }
            }
        }
        if let Some(res) = l.optional("reserves")?
            && !ids.contains(&res)
        {
            return Err(l.error("reserves", format!("{res:?} is not one of this list's rules")));
        }
        let entries: Vec<String> = roster
            .iter()
            .map(|(c, p, pts)| {
                let pts = pts.map_or("None".to_string(), |p| format!("Some({p})"));
                format!("RosterEntry {{ class: {}, profile: {p}, points: {pts} }}", lit(c))
            })
            .collect();
        let note = match l.optional("note")? {
            Some(n) => format!("Some({})", lit(n)),
            None => "None".into(),
        };
        out.push_str(&format!(
            "    FleetList {{ id: {}, faction: {}, name: {}, rules: &[{}], rule_ids: &[{}], roster: &[{}], note: {note} }},\n",
            lit(&row.id),
            lit(&row.faction),
            lit(l.required("name")?),
            indexes.iter().map(usize::to_string).collect::<Vec<_>>().join(", "),
            ids.iter().map(|i| lit(i)).collect::<Vec<_>>().join(", "),
            entries.join(", "),
        ));
    }
    out.push_str("];\n");
    leaders_source(leaders, commanders, list_rows, known, &said_by, out)
}

/// `LEADERS`: leaders.csv over commanders.csv; every received row claimed once or more.
fn leaders_source(
    leaders: &Table,
    commanders: &Table,
    list_rows: &[ListRow],
    known: &Known,
    said_by: &BTreeMap<String, Vec<(usize, Said)>>,
    out: &mut String,
) -> Result<(), Error> {
    let mut claimed = BTreeSet::new();
    let mut items = Vec::new();
    let mut ids = BTreeSet::new();
    for l in leaders.rows() {
        let id = l.required("id")?;
        if !ids.insert(id.to_string()) {
            return Err(l.error("id", format!("a second leader {id:?}")));
        }
        let row_name = l.required("row")?;
        let row = commanders
            .find("name", row_name)
            .ok_or_else(|| l.error("row", format!("commanders.csv has no row {row_name:?}")))?;
        claimed.insert(row.line());
        for ladder_row in l.list("ladder_rows")? {
            let r = commanders
                .find("name", ladder_row)
                .ok_or_else(|| l.error("ladder_rows", format!("commanders.csv has no row {ladder_row:?}")))?;
            claimed.insert(r.line());
        }
        let role = l.required("role")?;
        if role == "none" {
            continue;
        }
        let (_, role_v) = ROLES
            .iter()
            .find(|(r, _)| *r == role)
            .ok_or_else(|| l.error("role", format!("{role:?} is no role")))?;
        let received = row.required("points")?;
        let points: u32 = match l.required("points")? {
            "row" => {
                received.parse().map_err(|_| l.error("points", format!("{received:?} is not one figure")))?
            }
            "first" => received
                .split('/')
                .next()
                .and_then(|p| p.trim().parse().ok())
                .ok_or_else(|| l.error("points", format!("{received:?} has no first figure")))?,
            other => {
                let key =
                    other.strip_prefix("mark:").ok_or_else(|| l.error("points", format!("{other:?}")))?;
                figure_after(received, key)
                    .ok_or_else(|| l.error("points", format!("{received:?} gives no {key}")))?
            }
        };
        let mut ladder = Vec::new();
        for step in l.list("ladder")? {
            let n: u32 = step.parse().map_err(|_| l.error("ladder", format!("{step:?}")))?;
            // The figure must be written in the received rows named, or in the row's own cells.
            let mut texts = vec![row.text("notes")?.to_string(), received.to_string()];
            for lr in l.list("ladder_rows")? {
                if let Some(r) = commanders.find("name", lr) {
                    texts.push(r.text("points")?.to_string());
                }
            }
            if !texts.iter().any(|t| t.split(|ch: char| !ch.is_ascii_digit()).any(|d| d == step)) {
                return Err(
                    l.error("ladder", format!("{n} is in neither the row's notes nor the ladder rows"))
                );
            }
            ladder.push(n.to_string());
        }
        let placement = match l.required("placement")? {
            "fleet" => "Placement::Fleet".to_string(),
            p => format!(
                "Placement::Ships({})",
                set(p, known, Some(false)).map_err(|m| l.error("placement", m))?
            ),
        };
        let mut lists = Vec::new();
        for g in l.list("lists")? {
            let reached: Vec<&ListRow> = list_rows.iter().filter(|r| r.uses(g)).collect();
            if reached.is_empty() {
                return Err(l.error("lists", format!("no list is or uses {g:?}")));
            }
            for r in reached {
                if !lists.contains(&lit(&r.id)) {
                    lists.push(lit(&r.id));
                }
            }
        }
        let note = match l.optional("note")? {
            Some(n) => format!("Some({})", lit(n)),
            None => "None".into(),
        };
        items.push(format!(
            "    Leader {{ id: {}, name: {}, row: {}, points: {points}, leadership: {}, rerolls: {}, role: LeaderRole::{role_v}, ladder: &[{}], placement: {placement}, lists: &[{}], about: {}, note: {note}, source: {} }},\n",
            lit(id),
            lit(l.required("name")?),
            lit(row_name),
            lit(row.required("leadership")?),
            lit(row.required("rerolls")?),
            ladder.join(", "),
            lists.join(", "),
            lit(row.text("notes")?),
            lit(row.required("source")?),
        ));
    }
    for r in commanders.rows() {
        if !claimed.contains(&r.line()) {
            return Err(r.error("name", "leaders.csv names no leader of this row"));
        }
    }
    for (rule, said) in said_by {
        for (line, s) in said {
            for id in &s.leaders {
                if !ids.contains(id) {
                    return Err(Error(format!(
                        "list-rules.csv, line {line}, column check: {rule} names no leader {id:?}"
                    )));
                }
            }
        }
    }
    out.push_str(&format!(
        "\n/// Every leader of `data/leaders.csv` over `data/commanders.csv`.\nstatic LEADERS: [Leader; {}] = [\n",
        items.len()
    ));
    for i in items {
        out.push_str(&i);
    }
    out.push_str("];\n");
    Ok(())
}

/// The figure written after `key` in a text ("Slaanesh 25 / Khorne 20" and "Khorne": 20; "BB +50"
/// and "BB": 50).
pub fn figure_after(text: &str, key: &str) -> Option<u32> {
    let at = text.find(key)? + key.len();
    let rest = text[at..].trim_start().trim_start_matches('+');
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}
