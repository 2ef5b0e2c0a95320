//! Build time: each ship's weapons (`weapons.csv` as received), its option groups (our
//! `groups.csv`) and its options (our `options.csv`, over the received weapon rows and fleet-list
//! rules that give them), as Rust source for the `Ship` statics `generate.rs` writes.
//!
//! Not part of the library: compiled into `build.rs` next to `generate.rs` (which calls it). Every
//! figure comes from a received cell: a weapon's strength, range and arcs from its row, an option's
//! price from its rows' notes ("option +20 pts"), its ship cell ("+5pts") or its rule's value
//! ("+35", "BB +50 / GC +30"). A weapon row that is an option no option fits, an option fitting a
//! weapon its ship does not have, or prices that disagree stop the build.

use super::bfg_lists::{self, Known, ListRow, Profile};
use super::datafile::{Error, Row, Table, lit};
use std::collections::BTreeMap;

/// What a ship's weapons and options come to, for its `Ship` static.
pub struct Fittings {
    /// `&[Weapon {..}, ..]`: its standard weapons.
    pub weapons: String,
    pub options: String,
    pub groups: String,
    /// Standard launch bays (squadrons), from its standard weapons.
    pub bays: u32,
    /// Its first standard salvo, as Rust and as text.
    pub salvo: Option<(String, String)>,
    /// Whether any weapon (standard or option) is a launch bay.
    pub may_have_bays: bool,
    /// Clauses of its ships.csv cells that options claim: (column, text).
    pub claims: Vec<(&'static str, String)>,
    /// (option id, the rule it comes from), for the readings to name.
    pub option_rules: Vec<(String, String)>,
    /// (group, max), for the weapon-slot readings.
    pub group_sizes: Vec<(String, u32)>,
}

/// The head of a weapons.csv note: "standard", or the points of an option or a choice.
fn head(notes: &str) -> Result<(Option<i32>, &str), String> {
    if let Some(rest) = notes.strip_prefix("standard") {
        return Ok((None, rest));
    }
    for word in ["option ", "choice "] {
        if let Some(rest) = notes.strip_prefix(word) {
            let (n, rest) = rest.split_once(" pts").ok_or_else(|| format!("{notes:?} gives no points"))?;
            let n: i32 = n.trim_start_matches('+').parse().map_err(|_| format!("{n:?} is not a price"))?;
            return Ok((Some(n), rest));
        }
    }
    Err(format!("{notes:?} starts with neither standard, option nor choice"))
}

/// One weapon row as Rust, with its salvo (as Rust and as the app writes it) if it launches one.
fn weapon(w: &Row) -> Result<(String, Option<(String, String)>), Error> {
    let name = w.required("weapon")?;
    let kind = w.word(
        "kind",
        &[
            ("battery", "Battery"),
            ("lance", "Lance"),
            ("torpedoes", "Torpedoes"),
            ("launch bay", "LaunchBay"),
            ("nova cannon", "NovaCannon"),
            ("other", "Other"),
        ],
    )?;
    let strength = w.required("strength")?;
    let value = strength.parse::<u32>().ok();
    let range = w.required("range_cm")?;
    let (_, rest) = head(w.required("notes")?).map_err(|m| w.error("notes", m))?;
    let detail = rest.trim_start_matches([':', ';', ',', ' ']).trim();
    let lower = name.to_ascii_lowercase();
    let salvo = if kind == "Torpedoes" {
        let s = match strength.strip_prefix("D6") {
            Some("") => "Strength::Rolled { plus: 0 }".to_string(),
            Some(plus) => format!(
                "Strength::Rolled {{ plus: {} }}",
                plus.trim_start_matches('+').parse::<u32>().map_err(|_| w.error("strength", "not D6+N"))?
            ),
            None => format!("Strength::Fixed({})", value.ok_or_else(|| w.error("strength", "not a number"))?),
        };
        let num =
            |t: &str| t.parse::<u32>().map_err(|_| w.error("range_cm", format!("{t:?} is not a speed")));
        let (min, max) = match range.split_once('-') {
            Some((a, b)) => (num(a)?, num(b)?),
            None => (num(range)?, num(range)?),
        };
        let missiles = lower.contains("gravitic launcher");
        let boarding = lower.contains("boarding");
        let prefix = if missiles {
            "missiles "
        } else if boarding {
            "boarding "
        } else {
            ""
        };
        let text = format!("{prefix}{strength}@{range}");
        let kind = if missiles { "SalvoKind::Missiles" } else { "SalvoKind::Torpedoes" };
        let rust = format!(
            "Salvo {{ strength: {s}, speed_cm: {min}, speed_max_cm: {max}, kind: {kind}, boarding: {boarding}, text: {} }}",
            lit(&text)
        );
        Some((rust, text))
    } else {
        None
    };
    let hooks = if kind == "Other" && lower.contains("gravitic hook") {
        let n: u32 = strength
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| w.error("strength", format!("{strength:?} gives no number of escorts")))?;
        format!("Some(({n}, {}))", strength.contains("Orca"))
    } else {
        "None".into()
    };
    let rust = format!(
        "Weapon {{ name: {}, kind: WeaponKind::{kind}, strength: {}, value: {}, range: {}, arcs: {}, detail: {}, salvo: {}, hooks: {hooks}, source: {} }}",
        lit(name),
        lit(strength),
        value.map_or("None".to_string(), |v| format!("Some({v})")),
        lit(range),
        lit(w.required("arcs")?),
        lit(detail),
        salvo.as_ref().map_or_else(|| "None".to_string(), |(r, _)| format!("Some({r})")),
        lit(w.required("source")?),
    );
    Ok((rust, salvo))
}

/// Which ships a row of ours (options.csv, groups.csv) is for: a name, or `@` and a class set.
pub fn ships_of(row: &Row, profiles: &[Profile]) -> Result<Vec<String>, Error> {
    let ship = row.required("ship")?;
    match ship.strip_prefix('@') {
        None => {
            if !profiles.iter().any(|p| p.name == ship) {
                return Err(row.error("ship", format!("ships.csv has no ship {ship:?}")));
            }
            Ok(vec![ship.to_string()])
        }
        Some(set) => {
            let set = bfg_lists::parse_set(set).map_err(|m| row.error("ship", m))?;
            let mut names = Vec::new();
            for p in profiles {
                if set.matches(p).map_err(|m| row.error("ship", m))? {
                    names.push(p.name.clone());
                }
            }
            if names.is_empty() {
                return Err(row.error("ship", "picks no ship"));
            }
            Ok(names)
        }
    }
}

/// The received rules' rows by id, for prices.
pub struct RuleFigures<'t> {
    pub rules: &'t Table,
}

impl RuleFigures<'_> {
    fn row(&self, id: &str) -> Option<Row<'_>> {
        self.rules.find("rule_id", id)
    }
}

/// What every ship's fittings are read from.
pub struct Sources<'a> {
    pub weapons: &'a Table,
    pub options: &'a Table,
    pub groups: &'a Table,
    pub rules: &'a RuleFigures<'a>,
    pub list_rows: &'a [ListRow],
    pub craft_ids: &'a [String],
    pub known: &'a Known<'a>,
}

/// A ship's fittings.
pub fn fittings(profile: &Profile, src: &Sources) -> Result<Fittings, Error> {
    let Sources { weapons, options, groups, rules, list_rows, craft_ids, known } = *src;
    let name = profile.name.as_str();
    let rows: Vec<Row> = weapons.rows().filter(|w| w.text("ship").is_ok_and(|s| s == name)).collect();
    if rows.is_empty() {
        return Err(Error(format!("weapons.csv has no weapon of {name}")));
    }
    let mut standard = Vec::new();
    let (mut bays, mut salvo) = (0u32, None);
    let mut may_have_bays = false;
    for w in &rows {
        let (price, _) = head(w.required("notes")?).map_err(|m| w.error("notes", m))?;
        let kind = w.required("kind")?;
        may_have_bays |= kind == "launch bay";
        if price.is_some() {
            continue;
        }
        if kind == "launch bay" {
            bays +=
                w.required("strength")?.parse::<u32>().map_err(|_| w.error("strength", "not a number"))?;
        }
        let (rust, launches) = weapon(w)?;
        if salvo.is_none() {
            salvo = launches;
        }
        standard.push(rust);
    }

    // Groups.
    let mut group_items = Vec::new();
    let mut group_sizes = Vec::new();
    for g in groups.rows() {
        if !ships_of(&g, known.profiles)?.iter().any(|s| s == name) {
            continue;
        }
        let id = g.required("group")?;
        let min = g.whole("min")?;
        let max = g.whole("max")?;
        if !(0..=max).contains(&min) || max < 1 {
            return Err(g.error("max", format!("{min} to {max} picks is no group")));
        }
        group_sizes.push((id.to_string(), max as u32));
        group_items.push(format!(
            "OptionGroup {{ id: {}, name: {}, min: {min}, max: {max} }}",
            lit(id),
            lit(g.required("name")?)
        ));
    }

    // Options.
    let mut items = Vec::new();
    let mut claims = Vec::new();
    let mut option_rules = Vec::new();
    let mut fitted: Vec<String> = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    for o in options.rows() {
        if !ships_of(&o, known.profiles)?.iter().any(|s| s == name) {
            continue;
        }
        let id = o.required("id")?;
        let rule = o.optional("rule")?;
        let mut adds = Vec::new();
        let mut prices = Vec::new();
        for fit in o.list("fits")? {
            let (wname, times) = match fit.rsplit_once('*') {
                Some((n, t)) => (n, t.parse::<usize>().map_err(|_| o.error("fits", format!("{t:?}")))?),
                None => (fit, 1),
            };
            let w = rows
                .iter()
                .find(|w| w.text("weapon").is_ok_and(|n| n == wname))
                .ok_or_else(|| o.error("fits", format!("weapons.csv gives {name} no weapon {wname:?}")))?;
            let (price, _) = head(w.required("notes")?).map_err(|m| w.error("notes", m))?;
            let price = price.ok_or_else(|| o.error("fits", format!("{wname:?} is a standard weapon")))?;
            prices.push((w.line(), price));
            fitted.push(wname.to_string());
            let (rust, _) = weapon(w)?;
            for _ in 0..times {
                adds.push(rust.clone());
            }
        }
        let mut removes = Vec::new();
        for r in o.list("replaces")? {
            let std = rows.iter().any(|w| {
                w.text("weapon").is_ok_and(|n| n == r)
                    && w.text("notes").is_ok_and(|n| n.starts_with("standard"))
            });
            if !std {
                return Err(o.error("replaces", format!("{name} has no standard weapon {r:?}")));
            }
            removes.push(lit(r));
        }
        let mut cells = Vec::new();
        for c in o.list("cell")? {
            let (column, text) = c
                .split_once(':')
                .ok_or_else(|| o.error("cell", format!("{c:?} is not bays:TEXT or torpedoes:TEXT")))?;
            let column = match column {
                "bays" => "bays",
                "torpedoes" => "torpedoes",
                other => return Err(o.error("cell", format!("{other:?} is not bays or torpedoes"))),
            };
            cells.push(text.to_string());
            claims.push((column, text.to_string()));
        }
        let price_of_rule = |key: &str| -> Result<u32, Error> {
            let rule = rule.ok_or_else(|| o.error("price", "a rule price needs the option's rule"))?;
            let r = rules
                .row(rule)
                .ok_or_else(|| o.error("rule", format!("fleet-lists.csv has no rule {rule:?}")))?;
            let value = r.text("value")?;
            bfg_lists::figure_after(value, key)
                .or_else(|| {
                    if key.is_empty() {
                        None
                    } else {
                        r.text("text").ok().and_then(|t| bfg_lists::figure_after(t, key))
                    }
                })
                .ok_or_else(|| o.error("price", format!("{rule} gives no figure for {key:?}")))
        };
        let (price, per_bay) = match o.required("price")? {
            p @ ("weapons" | "weapons*2") => {
                let first =
                    prices.first().ok_or_else(|| o.error("price", "no weapon is fitted to price it"))?.1;
                if let Some((line, other)) = prices.iter().find(|(_, p)| *p != first) {
                    return Err(
                        o.error("price", format!("weapons.csv line {line} prices it {other}, not {first}"))
                    );
                }
                (if p == "weapons" { first } else { first * 2 }, false)
            }
            "cell" => {
                let p = cells
                    .iter()
                    .find_map(|c| {
                        c.split_whitespace()
                            .find_map(|w| w.strip_prefix('+')?.strip_suffix("pts")?.parse::<i32>().ok())
                    })
                    .ok_or_else(|| o.error("price", "its cell clause gives no +Npts"))?;
                (p, false)
            }
            "rule" => (price_of_rule("")? as i32, false),
            "rule per bay" => (price_of_rule("")? as i32, true),
            "rule:kind" => {
                let rule_id = rule.unwrap_or("");
                let r = rules.row(rule_id).ok_or_else(|| o.error("rule", format!("no rule {rule_id:?}")))?;
                // "BB +50 / GC +30 / HC +25 / CA +20", in the value or the text.
                let pat = format!("{} +", profile.code);
                let figure = [r.text("value")?, r.text("text")?].into_iter().find_map(|t| {
                    let at = t.find(&pat)? + pat.len();
                    let digits: String = t[at..].chars().take_while(char::is_ascii_digit).collect();
                    digits.parse::<i32>().ok()
                });
                match figure {
                    Some(f) => (f, false),
                    // The rule gives no price for this type: the ship is not offered it.
                    None => continue,
                }
            }
            p => match p.strip_prefix("rule:") {
                Some(key) => (price_of_rule(key)? as i32, false),
                None => return Err(o.error("price", format!("{p:?} is not weapons, cell, rule or rule:Key"))),
            },
        };
        if let Some(rule) = rule {
            option_rules.push((id.to_string(), rule.to_string()));
        }
        let group = match o.optional("group")? {
            Some(g) => {
                if !group_sizes.iter().any(|(id, _)| id == g) {
                    return Err(o.error("group", format!("groups.csv gives {name} no group {g:?}")));
                }
                format!("Some({})", lit(g))
            }
            None => "None".into(),
        };
        let max = match o.optional("max")? {
            Some(m) => m.parse::<u32>().map_err(|_| o.error("max", format!("{m:?}")))?,
            None => 1,
        };
        let mut craft = Vec::new();
        for c in o.list("craft")? {
            if !craft_ids.iter().any(|k| k == c) {
                return Err(o.error("craft", format!("craft.csv has no craft {c:?}")));
            }
            craft.push(lit(c));
        }
        let turrets = match o.optional("turrets")? {
            Some(t) => t.parse::<u32>().map_err(|_| o.error("turrets", format!("{t:?}")))?,
            None => 0,
        };
        let lists = match (o.list("lists")?, rule) {
            (given, _) if !given.is_empty() => {
                let mut ids = Vec::new();
                for g in given {
                    let reached: Vec<&ListRow> = list_rows.iter().filter(|l| l.uses(g)).collect();
                    if reached.is_empty() {
                        return Err(o.error("lists", format!("no list is or uses {g:?}")));
                    }
                    ids.extend(reached.iter().map(|l| lit(&l.id)));
                }
                ids
            }
            (_, Some(rule)) => {
                let group = rule.split('/').next().unwrap_or("");
                bfg_lists::lists_using(list_rows, group, rule, &BTreeMap::new())
                    .iter()
                    .map(|l| lit(l))
                    .collect()
            }
            _ => Vec::new(),
        };
        let mut excludes = Vec::new();
        for x in o.list("excludes")? {
            let exists = options.rows().any(|p| {
                p.text("id").is_ok_and(|i| i == x)
                    && ships_of(&p, known.profiles).is_ok_and(|s| s.iter().any(|n| n == name))
            });
            if !exists {
                return Err(o.error("excludes", format!("{name} has no option {x:?}")));
            }
            excludes.push(lit(x));
        }
        let needs = match o.optional("needs")? {
            Some(n) => {
                let (r, leaders) =
                    bfg_lists::parse_set(n).and_then(|s| s.rust(known)).map_err(|m| o.error("needs", m))?;
                if leaders {
                    return Err(o.error("needs", "must be a set of ships"));
                }
                format!("Some({r})")
            }
            None => "None".into(),
        };
        let note = match o.optional("note")? {
            Some(n) => format!("Some({})", lit(n)),
            None => "None".into(),
        };
        if !ids.contains(&id.to_string()) {
            ids.push(id.to_string());
        }
        items.push(format!(
            "ShipOption {{ id: {}, name: {}, group: {group}, price: {price}, per_bay: {per_bay}, max: {max}, adds: &[{}], removes: &[{}], craft: &[{}], turrets: {turrets}, lists: &[{}], rule: {}, excludes: &[{}], needs: {needs}, note: {note} }}",
            lit(id),
            lit(o.required("name")?),
            adds.join(", "),
            removes.join(", "),
            craft.join(", "),
            lists.join(", "),
            rule.map_or("None".to_string(), |r| format!("Some({})", lit(r))),
            excludes.join(", "),
        ));
    }
    for w in &rows {
        let optional = !w.text("notes")?.starts_with("standard");
        let wname = w.required("weapon")?;
        if optional && !fitted.iter().any(|f| f == wname) {
            return Err(w.error("weapon", "an option or choice no row of options.csv fits"));
        }
    }
    Ok(Fittings {
        weapons: format!("&[{}]", standard.join(", ")),
        options: format!("&[{}]", items.join(", ")),
        groups: format!("&[{}]", group_items.join(", ")),
        bays,
        salvo,
        may_have_bays,
        claims,
        option_rules,
        group_sizes,
    })
}
