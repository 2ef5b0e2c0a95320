//! "Fill with armor": the weight (and budget) a boat has left, spent on armor points in a
//! pattern, as many points as the engine lets it carry.
//!
//! A pattern gives each armor location a weight; the points are dealt one at a time, each to
//! the location furthest behind its share (points so far + 1, over its weight, the smallest;
//! ties to the first location in the hull's order). Dealt so, the points of n + 1 are those of n
//! and one more, so the boat's weight and cost only grow with n, and the most points that fit
//! are found by halving (`check` judging each try). Points already on the boat stay; a
//! location holds at most [`MAX_COUNT`] points. Armor takes no spaces in these rules, so only
//! weight, cost and the per-location bound can stop a fill (the spaces are checked all the same).

use super::{acceptable, past_limit};
use crate::games::boats::design::Design;
use crate::games::boats::evaluate::{Evaluation, armor_locations, check};
use crate::games::boats::examples;
use crate::games::boats::tables::Loc;
use crate::games::boats::units::{Money, Speed, Weight};
use crate::games::bounds::MAX_COUNT;

/// How the added points are shared between the locations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// Every location alike.
    Even,
    /// The front (F) counts twice, every other location once: of every 6 points on a
    /// five-location hull, 2 go to the front.
    FrontHeavy,
    /// Shared as a published boat shares its armor (its points at each location; a location it
    /// has not got gets none). By the slug of [`examples::all`].
    Like(&'static str),
}

/// The patterns the page offers, as (id, words).
pub fn patterns() -> Vec<(String, String)> {
    let mut v = vec![
        ("even".to_owned(), "Even: every location alike".to_owned()),
        ("front-heavy".to_owned(), "Front-heavy: the front twice the others".to_owned()),
    ];
    for (slug, d) in examples::all() {
        let shares: Vec<String> = d.armor.points.iter().map(|(l, p)| format!("{}{p}", l.code())).collect();
        v.push((format!("like-{slug}"), format!("Like the {}: {}", d.name, shares.join(" "))));
    }
    v
}

impl Pattern {
    /// The pattern with this id ("even", "front-heavy", "like-piranha"); anything else is even.
    pub fn parse(id: &str) -> Pattern {
        match id {
            "front-heavy" => Pattern::FrontHeavy,
            other => other
                .strip_prefix("like-")
                .and_then(|slug| examples::all().into_iter().find(|(s, _)| *s == slug))
                .map_or(Pattern::Even, |(slug, _)| Pattern::Like(slug)),
        }
    }

    pub fn id(self) -> String {
        match self {
            Pattern::Even => "even".into(),
            Pattern::FrontHeavy => "front-heavy".into(),
            Pattern::Like(slug) => format!("like-{slug}"),
        }
    }

    /// Each location's weight in the pattern.
    fn weights(self, locs: &[Loc]) -> Vec<i64> {
        match self {
            Pattern::Even => vec![1; locs.len()],
            Pattern::FrontHeavy => locs.iter().map(|&l| if l == Loc::F { 2 } else { 1 }).collect(),
            Pattern::Like(slug) => {
                let model = examples::all().into_iter().find(|(s, _)| *s == slug).map(|(_, d)| d);
                locs.iter().map(|&l| model.as_ref().map_or(0, |d| i64::from(d.armor.points.get(l)))).collect()
            }
        }
    }
}

/// A fill worked out: what it adds where, and the boat after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Fill {
    /// Points added at each location (every location of the boat, in its order; 0 where none).
    pub added: Vec<(Loc, u16)>,
    /// The location's points after the fill.
    pub after: Vec<(Loc, u16)>,
    pub points: i64,
    pub weight: Weight,
    pub cost: Money,
    pub top_speed: Speed,
    pub acceleration: Speed,
    /// The design filled.
    pub design: Design,
}

/// Why nothing can be added.
#[derive(Debug, Clone, PartialEq)]
pub enum NoFill {
    /// The hull is not one the tables know.
    UnknownHull,
    /// The pattern gives none of this boat's locations any points.
    PatternMissesBoat,
    /// The boat is already past a limit (the problem's message): put that right first.
    PastLimit(String),
    /// Not one more point fits (the weight or the budget is spent, or every location is full).
    NothingLeft,
}

impl NoFill {
    pub fn message(&self) -> String {
        match self {
            NoFill::UnknownHull => "Choose a hull first: armor is priced by the hull.".into(),
            NoFill::PatternMissesBoat => {
                "That boat's armor is on locations this one has not got: choose another pattern.".into()
            }
            NoFill::PastLimit(why) => format!("Nothing can be added while the boat is past a limit: {why}."),
            NoFill::NothingLeft => {
                "Not one more point fits: the weight (or the budget) is spent, or every location holds its most."
                    .into()
            }
        }
    }
}

/// The points dealt to each location for `n` points in all: `picks` holds the order they are
/// dealt in, extended as far as needed.
struct Dealer {
    weights: Vec<i64>,
    room: Vec<i64>,
    given: Vec<i64>,
    picks: Vec<usize>,
}

impl Dealer {
    /// The location the next point goes to; `None` when every weighted location is full.
    fn next(&mut self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for i in 0..self.weights.len() {
            if self.weights[i] == 0 || self.given[i] >= self.room[i] {
                continue;
            }
            // (given_i + 1) / w_i < (given_b + 1) / w_b, in whole numbers.
            let behind = |a: usize, b: usize| {
                (self.given[a] + 1) * self.weights[b] < (self.given[b] + 1) * self.weights[a]
            };
            if best.is_none_or(|b| behind(i, b)) {
                best = Some(i);
            }
        }
        let i = best?;
        self.given[i] += 1;
        self.picks.push(i);
        Some(i)
    }

    /// The most points it can deal.
    fn most(&self) -> i64 {
        self.weights.iter().zip(&self.room).filter(|(w, _)| **w > 0).map(|(_, r)| *r).sum()
    }

    /// Points per location for the first `n` dealt (n at most [`Dealer::most`]).
    fn deal(&mut self, n: usize) -> Vec<i64> {
        while self.picks.len() < n && self.next().is_some() {}
        let mut out = vec![0; self.weights.len()];
        for &i in &self.picks[..n.min(self.picks.len())] {
            out[i] += 1;
        }
        out
    }
}

fn with_points(d: &Design, locs: &[Loc], add: &[i64]) -> Design {
    let mut out = d.clone();
    for (&l, &n) in locs.iter().zip(add) {
        // Within the bound: `room` never deals past it.
        let now = i64::from(out.armor.points.get(l)) + n;
        out.armor.points.set(l, u16::try_from(now).unwrap_or(MAX_COUNT));
    }
    out
}

/// The most armor `d` can add in `pattern` without passing a limit or `budget`, judged by the
/// engine: at most about 2 log2(17 × 999) + 2 judgements (a doubling, then halving).
pub fn fill(d: &Design, pattern: Pattern, budget: Option<Money>) -> Result<Fill, NoFill> {
    let hull = d.hull.known().ok_or(NoFill::UnknownHull)?;
    let before = check(d);
    if let Some(p) = past_limit(&before) {
        return Err(NoFill::PastLimit(p.message.clone()));
    }
    if budget.is_some_and(|b| before.figures.cost > b) {
        return Err(NoFill::NothingLeft);
    }
    let locs = armor_locations(hull, d);
    let weights = pattern.weights(&locs);
    if weights.iter().all(|&w| w == 0) {
        return Err(NoFill::PatternMissesBoat);
    }
    let room =
        locs.iter().map(|&l| (i64::from(MAX_COUNT) - i64::from(d.armor.points.get(l))).max(0)).collect();
    let mut dealer = Dealer { given: vec![0; locs.len()], weights, room, picks: Vec::new() };
    let most = usize::try_from(dealer.most()).unwrap_or(0);
    let fits = |dealer: &mut Dealer, n: usize| -> Option<(Design, Evaluation)> {
        let added = dealer.deal(n);
        let after = with_points(d, &locs, &added);
        let e = check(&after);
        acceptable(&before, &e, budget).then_some((after, e))
    };
    // Doubling finds a count that does not fit (or the most), halving the last that does.
    let (mut good, mut bad) = (0usize, None);
    let mut n = 1usize;
    while n <= most {
        if fits(&mut dealer, n).is_some() {
            good = n;
            n *= 2;
        } else {
            bad = Some(n);
            break;
        }
    }
    let mut bad = match bad {
        Some(b) => b,
        None if good == most => most + 1,
        None if fits(&mut dealer, most).is_some() => {
            good = most;
            most + 1
        }
        None => most,
    };
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if fits(&mut dealer, mid).is_some() { good = mid } else { bad = mid }
    }
    if good == 0 {
        return Err(NoFill::NothingLeft);
    }
    let added = dealer.deal(good);
    let Some((design, e)) = fits(&mut dealer, good) else { return Err(NoFill::NothingLeft) };
    Ok(Fill {
        added: locs.iter().zip(&added).map(|(&l, &n)| (l, u16::try_from(n).unwrap_or(MAX_COUNT))).collect(),
        after: locs.iter().map(|&l| (l, design.armor.points.get(l))).collect(),
        points: i64::try_from(good).unwrap_or(i64::MAX),
        weight: Weight(e.figures.weight.0 - before.figures.weight.0),
        cost: Money(e.figures.cost.0 - before.figures.cost.0),
        top_speed: super::fastest_speed(&e.figures),
        acceleration: e.figures.acceleration,
        design,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::boats::tables;

    fn plain(hull: &str) -> Design {
        let mut d = examples::darter();
        d.hull = crate::games::boats::design::Ref::Known(tables::hull(hull).expect("hull"));
        d.armor.points = Default::default();
        d
    }

    /// The Darter's Rowboat has 800 lb of load; with plastic at 3 lb a point, the points are
    /// what is left over 3, dealt in the pattern.
    #[test]
    fn an_even_fill_spends_the_weight_left_on_every_location_alike() {
        let d = plain("rowboat");
        let left = check(&d).figures.load_remaining;
        let f = fill(&d, Pattern::Even, None).expect("fill");
        assert_eq!(f.points, left.0 / 300);
        assert_eq!(f.weight, Weight::whole(3 * f.points));
        let shares: Vec<u16> = f.added.iter().map(|(_, n)| *n).collect();
        let (lo, hi) = (shares.iter().min().copied(), shares.iter().max().copied());
        assert!(hi.zip(lo).is_some_and(|(h, l)| h - l <= 1), "{shares:?}");
        assert!(check(&f.design).legal());
    }

    #[test]
    fn front_heavy_gives_the_front_twice_the_others() {
        let f = fill(&plain("speeder"), Pattern::FrontHeavy, None).expect("fill");
        let front = f.added.iter().find(|(l, _)| *l == Loc::F).map(|(_, n)| i64::from(*n)).unwrap_or(0);
        for (l, n) in &f.added {
            if *l != Loc::F {
                assert!((front - 2 * i64::from(*n)).abs() <= 2, "{:?}", f.added);
            }
        }
    }

    #[test]
    fn a_budget_stops_the_fill_where_the_money_runs_out() {
        let d = plain("dinghy");
        let cost = check(&d).figures.cost;
        // Plastic on a Dinghy is $13 a point: $100 more buys 7.
        let f = fill(&d, Pattern::Even, Some(Money(cost.0 + 10_000))).expect("fill");
        assert_eq!((f.points, f.cost), (7, Money::whole(91)));
    }

    #[test]
    fn a_boat_past_a_limit_gets_nothing_and_is_told_why() {
        let mut d = plain("rowboat");
        d.cargo.push(crate::games::boats::design::CargoEntry {
            name: String::new(),
            spaces: 0,
            weight: 5000,
            deck: None,
            cargo: false,
        });
        assert!(matches!(fill(&d, Pattern::Even, None), Err(NoFill::PastLimit(_))));
    }

    #[test]
    fn every_pattern_offered_reads_back() {
        for (id, _) in patterns() {
            assert_eq!(Pattern::parse(&id).id(), id);
        }
    }
}
