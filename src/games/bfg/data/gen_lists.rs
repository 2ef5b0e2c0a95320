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

#[path = "gen_sets.rs"]
mod sets;

pub use sets::{Known, Profile, Said, check, parse_set};
use sets::{ROLES, set};

/// The rule kinds of `fleet-lists.csv` the engine knows.
pub const RULE_KINDS: [&str; 6] = ["min", "max", "ratio", "requires", "per_points", "option"];

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
