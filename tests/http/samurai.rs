//! The Samurai Battles naval builder over a real socket with a real SQLite file: the check API
//! and its bad input, the editor worked by form posts alone (place, select, paint, grapple), the
//! share page, a saved scenario's map with a hex chosen, and the scenario sheet.

use crate::support::{
    TestApp, api_save, assert_no_inline_code, id_and_token, spawn, stored_count, with_extra,
};
use drydock::games::samurai::{self, Scenario};
use drydock::web::http::codec::encode as fields_of;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn dan_no_ura() -> Scenario {
    serde_json::from_str(samurai::GAME.example).expect("the example scenario")
}

fn form(s: &Scenario, extra: &[(&str, &str)]) -> Vec<(String, String)> {
    with_extra(fields_of(s), extra)
}

async fn check(app: &TestApp, body: String) -> (StatusCode, Value) {
    let res = app
        .client
        .post(app.url("/api/samurai/check"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("request");
    let status = res.status();
    let text = res.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// The hexes the map highlights with `class` ("hl-move"), by name.
fn highlighted(page: &str, class: &str) -> Vec<String> {
    page.split("<g class=\"hex ")
        .skip(1)
        .filter(|g| g[..g.find("</g>\n").unwrap_or(g.len())].contains(&format!("class=\"hl {class}\"")))
        .filter_map(|g| g.split("id=\"hex-").nth(1).and_then(|r| r.split('"').next()).map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn the_check_api_gives_each_units_moves_dice_and_notes() {
    let app = spawn().await;
    let (status, v) = check(&app, samurai::GAME.example.to_owned()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["legal"], true);
    assert_eq!(v["problems"], json!([]));
    // Unit 2, the naginata at E7 with its leader, is grappled with E6: it stays put.
    let naginata = &v["units"][1];
    assert_eq!((naginata["id"].clone(), naginata["naval"].clone()), (json!(1), json!(true)));
    assert_eq!(naginata["moves"], json!([]));
    assert_eq!(naginata["dice"], json!({"close": 3, "ranged": 0, "inspired": 4}));
    assert_eq!(naginata["leader_moves"], json!(["F7"]));
    // Unit 3, the spearmen at F7: one hex any way, two with the east wind.
    let spearmen = &v["units"][2];
    let mut moves: Vec<String> = spearmen["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|h| h.as_str().unwrap_or("").to_owned())
        .collect();
    moves.sort();
    assert_eq!(moves, ["E8", "F6", "F8", "G5", "G6", "G7", "G8", "G9", "H7"]);
    assert_eq!(spearmen["dice"]["close"], 2, "3 dice, one less at sea");
    assert!(spearmen["notes"].as_array().expect("notes").iter().any(|n| n["rule"] == "wind-and-tide"));
    assert!(v["text"].as_str().expect("text").starts_with("Dan-no-ura\n"));
}

#[tokio::test]
async fn bad_scenarios_get_a_4xx_or_a_problem_never_a_5xx() {
    let app = spawn().await;
    // Wind direction 7, or a name we do not know: refused, naming the field.
    for wind in ["7", "\"north\""] {
        let (status, v) = check(&app, format!(r#"{{"wind": {wind}}}"#)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{wind}");
        assert!(v.to_string().contains("wind"), "{v}");
    }
    // A hex that is no hex: refused, naming it.
    let (status, v) = check(&app, r#"{"units": [{"hex": "banana"}]}"#.into()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v.to_string().contains("a hex such as"), "{v}");
    // A hex off the board and two units on a hex: problems at their fields.
    let (status, v) =
        check(&app, r#"{"units": [{"hex": "Z20"}, {"hex": "C3"}, {"hex": "C3", "side": "b"}]}"#.into()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["legal"], false);
    let codes: Vec<(&str, &str)> = v["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| (p["code"].as_str().unwrap_or(""), p["part"].as_str().unwrap_or("")))
        .collect();
    assert!(codes.contains(&("HEX_OFF_BOARD", "units.0.hex")), "{codes:?}");
    assert!(codes.contains(&("HEX_TAKEN", "units.2.hex")), "{codes:?}");
    // 10,000 units: refused whole, saying the limit.
    let units = vec!["{}"; 10_000].join(",");
    let (status, v) = check(&app, format!(r#"{{"units": [{units}]}}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v.to_string().contains("at most 200"), "{v}");
    // A board too big, an unknown field, not JSON.
    for (body, want) in [
        (r#"{"board": {"width": 40}}"#, StatusCode::UNPROCESSABLE_ENTITY),
        (r#"{"units": [{"hexx": "A1"}]}"#, StatusCode::UNPROCESSABLE_ENTITY),
        ("{not json", StatusCode::BAD_REQUEST),
    ] {
        assert_eq!(check(&app, body.into()).await.0, want, "{body}");
    }
}

#[tokio::test]
async fn the_editor_works_by_form_posts_alone() {
    let app = spawn().await;
    let (status, page) = app.get("/samurai/new").await;
    assert_eq!(status, StatusCode::OK);
    assert_no_inline_code(&page);
    assert!(page.contains("value=\"hex.E5\""), "every hex is a button");

    // Place a unit on E5, then select it: its hexes are highlighted and its options written.
    let s = Scenario::default();
    let placed = form(
        &s,
        &[("tool", "unit"), ("new_type", "ashigaru-spearmen"), ("new_side", "a"), ("action", "hex.E5")],
    );
    let (status, page) = app.post_fields("/samurai/design", &placed).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"f-units-0-hex\" name=\"units.0.hex\" value=\"E5\""), "the unit is placed");
    assert!(page.contains("Unit 1: Ashigaru Spearmen of Side A at E5"), "and chosen");
    let mut moves = highlighted(&page, "hl-move");
    moves.sort();
    assert_eq!(moves, ["D4", "D5", "D6", "E4", "E6", "F3", "F4", "F5", "F6", "F7", "G5"]);
    assert!(
        page.contains("id=\"opt-moves\">One hex: F5, E4, D4, D5, D6, E6. Two hexes: G5, F4, F6, F3, F7."),
        "in words too"
    );

    // The wind turned west: the two-hex moves go the other way.
    let mut s: Scenario = serde_json::from_value(
        json!({"wind": "w", "units": [{"hex": "E5", "type": "ashigaru-spearmen", "close": 3}]}),
    )
    .expect("scenario");
    let (_, page) = app.post_fields("/samurai/design", &form(&s, &[("action", "select.0")])).await;
    let mut moves = highlighted(&page, "hl-move");
    moves.sort();
    assert_eq!(moves, ["C4", "C5", "C6", "D3", "D4", "D5", "D6", "D7", "E4", "E6", "F5"]);

    // Paint D5 as land: it becomes a landing (D), no longer a sea move.
    let (_, page) = app
        .post_fields(
            "/samurai/design",
            &form(&s, &[("tool", "land"), ("action", "hex.D5"), ("selected", "0")]),
        )
        .await;
    assert!(page.contains("name=\"terrain.4\" value=\"~~~L\""), "D5 is land in the terrain rows");
    assert_eq!(highlighted(&page, "hl-landing"), ["D5"]);
    assert!(page.contains("id=\"opt-landings\">Disembark onto D5."));

    // An enemy beside it can be grappled with a button; then neither moves.
    s.units.push(
        serde_json::from_value(json!({"side": "b", "hex": "F5", "type": "sohei-warriors", "close": 3}))
            .expect("unit"),
    );
    let (_, page) = app
        .post_fields("/samurai/design", &form(&s, &[("action", "grapple.E5.F5"), ("selected", "0")]))
        .await;
    assert!(page.contains("name=\"grapples.0.a\" value=\"E5\""), "the grapple is marked");
    assert!(highlighted(&page, "hl-move").is_empty(), "a grappled boat does not move");
    assert!(page.contains("value=\"ungrapple.E5.F5\""), "and may be cut loose");
}

#[tokio::test]
async fn a_saved_scenario_shares_its_map_and_each_units_options() {
    let app = spawn().await;
    let before = stored_count(&app).await;
    let res =
        app.client.post(app.url("/samurai")).form(&form(&dan_no_ura(), &[])).send().await.expect("save");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(stored_count(&app).await, before + 1);
    let to = res.headers()["location"].to_str().expect("location").to_owned();
    let id = to.trim_start_matches("/samurai/").trim_end_matches("?saved=1").to_owned();

    let (status, page) = app.get(&to).await;
    assert_eq!(status, StatusCode::OK);
    assert_no_inline_code(&page);
    assert!(page.contains("<h1>Dan-no-ura</h1>"));
    assert!(
        page.contains(&format!("href=\"/samurai/{id}/map?hex=F7#sea-view\"")),
        "each hex links to its options"
    );
    assert!(page.contains("B8 Ashigaru Bow (on the shore)"), "the forum text");

    let (status, page) = app.get(&format!("/samurai/{id}/map?hex=F7")).await;
    assert_eq!(status, StatusCode::OK);
    assert_no_inline_code(&page);
    assert!(page.contains("Unit 3: Ashigaru Spearmen of Minamoto at F7"));
    assert_eq!(highlighted(&page, "hl-grapple"), ["E6"], "the enemy boat it may grapple");
    let (_, page) = app.get(&format!("/samurai/{id}/map?hex=A9")).await;
    assert!(page.contains("Lone leader 1: Mounted leader of Minamoto at A9"), "a lone leader is chosen too");
    let (status, page) = app.get(&format!("/samurai/{id}/map?hex=%3Cb%3E")).await;
    assert_eq!(status, StatusCode::OK, "a hex that is no hex chooses nothing");
    assert!(!page.contains("<b>"));
    assert_eq!(app.get("/samurai/nosuchthing1/map?hex=A1").await.0, StatusCode::NOT_FOUND);

    let (status, sheet) = app.get(&format!("/samurai/{id}/sheet")).await;
    assert_eq!(status, StatusCode::OK);
    assert_no_inline_code(&sheet);
    assert!(sheet.contains("The naval rules in brief") && sheet.contains("Leaders move deck to deck"));
    assert!(sheet.contains("Minamoto (bottom edge)") && sheet.contains("Taira (top edge)"));
    assert!(!sheet.contains("<button type=\"submit\" class=\"hexbtn\""), "nothing to click on paper");
}

#[tokio::test]
async fn a_form_with_unreadable_fields_keeps_the_rest_and_says_what_it_read() {
    let app = spawn().await;
    let fields: Vec<(String, String)> = [
        ("name", "Kept"),
        ("units.0.hex", "banana"),
        ("units.0.close", "lots"),
        ("units.1.hex", "Q9"),
        ("wind", "7"),
        ("board.width", "99"),
        ("action", "hex.Q99"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    let (status, page) = app.post_fields("/samurai/design", &fields).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("value=\"Kept\""), "the name is kept");
    for said in [
        "Unit 1 hex: &#34;banana&#34; is not a hex such as",
        "Unit 1 close: &#34;lots&#34; is not a whole number",
        "wind: &#34;7&#34; is not one of the six hex directions",
        "Board width: &#34;99&#34; is not a whole number from 5 to 26",
        "Unit 2 (Unit, Side A) is on Q9, off the 13 by 9 board",
    ] {
        assert!(page.contains(said), "{said}");
    }
}

#[tokio::test]
async fn a_form_with_more_than_a_scenario_holds_is_refused_whole() {
    let app = spawn().await;
    let mut fields: Vec<(String, String)> = Vec::new();
    for k in 0..201 {
        fields.push((format!("units.{k}.hex"), "A1".into()));
    }
    let (status, page) = app.post_fields("/samurai/design", &fields).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("at most 200"), "{page}");
}

#[tokio::test]
async fn the_wind_is_a_list_and_a_scenario_saved_with_one_direction_still_reads() {
    let app = spawn().await;
    // An old document, one direction: read, judged, and written back as a list.
    let res = app
        .client
        .post(app.url("/api/samurai"))
        .json(&json!({"name": "Old tide", "wind": "w", "units": [{"hex": "E5", "type": "ashigaru-spearmen", "close": 3}]}))
        .send()
        .await
        .expect("save");
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = res.json::<Value>().await.expect("json")["id"].as_str().expect("an id").to_owned();
    let doc: Value = app
        .client
        .get(app.url(&format!("/samurai/{id}/export.json")))
        .send()
        .await
        .expect("get")
        .json()
        .await
        .expect("json");
    assert_eq!(doc["wind"], json!(["w"]));
    let (_, page) = app.get(&format!("/samurai/{id}")).await;
    assert!(page.contains("Wind and tide toward the west"));
    // Two directions at once, through the check API and through the form's boxes.
    let (status, v) = check(
        &app,
        json!({"wind": ["e", "w", "e"], "units": [{"hex": "E5", "type": "ashigaru-spearmen", "close": 3}]})
            .to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["units"][0]["moves"].as_array().map(Vec::len), Some(18), "{v}");
    let mut s = dan_no_ura();
    s.units.truncate(1);
    let mut fields: Vec<(String, String)> =
        form(&s, &[("action", "select.0")]).into_iter().filter(|(k, _)| !k.starts_with("wind")).collect();
    fields.extend([
        ("wind".into(), String::new()),
        ("wind.1".into(), "ne".into()),
        ("wind.3".into(), "w".into()),
    ]);
    let (status, page) = app.post_fields("/samurai/design", &fields).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("id=\"f-wind-ne\" name=\"wind.1\" value=\"ne\" checked")
            && page.contains("id=\"f-wind-w\" name=\"wind.3\" value=\"w\" checked")
    );
    assert!(!page.contains("id=\"f-wind-e\" name=\"wind.0\" value=\"e\" checked"));
    assert!(page.contains("Wind and tide toward the north-east and west"));
    // None ticked: none, not the default east, and the check says so.
    let mut fields: Vec<(String, String)> =
        fields.into_iter().filter(|(k, _)| !k.starts_with("wind.")).collect();
    fields.push(("action".into(), "recalculate".into()));
    let (_, page) = app.post_fields("/samurai/design", &fields).await;
    assert!(page.contains("data-code=\"WIND_NOT_SET\""));
    // A direction the form does not offer is reported beside the boxes, nothing lost.
    let mut bad = fields.clone();
    bad.push(("wind.2".into(), "up".into()));
    let (status, page) = app.post_fields("/samurai/design", &bad).await;
    assert_eq!(status, StatusCode::OK);
    let said = page
        .split("data-code=\"BAD_NUMBER\"")
        .nth(1)
        .unwrap_or("")
        .split("</p>")
        .next()
        .unwrap_or("")
        .to_owned();
    assert!(
        page.contains("&#34;up&#34; is not one of the six hex directions"),
        "the form says which: {said}"
    );
}

#[tokio::test]
async fn the_units_a_card_orders_are_checked_through_the_api() {
    let app = spawn().await;
    let boats: Vec<Value> = ["E5", "F5", "G5", "H5", "J5"]
        .iter()
        .map(|h| json!({"hex": h, "type": "ashigaru-spearmen", "close": 3, "ordered": true}))
        .collect();
    let (_, v) = check(&app, json!({"card": "infantry-onslaught", "units": boats}).to_string()).await;
    let codes: Vec<&str> =
        v["problems"].as_array().expect("problems").iter().filter_map(|p| p["code"].as_str()).collect();
    assert_eq!(codes, ["CARD_ORDERS_TOO_MANY", "ONSLAUGHT_NOT_ADJACENT"], "{v}");
    assert_eq!(v["legal"], false);
}

/// The problems in `html`'s slot for unit `k`: each problem's class, and the "more" line.
fn beside_unit(html: &str, k: usize) -> (usize, Option<String>) {
    let start = html.find(&format!("id=\"problems-units-{k}\"")).expect("the unit's slot");
    let slot = &html[start..start + html[start..].find("</div>").expect("its end")];
    let shown = slot.matches("<p class=\"problem error\"").count()
        + slot.matches("<p class=\"problem warning\"").count();
    let more = slot.find("problem more").map(|at| slot[at..].split('<').next().unwrap_or("").to_owned());
    (shown, more)
}

/// A scenario of many troubled units (45, past the 40 rows drawn whole; all on one hex, each with
/// dice past the game's): its list names the first 50 problems and counts the rest, a brief row
/// shows its first problem and counts the rest, and the chosen unit's row shows all of them.
#[tokio::test]
async fn many_problems_are_listed_fifty_and_a_brief_row_shows_its_first() {
    let app = spawn().await;
    let units: Vec<Value> = (0..45)
        .map(|k| json!({"side": if k % 2 == 0 { "a" } else { "b" }, "hex": "C5", "type": "ashigaru-spearmen", "close": 20}))
        .collect();
    let doc = json!({"name": "Crowded", "board": {"width": 13, "rows": 9}, "wind": ["e"], "units": units});
    let s: Scenario = serde_json::from_value(doc.clone()).expect("a scenario");
    // Each unit but the first is on a taken hex and has too many dice: 89 problems at least.
    let (id, _) = crate::support::id_and_token(&crate::support::api_save(&app, "/samurai", &doc).await);
    for (what, page) in [
        ("share page", app.page(&format!("/samurai/{id}")).await),
        ("editor", app.post_fields("/samurai/design", &form(&s, &[])).await.1),
    ] {
        let list = &page[page.find("id=\"problem-list\"").expect("the list")..];
        let list = &list[..list.find("</ul>").expect("its end")];
        assert_eq!(list.matches("<li ").count(), drydock::games::MAX_LISTED, "{what}");
        assert!(page.contains("more problems, not listed here"), "{what}: the rest are not counted");
    }
    let (_, editor) = app.post_fields("/samurai/design", &form(&s, &[])).await;
    let (shown, more) = beside_unit(&editor, 7);
    assert_eq!(shown, 1, "a brief row shows its first problem");
    assert_eq!(more.as_deref(), Some("problem more\">… and 1 more; “Edit its figures” shows them all."));
    // The chosen unit's row, drawn whole, shows all of its problems.
    let (_, chosen) = app.post_fields("/samurai/editor", &form(&s, &[("action", "select.7")])).await;
    let (shown, more) = beside_unit(&chosen, 7);
    assert_eq!((shown, more), (2, None), "the chosen row shows every problem");
    // And a live update draws the slots as the page does.
    let (_, live) = app.post_fields("/samurai/live", &form(&s, &[])).await;
    assert_eq!(beside_unit(&live, 7).0, 1);
}

/// The key of the map in `html` (its `data-map-key`), if it has one.
fn map_key(html: &str) -> Option<String> {
    let rest = html.split("id=\"sea-map\"").nth(1)?.split('>').next()?.split("data-map-key=\"").nth(1)?;
    rest.split('"').next().map(str::to_owned)
}

async fn live(app: &TestApp, fields: &[(String, String)]) -> String {
    let res = app
        .client
        .post(app.url("/samurai/live"))
        .header("hx-request", "true")
        .form(fields)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.expect("body")
}

#[tokio::test]
async fn a_live_update_leaves_the_map_out_when_the_page_already_shows_it() {
    let app = spawn().await;
    let (_, page) = app.get("/samurai/new?from=example").await;
    let key = map_key(&page).expect("the editor carries its map's key");
    assert_eq!(key.len(), 16);

    // Without a key (a page drawn before keys), the map as it always was, and no key.
    let s = dan_no_ura();
    let drawn = live(&app, &form(&s, &[])).await;
    assert!(drawn.contains("<div id=\"sea-map\" class=\"sea\" hx-swap-oob=\"true\">"));
    assert_eq!(map_key(&drawn), None);

    // The page's own key: the figures, the problems and the options, and no map.
    let renamed = Scenario { name: "Yashima".into(), ..dan_no_ura() };
    let kept = live(&app, &form(&renamed, &[("map_key", &key)])).await;
    assert!(!kept.contains("sea-map") && !kept.contains("map-svg"), "the map is left out");
    assert!(kept.contains("id=\"figures\"") && kept.contains("id=\"options\""));
    assert!(kept.len() * 4 < drawn.len(), "{} bytes, the map drawn {}", kept.len(), drawn.len());

    // A stale key, or a unit moved: the map drawn, with the key that now stands for it.
    let stale = live(&app, &form(&s, &[("map_key", "0000000000000000")])).await;
    assert!(stale.contains("id=\"sea-map\""));
    assert_eq!(map_key(&stale).as_deref(), Some(key.as_str()));
    let mut moved = dan_no_ura();
    moved.units[0].hex = samurai::Hex::parse("C7").expect("a hex");
    let moved = live(&app, &form(&moved, &[("map_key", &key)])).await;
    let piece = moved.split("id=\"hex-C7\"").nth(1).and_then(|g| g.split("id=\"hex-").next()).unwrap_or("");
    assert!(piece.contains("class=\"piece side-a"), "the piece is drawn on C7");
    let new_key = map_key(&moved).expect("a new key");
    assert_ne!(new_key, key);

    // The key is the map's, not the request's: the page drawn for the moved unit carries it.
    let mut at_c7 = dan_no_ura();
    at_c7.units[0].hex = samurai::Hex::parse("C7").expect("a hex");
    let (_, page) = app.post_fields("/samurai/design", &form(&at_c7, &[])).await;
    assert_eq!(map_key(&page), Some(new_key));
}

// ----- The threat map -----

/// Every hex the map highlights, of any kind, sorted.
fn all_highlighted(page: &str) -> Vec<String> {
    let mut all: Vec<String> =
        ["hl-move", "hl-landing", "hl-grapple"].iter().flat_map(|c| highlighted(page, c)).collect();
    all.sort();
    all
}

/// The hexes side `side` of `s` threatens, by the engine, sorted.
fn threatened(s: &Scenario, side: samurai::Side) -> Vec<String> {
    let mut all: Vec<String> =
        samurai::threat(&samurai::check(s), side).hexes.iter().map(|t| t.hex.to_string()).collect();
    all.sort();
    all
}

#[tokio::test]
async fn a_saved_maps_threat_query_shows_a_sides_reach_and_a_bad_one_is_refused_clearly() {
    let app = spawn().await;
    let saved = api_save(&app, "/samurai", &serde_json::to_value(dan_no_ura()).expect("json")).await;
    let (id, _) = id_and_token(&saved);
    let (_, share) = app.get(&format!("/samurai/{id}")).await;
    assert!(
        share.contains(&format!("href=\"/samurai/{id}/map?threat=a#sea-view\"")),
        "the share page links it"
    );
    assert!(share.contains("Minamoto&#39;s reach</a>") && share.contains("Taira&#39;s reach</a>"));
    assert!(!share.contains("threat-words"), "off by default");

    let (status, page) = app.get(&format!("/samurai/{id}/map?threat=a")).await;
    assert_eq!(status, StatusCode::OK);
    assert_no_inline_code(&page);
    assert_eq!(all_highlighted(&page), threatened(&dan_no_ura(), samurai::Side::A));
    // The spearmen's boat (unit 3, F7) sails two hexes with the east wind to H7, where the
    // Command Ship (unit 4, H8) sails one, and may grapple E6; the bowmen on the shore (unit 1,
    // B8) may embark onto B7.
    assert!(highlighted(&page, "hl-move").contains(&"H7".to_owned()));
    assert_eq!(highlighted(&page, "hl-grapple"), ["E6"]);
    assert!(highlighted(&page, "hl-landing").contains(&"B7".to_owned()));
    assert!(page.contains(
        "<li><strong>H7</strong> (ocean): unit 3 (F7) sails 2 hexes; unit 4 (H8) sails 1 hex</li>"
    ));
    assert!(page.contains("<li><strong>E6</strong> (ocean): unit 3 (F7) may grapple</li>"));
    let mark = page.split("id=\"hex-E6\"").nth(1).and_then(|g| g.split("id=\"hex-").next()).unwrap_or("");
    assert!(mark.contains(">G×1</text>"), "E6 is lettered G: {mark}");
    assert!(page.contains("<li><strong>B7</strong> (ocean): unit 1 (B8) embarks</li>"));
    assert!(page.contains("<title>H7, ocean, within reach of 2 units of Minamoto: 2 by sea</title>"));
    let mark = page.split("id=\"hex-H7\"").nth(1).and_then(|g| g.split("</g>").next()).unwrap_or("");
    assert!(mark.contains(">×2</text>"), "H7 is marked with its two units: {mark}");
    assert!(page.contains("id=\"threat-words\"") && page.contains("Threat map: "));
    assert!(page.contains("aria-current=\"true\">Minamoto"), "the side shown is marked");
    // Each hex's link keeps the threat map; so does the zoom link.
    assert!(page.contains(&format!("href=\"/samurai/{id}/map?hex=F7&#38;threat=a#sea-view\"")));
    assert!(page.contains(&format!("/samurai/{id}/map?zoom=1&#38;threat=a#sea-view")));
    // Side B, asked in capitals: Taira's reach, not Minamoto's.
    let (status, page) = app.get(&format!("/samurai/{id}/map?threat=B&hex=G3&zoom=1")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(all_highlighted(&page), threatened(&dan_no_ura(), samurai::Side::B));
    assert!(page.contains("Unit 6: Samurai No-dachi of Taira at G3"), "the chosen unit's panel stays");
    assert!(page.contains(&format!("href=\"/samurai/{id}/map?hex=G3&#38;zoom=1&#38;threat=b#sea-view\"")));

    // Off, or empty: the map as it always was.
    let (_, plain) = app.get(&format!("/samurai/{id}/map?hex=F7")).await;
    for off in ["off", "", "0"] {
        let (status, page) = app.get(&format!("/samurai/{id}/map?hex=F7&threat={off}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(all_highlighted(&page), all_highlighted(&plain), "threat={off}");
        assert!(!page.contains("threat-words"));
    }
    // A side that is no side: a 400 page saying so in words, the map drawn without a threat.
    for bad in ["c", "%3Cscript%3E", "ab", "%FF"] {
        let (status, page) = app.get(&format!("/samurai/{id}/map?threat={bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "threat={bad}");
        assert!(page.contains("id=\"threat-notice\"") && page.contains("choose side a or side b"), "{bad}");
        assert!(page.contains("id=\"map-svg\"") && !page.contains("threat-words"), "{bad}");
        assert!(!page.contains("<script>"), "{bad}");
    }
    assert_eq!(app.get("/samurai/nosuchthing1/map?threat=a").await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_editor_shows_a_threat_map_by_form_post_and_its_live_update_redraws_the_map() {
    let app = spawn().await;
    let s = dan_no_ura();
    let (_, plain) = app.post_fields("/samurai/design", &form(&s, &[])).await;
    assert!(plain.contains("name=\"threat\""), "the editor offers the choice");
    assert!(plain.contains("<option value=\"\" selected>"), "off by default");
    let plain_key = map_key(&plain).expect("a key");

    // Without JavaScript: the form posted with a side chosen draws its threat map.
    let (status, page) = app.post_fields("/samurai/design", &form(&s, &[("threat", "a")])).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<option value=\"a\" selected>"));
    assert_eq!(all_highlighted(&page), threatened(&s, samurai::Side::A));
    assert!(page.contains("id=\"threat-words\""));
    let key = map_key(&page).expect("a key");
    assert_ne!(key, plain_key, "the key covers the threat map");
    // A hex's words say how many of the side's units reach it.
    assert!(page.contains("aria-label=\"G5, ocean, within reach of 1 unit of Minamoto: 1 by sea\""));

    // With htmx: choosing the side posts a live update from the page showing the plain map; the
    // map is drawn again, with the threat map and its new key.
    let drawn = live(&app, &form(&s, &[("map_key", &plain_key), ("threat", "a")])).await;
    assert!(drawn.contains("id=\"sea-map\"") && drawn.contains("id=\"threat-words\""));
    assert_eq!(map_key(&drawn).as_deref(), Some(key.as_str()));
    // And the page showing it, asked again, keeps its map.
    let kept = live(&app, &form(&s, &[("map_key", &key), ("threat", "a")])).await;
    assert!(!kept.contains("sea-map"));
    // A value the choice never offers reads as off: the plain map's key, the plain map kept.
    let odd = live(&app, &form(&s, &[("map_key", &plain_key), ("threat", "<b>zz")])).await;
    assert!(!odd.contains("sea-map") && !odd.contains("<b>zz"));
    let (status, _) = app.post_fields("/samurai/design", &form(&s, &[("threat", "%%%")])).await;
    assert_eq!(status, StatusCode::OK);
}

/// The largest threat maps a scenario within the limits draws: 200 boats of side A (the most
/// units a scenario holds) on every other hex of the largest board, the wind every way and Move
/// as Wind (two hexes any way), so that nearly every free hex is within reach of many; and
/// the output test's 200 units of worst-named own types. Each page drawn with side A's threat
/// map, the editor and its live update too, stays under 1 MiB; `THREAT_SHOW=1` prints the sizes
/// (the README's Limits row).
#[tokio::test]
async fn the_largest_threat_maps_stay_under_a_mebibyte() {
    let app = crate::support::spawn_unlimited().await;
    let name = "<&\"'>".repeat(20);
    let mut boats = Vec::new();
    for row in 1..=20u8 {
        for col in (0..26u8).step_by(2) {
            let hex = format!("{}{row}", char::from(b'A' + col + (row % 2) % 2));
            if boats.len() < 200 {
                boats.push(json!({"side": "a", "hex": hex, "type": "samurai-naginata", "close": 6}));
            }
        }
    }
    let dense = json!({
        "name": name, "side_a": name, "side_b": name, "board": {"width": 26, "rows": 20},
        "wind": ["e", "ne", "nw", "w", "sw", "se"], "card": "move-as-wind", "units": boats,
    });
    // Full rows of boats two free rows apart: each reaches 14 hexes, more than on every other
    // hex.
    let mut lines = Vec::new();
    for row in (1..=20u8).step_by(3).chain([18]) {
        for col in 0..26u8 - (1 - row % 2) {
            if lines.len() < 200 {
                let hex = format!("{}{row}", char::from(b'A' + col));
                lines.push(json!({"side": "a", "hex": hex, "type": "samurai-naginata", "close": 6}));
            }
        }
    }
    let rows = json!({
        "name": name, "side_a": name, "side_b": name, "board": {"width": 26, "rows": 20},
        "wind": ["e", "ne", "nw", "w", "sw", "se"], "card": "move-as-wind", "units": lines,
    });
    // Past 40 units the map names sides by letter: 40 boats, named sides, spread wide.
    let few: Vec<Value> = (0..40u8)
        .map(|k| json!({"side": "a", "hex": format!("{}{}", char::from(b'A' + (k % 8) * 3), k / 8 * 4 + 2), "type": "samurai-naginata", "close": 6}))
        .collect();
    let named = json!({
        "name": name, "side_a": name, "side_b": name, "board": {"width": 26, "rows": 20},
        "wind": ["e", "ne", "nw", "w", "sw", "se"], "card": "move-as-wind", "units": few,
    });
    let own_types = crate::support::samurai_own_types(&name);
    let show = std::env::var("THREAT_SHOW").is_ok();
    for (what, doc) in [
        ("200 boats", dense),
        ("200 boats in rows", rows),
        ("40 boats, named sides", named),
        ("200 own types", own_types),
    ] {
        let s: Scenario = serde_json::from_value(doc.clone()).expect("a scenario");
        let reach: usize =
            samurai::threat(&samurai::check(&s), samurai::Side::A).hexes.iter().map(|t| t.units.len()).sum();
        let saved = api_save(&app, "/samurai", &doc).await;
        let (id, _) = id_and_token(&saved);
        let fields = form(&s, &[("threat", "a")]);
        let mut sizes = Vec::new();
        let (status, map) = app.get(&format!("/samurai/{id}/map?threat=a")).await;
        assert_eq!(status, StatusCode::OK);
        sizes.push(("saved map", map.len()));
        // A form past the 64 KiB body limit is refused before it is read: no page to draw.
        if crate::support::encode(&fields).len() <= 64 * 1024 {
            let (status, editor) = app.post_fields("/samurai/design", &fields).await;
            assert_eq!(status, StatusCode::OK);
            assert!(editor.contains("id=\"threat-words\""));
            sizes.push(("editor", editor.len()));
            sizes.push(("live update", live(&app, &fields).await.len()));
            let (_, plain) = app.post_fields("/samurai/design", &form(&s, &[])).await;
            sizes.push(("editor, no threat map", plain.len()));
        }
        if show {
            eprintln!("{what}: {reach} unit-hex reaches; {sizes:?}");
        }
        for (page, len) in sizes {
            assert!(len < 1 << 20, "{what}, {page}: {len} bytes");
        }
    }
}
