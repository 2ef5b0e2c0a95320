//! The whole battle on the tracker, over a real socket: hits (crippled at half, destroyed at
//! zero), shields, undo, a squadron's launch in one order, a split salvo's shape named, odds
//! against another fleet's ship, watchers by server-sent events (and without JavaScript, a page
//! that refreshes itself), and battles and fleets stored by the first version read again.

use super::{battle_page, done, log, patrol, refused, save, save_api, stored, text};
use crate::support::{spawn, stranger};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test]
async fn hits_cripple_at_half_destroy_at_zero_and_only_undo_brings_a_ship_back() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    // Lord Daros, a Dictator cruiser: 8 hits, crippled at 4, its 4 bays and salvo of 6 halved.
    done(&app, &id, &[("action", "hits"), ("ship", "1"), ("hits", "3")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-1-condition"), "Intact");
    assert!(page.contains("aria-label=\"5 of 8 hits left\""), "the hit track counts down");
    done(&app, &id, &[("action", "hits"), ("ship", "1"), ("hits", "1")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-1-condition"), "Crippled");
    assert!(page.contains("4 of 8 hits left"));
    assert!(page.contains("4 bays, up to 2 squadrons at once now"), "crippled, its bays are halved");
    assert!(page.contains("torpedoes, salvo 3 now"), "and its salvo");
    assert_eq!(
        log(&page)[0],
        "Turn 1: Lord Daros (Dictator cruiser) takes 1 hit: crippled, 4 of 8 hits left; the fleet may now have 10 attack craft in play"
    );
    // The fleet's limit follows: 8 + 2 bays.
    assert_eq!(text(&page, "fleet-limit"), "10");

    // More hits than it has left: destroyed, and no further.
    done(&app, &id, &[("action", "hits"), ("ship", "1"), ("hits", "9")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-1-condition"), "Destroyed");
    assert_eq!(text(&page, "fleet-limit"), "8");
    let why = refused(&app, &id, &[("action", "hits"), ("ship", "1"), ("hits", "1")]).await;
    assert_eq!(
        why,
        "Lord Daros (Dictator cruiser) is destroyed: only undoing the order that destroyed it brings it back"
    );
    // A destroyed ship is not marked back to life: only undoing the order that destroyed it.
    let why =
        refused(&app, &id, &[("action", "set_condition"), ("ship", "1"), ("condition", "intact")]).await;
    assert_eq!(
        why,
        "Lord Daros (Dictator cruiser) is destroyed: only undoing the order that destroyed it brings it back"
    );
    done(&app, &id, &[("action", "undo")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-1-condition"), "Crippled");
    assert_eq!(
        log(&page)[0],
        "Turn 1: Undone: Lord Daros (Dictator cruiser) takes 9 hits: destroyed; now 0 of 10 attack craft in play"
    );
    done(&app, &id, &[("action", "undo")]).await;
    done(&app, &id, &[("action", "undo")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-1-condition"), "Intact");
    assert!(page.contains("8 of 8 hits left"));
    let why = refused(&app, &id, &[("action", "undo")]).await;
    assert_eq!(why, "There is no order to undo");
}

#[tokio::test]
async fn shields_and_escorts_and_a_squadron_launch_in_one_order() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    done(&app, &id, &[("action", "shields"), ("ship", "0"), ("down", "3")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-0-shields"), "3 of 4 down");
    let why = refused(&app, &id, &[("action", "shields"), ("ship", "0"), ("down", "5")]).await;
    assert_eq!(why, "Emperor battleship has 4 shields; 5 cannot be down");

    // The Cobras launch their torpedoes with one order: 2 each, one salvo of 4 per ship.
    let page = battle_page(&app, &id).await;
    assert!(page.contains("id=\"b-launch_squadron-squadrons-0-torpedoes\""), "one button for the squadron");
    done(&app, &id, &[("action", "launch_squadron"), ("squadron", "squadrons.0"), ("ordnance", "torpedoes")])
        .await;
    let page = battle_page(&app, &id).await;
    assert_eq!(
        log(&page)[0],
        "Turn 1: Squadron 1 (2 Cobra destroyers) launched torpedoes from 2 ships: salvoes of 2, 2 (a combined salvo of 4 if launched together)"
    );
    assert_eq!(text(&page, "ship-3-torpedoes"), "launched: Reload Ordnance to launch again");
    assert_eq!(text(&page, "ship-4-torpedoes"), "launched: Reload Ordnance to launch again");
    let why = refused(
        &app,
        &id,
        &[("action", "launch_squadron"), ("squadron", "squadrons.0"), ("ordnance", "torpedoes")],
    )
    .await;
    assert_eq!(
        why,
        "No ship of squadron 1 (2 Cobra destroyers) can launch torpedoes now: Cobra destroyer 1 (squadron 1) has launched its torpedoes and must Reload Ordnance before launching again"
    );

    // An escort has one hit: no crippled mark on its track.
    done(&app, &id, &[("action", "hits"), ("ship", "3"), ("hits", "1")]).await;
    let page = battle_page(&app, &id).await;
    assert_eq!(text(&page, "ship-3-condition"), "Destroyed");
    let track = page.split("id=\"ship-4-hits\"").nth(1).expect("track");
    assert!(!track[..track.find("</p>").expect("end")].contains("half"), "no crippled mark on an escort");
    // Shields come back up as the player sets them (blast markers come and go at the table).
    done(&app, &id, &[("action", "next_turn")]).await;
    assert_eq!(text(&battle_page(&app, &id).await, "ship-0-shields"), "3 of 4 down");
    done(&app, &id, &[("action", "shields"), ("ship", "0"), ("down", "0")]).await;
    assert_eq!(text(&battle_page(&app, &id).await, "ship-0-shields"), "4 up");
}

#[tokio::test]
async fn a_salvo_split_in_three_is_refused_naming_split() {
    let app = spawn().await;
    let (id, token) = save_api(&app.client, &app.url(""), &patrol()).await;
    let api = app.url(&format!("/api/bfg/{id}/battle"));
    for (split, parts) in [(json!([3, 3, 3]), "3 parts"), (json!([9]), "1 part"), (json!([]), "0 parts")] {
        let res = app
            .client
            .post(&api)
            .header("x-edit-token", &token)
            .json(&json!({"action": "launch_torpedoes", "ship": 2, "split": split}))
            .send()
            .await
            .expect("order");
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let v: Value = res.json().await.expect("json");
        assert_eq!(
            v["error"],
            format!(
                "The order does not fit the document format: split: a salvo splits into two salvoes, [a, b], not {parts}"
            )
        );
    }
    let res = app
        .client
        .post(&api)
        .header("x-edit-token", &token)
        .json(&json!({"action": "launch_torpedoes", "ship": 2, "split": [4, 5]}))
        .send()
        .await
        .expect("order");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(
        v["event"]["text"],
        "Retribution battleship launched torpedoes: two salvoes of 4 and 5 (in different directions)"
    );
    // Undo through the API, with the order it took back.
    let res = app
        .client
        .post(&api)
        .header("x-edit-token", &token)
        .json(&json!({"action": "undo"}))
        .send()
        .await
        .expect("order");
    let v: Value = res.json().await.expect("json");
    assert_eq!(
        v["event"]["text"],
        "Undone: Retribution battleship launched torpedoes: two salvoes of 4 and 5 (in different directions)"
    );
    assert_eq!(v["status"]["ships"][2]["torpedoes_loaded"], true);
    assert_eq!(v["undo"], Value::Null);
}

#[tokio::test]
async fn odds_against_a_ship_of_another_fleet_come_inline_and_prefill_the_calculator() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    let other = save(&app, &patrol()).await;
    // Before a launch there is nothing to work out.
    let (status, page) = app.get(&format!("/bfg/{id}/battle/odds?ship=2")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("This ship has launched nothing yet"));

    done(&app, &id, &[("action", "launch_torpedoes"), ("ship", "2")]).await;
    let page = battle_page(&app, &id).await;
    assert!(
        page.contains(&format!("href=\"/bfg/{id}/battle/odds?ship=2\"")),
        "odds against, from the launch"
    );
    // The other fleet by its link; its Emperor (5 turrets, armour 5+) hit on the sides.
    let res = app
        .client
        .get(app.url(&format!(
            "/bfg/{id}/battle/odds?ship=2&against=https%3A%2F%2Fexample.org%2Fbfg%2F{other}%2Fbattle&target=0&facing=sides"
        )))
        .header("hx-request", "true")
        .send()
        .await
        .expect("odds");
    assert_eq!(res.status(), StatusCode::OK);
    let inline = res.text().await.expect("body");
    assert!(
        inline.starts_with("\n<section class=\"odds-inline\"") || inline.trim_start().starts_with("<section")
    );
    assert!(!inline.contains("<html"), "inline, not a page");
    assert!(
        inline.contains("<option value=\"0\" selected>Emperor battleship: 5 turrets, armour 5+</option>")
    );
    assert!(inline.contains(
        "<option value=\"3\">Cobra destroyer 1 (squadron 1) and its squadron: 1 turret, armour 4+</option>"
    ));
    assert!(inline.contains(
        "href=\"/bfg/odds?kind=torpedoes&#38;strength=9&#38;turrets=5&#38;massed=0&#38;armour=5\""
    ));
    // Turrets and armour typed in: a salvo of 9 against 2 turrets and armour 5+ scores 8/3 hits.
    let (_, page) = app.get(&format!("/bfg/{id}/battle/odds?ship=2&turrets=2&armour=5")).await;
    assert!(page.contains("<html"), "without JavaScript, a page of its own");
    assert!(page.contains("Hits on the target: 2.67 expected; at least one: 95.94%."));
    assert!(page.contains("8/3"));
    // A link that is not a fleet's is named.
    let (_, page) = app.get(&format!("/bfg/{id}/battle/odds?ship=2&against=hello")).await;
    assert!(page.contains("That is not a link to a saved fleet: paste its page&#39;s address"));
}

#[tokio::test]
async fn watchers_hear_each_order_as_an_event_and_without_javascript_the_page_refreshes() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    let watcher = stranger();
    let page = watcher.get(app.url(&format!("/bfg/{id}/battle"))).send().await.expect("page");
    let page = page.text().await.expect("page");
    assert!(page.contains("<noscript><meta http-equiv=\"refresh\" content=\"10\"></noscript>"));
    assert!(page.contains(&format!("data-events=\"/bfg/{id}/battle/events\"")));
    assert!(!page.contains("id=\"form-hits-0\""), "a watcher gives no orders");
    // The owner, giving orders, is not refreshed under their hands.
    assert!(!battle_page(&app, &id).await.contains("http-equiv=\"refresh\""));

    let mut res = watcher.get(app.url(&format!("/bfg/{id}/battle/events"))).send().await.expect("events");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    let mut heard = String::new();
    // First, where the battle stands (not begun: revision 0).
    while !heard.contains("\n\n") {
        let chunk = tokio::time::timeout(Duration::from_secs(5), res.chunk()).await.expect("in time");
        heard.push_str(&String::from_utf8_lossy(&chunk.expect("chunk").expect("more")));
    }
    assert_eq!(heard, "event: change\nretry: 2000\ndata: 0\n\n");
    done(&app, &id, &[("action", "hits"), ("ship", "0"), ("hits", "2")]).await;
    let mut heard = String::new();
    while !heard.contains("\n\n") {
        let chunk = tokio::time::timeout(Duration::from_secs(5), res.chunk()).await.expect("in time");
        heard.push_str(&String::from_utf8_lossy(&chunk.expect("chunk").expect("more")));
    }
    let revision = stored(&app, &id).await.expect("stored").1;
    assert_eq!(heard, format!("event: change\ndata: {revision}\n\n"));
    // No stream for a fleet that is not there.
    let res = watcher.get(app.url("/bfg/aaaaaaaaaaaaaaaa/battle/events")).send().await.expect("events");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_fleet_and_a_battle_stored_by_version_1_are_read_again() {
    let app = spawn().await;
    // A version 1 fleet as it was stored: no list, two unnamed Lunars, the Dictator's name.
    let document = r#"{"version": 1, "name": "Old Patrol", "faction": "imperial-navy", "points_limit": 1500,
        "ships": [{"class": "lunar-cruiser"}, {"class": "lunar-cruiser"}, {"class": "dictator-cruiser", "name": "Lord Daros"}],
        "squadrons": [{"class": "sword-frigate", "count": 2}]}"#;
    let content = drydock::store::builds::Content {
        kind: "bfg",
        name: "Old Patrol".into(),
        document: document.into(),
        engine_version: 1,
        legal: true,
        summary: String::new(),
        facets: drydock::store::builds::Facets::default(),
    };
    let (build, token) =
        drydock::store::builds::create(&app.db, &content, None, drydock::store::builds::Listing::Listed)
            .await
            .expect("save");
    let id = build.id;
    // The owner's client keeps the edit token in its cookie.
    let res = app.client.get(app.url(&format!("/bfg/{id}/edit?token={token}"))).send().await.expect("edit");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // Read as version 2: the faction's first list, Gothic Sector.
    let (_, page) = app.get(&format!("/bfg/{id}")).await;
    assert!(page.contains("Gothic Sector), 650 / 1500 pts"), "{page}");
    for path in [format!("/bfg/{id}"), format!("/bfg/{id}/roster")] {
        let (status, page) = app.get(&path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(page.contains("Lunar cruiser 2"), "{path}: ships named distinctly");
    }

    // A version 1 battle: conditions only, labels as version 1 gave them.
    let ships: Vec<Value> = [
        ("ships.0", 0, "lunar-cruiser", "Lunar cruiser", "crippled"),
        ("ships.1", 0, "lunar-cruiser", "Lunar cruiser", "intact"),
        ("ships.2", 0, "dictator-cruiser", "Lord Daros (Dictator cruiser)", "intact"),
        ("squadrons.0", 0, "sword-frigate", "Sword frigate 1 (squadron 1)", "destroyed"),
        ("squadrons.0", 1, "sword-frigate", "Sword frigate 2 (squadron 1)", "intact"),
    ]
    .iter()
    .map(|(part, member, class, label, condition)| {
        json!({"part": part, "member": member, "class": class, "label": label, "condition": condition,
               "braced": false, "torpedoes_loaded": true, "bays_loaded": true})
    })
    .collect();
    let v1 = json!({"version": 1, "turn": 3, "ships": ships, "markers": {},
                    "log": [{"turn": 2, "text": "Lunar cruiser launched torpedoes: a salvo of 6"}]});
    assert_eq!(
        drydock::store::battles::save(&app.db, &id, &v1.to_string(), None).await.expect("save"),
        drydock::store::battles::Written::Done
    );
    let page = battle_page(&app, &id).await;
    assert!(!page.contains("Not done"), "the old battle is read");
    assert_eq!(text(&page, "ship-0-name"), "Lunar cruiser 1");
    assert_eq!(text(&page, "ship-0-condition"), "Crippled");
    assert!(page.contains("aria-label=\"4 of 8 hits left\""));
    assert_eq!(text(&page, "ship-3-condition"), "Destroyed");
    assert_eq!(text(&page, "turn"), "Turn 3");
    // Orders go on from there; undo reaches no further back than the migration.
    done(&app, &id, &[("action", "hits"), ("ship", "1"), ("hits", "2")]).await;
    done(&app, &id, &[("action", "undo")]).await;
    let why = refused(&app, &id, &[("action", "undo")]).await;
    assert_eq!(
        why,
        "There is no order to undo (the tracker keeps the last 30 orders; older ones stay as they are)"
    );
    let v: Value = app
        .client
        .get(app.url(&format!("/api/bfg/{id}/battle")))
        .send()
        .await
        .expect("get")
        .json()
        .await
        .expect("json");
    assert_eq!(v["battle"]["version"], 2);
    assert_eq!(v["battle"]["ships"][0]["damage"], 4);
}
