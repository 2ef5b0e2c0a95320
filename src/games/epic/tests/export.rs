//! The text export as a forum post.

use super::*;

#[test]
fn the_text_export_reads_as_a_forum_post() {
    let d = Detachment {
        name: "Harbour Watch".to_string(),
        ..detachment(
            "imperial-marines",
            vec![main_force("sea-raider", 1).with_hq(), main_force("alligator-apc", 2), support("nautilus")],
        )
    };
    let c = check(&d);

    let text = text_export(&d, &c);

    assert_eq!(
        text,
        "\
Harbour Watch - Imperial Marine Detachment, 130 pts

Main Force: 2 choices (allowed: 1 to 10)
  1 x Sea Raider (HQ +25 pts): 50 pts
  2 x Alligator APC: 30 pts

Support: 1 choice (allowed: up to 2, the number of Main Force choices)
  1 x Nautilus: 50 pts

Total: 130 pts

Chain of command:
  1. Sea Raider (HQ)
  2. Nautilus
  3. Alligator APC 1 [Other]
  4. Alligator APC 2 [Other]

Legal.

How Drydock reads the list here:
  - The Alligator APC entry gives 15 pts without saying \"each\". Like every other entry we price it per vessel, so two Alligators cost 30 pts.
  - Every entry is priced per vessel: a choice of two vessels costs twice the listed price.
  - The Detachment HQ (+25 pts) is an upgrade for one vessel of your choice, from any section. Exactly one vessel must carry it, and that vessel heads the chain of command.
  - Support may have no more choices than Main Force. The list does not say whether choices or vessels are counted; we count choices, so a choice of two vessels is still one choice.
  - Vessels that fall under \"Other\" in the chain of command take over in the order you list them. The supplement leaves this order open; following your list is our decision.

Checked by Drydock (Epic 40,000: On the Waterways, engine v2)
"
    );
}

#[test]
fn the_text_export_of_an_illegal_detachment_lists_every_problem() {
    let d =
        detachment("tyranid-waterspawn", vec![synapse(1).with_hq(), Choice::new("support", "scourge", 1)]);
    let c = check(&d);

    let text = text_export(&d, &c);

    assert!(text.starts_with("Tyranid Waterspawn, 40 pts\n"), "{text}");
    assert!(text.contains("  1 x Kelpie (HQ): 40 pts\n"), "{text}");
    assert!(text.contains("Unrecognised choices\n  1 x Scourge: 0 pts\n"), "{text}");
    assert!(text.contains("NOT LEGAL (3 problems):\n"), "{text}");
    for p in &c.problems {
        assert!(text.contains(&format!("  - {}\n", p.message)), "{text}");
    }
}

#[test]
fn the_text_export_of_an_unknown_list_still_shows_the_choices() {
    let d = detachment("atlantis", vec![main_force("sea-raider", 2)]);
    let c = check(&d);

    let text = text_export(&d, &c);

    assert!(text.starts_with("Unknown list \"atlantis\", 0 pts\n"), "{text}");
    assert!(text.contains("  2 x Sea Raider: 0 pts\n"), "{text}");
    assert!(text.contains("NOT LEGAL (1 problem):"), "{text}");
}
