//! Reading a stat line in the published style back into a design.

use super::{Claimed, Imported};
use crate::games::bounds::{self, Document};
use crate::games::carwars::design::{
    AccessoryEntry, CargoEntry, CrewEntry, Deck, Design, PropellerEntry, Ref, Section, Top, TurretEntry,
    WeaponEntry,
};
use crate::games::carwars::tables::{
    self, ACCESSORIES, ARMOR_TYPES, HULLS, Item, Loc, Mount, PLANTS, ROLES, WEAPONS, Weapon,
};
use crate::games::carwars::units::Speed;
use crate::games::or_list;

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
    use crate::games::carwars::statline::claim_mismatches;
    use crate::games::carwars::{evaluate, examples};

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
