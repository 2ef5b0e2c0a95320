//! What the detachment pages show, prepared for the templates: sections with their choices and
//! the problems that concern them, vessel profiles with their special rules explained, the chain
//! of command in words. Nothing here judges a rule; it only arranges what the engine said.

use crate::games::Backwards;
use crate::games::epic::{
    self, ChainLink, ChainStep, Check, Detachment, DetachmentList, Entry, Note, Section, SectionFigures,
    Vessel,
};
use crate::games::{Problem, line};
use crate::web::flows::view::{
    Judged, ProblemView, Select, Verdict, as_is, dashed, points_against, points_id, select, slot_id,
    status_id,
};

/// Where a structural change (list, vessel of a choice) re-renders the builder form.
pub const BUILDER: &str = "/epic/builder";

/// A special rule as shown next to a vessel: "Ram (3)" and what it does, its number written in.
#[derive(Debug, Clone)]
pub struct RuleView {
    pub name: String,
    pub explanation: String,
}

/// One vessel profile as shown.
#[derive(Debug, Clone)]
pub struct VesselView {
    pub id: &'static str,
    pub race: &'static str,
    pub name: &'static str,
    pub speed: String,
    pub range: String,
    pub firepower: &'static str,
    pub ram: u32,
    pub armour: &'static str,
    pub rules: Vec<RuleView>,
}

impl VesselView {
    pub fn new(v: &'static Vessel) -> Self {
        let rules = v
            .special
            .iter()
            .map(|(id, value)| match epic::special_rule(id) {
                Some(r) => RuleView { name: r.name_with(*value), explanation: r.explain(*value) },
                // A test checks every rule a profile names is explained; this only keeps a
                // broken table from hiding the rule.
                None => RuleView { name: (*id).to_owned(), explanation: String::new() },
            })
            .collect();
        VesselView {
            id: v.id,
            race: v.race,
            name: v.name,
            speed: format!("{}cm", v.speed_cm),
            range: if v.range_cm == 0 { "-".to_owned() } else { format!("{}cm", v.range_cm) },
            firepower: v.firepower,
            ram: v.ram,
            armour: v.armour,
            rules,
        }
    }
}

/// Every profile, in the supplement's order.
pub fn all_vessels() -> Vec<VesselView> {
    epic::vessels().iter().map(VesselView::new).collect()
}

/// One entry of a section as shown: the vessel, how many a choice holds, the price.
#[derive(Debug, Clone)]
pub struct EntryView {
    pub vessel: VesselView,
    /// "1 vessel" or "1 to 2 vessels".
    pub takes: String,
    pub points_each: u32,
}

impl EntryView {
    fn new(e: &'static Entry) -> Option<Self> {
        let vessel = VesselView::new(epic::vessel(e.vessel)?);
        let takes = if e.min == e.max {
            format!("{} vessel{}", e.min, if e.min == 1 { "" } else { "s" })
        } else {
            format!("{} to {} vessels", e.min, e.max)
        };
        Some(EntryView { vessel, takes, points_each: e.points_each })
    }
}

fn entry_label(e: &Entry) -> String {
    let name = epic::vessel(e.vessel).map_or(e.id, |v| v.name);
    let takes = if e.min == e.max { format!("{}", e.min) } else { format!("{} to {}", e.min, e.max) };
    format!("{name} ({} pts each, {takes} a choice)", e.points_each)
}

/// A section of a list as the reference and the start page show it.
#[derive(Debug, Clone)]
pub struct SectionInfo {
    pub name: &'static str,
    pub limit: String,
    pub entries: Vec<EntryView>,
}

/// A list as the reference and the start page show it.
#[derive(Debug, Clone)]
pub struct ListInfo {
    pub id: &'static str,
    pub race: &'static str,
    pub name: &'static str,
    /// One line: the vessels it can take and its limits.
    pub description: String,
    pub hq_points: Option<u32>,
    pub sections: Vec<SectionInfo>,
    /// The chain of command's links in order: "HQ", "Nautilus", ..., "Other".
    pub chain: Vec<&'static str>,
    /// For each link, what it means and what happens when it is absent.
    pub chain_explained: Vec<(&'static str, String)>,
    pub notes: &'static [&'static Note],
}

/// Each link of a list's chain by name, with what it means and what happens when it is absent.
fn chain_explained(l: &DetachmentList) -> Vec<(&'static str, String)> {
    l.chain.iter().map(ChainStep::name).zip(epic::chain_explanation(l)).collect()
}

/// [`chain_explained`] of a list of the supplement, worked out once for every list: it depends on
/// the list alone, and writing it had been a quarter of drawing a live update.
fn explained_once(l: &'static DetachmentList) -> &'static [(&'static str, String)] {
    static ALL: std::sync::LazyLock<Vec<Vec<(&'static str, String)>>> =
        std::sync::LazyLock::new(|| epic::lists().iter().map(chain_explained).collect());
    let at = epic::lists().iter().position(|k| std::ptr::eq(k, l));
    at.and_then(|i| ALL.get(i)).map_or(&[], Vec::as_slice)
}

impl ListInfo {
    pub fn new(l: &'static DetachmentList) -> Self {
        let sections: Vec<SectionInfo> = l
            .sections
            .iter()
            .map(|s| SectionInfo {
                name: s.name,
                limit: s.limit.text(),
                entries: s.entries.iter().filter_map(EntryView::new).collect(),
            })
            .collect();
        let mut parts: Vec<String> = l
            .sections
            .iter()
            .filter(|s| s.holds_vessels())
            .map(|s| {
                let vessels: Vec<&str> =
                    s.entries.iter().filter_map(|e| epic::vessel(e.vessel).map(|v| v.name)).collect();
                format!("{} {}: {}", s.name, s.limit.text(), vessels.join(", "))
            })
            .collect();
        parts.push(match l.hq_points {
            Some(p) => format!("Detachment HQ +{p} pts"),
            None => "no Detachment HQ".to_owned(),
        });
        let chain: Vec<&'static str> = l.chain.iter().map(ChainStep::name).collect();
        let chain_explained = chain_explained(l);
        ListInfo {
            id: l.id,
            race: l.race,
            name: l.name,
            description: parts.join(" · "),
            hq_points: l.hq_points,
            sections,
            chain,
            chain_explained,
            notes: l.notes,
        }
    }
}

pub fn all_lists() -> Vec<ListInfo> {
    epic::lists().iter().map(ListInfo::new).collect()
}

/// One choice of the detachment as the builder and the share page show it.
#[derive(Debug, Clone)]
pub struct ChoiceRow {
    /// Place in the detachment, from 0: the `{i}` of `choices.{i}`.
    pub index: usize,
    /// Place from 1, as the engine's messages count ("Choice 2 ...").
    pub number: usize,
    pub path: String,
    pub slot: String,
    pub section: String,
    pub section_name: String,
    pub entry: Select,
    pub vessel_name: String,
    pub count: u32,
    pub min: u32,
    pub max: u32,
    /// The entry always takes the same number of vessels and the choice has it: no input needed.
    pub fixed: bool,
    pub hq: bool,
    /// Whether to offer the HQ checkbox: the list has an HQ, or the choice is marked anyway.
    pub hq_offered: bool,
    pub points: u32,
    pub points_id: String,
    pub vessel: Option<VesselView>,
    pub problems: Vec<ProblemView>,
}

crate::row_fields!(ChoiceRow);

impl ChoiceRow {
    /// The count input's label: "Vessels (1 to 2)".
    pub fn count_label(&self) -> String {
        if self.min == self.max {
            format!("Vessels (this entry takes {})", self.min)
        } else {
            format!("Vessels ({} to {})", self.min, self.max)
        }
    }

    /// "1 vessel", "2 vessels".
    pub fn vessels(&self) -> String {
        format!("{} vessel{}", self.count, if self.count == 1 { "" } else { "s" })
    }
}

/// A section of the detachment as built: its figures, its choices, what can be added.
#[derive(Debug, Clone)]
pub struct SectionBlock {
    pub id: &'static str,
    pub name: &'static str,
    pub slot: String,
    pub status_id: String,
    pub status: String,
    pub ok: bool,
    pub problems: Vec<ProblemView>,
    pub rows: Vec<ChoiceRow>,
    /// The entries a choice can be added from; `None` for Command, which holds no vessels.
    pub add: Option<Select>,
    pub entries: Vec<EntryView>,
}

/// Everything the builder, the share page and the roster show.
pub struct EpicView {
    pub d: Detachment,
    pub check: Check,
    pub list: Option<&'static DetachmentList>,
    /// Its problems, counted and placed next to the parts of the form.
    pub verdict: Verdict,
}

impl Judged for EpicView {
    fn verdict(&self) -> &Verdict {
        &self.verdict
    }
    fn verdict_mut(&mut self) -> &mut Verdict {
        &mut self.verdict
    }
    fn headline(&self) -> String {
        points_against(self.check.points, self.check.points_limit)
    }
}

/// A section's count against its limit: "2 choices; allowed 1 to 10". Command counts the
/// vessels marked as carrying the HQ.
fn status_text(s: &SectionFigures) -> String {
    StatusText(s).to_string()
}

/// A section's status line ("2 choices; allowed 1 to 10"), written piece by piece into the page
/// ([`status_text`] as a string).
#[derive(Debug, Clone, Copy)]
pub struct StatusText<'a>(&'a SectionFigures);

impl StatusText<'_> {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        let s = self.0;
        let (one, many) =
            if s.holds_vessels { ("choice", "choices") } else { ("vessel marked HQ", "vessels marked HQ") };
        out.write_str(Backwards::whole(u64::from(s.choices)).as_str())?;
        out.write_str(" ")?;
        out.write_str(if s.choices == 1 { one } else { many })?;
        out.write_str("; allowed ")?;
        out.write_str(&s.limit)
    }
}

/// The id of a section's status line, which live updates replace: [`status_id`] of
/// "sections.{id}" ("status-sections-main"), written straight into the page. A section's id is
/// the list's, made of letters, digits and dashes (the tests hold every list to that), so it
/// never needs escaping.
#[derive(Debug, Clone, Copy)]
pub struct StatusId<'a>(&'a str);

impl StatusId<'_> {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        out.write_str("status-sections-")?;
        dashed(out, self.0)
    }
}

/// The id of a choice's points, which live updates replace: [`points_id`] of "choices.{i}"
/// ("points-choices-2"), written straight into the page.
#[derive(Debug, Clone, Copy)]
pub struct ChoicePointsId(usize);

impl ChoicePointsId {
    fn write_to<W: std::fmt::Write + ?Sized>(&self, out: &mut W) -> std::fmt::Result {
        out.write_str("points-choices-")?;
        out.write_str(Backwards::whole(self.0 as u64).as_str())
    }
}

crate::written! { StatusText<'_> }
crate::written!(plain: StatusId<'_>, ChoicePointsId);

impl EpicView {
    pub fn new(d: Detachment, form_problems: Vec<Problem>) -> Self {
        let check = epic::check(&d);
        let list = epic::list(&d.list);
        let slots = || {
            let mut paths: Vec<String> = vec!["list".into(), "points_limit".into(), "version".into()];
            if let Some(l) = list {
                paths.extend(l.sections.iter().map(|s| line(&[&"sections.", &s.id])));
            }
            paths.extend((0..d.choices.len()).map(|i| line(&[&"choices.", &i])));
            paths
        };
        let verdict = Verdict::new(form_problems, &check.problems, slots, as_is);
        EpicView { d, check, list, verdict }
    }

    pub fn legal(&self) -> bool {
        self.verdict.legal()
    }

    pub fn list_name(&self) -> String {
        self.list.map_or_else(|| "Unknown detachment list".to_owned(), |l| l.name.to_owned())
    }

    pub fn title(&self) -> String {
        let name = self.d.name.trim();
        if name.is_empty() { format!("Unnamed {}", self.list_name()) } else { name.to_owned() }
    }

    /// How many vessels the detachment has (its chain of command may list fewer).
    pub fn vessel_count(&self) -> u64 {
        self.check.vessels
    }

    /// A one-line summary for the gallery and link previews.
    pub fn summary(&self) -> String {
        let n = self.vessel_count();
        format!(
            "{} · {} · {n} vessel{}{}",
            self.list_name(),
            self.points_line(),
            if n == 1 { "" } else { "s" },
            if self.legal() { "" } else { " · not legal" }
        )
    }

    /// The forum-post text.
    pub fn text(&self) -> String {
        epic::text_export(&self.d, &self.check)
    }

    pub fn hq_points(&self) -> Option<u32> {
        self.list.and_then(|l| l.hq_points)
    }

    /// The HQ checkbox's label.
    pub fn hq_label(&self) -> String {
        match self.hq_points() {
            Some(p) => format!("Carries the Detachment HQ (+{p} pts)"),
            None => "Marked as the Detachment HQ (this list has none)".to_owned(),
        }
    }

    /// The notes of its list: the list's rules in our words and our readings, shown once a page.
    pub fn notes(&self) -> &'static [&'static Note] {
        self.list.map_or(&[], |l| l.notes)
    }

    /// The points limit as its input shows it: empty for none.
    pub fn limit_value(&self) -> String {
        self.d.points_limit.map_or_else(String::new, |l| l.to_string())
    }

    /// "130 pts" or "130 of 200 pts".
    pub fn points_line(&self) -> String {
        points_against(self.check.points, self.check.points_limit)
    }

    pub fn list_info(&self) -> Option<ListInfo> {
        self.list.map(ListInfo::new)
    }

    /// The list select: the five lists, and an unknown id kept as sent.
    pub fn list_select(&self) -> Select {
        let options =
            epic::lists().iter().map(|l| (l.id.to_owned(), format!("{} ({})", l.name, l.race))).collect();
        select("list", "Detachment list", &self.d.list, options, Some(BUILDER))
    }

    /// The problems shown next to a part of the form.
    pub fn problems_for(&self, path: &str) -> Vec<ProblemView> {
        self.verdict.at(path)
    }

    fn row(&self, index: usize, section: Option<&'static Section>) -> Option<ChoiceRow> {
        let c = self.d.choices.get(index)?;
        let path = format!("choices.{index}");
        let entry = section.and_then(|s| s.entry(&c.entry));
        let options = section.map_or_else(Vec::new, |s| {
            s.entries.iter().map(|e| (e.id.to_owned(), entry_label(e))).collect::<Vec<_>>()
        });
        let (min, max) = entry.map_or((1, 1), |e| (e.min, e.max));
        let figures = self.check.choices.get(index);
        Some(ChoiceRow {
            index,
            number: index + 1,
            slot: slot_id(&path),
            points_id: points_id(&path),
            section: c.section.clone(),
            section_name: section.map_or_else(|| c.section.clone(), |s| s.name.to_owned()),
            entry: select(&format!("{path}.entry"), "Vessel", &c.entry, options, Some(BUILDER)),
            vessel_name: figures.map_or_else(|| c.entry.clone(), |f| f.vessel.to_string()),
            count: c.count,
            min,
            max,
            fixed: entry.is_some_and(|e| e.min == e.max && c.count == e.min),
            hq: c.hq,
            hq_offered: self.hq_points().is_some() || c.hq,
            points: figures.map_or(0, |f| f.points),
            vessel: entry.and_then(|e| epic::vessel(e.vessel)).map(VesselView::new),
            problems: self.problems_for(&path),
            path,
        })
    }

    /// The list's sections in order, each with the choices made in it.
    pub fn sections(&self) -> Vec<SectionBlock> {
        let Some(l) = self.list else { return Vec::new() };
        l.sections
            .iter()
            .map(|s| {
                let path = format!("sections.{}", s.id);
                let figures = self.check.sections.iter().find(|f| f.id == s.id);
                let rows = self
                    .d
                    .choices
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.section == s.id && s.holds_vessels())
                    .filter_map(|(i, _)| self.row(i, Some(s)))
                    .collect();
                let add = s.holds_vessels().then(|| {
                    let options = s.entries.iter().map(|e| (e.id.to_owned(), entry_label(e))).collect();
                    let first = s.entries.first().map_or("", |e| e.id);
                    select(
                        &format!("new.{}", s.id),
                        &format!("Vessel to add to {}", s.name),
                        first,
                        options,
                        None,
                    )
                });
                SectionBlock {
                    id: s.id,
                    name: s.name,
                    status_id: status_id(&path),
                    status: figures.map_or_else(String::new, status_text),
                    ok: figures.is_none_or(|f| f.ok),
                    problems: self.problems_for(&path),
                    slot: slot_id(&path),
                    rows,
                    add,
                    entries: s.entries.iter().filter_map(EntryView::new).collect(),
                }
            })
            .collect()
    }

    /// Choices the list has no place for: an unknown section, Command, or an unknown list. Kept
    /// on the page with their problems so nothing is lost; the player can remove them.
    pub fn stray_rows(&self) -> Vec<ChoiceRow> {
        self.d
            .choices
            .iter()
            .enumerate()
            .filter(|(_, c)| self.list.and_then(|l| l.section(&c.section)).is_none_or(|s| !s.holds_vessels()))
            .filter_map(|(i, _)| self.row(i, None))
            .collect()
    }

    /// Section figures by id, for the out-of-band status updates.
    pub fn statuses(&self) -> impl Iterator<Item = (StatusId<'_>, StatusText<'_>, bool)> {
        self.check.sections.iter().map(|s| (StatusId(s.id), StatusText(s), s.ok))
    }

    /// Each choice's points, for the out-of-band updates.
    pub fn choice_points(&self) -> impl Iterator<Item = (ChoicePointsId, u32)> {
        self.check.choices.iter().enumerate().map(|(i, f)| (ChoicePointsId(i), f.points))
    }

    pub fn chain(&self) -> &[ChainLink] {
        &self.check.chain_of_command
    }

    /// For each link of the list's chain: its name, what it means and what happens when absent.
    pub fn chain_explained(&self) -> &'static [(&'static str, String)] {
        self.list.map_or(&[], explained_once)
    }

    /// The profiles of the vessels this detachment has, once each, in the supplement's order.
    pub fn profiles(&self) -> Vec<VesselView> {
        let Some(l) = self.list else { return Vec::new() };
        let used: Vec<&str> = self
            .d
            .choices
            .iter()
            .filter_map(|c| l.section(&c.section)?.entry(&c.entry).map(|e| e.vessel))
            .collect();
        epic::vessels().iter().filter(|v| used.contains(&v.id)).map(VesselView::new).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::epic::Choice;

    #[test]
    fn a_rule_with_a_value_shows_it() {
        let v = VesselView::new(epic::vessel("mangler").expect("mangler"));
        let names: Vec<&str> = v.rules.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, vec!["Ram (3)", "Transport (2)", "Hang On (2)"]);
        assert!(v.rules.iter().all(|r| !r.explanation.is_empty()));
    }

    #[test]
    fn problems_land_next_to_their_choice_or_section() {
        let d = Detachment {
            choices: vec![Choice::new("main", "sea-raider", 3), Choice::new("support", "nautilus", 1)],
            ..Detachment::new("imperial-marines")
        };
        let v = EpicView::new(d, Vec::new());
        let at = |path: &str| v.problems_for(path).iter().map(|p| p.code).collect::<Vec<_>>();
        assert_eq!(at("choices.0"), vec!["COUNT_OUT_OF_RANGE"]);
        assert_eq!(at("sections.command"), vec!["HQ_MISSING"]);
        assert!(v.verdict.unplaced().is_empty());
        let sections = v.sections();
        assert_eq!(sections.iter().map(|s| s.id).collect::<Vec<_>>(), vec!["command", "main", "support"]);
        assert_eq!(sections[1].rows.len(), 1);
        assert!(!sections[1].rows[0].fixed, "an out-of-range count gets an input to fix it");
        assert_eq!(sections[2].rows[0].number, 2);
    }

    #[test]
    fn the_vessel_count_is_every_vessel_even_past_the_listed_chain() {
        let d = Detachment {
            choices: vec![Choice::new("main", "sea-raider", 300)],
            ..Detachment::new("imperial-marines")
        };
        let v = EpicView::new(d, Vec::new());
        assert_eq!(v.chain().len(), epic::MAX_CHAIN_LINKS);
        assert_eq!(v.vessel_count(), 300);
        assert!(v.summary().contains("· 300 vessels"), "{}", v.summary());
        assert_eq!(v.profiles().iter().map(|p| p.id).collect::<Vec<_>>(), ["sea-raider"]);
    }

    #[test]
    fn choices_the_list_has_no_place_for_are_kept() {
        let d = Detachment {
            choices: vec![Choice::new("synapse", "kelpie", 1), Choice::new("command", "sea-raider", 1)],
            ..Detachment::new("imperial-marines")
        };
        let v = EpicView::new(d, Vec::new());
        assert_eq!(v.stray_rows().len(), 2);
        assert!(v.sections().iter().all(|s| s.rows.is_empty()));
    }

    #[test]
    fn every_list_describes_itself_and_explains_each_link_of_its_chain() {
        for l in all_lists() {
            assert!(!l.description.is_empty());
            assert_eq!(l.chain.len(), l.chain_explained.len(), "{}", l.id);
        }
    }

    /// The status lines and the ids the live update writes straight into the page read as they
    /// did when each was made as a string: for every list, each section with no choice, one and
    /// several, and choices numbered past ten.
    #[test]
    fn status_lines_and_ids_are_written_as_their_strings_were() {
        for l in epic::lists() {
            for s in l.sections {
                assert!(
                    !s.id.is_empty() && s.id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'),
                    "{}: section id {:?} would need escaping or a dash for a dot",
                    l.id,
                    s.id
                );
            }
            for count in [0u32, 1, 2, 12] {
                let choices = l
                    .sections
                    .iter()
                    .flat_map(|s| s.entries.iter().map(move |e| Choice::new(s.id, e.id, count)))
                    .collect();
                let v = EpicView::new(Detachment { choices, ..Detachment::new(l.id) }, Vec::new());
                assert_eq!(v.statuses().count(), l.sections.len(), "{}", l.id);
                for ((id, text, ok), s) in v.statuses().zip(&v.check.sections) {
                    let (one, many) = if s.holds_vessels {
                        ("choice", "choices")
                    } else {
                        ("vessel marked HQ", "vessels marked HQ")
                    };
                    let word = if s.choices == 1 { one } else { many };
                    assert_eq!(text.to_string(), format!("{} {word}; allowed {}", s.choices, s.limit));
                    assert_eq!(id.to_string(), status_id(&format!("sections.{}", s.id)));
                    assert_eq!(ok, s.ok);
                }
                let points: Vec<(String, u32)> =
                    v.choice_points().map(|(id, p)| (id.to_string(), p)).collect();
                let then: Vec<(String, u32)> = v
                    .check
                    .choices
                    .iter()
                    .enumerate()
                    .map(|(i, f)| (points_id(&format!("choices.{i}")), f.points))
                    .collect();
                assert_eq!(points, then);
            }
        }
    }
}
