//! Random input: any detachment judged without a panic, and a generator biased to legal ones.

use super::*;
use proptest::prelude::*;

fn any_choice() -> impl Strategy<Value = Choice> {
    let sections = prop::sample::select(vec!["command", "main", "support", "synapse", "", "Main", "crew"]);
    let mut entries: Vec<&'static str> = vessels().iter().map(|v| v.id).collect();
    entries.extend(["", "hq", "sea raider", "x"]);
    let entries = prop::sample::select(entries);
    let counts = prop_oneof![4 => 0u32..4, 1 => any::<u32>(), 1 => Just(u32::MAX)];
    (sections, entries, counts, any::<bool>()).prop_map(|(section, entry, count, hq)| Choice {
        section: section.to_string(),
        entry: entry.to_string(),
        count,
        hq,
    })
}

fn any_detachment() -> impl Strategy<Value = Detachment> {
    let mut ids: Vec<&'static str> = lists().iter().map(|l| l.id).collect();
    ids.extend(["", "imperial", "tyranid-waterspawn ", "CHAOS-AQUA"]);
    (prop::sample::select(ids), prop::collection::vec(any_choice(), 0..24), 0u32..3, ".{0,12}").prop_map(
        |(list, choices, version, name)| Detachment {
            version,
            name,
            points_limit: None,
            list: list.to_string(),
            choices,
        },
    )
}

proptest! {
    #[test]
    fn random_detachments_never_panic_and_their_figures_add_up(d in any_detachment()) {
        let c = check(&d);

        let sum = c.choices.iter().fold(0u32, |s, f| s.saturating_add(f.points));
        prop_assert_eq!(c.points, sum);
        prop_assert_eq!(c.legal, !c.problems.iter().any(|p| p.severity == Severity::Error));
        prop_assert_eq!(c.choices.len(), d.choices.len());
        prop_assert!(c.chain_of_command.len() <= MAX_CHAIN_LINKS);
        for (i, link) in c.chain_of_command.iter().enumerate() {
            prop_assert_eq!(link.position as usize, i + 1);
            prop_assert!(link.choice < d.choices.len());
        }
        prop_assert!(c.chain_of_command.iter().filter(|l| l.step == "HQ").count() <= 1);
        for p in &c.problems {
            prop_assert!(!p.message.is_empty());
        }
        let text = text_export(&d, &c);
        let total = format!("Total: {} pts", c.points);
        prop_assert!(text.contains(&total));
        // Read back as written, within the bounds every document keeps (the name and the ids
        // as one line); a count past them is refused.
        let json = serde_json::to_string(&d).unwrap_or_default();
        let back: Result<Detachment, _> = serde_json::from_str(&json);
        if d.choices.iter().all(|c| c.count <= u32::from(crate::games::bounds::MAX_COUNT)) {
            let line = crate::games::bounds::one_line;
            let name = line(&d.name);
            let list = line(&d.list);
            let choices = d
                .choices
                .iter()
                .map(|c| Choice { section: line(&c.section), entry: line(&c.entry), ..c.clone() })
                .collect();
            prop_assert_eq!(back.ok(), Some(Detachment { name, list, choices, ..d }));
        } else {
            prop_assert!(back.is_err());
        }
    }

    #[test]
    fn legal_random_detachments_have_a_chain_led_by_their_hq(d in legalish_detachment()) {
        let c = check(&d);
        prop_assume!(c.legal);

        let first = c.chain_of_command.first().map(|l| l.step);
        let has_hq = list(&d.list).is_some_and(|l| l.hq_points.is_some());
        prop_assert_eq!(first, Some(if has_hq { "HQ" } else { "Kelpie" }));
    }
}

/// One choice of `section`: any of its entries, with a count the entry takes.
fn choice_of(section: &'static Section) -> impl Strategy<Value = Choice> {
    prop::sample::select(section.entries.to_vec())
        .prop_flat_map(move |e| (e.min..=e.max).prop_map(move |n| Choice::new(section.id, e.id, n)))
}

/// Detachments built by the lists' own rules, so that most are legal: a list, a Main Force within
/// its limit, Support no larger than it, the Synapse Creatures a Tyranid list needs, and the
/// Detachment HQ on one Main Force vessel where the list has one.
fn legalish_detachment() -> impl Strategy<Value = Detachment> {
    prop::sample::select(lists().to_vec()).prop_flat_map(|l| {
        let sections: &'static [Section] = l.sections;
        let section = |id: &str| sections.iter().find(|s| s.id == id);
        let (main, support, synapse) = (section("main"), section("support"), section("synapse"));
        let main_range = main.map_or(0..=0, |s| s.limit.min().max(1)..=s.limit.max().unwrap_or(6).min(6));
        let synapse_n = synapse.map_or(0, |s| s.limit.min());
        (main_range, 0u32..=6, any::<prop::sample::Index>()).prop_flat_map(
            move |(n_main, n_support, hq_at)| {
                let n_support =
                    n_support.min(n_main).min(support.and_then(|s| s.limit.max()).unwrap_or(n_main));
                let pick = |s: Option<&'static Section>, n: u32| match s {
                    Some(s) if s.holds_vessels() => prop::collection::vec(choice_of(s), n as usize).boxed(),
                    _ => Just(Vec::new()).boxed(),
                };
                (pick(main, n_main), pick(support, n_support), pick(synapse, synapse_n)).prop_map(
                    move |(mut main, support, synapse)| {
                        if l.hq_points.is_some() && !main.is_empty() {
                            let at = hq_at.index(main.len());
                            main[at].hq = true;
                        }
                        let mut d = Detachment::new(l.id);
                        d.choices = main.into_iter().chain(support).chain(synapse).collect();
                        d
                    },
                )
            },
        )
    })
}

#[test]
fn the_legal_biased_generator_mostly_makes_legal_detachments() {
    use proptest::strategy::ValueTree;
    // Arrange
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = legalish_detachment();
    let samples = 500;

    // Act
    let legal = (0..samples)
        .filter(|_| strategy.new_tree(&mut runner).is_ok_and(|t| check(&t.current()).legal))
        .count();

    // Assert: the chain test above assumes legality and would test nothing otherwise.
    println!("legal-biased detachments: {legal} of {samples} legal");
    assert!(legal * 10 >= samples * 7, "only {legal} of {samples} are legal");
}
