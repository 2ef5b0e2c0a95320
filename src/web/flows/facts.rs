//! What is comparable in a judged build, and lining two up: each game gives its [`Facts`]
//! (headline figures and keyed parts) through `compare::Comparable`, and [`compare`] says every
//! difference in words ("+$2,300", "−5 mph", "2 → 3", "same"). The compare pages
//! (`flows/compare.rs`) and a share page's family (`flows/family.rs`) both stand on it. Nothing
//! here names a game or a builder, so the registry's table (`flows/registered.rs`) can hold a
//! [`Side`] without reaching up to the builders.

use super::view::ProblemView;
use crate::games::registry::Game;
use crate::store::builds::Build;
use serde::Serialize;
use std::collections::HashMap;

/// The most changes a family's one-line difference names before "and N more".
const LINE_CHANGES: usize = 3;

/// How a figure is written, and writing it: one rule with the engines' own quantities.
pub use crate::games::units::{Unit, amount};

/// One headline figure of a build. Its label is also its key: the same label in both builds is
/// the same figure.
#[derive(Debug, Clone, Serialize)]
pub struct Figure {
    pub label: String,
    /// The figure in `per`ths of its unit (a cost of $12.50 is 1250, per 100), so a difference
    /// is exact; `None` for a figure in words (a chain of command).
    pub value: Option<i64>,
    #[serde(skip)]
    pub per: i64,
    pub unit: Unit,
    /// As the page writes it: "$12,340", "60 mph", "10 1/3 spaces".
    pub shown: String,
}

impl Figure {
    /// A figure that is a number: `value` in `per`ths of `unit`.
    pub fn number(label: impl Into<String>, value: i64, per: i64, unit: Unit) -> Figure {
        let per = per.max(1);
        Figure { label: label.into(), value: Some(value), per, unit, shown: amount(value, per, unit) }
    }

    /// A whole number of `unit`.
    pub fn whole(label: impl Into<String>, value: impl Into<i64>, unit: Unit) -> Figure {
        Figure::number(label, value.into(), 1, unit)
    }

    /// A figure in words: it is the same or it changed.
    pub fn words(label: impl Into<String>, text: impl Into<String>) -> Figure {
        Figure { label: label.into(), value: None, per: 1, unit: Unit::Plain, shown: text.into() }
    }
}

/// One part of a build: `key` is what makes it the same part in another build of its game (a
/// weapon's id and ammunition, a vessel's section and entry), `count` how many, `detail` what
/// else is said of it (a change of detail alone is a change).
#[derive(Debug, Clone, Serialize)]
pub struct Part {
    pub key: String,
    pub label: String,
    /// The label for more than one, when it is not the label.
    #[serde(skip)]
    pub plural: Option<String>,
    pub count: i64,
    pub detail: String,
}

impl Part {
    pub fn new(key: impl Into<String>, label: impl Into<String>, count: impl Into<i64>) -> Part {
        Part {
            key: key.into(),
            label: label.into(),
            plural: None,
            count: count.into(),
            detail: String::new(),
        }
    }

    pub fn plural(mut self, plural: impl Into<String>) -> Part {
        self.plural = Some(plural.into());
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Part {
        self.detail = detail.into();
        self
    }

    /// "1 rocket launcher", "2 rocket launchers".
    fn counted(&self, n: i64) -> String {
        match (&self.plural, n) {
            (_, 1) => format!("1 {}", self.label),
            (Some(p), n) => format!("{n} {p}"),
            (None, n) => format!("{n} × {}", self.label),
        }
    }
}

/// What can be compared of a judged build: its headline figures (the first is the one a family's
/// one-line difference names, a cost or the points) and its parts.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Facts {
    pub figures: Vec<Figure>,
    pub parts: Vec<Part>,
}

/// One build as the compare page shows it: its facts and its problems, judged once.
#[derive(Debug, Clone)]
pub struct Side {
    pub id: String,
    pub name: String,
    pub page: String,
    pub legal: bool,
    /// Its problems, the first [`MAX_LISTED`](crate::games::MAX_LISTED) as its page lists them.
    pub problems: Vec<ProblemView>,
    /// How many more it has.
    pub unlisted: usize,
    pub facts: Facts,
}

pub(super) fn shown_name(b: &Build, game: &Game) -> String {
    if b.name.trim().is_empty() { format!("Unnamed {}", game.word) } else { b.name.clone() }
}

/// What happened to a part from the first build to the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    Same,
    Added,
    Removed,
    Changed,
}

/// A figure of both builds, and the difference in words.
#[derive(Debug, Clone, Serialize)]
pub struct FigureRow {
    pub label: String,
    pub a: String,
    pub b: String,
    /// The second against the first: "+$2,300", "−5 mph", "changed", "same", "only in the second".
    pub difference: String,
    pub same: bool,
}

/// A part of either build or both, lined up by its key.
#[derive(Debug, Clone, Serialize)]
pub struct PartRow {
    pub key: String,
    pub label: String,
    pub a: String,
    pub b: String,
    /// "added", "removed", "2 → 3", "changed", "same".
    pub difference: String,
    pub change: Change,
}

/// Two builds' facts lined up.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub figures: Vec<FigureRow>,
    pub parts: Vec<PartRow>,
}

impl Comparison {
    /// Whether nothing differs.
    pub fn all_same(&self) -> bool {
        self.figures.iter().all(|f| f.same) && self.parts.iter().all(|p| p.change == Change::Same)
    }
}

/// One part's count and detail in one build, every row of the same key added up.
struct Held<'a> {
    part: &'a Part,
    count: i64,
    detail: String,
}

/// Each key's parts in `parts`, added up, in order of first appearance.
fn held(parts: &[Part]) -> (Vec<&str>, HashMap<&str, Held<'_>>) {
    let mut order = Vec::new();
    let mut by_key: HashMap<&str, Held<'_>> = HashMap::new();
    for p in parts {
        match by_key.get_mut(p.key.as_str()) {
            Some(h) => {
                h.count = h.count.saturating_add(p.count);
                if !p.detail.is_empty() && !h.detail.split("; ").any(|d| d == p.detail) {
                    if !h.detail.is_empty() {
                        h.detail.push_str("; ");
                    }
                    h.detail.push_str(&p.detail);
                }
            }
            None => {
                order.push(p.key.as_str());
                by_key.insert(&p.key, Held { part: p, count: p.count, detail: p.detail.clone() });
            }
        }
    }
    (order, by_key)
}

fn held_text(h: Option<&Held<'_>>) -> String {
    match h {
        None => "—".to_owned(),
        Some(h) if h.detail.is_empty() => h.count.to_string(),
        Some(h) => format!("{} · {}", h.count, h.detail),
    }
}

/// Lines up `a`'s and `b`'s facts: every figure of either (in `a`'s order, then `b`'s own) and
/// every part of either, the same key on one row.
pub fn compare(a: &Facts, b: &Facts) -> Comparison {
    let mut figures = Vec::new();
    for fa in &a.figures {
        let fb = b.figures.iter().find(|f| f.label == fa.label);
        figures.push(figure_row(Some(fa), fb));
    }
    for fb in b.figures.iter().filter(|fb| !a.figures.iter().any(|f| f.label == fb.label)) {
        figures.push(figure_row(None, Some(fb)));
    }
    let (order_a, in_a) = held(&a.parts);
    let (order_b, in_b) = held(&b.parts);
    let keys = order_a.iter().chain(order_b.iter().filter(|k| !in_a.contains_key(*k)));
    let parts = keys
        .map(|key| {
            let (ha, hb) = (in_a.get(key), in_b.get(key));
            let (change, difference) = match (ha, hb) {
                (Some(x), Some(y)) if x.count != y.count => {
                    (Change::Changed, format!("{} → {}", x.count, y.count))
                }
                (Some(x), Some(y)) if x.detail != y.detail => (Change::Changed, "changed".to_owned()),
                (Some(_), Some(_)) => (Change::Same, "same".to_owned()),
                (None, _) => (Change::Added, "added".to_owned()),
                (_, None) => (Change::Removed, "removed".to_owned()),
            };
            let part = ha.or(hb).map(|h| h.part);
            PartRow {
                key: (*key).to_owned(),
                label: part.map_or_else(String::new, |p| p.label.clone()),
                a: held_text(ha),
                b: held_text(hb),
                difference,
                change,
            }
        })
        .collect();
    Comparison { figures, parts }
}

fn figure_row(a: Option<&Figure>, b: Option<&Figure>) -> FigureRow {
    let shown = |f: Option<&Figure>| f.map_or_else(|| "—".to_owned(), |f| f.shown.clone());
    let difference = match (a, b) {
        (Some(x), Some(y)) => match (x.value, y.value) {
            (Some(vx), Some(vy)) if x.per == y.per && x.unit == y.unit => {
                difference(vy.saturating_sub(vx), x.per, x.unit)
            }
            _ if x.shown == y.shown => "same".to_owned(),
            _ => "changed".to_owned(),
        },
        (Some(_), None) => "only in the first".to_owned(),
        (None, _) => "only in the second".to_owned(),
    };
    let label = a.or(b).map_or_else(String::new, |f| f.label.clone());
    FigureRow { label, a: shown(a), b: shown(b), same: difference == "same", difference }
}

/// The difference `d` (second minus first) in words: "+$2,300", "−5 mph", "same".
pub fn difference(d: i64, per: i64, unit: Unit) -> String {
    match d {
        0 => "same".to_owned(),
        d if d > 0 => format!("+{}", amount(d, per, unit)),
        d => format!("\u{2212}{}", amount(d.saturating_abs(), per, unit)),
    }
}

/// The difference from `from` to `to` in one line, for a family: the parts added, removed and
/// changed (the first few), then the first figure's difference: "+1 rocket launcher, −$1,200";
/// "the same" when nothing differs.
pub fn one_line(from: &Facts, to: &Facts) -> String {
    let c = compare(from, to);
    let (_, in_from) = held(&from.parts);
    let (_, in_to) = held(&to.parts);
    let mut changes: Vec<String> = Vec::new();
    for row in c.parts.iter().filter(|r| r.change != Change::Same) {
        let (f, t) = (in_from.get(row.key.as_str()), in_to.get(row.key.as_str()));
        let part = f.or(t).map(|h| h.part);
        let Some(part) = part else { continue };
        let n = t.map_or(0, |h| h.count).saturating_sub(f.map_or(0, |h| h.count));
        changes.push(match n {
            0 => format!("{} changed", part.label),
            n if n > 0 => format!("+{}", part.counted(n)),
            n => format!("\u{2212}{}", part.counted(n.saturating_abs())),
        });
    }
    let more = changes.len().saturating_sub(LINE_CHANGES);
    changes.truncate(LINE_CHANGES);
    if more > 0 {
        changes.push(format!("and {more} more change{}", if more == 1 { "" } else { "s" }));
    }
    if let Some(first) = c.figures.first().filter(|f| !f.same) {
        changes.push(first.difference.clone());
    }
    if changes.is_empty() {
        let others = c.figures.iter().filter(|f| !f.same).count();
        return if others == 0 { "the same".to_owned() } else { format!("{others} figures differ") };
    }
    changes.join(", ")
}
