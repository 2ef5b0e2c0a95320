//! Build time: the class-set language the fleet lists' readings and the options are written in
//! ("capital and not battleship", "option:nova-cannon"), checked against the known classes,
//! factions, options and leaders and turned into the Rust of the engine's `Set`, `Cond` and
//! `Check`. Part of `gen_lists.rs` (its `sets` module), compiled into `build.rs` with it.

use super::lit;
use std::collections::BTreeSet;

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

pub(super) const ROLES: [(&str, &str); 8] = [
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
pub(super) fn set(text: &str, known: &Known, leaders: Option<bool>) -> Result<String, String> {
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
