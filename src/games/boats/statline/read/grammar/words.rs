//! The grammar's rules for one word or number of a part: what it is by what it is and what
//! follows it. Tried in order: a turret's qualifiers, a noun of the catalog, a facing, ammunition,
//! a number, then the grammar's own words ("with", "in", "for", "fed by", "linked", ...).

use super::{
    Feeds, Figure, FigureKind, Item, Magazines, Pending, Read, Sep, TurretSpec, fill, set_count, settle,
    unread,
};
use crate::games::boats::design::Section;
use crate::games::boats::statline::read::lex::{Lexed, Tok};
use crate::games::boats::statline::read::vocab::{self, Noun, count_word};
use crate::games::boats::tables::Loc;

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

pub(super) fn is_any(lx: &Lexed, i: usize, words: &[&str]) -> bool {
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

/// Reads the word or number at `i`; returns the next token to read.
pub(super) fn word(
    lx: &Lexed,
    it: &mut Item,
    p: &mut Pending,
    i: usize,
    to: usize,
    paren: bool,
) -> Read<usize> {
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
            let (n, _) = number_at(lx, i).ok_or_else(|| unread("not a whole number"))?;
            if let Some(t) = &mut it.turret {
                t.size = Some(n);
            }
            return Ok(i + 2);
        }
    }
    if w == "and" {
        settle(it, p)?;
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
            Some(Noun::Turret) => return Err(unread("a second turret in one part")),
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
            return Err(unread("two kinds of ammunition for one part"));
        }
        it.ammo = Some(a);
        return Ok(next);
    }
    if let Some((n, next)) = number_at(lx, i) {
        return number(lx, it, p, n, i, next, to);
    }
    let next = i + 1;
    // "Extra MG magazine": an extra magazine for that weapon.
    if w == "extra"
        && let Some((e, k)) = vocab::nouns().longest(lx, next, to)
        && let Noun::Weapon(weapon, _) = e.value
        && is_any(lx, k, &["magazine", "magazines", "mag", "mags"])
    {
        let count = p.count.take().map(|(n, _)| n);
        match it.noun {
            None => {
                it.noun = Some(Noun::ExtraMagazine);
                (it.noun_from, it.noun_to) = (i, k + 1);
                it.count = count;
                it.feeds = Some(Feeds::Weapon(weapon));
            }
            Some(_) => it.extra_magazines = Some(it.extra_magazines.unwrap_or(0) + count.unwrap_or(1)),
        }
        return Ok(k + 1);
    }
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
            let (g, after) = number_at(lx, next + 1).ok_or_else(|| unread("a link group needs a number"))?;
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
            let (n, after) = number_at(lx, next).ok_or_else(|| unread("not a whole number"))?;
            set_count(it, n)?;
            Ok(after)
        }
        _ if FILLER.contains(&w) || vocab::AMMO_WORDS.contains(&w) => Ok(next),
        _ => Err(unread(format!("\"{}\" is not a word the reader knows", lx.source(i, next)))),
    }
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
            set_count(it, n)?;
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
    // "Pilot/gunner": a part of its own after a slash.
    let after_slash = i > 0 && lx.is_punct(i - 1, '/');
    if p.with || paren || after_slash {
        // A part of its own: it takes the rest of the piece.
        let start = p.count.take().map_or(i, |(_, at)| at);
        let mut sub = Item { from: start, to, sep: Sep::And, ..Item::default() };
        fill(lx, &mut sub, start, to, false)?;
        it.subs.push(sub);
        return Ok(to);
    }
    let first = it.noun.map(|n| n.display()).unwrap_or_default();
    Err(unread(format!("two parts in one: {first} and {}; is a comma missing?", noun.display())))
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
        it.figures.push(Figure {
            kind,
            value: lx.tokens[i].value,
            from: i,
            to: end,
            misprint: lx.tokens[i].misprint,
        });
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
        return Err(unread("a part is counted in whole numbers"));
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
        let (m, k) = number_at(lx, next + 1).ok_or_else(|| unread("not a whole number"))?;
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
        set_count(it, n)?;
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
    Err(unread(format!("\"{}\" does not say where", lx.source(i, (j + 1).min(to)))))
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
    Err(unread("feeding what? Name the turret or the weapon"))
}

fn skip_deck(lx: &Lexed, i: usize) -> usize {
    if is_any(lx, i, &["deck", "decks"]) { i + 1 } else { i }
}
