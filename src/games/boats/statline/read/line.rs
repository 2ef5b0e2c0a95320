//! The line as a whole: the name before the hull, the pieces between separators, and what each
//! piece is (a heading, armor points, claimed figures or a part), with the pieces that only
//! finish the part before them ("..., one each side", "... and back") joined to it.

use super::clauses::{self, ArmorClause, Claim, Heading};
use super::grammar::{self, Item, Sep};
use super::lex::{Lexed, Tok};
use super::vocab::{self, Noun};

/// What a piece of the line is.
#[derive(Debug)]
pub enum Phrase {
    /// A heading and where it stands.
    Heading(Heading, usize, usize),
    Armor(ArmorClause, usize, usize),
    Claims(Vec<Claim>),
    Item(Item),
    Unread {
        from: usize,
        to: usize,
        why: String,
    },
}

/// The boat's name: what stands before the colon (or dash) that the hull follows ("Piranha:
/// Dinghy, ...", "Darter -- Rowboat, ..."). Returns the name and the first token after the colon.
pub fn name<'a>(lx: &Lexed<'a>) -> (&'a str, usize) {
    // A colon first: a name may itself hold a dash.
    for mark in [':', '-'] {
        let mut depth = 0usize;
        for i in 0..lx.tokens.len() {
            match lx.kind(i) {
                Some(Tok::Punct('(')) => depth += 1,
                Some(Tok::Punct(')')) => depth = depth.saturating_sub(1),
                Some(Tok::Punct(c)) if c == mark && depth == 0 && i > 0 => {
                    let mut j = i + 1;
                    while lx.is_punct(j, '-') {
                        j += 1;
                    }
                    let start = j;
                    if matches!(lx.word(j), "a" | "an" | "one" | "1") {
                        j += 1;
                    }
                    if let Some((e, _)) = vocab::nouns().longest(lx, j, lx.tokens.len())
                        && matches!(e.value, Noun::Hull(_))
                    {
                        let text = lx.tokens.get(i).map_or("", |t| &lx.text[..t.start]);
                        return (text, start);
                    }
                }
                _ => {}
            }
        }
    }
    ("", 0)
}

/// A stretch of tokens between separators at the top level (never inside parentheses).
#[derive(Debug, Clone, Copy)]
pub struct Piece {
    pub from: usize,
    pub to: usize,
    pub sep: Sep,
    /// Followed by a colon: a heading ("Below Deck:", "Fireproof Armor:").
    pub heading: bool,
    /// The last piece of a sentence.
    pub ends_sentence: bool,
}

/// Words after which a period is an abbreviation's, not a sentence's end, when a number follows
/// ("Accel. 5", "Wt. 2,997").
const ABBREVIATIONS: &[&str] = &["accel", "acc", "wt", "no", "approx", "ea", "pts", "sp", "hc", "spd"];

/// Splits tokens `from..to` into pieces.
pub fn pieces(lx: &Lexed, from: usize, to: usize) -> Vec<Piece> {
    let mut out = Vec::with_capacity((to - from) / 4 + 1);
    let mut depth = 0usize;
    let mut start = from;
    let mut sep = Sep::Start;
    let push = |out: &mut Vec<Piece>, start: usize, end: usize, sep: Sep, next: Sep| {
        if end > start {
            out.push(Piece {
                from: start,
                to: end,
                sep,
                heading: next == Sep::Colon,
                ends_sentence: next == Sep::Period,
            });
        }
    };
    for i in from..to {
        let Some(t) = lx.tokens.get(i) else { break };
        let next = match t.kind {
            Tok::Punct('(') => {
                depth += 1;
                None
            }
            Tok::Punct(')') => {
                depth = depth.saturating_sub(1);
                None
            }
            _ if depth > 0 => None,
            Tok::Punct(',' | ';') => Some(Sep::Comma),
            // "HC: 2", "Top speed: 60": a claimed figure, not a heading.
            Tok::Punct(':')
                if matches!(
                    lx.word(i.wrapping_sub(1)),
                    "accel"
                        | "acc"
                        | "acceleration"
                        | "speed"
                        | "hc"
                        | "cost"
                        | "price"
                        | "weight"
                        | "wt"
                        | "ts"
                ) =>
            {
                None
            }
            Tok::Punct(':') => Some(Sep::Colon),
            Tok::Punct('.') => {
                let abbreviation = i > from
                    && !t.spaced
                    && lx.kind(i - 1) == Some(Tok::Word)
                    && ABBREVIATIONS.contains(&lx.word(i - 1))
                    && matches!(lx.kind(i + 1), Some(Tok::Number | Tok::Money) | None)
                    || matches!(lx.word(i.wrapping_sub(1)), "accel" | "acc");
                (!abbreviation).then_some(Sep::Period)
            }
            Tok::Punct('&' | '+') => Some(Sep::And),
            // "Speeder - Large power plant - Propeller": a dash standing apart separates.
            Tok::Punct('-') if t.spaced => Some(Sep::Comma),
            Tok::Word if lx.word(i) == "and" => Some(Sep::And),
            _ => None,
        };
        if let Some(next) = next {
            push(&mut out, start, i, sep, next);
            // A piece that was empty keeps the stronger separator before it (", and").
            sep = if i == start && sep != Sep::Start && next == Sep::And { sep } else { next };
            start = i + 1;
        }
    }
    push(&mut out, start, to, sep, Sep::Period);
    if let Some(last) = out.last_mut() {
        last.ends_sentence = true;
    }
    out
}

/// Reads each piece for what it is.
pub fn phrases(lx: &Lexed, pieces: &[Piece]) -> Vec<Phrase> {
    let mut out = Vec::with_capacity(pieces.len());
    let mut armor = false;
    for p in pieces {
        let (from, to) = (p.from, p.to);
        if p.heading {
            match clauses::heading(lx, from, to) {
                Some(h) => {
                    armor = matches!(h, Heading::Armor(_));
                    out.push(Phrase::Heading(h, from, to));
                }
                // "Speeder: Large power plant, ...": a part before a colon.
                None => match grammar::item(lx, from, to, p.sep) {
                    Ok(it) => out.push(Phrase::Item(it)),
                    Err(_) => out.push(Phrase::Unread {
                        from,
                        to: to + 1,
                        why: "not a heading the reader knows".into(),
                    }),
                },
            }
            continue;
        }
        let phrase = if let Some(c) = clauses::claims(lx, from, to) {
            Phrase::Claims(c)
        } else if let Some(a) = armor.then(|| clauses::armor_points(lx, from, to)).flatten() {
            Phrase::Armor(a, from, to)
        } else if let Some((kind, next)) = clauses::armor_start(lx, from, to)
            && let Some(mut a) =
                if next == to { Some(ArmorClause::default()) } else { clauses::armor_points(lx, next, to) }
        {
            // "Armor F15", "Fireproof armor F12": the clause without a colon.
            armor = true;
            a.kind = a.kind.or(kind);
            Phrase::Armor(a, from, to)
        } else {
            match grammar::item(lx, from, to, p.sep) {
                Ok(it) => Phrase::Item(it),
                Err(e) => Phrase::Unread { from, to, why: e.why },
            }
        };
        out.push(phrase);
        if p.ends_sentence {
            armor = false;
        }
    }
    join(out)
}

/// Joins to the part before it what only finishes it: facings, options or placement written
/// after a comma or "and" ("2 MGs, one each side", "MG front and back"); a bare weapon after
/// "and" that follows a turret's weapons goes in the turret ("turret with VMG and MG"); and
/// weapons joined by "and" share the facing or turret written after the last of them ("VMG and
/// MG in turret").
fn join(phrases: Vec<Phrase>) -> Vec<Phrase> {
    let mut out: Vec<Phrase> = Vec::with_capacity(phrases.len());
    for ph in phrases {
        let Phrase::Item(it) = ph else {
            out.push(ph);
            continue;
        };
        let prev = match out.last_mut() {
            Some(Phrase::Item(prev)) if prev.noun.is_some() => Some(prev),
            _ => None,
        };
        if it.is_continuation() {
            match prev {
                Some(prev) => prev.absorb(it),
                None => out.push(Phrase::Unread {
                    from: it.from,
                    to: it.to,
                    why: "it says how a part is placed or armed, but follows no part".into(),
                }),
            }
            continue;
        }
        let bare_weapon = matches!(it.noun, Some(Noun::Weapon(..))) && !it.is_placed() && it.sep == Sep::And;
        if let Some(prev) = prev
            && bare_weapon
            && prev.noun == Some(Noun::Turret)
            && !prev.subs.is_empty()
        {
            prev.subs.push(it);
            prev.to = prev.subs.last().map_or(prev.to, |s| s.to);
            continue;
        }
        out.push(Phrase::Item(it));
    }
    share(&mut out);
    out
}

/// Weapons joined by "and" take the facing, turret or deck written after the last of them.
fn share(out: &mut [Phrase]) {
    let mut end = out.len();
    while end > 0 {
        let mut start = end - 1;
        while start > 0
            && matches!(&out[start], Phrase::Item(it) if it.sep == Sep::And)
            && matches!(&out[start - 1], Phrase::Item(_))
        {
            start -= 1;
        }
        if end - start > 1
            && let Phrase::Item(last) = &out[end - 1]
            && matches!(last.noun, Some(Noun::Weapon(..)))
            && last.is_placed()
        {
            let (facings, per, turret, section) =
                (last.facings.clone(), last.per_facing, last.turret, last.section);
            for ph in &mut out[start..end - 1] {
                if let Phrase::Item(it) = ph
                    && matches!(it.noun, Some(Noun::Weapon(..)))
                    && !it.is_placed()
                {
                    it.facings.clone_from(&facings);
                    it.per_facing = it.per_facing.or(per);
                    it.turret = turret;
                    it.section = section;
                }
            }
        }
        end = start;
    }
}
