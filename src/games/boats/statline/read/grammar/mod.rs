//! The grammar of a part: a piece of the line (between commas, periods, semicolons and "and") read
//! as a typed [`Item`]: [count] [qualifiers] noun [ammunition and options] [placement]
//! [facings], in whatever order the line puts them, with parenthetical options, facings, counts
//! and printed figures anywhere after the noun. Nothing here asks what the parts cost or where
//! they may go: that is the resolver's work ([`super::resolve`]).

mod words;

use super::lex::{Lexed, Tok};
use super::vocab::{Facing, Noun};
use crate::games::boats::design::Section;
use crate::games::boats::tables::{Loc, Weapon};
use words::{is_any, word};

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
    /// Printed with its digits grouped wrongly ("$5,00"): see [`Token::misprint`](super::lex::Token).
    pub misprint: bool,
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
                || self.below.is_some()
                || self.above.is_some()
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
        self.below = self.below.or(c.below);
        self.above = self.above.or(c.above);
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

pub(super) type Read<T> = Result<T, Unread>;

/// Numbers the item grammar has seen but not yet given to anything.
#[derive(Default)]
pub(super) struct Pending {
    pub(super) count: Option<(u32, usize)>,
    pub(super) size: Option<u32>,
    pub(super) turret: Option<TurretSpec>,
    /// "fed by": the next magazines feed this part.
    pub(super) fed_by: bool,
    /// After "with": a second part is a part of its own.
    pub(super) with: bool,
}

/// Reads one piece as an item.
pub fn item(lx: &Lexed, from: usize, to: usize, sep: Sep) -> Read<Item> {
    let mut it = Item { from, to, sep, ..Item::default() };
    fill(lx, &mut it, from, to, false)?;
    Ok(it)
}

pub(super) fn unread(why: impl Into<String>) -> Unread {
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

/// Reads tokens `from..to` into `it`; `paren`: inside parentheses, where commas and "and" only
/// separate options.
pub(super) fn fill(lx: &Lexed, it: &mut Item, from: usize, to: usize, paren: bool) -> Read<()> {
    let mut p = Pending::default();
    let mut i = from;
    while i < to {
        let Some(t) = lx.tokens.get(i) else { break };
        match t.kind {
            Tok::Punct('(') => {
                let close =
                    matching_paren(lx, i, to).ok_or_else(|| unread("a \"(\" that is never closed"))?;
                settle(it, &mut p)?;
                fill(lx, it, i + 1, close, true)?;
                i = close + 1;
            }
            Tok::Punct(')') => return Err(unread("a \")\" without its \"(\"")),
            Tok::Punct(',' | ';' | '.') if paren => {
                settle(it, &mut p)?;
                i += 1;
            }
            Tok::Punct(
                '/' | '+' | '*' | '"' | '\'' | '’' | '‘' | '“' | '”' | '&' | ':' | '=' | '-' | '#' | '~',
            ) => i += 1,
            Tok::Punct(c) => return Err(unread(format!("\"{c}\" has no meaning here"))),
            Tok::Money => {
                let each = is_any(lx, i + 1, &["each", "ea", "apiece"]);
                it.figures.push(Figure {
                    kind: FigureKind::Cost,
                    value: t.value,
                    from: i,
                    to: i + 1,
                    misprint: t.misprint,
                });
                i += 1 + usize::from(each);
            }
            Tok::Word | Tok::Number => i = word(lx, it, &mut p, i, to, paren)?,
        }
    }
    settle(it, &mut p)
}

/// Gives a number still waiting to whatever can take it, at a separator or the end.
pub(super) fn settle(it: &mut Item, p: &mut Pending) -> Read<()> {
    if let Some(spec) = p.turret.take() {
        return Err(unread(format!("a turret ({}) with nothing in it", describe(&spec))));
    }
    if p.size.take().is_some() {
        return Err(unread("a size in spaces with no turret or magazine after it"));
    }
    let Some((n, _)) = p.count.take() else { return Ok(()) };
    match it.noun {
        Some(Noun::PropellerGuard) if it.points.is_none() => it.points = Some(n),
        _ if it.magazine_focus && it.magazines.is_some_and(|m| m.rockets.is_none() && m.spaces.is_none()) => {
            if let Some(m) = &mut it.magazines {
                m.rockets = Some(n);
            }
        }
        Some(_) if it.count.is_none() => it.count = Some(n),
        _ => return Err(unread(format!("{n} of nothing: a number with no part to count"))),
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

pub(super) fn set_count(it: &mut Item, n: u32) -> Read<()> {
    match it.count {
        Some(c) if c != n => Err(unread(format!("two counts, {c} and {n}"))),
        _ => {
            it.count = Some(n);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::tables::Mount;

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
