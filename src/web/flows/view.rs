//! Pieces every builder's pages share: form selects, DOM ids that follow the document's part
//! paths, problems as shown, and finding the slot a problem shows in. Nothing here knows a game.

use crate::games::{Decision, Problem, Severity, Shared, line};
use askama::Template;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// A list of our readings of the rules, as the `decision_list` macro draws it (no class).
#[derive(Template)]
#[template(
    source = r#"{% import "macros.html" as m %}{% call m::decision_list(decisions, "") %}{% endcall %}"#,
    ext = "html"
)]
struct DecisionList {
    decisions: &'static [Decision],
}

/// `decisions` drawn once into `kept` and lent from there after: a list that never changes,
/// drawn into a page drawn again and again (a live update), is written as it is rather than
/// escaped anew each time. The bytes are the macro's, so a page writes them unescaped (`|safe`).
pub fn drawn_once(decisions: &'static [Decision], kept: &'static OnceLock<String>) -> &'static str {
    kept.get_or_init(|| DecisionList { decisions }.render().unwrap_or_default())
}

/// One `<option>`.
#[derive(Debug, Clone)]
pub struct Opt {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// A `<select>` with its label. A structural select re-renders the whole form when changed (it
/// changes which other inputs make sense): `refresh` is the address that renders it. The
/// default is none at all: no name, no options, for a row drawn without its inputs.
#[derive(Debug, Clone, Default)]
pub struct Select {
    pub name: String,
    pub id: String,
    pub label: String,
    pub options: Vec<Opt>,
    pub refresh: Option<&'static str>,
    /// Drawn as a text field offering the shared `<datalist>` of this id instead of options of
    /// its own: a form of many rows of one long catalog sends that catalog once, not per row.
    pub list: Option<&'static str>,
}

impl Select {
    /// The value chosen.
    pub fn current(&self) -> &str {
        self.options.iter().find(|o| o.selected).map_or("", |o| o.value.as_str())
    }

    /// This choice as a text field offering the `<datalist>` `list`: the same field name and
    /// value, posted the same way, without a copy of the catalog.
    pub fn listed(mut self, list: &'static str) -> Self {
        self.options.retain(|o| o.selected);
        self.list = Some(list);
        self
    }
}

/// The DOM id of an input: "weapons.0.count" -> "f-weapons-0-count".
pub fn dom_id(path: &str) -> String {
    prefixed("f-", path)
}

/// The DOM id of the problems slot of a part.
pub fn slot_id(path: &str) -> String {
    prefixed("problems-", path)
}

/// The DOM id of a part's points, which live updates replace.
pub fn points_id(path: &str) -> String {
    prefixed("points-", path)
}

/// The DOM id of a part's status line, which live updates replace.
pub fn status_id(path: &str) -> String {
    prefixed("status-", path)
}

/// `prefix` then `path` with its dots as dashes, in one allocation.
fn prefixed(prefix: &str, path: &str) -> String {
    let mut id = String::with_capacity(prefix.len() + path.len());
    id.push_str(prefix);
    // Writing to a `String` cannot fail.
    let _ = dashed(&mut id, path);
    id
}

/// `path` with its dots as dashes ("sections.main" -> "sections-main"), written to `out`: the
/// rest of an id after its prefix ([`prefixed`]), for ids written straight into a page.
pub fn dashed<W: std::fmt::Write + ?Sized>(out: &mut W, path: &str) -> std::fmt::Result {
    // By the pieces between the dots, found a byte at a time (a dot is ASCII, so every cut is
    // at a character's boundary): an id is short, and pushing each `char`, or a `str::split`,
    // cost a figures panel some 400 instructions an id.
    let mut from = 0;
    for (at, b) in path.bytes().enumerate() {
        if b == b'.' {
            out.write_str(&path[from..at])?;
            out.write_str("-")?;
            from = at + 1;
        }
    }
    out.write_str(&path[from..])
}

/// A select of `options` (value, label) with `current` selected. A value the options do not
/// know is kept, marked unknown, so nothing the player had is lost.
pub fn select(
    name: &str,
    label: &str,
    current: &str,
    options: Vec<(String, String)>,
    refresh: Option<&'static str>,
) -> Select {
    let mut opts: Vec<Opt> =
        options.into_iter().map(|(value, label)| Opt { selected: value == current, value, label }).collect();
    if !opts.iter().any(|o| o.selected) {
        opts.insert(
            0,
            Opt { value: current.to_owned(), label: format!("{current} (unknown)"), selected: true },
        );
    }
    Select {
        name: name.to_owned(),
        id: dom_id(name),
        label: label.to_owned(),
        options: opts,
        refresh,
        list: None,
    }
}

/// A probability for people, the one way every page writes it: "12.50%"; "<0.01%" for a chance
/// too small to show that is not none, ">99.99%" for one short of certain, "0%" and "100%" only
/// when exactly so.
pub fn percent(f: &crate::games::exact::Fraction) -> String {
    if f.is_zero() {
        return "0%".into();
    }
    if f.numer() == f.denom() {
        return "100%".into();
    }
    match f.to_f64() * 100.0 {
        p if p < 0.005 => "<0.01%".into(),
        p if p > 99.995 => ">99.99%".into(),
        p => format!("{p:.2}%"),
    }
}

/// Something a new build can start from (a hull, a published build): `{path}/new?from={slug}`.
pub struct StartChoice {
    pub slug: String,
    pub name: String,
    pub detail: String,
}

/// The most rows an editor draws whole, each with its own selects, tables and forms: a real
/// build has a few dozen at most (a Yacht's 40 spaces, a 3,000-point fleet, a scenario's dozen or
/// two). Past it every builder draws its rows briefly, so that the largest documents within the
/// limits stay within an answer's bound (issue 24): the boat designer's weapon choices and the BFG
/// builder's classes become fields offering one shared list, BFG weapons tables are drawn once a
/// fitting, Samurai rows but the chosen one are brief, and battle cards draw only the orders of
/// the card being given them.
pub const ROWS_DRAWN_WHOLE: usize = 40;

/// A part's problems slot for a live update: its DOM id, the problems it shows, and how many more
/// of the part's problems it leaves out (a brief row shows its first few: `m::slot_in`).
pub type Slot = (String, Vec<ProblemView>, usize);

/// The first `n` of a part's `problems`, and how many are left out.
pub fn first_problems(mut problems: Vec<ProblemView>, n: usize) -> (Vec<ProblemView>, usize) {
    let more = problems.len().saturating_sub(n);
    problems.truncate(n);
    (problems, more)
}

/// A problem as shown.
#[derive(Debug, Clone)]
pub struct ProblemView {
    pub code: &'static str,
    pub error: bool,
    pub message: String,
    /// The part it concerns, as the problem names it ("weapons.2"), if any: with `code`, what
    /// tells it apart (its message is only words).
    pub part: Option<String>,
    /// Anchor of the part it concerns, if the form has one.
    pub anchor: Option<String>,
    /// Its one-click fixes, where its builder offers any: buttons beside it in its part's slot.
    pub fixes: Vec<Fix>,
}

/// A one-click fix: a button that posts the editor's form to `url` with `action`, as any other
/// button of the form does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    pub label: String,
    pub action: String,
    pub url: &'static str,
}

impl ProblemView {
    pub fn new(p: &Problem) -> Self {
        ProblemView {
            code: p.code.as_str(),
            error: p.severity == Severity::Error,
            message: p.message.clone(),
            part: p.part.clone(),
            anchor: p.part.as_deref().map(slot_id),
            fixes: Vec::new(),
        }
    }
}

/// The slot a problem's part shows in: the longest of `slots` that is the part or contains it
/// ("weapons.0.count" shows at "weapons.0").
pub fn slot_among<'a>(slots: &HashSet<&'a str>, part: &str) -> Option<&'a str> {
    let mut at = part;
    loop {
        if let Some(s) = slots.get(at) {
            return Some(s);
        }
        at = &at[..at.rfind('.')?];
    }
}

/// A build's problems placed in its form's slots, worked out once when judged: each problem
/// with a part shows in the slot [`slot_among`] finds for it.
#[derive(Debug, Default)]
pub struct Placed {
    /// Slot path to its problems, in the order found.
    at: HashMap<String, Vec<ProblemView>>,
    /// The slots with problems, in the form's order.
    order: Vec<String>,
    /// Problems with no slot: of the build as a whole, or of a part the form has no place for.
    unplaced: Vec<ProblemView>,
}

impl Placed {
    /// Places `problems` among the form's `slots` (in form order); `alias` maps a part with no
    /// slot of its own to the one it shows in.
    pub fn new(problems: &[Problem], slots: &[String], alias: impl Fn(&str) -> Cow<'_, str>) -> Self {
        let mut placed = Placed::default();
        if problems.is_empty() {
            return placed;
        }
        let set: HashSet<&str> = slots.iter().map(String::as_str).collect();
        for p in problems {
            match p.part.as_deref().and_then(|part| slot_among(&set, &alias(part))) {
                Some(slot) => placed.at.entry(slot.to_owned()).or_default().push(ProblemView::new(p)),
                None => placed.unplaced.push(ProblemView::new(p)),
            }
        }
        placed.order = slots.iter().filter(|s| placed.at.contains_key(s.as_str())).cloned().collect();
        placed
    }

    /// The problems shown next to the part at `path`.
    pub fn at(&self, path: &str) -> Vec<ProblemView> {
        self.at.get(path).cloned().unwrap_or_default()
    }

    /// The slots that have something to show, by DOM id, for a live update (which first empties
    /// every slot, then fills these).
    pub fn slots(&self) -> Vec<Slot> {
        self.slots_shown().into_iter().map(|(id, shown, more)| (id, shown.to_vec(), more)).collect()
    }

    /// [`Placed::slots`], each slot's problems borrowed rather than copied.
    pub fn slots_shown(&self) -> Vec<(String, &[ProblemView], usize)> {
        let shown = |p: &String| self.at.get(p).map_or(&[][..], Vec::as_slice);
        self.order.iter().map(|p| (slot_id(p), shown(p), 0)).collect()
    }

    /// Gives each problem shown in a slot the fixes `fixes` offers for it.
    fn offer(&mut self, fixes: &impl Fn(&ProblemView) -> Vec<Fix>) {
        for v in self.at.values_mut().flatten() {
            v.fixes = fixes(v);
        }
    }

    pub fn unplaced(&self) -> &[ProblemView] {
        &self.unplaced
    }

    /// Keeps only the problems `keep` says.
    fn retain(&mut self, keep: impl Fn(&ProblemView) -> bool) {
        for v in self.at.values_mut() {
            v.retain(&keep);
        }
        self.at.retain(|_, v| !v.is_empty());
        self.order.retain(|s| self.at.contains_key(s));
        self.unplaced.retain(&keep);
    }
}

/// A judged build's verdict as every builder's pages show it: its problems (the form's first,
/// then the engine's), how many are errors and notes, and each placed next to its part of the
/// form. One type for every game, so the verdict line, the problem list and the live update's
/// slots are drawn by the same macros.
#[derive(Debug, Default)]
pub struct Verdict {
    pub problems: Vec<ProblemView>,
    pub errors: usize,
    pub warnings: usize,
    /// Parts of the build its importer could not read (still to be removed or replaced): while
    /// any are left, the verdict says "Incomplete" rather than "Legal", whatever the rest.
    pub incomplete: usize,
    /// A new build with nothing in it yet: what to choose first, said in place of a verdict
    /// (see [`Verdict::start`]).
    pub starting: Option<&'static str>,
    placed: Placed,
}

impl Verdict {
    /// The verdict on `engine`'s problems and the form's. `slots` gives the paths of the form's
    /// parts that show problems, in form order (asked only when there are problems); `alias`
    /// maps a part with no slot of its own to the one it shows in.
    pub fn new(
        form: Vec<Problem>,
        engine: &[Problem],
        slots: impl FnOnce() -> Vec<String>,
        alias: impl Fn(&str) -> Cow<'_, str>,
    ) -> Self {
        let all: Vec<Problem> = form.into_iter().chain(engine.iter().cloned()).collect();
        if all.is_empty() {
            return Verdict::default();
        }
        let slots = slots();
        let placed = Placed::new(&all, &slots, &alias);
        // The list links each problem to the slot it is shown in ("vehicles.0.types.1" shows at
        // "vehicles.0.types"), not to an id the page may not have.
        let set: HashSet<&str> = slots.iter().map(String::as_str).collect();
        let shown_at =
            |p: &Problem| p.part.as_deref().and_then(|part| slot_among(&set, &alias(part)).map(slot_id));
        let problems: Vec<ProblemView> = all
            .iter()
            .map(|p| {
                let mut v = ProblemView::new(p);
                v.anchor = shown_at(p).or(v.anchor);
                v
            })
            .collect();
        let errors = problems.iter().filter(|p| p.error).count();
        Verdict { warnings: problems.len() - errors, errors, incomplete: 0, starting: None, placed, problems }
    }

    /// The same verdict on a build with `n` parts its importer could not read.
    pub fn with_incomplete(mut self, n: usize) -> Self {
        self.incomplete = n;
        self
    }

    /// A new build with nothing in it yet starts neutral: it says what to choose `first`, and
    /// keeps only the problems of what the player typed (a field it could not read); what the
    /// rules would say of an empty build (no HQ, no pilot) waits until something is added or
    /// the build is saved.
    pub fn start(&mut self, first: &'static str) {
        let typed = |p: &ProblemView| p.code == Shared::BadNumber.as_str();
        self.problems.retain(typed);
        self.placed.retain(typed);
        self.errors = self.problems.iter().filter(|p| p.error).count();
        self.warnings = self.problems.len() - self.errors;
        self.starting = Some(first);
    }

    /// The problems the list shows: the first [`MAX_LISTED`](crate::games::MAX_LISTED).
    pub fn listed(&self) -> &[ProblemView] {
        &self.problems[..crate::games::listed_of(self.problems.len(), 0)]
    }

    /// How many problems the list leaves out (each still shows beside its part).
    pub fn unlisted(&self) -> usize {
        self.problems.len() - self.listed().len()
    }

    /// Legal: no errors (notes are fine). Judges the parts the build has: an incomplete build's
    /// page says so besides (see [`Verdict::incomplete`]).
    pub fn legal(&self) -> bool {
        self.errors == 0
    }

    /// Legal and nothing left unread: what the verdict line shows as "Legal".
    pub fn all_clear(&self) -> bool {
        self.legal() && self.incomplete == 0
    }

    /// The problems shown next to the part at `path`.
    pub fn at(&self, path: &str) -> Vec<ProblemView> {
        self.placed.at(path)
    }

    /// The slots that have something to show, by DOM id, for a live update.
    pub fn slots(&self) -> Vec<Slot> {
        self.placed.slots()
    }

    /// [`Verdict::slots`], each slot's problems borrowed rather than copied: for a live update
    /// drawn from a view it borrows.
    pub fn slots_shown(&self) -> Vec<(String, &[ProblemView], usize)> {
        self.placed.slots_shown()
    }

    /// Gives each problem shown beside its part the one-click fixes `fixes` offers for it (its
    /// builder's; none unless it says).
    pub fn offer_fixes(&mut self, fixes: impl Fn(&ProblemView) -> Vec<Fix>) {
        self.placed.offer(&fixes);
    }

    /// Problems of the build as a whole, or of parts the form has no place for.
    pub fn unplaced(&self) -> &[ProblemView] {
        self.placed.unplaced()
    }
}

/// For [`Verdict::new`]: every part shows in its own slot.
pub fn as_is(part: &str) -> Cow<'_, str> {
    Cow::Borrowed(part)
}

/// A judged build as its pages show it: every builder's view has a verdict, and a short line of
/// the figures that matter most, which the bar at the foot of a phone's screen shows beside the
/// verdict (`status_bar` in macros.html) so a change far from the figures panel still shows.
pub trait Judged {
    fn verdict(&self) -> &Verdict;
    fn verdict_mut(&mut self) -> &mut Verdict;
    /// A few words: "$12,340 · 3,950 of 4,200 lb", "130 of 500 pts".
    fn headline(&self) -> String;
}

/// Points against a limit, the one way the points games' bars write it: "130 of 500 pts", or
/// "130 pts" with no limit.
pub fn points_against(points: u32, limit: Option<u32>) -> String {
    match limit {
        Some(limit) => line(&[&points, &" of ", &limit, &" pts"]),
        None => line(&[&points, &" pts"]),
    }
}

/// Gives form row types (with a `path` field) `f(field)`, the input name of one of the row's
/// fields ("weapons.0.count"), and `id(field)`, its DOM id.
#[macro_export]
macro_rules! row_fields {
    ($($t:ty),*) => {$(
        impl $t {
            /// The input name of one of this row's fields: "weapons.0.count".
            pub fn f(&self, field: &str) -> String {
                format!("{}.{field}", self.path)
            }
            /// The DOM id of one of this row's fields.
            pub fn id(&self, field: &str) -> String {
                $crate::web::flows::view::dom_id(&self.f(field))
            }
        }
    )*};
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points against a limit, or alone: whole numbers without separators, as `format!` wrote
    /// them, at the ends of their range too.
    #[test]
    fn points_read_as_format_wrote_them() {
        for points in [0, 1, 999, 1000, 1500, 12_345, u32::MAX] {
            assert_eq!(points_against(points, None), format!("{points} pts"));
            for limit in [0, 1500, 2000, u32::MAX] {
                assert_eq!(points_against(points, Some(limit)), format!("{points} of {limit} pts"));
            }
        }
    }

    /// A list drawn once is the macro's list, escaped, titled where it has a title; and is
    /// drawn only the once.
    #[test]
    fn decisions_drawn_once_are_the_macros_list_escaped() {
        static LIST: [Decision; 2] = [
            Decision { id: "a", title: "Bays & craft", text: "A carrier's <bays> are \"halved\"." },
            Decision { id: "b", title: "", text: "Plain." },
        ];
        static KEPT: OnceLock<String> = OnceLock::new();
        let drawn = drawn_once(&LIST, &KEPT);
        assert_eq!(
            drawn,
            "<ul><li><strong>Bays &#38; craft:</strong> A carrier&#39;s &#60;bays&#62; are &#34;halved&#34;.</li><li>Plain.</li></ul>"
        );
        assert!(std::ptr::eq(drawn, drawn_once(&LIST, &KEPT)), "drawn again");
    }

    #[test]
    fn a_part_shows_in_the_longest_slot_that_contains_it() {
        let slots: HashSet<&str> = ["choices", "choices.1", "choices.10"].into_iter().collect();
        assert_eq!(slot_among(&slots, "choices.1.count"), Some("choices.1"));
        assert_eq!(slot_among(&slots, "choices.10"), Some("choices.10"));
        assert_eq!(slot_among(&slots, "choices.2"), Some("choices"));
        assert_eq!(slot_among(&slots, "list"), None);
    }

    #[test]
    fn problems_are_placed_once_in_form_order_and_the_rest_kept_apart() {
        let slots: Vec<String> = ["list", "choices.0", "choices.1"].iter().map(|s| (*s).into()).collect();
        let problems = [
            Problem::error(
                crate::games::epic::Code::CountOutOfRange,
                Some("choices.1.count".into()),
                "b".into(),
            ),
            Problem::error(crate::games::epic::Code::UnknownEntry, Some("choices.0".into()), "a".into()),
            Problem::warning(crate::games::epic::Code::PricedPerVessel, Some("choices.1".into()), "w".into()),
            Problem::error(crate::games::epic::Code::HqMissing, None, "g".into()),
            Problem::error(crate::games::epic::Code::UnknownSection, Some("nowhere".into()), "x".into()),
            Problem::error(crate::games::Shared::UnknownList, Some("old_list".into()), "l".into()),
        ];
        let placed =
            Placed::new(&problems, &slots, |p| Cow::Borrowed(if p == "old_list" { "list" } else { p }));
        let codes = |v: Vec<ProblemView>| v.iter().map(|p| p.code).collect::<Vec<_>>();
        assert_eq!(codes(placed.at("choices.1")), ["COUNT_OUT_OF_RANGE", "PRICED_PER_VESSEL"]);
        assert_eq!(codes(placed.at("list")), ["UNKNOWN_LIST"]);
        assert_eq!(codes(placed.at("choices.2")), Vec::<&str>::new());
        let order: Vec<String> = placed.slots().into_iter().map(|(id, _, _)| id).collect();
        assert_eq!(order, ["problems-list", "problems-choices-0", "problems-choices-1"]);
        assert_eq!(
            placed.unplaced().iter().map(|p| p.code).collect::<Vec<_>>(),
            ["HQ_MISSING", "UNKNOWN_SECTION"]
        );
    }

    #[test]
    fn the_problem_list_links_each_problem_to_the_slot_it_shows_in() {
        let problems = [
            Problem::error(
                crate::games::epic::Code::CountOutOfRange,
                Some("choices.1.count".into()),
                "b".into(),
            ),
            Problem::error(crate::games::epic::Code::UnknownSection, Some("nowhere".into()), "x".into()),
        ];
        let slots = || vec!["choices.1".to_owned()];
        let v = Verdict::new(Vec::new(), &problems, slots, as_is);
        let anchors: Vec<Option<&str>> = v.problems.iter().map(|p| p.anchor.as_deref()).collect();
        assert_eq!(anchors, [Some("problems-choices-1"), Some("problems-nowhere")]);
    }

    #[test]
    fn an_incomplete_build_is_never_all_clear_even_without_errors() {
        let v = Verdict::new(Vec::new(), &[], Vec::new, as_is);
        assert!(v.all_clear());
        let v = v.with_incomplete(2);
        assert!(v.legal() && !v.all_clear());
    }

    #[test]
    fn percentages_never_round_a_chance_to_none_or_to_certainty() {
        let f = |n: u32, d: u32| percent(&crate::games::exact::Fraction::new(n, d).expect("a denominator"));
        assert_eq!(f(0, 1), "0%");
        assert_eq!(f(1, 1), "100%");
        assert_eq!(f(1, 46656), "<0.01%");
        assert_eq!(f(46655, 46656), ">99.99%");
        assert_eq!(f(1, 8), "12.50%");
    }

    #[test]
    fn an_unknown_current_value_is_kept_and_marked() {
        let s = select("x", "X", "zz", vec![("a".into(), "A".into())], None);
        assert_eq!(s.options[0].value, "zz");
        assert!(s.options[0].selected && s.options[0].label.contains("unknown"));
    }

    #[test]
    fn an_elements_id_is_its_prefix_then_its_path_with_dashes_for_dots() {
        assert_eq!(dom_id("weapons.0.mount"), "f-weapons-0-mount");
        assert_eq!(slot_id("name"), "problems-name");
        assert_eq!(status_id(""), "status-");
    }

    proptest::proptest! {
        #[test]
        fn every_dot_and_nothing_else_becomes_a_dash(path in "[.a-z0-9é_-]{0,24}") {
            let by_char: String = path.chars().map(|c| if c == '.' { '-' } else { c }).collect();
            proptest::prop_assert_eq!(dom_id(&path), format!("f-{by_char}"));
        }
    }
}
