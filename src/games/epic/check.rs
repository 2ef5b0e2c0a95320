//! Judging a detachment: points, section limits, the Detachment HQ upgrade and the chain of
//! command as built.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

use super::data::{ChainStep, DetachmentList, Entry, Limit, Note, Section, Vessel, list, lists, vessel};
use crate::games::{Problem, Shared, Tally, epic::Code, line, nearest, or_list, shown};

/// Version of the detachment document format (`Detachment::version`) this engine reads.
pub const DOCUMENT_VERSION: u32 = 1;

/// Most links the chain of command lists. The largest legal detachment has 30 vessels; only
/// absurd counts (already errors) reach the cap, and it keeps them from exhausting memory.
pub const MAX_CHAIN_LINKS: usize = 200;

fn default_version() -> u32 {
    DOCUMENT_VERSION
}

fn default_count() -> u32 {
    1
}

/// A detachment as the player builds it: the input document.
///
/// ```json
/// {"version": 1, "name": "Harbour Watch", "list": "imperial-marines",
///  "choices": [{"section": "main", "entry": "sea-raider", "count": 1, "hq": true},
///              {"section": "main", "entry": "alligator-apc", "count": 2},
///              {"section": "support", "entry": "nautilus"}]}
/// ```
/// Unknown fields are refused, so a misspelt field name is reported instead of silently ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Detachment {
    /// Format version of this document. Optional, default 1.
    #[serde(default = "default_version")]
    pub version: u32,
    /// The player's name for the detachment. Optional, default "".
    #[serde(default, deserialize_with = "crate::games::bounds::name")]
    pub name: String,
    /// The points the player builds toward, 1 to `bounds::MAX_POINTS_LIMIT`; going over is an
    /// error. Optional, default none (saved detachments from before it existed have none).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::games::bounds::optional_points_limit"
    )]
    pub points_limit: Option<u32>,
    /// Id of the detachment list it is built from: "imperial-marines", "eldar-aquatics",
    /// "ork-wetboyz", "tyranid-waterspawn" or "chaos-aqua". Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub list: String,
    /// The choices in the player's order. The order also settles who takes command first among
    /// vessels of the same chain step. Optional, default none.
    #[serde(default)]
    pub choices: Vec<Choice>,
}

/// One choice: some vessels of one entry of one section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// Section id: "main", "support", or "synapse" (Tyranids only). Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub section: String,
    /// Entry id within the section: the vessel id, e.g. "alligator-apc". Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub entry: String,
    /// How many vessels the choice holds. Optional, default 1.
    #[serde(default = "default_count", deserialize_with = "crate::games::bounds::count_u32")]
    pub count: u32,
    /// Whether the first vessel of this choice carries the Detachment HQ upgrade (+25 pts).
    /// Exactly one choice must set it, except in the Tyranid list, which has no HQ. Optional,
    /// default false.
    #[serde(default)]
    pub hq: bool,
}

impl crate::games::bounds::Document for Detachment {
    const NOUN: &'static str = "detachment";
    const ENTRIES: &'static str = "choices";

    fn entries(&self) -> usize {
        self.choices.len()
    }

    fn names(&self) -> Vec<&str> {
        vec![self.name.as_str()]
    }
}

impl crate::games::bounds::Named for Detachment {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: String) {
        self.name = name;
    }
}

impl Detachment {
    /// An unnamed detachment of the given list with no choices yet.
    pub fn new(list: &str) -> Self {
        Self {
            version: DOCUMENT_VERSION,
            name: String::new(),
            points_limit: None,
            list: list.to_string(),
            choices: Vec::new(),
        }
    }
}

impl Choice {
    /// `count` vessels of `entry` in `section`, without the HQ upgrade.
    pub fn new(section: &str, entry: &str, count: u32) -> Self {
        Self { section: section.to_string(), entry: entry.to_string(), count, hq: false }
    }

    /// The same choice carrying the Detachment HQ upgrade.
    pub fn with_hq(self) -> Self {
        Self { hq: true, ..self }
    }
}

/// The engine's judgement of a detachment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Points (the sum of `choices[..].points`), the limit the player set, legality and every
    /// problem; read as `check.points` and so on.
    #[serde(flatten)]
    pub tally: Tally,
    /// The vessels in order of succession, as built (at most `MAX_CHAIN_LINKS`).
    pub chain_of_command: Vec<ChainLink>,
    /// How many vessels the detachment has, counting every choice the list knows.
    pub vessels: u64,
    /// One entry per input choice, in the same order.
    pub choices: Vec<ChoiceFigures>,
    /// One entry per section of the list, in the list's order; empty if the list is unknown.
    pub sections: Vec<SectionFigures>,
    /// The display name of the list, if the list id is known.
    pub list_name: Option<&'static str>,
    /// `ENGINE_VERSION` of the engine that made this judgement.
    pub engine_version: u32,
}

crate::games::headed_by_tally!(Check);

/// One vessel's place in the chain of command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChainLink {
    /// 1 for the vessel in command, 2 for the next, and so on.
    pub position: u32,
    /// Display name: "Nautilus (HQ)", "Sea Raider 2", ...; numbered when the detachment has more
    /// than one vessel of the type, in the player's order.
    pub vessel: String,
    /// The chain step it fills: "HQ", a vessel name such as "Nautilus", or "Other".
    pub step: &'static str,
    /// Index of the choice it belongs to, in `Detachment::choices` and `Check::choices`.
    pub choice: usize,
}

/// Figures for one input choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChoiceFigures {
    pub section: String,
    pub entry: String,
    /// The vessel's name, or the entry id as typed if it names no vessel.
    pub vessel: Cow<'static, str>,
    pub count: u32,
    /// Whether the choice is marked as carrying the Detachment HQ.
    pub hq: bool,
    /// count x points each, plus the HQ upgrade if marked and the list has one; 0 for a choice
    /// whose section or entry is unknown.
    pub points: u32,
}

/// Figures for one section of the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SectionFigures {
    pub id: &'static str,
    pub name: &'static str,
    /// Choices made in the section (for Command: vessels marked as the HQ).
    pub choices: u32,
    /// Whether vessels are chosen here (not so for Command: see `Section::holds_vessels`).
    pub holds_vessels: bool,
    /// The limit in words: "exactly 1", "1 to 10", "up to 10", and for Support "up to 2, the number
    /// of Main Force choices".
    pub limit: String,
    pub ok: bool,
}

#[derive(Clone, Copy)]
struct Resolved {
    entry: &'static Entry,
    vessel: &'static Vessel,
}

/// Judge a detachment. Never panics, whatever the input.
pub fn check(d: &Detachment) -> Check {
    let mut problems = Vec::new();
    problems.extend(crate::games::version_problem("detachment", d.version, DOCUMENT_VERSION));
    let Some(l) = list(&d.list) else {
        problems.push(unknown_list(&d.list));
        return unknown_list_check(d, problems);
    };

    let mut sections_of = Vec::with_capacity(d.choices.len());
    let mut resolved = Vec::with_capacity(d.choices.len());
    for (i, c) in d.choices.iter().enumerate() {
        let (s, r) = resolve(l, i, c, &mut problems);
        sections_of.push(s);
        resolved.push(r);
    }

    check_hq(l, d, &mut problems);

    let choices = choice_figures(d, &resolved, l.hq_points.unwrap_or(0));
    let points = choices.iter().fold(0u32, |sum, c| sum.saturating_add(c.points));

    let sections = check_sections(l, d, &sections_of, &mut problems);
    check_limit(d, points, &mut problems);

    let (chain_of_command, vessels_total) = build_chain(l, d, &resolved);
    if vessels_total > chain_of_command.len() as u64 {
        problems.push(Problem::warning(
            Code::ChainTruncated,
            None,
            format!(
                "The chain of command lists only the first {MAX_CHAIN_LINKS} of this detachment's {vessels_total} vessels"
            ),
        ));
    }

    Check {
        tally: Tally::new(points, d.points_limit, problems),
        chain_of_command,
        vessels: vessels_total,
        choices,
        sections,
        list_name: Some(l.name),
        engine_version: super::ENGINE_VERSION,
    }
}

fn unknown_list(id: &str) -> Problem {
    let ids: Vec<&str> = lists().iter().map(|l| l.id).collect();
    let message = if id.trim().is_empty() {
        format!("No detachment list is chosen: use {}", or_list(&ids))
    } else {
        let closest = nearest(id, ids.iter().copied(), ids.len());
        format!("There is no detachment list \"{}\": use {}", shown(id), or_list(&closest))
    };
    Problem::error(Shared::UnknownList, Some("list".to_string()), message)
}

/// Each choice's figures: priced where it resolved (with the HQ upgrade where marked), shown as
/// typed at 0 points where not.
fn choice_figures(d: &Detachment, resolved: &[Option<Resolved>], hq_points: u32) -> Vec<ChoiceFigures> {
    d.choices
        .iter()
        .zip(resolved)
        .map(|(c, r)| {
            let points = r.map_or(0, |r| {
                let upgrade = if c.hq { hq_points } else { 0 };
                c.count.saturating_mul(r.entry.points_each).saturating_add(upgrade)
            });
            ChoiceFigures {
                section: c.section.clone(),
                entry: c.entry.clone(),
                vessel: r.map_or_else(|| shown_vessel(&c.entry), |r| Cow::Borrowed(r.vessel.name)),
                count: c.count,
                hq: c.hq,
                points,
            }
        })
        .collect()
}

/// Without a list nothing can be priced: every choice is shown as typed, at 0 points.
fn unknown_list_check(d: &Detachment, problems: Vec<Problem>) -> Check {
    let choices = choice_figures(d, &vec![None; d.choices.len()], 0);
    Check {
        tally: Tally::new(0, d.points_limit, problems),
        chain_of_command: Vec::new(),
        vessels: 0,
        choices,
        sections: Vec::new(),
        list_name: None,
        engine_version: super::ENGINE_VERSION,
    }
}

/// Find a choice's section and entry, reporting what is unknown or out of range.
fn resolve(
    l: &'static DetachmentList,
    i: usize,
    c: &Choice,
    problems: &mut Vec<Problem>,
) -> (Option<&'static Section>, Option<Resolved>) {
    let part = || Some(format!("choices.{i}"));
    let n = i.saturating_add(1);
    // Listed only for a message: a choice that resolves lists nothing.
    let choosable =
        || -> Vec<&str> { l.sections.iter().filter(|s| s.holds_vessels()).map(|s| s.id).collect() };

    let Some(section) = l.section(&c.section) else {
        let choosable = choosable();
        let message = if c.section.trim().is_empty() {
            format!("Choice {n} has no section: use {}", or_list(&choosable))
        } else {
            let closest = nearest(&c.section, choosable.iter().copied(), choosable.len());
            format!(
                "Choice {n} is in section \"{}\", which the {} does not have: use {}",
                shown(&c.section),
                l.name,
                or_list(&closest)
            )
        };
        problems.push(Problem::error(Code::UnknownSection, part(), message));
        return (None, None);
    };

    if !section.holds_vessels() {
        problems.push(Problem::error(
            Code::CommandIsUpgrade,
            part(),
            format!(
                "Choice {n} is in {}, which has no vessels of its own: the Detachment HQ is an upgrade, so choose the vessel in {} and mark it as the HQ",
                section.name,
                or_list(&choosable())
            ),
        ));
        return (Some(section), None);
    }

    let Some(entry) = section.entry(&c.entry) else {
        let entry_ids: Vec<&str> = section.entries.iter().map(|e| e.id).collect();
        let message = if c.entry.trim().is_empty() {
            format!("Choice {n} in {} has no entry: use {}", section.name, or_list(&entry_ids))
        } else {
            let closest = nearest(&c.entry, entry_ids.iter().copied(), entry_ids.len());
            format!("{} has no entry \"{}\": use {}", section.name, shown(&c.entry), or_list(&closest))
        };
        problems.push(Problem::error(Code::UnknownEntry, part(), message));
        return (Some(section), None);
    };

    let Some(v) = vessel(entry.vessel) else {
        // Only a broken table gets here; a test checks that every entry names a known vessel.
        problems.push(Problem::error(
            Code::UnknownEntry,
            part(),
            format!("{} entry \"{}\" has no vessel profile: choose another entry", section.name, entry.id),
        ));
        return (Some(section), None);
    };

    if c.count < entry.min || c.count > entry.max {
        problems.push(Problem::error(
            Code::CountOutOfRange,
            part(),
            format!(
                "{} choice has {} {}; this entry takes {}",
                v.name,
                c.count,
                plural(c.count, "vessel", "vessels"),
                takes(entry)
            ),
        ));
    }
    (Some(section), Some(Resolved { entry, vessel: v }))
}

/// Over the points limit the player set: an error at the limit, saying by how much.
fn check_limit(d: &Detachment, points: u32, problems: &mut Vec<Problem>) {
    problems.extend(crate::games::over_points_limit("detachment", points, d.points_limit, "remove a choice"));
}

/// The notes of the detachment's list that bear on it, each once: the list's own and every
/// decision about a vessel it has, about Support when it has Support choices, about "Other"
/// when a vessel falls under Other in its chain of command.
pub fn notes_for(d: &Detachment, c: &Check) -> Vec<&'static Note> {
    let Some(l) = list(&d.list) else { return Vec::new() };
    let vessels: Vec<&str> = d
        .choices
        .iter()
        .filter_map(|ch| l.section(&ch.section)?.entry(&ch.entry).map(|e| e.vessel))
        .collect();
    let concerns = |about: &str| match about {
        "support" => c.choices.iter().any(|f| f.section == "support"),
        "other" => c.chain_of_command.iter().any(|link| link.step == "Other"),
        vessel => vessels.contains(&vessel),
    };
    l.notes.iter().copied().filter(|n| n.about.is_none_or(concerns)).collect()
}

/// The Detachment HQ: exactly one where the list has it, none where it does not.
fn check_hq(l: &DetachmentList, d: &Detachment, problems: &mut Vec<Problem>) {
    let mut marked = d.choices.iter().enumerate().filter(|(_, c)| c.hq).map(|(i, _)| i);
    let Some(hq_points) = l.hq_points else {
        let first = match l.chain.first() {
            Some(step @ ChainStep::Vessel(_)) => step.name(),
            _ => "first vessel type",
        };
        for i in marked {
            problems.push(Problem::error(
                Code::HqNotAvailable,
                Some(format!("choices.{i}")),
                format!(
                    "The {} has no Detachment HQ upgrade: untick HQ on choice {} (the chain of command starts with the {first})",
                    l.name,
                    i.saturating_add(1)
                ),
            ));
        }
        return;
    };
    match marked.next() {
        None => problems.push(Problem::error(
            Code::HqMissing,
            Some("sections.command".to_string()),
            format!("Choose one vessel to carry the Detachment HQ (+{hq_points} pts)"),
        )),
        Some(first) => {
            for i in marked {
                problems.push(Problem::error(
                    Code::HqTooMany,
                    Some(format!("choices.{i}")),
                    format!(
                        "Choice {} is a second Detachment HQ; only one vessel may carry it: untick HQ here or on choice {}",
                        i.saturating_add(1),
                        first.saturating_add(1)
                    ),
                ));
            }
        }
    }
}

/// Section figures, and a problem for every section outside its limit (Command's problems come
/// from `check_hq`).
fn check_sections(
    l: &DetachmentList,
    d: &Detachment,
    sections_of: &[Option<&'static Section>],
    problems: &mut Vec<Problem>,
) -> Vec<SectionFigures> {
    let count_in = |id: &str| -> u32 {
        let n = sections_of.iter().filter(|s| s.is_some_and(|s| s.id == id)).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    };
    let hq_marked = u32::try_from(d.choices.iter().filter(|c| c.hq).count()).unwrap_or(u32::MAX);
    let main = count_in("main");
    let main_max = l.section("main").and_then(|s| s.limit.max()).unwrap_or(u32::MAX);

    l.sections
        .iter()
        .map(|s| {
            let n = if s.holds_vessels() { count_in(s.id) } else { hq_marked };
            let part = || Some(format!("sections.{}", s.id));
            let (ok, limit) = match s.limit {
                Limit::NotMoreThanMain => {
                    let ok = n <= main;
                    if !ok {
                        let over = n - main;
                        let mut fix = format!("remove {}", n_choices(over, s.name));
                        if main.saturating_add(over) <= main_max {
                            fix.push_str(&format!(" or add {}", n_choices(over, "Main Force")));
                        }
                        problems.push(Problem::error(
                            Code::SupportExceedsMain,
                            part(),
                            format!(
                                "{} has {n} {} but Main Force has {main}: {fix}",
                                s.name,
                                plural(n, "choice", "choices")
                            ),
                        ));
                    }
                    (ok, format!("up to {main}, the number of Main Force choices"))
                }
                limit => {
                    let (min, max) = (limit.min(), limit.max().unwrap_or(u32::MAX));
                    let ok = (min..=max).contains(&n);
                    if !ok && s.holds_vessels() {
                        let code = match (s.id, n < min) {
                            ("synapse", _) => Code::SynapseCount,
                            (_, true) => Code::SectionTooFew,
                            (_, false) => Code::SectionTooMany,
                        };
                        let fix = if n < min {
                            format!("add {}", n_choices(min - n, s.name))
                        } else {
                            format!("remove {}", n_choices(n - max, s.name))
                        };
                        let verb = if matches!(limit, Limit::Exactly(_)) { "needs" } else { "allows" };
                        problems.push(Problem::error(
                            code,
                            part(),
                            format!(
                                "{} has {n} {}; the {} {verb} {}: {fix}",
                                s.name,
                                plural(n, "choice", "choices"),
                                l.name,
                                limit.text()
                            ),
                        ));
                    }
                    (ok, limit.text())
                }
            };
            SectionFigures { id: s.id, name: s.name, choices: n, holds_vessels: s.holds_vessels(), limit, ok }
        })
        .collect()
}

/// The chain of command as built, and how many vessels the detachment has in all (the chain
/// stops at `MAX_CHAIN_LINKS`).
fn build_chain(l: &DetachmentList, d: &Detachment, resolved: &[Option<Resolved>]) -> (Vec<ChainLink>, u64) {
    // Number vessels of a type in the player's order, across choices.
    let mut totals: Vec<(&str, u32)> = Vec::new();
    let mut first_number = Vec::with_capacity(resolved.len());
    let mut vessels_total = 0u64;
    for (c, r) in d.choices.iter().zip(resolved) {
        let Some(r) = r else {
            first_number.push(0);
            continue;
        };
        vessels_total = vessels_total.saturating_add(u64::from(c.count));
        let at = match totals.iter().position(|(id, _)| *id == r.vessel.id) {
            Some(at) => at,
            None => {
                totals.push((r.vessel.id, 0));
                totals.len() - 1
            }
        };
        let total = &mut totals[at].1;
        first_number.push(total.saturating_add(1));
        *total = total.saturating_add(c.count);
    }
    let label = |v: &Vessel, number: u32| {
        let several = totals.iter().any(|(id, total)| *id == v.id && *total > 1);
        if several { line(&[&v.name, &" ", &number]) } else { v.name.to_string() }
    };

    let mut links: Vec<ChainLink> = Vec::new();
    let push = |links: &mut Vec<ChainLink>, vessel: String, step: &'static str, choice: usize| {
        let position = u32::try_from(links.len()).unwrap_or(u32::MAX).saturating_add(1);
        links.push(ChainLink { position, vessel, step, choice });
    };

    // The HQ is the first vessel of the first choice marked HQ, if that choice is sound.
    let hq_choice = if l.hq_points.is_some() { d.choices.iter().position(|c| c.hq) } else { None };
    let hq = hq_choice.filter(|&i| d.choices.get(i).is_some_and(|c| c.count > 0)).and_then(|i| {
        let r = resolved.get(i).copied().flatten()?;
        Some((i, r.vessel))
    });
    if let Some((i, v)) = hq {
        let number = first_number.get(i).copied().unwrap_or(1);
        push(&mut links, line(&[&label(v, number), &" (HQ)"]), "HQ", i);
    }

    let named: Vec<&str> =
        l.chain.iter().filter_map(|s| if let ChainStep::Vessel(id) = s { Some(*id) } else { None }).collect();
    for step in l.chain {
        if *step == ChainStep::Hq {
            continue;
        }
        let step_name = step.name();
        let fits = |v: &Vessel| match step {
            ChainStep::Hq => false,
            ChainStep::Vessel(id) => v.id == *id,
            ChainStep::Other => !named.contains(&v.id),
        };
        for (i, (c, r)) in d.choices.iter().zip(resolved).enumerate() {
            let Some(r) = r.filter(|r| fits(r.vessel)) else {
                continue;
            };
            let first = first_number.get(i).copied().unwrap_or(1);
            for k in 0..c.count {
                if links.len() >= MAX_CHAIN_LINKS {
                    return (links, vessels_total);
                }
                if k == 0 && hq.is_some_and(|(h, _)| h == i) {
                    continue;
                }
                push(&mut links, label(r.vessel, first.saturating_add(k)), step_name, i);
            }
        }
    }
    (links, vessels_total)
}

/// What each step of a list's chain of command means, and what happens when it is absent: one
/// plain sentence or two per step, in the list's order.
pub fn chain_explanation(l: &DetachmentList) -> Vec<String> {
    let mut out = Vec::with_capacity(l.chain.len());
    for (i, step) in l.chain.iter().enumerate() {
        let next = l.chain.get(i.saturating_add(1)).map_or_else(|| "nobody".to_string(), step_text);
        let text = match step {
            ChainStep::Hq => format!(
                "The vessel carrying the Detachment HQ (+{} pts) heads the chain. {}",
                l.hq_points.unwrap_or(0),
                passes("HQ vessel", &next)
            ),
            ChainStep::Vessel(id) => {
                let name = step_text(step);
                let mut text = String::new();
                if i == 0 && l.hq_points.is_none() {
                    text.push_str(&format!(
                        "This list has no Detachment HQ, so the chain starts with the {name}. "
                    ));
                }
                text.push_str(&passes(&name, &next));
                text.push_str(&format!(" {}", several(&name)));
                for (_, printed) in l.chain_typos.iter().filter(|(typo_of, _)| typo_of == id) {
                    text.push_str(&format!(
                        " (The list prints this link as \"{printed}\"; we read it as the {name}.)"
                    ));
                }
                text
            }
            ChainStep::Other => OTHER_EXPLAINED.to_string(),
        };
        out.push(text);
    }
    out
}

const OTHER_EXPLAINED: &str = "Other: any other vessel of the detachment picks up command, in the order \
    the player lists them. The rules give no order here; following the player's list is our decision.";

/// How a chain step is named in an explanation.
fn step_text(step: &ChainStep) -> String {
    match step {
        ChainStep::Hq => "the HQ vessel".to_string(),
        ChainStep::Vessel(id) => vessel(id).map_or_else(|| (*id).to_string(), |v| v.name.to_string()),
        ChainStep::Other => "any other vessel (Other)".to_string(),
    }
}

fn passes(absent: &str, next: &str) -> String {
    format!("If there is no {absent}, command passes straight to the next link: {next}.")
}

fn several(name: &str) -> String {
    format!(
        "If there is more than one {name}, they take command one after another in the order the player lists them."
    )
}

/// "exactly 1" or "1 to 2".
fn takes(e: &Entry) -> String {
    if e.min == e.max { format!("exactly {}", e.min) } else { format!("{} to {}", e.min, e.max) }
}

fn plural<'a>(n: u32, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// "a Main Force choice" or "2 Main Force choices".
fn n_choices(n: u32, section: &str) -> String {
    if n == 1 { format!("a {section} choice") } else { format!("{n} {section} choices") }
}

/// The vessel name for an entry id that could not be resolved in its list: the name if the id
/// is a known vessel, else the id as typed.
fn shown_vessel(entry: &str) -> Cow<'static, str> {
    vessel(entry).map_or_else(|| Cow::Owned(entry.to_string()), |v| Cow::Borrowed(v.name))
}
