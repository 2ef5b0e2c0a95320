//! The grammar of a part: a piece of the line (between commas, periods, semicolons and "and") read
//! as a typed [`Item`]: [count] [qualifiers] noun [ammunition and options] [placement]
//! [facings], in whatever order the line puts them, with parenthetical options, facings, counts
//! and printed figures anywhere after the noun. Nothing here asks what the parts cost or where
//! they may go: that is the resolver's work ([`super::resolve`]).

use super::lex::{Lexed, Tok};
use super::vocab::{self, Facing, Noun, count_word};
use crate::games::carwars::design::Section;
use crate::games::carwars::tables::{Loc, Weapon};

/// What stands before a piece of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sep {
    #[default]
    Start,
    Comma,
    Period,
    Colon,
    And,
}

/// A figure printed in parentheses after a part: checked against the tables, never trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FigureKind {
    Cost,
    Weight,
    Spaces,
    PowerFactors,
    Dp,
}

#[derive(Debug, Clone, Copy)]
pub struct Figure {
    pub kind: FigureKind,
    pub value: f64,
    /// Where it is printed, to quote it back.
    pub from: usize,
    pub to: usize,
}

/// A turret as the line describes it, or the turret a weapon is placed in.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TurretSpec {
    pub size: Option<u32>,
    pub universal: bool,
    pub popup: bool,
    pub location: Option<Loc>,
    /// The location was said as "front" or "back" rather than as a top location.
    pub by_end: bool,
}

/// Magazines written with a weapon: "fed by three 3-space magazines", "(rocket magazine of 3)".
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Magazines {
    /// How many magazines.
    pub count: Option<u32>,
    /// Spaces each holds.
    pub spaces: Option<u32>,
    /// Rockets each weapon's magazine holds.
    pub rockets: Option<u32>,
    /// Said "rocket magazine".
    pub rocket: bool,
    /// "fed by ...": the magazines are shared out among the weapons of the part.
    pub shared: bool,
}

/// What a part written on its own feeds: "3 rocket magazines feeding the turret".
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Feeds {
    Turret(TurretSpec),
    Weapon(&'static Weapon),
}

/// A part as written.
#[derive(Debug, Clone, Default)]
pub struct Item {
    pub from: usize,
    pub to: usize,
    pub sep: Sep,
    pub count: Option<u32>,
    pub noun: Option<Noun>,
    pub plural: bool,
    pub noun_from: usize,
    pub noun_to: usize,
    /// Ammunition, as an index into [`vocab::AmmoWords::names`].
    pub ammo: Option<usize>,
    pub linked: bool,
    pub link_group: Option<u32>,
    pub extra_magazines: Option<u32>,
    pub magazine_switch: bool,
    pub magazines: Option<Magazines>,
    /// Points of propeller guard ("with 10-point guards").
    pub points: Option<u32>,
    pub guard: bool,
    /// A turret's own description, or the turret a weapon sits in.
    pub turret: Option<TurretSpec>,
    pub section: Option<Section>,
    /// In cargo space (`Some(true)`) or in body space (`Some(false)`).
    pub cargo: Option<bool>,
    /// "N heavy rockets in magazines": extra rockets for the weapons already read.
    pub in_magazines: bool,
    pub facings: Vec<(Option<u32>, Facing)>,
    /// "one each R, L": this many on each facing listed without a count.
    pub per_facing: Option<u32>,
    pub figures: Vec<Figure>,
    /// "for 6": accommodations for six.
    pub for_n: Option<u32>,
    /// A Deck's split.
    pub below: Option<u32>,
    pub above: Option<u32>,
    pub feeds: Option<Feeds>,
    /// Said "each" ("10 points each").
    pub each: bool,
    /// A magazine was the last thing named: "of 3" and "(3 spaces)" are its.
    pub magazine_focus: bool,
    /// Parts written after "with" that are parts of their own (a turret's weapons, a hull's fittings).
    pub subs: Vec<Item>,
    pub empty: bool,
}

impl Item {
    /// Whether it says anything that could belong to the part before it ("..., one each side").
    pub fn is_continuation(&self) -> bool {
        self.noun.is_none()
            && self.count.is_none()
            && self.subs.is_empty()
            && (!self.facings.is_empty()
                || self.ammo.is_some()
                || self.linked
                || self.link_group.is_some()
                || self.turret.is_some()
                || self.section.is_some()
                || self.cargo.is_some()
                || self.magazines.is_some()
                || self.extra_magazines.is_some()
                || self.magazine_switch
                || !self.figures.is_empty())
    }

    /// Takes in what a continuation says.
    pub fn absorb(&mut self, c: Item) {
        self.facings.extend(c.facings);
        self.per_facing = self.per_facing.or(c.per_facing);
        self.ammo = self.ammo.or(c.ammo);
        self.linked |= c.linked;
        self.link_group = self.link_group.or(c.link_group);
        self.turret = self.turret.or(c.turret);
        self.section = self.section.or(c.section);
        self.cargo = self.cargo.or(c.cargo);
        self.magazines = self.magazines.or(c.magazines);
        self.extra_magazines = self.extra_magazines.or(c.extra_magazines);
        self.magazine_switch |= c.magazine_switch;
        self.figures.extend(c.figures);
        self.to = c.to;
    }

    /// Says where it points or sits.
    pub fn is_placed(&self) -> bool {
        !self.facings.is_empty() || self.turret.is_some() || self.section.is_some()
    }
}

/// Why a piece could not be read.
#[derive(Debug, Clone)]
pub struct Unread {
    pub why: String,
}

type Read<T> = Result<T, Unread>;

/// Numbers the item grammar has seen but not yet given to anything.
#[derive(Default)]
struct Pending {
    count: Option<(u32, usize)>,
    size: Option<u32>,
    turret: Option<TurretSpec>,
    /// "fed by": the next magazines feed this part.
    fed_by: bool,
    /// After "with": a second part is a part of its own.
    with: bool,
}

/// Reads one piece as an item.
pub fn item(lx: &Lexed, from: usize, to: usize, sep: Sep) -> Read<Item> {
    let mut it = Item { from, to, sep, ..Item::default() };
    fill(lx, &mut it, from, to, false)?;
    Ok(it)
}

fn unread(_at: usize, why: impl Into<String>) -> Unread {
    Unread { why: why.into() }
}

fn matching_paren(lx: &Lexed, open: usize, end: usize) -> Option<usize> {
    let mut depth = 0usize;
    for j in open..end {
        match lx.kind(j) {
            Some(Tok::Punct('(')) => depth += 1,
            Some(Tok::Punct(')')) => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
    }
    None
}

/// A whole number (or a count word) at `i`: its value and the token after it.
fn number_at(lx: &Lexed, i: usize) -> Option<(u32, usize)> {
    match lx.kind(i)? {
        Tok::Number => {
            let v = lx.tokens[i].value;
            (v.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&v)).then_some((v as u32, i + 1))
        }
        Tok::Word => count_word(lx.word(i)).map(|n| (n, i + 1)),
        _ => None,
    }
}

fn is_any(lx: &Lexed, i: usize, words: &[&str]) -> bool {
    lx.kind(i) == Some(Tok::Word) && words.contains(&lx.word(i))
}

const SPACE_WORDS: &[&str] = &["space", "spaces", "sp", "spc", "spcs", "sps"];
const POINT_WORDS: &[&str] = &["point", "points", "pt", "pts"];
const WEIGHT_WORDS: &[&str] = &["lb", "lbs", "pound", "pounds"];
const ROCKET_WORDS: &[&str] = &["rockets", "rocket", "shots", "shot", "rounds", "missiles", "reloads"];
const PEOPLE_WORDS: &[&str] =
    &["people", "persons", "person", "passengers", "passenger", "guests", "berths", "bunks", "men", "crew"];
/// Words that say nothing the reader needs.
const FILLER: &[&str] = &[
    "loaded",
    "mounted",
    "mount",
    "firing",
    "fires",
    "fire",
    "fired",
    "facing",
    "faces",
    "aimed",
    "aiming",
    "pointing",
    "pointed",
    "armed",
    "equipped",
    "the",
    "total",
    "only",
    "standard",
    "installed",
    "fitted",
    "pairs",
];

/// A turret named by its qualifiers: "[a] [universal] [pop-up] [3-space] [front|FT|top] turret".
fn turret_at(lx: &Lexed, i: usize, end: usize) -> Option<(TurretSpec, usize)> {
    let mut spec = TurretSpec::default();
    let mut j = i;
    while j < end {
        let w = lx.word(j);
        if lx.kind(j) == Some(Tok::Word) && matches!(w, "turret" | "turrets") {
            return Some((spec, j + 1));
        }
        if lx.is_punct(j, '/') || j == i && is_any(lx, j, &["a", "an", "the"]) {
            j += 1;
        } else if is_any(lx, j, &["universal"]) {
            spec.universal = true;
            j += 1;
        } else if is_any(lx, j, &["popup"]) {
            spec.popup = true;
            j += 1;
        } else if is_any(lx, j, &["pop"]) && is_any(lx, j + 1, &["up"]) {
            spec.popup = true;
            j += 2;
        } else if let Some((n, k)) = number_at(lx, j).filter(|_| lx.kind(j) == Some(Tok::Number))
            && is_any(lx, k, SPACE_WORDS)
        {
            spec.size = Some(n);
            j = k + 1;
        } else if let Some((loc, by_end, k)) = top_location(lx, j, end) {
            spec.location = Some(loc);
            spec.by_end = by_end;
            j = k;
        } else {
            return None;
        }
    }
    None
}

/// Where on the top a turret sits: "FT", "front top", "top", or "front" and "back".
fn top_location(lx: &Lexed, i: usize, end: usize) -> Option<(Loc, bool, usize)> {
    let two = |a: &[&str], b: &str| is_any(lx, i, a) && i + 1 < end && lx.is_word(i + 1, b);
    if two(&["front", "forward", "fore"], "top") {
        return Some((Loc::FT, false, i + 2));
    }
    if two(&["back", "rear", "aft"], "top") {
        return Some((Loc::BT, false, i + 2));
    }
    let loc = match lx.word(i) {
        "ft" => (Loc::FT, false),
        "bt" => (Loc::BT, false),
        "t" | "top" => (Loc::T, false),
        "front" | "forward" | "fore" | "fwd" => (Loc::FT, true),
        "back" | "rear" | "aft" => (Loc::BT, true),
        _ => return None,
    };
    (lx.kind(i) == Some(Tok::Word)).then_some((loc.0, loc.1, i + 1))
}

/// Ammunition at `i` and any words for it that follow ("AP rockets", "HD ammo").
fn ammo_at(lx: &Lexed, i: usize, end: usize) -> Option<(usize, usize)> {
    let (e, mut j) = vocab::ammunition().phrases.longest(lx, i, end)?;
    while j < end && is_any(lx, j, vocab::AMMO_WORDS) {
        j += 1;
    }
    Some((e.value, j))
}

/// Reads tokens `from..to` into `it`; `paren`: inside parentheses, where commas and "and" only
/// separate options.
fn fill(lx: &Lexed, it: &mut Item, from: usize, to: usize, paren: bool) -> Read<()> {
    let mut p = Pending::default();
    let mut i = from;
    while i < to {
        let Some(t) = lx.tokens.get(i) else { break };
        match t.kind {
            Tok::Punct('(') => {
                let close =
                    matching_paren(lx, i, to).ok_or_else(|| unread(i, "a \"(\" that is never closed"))?;
                settle(it, &mut p, i)?;
                fill(lx, it, i + 1, close, true)?;
                i = close + 1;
            }
            Tok::Punct(')') => return Err(unread(i, "a \")\" without its \"(\"")),
            Tok::Punct(',' | ';' | '.') if paren => {
                settle(it, &mut p, i)?;
                i += 1;
            }
            Tok::Punct(
                '/' | '+' | '*' | '"' | '\'' | '’' | '‘' | '“' | '”' | '&' | ':' | '=' | '-' | '#' | '~',
            ) => i += 1,
            Tok::Punct(c) => return Err(unread(i, format!("\"{c}\" has no meaning here"))),
            Tok::Money => {
                let each = is_any(lx, i + 1, &["each", "ea", "apiece"]);
                it.figures.push(Figure { kind: FigureKind::Cost, value: t.value, from: i, to: i + 1 });
                i += 1 + usize::from(each);
            }
            Tok::Word | Tok::Number => i = word(lx, it, &mut p, i, to, paren)?,
        }
    }
    settle(it, &mut p, to)
}

/// Gives a number still waiting to whatever can take it, at a separator or the end.
fn settle(it: &mut Item, p: &mut Pending, at: usize) -> Read<()> {
    if let Some(spec) = p.turret.take() {
        return Err(unread(at, format!("a turret ({}) with nothing in it", describe(&spec))));
    }
    if p.size.take().is_some() {
        return Err(unread(at, "a size in spaces with no turret or magazine after it"));
    }
    let Some((n, where_)) = p.count.take() else { return Ok(()) };
    match it.noun {
        Some(Noun::PropellerGuard) if it.points.is_none() => it.points = Some(n),
        _ if it.magazine_focus && it.magazines.is_some_and(|m| m.rockets.is_none() && m.spaces.is_none()) => {
            if let Some(m) = &mut it.magazines {
                m.rockets = Some(n);
            }
        }
        Some(_) if it.count.is_none() => it.count = Some(n),
        _ => return Err(unread(where_, format!("{n} of nothing: a number with no part to count"))),
    }
    Ok(())
}

fn describe(spec: &TurretSpec) -> String {
    let mut s = String::new();
    if let Some(n) = spec.size {
        s.push_str(&format!("{n}-space"));
    }
    if spec.universal {
        s.push_str(" universal");
    }
    s.trim().to_owned()
}

/// Reads the word or number at `i`; returns the next token to read.
fn word(lx: &Lexed, it: &mut Item, p: &mut Pending, i: usize, to: usize, paren: bool) -> Read<usize> {
    let w = lx.word(i);
    // Inside a turret's parentheses: its location, size and kind ("(FT)", "(universal)").
    if paren && it.noun == Some(Noun::Turret) {
        if let Some((loc, by_end, next)) = top_location(lx, i, to) {
            let spec = it.turret.get_or_insert_with(TurretSpec::default);
            spec.location = Some(loc);
            spec.by_end = by_end;
            return Ok(next);
        }
        if lx.kind(i) == Some(Tok::Number)
            && is_any(lx, i + 1, SPACE_WORDS)
            && it.turret.is_some_and(|t| t.size.is_none())
        {
            let (n, _) = number_at(lx, i).ok_or_else(|| unread(i, "not a whole number"))?;
            if let Some(t) = &mut it.turret {
                t.size = Some(n);
            }
            return Ok(i + 2);
        }
    }
    if w == "and" {
        settle(it, p, i)?;
        return Ok(i + 1);
    }
    // After "with", a turret holds weapons and a hull has fittings: parts of their own.
    if p.with && matches!(it.noun, Some(Noun::Turret | Noun::Hull(_))) {
        let start = p.count.take().map_or(i, |(_, at)| at);
        let mut sub = Item { from: start, to, sep: Sep::And, ..Item::default() };
        fill(lx, &mut sub, start, to, false)?;
        it.subs.push(sub);
        return Ok(to);
    }
    // After the part, "L" is its facing, not a laser.
    if it.noun.is_some()
        && !p.with
        && let Some((f, next)) = vocab::facings().longest(lx, i, to)
    {
        let n = p.count.take().map(|(n, _)| n);
        it.facings.push((n, f.value));
        return Ok(next);
    }
    // A turret named with its qualifiers: the part itself, or where a weapon sits.
    if let Some((mut spec, next)) = turret_at(lx, i, to) {
        if let Some(n) = p.size.take() {
            spec.size = spec.size.or(Some(n));
        }
        if let Some(q) = p.turret.take() {
            spec.universal |= q.universal;
            spec.popup |= q.popup;
            spec.location = spec.location.or(q.location);
        }
        match it.noun {
            None => {
                it.noun = Some(Noun::Turret);
                it.plural = lx.word(next - 1) == "turrets";
                (it.noun_from, it.noun_to) = (i, next);
                it.count = p.count.take().map(|(n, _)| n).or(it.count);
                it.turret = Some(spec);
            }
            Some(Noun::Turret) => return Err(unread(i, "a second turret in one part")),
            Some(_) => it.turret = Some(spec),
        }
        return Ok(next);
    }
    if let Some((e, next)) = vocab::nouns().longest(lx, i, to) {
        let noun = e.value;
        return noun_here(lx, it, p, noun, e.plural, i, next, to, paren);
    }
    if let Some((f, next)) = vocab::facings().longest(lx, i, to) {
        let n = p.count.take().map(|(n, _)| n);
        it.facings.push((n, f.value));
        return Ok(next);
    }
    if let Some((a, next)) = ammo_at(lx, i, to) {
        if it.ammo.is_some_and(|b| b != a) {
            return Err(unread(i, "two kinds of ammunition for one part"));
        }
        it.ammo = Some(a);
        return Ok(next);
    }
    if let Some((n, next)) = number_at(lx, i) {
        return number(lx, it, p, n, i, next, to);
    }
    let next = i + 1;
    match w {
        "with" | "plus" | "carrying" | "holding" | "containing" | "mounting" | "w" | "having" => {
            p.with = true;
            Ok(next)
        }
        "in" | "inside" | "within" | "into" | "on" | "at" => placement(lx, it, i, next, to),
        "turreted" => {
            it.turret.get_or_insert_with(TurretSpec::default);
            Ok(next)
        }
        "linked" => {
            it.linked = true;
            Ok(next)
        }
        "link" | "links" if is_any(lx, next, &["group"]) => {
            let (g, after) =
                number_at(lx, next + 1).ok_or_else(|| unread(next, "a link group needs a number"))?;
            it.link_group = Some(g);
            Ok(after)
        }
        "each" | "ea" | "apiece" => {
            it.each = true;
            Ok(next)
        }
        "for" => {
            if let Some((n, mut after)) = number_at(lx, next) {
                it.for_n = Some(n);
                while is_any(lx, after, PEOPLE_WORDS) {
                    after += 1;
                }
                return Ok(after);
            }
            target(lx, it, next, to)
        }
        "to" | "towards" | "toward" => {
            // "to port", "to the rear": a facing.
            let k = if is_any(lx, next, &["the"]) { next + 1 } else { next };
            if let Some((f, after)) = vocab::facings().longest(lx, k, to) {
                it.facings.push((p.count.take().map(|(n, _)| n), f.value));
                return Ok(after);
            }
            target(lx, it, next, to)
        }
        "feeding" | "feeds" | "feed" | "serving" | "serves" | "supplying" => target(lx, it, next, to),
        "fed" | "supplied" if is_any(lx, next, &["by", "from"]) => {
            p.fed_by = true;
            Ok(next + 1)
        }
        "of" => {
            if it.magazine_focus
                && let Some((n, mut after)) = number_at(lx, next)
            {
                if let Some(m) = &mut it.magazines {
                    if is_any(lx, after, SPACE_WORDS) {
                        m.spaces = Some(n);
                    } else {
                        m.rockets = Some(n);
                    }
                }
                while is_any(lx, after, SPACE_WORDS)
                    || is_any(lx, after, ROCKET_WORDS)
                    || is_any(lx, after, &["each"])
                {
                    after += 1;
                }
                return Ok(after);
            }
            Ok(next)
        }
        "below" | "beneath" | "under" | "belowdecks" => {
            it.section = Some(Section::Below);
            Ok(skip_deck(lx, next))
        }
        "above" | "topside" => {
            it.section = Some(Section::Above);
            Ok(skip_deck(lx, next))
        }
        "universal" => {
            match (it.noun, &mut it.turret) {
                (Some(Noun::Turret), Some(t)) => t.universal = true,
                _ => p.turret.get_or_insert_with(TurretSpec::default).universal = true,
            }
            Ok(next)
        }
        "popup" | "pop" => {
            let after = if w == "pop" && is_any(lx, next, &["up"]) { next + 1 } else { next };
            match (it.noun, &mut it.turret) {
                (Some(Noun::Turret), Some(t)) => t.popup = true,
                _ => p.turret.get_or_insert_with(TurretSpec::default).popup = true,
            }
            Ok(after)
        }
        "empty" => {
            it.empty = true;
            Ok(next)
        }
        "cargo" if it.noun.is_some() => {
            it.cargo = Some(true);
            Ok(next)
        }
        "guarded" | "guards" => {
            it.guard = true;
            Ok(next)
        }
        "x" if lx.kind(next) == Some(Tok::Number) => {
            let (n, after) = number_at(lx, next).ok_or_else(|| unread(next, "not a whole number"))?;
            set_count(it, n, i)?;
            Ok(after)
        }
        _ if FILLER.contains(&w) || vocab::AMMO_WORDS.contains(&w) => Ok(next),
        _ => Err(unread(i, format!("\"{}\" is not a word the reader knows", lx.source(i, next)))),
    }
}

fn set_count(it: &mut Item, n: u32, at: usize) -> Read<()> {
    match it.count {
        Some(c) if c != n => Err(unread(at, format!("two counts, {c} and {n}"))),
        _ => {
            it.count = Some(n);
            Ok(())
        }
    }
}

fn skip_deck(lx: &Lexed, i: usize) -> usize {
    if is_any(lx, i, &["deck", "decks"]) { i + 1 } else { i }
}

/// A noun at `i..next`: the part itself, one of its options, or (after "with") a part of its own.
#[expect(clippy::too_many_arguments, reason = "one step of the item grammar, with its whole state")]
fn noun_here(
    lx: &Lexed,
    it: &mut Item,
    p: &mut Pending,
    noun: Noun,
    plural: bool,
    i: usize,
    next: usize,
    to: usize,
    paren: bool,
) -> Read<usize> {
    let count = p.count.map(|(n, _)| n);
    if it.noun.is_none() {
        it.noun = Some(noun);
        it.plural = plural;
        (it.noun_from, it.noun_to) = (i, next);
        if let Some(n) = count {
            set_count(it, n, i)?;
            p.count = None;
        }
        if matches!(noun, Noun::Magazine | Noun::RocketMagazine) {
            it.magazines = Some(Magazines {
                count,
                spaces: p.size.take(),
                rocket: noun == Noun::RocketMagazine,
                ..Magazines::default()
            });
            it.magazine_focus = true;
        }
        return Ok(next);
    }
    if noun.is_option() {
        p.count = None;
        match noun {
            Noun::ExtraMagazine => {
                it.extra_magazines = Some(it.extra_magazines.unwrap_or(0) + count.unwrap_or(1))
            }
            Noun::MagazineSwitch => it.magazine_switch = true,
            Noun::PropellerGuard => {
                it.guard = true;
                if count.is_some() && it.points.is_none() && it.noun != Some(Noun::PropellerGuard) {
                    // "2 Propellers with 10 guards" is unusual; "10-point guards" is the way.
                    it.points = count;
                }
            }
            _ => {
                let m = it.magazines.get_or_insert_with(Magazines::default);
                m.count = count.or(m.count);
                m.spaces = p.size.take().or(m.spaces);
                m.rocket |= noun == Noun::RocketMagazine;
                m.shared |= p.fed_by;
                it.magazine_focus = true;
            }
        }
        return Ok(next);
    }
    if noun == Noun::Cargo {
        it.cargo = Some(true);
        return Ok(next);
    }
    if noun == Noun::Nothing {
        // "1-space turret (empty)".
        it.empty = true;
        return Ok(next);
    }
    if it.noun == Some(noun) && paren {
        // "ATG (anti-tank gun)": the part's name again, spelled out.
        return Ok(next);
    }
    if p.with || paren {
        // A part of its own: it takes the rest of the piece.
        let start = p.count.take().map_or(i, |(_, at)| at);
        let mut sub = Item { from: start, to, sep: Sep::And, ..Item::default() };
        fill(lx, &mut sub, start, to, false)?;
        it.subs.push(sub);
        return Ok(to);
    }
    let first = it.noun.map(|n| n.display()).unwrap_or_default();
    Err(unread(i, format!("two parts in one: {first} and {}; is a comma missing?", noun.display())))
}

/// A number at `i` (ending before `next`), by what follows it.
fn number(
    lx: &Lexed,
    it: &mut Item,
    p: &mut Pending,
    n: u32,
    i: usize,
    next: usize,
    to: usize,
) -> Read<usize> {
    let after = |k: usize| if lx.is_punct(k, '.') { k + 1 } else { k };
    let figure = |it: &mut Item, kind: FigureKind, end: usize| {
        it.figures.push(Figure { kind, value: lx.tokens[i].value, from: i, to: end });
        end
    };
    let each = |k: usize| if is_any(lx, k, &["each", "ea", "apiece"]) { k + 1 } else { k };
    if lx.kind(i) == Some(Tok::Word) {
        // A count word: "one each", or a count.
        if is_any(lx, next, &["each"]) {
            it.per_facing = Some(n);
            return Ok(next + 1);
        }
        if lx.word(i) == "pair" && is_any(lx, next, &["of"]) {
            p.count = Some((n, i));
            return Ok(next + 1);
        }
        p.count = Some((n, i));
        return Ok(next);
    }
    if lx.tokens[i].value.fract() != 0.0 {
        return Err(unread(i, "a part is counted in whole numbers"));
    }
    let w = lx.word(next);
    if is_any(lx, next, SPACE_WORDS) {
        let k = after(next + 1);
        let ahead = vocab::nouns().longest(lx, k, to).map(|(e, _)| e.value);
        let sized =
            matches!(ahead, Some(Noun::Turret | Noun::Magazine | Noun::RocketMagazine | Noun::ExtraMagazine))
                || is_any(lx, k, &["rocket", "universal", "pop", "popup"]);
        if sized {
            p.size = Some(n);
            return Ok(k);
        }
        if it.magazine_focus
            && let Some(m) = &mut it.magazines
        {
            m.spaces = Some(n);
            return Ok(each(k));
        }
        return Ok(each(figure(it, FigureKind::Spaces, k)));
    }
    if is_any(lx, next, POINT_WORDS) {
        // "10-point guards": ten on each.
        it.points = Some(n);
        it.each = true;
        return Ok(each(after(next + 1)));
    }
    if is_any(lx, next, WEIGHT_WORDS) {
        return Ok(each(figure(it, FigureKind::Weight, after(next + 1))));
    }
    if matches!(w, "dp") && lx.kind(next) == Some(Tok::Word) {
        return Ok(figure(it, FigureKind::Dp, next + 1));
    }
    if matches!(w, "pf") && lx.kind(next) == Some(Tok::Word) {
        return Ok(figure(it, FigureKind::PowerFactors, next + 1));
    }
    if is_any(lx, next, &["power"]) && is_any(lx, next + 1, &["factors"]) {
        return Ok(figure(it, FigureKind::PowerFactors, next + 2));
    }
    if is_any(lx, next, &["below", "above"]) {
        if w == "below" {
            it.below = Some(n);
        } else {
            it.above = Some(n);
        }
        return Ok(skip_deck(lx, next + 1));
    }
    if lx.is_punct(next, '/') && lx.kind(next + 1) == Some(Tok::Number) && it.noun == Some(Noun::Deck) {
        let (m, k) = number_at(lx, next + 1).ok_or_else(|| unread(next + 1, "not a whole number"))?;
        (it.below, it.above) = (Some(n), Some(m));
        return Ok(k);
    }
    if w == "linked" && lx.kind(next) == Some(Tok::Word) {
        it.linked = true;
        if it.count.is_none() && it.noun.is_none() {
            p.count = Some((n, i));
        }
        return Ok(next + 1);
    }
    if w == "x" && lx.kind(next) == Some(Tok::Word) {
        set_count(it, n, i)?;
        return Ok(next + 1);
    }
    if w == "each" && lx.kind(next) == Some(Tok::Word) {
        // "2 each F, B": so many on each facing; "10 each": ten of each.
        if vocab::facings().longest(lx, next + 1, to).is_some() {
            it.per_facing = Some(n);
        } else {
            it.each = true;
            p.count = Some((n, i));
        }
        return Ok(next + 1);
    }
    let extra = usize::from(is_any(lx, next, &["extra", "more", "spare"]));
    if is_any(lx, next + extra, ROCKET_WORDS) && vocab::nouns().longest(lx, next + extra, to).is_none() {
        let m = it.magazines.get_or_insert_with(Magazines::default);
        m.rockets = Some(n);
        m.rocket = true;
        it.magazine_focus = true;
        return Ok(each(next + extra + 1));
    }
    p.count = Some((n, i));
    Ok(next)
}

/// "in a 2-space turret", "in cargo space", "in body space", "in magazines", "in front".
fn placement(lx: &Lexed, it: &mut Item, i: usize, next: usize, to: usize) -> Read<usize> {
    let mut j = next;
    if is_any(lx, j, &["a", "an", "the", "its", "their"]) {
        j += 1;
    }
    if let Some((spec, k)) = turret_at(lx, j, to) {
        it.turret = Some(spec);
        return Ok(k);
    }
    if is_any(lx, j, &["cargo", "hold"]) {
        it.cargo = Some(true);
        j += 1;
        while is_any(lx, j, &["space", "spaces", "hold", "area", "bay"]) {
            j += 1;
        }
        return Ok(j);
    }
    if is_any(lx, j, &["body"]) {
        it.cargo = Some(false);
        return Ok(j + 1 + usize::from(is_any(lx, j + 1, &["space", "spaces"])));
    }
    if let Some((e, k)) = vocab::nouns().longest(lx, j, to)
        && matches!(e.value, Noun::Magazine | Noun::RocketMagazine | Noun::ExtraMagazine)
    {
        it.in_magazines = true;
        return Ok(k);
    }
    if is_any(lx, i, &["on"]) && is_any(lx, j, &["deck"]) {
        it.section = Some(Section::Above);
        return Ok(j + 1);
    }
    if let Some((f, k)) = vocab::facings().longest(lx, j, to) {
        it.facings.push((None, f.value));
        return Ok(k);
    }
    Err(unread(i, format!("\"{}\" does not say where", lx.source(i, (j + 1).min(to)))))
}

/// What a magazine written on its own feeds: "the turret", "the front turret", "the HRs".
fn target(lx: &Lexed, it: &mut Item, i: usize, to: usize) -> Read<usize> {
    let mut j = i;
    if is_any(lx, j, &["the", "a", "its", "their"]) {
        j += 1;
    }
    if let Some((spec, k)) = turret_at(lx, j, to) {
        it.feeds = Some(Feeds::Turret(spec));
        // "the turret's weapons", "turret HRs".
        let mut k = k;
        if lx.is_punct(k, '\'') {
            k += 1;
        }
        if is_any(lx, k, &["s", "weapons", "rockets"]) {
            k += 1;
        }
        if let Some((e, after)) = vocab::nouns().longest(lx, k, to)
            && matches!(e.value, Noun::Weapon(..))
        {
            k = after;
        }
        return Ok(k);
    }
    if let Some((e, k)) = vocab::nouns().longest(lx, j, to)
        && let Noun::Weapon(w, _) = e.value
    {
        it.feeds = Some(Feeds::Weapon(w));
        return Ok(k);
    }
    Err(unread(i, "feeding what? Name the turret or the weapon"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carwars::tables::Mount;

    fn read(text: &str) -> Item {
        let lx = Lexed::new(text);
        match item(&lx, 0, lx.tokens.len(), Sep::Start) {
            Ok(it) => it,
            Err(e) => panic!("{text}: {}", e.why),
        }
    }

    #[test]
    fn a_part_reads_as_count_noun_options_placement_and_facings_in_any_order() {
        let it = read("2 linked VMGs with HD ammo (1 extra magazine) front");
        assert_eq!((it.count, it.linked, it.extra_magazines), (Some(2), true, Some(1)));
        assert!(matches!(it.noun, Some(Noun::Weapon(w, None)) if w.id == "vmg"));
        assert_eq!(it.facings, [(None, Facing::One(Mount::F))]);
        assert!(it.ammo.is_some());

        let it = read("6 MGs (2 F, 1 R, 1 L, 2 B)");
        assert_eq!(it.facings.iter().map(|f| f.0).collect::<Vec<_>>(), [Some(2), Some(1), Some(1), Some(2)]);
        let it = read("2 RLs (one each R, L)");
        assert_eq!((it.per_facing, it.facings.len()), (Some(1), 2));
    }

    #[test]
    fn turrets_are_read_by_size_kind_and_location() {
        let it = read("RL in back universal turret");
        let spec = it.turret.expect("placed in a turret");
        assert_eq!((spec.universal, spec.location, spec.by_end), (true, Some(Loc::BT), true));
        let it = read("Universal 3-space turret (FT) with AC");
        assert_eq!(it.noun, Some(Noun::Turret));
        assert_eq!(it.turret.map(|t| (t.size, t.location)), Some((Some(3), Some(Loc::FT))));
        assert_eq!(it.subs.len(), 1);
        let it = read("3-space turret with 3 HRs fed by three 3-space magazines");
        let sub = &it.subs[0];
        assert_eq!(sub.count, Some(3));
        let m = sub.magazines.expect("magazines");
        assert_eq!((m.count, m.spaces, m.shared), (Some(3), Some(3), true));
    }

    #[test]
    fn a_word_it_does_not_know_is_named() {
        let lx = Lexed::new("Sea serpent");
        let e = item(&lx, 0, lx.tokens.len(), Sep::Start).expect_err("not a part");
        assert_eq!(e.why, "\"Sea\" is not a word the reader knows");
    }
}
