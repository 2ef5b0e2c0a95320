//! Property tests of the assistant over random boats: a fill never passes a limit and keeps a
//! legal boat legal, and one point more would not fit; the speed search equals a brute force
//! over a larger space; every fix offered removes its problem.

use super::fastest::{self, Goal, Search};
use super::fill::{self, Pattern};
use super::{acceptable, fixes, past_limit};
use crate::games::boats::design::{Design, PropellerEntry, Ref};
use crate::games::boats::evaluate::check;
use crate::games::boats::tables::PLANTS;
use crate::games::boats::tests::properties::{any_design, legalish_design};
use crate::games::boats::units::{Money, Speed};
use proptest::prelude::*;

fn pattern() -> impl Strategy<Value = Pattern> {
    prop_oneof![
        Just(Pattern::Even),
        Just(Pattern::FrontHeavy),
        Just(Pattern::Like("darter")),
        Just(Pattern::Like("piranha")),
        Just(Pattern::Like("minnow")),
    ]
}

fn budget() -> impl Strategy<Value = Option<Money>> {
    prop_oneof![Just(None), (0i64..200_000).prop_map(|d| Some(Money::whole(d)))]
}

/// Every propulsion a boat could have, far more than the search tries: no plant or any plant,
/// up to two propellers each of any size (or sized to the plant), jet drive or not, hydrofoils
/// or not.
fn every_propulsion(d: &Design, keep_weapons: bool) -> Vec<Design> {
    let sizes: Vec<Option<Ref<_>>> =
        std::iter::once(None).chain(PLANTS.iter().map(|p| Some(Ref::Known(p)))).collect();
    let mut props: Vec<Vec<PropellerEntry>> = vec![vec![]];
    for a in &sizes {
        props.push(vec![PropellerEntry { size: a.clone(), guard: 0 }]);
        for b in &sizes {
            props.push(vec![
                PropellerEntry { size: a.clone(), guard: 0 },
                PropellerEntry { size: b.clone(), guard: 0 },
            ]);
        }
    }
    let mut out = Vec::new();
    let plants = std::iter::once(None).chain(PLANTS.iter().map(|p| Some(Ref::Known(p))));
    for plant in plants {
        for p in &props {
            for jet in [false, true] {
                for hydrofoils in [false, true] {
                    let mut x = d.clone();
                    x.plant = plant.clone();
                    x.propellers = p.clone();
                    x.jet_drive = jet;
                    x.hydrofoils = hydrofoils;
                    if !keep_weapons {
                        x.weapons.clear();
                        x.turrets.clear();
                    }
                    out.push(x);
                }
            }
        }
    }
    out
}

/// Random boats without propeller guards (the search keeps the first propeller's guard, the
/// brute force tries none), mostly near legal.
fn boat() -> impl Strategy<Value = Design> {
    prop_oneof![3 => legalish_design(), 1 => any_design()].prop_map(|mut d| {
        for p in &mut d.propellers {
            p.guard = 0;
        }
        d
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn a_fill_never_passes_a_limit_and_one_point_more_would(d in boat(), p in pattern(), b in budget()) {
        let before = check(&d);
        match fill::fill(&d, p, b) {
            Ok(f) => {
                let after = check(&f.design);
                prop_assert!(acceptable(&before, &after, b));
                prop_assert!(past_limit(&after).is_none());
                prop_assert!(!before.legal() || after.legal(), "{:?}", after.problems);
                prop_assert_eq!(after.figures.armor_points - before.figures.armor_points, f.points);
                prop_assert_eq!(f.added.iter().map(|(_, n)| i64::from(*n)).sum::<i64>(), f.points);
                // Nothing taken off anywhere.
                for (l, n) in d.armor.points.iter() {
                    prop_assert!(f.design.armor.points.get(l) >= n);
                }
                // One point more, anywhere the pattern puts points, does not fit.
                for (l, _) in f.added.iter().filter(|(_, n)| *n > 0) {
                    let mut more = f.design.clone();
                    let now = more.armor.points.get(*l);
                    if now < crate::games::bounds::MAX_COUNT {
                        more.armor.points.set(*l, now + 1);
                        let e = check(&more);
                        // The pattern's next point may go elsewhere; at this weight per point,
                        // any one point more is past a limit or the budget.
                        prop_assert!(!acceptable(&before, &e, b), "{l:?} +1 still fits");
                    }
                }
            }
            Err(fill::NoFill::NothingLeft) => {
                // Not one point fits at any location the pattern uses.
                let locs = crate::games::boats::evaluate::armor_locations(d.hull.known().unwrap_or(&crate::games::boats::tables::NO_HULL), &d);
                for l in locs {
                    let mut more = d.clone();
                    let now = more.armor.points.get(l);
                    if now < crate::games::bounds::MAX_COUNT {
                        more.armor.points.set(l, now + 1);
                        prop_assert!(!acceptable(&before, &check(&more), b), "{l:?}: a point fits");
                    }
                }
            }
            Err(_) => {}
        }
    }

    #[test]
    fn the_speed_search_equals_a_brute_force(
        d in boat(),
        budget in prop_oneof![Just(None), (2_000i64..60_000).prop_map(|d| Some(Money::whole(d)))],
        keep_weapons in any::<bool>(),
        speed in prop_oneof![Just(None), (1i64..=120).prop_map(|v| Some(Speed::mph(v)))],
    ) {
        let goal = speed.map_or(Goal::Fastest, Goal::Cheapest);
        let s = Search { goal, budget, keep_weapons };
        let before = check(&d);
        let found = fastest::search(&d, &s);
        let mut best: Option<(Speed, Money, Speed)> = None;
        for x in every_propulsion(&d, keep_weapons) {
            let e = check(&x);
            if fastest::answers(&s, &before, &e) {
                let key = fastest::rank(&e);
                if best.is_none_or(|b| fastest::better(goal, key, b)) {
                    best = Some(key);
                }
            }
        }
        match (found, best) {
            (Ok(f), Some((speed, cost, _))) => {
                // Neither faster nor cheaper (in the goal's order) than the search's answer.
                prop_assert_eq!((f.speed, f.cost), (speed, cost));
                prop_assert!(fastest::answers(&s, &before, &check(&f.design)));
            }
            (Err(_), None) => {}
            (f, b) => prop_assert!(false, "search {:?} but brute force {:?}", f.map(|f| f.choice), b),
        }
    }

    #[test]
    fn every_fix_offered_removes_its_problem(d in any_design()) {
        let e = check(&d);
        for f in fixes::fixes(&d, &e) {
            let mut x = d.clone();
            prop_assert!(fixes::apply(&mut x, &f.action), "{}", f.action);
            let after = check(&x);
            prop_assert!(
                !after.problems.iter().any(|p| p.code == f.code && p.part == f.part),
                "{} left {:?} at {:?}", f.action, f.code, f.part
            );
        }
    }
}
