//! The chain of command of every list, and where command goes when a link is missing.

use super::*;

#[test]
fn the_imperial_chain_runs_hq_nautilus_salamander_sea_raider_then_the_rest_in_list_order() {
    let d = detachment(
        "imperial-marines",
        vec![
            main_force("sea-raider", 1),
            main_force("alligator-apc", 2),
            main_force("salamander-carrier", 1),
            main_force("sea-raider", 1).with_hq(),
            support("nautilus"),
            support("nautilus"),
        ],
    );

    let c = check(&d);

    assert!(c.problems.iter().all(|p| p.severity == Severity::Warning));
    assert_eq!(
        chain(&c),
        [
            ("Sea Raider 2 (HQ)", "HQ"),
            ("Nautilus 1", "Nautilus"),
            ("Nautilus 2", "Nautilus"),
            ("Salamander Carrier", "Salamander Carrier"),
            ("Sea Raider 1", "Sea Raider"),
            ("Alligator APC 1", "Other"),
            ("Alligator APC 2", "Other"),
        ]
    );
    let positions: Vec<u32> = c.chain_of_command.iter().map(|l| l.position).collect();
    assert_eq!(positions, [1, 2, 3, 4, 5, 6, 7]);
    let choice_of: Vec<usize> = c.chain_of_command.iter().map(|l| l.choice).collect();
    assert_eq!(choice_of, [3, 4, 5, 2, 0, 1, 1]);
}

#[test]
fn the_eldar_chain_runs_hq_neryd_sahuagin_gunboat_then_the_rest() {
    let d = detachment(
        "eldar-aquatics",
        vec![
            main_force("sahuagin-transport", 2),
            main_force("neryd-carrier", 1).with_hq(),
            main_force("sahuagin-transport", 1),
            support("hovercraft"),
            support("aqua-gunboat"),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Neryd Carrier (HQ)", "HQ"),
            ("Sahuagin Transport 1", "Sahuagin Transport"),
            ("Sahuagin Transport 2", "Sahuagin Transport"),
            ("Sahuagin Transport 3", "Sahuagin Transport"),
            ("Aqua Gunboat", "Aqua Gunboat"),
            ("Hovercraft", "Other"),
        ]
    );
}

#[test]
fn the_ork_chain_runs_hq_mangler_powerbarj_destroyer_then_the_rest() {
    let d = detachment(
        "ork-wetboyz",
        vec![
            main_force("powerbarj", 2),
            main_force("mangler", 1),
            main_force("mangler", 1).with_hq(),
            support("battilboat"),
            support("destroyer"),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Mangler 2 (HQ)", "HQ"),
            ("Mangler 1", "Mangler"),
            ("Powerbarj 1", "Powerbarj"),
            ("Powerbarj 2", "Powerbarj"),
            ("Destroyer", "Destroyer"),
            ("Battilboat", "Other"),
        ]
    );
}

#[test]
fn the_tyranid_chain_starts_at_the_kelpies_then_scourge_spitter_and_the_rest() {
    let d = detachment(
        "tyranid-waterspawn",
        vec![
            main_force("elemental", 1),
            main_force("spitter", 1),
            synapse(2),
            main_force("scourge", 1),
            synapse(1),
            synapse(1),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Kelpie 1", "Kelpie"),
            ("Kelpie 2", "Kelpie"),
            ("Kelpie 3", "Kelpie"),
            ("Kelpie 4", "Kelpie"),
            ("Scourge", "Scourge"),
            ("Spitter", "Spitter"),
            ("Elemental", "Other"),
        ]
    );
}

#[test]
fn the_chaos_chain_runs_hq_hellslammer_spawn_runner_rocket_barge() {
    let d = detachment(
        "chaos-aqua",
        vec![
            main_force("spawn-runner", 2),
            main_force("hellslammer", 1),
            support("daemonwreck").with_hq(),
            support("rocket-barge"),
        ],
    );

    let c = check(&d);

    assert!(c.legal);
    assert_eq!(
        chain(&c),
        [
            ("Daemonwreck (HQ)", "HQ"),
            ("Hellslammer", "Hellslammer"),
            ("Spawn Runner 1", "Spawn Runner"),
            ("Spawn Runner 2", "Spawn Runner"),
            ("Rocket Barge", "Rocket Barge"),
        ]
    );
}

#[test]
fn the_chain_explanation_says_where_command_goes_when_a_link_is_missing() {
    let imperial = list("imperial-marines").map(chain_explanation).unwrap_or_default();
    let orks = list("ork-wetboyz").map(chain_explanation).unwrap_or_default();
    let tyranids = list("tyranid-waterspawn").map(chain_explanation).unwrap_or_default();

    assert_eq!(imperial.len(), 5);
    assert_eq!(
        imperial[0],
        "The vessel carrying the Detachment HQ (+25 pts) heads the chain. If there is no HQ vessel, command passes straight to the next link: Nautilus."
    );
    assert!(imperial[1].starts_with(
        "If there is no Nautilus, command passes straight to the next link: Salamander Carrier."
    ));
    assert!(imperial[3].starts_with(
        "If there is no Sea Raider, command passes straight to the next link: any other vessel (Other)."
    ));
    assert!(imperial[4].starts_with("Other: any other vessel of the detachment picks up command"));
    assert!(imperial[4].contains("our decision"));
    assert!(orks[3].contains("Destryoer"));
    assert!(tyranids[0].starts_with("This list has no Detachment HQ, so the chain starts with the Kelpie."));
}
