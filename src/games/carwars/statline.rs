//! Stat lines: the canonical one-line description of a design in the style the magazine printed,
//! and a reader for that style, so a player can paste a published boat and get the design back.
//!
//! The reader classifies each comma- or period-separated fragment on its own, so it copes with
//! the magazine's variations; anything it cannot place is returned in `unrecognized`, never
//! dropped silently.

use super::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Deck, Design, PropellerEntry, Ref, Section, Top, TurretEntry,
    WeaponEntry,
};
use super::evaluate::{self, Evaluation, LineKind};
use super::tables::{
    self, ACCESSORIES, ARMOR_TYPES, HULLS, Item, Loc, Mount, PLANTS, ROLES, WEAPONS, Weapon,
};
use super::units::{Grouped, Money, Speed, Weight, dollars_rounded, pounds_rounded};
use crate::games::bounds::{self, Document};
use crate::games::or_list;
use serde::Serialize;
use std::fmt::Write;

/// The figures a stat line prints, in printed precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Printed {
    pub acceleration: Speed,
    pub top_speed: Speed,
    pub top_speed_on_hydrofoils: Option<Speed>,
    pub handling_class: i64,
    pub weight: i64,
    pub cost: i64,
}

/// What a stat line prints for an evaluation. Powered figures, or rowing figures for a boat that
/// only rows.
fn printed(e: &Evaluation) -> Printed {
    let f = &e.figures;
    let rowing_only = f.top_speed == Speed::ZERO && f.rowing_top_speed.is_some();
    Printed {
        acceleration: if rowing_only { f.rowing_acceleration.unwrap_or_default() } else { f.acceleration },
        top_speed: if rowing_only { f.rowing_top_speed.unwrap_or_default() } else { f.top_speed },
        top_speed_on_hydrofoils: f.top_speed_on_hydrofoils,
        handling_class: f.handling_class,
        weight: f.weight.rounded(),
        cost: f.cost.rounded(),
    }
}

const ARMOR_ORDER: [Loc; 17] = [
    Loc::F,
    Loc::R,
    Loc::L,
    Loc::B,
    Loc::U,
    Loc::FR,
    Loc::FL,
    Loc::BR,
    Loc::BL,
    Loc::FU,
    Loc::BU,
    Loc::T,
    Loc::FT,
    Loc::BT,
    Loc::D,
    Loc::FD,
    Loc::BD,
];

/// Writes "Pilot" for one, "2 Gunners" for more.
fn counted(out: &mut String, n: u16, one: &str, many: &str) {
    if n == 1 {
        out.push_str(one);
    } else {
        let _ = write!(out, "{n} {many}");
    }
}

fn cargo_suffix(cargo: bool) -> &'static str {
    if cargo { " in cargo space" } else { "" }
}

/// A comma-separated list written straight into the line. Its first letter can be raised, as a
/// sentence's is.
struct Items<'a> {
    out: &'a mut String,
    start: usize,
    sep: &'static str,
}

impl<'a> Items<'a> {
    fn new(out: &'a mut String, sep: &'static str) -> Self {
        let start = out.len();
        Items { out, start, sep }
    }

    /// The line, ready for the next item.
    fn next(&mut self) -> &mut String {
        if self.out.len() > self.start {
            self.out.push_str(self.sep);
        }
        self.out
    }

    fn is_empty(&self) -> bool {
        self.out.len() == self.start
    }

    fn capitalize(&mut self) {
        if let Some(first) = self.out.get_mut(self.start..=self.start) {
            first.make_ascii_uppercase();
        }
    }
}

fn crew_text(out: &mut String, c: &CrewEntry) {
    let (one, many) = c.role.known().map_or((c.role.id(), c.role.id()), |r| (r.name, r.plural));
    counted(out, c.count, one, many);
    out.push_str(cargo_suffix(c.cargo));
}

fn weapon_text(out: &mut String, e: &WeaponEntry, with_mount: bool) {
    if e.count != 1 {
        let _ = write!(out, "{} ", e.count);
    }
    if e.linked {
        out.push_str("linked ");
    }
    match e.weapon.known() {
        Some(w) => {
            out.push_str(if e.count == 1 { w.short } else { w.plural });
            if let Some(a) = e.ammo.as_deref().and_then(|id| w.ammo(id)).filter(|a| a.id != "standard") {
                let _ = write!(out, " with {} {}", a.short, w.ammo_word);
            } else if let Some(id) = e.ammo.as_deref().filter(|id| *id != "standard" && w.ammo(id).is_none())
            {
                let _ = write!(out, " with {id} {}", w.ammo_word);
            }
        }
        None => out.push_str(e.weapon.id()),
    }
    if e.link_group.is_some() || e.extra_magazines > 0 || e.magazine_switch || e.rocket_magazine > 0 {
        out.push_str(" (");
        let mut opts = Items::new(out, ", ");
        if let Some(g) = e.link_group {
            let _ = write!(opts.next(), "link group {g}");
        }
        if e.extra_magazines > 0 {
            counted(opts.next(), e.extra_magazines, "1 extra magazine", "extra magazines");
        }
        if e.magazine_switch {
            opts.next().push_str("magazine switch");
        }
        if e.rocket_magazine > 0 {
            let _ = write!(opts.next(), "rocket magazine of {}", e.rocket_magazine);
        }
        out.push(')');
    }
    if with_mount {
        out.push(' ');
        out.push_str(e.mount.unwrap_or_default().word());
    }
}

fn turret_text(out: &mut String, t: &TurretEntry, show_location: bool) {
    if t.universal {
        out.push_str("Universal ");
    }
    if t.popup {
        out.push_str("pop-up ");
    }
    let _ = write!(out, "{}-space turret", t.size);
    if show_location && let Some(l) = t.location {
        let _ = write!(out, " ({})", l.code());
    }
    if t.weapons.is_empty() {
        out.push_str(" (empty)");
    } else {
        out.push_str(" with ");
        let mut ws = Items::new(out, " and ");
        for w in &t.weapons {
            weapon_text(ws.next(), w, false);
        }
    }
}

fn accessory_text(out: &mut String, a: &AccessoryEntry) {
    match a.item.known() {
        // Items whose plural is their name are counted "for N": "Passenger accommodations for 6".
        Some(i) if i.plural == i.name => {
            let _ = write!(out, "{} for {}", i.name, a.count);
        }
        Some(i) => counted(out, a.count, i.name, i.plural),
        None => counted(out, a.count, a.item.id(), a.item.id()),
    }
    out.push_str(cargo_suffix(a.cargo));
}

fn cargo_text(out: &mut String, c: &CargoEntry) {
    let _ = write!(
        out,
        "Cargo ({} space{}, {} lbs){}",
        c.spaces,
        if c.spaces == 1 { "" } else { "s" },
        Grouped(i64::from(c.weight)),
        if c.cargo { "" } else { " in body space" }
    );
}

/// The size a propeller is built for, when a stat line names it: only when it is not the plant's.
fn named_size<'a>(p: &'a PropellerEntry, plant_id: Option<&str>) -> Option<&'a Ref<tables::Plant>> {
    p.size.as_ref().filter(|s| Some(s.id()) != plant_id)
}

/// The canonical stat line of a design, in the published style.
pub fn stat_line(d: &Design, e: &Evaluation) -> String {
    let hull = d.hull.known();
    let decked = hull.is_some_and(|h| evaluate::decked(h, d));
    let split_top = hull.is_some_and(|h| h.split_top) && d.top == Top::Full;
    let mut out = String::with_capacity(256);
    if !d.name.trim().is_empty() {
        for c in d.name.trim().chars() {
            // A colon would end the name early when the line is read back.
            if c == ':' { out.push_str(" -") } else { out.push(c) }
        }
        out.push_str(": ");
    }

    // The boat itself: hull, body, power, and (without a Deck) the crew.
    let mut head = Items::new(&mut out, ", ");
    head.next().push_str(hull.map_or(d.hull.id(), |h| h.name));
    if d.deck.is_some() {
        match e.ledger.iter().find_map(|l| match l.kind {
            LineKind::Deck { below, above } => Some((below, above)),
            _ => None,
        }) {
            Some((b, a)) => {
                let _ = write!(head.next(), "Deck ({b} below, {a} above)");
            }
            None => head.next().push_str("Deck"),
        }
    }
    match d.top {
        Top::None => {}
        Top::Half => head.next().push_str("Half Top"),
        Top::Full => head.next().push_str("Boat Top"),
    }
    for (on, what) in
        [(d.hydrofoils, "Hydrofoils"), (d.weighted_keel, "Weighted keel"), (d.spoiler, "Spoiler")]
    {
        if on {
            head.next().push_str(what);
        }
    }
    if let Some(p) = &d.plant {
        let _ = write!(head.next(), "{} power plant", p.known().map_or(p.id(), |p| p.name));
    }
    // Propellers, grouped by size and guard in order; the size is only named when it is not the
    // plant's.
    let plant_id = d.plant.as_ref().map(Ref::id);
    let same = |p: &PropellerEntry, q: &PropellerEntry| {
        p.guard == q.guard && named_size(p, plant_id).map(Ref::id) == named_size(q, plant_id).map(Ref::id)
    };
    for group in d.propellers.chunk_by(same) {
        let (p, n) = (&group[0], group.len());
        let size = named_size(p, plant_id);
        let line = head.next();
        if n > 1 {
            let _ = write!(line, "{n} ");
        }
        match size {
            Some(s) => {
                let _ = write!(line, "{} propeller", s.known().map_or(s.id(), |p| p.name));
            }
            None => line.push_str("Propeller"),
        }
        if n > 1 {
            line.push('s');
        }
        if p.guard > 0 {
            let _ = write!(line, " with {}-point guard{}", p.guard, if n == 1 { "" } else { "s" });
        }
    }
    if d.jet_drive {
        head.next().push_str("Jet drive");
    }
    if d.oars == 1 {
        head.next().push_str("Oars");
    } else if d.oars > 1 {
        let _ = write!(head.next(), "{} pairs of oars", d.oars);
    }
    if !decked {
        let only_pilot = d.crew.len() == 1
            && d.crew[0].count == 1
            && !d.crew[0].cargo
            && d.crew[0].role.known().is_some_and(|r| r.id == "pilot");
        if only_pilot {
            head.next().push_str("Pilot only");
        } else if d.crew.is_empty() {
            head.next().push_str("No crew");
        } else {
            for c in &d.crew {
                crew_text(head.next(), c);
            }
        }
    }
    out.push('.');

    // What it carries: one list, or one per deck section.
    let sections: &[Option<Section>] =
        if decked { &[Some(Section::Below), Some(Section::Above)] } else { &[None] };
    for &section in sections {
        let here = |s: Option<Section>| section.is_none_or(|sec| s.unwrap_or(Section::Above) == sec);
        match section {
            Some(Section::Below) => out.push_str(" Below Deck: "),
            Some(Section::Above) => out.push_str(" Above Deck: "),
            None => out.push(' '),
        }
        let mut items = Items::new(&mut out, ", ");
        if section.is_some() {
            for c in d.crew.iter().filter(|c| here(c.deck)) {
                crew_text(items.next(), c);
            }
        } else if d.weapons.is_empty() && d.turrets.is_empty() {
            items.next().push_str("No weapons");
        }
        for w in d.weapons.iter().filter(|w| here(w.deck)) {
            weapon_text(items.next(), w, true);
        }
        if section != Some(Section::Below) {
            for t in &d.turrets {
                turret_text(items.next(), t, split_top);
            }
        }
        for a in d.accessories.iter().filter(|a| here(a.deck)) {
            accessory_text(items.next(), a);
        }
        for c in d.cargo.iter().filter(|c| here(c.deck)) {
            cargo_text(items.next(), c);
        }
        if items.is_empty() {
            items.next().push_str("empty");
        } else {
            items.capitalize();
        }
        out.push('.');
    }

    // Armor.
    let prefix = d.armor.kind.known().map_or(d.armor.kind.id(), |k| k.prefix);
    let has_points =
        ARMOR_ORDER.iter().any(|l| d.armor.points.get(*l) > 0) || !d.armor.points.unknown.is_empty();
    if !has_points {
        if prefix.is_empty() {
            out.push_str(" No armor.");
        } else {
            let _ = write!(out, " {prefix} Armor: none.");
        }
    } else {
        out.push(' ');
        if !prefix.is_empty() {
            out.push_str(prefix);
            out.push(' ');
        }
        out.push_str("Armor: ");
        let mut pts = Items::new(&mut out, ", ");
        for l in ARMOR_ORDER.iter().filter(|l| d.armor.points.get(**l) > 0) {
            let _ = write!(pts.next(), "{}{}", l.code(), d.armor.points.get(*l));
        }
        for (k, p) in &d.armor.points.unknown {
            let _ = write!(pts.next(), "{k}{p}");
        }
        out.push('.');
    }

    let p = printed(e);
    let _ = write!(out, " Accel. {}, Top Speed {}", p.acceleration, p.top_speed);
    if let Some(t) = p.top_speed_on_hydrofoils {
        let _ = write!(out, " ({t} on hydrofoils)");
    }
    let _ = write!(out, ", HC {}, {} lbs; ${}.", p.handling_class, Grouped(p.weight), Grouped(p.cost));
    out
}

/// What a pasted stat line claims about itself, for checking against the parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Claimed {
    pub acceleration: Option<Speed>,
    pub top_speed: Option<Speed>,
    pub handling_class: Option<i64>,
    pub weight: Option<i64>,
    pub cost: Option<i64>,
}

/// A pasted stat line, read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub design: Design,
    /// Fragments that could not be mapped to any part, as written.
    pub unrecognized: Vec<String>,
    /// How the reader interpreted doubtful fragments (misprints, assumed facings).
    pub notes: Vec<String>,
    pub claimed: Claimed,
}

impl Imported {
    /// How the line was read, then every figure it claims that its parts (judged as `e`) do
    /// not add up to.
    pub fn notes_against(&self, e: &Evaluation) -> Vec<String> {
        let mut notes = self.notes.clone();
        notes.extend(claim_mismatches(&self.claimed, e));
        notes
    }
}

/// The claims that disagree with the parts, in words.
pub fn claim_mismatches(c: &Claimed, e: &Evaluation) -> Vec<String> {
    let p = printed(e);
    let mut out = Vec::new();
    let mut check = |what: &str, claimed: Option<String>, actual: String| {
        if let Some(claimed) = claimed.filter(|c| *c != actual) {
            out.push(format!("The stat line gives {what} {claimed}; the parts add up to {actual}"));
        }
    };
    check("acceleration", c.acceleration.map(|s| s.to_string()), p.acceleration.to_string());
    check("top speed", c.top_speed.map(|s| s.to_string()), p.top_speed.to_string());
    check("HC", c.handling_class.map(|h| h.to_string()), p.handling_class.to_string());
    check(
        "weight",
        c.weight.map(|w| format!("{} lb", pounds_rounded(Weight::whole(w)))),
        format!("{} lb", pounds_rounded(e.figures.weight)),
    );
    check("cost", c.cost.map(|m| dollars_rounded(Money::whole(m))), dollars_rounded(e.figures.cost));
    out
}

/// A fragment of the text and what ended it.
struct Fragment {
    text: String,
    ends_sentence: bool,
}

/// Splits at commas and sentence-ending periods, but not inside parentheses, not in "2,997" or
/// "2.5", and not after "Accel".
fn fragments(text: &str) -> Vec<Fragment> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0usize;
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
        let next = chars.get(i + 1).copied();
        let digit_sep = prev.is_some_and(|p| p.is_ascii_digit()) && next.is_some_and(|n| n.is_ascii_digit());
        match c {
            '(' => {
                depth += 1;
                cur.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                cur.push(c);
            }
            ',' | ';' if depth == 0 && !digit_sep => {
                out.push(Fragment { text: std::mem::take(&mut cur), ends_sentence: false });
            }
            '.' if depth == 0 && !digit_sep && !cur.trim_end().to_ascii_lowercase().ends_with("accel") => {
                out.push(Fragment { text: std::mem::take(&mut cur), ends_sentence: true });
            }
            _ => cur.push(c),
        }
    }
    out.push(Fragment { text: cur, ends_sentence: true });
    out.into_iter()
        .map(|f| Fragment { text: f.text.split_whitespace().collect::<Vec<_>>().join(" "), ..f })
        .filter(|f| !f.text.is_empty())
        .collect()
}

fn number(s: &str) -> Option<f64> {
    let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '$').collect();
    cleaned.trim().parse().ok()
}

fn speed(s: &str) -> Option<Speed> {
    number(s)
        .filter(|n| n.is_finite() && *n >= 0.0 && *n < 10_000.0)
        .map(|n| Speed::halves((n * 2.0).round() as i64))
}

fn whole(s: &str) -> Option<i64> {
    number(s).filter(|n| n.is_finite() && n.abs() < 1e15).map(|n| n.round() as i64)
}

/// Strips a leading count ("2 ", "10 ") from a fragment.
fn leading_count(s: &str) -> (u16, &str) {
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return (1, s);
    }
    match (digits.parse::<u16>(), s[digits.len()..].strip_prefix(' ')) {
        (Ok(n), Some(rest)) => (n, rest),
        _ => (1, s),
    }
}

/// `Some(rest)` if `s` starts with `word` (case-insensitive) followed by a word break.
fn strip_word<'a>(s: &'a str, word: &str) -> Option<&'a str> {
    let head = s.get(..word.len())?;
    if !head.eq_ignore_ascii_case(word) {
        return None;
    }
    let rest = &s[word.len()..];
    if rest.is_empty() || rest.starts_with([' ', '(', ')', ',', '.']) {
        Some(rest.trim_start())
    } else {
        None
    }
}

fn strip_suffix_ci<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = s.len().checked_sub(suffix.len())?;
    let tail = s.get(cut..)?;
    tail.eq_ignore_ascii_case(suffix).then(|| s[..cut].trim_end())
}

const MOUNT_WORDS: &[(&str, Mount)] = &[
    ("front-left", Mount::FL),
    ("front left", Mount::FL),
    ("front-right", Mount::FR),
    ("front right", Mount::FR),
    ("back-left", Mount::BL),
    ("back left", Mount::BL),
    ("back-right", Mount::BR),
    ("back right", Mount::BR),
    ("front", Mount::F),
    ("forward", Mount::F),
    ("back", Mount::B),
    ("rear", Mount::B),
    ("aft", Mount::B),
    ("left", Mount::L),
    ("right", Mount::R),
];

const AMMO_WORDS: &[&str] = &[
    "ammo",
    "ammunition",
    "rounds",
    "rockets",
    "rocket",
    "warheads",
    "warhead",
    "mines",
    "grenades",
    "charges",
];

/// Spellings that are misprints of another weapon, for the note the reader gives.
const MISPRINTS: &[(&str, &str)] = &[("vgm", "VMG")];

/// Weapon names a line may use with a built-in ammunition ("APHR").
const COMPOUND_WEAPONS: &[(&str, &str, &str)] =
    &[("aphr", "heavy-rocket", "ap"), ("ap hr", "heavy-rocket", "ap"), ("ihr", "heavy-rocket", "incendiary")];

fn spellings(w: &'static Weapon) -> impl Iterator<Item = &'static str> {
    [w.plural, w.short, w.name].into_iter().chain(w.aliases.iter().copied())
}

/// The weapon a fragment starts with (longest spelling wins), its ammunition if the spelling
/// implies one, and the rest.
fn match_weapon(s: &str) -> Option<(&'static Weapon, Option<&'static str>, &str, &str)> {
    let mut best: Option<(&'static Weapon, Option<&'static str>, &str, &str)> = None;
    let mut best_len = 0;
    for &(spelling, id, ammo) in COMPOUND_WEAPONS {
        if let (Some(rest), Some(w)) = (strip_word(s, spelling), tables::weapon_by_id(id))
            && spelling.len() > best_len
        {
            best = Some((w, Some(ammo), rest, &s[..spelling.len()]));
            best_len = spelling.len();
        }
    }
    for w in WEAPONS {
        for sp in spellings(w) {
            // The spelling itself, or with a plural "s" ("VMGs"), without building the plural.
            let plural = s.get(sp.len()..).and_then(|r| r.strip_prefix(['s', 'S'])).map(|_| sp.len() + 1);
            for len in [Some(sp.len()), plural].into_iter().flatten() {
                if len > best_len
                    && s.get(..sp.len()).is_some_and(|head| head.eq_ignore_ascii_case(sp))
                    && let Some(rest) = strip_word(s, &s[..len])
                {
                    best = Some((w, None, rest, &s[..len]));
                    best_len = len;
                }
            }
        }
    }
    best
}

fn match_item(s: &str) -> Option<(&'static Item, &str)> {
    let mut best: Option<(&'static Item, &str)> = None;
    let mut best_len = 0;
    for item in ACCESSORIES {
        for sp in [item.plural, item.name].into_iter().chain(item.aliases.iter().copied()) {
            if sp.len() > best_len
                && let Some(rest) = strip_word(s, sp)
            {
                best = Some((item, rest));
                best_len = sp.len();
            }
        }
    }
    best
}

/// Reads a weapon fragment: "2 linked torpedoes back", "MML with AP rockets front",
/// "MG with HD ammo (2 extra magazines, magazine switch) back", "RL (link group 1) front".
fn parse_weapon(s: &str, want_mount: bool, notes: &mut Vec<String>) -> Option<WeaponEntry> {
    let (count, rest) = leading_count(s);
    let (linked, rest) = match strip_word(rest, "linked") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (w, implied_ammo, mut rest, spelled) = match_weapon(rest)?;
    if let Some((_, right)) = MISPRINTS.iter().find(|(m, _)| m.eq_ignore_ascii_case(spelled)) {
        notes.push(format!("Read \"{spelled}\" as {right} (a misprint in the original)"));
    }
    let mut e = WeaponEntry::new(w, None);
    e.count = count;
    e.linked = linked;
    e.ammo = implied_ammo.map(str::to_owned);
    if let Some(r) = strip_word(rest, "with") {
        let words: Vec<&str> = r.split(' ').collect();
        let ammo_word_at = words.iter().position(|x| AMMO_WORDS.iter().any(|a| a.eq_ignore_ascii_case(x)));
        let end = ammo_word_at.unwrap_or(1.min(words.len()));
        let name = words[..end].join(" ");
        let found = w.ammo_kinds().iter().find(|a| {
            a.short.eq_ignore_ascii_case(&name)
                || a.id.eq_ignore_ascii_case(&name)
                || a.name.eq_ignore_ascii_case(&name)
        });
        e.ammo = Some(found.map_or(name.to_ascii_lowercase(), |a| a.id.to_owned()));
        let skip = ammo_word_at.map_or(end, |i| i + 1);
        let consumed: usize = words[..skip].iter().map(|x| x.len() + 1).sum();
        rest = r.get(consumed.min(r.len())..).unwrap_or("").trim_start();
    }
    if let Some(open) = rest.strip_prefix('(') {
        let close = open.find(')')?;
        for opt in open[..close].split(',').map(str::trim) {
            let (n, o) = leading_count(opt);
            if o.eq_ignore_ascii_case("extra magazine") || o.eq_ignore_ascii_case("extra magazines") {
                e.extra_magazines = n;
            } else if o.eq_ignore_ascii_case("magazine switch") {
                e.magazine_switch = true;
            } else if let Some(g) = strip_word(o, "link group") {
                e.link_group = Some(g.trim().parse().ok()?);
            } else if let Some(k) = strip_word(o, "rocket magazine of") {
                e.rocket_magazine = k.trim().parse().ok()?;
            } else {
                return None;
            }
        }
        rest = open[close + 1..].trim_start();
    }
    if want_mount {
        if rest.is_empty() {
            notes.push(format!("No facing given for {}: front assumed", w.short));
        } else {
            let m = MOUNT_WORDS.iter().find(|(word, _)| word.eq_ignore_ascii_case(rest.trim()))?;
            e.mount = Some(m.1);
            rest = "";
        }
    }
    rest.trim().is_empty().then_some(e)
}

fn parse_turret(s: &str, notes: &mut Vec<String>) -> Option<TurretEntry> {
    let mut rest = s;
    let mut t = TurretEntry { size: 0, popup: false, universal: false, location: None, weapons: Vec::new() };
    if let Some(r) = strip_word(rest, "universal") {
        t.universal = true;
        rest = r;
    }
    for popup in ["pop-up", "popup"] {
        if let Some(r) = strip_word(rest, popup) {
            t.popup = true;
            rest = r;
        }
    }
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    t.size = digits.parse().ok()?;
    rest = strip_word(rest[digits.len()..].trim_start_matches(['-', ' ']), "space")?;
    rest = strip_word(rest, "turret")?;
    if let Some(open) = rest.strip_prefix('(') {
        let close = open.find(')')?;
        let inside = open[..close].trim();
        if !inside.eq_ignore_ascii_case("empty") {
            t.location = Some(Loc::parse(inside)?);
        }
        rest = open[close + 1..].trim_start();
    }
    if let Some(open) = rest.strip_prefix('(') {
        let close = open.find(')')?;
        if !open[..close].trim().eq_ignore_ascii_case("empty") {
            return None;
        }
        rest = open[close + 1..].trim_start();
    }
    if let Some(list) = strip_word(rest, "with") {
        for w in list.split(" and ") {
            t.weapons.push(parse_weapon(w.trim(), false, notes)?);
        }
        rest = "";
    }
    rest.is_empty().then_some(t)
}

/// Reads "Deck (13 below, 24 above)".
fn parse_deck(s: &str) -> Option<Deck> {
    let rest = strip_word(s, "deck")?;
    if rest.is_empty() {
        return Some(Deck { below: None });
    }
    let inside = rest.strip_prefix('(')?.strip_suffix(')')?;
    let below = inside.split(',').find_map(|p| strip_suffix_ci(p.trim(), "below"))?;
    Some(Deck { below: Some(below.trim().parse().ok()?) })
}

/// Reads "2 Propellers with 10-point guards": how many, and one of them.
fn parse_propellers(s: &str, plant: Option<&Ref<tables::Plant>>) -> Option<(usize, PropellerEntry)> {
    let (n, rest) = leading_count(s);
    let (size, rest) = match PLANTS.iter().find_map(|p| strip_word(rest, p.name).map(|r| (p, r))) {
        Some((p, r)) => (Some(Ref::Known(p)), r),
        None => (None, rest),
    };
    let rest = strip_word(rest, "propellers").or_else(|| strip_word(rest, "propeller"))?;
    let guard = if rest.is_empty() {
        0
    } else {
        let g = strip_word(rest, "with")?;
        let g = strip_suffix_ci(g, "-point guards").or_else(|| strip_suffix_ci(g, "-point guard"))?;
        g.trim().parse().ok()?
    };
    let size = size.filter(|s| Some(s) != plant);
    Some((usize::from(n), PropellerEntry { size, guard }))
}

fn parse_crew(s: &str, section: Option<Section>) -> Option<Vec<CrewEntry>> {
    if s.eq_ignore_ascii_case("pilot only") || s.eq_ignore_ascii_case("driver only") {
        return Some(vec![CrewEntry::new(&ROLES[0], 1)]);
    }
    if s.eq_ignore_ascii_case("no crew") {
        return Some(Vec::new());
    }
    let (cargo, s) = match strip_suffix_ci(s, "in cargo space") {
        Some(r) => (true, r),
        None => (false, s),
    };
    let (n, rest) = leading_count(s);
    let role = ROLES
        .iter()
        .find(|r| rest.eq_ignore_ascii_case(r.name) || rest.eq_ignore_ascii_case(r.plural))
        .or_else(|| {
            (rest.eq_ignore_ascii_case("driver") || rest.eq_ignore_ascii_case("drivers")).then_some(&ROLES[0])
        })?;
    Some(vec![CrewEntry { role: Ref::Known(role), count: n, deck: section, cargo }])
}

fn parse_accessory(s: &str, section: Option<Section>) -> Option<AccessoryEntry> {
    let (cargo, s) = match strip_suffix_ci(s, "in cargo space") {
        Some(r) => (true, r),
        None => (false, s),
    };
    let (n, rest) = leading_count(s);
    let (item, rest) = match_item(rest)?;
    let count = if rest.is_empty() {
        n
    } else {
        let k = strip_word(rest, "for")?;
        k.trim().parse().ok()?
    };
    Some(AccessoryEntry { item: Ref::Known(item), count, deck: section, cargo })
}

fn parse_cargo(s: &str, section: Option<Section>) -> Option<CargoEntry> {
    let (in_body, s) = match strip_suffix_ci(s, "in body space") {
        Some(r) => (true, r),
        None => (false, s),
    };
    let inside = strip_word(s, "cargo")?.strip_prefix('(')?.strip_suffix(')')?;
    let mut parts = inside.split(", ");
    let spaces = parts.next()?.split(' ').next()?.parse().ok()?;
    let weight = parts.next()?.split(' ').next()?.replace(',', "").parse().ok()?;
    Some(CargoEntry { name: String::new(), spaces, weight, deck: section, cargo: !in_body })
}

fn parse_armor_point(s: &str) -> Option<(String, u16)> {
    let split = s.find(|c: char| c.is_ascii_digit())?;
    let (code, pts) = s.split_at(split);
    let code = code.trim();
    if code.is_empty() || code.len() > 3 || !code.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    Some((code.to_ascii_uppercase(), pts.trim().parse().ok()?))
}

/// Reads the performance tail: "Accel. 5, Top Speed 40, HC 2, 2,997 lbs; $9,636."
fn parse_claim(s: &str, c: &mut Claimed) -> bool {
    let lower = s.to_ascii_lowercase();
    if let Some(r) = lower.strip_prefix("accel.").or_else(|| lower.strip_prefix("accel")) {
        c.acceleration = speed(r.trim());
        return c.acceleration.is_some();
    }
    if let Some(r) = lower.strip_prefix("top speed") {
        let num = r.trim().split(' ').next().unwrap_or("");
        c.top_speed = speed(num);
        return c.top_speed.is_some();
    }
    if let Some(r) = lower.strip_prefix("hc") {
        let num = r.trim().split(' ').next().unwrap_or("");
        c.handling_class = whole(num);
        return c.handling_class.is_some();
    }
    if let Some(r) = lower.strip_suffix("lbs").or_else(|| lower.strip_suffix("lb")) {
        c.weight = whole(r.trim());
        return c.weight.is_some();
    }
    if lower.starts_with('$') {
        c.cost = whole(&lower);
        return c.cost.is_some();
    }
    false
}

/// How long each list of a design was before a fragment was read, so that a fragment that takes
/// the design past its bounds can be taken back whole.
struct Mark {
    propellers: usize,
    crew: usize,
    weapons: usize,
    turrets: usize,
    accessories: usize,
    cargo: usize,
    unknown_armor: usize,
    deck: Option<Deck>,
}

impl Mark {
    fn of(d: &Design) -> Self {
        Mark {
            propellers: d.propellers.len(),
            crew: d.crew.len(),
            weapons: d.weapons.len(),
            turrets: d.turrets.len(),
            accessories: d.accessories.len(),
            cargo: d.cargo.len(),
            unknown_armor: d.armor.points.unknown.len(),
            deck: d.deck.clone(),
        }
    }

    /// Whether what was read since the mark keeps within the bounds (the design before it did).
    fn fits(&self, d: &Design) -> bool {
        let count = |n: u16| n <= bounds::MAX_COUNT;
        let weapon = |w: &WeaponEntry| count(w.count) && count(w.extra_magazines) && count(w.rocket_magazine);
        d.entries() <= bounds::MAX_ENTRIES
            && d.propellers[self.propellers..].iter().all(|p| count(p.guard))
            && d.crew[self.crew..].iter().all(|c| count(c.count))
            && d.weapons[self.weapons..].iter().all(weapon)
            && d.turrets[self.turrets..].iter().all(|t| t.weapons.iter().all(weapon))
            && d.accessories[self.accessories..].iter().all(|a| count(a.count))
            && d.cargo[self.cargo..].iter().all(|c| count(c.spaces) && c.weight <= bounds::MAX_CARGO_WEIGHT)
            && d.deck.as_ref().and_then(|k| k.below).is_none_or(count)
    }

    fn take_back(&self, d: &mut Design) {
        d.propellers.truncate(self.propellers);
        d.crew.truncate(self.crew);
        d.weapons.truncate(self.weapons);
        d.turrets.truncate(self.turrets);
        d.accessories.truncate(self.accessories);
        d.cargo.truncate(self.cargo);
        d.armor.points.unknown.truncate(self.unknown_armor);
        d.deck.clone_from(&self.deck);
    }
}

/// Reads a stat line in the published style. Whatever the text, the design it gives keeps the
/// bounds every document keeps ([`bounds`]): a part asking for more is listed as not read.
pub fn parse(text: &str) -> Imported {
    let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut unrecognized = Vec::new();
    let mut notes = Vec::new();
    let mut claimed = Claimed::default();

    // The name is what comes before the colon that the hull follows.
    let mut body = text.as_str();
    let mut name = String::new();
    for (i, _) in text.match_indices(':') {
        let after = text[i + 1..].trim_start();
        if HULLS.iter().any(|h| strip_word(after, h.name).is_some()) {
            name = text[..i].trim().to_owned();
            body = after;
            break;
        }
    }

    let mut d = Design::empty(&HULLS[0]);
    d.name = bounds::one_line(&name);
    d.crew.clear();
    let mut hull_seen = false;
    let mut armor_mode = false;
    let mut section: Option<Section> = None;
    let mut in_claims = false;

    // Fragments that would take the design past the bounds every document keeps.
    let mut beyond_bounds = 0usize;
    for frag in fragments(body) {
        let mark = Mark::of(&d);
        let mut s = frag.text.as_str();
        // Section and armor headings: "Below Deck: ...", "Fireproof Armor: F12".
        if let Some((head, rest)) = s.split_once(':') {
            let head_t = head.trim();
            if head_t.eq_ignore_ascii_case("below deck") {
                section = Some(Section::Below);
                s = rest.trim();
            } else if head_t.eq_ignore_ascii_case("above deck") {
                section = Some(Section::Above);
                s = rest.trim();
            } else if let Some(prefix) = strip_suffix_ci(head_t, "armor") {
                match ARMOR_TYPES.iter().find(|a| {
                    a.prefix.eq_ignore_ascii_case(prefix)
                        || a.name.eq_ignore_ascii_case(prefix)
                        || a.aliases.iter().any(|x| x.eq_ignore_ascii_case(prefix))
                }) {
                    Some(a) => d.armor.kind = Ref::Known(a),
                    None => unrecognized.push(format!("{head_t}:")),
                }
                armor_mode = true;
                s = rest.trim();
            }
        }
        let lower = s.to_ascii_lowercase();
        if lower.starts_with("accel") {
            in_claims = true;
        }
        let ok = if s.is_empty() {
            true
        } else if in_claims {
            parse_claim(s, &mut claimed)
        } else if armor_mode {
            if lower == "none" {
                true
            } else if let Some((code, p)) = parse_armor_point(s) {
                match Loc::parse(&code) {
                    Some(l) => {
                        let sum = d.armor.points.get(l).saturating_add(p);
                        if sum > bounds::MAX_COUNT {
                            beyond_bounds += 1;
                        } else {
                            d.armor.points.set(l, sum);
                        }
                    }
                    None => d.armor.points.unknown.push((code, p)),
                }
                true
            } else {
                false
            }
        } else if ["no weapons", "no armor", "empty", "nothing", "no accessories"].contains(&lower.as_str()) {
            true
        } else if let Some(h) =
            HULLS.iter().find(|h| lower == h.name.to_ascii_lowercase()).filter(|_| !hull_seen)
        {
            d.hull = Ref::Known(h);
            hull_seen = true;
            true
        } else if let Some(deck) = parse_deck(s) {
            d.deck = Some(deck);
            true
        } else if lower == "boat top" || lower == "top" {
            d.top = Top::Full;
            true
        } else if lower == "half top" || lower == "half-top" {
            d.top = Top::Half;
            true
        } else if lower == "hydrofoils" {
            d.hydrofoils = true;
            true
        } else if lower == "weighted keel" || lower == "keel" {
            d.weighted_keel = true;
            true
        } else if lower == "spoiler" {
            d.spoiler = true;
            true
        } else if lower == "jet drive" || lower == "jet" {
            d.jet_drive = true;
            true
        } else if let Some(p) = strip_suffix_ci(s, "power plant").or_else(|| strip_suffix_ci(s, "plant")) {
            d.plant =
                Some(PLANTS.iter().find(|x| x.name.eq_ignore_ascii_case(p.trim())).map_or_else(
                    || Ref::Unknown(p.trim().to_ascii_lowercase().replace(' ', "-")),
                    Ref::Known,
                ));
            true
        } else if let Some((n, p)) = parse_propellers(s, d.plant.as_ref()) {
            // Only as many as a design can hold are made; more fail the bounds below.
            let room = bounds::MAX_ENTRIES.saturating_sub(d.entries());
            d.propellers.extend(std::iter::repeat_n(p, n.min(room + 1)));
            true
        } else if lower == "oars" {
            d.oars = 1;
            true
        } else if let Some(n) =
            strip_suffix_ci(s, "pairs of oars").or_else(|| strip_suffix_ci(s, "pair of oars"))
        {
            match n.trim().parse::<u16>() {
                Ok(n) if n <= bounds::MAX_COUNT => {
                    d.oars = n;
                    true
                }
                Ok(_) => {
                    beyond_bounds += 1;
                    true
                }
                Err(_) => false,
            }
        } else if let Some(crew) = parse_crew(s, section) {
            d.crew.extend(crew);
            true
        } else if lower.contains("turret") {
            match parse_turret(s, &mut notes) {
                Some(t) => {
                    d.turrets.push(t);
                    true
                }
                None => false,
            }
        } else if let Some(c) = parse_cargo(s, section) {
            d.cargo.push(c);
            true
        } else if let Some(a) = parse_accessory(s, section) {
            d.accessories.push(a);
            true
        } else if let Some(mut w) = parse_weapon(s, true, &mut notes) {
            w.deck = section;
            d.weapons.push(w);
            true
        } else {
            false
        };
        let ok = if ok && !mark.fits(&d) {
            // More of something than a design holds: not read, and listed as not read.
            mark.take_back(&mut d);
            beyond_bounds += 1;
            false
        } else {
            ok
        };
        if !ok {
            unrecognized.push(frag.text.clone());
        }
        if frag.ends_sentence {
            armor_mode = false;
        }
    }
    if beyond_bounds > 0 {
        notes.push(format!(
            "{beyond_bounds} part(s) asked for more than a design holds (at most {} of one thing, {} entries in all) and were not read; they are listed as not read",
            bounds::MAX_COUNT,
            bounds::MAX_ENTRIES
        ));
    }
    if bounds::name_too_long(&d.name).is_some() {
        unrecognized.insert(0, format!("{}:", d.name));
        notes.push(format!(
            "The name is longer than {} characters, so it was not taken; it is listed as not read",
            bounds::MAX_NAME_CHARS
        ));
        d.name.clear();
    }
    if !hull_seen {
        d.hull = Ref::Unknown(String::new());
        let names: Vec<&str> = HULLS.iter().map(|h| h.name).collect();
        notes.push(format!("No hull ({}) found in the text", or_list(&names)));
    }
    // Parts placed in sections only mean something on a decked boat; without a Deck the
    // reader leaves them unplaced.
    if d.deck.is_none() {
        for c in &mut d.crew {
            c.deck = None;
        }
    }
    Imported { design: d, unrecognized, notes, claimed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carwars::{evaluate, examples};

    #[test]
    fn the_examples_print_in_the_published_style() {
        let e = evaluate(&examples::piranha());
        assert_eq!(
            stat_line(&examples::piranha(), &e),
            "Piranha: Dinghy, Small power plant, Propeller, Pilot only. VMG front, 2 linked torpedoes back, \
             Fire extinguisher. Armor: F15, R15, L15, B12, U15. Accel. 5, Top Speed 40, HC 2, 2,997 lbs; $9,636."
        );
        let m = examples::minnow();
        assert_eq!(
            stat_line(&m, &evaluate(&m)),
            "Minnow: Dinghy, Medium power plant, 2 Propellers, Pilot, 2 Passengers. MML with AP rockets front, \
             MG with HD ammo back, Targeting computer, Marine radio. Fireproof Armor: F12, R10, L10, B10, U10. \
             Accel. 10, Top Speed 60, HC 2, 3,000 lbs; $13,552."
        );
        let d = examples::darter();
        assert_eq!(
            stat_line(&d, &evaluate(&d)),
            "Darter: Rowboat, Medium power plant, Propeller, Pilot only. No weapons. Armor: F2, R1, L1, B1, U3. \
             Accel. 20, Top Speed 100, HC 3, 799 lbs; $3,315."
        );
    }

    #[test]
    fn published_stat_lines_import_to_the_published_figures() {
        for (slug, line) in examples::PUBLISHED {
            let imp = parse(line);
            assert_eq!(imp.unrecognized, Vec::<String>::new(), "{slug}");
            let e = evaluate(&imp.design);
            assert_eq!(claim_mismatches(&imp.claimed, &e), Vec::<String>::new(), "{slug}");
            let expected = examples::all().into_iter().find(|(s, _)| *s == slug).map(|(_, d)| d);
            assert_eq!(Some(imp.design), expected, "{slug}");
        }
    }

    #[test]
    fn the_vgm_misprint_is_read_as_vmg_and_said_so() {
        let imp = parse(examples::PUBLISHED[1].1);
        assert!(imp.notes.iter().any(|n| n.contains("VGM") && n.contains("VMG")), "{:?}", imp.notes);
    }

    #[test]
    fn text_without_a_hull_names_the_hulls_it_looks_for() {
        let imp = parse("Small power plant, Propeller, Pilot only.");
        assert!(
            imp.notes
                .iter()
                .any(|n| n == "No hull (Rowboat, Dinghy, Speeder, Cruiser or Yacht) found in the text"),
            "{:?}",
            imp.notes
        );
    }

    #[test]
    fn decked_boats_list_their_sections() {
        let line = "Houseboat: Cruiser, Deck (13 below, 24 above), Boat Top, Large power plant, 2 Propellers. \
                    Below Deck: Passenger accommodations for 6 in cargo space, Galley. Above Deck: Pilot, \
                    Gunner, 1-space turret with MG with HD ammo (1 extra magazine), 2 Passengers. \
                    Armor: F20, R20, L20, B20, U20, T10, D5. Accel. 10, Top Speed 60, HC 1, 9,999 lbs; $1.";
        let imp = parse(line);
        assert_eq!(imp.unrecognized, Vec::<String>::new());
        let d = &imp.design;
        assert_eq!(d.deck, Some(Deck { below: Some(13) }));
        assert_eq!(d.accessories[0].count, 6);
        assert!(d.accessories[0].cargo);
        assert_eq!(d.accessories[0].deck, Some(Section::Below));
        assert_eq!(d.turrets[0].weapons[0].extra_magazines, 1);
        assert_eq!(d.armor.points.get(Loc::D), 5);
        let printed = stat_line(d, &evaluate(d));
        assert_eq!(parse(&printed).design, imp.design, "{printed}");
    }

    #[test]
    fn link_groups_are_written_with_each_weapon_and_read_back() {
        let line = "Dinghy, Small power plant, Propeller, Pilot only. MG (link group 1) front, \
                    RL with AP rockets (link group 1, 1 extra magazine) front. Armor: F10.";
        let imp = parse(line);
        assert_eq!(imp.unrecognized, Vec::<String>::new());
        let d = &imp.design;
        assert_eq!((d.weapons[0].link_group, d.weapons[1].link_group), (Some(1), Some(1)));
        assert_eq!(d.weapons[1].extra_magazines, 1);
        let printed = stat_line(d, &evaluate(d));
        assert!(
            printed.contains(
                "MG (link group 1) front, RL with AP rockets (link group 1, 1 extra magazine) front"
            ),
            "{printed}"
        );
        assert_eq!(parse(&printed).design, imp.design, "{printed}");
        assert_eq!(parse("Dinghy. MG (link group one) front.").unrecognized, ["MG (link group one) front"]);
    }

    #[test]
    fn sections_start_with_a_capital_and_cargo_weights_are_grouped() {
        let mut d = examples::piranha();
        d.hull = Ref::Known(&HULLS[3]);
        d.deck = Some(Deck { below: None });
        d.weapons[1].deck = Some(Section::Below);
        d.cargo.push(CargoEntry { name: String::new(), spaces: 2, weight: 1240, deck: None, cargo: true });

        let line = stat_line(&d, &evaluate(&d));

        assert!(line.contains("Below Deck: 2 linked torpedoes back."), "{line}");
        assert!(line.contains("Cargo (2 spaces, 1,240 lbs)."), "{line}");
        let mut homing = d.clone();
        homing.weapons[1] = WeaponEntry {
            deck: Some(Section::Below),
            ..WeaponEntry::new(tables::weapon_by_id("homing-torpedo").expect("in the table"), Some(Mount::B))
        };
        let line = stat_line(&homing, &evaluate(&homing));
        assert!(line.contains("Below Deck: Homing torpedo back."), "{line}");
        assert_eq!(parse(&line).design.cargo[0].weight, 1240);
    }

    #[test]
    fn sleeping_accommodations_are_passenger_accommodations() {
        let imp = parse(
            "Cruiser, Deck, Large power plant, Propeller, Pilot only. Sleeping accommodations for 6 in cargo space.",
        );
        assert_eq!(imp.unrecognized, Vec::<String>::new());
        assert_eq!(imp.design.accessories[0].item.id(), "passenger-accommodations");
        assert_eq!(imp.design.accessories[0].count, 6);
        assert!(imp.design.accessories[0].cargo);
    }

    #[test]
    fn fragments_it_cannot_read_are_listed_not_dropped() {
        let imp = parse(
            "Dinghy, Small power plant, Propeller, Pilot only. Flux capacitor, MG front. Armor: F5, Q7.",
        );
        assert_eq!(imp.unrecognized, vec!["Flux capacitor".to_owned()]);
        assert_eq!(imp.design.armor.points.unknown, vec![("Q".to_owned(), 7)]);
        assert_eq!(imp.design.weapons.len(), 1);
    }
}
