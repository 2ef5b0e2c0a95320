//! The clauses around the parts: headings ("Below Deck:", "Fireproof Armor:"), the armor clause's
//! points ("F15", "Front 15", "F/B 10", "Bottom 20") and the claimed figures at the end ("Accel.
//! 5, Top Speed 40, HC 2, 2,997 lbs; $9,636").

use super::lex::{Lexed, Tok};
use super::vocab::{self, Place};
use crate::games::boats::statline::Claimed;
use crate::games::boats::tables::ArmorType;
use crate::games::boats::units::Speed;

/// What a heading starts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Heading {
    Below,
    Above,
    /// The armor clause, of a type named (`Ok(Some)`), of the default type (`Ok(None)`), or of
    /// a type the tables do not have (`Err`).
    Armor(Result<Option<&'static ArmorType>, ()>),
    /// "Weapons:", "Accessories:": says nothing the reader needs.
    Other,
}

fn is_any(lx: &Lexed, i: usize, words: &[&str]) -> bool {
    lx.kind(i) == Some(Tok::Word) && words.contains(&lx.word(i))
}

/// Headings that only group the parts.
const GROUPS: &[&str] = &[
    "weapons",
    "weapon",
    "weaponry",
    "armament",
    "accessories",
    "equipment",
    "gear",
    "crew",
    "hull",
    "body",
    "power",
    "propulsion",
    "performance",
    "options",
    "extras",
    "electronics",
    "stats",
    "statistics",
    "fittings",
];

/// Reads tokens `from..to` (before a colon) as a heading.
pub fn heading(lx: &Lexed, from: usize, to: usize) -> Option<Heading> {
    let words = to - from;
    if words == 0 {
        return None;
    }
    if is_any(lx, from, &["below", "belowdecks"])
        && (words == 1 || words == 2 && is_any(lx, from + 1, &["deck", "decks"]))
    {
        return Some(Heading::Below);
    }
    if (is_any(lx, from, &["above", "topside"])
        && (words == 1 || words == 2 && is_any(lx, from + 1, &["deck", "decks"])))
        || (words == 2 && is_any(lx, from, &["on"]) && is_any(lx, from + 1, &["deck"]))
    {
        return Some(Heading::Above);
    }
    if let Some((kind, next)) = armor_start(lx, from, to) {
        return Some(Heading::Armor(if next == to { Ok(kind) } else { Err(()) }));
    }
    // "Plastic-ish Armor": armor of a type the tables do not have.
    if is_any(lx, to - 1, &["armor", "armour"]) {
        return Some(Heading::Armor(Err(())));
    }
    (words == 1 && is_any(lx, from, GROUPS)).then_some(Heading::Other)
}

/// "[type] Armor [(type)]" at the start of tokens `from..to`: the type and the token after.
pub fn armor_start(lx: &Lexed, from: usize, to: usize) -> Option<(Option<&'static ArmorType>, usize)> {
    let mut j = from;
    let mut kind = None;
    if let Some((e, k)) = vocab::armor_types().longest(lx, j, to) {
        kind = Some(e.value);
        j = k;
    }
    if !is_any(lx, j, &["armor", "armour"]) || j >= to {
        return None;
    }
    j += 1;
    if lx.is_punct(j, '(')
        && let Some((e, k)) = vocab::armor_types().longest(lx, j + 1, to)
        && lx.is_punct(k, ')')
    {
        kind = kind.or(Some(e.value));
        j = k + 1;
    }
    Some((kind, j))
}

/// Points read in the armor clause.
#[derive(Debug, Clone, Default)]
pub struct ArmorClause {
    pub kind: Option<&'static ArmorType>,
    pub points: Vec<(Place, u32)>,
    /// Location codes the rules do not have ("Q7"), kept as written.
    pub unknown: Vec<(String, u32)>,
    /// A printed total ("(72 points)") and where it stands.
    pub total: Option<(u32, usize, usize)>,
}

/// Reads tokens `from..to` as armor points; `None` if they are something else.
pub fn armor_points(lx: &Lexed, from: usize, to: usize) -> Option<ArmorClause> {
    let mut c = ArmorClause::default();
    let mut i = from;
    if let Some((e, k)) = vocab::armor_types().longest(lx, i, to) {
        c.kind = Some(e.value);
        i = k;
    }
    let mut places: Vec<Place> = Vec::new();
    let mut read_any = c.kind.is_some();
    while i < to {
        match lx.kind(i)? {
            Tok::Punct('/' | ',' | ';' | '&' | '+' | ':' | '=' | '-') => i += 1,
            Tok::Word if is_any(lx, i, &["and", "each", "points", "pts", "point", "pt"]) => i += 1,
            Tok::Word if is_any(lx, i, &["none", "nothing"]) && to - from == 1 => {
                read_any = true;
                i += 1
            }
            Tok::Punct('(') => {
                // "(72 points)": a printed total.
                let n = lx.tokens.get(i + 1).filter(|t| t.kind == Tok::Number)?;
                let mut k = i + 2;
                while is_any(lx, k, &["points", "pts", "point", "total", "in", "all"]) {
                    k += 1;
                }
                if !lx.is_punct(k, ')') {
                    return None;
                }
                c.total = Some((n.value as u32, i, k + 1));
                i = k + 1;
            }
            Tok::Number => {
                let t = &lx.tokens[i];
                if t.value.fract() != 0.0 || t.value < 0.0 {
                    return None;
                }
                let n = t.value.min(f64::from(u32::MAX)) as u32;
                if places.is_empty() {
                    // "15 F": the number before its place.
                    let (e, k) = vocab::armor_places().longest(lx, i + 1, to)?;
                    c.points.push((e.value, n));
                    i = k;
                } else {
                    c.points.extend(places.drain(..).map(|p| (p, n)));
                    i += 1;
                }
                read_any = true;
            }
            Tok::Word => {
                if let Some((e, k)) = vocab::armor_places().longest(lx, i, to) {
                    places.push(e.value);
                    i = k;
                } else if lx.word(i).len() <= 3
                    && lx.word(i).chars().all(|ch| ch.is_ascii_alphabetic())
                    && lx.kind(i + 1) == Some(Tok::Number)
                    && !lx.tokens[i + 1].spaced
                    && vocab::nouns().longest(lx, i, to).is_none()
                {
                    // A location code the rules do not have: kept as written.
                    let t = &lx.tokens[i + 1];
                    if t.value.fract() != 0.0 {
                        return None;
                    }
                    c.unknown.push((
                        lx.source(i, i + 1).to_ascii_uppercase(),
                        t.value.min(f64::from(u32::MAX)) as u32,
                    ));
                    read_any = true;
                    i += 2;
                } else {
                    return None;
                }
            }
            _ => return None,
        }
    }
    (places.is_empty() && read_any).then_some(c)
}

/// A figure the line claims.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Claim {
    Acceleration(Speed),
    TopSpeed(Speed),
    HandlingClass(i64),
    Weight(i64),
    Cost(i64),
}

impl Claim {
    pub fn apply(self, c: &mut Claimed) {
        match self {
            Claim::Acceleration(s) => c.acceleration = Some(s),
            Claim::TopSpeed(s) => c.top_speed = Some(s),
            Claim::HandlingClass(h) => c.handling_class = Some(h),
            Claim::Weight(w) => c.weight = Some(w),
            Claim::Cost(m) => c.cost = Some(m),
        }
    }
}

fn speed(v: f64) -> Option<Speed> {
    (v.is_finite() && (0.0..10_000.0).contains(&v)).then(|| Speed::halves((v * 2.0).round() as i64))
}

fn whole(v: f64) -> Option<i64> {
    (v.is_finite() && v.abs() < 1e15).then(|| v.round() as i64)
}

/// Reads tokens `from..to` as claimed figures; `None` unless every token is part of one.
pub fn claims(lx: &Lexed, from: usize, to: usize) -> Option<Vec<Claim>> {
    let mut out = Vec::new();
    let mut i = from;
    let number = |i: usize| lx.tokens.get(i).filter(|t| t.kind == Tok::Number).map(|t| t.value);
    let skip = |mut i: usize| {
        while i < to && matches!(lx.kind(i), Some(Tok::Punct('.' | ':' | '=' | '-'))) {
            i += 1;
        }
        i
    };
    let units = |mut i: usize| {
        while i < to
            && (is_any(lx, i, &["mph", "turn", "per", "lbs", "lb", "pounds"])
                || lx.is_punct(i, '/')
                || lx.is_punct(i, '.'))
        {
            i += 1;
        }
        i
    };
    while i < to {
        if matches!(lx.kind(i), Some(Tok::Punct('.' | ';' | ':'))) || is_any(lx, i, &["and"]) {
            i += 1;
        } else if lx.is_punct(i, '(') {
            // "(60 on hydrofoils)": said, but not a claim we check.
            let mut k = i;
            while k < to && !lx.is_punct(k, ')') {
                k += 1;
            }
            if out.is_empty() || k >= to {
                return None;
            }
            i = k + 1;
        } else if is_any(lx, i, &["accel", "acc", "acceleration"]) {
            let k = skip(i + 1);
            out.push(Claim::Acceleration(speed(number(k)?)?));
            i = units(k + 1);
        } else if is_any(lx, i, &["top", "max", "maximum"]) && is_any(lx, i + 1, &["speed", "spd"])
            || is_any(lx, i, &["ts", "speed"])
        {
            let k = skip(if is_any(lx, i, &["ts", "speed"]) { i + 1 } else { i + 2 });
            out.push(Claim::TopSpeed(speed(number(k)?)?));
            i = units(k + 1);
        } else if is_any(lx, i, &["hc", "handling"]) {
            let k = skip(i + 1 + usize::from(is_any(lx, i + 1, &["class"])));
            out.push(Claim::HandlingClass(whole(number(k)?)?));
            i = k + 1;
        } else if is_any(lx, i, &["weight", "wt", "weighs"]) {
            let k = skip(i + 1);
            out.push(Claim::Weight(whole(number(k)?)?));
            i = units(k + 1);
        } else if is_any(lx, i, &["cost", "price", "value", "costs"]) {
            let k = skip(i + 1);
            let v = lx.tokens.get(k).filter(|t| matches!(t.kind, Tok::Money | Tok::Number))?.value;
            out.push(Claim::Cost(whole(v)?));
            i = k + 1;
        } else if lx.kind(i) == Some(Tok::Money) {
            out.push(Claim::Cost(whole(lx.tokens[i].value)?));
            i += 1;
        } else if lx.kind(i) == Some(Tok::Number) && is_any(lx, i + 1, &["lbs", "lb", "pounds"]) {
            out.push(Claim::Weight(whole(lx.tokens[i].value)?));
            i = units(i + 2);
        } else {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::tables::Loc;

    fn armor(text: &str) -> Option<Vec<(Place, u32)>> {
        let lx = Lexed::new(text);
        armor_points(&lx, 0, lx.tokens.len()).map(|c| c.points)
    }

    #[test]
    fn armor_points_are_read_by_code_and_by_name() {
        assert_eq!(armor("F15"), Some(vec![(Place::At(Loc::F), 15)]));
        assert_eq!(armor("Front 15"), Some(vec![(Place::Named(Loc::F), 15)]));
        assert_eq!(armor("F/B 10"), Some(vec![(Place::At(Loc::F), 10), (Place::At(Loc::B), 10)]));
        assert_eq!(armor("front-left 20"), Some(vec![(Place::Named(Loc::FL), 20)]));
        assert_eq!(armor("Sides 8"), Some(vec![(Place::Sides, 8)]));
        assert_eq!(armor("Flux capacitor"), None);
        let lx = Lexed::new("Q7");
        assert_eq!(armor_points(&lx, 0, 1 + 1).map(|c| c.unknown), Some(vec![("Q".to_owned(), 7)]));
    }

    #[test]
    fn claims_are_read_in_their_printed_forms() {
        let lx = Lexed::new("Accel. 2.5 Top Speed 60 (80 on hydrofoils) HC: 2 2,997 lbs. Cost $9,636");
        let got = claims(&lx, 0, lx.tokens.len());
        assert_eq!(
            got,
            Some(vec![
                Claim::Acceleration(Speed::halves(5)),
                Claim::TopSpeed(Speed::mph(60)),
                Claim::HandlingClass(2),
                Claim::Weight(2997),
                Claim::Cost(9636)
            ])
        );
    }
}
