//! Exact odds: the rules' worked examples, small cases worked by hand, bounds and properties.

use super::*;
use proptest::prelude::*;

fn torpedo(strength: u32, turrets: u32, massed: u32, armour: u32, reroll: bool) -> TorpedoOdds {
    torpedoes(&TorpedoAttack { strength, turrets, massed, armour, reroll }).expect("in range")
}

fn wave(bombers: u32, fighters: u32, turrets: u32, massed: u32, armour: u32) -> BomberOdds {
    super::bombers(&BomberWave { bombers, fighters, turrets, massed, armour, turrets_hit_only_on_6: false })
        .expect("in range")
}

/// Every probability of a distribution, as fractions.
fn all(o: &Odds) -> Vec<Fraction> {
    o.outcomes.iter().map(|x| x.exactly.clone()).collect()
}

#[test]
fn the_rules_first_example_three_bombers_five_fighters_against_three_turrets() {
    // Three turret hits take three of the five fighters; the three bombers each make D6-3
    // attacks, and three of the fighters add one attack each (no more than the bombers).
    assert_eq!(after_turrets(3, 5, 3), (3, 3));

    let w = wave(3, 5, 3, 0, 5);

    // Turrets can hit at most three squadrons: fighters first, so every bomber survives.
    assert_eq!(w.bombers_left.exactly(3), frac(1, 1));
    // The bonus of three is always there: fewest attacks 3, when every bomber rolls 3 or less.
    assert_eq!(w.attacks.exactly(0), frac(0, 1));
    assert_eq!(w.attacks.exactly(2), frac(0, 1));
    assert_eq!(w.attacks.exactly(3), frac(1, 8));
    assert_eq!(w.attacks.max(), 12);
    assert_eq!(w.attacks.exactly(12), frac(1, 216));
    // Mean attacks: 3 x (0+0+0+1+2+3)/6 + 3 = 6.
    assert_eq!(w.attacks.expected, frac(6, 1));
}

#[test]
fn the_rules_second_example_four_bombers_four_fighters_against_three_turrets() {
    assert_eq!(after_turrets(4, 4, 3), (4, 4));

    let w = wave(4, 4, 3, 0, 5);

    assert_eq!(w.bombers_left.exactly(4), frac(1, 1));
    assert_eq!(w.attacks.exactly(3), frac(0, 1));
    assert_eq!(w.attacks.exactly(4), frac(1, 16));
    assert_eq!(w.attacks.expected, frac(8, 1));
}

#[test]
fn the_fighters_bonus_is_capped_by_bombers_left_and_needs_one() {
    assert_eq!(after_turrets(2, 1, 0), (2, 1));
    assert_eq!(after_turrets(2, 1, 2), (1, 1));
    assert_eq!(after_turrets(2, 1, 3), (0, 0));
    assert_eq!(after_turrets(1, 3, 0), (1, 1));
    assert_eq!(after_turrets(0, 5, 0), (0, 0));
    assert_eq!(after_turrets(3, 0, 9), (0, 0));

    // One bomber, one fighter, two turrets: two hits (1/4) take both; otherwise the bomber makes
    // D6-2 attacks plus the fighter's one.
    let w = wave(1, 1, 2, 0, 6);
    assert_eq!(w.attacks.exactly(0), frac(1, 4));
    assert_eq!(w.attacks.exactly(1), frac(1, 4));
    // No turrets, three fighters: one bomber, so one bonus attack: D6+1.
    let w = wave(1, 3, 0, 0, 4);
    assert_eq!(
        all(&w.attacks),
        [frac(0, 1), frac(0, 1), frac(1, 6), frac(1, 6), frac(1, 6), frac(1, 6), frac(1, 6), frac(1, 6)]
    );
}

#[test]
fn the_fighters_bonus_counts_only_the_bombers_that_survive_the_turrets() {
    // Two bombers, two fighters, three turrets: all three hit (1/8) take both fighters and a
    // bomber, so one bomber and one fighter's bonus count, not two.
    assert_eq!(after_turrets(2, 2, 3), (1, 1));
    let w = wave(2, 2, 3, 0, 4);
    assert_eq!(w.bombers_left.exactly(1), frac(1, 8));
    // Each bomber left makes D6-3 attacks (1 on average), each fighter adds one: 7/8 of the time
    // 2 + 2 = 4 on average, 1/8 of the time 1 + 1 = 2.
    assert_eq!(w.attacks.expected, frac(15, 4));
    // Two attacks: two bombers that both roll 3 or less with two fighters (1/4 of 7/8), or the
    // one bomber left rolling a 4 with one fighter (1/6 of 1/8).
    assert_eq!(w.attacks.exactly(2), frac(23, 96));
}

#[test]
fn a_lone_bomber_worked_by_hand() {
    // No turrets, armour 4+: D6 attacks hitting on a 4+. P(no hit) = 1/6 x (1/2 + ... + 1/64).
    let w = wave(1, 0, 0, 0, 4);
    assert_eq!(w.hits.exactly(0), frac(21, 128));
    assert_eq!(w.hits.expected, frac(7, 4));
    assert_eq!(w.hits.exactly(6), frac(1, 384));
    // One turret: shot down half the time, else D6-1 attacks.
    let w = wave(1, 0, 1, 0, 4);
    assert_eq!(w.bombers_left.exactly(0), frac(1, 2));
    assert_eq!(w.hits.exactly(0), frac(85, 128));
    assert_eq!(w.hits.expected, frac(5, 8));
}

#[test]
fn massed_turrets_shoot_but_do_not_reduce_attacks() {
    // Three massing ships: the bomber survives 1/8 and then rolls a full D6.
    let w = wave(1, 0, 0, 3, 2);
    assert_eq!(w.bombers_left.exactly(1), frac(1, 8));
    assert_eq!(w.attacks.exactly(6), frac(1, 48));
    // Against six turrets of its own a bomber never attacks.
    let w = wave(3, 0, 6, 0, 2);
    assert_eq!(w.attacks.max(), 0);
    assert_eq!(w.hits.exactly(0), frac(1, 1));
}

#[test]
fn torpedoes_worked_by_hand() {
    let t = torpedo(1, 0, 0, 4, false);
    assert_eq!(all(&t.hits), [frac(1, 2), frac(1, 2)]);
    assert_eq!(torpedo(1, 0, 0, 4, true).hits.exactly(1), frac(3, 4));
    // Two torpedoes, one turret, armour 5+: the turret takes one half the time.
    let t = torpedo(2, 1, 0, 5, false);
    assert_eq!(all(&t.strength_left), [frac(0, 1), frac(1, 2), frac(1, 2)]);
    assert_eq!(all(&t.hits), [frac(5, 9), frac(7, 18), frac(1, 18)]);
    assert_eq!(t.hits.at_least(1), frac(4, 9));
    assert_eq!(t.hits.expected, frac(1, 2));
    // Six against 6+: all six hit once in 46,656.
    let t = torpedo(6, 0, 0, 6, false);
    assert_eq!((t.hits.exactly(0), t.hits.exactly(6)), (frac(15625, 46656), frac(1, 46656)));
    // Three with three turrets and three massed: stopped when three or more of six dice hit.
    assert_eq!(torpedo(3, 3, 3, 4, false).strength_left.exactly(0), frac(21, 32));
}

#[test]
fn the_rules_salvo_of_six_can_score_three_and_go_on_as_three() {
    let t = torpedo(6, 0, 0, 5, false);
    // C(6,3) (1/3)^3 (2/3)^3 = 160/729.
    assert_eq!(t.hits.exactly(3), frac(160, 729));
    assert_eq!(t.hits.expected, frac(2, 1));
}

#[test]
fn rerolled_misses_hit_more_often() {
    // 2+ re-rolled: a miss is 1/36.
    let t = torpedo(2, 0, 0, 2, true);
    assert_eq!(t.hits.exactly(0), frac(1, 1296));
    assert!(torpedo(6, 2, 1, 5, true).hits.expected_f64 > torpedo(6, 2, 1, 5, false).hits.expected_f64);
}

#[test]
fn assault_boats_raid_once_each_after_the_turrets() {
    let a = |boats, fighters, turrets, only_on_6| {
        assault_boats(&AssaultWave { boats, fighters, turrets, massed: 0, turrets_hit_only_on_6: only_on_6 })
            .expect("in range")
    };
    // Two boats, one fighter, two turrets: the fighter goes first.
    assert_eq!(all(&a(2, 1, 2, false)), [frac(0, 1), frac(1, 4), frac(3, 4)]);
    // Turrets hit Eldar craft only on a 6.
    assert_eq!(all(&a(1, 0, 1, true)), [frac(1, 6), frac(5, 6)]);
    assert_eq!(a(3, 0, 0, false).exactly(3), frac(1, 1));
}

#[test]
fn fighters_against_a_wave_with_resilient_craft() {
    let i = |interceptors, ir, escorts, er, strike, sr| {
        interception(&Interception {
            interceptors,
            interceptors_resilient: ir,
            escorts,
            escorts_resilient: er,
            strike_craft: strike,
            strike_craft_resilient: sr,
        })
        .expect("in range")
    };
    // One fighter against one Manta: the Manta saves half the time; the fighter is spent.
    let o = i(1, false, 0, false, 1, true);
    assert_eq!(all(&o.strike_craft_left), [frac(1, 2), frac(1, 2)]);
    assert_eq!(all(&o.interceptors_left), [frac(1, 1)]);
    // Two fighters: the second takes on the Manta that saved, and both go.
    let o = i(2, false, 0, false, 1, true);
    assert_eq!(all(&o.strike_craft_left), [frac(1, 1)]);
    assert_eq!(all(&o.interceptors_left), [frac(1, 2), frac(1, 2)]);
    // A resilient Darkstar against an ordinary bomber survives on a 4+.
    let o = i(1, true, 0, false, 1, false);
    assert_eq!(all(&o.interceptors_left), [frac(1, 2), frac(1, 2)]);
    assert_eq!(o.strike_craft_left.exactly(0), frac(1, 1));
    // Escorts are taken on first.
    let o = i(1, false, 2, false, 1, false);
    assert_eq!((o.escorts_left.exactly(1), o.strike_craft_left.exactly(1)), (frac(1, 1), frac(1, 1)));
    // Thunderhawks as escorts: each of two saves on a 4+.
    let o = i(2, false, 2, true, 2, false);
    assert_eq!(all(&o.escorts_left), [frac(1, 4), frac(1, 2), frac(1, 4)]);
    assert_eq!(o.strike_craft_left.exactly(2), frac(1, 1));
}

#[test]
fn every_input_is_bounded_with_the_field_named() {
    let t = |strength, turrets, massed, armour| {
        torpedoes(&TorpedoAttack { strength, turrets, massed, armour, reroll: false })
    };
    assert_eq!(t(1000, 0, 0, 4).unwrap_err().to_string(), "strength must be from 1 to 30 (it is 1000)");
    assert!(matches!(t(0, 0, 0, 4), Err(OddsError::OutOfRange { field: "strength", .. })));
    assert!(matches!(t(6, 9, 0, 4), Err(OddsError::OutOfRange { field: "turrets", .. })));
    assert!(matches!(t(6, 0, 4, 4), Err(OddsError::OutOfRange { field: "massed", .. })));
    assert!(matches!(t(6, 0, 0, 1), Err(OddsError::OutOfRange { field: "armour", .. })));
    assert!(matches!(t(6, 0, 0, 7), Err(OddsError::OutOfRange { field: "armour", .. })));
    let w = BomberWave {
        bombers: 11,
        fighters: 10,
        turrets: 0,
        massed: 0,
        armour: 4,
        turrets_hit_only_on_6: false,
    };
    assert_eq!(bombers(&w).unwrap_err().to_string(), "a wave holds at most 20 squadrons; this one has 21");
    let w = BomberWave { bombers: u32::MAX, ..w };
    assert!(matches!(bombers(&w), Err(OddsError::OutOfRange { field: "bombers", .. })));
    let i = Interception {
        interceptors: 21,
        interceptors_resilient: false,
        escorts: 0,
        escorts_resilient: false,
        strike_craft: 1,
        strike_craft_resilient: false,
    };
    assert!(matches!(interception(&i), Err(OddsError::OutOfRange { field: "interceptors", .. })));
}

#[test]
fn the_largest_cases_are_answered_and_sum_to_one() {
    // 20 squadrons against 8 turrets and 3 massing ships; and 20 bombers against none.
    for w in [wave(10, 10, 8, 3, 4), wave(20, 0, 8, 3, 4), wave(20, 0, 0, 3, 2), wave(19, 1, 0, 0, 6)] {
        for o in [&w.bombers_left, &w.attacks, &w.hits] {
            assert_eq!(o.at_least(0), frac(1, 1));
        }
    }
    let w = wave(20, 0, 0, 0, 2);
    assert_eq!(w.hits.max(), 120);
    assert_eq!(w.attacks.expected, frac(70, 1));
    let t = torpedo(30, 8, 3, 2, true);
    assert_eq!(t.hits.at_least(0), frac(1, 1));
}

#[test]
fn requests_and_answers_read_and_write_as_json() {
    let r: OddsRequest =
        serde_json::from_str(r#"{"kind": "torpedoes", "strength": 2, "turrets": 1, "armour": 5}"#)
            .expect("a request");
    let v = serde_json::to_value(odds(&r).expect("an answer")).expect("json");
    assert_eq!(v["kind"], "torpedoes");
    assert_eq!(v["hits"]["outcomes"][1]["exactly"]["exact"], "7/18");
    assert_eq!(v["hits"]["outcomes"][1]["at_least"]["exact"], "4/9");
    assert_eq!(v["hits"]["expected"]["exact"], "1/2");
    assert_eq!(v["hits"]["expected"]["approx"], 0.5);
    let r: OddsRequest =
        serde_json::from_str(r#"{"kind": "assault_boats", "boats": 1, "turrets": 1}"#).expect("a request");
    let v = serde_json::to_value(odds(&r).expect("an answer")).expect("json");
    assert_eq!(v["raids"]["outcomes"][0]["exactly"]["exact"], "1/2");
    assert!(
        serde_json::from_str::<OddsRequest>(r#"{"kind": "torpedoes", "strength": 2, "armour": 5, "x": 1}"#)
            .is_err()
    );
}

proptest! {
    #[test]
    fn torpedo_odds_sum_to_one_and_fall_with_turrets(s in 1u32..=12, t in 0u32..=4, m in 0u32..=3, a in 2u32..=6, r: bool) {
        let o = torpedo(s, t, m, a, r);
        prop_assert_eq!(o.hits.at_least(0), frac(1, 1));
        prop_assert_eq!(o.strength_left.at_least(0), frac(1, 1));
        // P(at least k) never rises with k.
        for w in o.hits.outcomes.windows(2) {
            prop_assert!(w[0].at_least.to_f64() >= w[1].at_least.to_f64());
        }
        let more_turrets = torpedo(s, t + 1, m, a, r);
        prop_assert!(more_turrets.hits.expected_f64 <= o.hits.expected_f64);
        let stronger = torpedo(s + 1, t, m, a, r);
        prop_assert!(stronger.hits.expected_f64 >= o.hits.expected_f64);
        if a < 6 {
            prop_assert!(torpedo(s, t, m, a + 1, r).hits.expected_f64 <= o.hits.expected_f64);
        }
    }

    #[test]
    fn wave_odds_sum_to_one_and_more_bombers_never_hurt(b in 0u32..=8, f in 0u32..=6, t in 0u32..=5, m in 0u32..=3, a in 2u32..=6) {
        let w = wave(b, f, t, m, a);
        for o in [&w.bombers_left, &w.attacks, &w.hits] {
            prop_assert_eq!(o.at_least(0), frac(1, 1));
        }
        let more = wave(b + 1, f, t, m, a);
        prop_assert!(more.hits.expected_f64 >= w.hits.expected_f64);
        let shielded = wave(b, f, t + 1, m, a);
        prop_assert!(shielded.hits.expected_f64 <= w.hits.expected_f64);
    }

    #[test]
    fn interception_odds_sum_to_one(c in 0u32..=8, ir: bool, e in 0u32..=6, er: bool, s in 0u32..=6, sr: bool) {
        let o = interception(&Interception { interceptors: c, interceptors_resilient: ir, escorts: e, escorts_resilient: er, strike_craft: s, strike_craft_resilient: sr })
            .expect("in range");
        for d in [&o.escorts_left, &o.strike_craft_left, &o.interceptors_left] {
            prop_assert_eq!(d.at_least(0), frac(1, 1));
        }
    }
}
