//! The tank shock calculator: hand-worked cases as exact fractions, the decisions, refusals, and
//! properties over every input it takes.

use super::*;
use num_bigint::BigUint;
use proptest::prelude::*;

/// `num / den`, for expected figures worked by hand.
fn f(num: u128, den: u128) -> Fraction {
    Fraction::new(BigUint::from(num), BigUint::from(den)).unwrap()
}

fn shock(mode: Mode, distance: u16, initiative: u8, toughness: u8, save: Option<u8>) -> TankShock {
    TankShock {
        mode,
        distance,
        combat_speed: DEFAULT_COMBAT_SPEED,
        leadership: 7,
        initiative,
        toughness,
        save,
        models: 10,
    }
}

fn work(t: &TankShock) -> Outcome {
    match tank_shock(t) {
        Ok(o) => o,
        Err(e) => panic!("refused: {e}"),
    }
}

fn fractions(list: &[(u128, u128)]) -> Vec<Fraction> {
    list.iter().map(|&(n, d)| f(n, d)).collect()
}

/// A 13" Slam into Initiative 3, Toughness 3, 4+ save, Leadership 7, worked by hand.
///
/// Two checks (13" holds two full 6"). One check: 1-3 pass, 4 fails by 1, 5 by 2, 6 by 3, so
/// 0/1/2/3 hits with 3/1/1/1 chances in 6. Two checks: 9, 6, 7, 8, 3, 2, 1 chances in 36 of 0 to
/// 6 hits. S10 against T3 wounds on 2+ (5/6); AP – leaves the 4+ save, failed on 1-3 (1/2): each
/// hit is an unsaved wound with chance 5/12. One check gives 0/1/2/3 unsaved wounds with 7123,
/// 2295, 825 and 125 chances in 10368.
#[test]
fn a_13_inch_slam_into_initiative_3_toughness_3_with_a_4_plus_save() {
    let o = work(&shock(Mode::Slam, 13, 3, 3, Some(4)));

    assert_eq!(o.checks, 2);
    assert_eq!(o.morale_pass, f(21, 36));
    assert_eq!(o.hits_per_check.p, fractions(&[(3, 6), (1, 6), (1, 6), (1, 6)]));
    assert_eq!(o.hits_per_check.mean, f(1, 1));
    assert_eq!(o.hits.p, fractions(&[(9, 36), (6, 36), (7, 36), (8, 36), (3, 36), (2, 36), (1, 36)]));
    assert_eq!(o.hits.mean, f(2, 1));
    assert_eq!((o.strength, o.ap, o.to_wound), (10, "–", Some(2)));
    assert_eq!(o.save_allowed, f(1, 1));

    let one = [7123u128, 2295, 825, 125];
    let den = 10368u128 * 10368;
    let two: Vec<(u128, u128)> = (0..=6)
        .map(|w: usize| {
            let n: u128 = (0..=3).filter(|&a| w >= a && w - a <= 3).map(|a| one[a] * one[w - a]).sum();
            (n, den)
        })
        .collect();
    assert_eq!(o.wounds.p, fractions(&two));
    assert_eq!(o.wounds.p[0], f(50_737_129, 107_495_424));
    assert_eq!(o.wounds.p[1], f(605_455, 1_990_656));
    assert_eq!(o.wounds.p[6], f(15_625, 107_495_424));
    assert_eq!(o.wounds.mean, f(5, 6), "2 hits expected x 5/12");
    assert_eq!(o.casualties, o.wounds, "10 models: never capped");
}

/// A 12" Grind into Initiative 4, Toughness 4, 3+ save, Leadership 8, worked by hand.
///
/// One check: 5 fails by 1, 6 by 2: 4/1/1 chances in 6. S5 against T4 wounds on 3+ (2/3). The
/// AP roll denies the 3+ save on 1-3 (chance 1/2); otherwise the save fails on 1-2 (1/3). With
/// the AP rolled once for the whole tank shock, no wounds has chance 1/2 G(1/3) + 1/2 G(7/9),
/// where G(q) = ((4 + q + q^2) / 6)^2: 1/2 (400/729 + 47524/59049) = 39962/59049.
#[test]
fn a_12_inch_grind_into_initiative_4_toughness_4_with_a_3_plus_save() {
    let mut t = shock(Mode::Grind, 12, 4, 4, Some(3));
    t.leadership = 8;

    let o = work(&t);
    assert_eq!(o.checks, 2);
    assert_eq!(o.morale_pass, f(26, 36));
    assert_eq!(o.hits.p, fractions(&[(16, 36), (8, 36), (9, 36), (2, 36), (1, 36)]));
    assert_eq!((o.strength, o.ap, o.to_wound), (5, "D6", Some(3)));
    assert_eq!(o.save_allowed, f(1, 2));
    assert_eq!(o.wounds.p[0], f(39_962, 59_049));
    // Rolled once per hit instead, each hit would be an unsaved wound with chance 4/9, and no
    // wounds would have chance G(5/9) = 38809/59049: the decision shows in the figures.
    assert_ne!(o.wounds.p[0], f(38_809, 59_049));
    assert_eq!(o.wounds.mean, f(4, 9), "1 hit expected x (1/2 x 2/3 + 1/2 x 2/9)");
}

#[test]
fn a_six_always_fails_and_costs_one_hit_against_high_initiative() {
    for initiative in [5, 6, 7, 10] {
        let o = work(&shock(Mode::Slam, 6, initiative, 3, None));
        assert_eq!(o.checks, 1);
        assert_eq!(o.hits.p, fractions(&[(5, 6), (1, 6)]), "I{initiative}");
    }
}

#[test]
fn initiative_1_fails_on_2_to_6_by_one_to_five() {
    let o = work(&shock(Mode::Slam, 6, 1, 3, None));

    assert_eq!(o.hits.p, fractions(&[(1, 6); 6]));
    assert_eq!(o.hits.mean, f(15, 6));
}

#[test]
fn checks_are_one_per_full_six_inches() {
    for (distance, checks) in [(6, 1), (11, 1), (12, 2), (17, 2), (18, 3), (47, 7), (48, 8), (72, 12)] {
        let o = work(&shock(Mode::Slam, distance, 3, 3, Some(4)));
        assert_eq!(o.checks, checks, "{distance}\"");
        assert_eq!(o.hits.max(), 3 * usize::from(checks));
    }
}

#[test]
fn under_six_inches_there_are_no_checks_and_no_hits() {
    let mut t = shock(Mode::Grind, 5, 3, 3, Some(4));
    t.combat_speed = 4;

    let o = work(&t);
    assert_eq!(o.checks, 0);
    assert_eq!(o.hits.p, [Fraction::one()]);
    assert_eq!(o.wounds.p, [Fraction::one()]);
    assert!(o.wounds.mean.is_zero());
}

#[test]
fn the_to_wound_table_is_the_classic_one() {
    let table: Vec<Option<u8>> = (1..=10).map(|t| to_wound(5, t)).collect();
    assert_eq!(table, [Some(2), Some(2), Some(2), Some(3), Some(4), Some(5), Some(6), Some(6), None, None]);
    assert_eq!(to_wound(10, 10), Some(4));
    assert_eq!(to_wound(10, 6), Some(2));
    assert_eq!(to_wound(1, 4), Some(6));
    assert_eq!(to_wound(1, 5), None);
    assert_eq!(to_wound(3, 1), Some(2));
}

#[test]
fn a_grind_cannot_wound_toughness_9_but_still_hits() {
    let o = work(&shock(Mode::Grind, 24, 2, 9, Some(3)));

    assert_eq!(o.to_wound, None);
    assert!(!o.hits.mean.is_zero());
    assert_eq!(o.wounds.p, [Fraction::one()]);
    assert_eq!(o.casualties.p, [Fraction::one()]);
}

#[test]
fn without_a_save_every_wound_goes_through() {
    let o = work(&shock(Mode::Slam, 6, 3, 3, None));

    // Per hit 5/6; one check: 0 hits 1/2, then 1, 2, 3 hits 1/6 each.
    assert_eq!(o.save_allowed, Fraction::zero());
    let p0 = &f(1, 2) + &(&f(1, 6) * &(&f(1, 6) + &(&f(1, 36) + &f(1, 216))));
    assert_eq!(o.wounds.p[0], p0);
    assert_eq!(o.wounds.mean, f(5, 6));
    assert_eq!(o.wounds.p[3], f(125, 216 * 6));
}

#[test]
fn grind_against_a_6_plus_save_or_no_save_never_allows_it_on_ap_1_to_6() {
    assert_eq!(work(&shock(Mode::Grind, 6, 3, 3, Some(6))).save_allowed, Fraction::zero());
    assert_eq!(work(&shock(Mode::Grind, 6, 3, 3, None)).save_allowed, Fraction::zero());
    assert_eq!(work(&shock(Mode::Grind, 6, 3, 3, Some(2))).save_allowed, f(4, 6));
    assert_eq!(work(&shock(Mode::Slam, 6, 3, 3, Some(2))).save_allowed, Fraction::one());
}

#[test]
fn casualties_stop_at_the_size_of_the_unit() {
    let mut t = shock(Mode::Slam, 48, 1, 1, None);
    t.models = 1;

    let o = work(&t);
    assert_eq!(o.casualties.p.len(), 2);
    assert_eq!(o.casualties.p[0], o.wounds.p[0]);
    assert_eq!(o.casualties.p[1], o.wounds.p[0].complement());
    assert_eq!(o.casualties.p[1], o.wounds.at_least(1));
    assert_eq!(o.casualties.mean, o.casualties.p[1]);
}

#[test]
fn morale_passes_on_2d6_at_or_under_leadership() {
    let expected = [(2, 1), (3, 3), (4, 6), (5, 10), (6, 15), (7, 21), (8, 26), (9, 30), (10, 33)];
    for (ld, in36) in expected {
        let mut t = shock(Mode::Slam, 6, 3, 3, None);
        t.leadership = ld;
        assert_eq!(work(&t).morale_pass, f(in36, 36), "Ld {ld}");
    }
}

#[test]
fn a_shock_shorter_than_combat_speed_is_refused() {
    let mut t = shock(Mode::Slam, 5, 3, 3, None);

    let e = tank_shock(&t).unwrap_err();
    assert_eq!(e.problems.len(), 1);
    assert_eq!(e.problems[0].code, Code::ShockBelowCombatSpeed);
    assert_eq!(e.problems[0].part.as_deref(), Some("distance"));
    assert!(e.to_string().contains("at least the tank's combat speed (6\")"), "{e}");

    t.combat_speed = 9;
    t.distance = 8;
    assert!(tank_shock(&t).unwrap_err().to_string().contains("(9\")"));
    t.distance = 9;
    assert!(tank_shock(&t).is_ok());
}

#[test]
fn out_of_range_inputs_are_each_refused_at_their_field() {
    let t = TankShock {
        mode: Mode::Grind,
        distance: 10_000,
        combat_speed: 0,
        leadership: 11,
        initiative: 0,
        toughness: 0,
        save: Some(1),
        models: 0,
    };

    let e = tank_shock(&t).unwrap_err();
    let parts: Vec<&str> = e.problems.iter().filter_map(|p| p.part.as_deref()).collect();
    assert_eq!(
        parts,
        ["distance", "combat_speed", "leadership", "initiative", "toughness", "save", "models"]
    );
    assert!(e.problems.iter().all(|p| p.code == Code::ShockInputOutOfRange && p.is_error()));
    assert!(
        e.problems[0].message.contains("A distance of 10000 is outside what the calculator takes: 1 to 72")
    );
    assert!(e.problems[6].message.contains("1 to 100"));
}

#[test]
fn json_inputs_out_of_range_are_refused_naming_the_range() {
    let base = r#""mode": "slam", "leadership": 7, "initiative": 3, "toughness": 3, "models": 10"#;
    for (extra, range) in [
        (r#""distance": -5"#, "1 to 72"),
        (r#""distance": 10000"#, "1 to 72"),
        (r#""distance": 12.5"#, "1 to 72"),
        (r#""distance": 12, "save": 7"#, "2 to 6"),
        (r#""distance": 12, "combat_speed": 0"#, "1 to 24"),
    ] {
        let json = format!("{{{base}, {extra}}}");
        let e = serde_json::from_str::<TankShock>(&json).unwrap_err().to_string();
        assert!(e.contains(&format!("a whole number from {range}")), "{json}: {e}");
    }
    let e =
        serde_json::from_str::<TankShock>(&format!(r#"{{{}, "distance": 12}}"#, base.replace("slam", "ram")))
            .unwrap_err()
            .to_string();
    assert!(e.contains("unknown variant `ram`") && e.contains("slam") && e.contains("grind"), "{e}");
    let e = serde_json::from_str::<TankShock>(r#"{"mode": "slam"}"#).unwrap_err().to_string();
    assert!(e.contains("missing field `distance`"), "{e}");
}

#[test]
fn a_short_json_input_takes_combat_speed_6_and_no_save() {
    let t: TankShock = serde_json::from_str(
        r#"{"mode": "grind", "distance": 13, "leadership": 7, "initiative": 3, "toughness": 3, "models": 10}"#,
    )
    .unwrap();

    assert_eq!((t.combat_speed, t.save), (6, None));
    let json = serde_json::to_value(work(&t)).unwrap();
    assert_eq!(json["checks"], 2);
    assert_eq!(json["mode"], "grind");
    assert_eq!(json["morale_pass"]["exact"], "7/12");
    assert!((json["morale_pass"]["approx"].as_f64().unwrap() - 7.0 / 12.0).abs() < 1e-12);
    assert_eq!(json["hits"]["mean"]["exact"], "2");
    assert_eq!(json["to_wound"], 2, "S5 against T3");
}

#[test]
fn the_decisions_are_listed_once_each() {
    let mut ids: Vec<&str> = DECISIONS.iter().map(|d| d.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), DECISIONS.len());
    for id in ["six-always-fails", "grind-ap-once", "to-wound-table"] {
        assert!(ids.contains(&id), "{id}");
    }
}

#[test]
fn fractions_print_reduced_and_refuse_a_zero_denominator() {
    assert_eq!(f(10, 24).to_string(), "5/12");
    assert_eq!(f(36, 36).to_string(), "1");
    assert_eq!(f(0, 7).to_string(), "0");
    assert!(Fraction::new(1u32, 0u32).is_none());
    assert_eq!(&f(1, 3) + &f(1, 6), f(1, 2));
    assert_eq!(&f(2, 3) * &f(3, 4), f(1, 2));
    assert_eq!(f(5, 12).complement(), f(7, 12));
    assert!((f(1, 3).to_f64() - 1.0 / 3.0).abs() < 1e-15);
}

#[test]
fn fractions_over_powers_of_six_reduce_however_many_threes_they_share() {
    let big = |b: u32, e: u32| BigUint::from(b).pow(e);
    for (twos, threes) in [(0, 0), (3, 19), (3, 20), (1, 21), (0, 45), (60, 40), (2, 50)] {
        let num = big(2, twos) * big(3, threes) * 7u32;
        let den = big(6, 50);
        let fast = Fraction::over_sixes(num.clone(), den.clone());
        assert_eq!(Some(&fast), Fraction::new(num, den).as_ref(), "2^{twos} 3^{threes}");
    }
    assert_eq!(Fraction::over_sixes(BigUint::from(0u32), big(6, 9)), Fraction::zero());
    assert_eq!(Fraction::over_sixes(big(6, 9), big(6, 9)), Fraction::one());
}

fn any_shock() -> impl Strategy<Value = TankShock> {
    (
        prop_oneof![Just(Mode::Slam), Just(Mode::Grind)],
        (1u16..=12, 0u16..=60),
        (2u8..=10, 1u8..=10, 1u8..=10),
        prop::option::of(2u8..=6),
        1u16..=100,
    )
        .prop_map(|(mode, (combat_speed, extra), (leadership, initiative, toughness), save, models)| {
            TankShock {
                mode,
                distance: (combat_speed + extra).min(72),
                combat_speed,
                leadership,
                initiative,
                toughness,
                save,
                models,
            }
        })
}

fn total(d: &Distribution) -> Fraction {
    d.p.iter().cloned().sum()
}

fn mean_of(d: &Distribution) -> Fraction {
    d.p.iter().enumerate().map(|(k, p)| &p.clone() * &Fraction::from(k as u32)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn distributions_sum_to_exactly_one_and_their_means_match(t in any_shock()) {
        let o = tank_shock(&t).map_err(|e| TestCaseError::fail(e.to_string()))?;

        for d in [&o.hits_per_check, &o.hits, &o.wounds, &o.casualties] {
            prop_assert_eq!(total(d), Fraction::one());
            prop_assert_eq!(&mean_of(d), &d.mean);
            prop_assert!(!d.p.last().is_some_and(Fraction::is_zero) || d.p.len() == 1);
            // The chance of at least each number: certain at none, each the sum of the rest.
            let tails = d.tails();
            prop_assert_eq!(tails.len(), d.p.len());
            prop_assert_eq!(&tails[0], &Fraction::one());
            for (k, tail) in tails.iter().enumerate() {
                prop_assert_eq!(tail, &d.at_least(k));
            }
        }
        prop_assert_eq!(o.checks, t.distance / 6);
        // E[hits] = checks x E[hits of one check].
        prop_assert_eq!(&o.hits.mean, &(&o.hits_per_check.mean * &Fraction::from(u32::from(o.checks))));
        // E[unsaved wounds] = E[hits] x the chance a hit becomes one (the AP roll is independent of the hits).
        let wounds = o.to_wound.map_or(0, |n| 7 - u32::from(n));
        let saved = match t.save { Some(s) => 7 - u32::from(s), None => 0 };
        let fails_save = &(&o.save_allowed * &Fraction::new(6 - saved, 6u32).unwrap()) + &o.save_allowed.complement();
        let per_hit = &Fraction::new(wounds, 6u32).unwrap() * &fails_save;
        prop_assert_eq!(&o.wounds.mean, &(&o.hits.mean * &per_hit));
        // Casualties are the wounds, capped at the unit's size.
        prop_assert!(o.casualties.max() <= usize::from(t.models));
        let cap = usize::from(t.models);
        for k in 0..o.casualties.max() {
            prop_assert_eq!(&o.casualties.p[k], &o.wounds.at(k));
        }
        prop_assert_eq!(o.casualties.at(cap), o.wounds.at_least(cap));
    }
}

/// A second, slower way to the same figures, sharing nothing with the engine but [`Fraction`]:
/// every die enumerated face by face (the Initiative die, each hit's to-wound and save dice, the
/// Grind's AP die), the hits of each check added up check by check, and each number of hits
/// turned into wounds hit by hit.
mod reference {
    use super::*;

    /// The printed chart: the roll needed, by Strength (row) and Toughness (column); 0 for none.
    const CHART: [[u8; 10]; 10] = [
        [4, 5, 6, 6, 0, 0, 0, 0, 0, 0],
        [3, 4, 5, 6, 6, 0, 0, 0, 0, 0],
        [2, 3, 4, 5, 6, 6, 0, 0, 0, 0],
        [2, 2, 3, 4, 5, 6, 6, 0, 0, 0],
        [2, 2, 2, 3, 4, 5, 6, 6, 0, 0],
        [2, 2, 2, 2, 3, 4, 5, 6, 6, 0],
        [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
        [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
        [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
        [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
    ];

    fn sixth() -> Fraction {
        f(1, 6)
    }

    fn convolve(a: &[Fraction], b: &[Fraction]) -> Vec<Fraction> {
        let mut out = vec![Fraction::zero(); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                out[i + j] = &out[i + j] + &(x * y);
            }
        }
        out
    }

    /// P(a hit becomes an unsaved wound) with this AP (`None` for –), face by face.
    fn unsaved(t: &TankShock, ap: Option<u8>) -> Fraction {
        let need = CHART[usize::from(t.mode.strength() - 1)][usize::from(t.toughness - 1)];
        let save = t.save.filter(|&s| ap.is_none_or(|ap| ap > s));
        let mut p = Fraction::zero();
        for wound_die in 1..=6 {
            for save_die in 1..=6 {
                let wounds = need != 0 && wound_die >= need;
                let saved = save.is_some_and(|s| save_die >= s);
                if wounds && !saved {
                    p = &p + &f(1, 36);
                }
            }
        }
        p
    }

    /// The hits distribution and the unsaved wounds distribution.
    pub fn figures(t: &TankShock) -> (Vec<Fraction>, Vec<Fraction>) {
        let mut one = vec![Fraction::zero(); 7];
        for roll in 1..=6u8 {
            let fails = roll == 6 || roll > t.initiative;
            let hits = if fails { usize::from(roll.saturating_sub(t.initiative).max(1)) } else { 0 };
            one[hits] = &one[hits] + &sixth();
        }
        let mut hits = vec![Fraction::one()];
        for _ in 0..t.distance / 6 {
            hits = convolve(&hits, &one);
        }
        let aps: Vec<(Fraction, Option<u8>)> = match t.mode {
            Mode::Slam => vec![(Fraction::one(), None)],
            Mode::Grind => (1..=6).map(|ap| (sixth(), Some(ap))).collect(),
        };
        let mut wounds = vec![Fraction::zero(); hits.len()];
        for (p_ap, ap) in aps {
            let p = unsaved(t, ap);
            let per_hit = [p.complement(), p.clone()];
            let mut of_h = vec![Fraction::one()];
            for (h, p_h) in hits.iter().enumerate() {
                if h > 0 {
                    of_h = convolve(&of_h, &per_hit);
                }
                let weight = &p_ap * p_h;
                for (w, p_w) in of_h.iter().enumerate() {
                    wounds[w] = &wounds[w] + &(&weight * p_w);
                }
            }
        }
        let trim = |mut d: Vec<Fraction>| {
            while d.len() > 1 && d.last().is_some_and(Fraction::is_zero) {
                d.pop();
            }
            d
        };
        (trim(hits), trim(wounds))
    }
}

#[test]
fn the_engine_agrees_with_dice_enumerated_face_by_face_on_a_grid_of_cases() {
    for mode in [Mode::Slam, Mode::Grind] {
        for (distance, initiative) in [(6, 1), (13, 3), (12, 4), (18, 6), (7, 2)] {
            for toughness in [1, 3, 4, 6, 8, 10] {
                for save in [None, Some(2), Some(4), Some(6)] {
                    let t = shock(mode, distance, initiative, toughness, save);
                    let o = work(&t);
                    let (hits, wounds) = reference::figures(&t);
                    assert_eq!(o.hits.p, hits, "{t:?}");
                    assert_eq!(o.wounds.p, wounds, "{t:?}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_engine_agrees_with_the_reference_on_random_shocks(t in any_shock().prop_filter("short", |t| t.distance <= 24)) {
        let o = tank_shock(&t).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let (hits, wounds) = reference::figures(&t);
        prop_assert_eq!(o.hits.p, hits);
        prop_assert_eq!(o.wounds.p, wounds);
    }
}
