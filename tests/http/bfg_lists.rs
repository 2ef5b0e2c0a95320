//! The BFG builder's fleet lists over a real socket: every list offers its own ships (and the
//! faction's others as reserves) and prices them as the list does, the list's rules are shown
//! kept, broken or explained with their numbers, leaders go aboard by the form, and the printed
//! roster is a play sheet (hit boxes with the crippled mark, escorts without, ships named
//! distinctly, marker boxes from the fleet's real limit, bounded lines).

use crate::support::{encode, post_form, spawn, with_extra};
use drydock::games::bfg::{self, Fleet};
use drydock::web::bfg::fleet_form::fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn fleet(v: Value) -> Fleet {
    serde_json::from_value(v).expect("fleet")
}

/// The builder page for `f` with `extra` fields (a button's action and its choice).
async fn design(app: &crate::support::TestApp, f: &Fleet, extra: &[(&str, &str)]) -> String {
    let res = post_form(app, "/bfg/design", encode(&with_extra(fields_of(f), extra))).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.expect("page")
}

/// The (value, text) of each option of the select named `name`.
fn options(page: &str, name: &str) -> Vec<(String, String)> {
    let Some(at) = page.find(&format!("name=\"{name}\"")) else { return Vec::new() };
    let rest = &page[at..];
    let select = &rest[..rest.find("</select>").expect("end of the select")];
    select
        .split("<option value=\"")
        .skip(1)
        .map(|o| {
            let value = &o[..o.find('"').expect("value")];
            let text = &o[o.find('>').expect("text") + 1..o.find("</option>").expect("end")];
            (value.to_owned(), text.replace("&#39;", "'"))
        })
        .collect()
}

/// The text of the element with `id` up to its first tag inside.
fn text(page: &str, id: &str) -> String {
    let Some(at) = page.find(&format!("id=\"{id}\"")) else { return String::new() };
    let rest = &page[at..];
    let rest = &rest[rest.find('>').map_or(rest.len(), |i| i + 1)..];
    rest[..rest.find('<').unwrap_or(rest.len())].trim().to_owned()
}

#[tokio::test]
async fn every_list_offers_its_own_ships_at_its_prices_and_the_factions_others_as_reserves() {
    let app = spawn().await;
    for l in bfg::lists() {
        let f = fleet(json!({"faction": l.faction, "list": l.id}));
        let page = design(&app, &f, &[]).await;
        assert!(page.contains(&format!("<option value=\"{}\" selected>", l.id)), "{}: the list chosen", l.id);
        for (name, escorts) in [("new.ships", false), ("new.squadrons", true)] {
            let offered = options(&page, name);
            let fielded: Vec<String> =
                offered.iter().filter(|(v, _)| !v.starts_with("reserve:")).map(|(v, _)| v.clone()).collect();
            let expected: Vec<String> = bfg::ships()
                .iter()
                .filter(|s| s.is_escort() == escorts && l.fields(s.id))
                .map(|s| s.id.to_owned())
                .collect();
            let mut sorted = fielded.clone();
            sorted.sort();
            let mut want = expected.clone();
            want.sort();
            assert_eq!(sorted, want, "{}: {name} offers the list's ships", l.id);
            for (value, label) in &offered {
                let id = value.trim_start_matches("reserve:");
                let ship = bfg::ship(id).expect("a known class");
                let price = l.price(id).unwrap_or(ship.points);
                assert!(
                    label.contains(&format!("({price} pts")),
                    "{}: {label} priced as the list prices it",
                    l.id
                );
                if value.starts_with("reserve:") {
                    assert!(!l.fields(id), "{}: {id} offered as a reserve is not the list's own", l.id);
                    assert!(label.ends_with("a reserve)"), "{label}");
                }
            }
        }
    }
}

#[tokio::test]
async fn a_ship_added_by_the_form_is_priced_by_the_list_and_a_reserve_is_marked() {
    let app = spawn().await;
    // Armageddon fields no Retribution: it is taken as a reserve, counted against every limit.
    let f = fleet(json!({"faction": "imperial-navy", "list": "in-armageddon"}));
    let page =
        design(&app, &f, &[("new.ships", "reserve:retribution-battleship"), ("action", "add.ships")]).await;
    assert!(page.contains("name=\"ships.0.reserve\""), "the row keeps the reserve");
    assert_eq!(text(&page, "fig-points"), "345");
    let v = check(&app, json!({"faction": "imperial-navy", "list": "in-armageddon", "ships": [{"class": "retribution-battleship", "reserve": true}]})).await;
    assert_eq!(
        messages(&v),
        [
            "Up to 1 reserve battleship per 3 battleships from the list: 1 reserve battleship needs 3 from the list, the fleet has 0 (general/reserves-ratio)",
            // A reserve counts against every limit of the list.
            "Up to 1 battleship per 3 cruisers or battlecruisers: 1 battleship needs 3 cruisers or battlecruisers, the fleet has 0 (in-armageddon/battleships)"
        ]
    );
    // Changing the faction leaves a list of another faction for the new faction's first.
    let f = fleet(json!({"faction": "orks", "list": "in-armageddon"}));
    let page = design(&app, &f, &[]).await;
    let first = bfg::faction("orks").and_then(bfg::Faction::default_list).expect("a list");
    assert!(page.contains(&format!("<option value=\"{}\" selected>", first.id)));
}

async fn check(app: &crate::support::TestApp, body: Value) -> Value {
    let res = app.client.post(app.url("/api/bfg/check")).json(&body).send().await.expect("check");
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.expect("json")
}

fn messages(v: &Value) -> Vec<String> {
    v["problems"].as_array().map_or_else(Vec::new, |p| {
        p.iter().filter_map(|p| p["message"].as_str()).map(str::to_owned).collect()
    })
}

#[tokio::test]
async fn four_emperors_without_cruisers_or_an_admiral_break_two_rules_with_their_numbers() {
    let app = spawn().await;
    let v = check(
        &app,
        json!({"faction": "imperial-navy", "ships": [
            {"class": "emperor-battleship"}, {"class": "emperor-battleship"},
            {"class": "emperor-battleship"}, {"class": "emperor-battleship"}]}),
    )
    .await;
    assert_eq!((v["points"].clone(), v["legal"].clone()), (json!(1460), json!(false)));
    assert_eq!((v["list"].clone(), v["list_name"].clone()), (json!("in-gothic"), json!("Gothic Sector")));
    assert_eq!(
        messages(&v),
        [
            "At least 1 fleet commander in a fleet over 750 pts: the fleet of 1460 pts has 0 (general/commander-over-750)",
            "Up to 1 battleship per 3 cruisers or battlecruisers: 4 battleships need 12 cruisers or battlecruisers, the fleet has 0 (in-gothic/battleships)"
        ]
    );
    assert!(v["problems"].as_array().is_some_and(|p| p.iter().all(|p| p["rule"].is_string())));
    let rule = |id: &str| v["rules"].as_array().and_then(|r| r.iter().find(|r| r["id"] == id)).cloned();
    assert_eq!(rule("in-gothic/battleships").map(|r| r["status"].clone()), Some(json!("broken")));
    assert_eq!(
        rule("in-gothic/battleships").map(|r| r["figures"].clone()),
        Some(json!(["4 battleships; 0 cruisers or battlecruisers allow 0"]))
    );
    assert_eq!(rule("in-gothic/cruisers").map(|r| r["status"].clone()), Some(json!("kept")));

    // In the builder: the rules shown, broken first, and the explained ones say how they hold.
    let f = fleet(
        json!({"faction": "imperial-navy", "ships": [{"class": "emperor-battleship"}, {"class": "emperor-battleship"}, {"class": "emperor-battleship"}, {"class": "emperor-battleship"}]}),
    );
    let page = design(&app, &f, &[]).await;
    let list = page.split("id=\"list-rules\"").nth(1).expect("the rules");
    assert!(list.contains("The Gothic Sector list's rules: 21, 2 broken"), "{}", &list[..300]);
    let broken = list.find("id=\"rule-in-gothic-battleships\"").expect("battleships");
    let kept = list.find("id=\"rule-in-gothic-cruisers\"").expect("cruisers");
    assert!(broken < kept, "broken rules first");
    assert!(list.contains("<strong class=\"rule-status\">In the ship lists</strong> <span class=\"rule-id\">in-gothic/ships</span>"));
    assert!(list.contains("<strong class=\"rule-status\">See general/escort-squadron-size</strong> <span class=\"rule-id\">general/single-escort</span>"));
}

#[tokio::test]
async fn leaders_go_aboard_by_the_form_with_their_rerolls_priced() {
    let app = spawn().await;
    let f = fleet(json!({"faction": "imperial-navy", "ships": [{"class": "lunar-cruiser"}]}));
    let offered = options(&design(&app, &f, &[]).await, "new.ships.0.leaders");
    assert!(offered.iter().any(|(v, _)| v == "admiral"), "{offered:?}");
    let page =
        design(&app, &f, &[("new.ships.0.leaders", "admiral"), ("action", "add.ships.0.leaders")]).await;
    assert!(page.contains("name=\"ships.0.leaders.0.id\""), "the admiral is aboard");
    let admiral = bfg::leader("admiral").expect("admiral");
    assert_eq!(text(&page, "fig-points"), (180 + admiral.points).to_string());
    // One extra re-roll, at the ladder's first price.
    let mut f = f.clone();
    f.ships[0].leaders.push(bfg::Aboard { id: "admiral".into(), rerolls: 1 });
    let page = design(&app, &f, &[]).await;
    assert_eq!(text(&page, "fig-points"), (180 + admiral.points + admiral.ladder[0]).to_string());
    // A leader the list does not offer, too many re-rolls, a leader on a ship it may not ride.
    let v = check(
        &app,
        json!({"faction": "imperial-navy", "ships": [
            {"class": "lunar-cruiser", "leaders": [{"id": "ork-warlord"}]},
            {"class": "lunar-cruiser", "leaders": [{"id": "admiral", "rerolls": 5}]},
            {"class": "dictator-cruiser", "leaders": [{"id": "warlord"}]}]}),
    )
    .await;
    assert_eq!(
        messages(&v),
        [
            "The Gothic Sector list does not offer the Ork Warlord (Cyclops Cluster / Waaagh!): it offers Fleet-Admiral, Admiral or Solar Admiral",
            "The Admiral buys at most 3 extra re-rolls; 5 are asked",
            // "warlord" holds a letter no leader's id has: offered in the list's order, unsearched.
            "There is no leader \"warlord\": use fleet-admiral, admiral or solar-admiral"
        ]
    );
}

/// The printed roster of `f` (unsaved, from the form).
async fn roster(app: &crate::support::TestApp, f: &Fleet) -> String {
    let res = post_form(app, "/bfg/roster", encode(&fields_of(f))).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.expect("roster")
}

/// The hit boxes of the block named `name`: (boxes, the box carrying the crippled mark).
fn hit_boxes(page: &str, name: &str) -> (usize, Option<usize>) {
    let block = page.split(&format!("aria-label=\"{name}\"")).nth(1).expect("the block");
    let hits = block.split("class=\"boxes hits\"").nth(1).expect("hit boxes");
    let hits = &hits[..hits.find("</p>").expect("end")];
    let boxes: Vec<&str> =
        hits.split("<span class=\"box").skip(1).filter(|b| !b.starts_with("-label")).collect();
    (boxes.len(), boxes.iter().position(|b| b.starts_with(" half")).map(|i| i + 1))
}

#[tokio::test]
async fn the_roster_is_a_play_sheet_with_hit_boxes_distinct_names_and_the_real_marker_limit() {
    let app = spawn().await;
    let f = fleet(json!({"name": "Sheet", "faction": "imperial-navy", "ships": [
        {"class": "lunar-cruiser", "group": "A"}, {"class": "lunar-cruiser", "group": "A"},
        {"class": "dictator-cruiser", "name": "Lord Daros"}, {"class": "retribution-battleship"}],
        "squadrons": [{"class": "sword-frigate", "count": 3}]}));
    let page = roster(&app, &f).await;
    assert_eq!(hit_boxes(&page, "Lunar cruiser 1"), (8, Some(4)));
    assert_eq!(hit_boxes(&page, "Lunar cruiser 2"), (8, Some(4)));
    assert_eq!(hit_boxes(&page, "Lord Daros (Dictator cruiser)"), (8, Some(4)));
    assert_eq!(hit_boxes(&page, "Retribution battleship"), (12, Some(6)));
    assert!(page.contains("<span class=\"mark\">squadron &#34;A&#34;</span>"));
    // The Dictator's weapons: strength, crippled strength, range and arcs.
    assert!(page.contains("<th scope=\"row\">Prow torpedoes <span class=\"sum\">range = salvo speed</span></th><td class=\"num\">6</td><td class=\"num\">3</td>"));
    // Escorts: one line a ship, no crippled mark.
    let escorts = page.split("class=\"sheet-squadron\"").nth(1).expect("escorts");
    assert!(!escorts.contains(" half"));
    for k in 1..=3 {
        assert!(escorts.contains(&format!("<th scope=\"row\">Sword frigate {k} (squadron 1)</th>")));
    }
    // Marker boxes: the Dictator's 4 bays, not ten.
    let markers = page.split("class=\"sheet-markers\"").nth(1).expect("markers");
    let boxes = markers[..markers.find("</section>").expect("end")].matches("<span class=\"box\"").count();
    assert_eq!(boxes, 4);

    // A big fleet: marker boxes and escort lines stop at their bounds, with a tally line.
    let big = fleet(
        json!({"faction": "imperial-navy", "list": "in-gothic", "ships": vec![json!({"class": "emperor-battleship"}); 8],
        "squadrons": [{"class": "sword-frigate", "count": 30}]}),
    );
    let page = roster(&app, &big).await;
    let markers = page.split("class=\"sheet-markers\"").nth(1).expect("markers");
    let markers = &markers[..markers.find("</section>").expect("end")];
    assert_eq!(markers.matches("<span class=\"box\"").count(), 60);
    assert!(markers.contains(" and 4 more: ____ (tally)"));
    assert!(page.contains("<th scope=\"row\">Sword frigate 24 (squadron 1)</th>"));
    assert!(!page.contains("Sword frigate 25 (squadron 1)"));
    assert!(page.contains("<th scope=\"row\">6 more</th>"));
}

#[tokio::test]
async fn a_ship_of_another_faction_adds_nothing_and_says_so_on_the_sheet() {
    let app = spawn().await;
    let f = fleet(
        json!({"faction": "imperial-navy", "ships": [{"class": "lunar-cruiser"}, {"class": "kill-kroozer"}]}),
    );
    let v = check(&app, serde_json::to_value(&f).expect("json")).await;
    assert_eq!(v["points"], 180);
    assert_eq!(
        messages(&v),
        [
            "The Kill Kroozer belongs to Orks fleets, and this Imperial Navy fleet's list does not field it: it is not counted in the fleet's points, ordnance or rules"
        ]
    );
    let page = roster(&app, &f).await;
    assert!(page.contains("<span class=\"mark\">not counted: not of this fleet</span>"));
}

#[tokio::test]
async fn the_catalog_gives_lists_rules_and_leaders() {
    let app = spawn().await;
    let c: Value = app
        .client
        .get(app.url("/api/bfg/catalog"))
        .send()
        .await
        .expect("catalog")
        .json()
        .await
        .expect("json");
    assert_eq!(c["lists"].as_array().map(Vec::len), Some(bfg::lists().len()));
    assert_eq!(c["rules"].as_array().map(Vec::len), Some(bfg::rules().len()));
    assert_eq!(c["leaders"].as_array().map(Vec::len), Some(bfg::leaders().len()));
    let battleships =
        c["rules"].as_array().and_then(|r| r.iter().find(|r| r["id"] == "in-gothic/battleships"));
    assert_eq!(battleships.map(|r| r["readings"][0]["check"]["check"].clone()), Some(json!("ratio")));
    // Every UNVERIFIED mark of the data stays visible.
    let unverified = bfg::rules().iter().filter(|r| r.unverified).count();
    assert!(unverified > 0);
    assert_eq!(
        c["rules"].as_array().map(|r| r.iter().filter(|r| r["unverified"] == true).count()),
        Some(unverified)
    );
}
