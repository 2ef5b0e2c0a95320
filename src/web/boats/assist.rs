//! The design assistant in the designer: its settings as the form posts them, what its buttons
//! do (fill with armor, apply the fastest propulsion, a one-click fix) and what the page shows.
//! Every answer comes from the engine's assistant ([`boats::assist`]), which asks
//! `boats::check`; nothing here judges a design.

use crate::games::boats::assist::fastest::{self, Goal, Search};
use crate::games::boats::assist::fill::{self, Pattern};
use crate::games::boats::assist::fixes;
use crate::games::boats::design::Design;
use crate::games::boats::evaluate::Evaluation;
use crate::games::boats::units::{Money, Speed};
use crate::games::{Code, Problem, Shared};
use crate::web::flows::view::{Select, select};
use crate::web::http::fields::{Fields, is_on};

/// The largest budget the box takes, in dollars (far above any boat: a loaded Yacht is about
/// $150,000).
pub const MAX_BUDGET: u64 = 10_000_000;
/// The highest speed to reach the box takes, in mph.
pub const MAX_SPEED: i64 = 500;

/// The assistant's settings, as the form posts them.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Whether its box is open: at first, on a page drawn whole; then as the designer's script
    /// reports it (a press of one of its buttons opens it, so a page drawn without JavaScript
    /// shows the answer). A live update from a form that does not say (a client of its own) is
    /// answered without it.
    pub open: bool,
    pub pattern: Pattern,
    pub budget_text: String,
    pub cheapest: bool,
    pub speed_text: String,
    pub keep_weapons: bool,
    /// The form was posted by a one-click fix's button.
    pub fixed_now: bool,
    /// ... by the one beside its problem (in its part's slot), not in the figures' list: the
    /// answer lands where it was pressed, not at the list.
    pub fixed_beside: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            open: true,
            pattern: Pattern::Even,
            budget_text: String::new(),
            cheapest: false,
            speed_text: String::new(),
            keep_weapons: true,
            fixed_now: false,
            fixed_beside: false,
        }
    }
}

/// A whole number from the box: blank is `None`; "$25,000" reads as 25000.
fn number(text: &str, max: u64) -> Result<Option<u64>, ()> {
    let plain: String = text.chars().filter(|c| !matches!(c, '$' | ',' | ' ')).collect();
    if plain.is_empty() {
        return Ok(None);
    }
    match plain.parse::<u64>() {
        Ok(n) if n <= max => Ok(Some(n)),
        _ => Err(()),
    }
}

impl Settings {
    /// The settings a posted form holds; `live` for a live update.
    pub fn from_form(f: &Fields, live: bool) -> Settings {
        // The assistant's fields, found in one pass over the form (the last of a name sent twice
        // wins, as with `Fields::get`). Looked up one by one, each the form does not send (a
        // live update sends few of them) was looked for among all its fields, a loaded Yacht's
        // 135 seven times over. `Fields::get_each` does the same for any names, but its test of
        // a name's bit costs more than this first letter (1% of the Yacht's judging, counted).
        let (mut open, mut action, mut pattern, mut budget, mut goal, mut speed, mut keep) =
            (None, None, None, None, None, None, None);
        for (name, value) in f.iter() {
            if !name.starts_with('a') {
                continue;
            }
            match name {
                "assist_open" => open = Some(value),
                "action" => action = Some(value),
                "assist_pattern" => pattern = Some(value),
                "assist_budget" => budget = Some(value),
                "assist_goal" => goal = Some(value),
                "assist_speed" => speed = Some(value),
                "assist_keep" => keep = Some(value),
                _ => {}
            }
        }
        let short = |text: Option<&str>| text.unwrap_or("").chars().take(20).collect::<String>();
        let fix = action.and_then(pressed_fix);
        Settings {
            open: open.map_or(!live, is_on) || action.is_some_and(|a| a.starts_with("assist.")),
            pattern: Pattern::parse(pattern.unwrap_or("")),
            budget_text: short(budget),
            cheapest: goal == Some("cheapest"),
            speed_text: short(speed),
            keep_weapons: keep.is_none_or(is_on),
            fixed_now: fix.is_some(),
            fixed_beside: fix.is_some_and(|(_, beside)| beside),
        }
    }

    /// The budget, or why the box cannot be read.
    pub fn budget(&self) -> Result<Option<Money>, String> {
        number(&self.budget_text, MAX_BUDGET)
            .map(|n| n.map(|d| Money::whole(i64::try_from(d).unwrap_or(0))))
            .map_err(|()| {
                format!(
                    "Budget: \"{}\" is not a sum of whole dollars from 0 to {MAX_BUDGET} (like 25000); leave it blank for none",
                    self.budget_text
                )
            })
    }

    /// The search the settings ask for, or why they cannot be read.
    pub fn search(&self) -> Result<Search, String> {
        let budget = self.budget()?;
        let goal = if self.cheapest {
            let bad = || {
                format!(
                    "Speed to reach: \"{}\" is not a whole number of mph from 1 to {MAX_SPEED}",
                    self.speed_text
                )
            };
            match number(&self.speed_text, MAX_SPEED as u64).map_err(|()| bad())? {
                Some(mph) if mph > 0 => Goal::Cheapest(Speed::mph(i64::try_from(mph).unwrap_or(0))),
                _ => {
                    return Err(
                        "Give the speed to reach, in mph, for the cheapest choice that reaches it".into()
                    );
                }
            }
        } else {
            Goal::Fastest
        };
        Ok(Search { goal, budget, keep_weapons: self.keep_weapons })
    }

    pub fn pattern_select(&self) -> Select {
        select("assist_pattern", "Armor pattern", &self.pattern.id(), fill::patterns(), None)
    }
}

/// What a fix's button beside its problem posts in front of the fix's action
/// ("here.fix.pilot"): the same fix as the figures' list offers ("fix.pilot"), told apart so the
/// answer marks the list's place only for a press in the list (see `landing`), and a press
/// beside the problem lands where it was pressed.
pub const BESIDE: &str = "here.";

/// The fix a pressed `action` asks for ("fix.pilot"), and whether it was pressed beside its
/// problem; `None` for any other button.
pub fn pressed_fix(action: &str) -> Option<(&str, bool)> {
    let (fix, beside) = action.strip_prefix(BESIDE).map_or((action, false), |fix| (fix, true));
    fix.starts_with("fix.").then_some((fix, beside))
}

/// A note beside the form after an assistant's button did nothing.
fn note(message: String) -> Option<Problem> {
    Some(Problem::warning(Shared::BadButton, None, message))
}

/// Does what an assistant's button asks, to the design as posted: `None` when `action` is not
/// one of its buttons; else the note to show when it changed nothing.
pub fn press(d: &mut Design, action: &str, f: &Fields) -> Option<Option<Problem>> {
    let s = Settings::from_form(f, false);
    let action = pressed_fix(action).map_or(action, |(fix, _)| fix);
    Some(match action {
        "assist.fill" => match s.budget().map(|b| fill::fill(d, s.pattern, b)) {
            Err(why) => note(format!("Nothing was added: {why}.")),
            Ok(Err(no)) => note(no.message()),
            Ok(Ok(filled)) => {
                *d = filled.design;
                None
            }
        },
        "assist.fastest" => match s.search() {
            Err(why) => note(format!("Nothing was changed: {why}.")),
            Ok(search) => match fastest::search(d, &search) {
                Err(none) => note(none.message(&search)),
                Ok(found) if found.design == *d => {
                    note("The boat already has the answer: nothing to change.".into())
                }
                Ok(found) => {
                    *d = found.design;
                    None
                }
            },
        },
        a if a.starts_with("fix.") => {
            // Only a fix the boat as posted is offered: a page left open after its problem was
            // put right some other way changes nothing.
            let offered = fixes::fixes(d, &crate::games::boats::check(d));
            if offered.iter().any(|f| f.action == a) && fixes::apply(d, a) {
                None
            } else {
                note("That fix no longer fits the boat as it is (its problem is gone or changed): nothing was changed.".into())
            }
        }
        _ => return None,
    })
}

/// The fill as the page previews it.
pub struct FillView {
    /// "F +12 (to 27)" for each location given points.
    pub rows: Vec<String>,
    pub points: i64,
    pub weight: String,
    pub cost: String,
    pub top_speed: String,
}

/// The speed search's answer as the page shows it.
pub struct FastView {
    pub choice: String,
    pub speed: String,
    pub acceleration: String,
    pub cost: String,
    pub change: String,
    pub tried: usize,
    /// The boat has it already.
    pub same: bool,
}

/// The assistant's box: each answer, or why there is none.
pub struct Panel {
    pub fill: Result<FillView, String>,
    pub fastest: Result<FastView, String>,
}

pub fn panel(d: &Design, e: &Evaluation, s: &Settings) -> Panel {
    let fill =
        s.budget().and_then(|b| fill::fill(d, s.pattern, b).map_err(|no| no.message())).map(|f| FillView {
            rows: f
                .added
                .iter()
                .zip(&f.after)
                .filter(|((_, n), _)| *n > 0)
                .map(|((l, n), (_, to))| format!("{} +{n} (to {to})", l.code()))
                .collect(),
            points: f.points,
            weight: format!("{} lb", f.weight),
            cost: f.cost.to_string(),
            top_speed: format!("{} mph", f.top_speed),
        });
    let fastest = s.search().and_then(|search| {
        fastest::search(d, &search).map_err(|no| no.message(&search)).map(|f| {
            let delta = f.cost.0 - e.figures.cost.0;
            FastView {
                choice: f.choice.words(),
                speed: format!("{} mph", f.speed),
                acceleration: format!("{} mph/turn", f.acceleration),
                cost: f.cost.to_string(),
                change: match delta {
                    0 => "no change in cost".into(),
                    d if d > 0 => format!("{} more", Money(d)),
                    d => format!("{} less", Money(-d)),
                },
                tried: f.tried,
                same: f.design == *d,
            }
        })
    });
    Panel { fill, fastest }
}

/// A problem with its fixes, as the figures panel lists it.
pub struct FixRow {
    /// The problem it fixes: its code and part (as [`ProblemView`](crate::web::view::ProblemView)
    /// holds them, so the problem shown beside its part finds its fixes by them), and its words.
    pub code: &'static str,
    pub part: Option<String>,
    pub message: String,
    pub error: bool,
    /// Each fix: its button's words and action.
    pub buttons: Vec<(String, String)>,
}

/// The problems that have a fix, each with its buttons, in the problems' order.
pub fn fix_rows(d: &Design, e: &Evaluation) -> Vec<FixRow> {
    let mut rows: Vec<FixRow> = Vec::new();
    let mut last: Option<(Code, Option<String>)> = None;
    for f in fixes::fixes(d, e) {
        let key = (f.code, f.part.clone());
        if last.as_ref() != Some(&key) {
            let p = e.problems.iter().find(|p| p.code == f.code && p.part == f.part);
            rows.push(FixRow {
                code: f.code.as_str(),
                part: f.part.clone(),
                message: p.map_or_else(String::new, |p| p.message.clone()),
                error: p.is_some_and(Problem::is_error),
                buttons: Vec::new(),
            });
            last = Some(key);
        }
        if let Some(r) = rows.last_mut().filter(|r| !r.buttons.iter().any(|(_, a)| *a == f.action)) {
            r.buttons.push((f.label, f.action));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The settings as they were read before the one pass: each field looked up by name.
    fn looked_up(f: &Fields, live: bool) -> Settings {
        let short = |name: &str| f.text(name).chars().take(20).collect::<String>();
        Settings {
            open: f.get("assist_open").map_or(!live, |_| f.flag("assist_open"))
                || f.get("action").is_some_and(|a| a.starts_with("assist.")),
            pattern: Pattern::parse(f.get("assist_pattern").unwrap_or("")),
            budget_text: short("assist_budget"),
            cheapest: f.get("assist_goal") == Some("cheapest"),
            speed_text: short("assist_speed"),
            keep_weapons: f.get("assist_keep").is_none_or(|_| f.flag("assist_keep")),
            fixed_now: f.get("action").and_then(pressed_fix).is_some(),
            fixed_beside: f.get("action").and_then(pressed_fix).is_some_and(|(_, beside)| beside),
        }
    }

    /// The assistant's names, names near them, and a design's own.
    const NAMES: &[&str] = &[
        "assist_open",
        "action",
        "assist_pattern",
        "assist_budget",
        "assist_goal",
        "assist_speed",
        "assist_keep",
        "assist_opened",
        "actions",
        "Action",
        "armor.type",
        "accessories.0.item",
        "weapons.0.count",
        "name",
    ];

    const VALUES: &[&str] = &[
        "",
        "on",
        "off",
        "false",
        "0",
        "1",
        "cheapest",
        "fastest",
        "even",
        "front",
        "assist.fill",
        "assist.fastest",
        "fix.pilot",
        "here.fix.pilot",
        "here.assist.fill",
        "$25,000",
        "a budget far longer than twenty characters",
        "ĉu 60 mph?",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// Read in one pass, any form's settings are what looking each field up gave, names sent
        /// twice, left out, near misses and all, live or not.
        #[test]
        fn settings_read_in_one_pass_are_those_looked_up(
            pairs in proptest::collection::vec((0..NAMES.len(), 0..VALUES.len()), 0..24),
            live: bool,
        ) {
            let f = Fields::from_pairs(pairs.iter().map(|&(n, v)| (NAMES[n].to_owned(), VALUES[v].to_owned())));
            prop_assert_eq!(Settings::from_form(&f, live), looked_up(&f, live));
        }
    }
}
