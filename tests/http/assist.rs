//! The boat design assistant through the real form: the fill's preview and its Apply, the
//! fastest propulsion and its Apply, and the one-click fixes, each a button posted with the form
//! like any other (`action`), answered with the editor drawn again, and the document it leaves
//! what the engine's assistant says.

use crate::support::{TestApp, spawn, with_extra};
use drydock::games::boats::Design;
use drydock::games::boats::Money;
use drydock::games::boats::assist::fastest::{self, Goal, Search};
use drydock::games::boats::assist::fill::{self, Pattern};
use drydock::games::boats::examples;
use drydock::games::boats::tables::Mount;
use drydock::web::boats::design_form::fields_of;
use reqwest::StatusCode;

/// The document the form leaves after its button: what "Download JSON" of the posted form
/// gives, the button done.
async fn after_press(app: &TestApp, d: &Design, extra: &[(&str, &str)]) -> Design {
    let (status, body) = app.post_fields("/boats/export.json", &with_extra(fields_of(d), extra)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    serde_json::from_str(&body).expect("a design")
}

/// The editor drawn again after the button, as without JavaScript.
async fn editor(app: &TestApp, d: &Design, extra: &[(&str, &str)]) -> String {
    let (status, page) = app.post_fields("/boats/design", &with_extra(fields_of(d), extra)).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page
}

fn bare_piranha() -> Design {
    let mut d = examples::piranha();
    d.armor.points = Default::default();
    d
}

#[tokio::test]
async fn the_fill_is_previewed_then_applied_as_the_engine_fills() {
    let app = spawn().await;
    let d = bare_piranha();
    let want = fill::fill(&d, Pattern::FrontHeavy, Some(Money::whole(9_000))).expect("a fill");
    let settings = [("assist_open", "1"), ("assist_pattern", "front-heavy"), ("assist_budget", "$9,000")];
    // Shown before it is applied: the points by location, the weight and cost it adds.
    let page = editor(&app, &d, &settings).await;
    let preview = format!("{} points: ", want.points);
    assert!(page.contains(&preview), "{preview} in the preview");
    assert!(page.contains(&format!("Adds {} lb and {}", want.weight, want.cost)));
    assert!(page.contains(r#"name="action" value="assist.fill""#));
    // Nothing changed yet.
    assert_eq!(after_press(&app, &d, &settings).await, d);
    let mut press = settings.to_vec();
    press.push(("action", "assist.fill"));
    let got = after_press(&app, &d, &press).await;
    assert_eq!(got, want.design);
    assert!(drydock::games::boats::check(&got).figures.cost <= Money::whole(9_000));
    // Pressed without JavaScript: the editor comes back with the box open and the Apply button
    // to land on.
    let page = editor(&app, &d, &press).await;
    assert!(page.contains(r#"id="assist-box" data-keep="assist_open" open"#));
    assert!(page.contains(r#"name="action" value="assist.fill" autofocus"#));
}

#[tokio::test]
async fn a_fill_that_cannot_add_a_point_changes_nothing_and_says_why() {
    let app = spawn().await;
    // The published Piranha is full: not one more pound.
    let d = examples::piranha();
    let press = [("action", "assist.fill"), ("assist_pattern", "like-minnow")];
    assert_eq!(after_press(&app, &d, &press).await, d);
    let page = editor(&app, &d, &press).await;
    assert!(page.contains("Not one more point fits"), "the reason");
    // An unreadable budget is named, and nothing is lost.
    let press = [("action", "assist.fill"), ("assist_budget", "lots")];
    assert_eq!(after_press(&app, &bare_piranha(), &press).await, bare_piranha());
    assert!(editor(&app, &bare_piranha(), &press).await.contains("Budget: &#34;lots&#34; is not a sum"));
}

#[tokio::test]
async fn the_fastest_propulsion_is_shown_and_applied_as_the_search_finds_it() {
    let app = spawn().await;
    let d = examples::minnow();
    for (goal, speed, search) in [
        (
            "fastest",
            "",
            Search { goal: Goal::Fastest, budget: Some(Money::whole(20_000)), keep_weapons: true },
        ),
        (
            "cheapest",
            "40",
            Search {
                goal: Goal::Cheapest(drydock::games::boats::Speed::mph(40)),
                budget: Some(Money::whole(20_000)),
                keep_weapons: true,
            },
        ),
    ] {
        let want = fastest::search(&d, &search).expect("found");
        let settings = [
            ("assist_open", "1"),
            ("assist_goal", goal),
            ("assist_speed", speed),
            ("assist_budget", "20000"),
        ];
        let page = editor(&app, &d, &settings).await;
        assert!(page.contains(&format!("{} choices", fastest::MAX_CANDIDATES)), "{goal}");
        assert!(page.contains(&format!("<strong>{}</strong>", want.choice.words())), "{goal}");
        let mut press = settings.to_vec();
        press.push(("action", "assist.fastest"));
        let got = after_press(&app, &d, &press).await;
        let expected = if want.design == d { d.clone() } else { want.design.clone() };
        assert_eq!(got, expected, "{goal}");
    }
    // Leaving the weapons out: the answer has none.
    let press = [("action", "assist.fastest"), ("assist_keep", "off")];
    let got = after_press(&app, &d, &press).await;
    assert!(got.weapons.is_empty() && got.turrets.is_empty());
}

#[tokio::test]
async fn a_problem_with_one_obvious_fix_offers_it_and_the_fix_removes_it() {
    let app = spawn().await;
    let mut d = examples::piranha();
    d.crew.clear();
    d.weapons[0].mount = Some(Mount::FL);
    let page = editor(&app, &d, &[]).await;
    assert!(page.contains(r#"id="fix-list""#));
    for action in ["fix.pilot", "fix.mount.0.F", "fix.mount.0.B", "fix.mount.0.L", "fix.mount.0.R"] {
        assert!(page.contains(&format!(r#"name="action" value="{action}""#)), "{action} offered");
    }
    assert!(!page.contains("fix.mount.0.FR"), "a Dinghy has no front-right mount");
    // Each fix also stands beside its problem in the part's own slot: the weapon's facings at the
    // weapon, the pilot at the crew (or the boat as a whole).
    let slot = |page: &str, id: &str| -> String {
        let from = page.find(&format!(r#"<div id="{id}" class="problems""#)).unwrap_or(page.len());
        page[from..].split("</div>").next().unwrap_or("").to_owned()
    };
    let weapon = slot(&page, "problems-weapons-0");
    // (Posted as "here." and the fix, so the answer can tell where it was pressed.)
    for action in ["fix.mount.0.F", "fix.mount.0.B"] {
        assert!(
            weapon.contains(&format!(r#"value="here.{action}""#)),
            "{action} beside its weapon: {weapon}"
        );
    }
    assert!(!weapon.contains("fix.pilot"), "{weapon}");
    assert_eq!(page.matches(r#"value="fix.pilot""#).count(), 1, "in the fixes list");
    assert_eq!(page.matches(r#"value="here.fix.pilot""#).count(), 1, "beside the problem");
    assert_eq!(after_press(&app, &d, &[("action", "here.fix.pilot")]).await.crew.len(), 1, "the same fix");
    let fixed = after_press(&app, &d, &[("action", "fix.pilot")]).await;
    assert_eq!(fixed.crew.len(), 1);
    let fixed = after_press(&app, &fixed, &[("action", "fix.mount.0.B")]).await;
    assert_eq!(fixed.weapons[0].mount, Some(Mount::B));
    assert!(drydock::games::boats::check(&fixed).legal());
    // The legal boat offers no fix, and a stale fix changes nothing and says so.
    let page = editor(&app, &fixed, &[("action", "fix.pilot")]).await;
    assert!(!page.contains(r#"name="action" value="fix."#));
    assert!(page.contains(r#"id="fix-list" tabindex="-1" autofocus>Fixed."#), "lands where the fixes were");
    // Pressed beside its problem, it lands there: the list's place is not marked.
    let page = editor(&app, &fixed, &[("action", "here.fix.pilot")]).await;
    assert!(page.contains(r#"id="fix-list" tabindex="-1">Fixed."#), "the list still says so");
    assert!(!page.contains(" autofocus"), "nothing marked: the button pressed stays where it was");
    assert!(page.contains("That fix no longer fits the boat"));
    assert_eq!(after_press(&app, &fixed, &[("action", "fix.pilot")]).await, fixed);
}

#[tokio::test]
async fn a_live_update_redraws_the_answers_only_while_the_box_is_open() {
    let app = spawn().await;
    let d = bare_piranha();
    let (status, closed) = app.post_fields("/boats/live", &fields_of(&d)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!closed.contains("assist-results"));
    let (_, open) = app.post_fields("/boats/live", &with_extra(fields_of(&d), &[("assist_open", "1")])).await;
    assert!(
        open.contains(r#"id="assist-results" class="assist-results" aria-live="polite" hx-swap-oob="true""#)
    );
    // The share page has no assistant.
    let id = crate::support::save_boat(&app, &d).await;
    let share = app.page(&format!("/boats/{id}")).await;
    assert!(!share.contains("assist") && !share.contains("fix-list"));
}
