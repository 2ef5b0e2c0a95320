//! The gallery: pages of 20 and their edges, every order, every filter, search by name and by
//! part, an empty result said plainly, builds saved before the gallery had facets, and whatever
//! the address holds answered with a page, never a server error.

use crate::support::{TestApp, api_save, example_named, id_and_token, spawn_unlimited};
use drydock::games::boats::{self, Design, examples};
use drydock::games::registry::Game;
use drydock::web::registry;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn save_json(app: &TestApp, path: &str, doc: &Value) -> String {
    id_and_token(&api_save(app, path, doc).await).0
}

async fn save_boat(app: &TestApp, d: &Design, name: &str) -> String {
    let mut doc = serde_json::to_value(d).expect("json");
    doc["name"] = Value::from(name);
    save_json(app, "/boats", &doc).await
}

async fn save_example_named(app: &TestApp, g: &Game, name: &str) -> String {
    save_json(app, g.path, &example_named(g, name)).await
}

/// The gallery page at `query`, which must answer 200.
async fn gallery(app: &TestApp, query: &str) -> String {
    let res = app.client.get(app.url(&format!("/gallery?{query}"))).send().await.expect("gallery");
    assert_eq!(res.status(), StatusCode::OK, "{query}");
    res.text().await.expect("page")
}

/// The names on the gallery's cards, in order (the published examples are not cards of saved
/// builds: they link to `/new`).
fn names(page: &str) -> Vec<String> {
    let results = page.split("id=\"results\"").nth(1).unwrap_or("");
    let results = results.split("</section>").next().unwrap_or("");
    results
        .split("<a class=\"card\" href=\"")
        .skip(1)
        .filter_map(|card| {
            // Player names are isolated from the page's text direction.
            let name = card.split("<strong><bdi>").nth(1)?.split("</bdi></strong>").next()?;
            Some(name.to_owned())
        })
        .collect()
}

fn cost(d: &Design) -> i64 {
    boats::check(d).figures.cost.rounded()
}

#[tokio::test]
async fn the_gallery_pages_by_twenty_and_says_where_the_pages_end() {
    let app = spawn_unlimited().await;
    for i in 1..=23 {
        save_boat(&app, &examples::darter(), &format!("Pager {i:02}")).await;
    }
    let first = gallery(&app, "q=Pager").await;
    assert!(first.contains("23 builds · page 1 of 2"), "{first}");
    let on_first = names(&first);
    assert_eq!(on_first.len(), 20);
    assert_eq!(on_first[0], "Pager 23", "newest first");
    let next = first.split("rel=\"next\"").next().and_then(|s| s.rsplit("href=").next()).unwrap_or("");
    assert_eq!(next, "\"/gallery?q=Pager&#38;page=2\" ");
    assert!(!first.contains("rel=\"prev\""));

    let second = gallery(&app, "q=Pager&page=2").await;
    assert_eq!(names(&second), vec!["Pager 03", "Pager 02", "Pager 01"]);
    assert!(second.contains("rel=\"prev\"") && !second.contains("rel=\"next\""));

    // Past the end: a clear page, linking back, no cards, not in the success colour.
    for past in ["3", "999999", "9223372036854775807"] {
        let page = gallery(&app, &format!("q=Pager&page={past}")).await;
        assert!(page.contains(&format!("There is no page {past}: this search has 2 pages")), "{past}");
        assert!(names(&page).is_empty());
        assert!(page.contains("href=\"/gallery?q=Pager&#38;page=2\">Go to the last page"));
    }
    // Before the start, or not a number: page 1, with a note.
    for bad in ["0", "-1", "two", "1e9", "%00"] {
        let page = gallery(&app, &format!("q=Pager&page={bad}")).await;
        assert!(page.contains("pages are numbered from 1. This is page 1."), "{bad}");
        assert_eq!(names(&page), on_first, "{bad}");
    }
}

#[tokio::test]
async fn every_order_sorts_what_it_says() {
    let app = spawn_unlimited().await;
    let boats = [
        ("Sort Darter", examples::darter()),
        ("Sort Piranha", examples::piranha()),
        ("Sort Minnow", examples::minnow()),
    ];
    for (name, d) in &boats {
        save_boat(&app, d, name).await;
    }
    // Every other game's example, and its points as its own builder judges them (the games
    // with points: Epic 130, Waffle 145, BFG 505 today; src/games/registry.rs tests those).
    // Equal points go newest first, as the gallery orders them: later saves before earlier.
    let mut by_points = Vec::new();
    for (saved, r) in registry::GAMES.iter().filter(|r| r.game.id != "boat").enumerate() {
        let name = format!("Sort {}", r.game.id);
        let id = save_example_named(&app, r.game, &name).await;
        let build = drydock::store::builds::get(&app.db, &id).await.expect("read").expect("saved");
        if let Some(points) = (r.facets)(&build).points {
            by_points.push((points, std::cmp::Reverse(saved), name));
        }
    }
    by_points.sort_unstable();
    let fewest: Vec<String> = by_points.iter().map(|(_, _, n)| n.clone()).collect();
    by_points.sort_unstable_by_key(|(points, newest, _)| (std::cmp::Reverse(*points), *newest));
    let most: Vec<String> = by_points.iter().map(|(_, _, n)| n.clone()).collect();
    assert!(fewest.len() >= 3, "at least three games' examples have points: {fewest:?}");
    let mut by_cost: Vec<(i64, &str)> = boats.iter().map(|(n, d)| (cost(d), *n)).collect();
    by_cost.sort_unstable();
    let cheapest: Vec<&str> = by_cost.iter().map(|(_, n)| *n).collect();
    let costliest: Vec<&str> = cheapest.iter().rev().copied().collect();

    let boats_first = |page: &str| names(page).into_iter().take(3).collect::<Vec<_>>();
    let points_first = |page: &str| names(page).into_iter().take(fewest.len()).collect::<Vec<_>>();
    assert_eq!(boats_first(&gallery(&app, "q=Sort&sort=cost").await), cheapest);
    assert_eq!(boats_first(&gallery(&app, "q=Sort&sort=cost-desc").await), costliest);
    assert_eq!(points_first(&gallery(&app, "q=Sort&sort=points").await), fewest);
    assert_eq!(points_first(&gallery(&app, "q=Sort&sort=points-desc").await), most);
    // Builds without the figure come after those with it.
    let page = gallery(&app, "q=Sort&sort=cost").await;
    assert_eq!(names(&page).len(), 3 + others());
    assert!(
        names(&page)[3..]
            .iter()
            .all(|n| !n.contains("Darter") && !n.contains("Piranha") && !n.contains("Minnow"))
    );
    // Newest first, by default and by name.
    let newest = names(&gallery(&app, "q=Sort").await);
    assert_eq!(newest, names(&gallery(&app, "q=Sort&sort=newest").await));
    let last = registry::games().last().map(|g| format!("Sort {}", g.id)).unwrap_or_default();
    assert_eq!(newest[0], last, "the last saved comes first");
    // An order it does not know: newest first, and it says so.
    let page = gallery(&app, "q=Sort&sort=garbage").await;
    assert!(page.contains("The gallery cannot sort by “garbage”; the newest builds come first."));
    assert_eq!(names(&page), newest);
}

#[tokio::test]
async fn every_filter_narrows_by_kind_hull_and_legality() {
    let app = spawn_unlimited().await;
    save_boat(&app, &examples::darter(), "Filter Rowboat").await;
    save_boat(&app, &examples::piranha(), "Filter Dinghy").await;
    let mut illegal = serde_json::to_value(examples::darter()).expect("json");
    illegal["name"] = Value::from("Filter Illegal");
    illegal["weapons"] = json!([{ "weapon": "atg", "mount": "L" }]);
    save_json(&app, "/boats", &illegal).await;
    for g in registry::games().filter(|g| g.id != "boat") {
        save_example_named(&app, g, &format!("Filter {}", g.id)).await;
    }

    let mut boats = names(&gallery(&app, "q=Filter&kind=boat").await);
    boats.sort();
    assert_eq!(boats, vec!["Filter Dinghy", "Filter Illegal", "Filter Rowboat"]);
    assert_eq!(names(&gallery(&app, "q=Filter&kind=epic").await), vec!["Filter epic"]);

    // The hull filter offers the hulls saved, under their game.
    let page = gallery(&app, "q=Filter").await;
    assert!(page.contains("<optgroup label=\"Boats\">"));
    assert!(page.contains("<option value=\"Dinghy\">Dinghy</option>"));
    let mut rowboats = names(&gallery(&app, "q=Filter&tag=Rowboat").await);
    rowboats.sort();
    assert_eq!(rowboats, vec!["Filter Illegal", "Filter Rowboat"]);
    assert_eq!(names(&gallery(&app, "q=Filter&kind=boat&tag=Dinghy").await), vec!["Filter Dinghy"]);
    assert_eq!(names(&gallery(&app, "q=Filter&tag=Imperial+Navy").await), vec!["Filter bfg"]);

    assert_eq!(names(&gallery(&app, "q=Filter&legal=illegal").await), vec!["Filter Illegal"]);
    let legal = names(&gallery(&app, "q=Filter&legal=legal").await);
    assert_eq!(legal.len(), 2 + others());
    assert!(!legal.contains(&"Filter Illegal".to_owned()));
    // A kind or legality it does not know: everything, with a note.
    let page = gallery(&app, "q=Filter&kind=chess&legal=maybe").await;
    assert_eq!(names(&page).len(), 3 + others());
    assert!(page.contains("There is no kind of build called “chess”"));
    assert!(page.contains("“maybe” is not a legality filter"));
}

#[tokio::test]
async fn the_gallery_finds_builds_by_name_and_by_the_parts_they_hold() {
    let app = spawn_unlimited().await;
    let mut laser = serde_json::to_value(examples::darter()).expect("json");
    laser["name"] = Value::from("Beam Boat");
    laser["weapons"] = json!([{ "weapon": "heavy-laser", "mount": "F" }]);
    save_json(&app, "/boats", &laser).await;
    save_boat(&app, &examples::piranha(), "Fish").await;
    save_boat(&app, &examples::darter(), "Plain").await;
    save_example_named(&app, registry::game("bfg").expect("bfg"), "Fleet").await;

    assert_eq!(names(&gallery(&app, "q=beam").await), vec!["Beam Boat"]);
    assert_eq!(names(&gallery(&app, "part=laser").await), vec!["Beam Boat"]);
    assert_eq!(names(&gallery(&app, "part=LASER").await), vec!["Beam Boat"], "in any case");
    assert_eq!(names(&gallery(&app, "part=torpedo").await), vec!["Fish"], "the Piranha's two torpedoes");
    assert_eq!(names(&gallery(&app, "part=fire+extinguisher").await), vec!["Fish"]);
    let fleet: Value = serde_json::from_str(registry::game("bfg").expect("bfg").example).expect("fleet");
    assert!(fleet.to_string().contains("dictator"), "the example fleet has a Dictator: {fleet}");
    assert_eq!(names(&gallery(&app, "part=dictator").await), vec!["Fleet"]);
    // Name and part together.
    assert!(names(&gallery(&app, "q=plain&part=torpedo").await).is_empty());

    // An empty result says so, and not in the success colour.
    let page = gallery(&app, "part=railgun").await;
    assert!(page.contains("<h2 id=\"found\">No builds found</h2>"));
    assert!(
        page.contains(
            "<p class=\"empty\" role=\"status\">No saved build in the gallery matches this search."
        )
    );
    assert!(!page.contains("class=\"none\""), "the success colour's class is not used");
    let css = app.page("/static/drydock.css").await;
    let empty_rule = css.lines().find(|l| l.starts_with(".empty {")).expect("a rule for .empty");
    assert!(!empty_rule.contains("--ok"), "{empty_rule}");
}

#[tokio::test]
async fn whatever_the_address_holds_the_gallery_answers_with_a_page() {
    let app = spawn_unlimited().await;
    save_boat(&app, &examples::darter(), "Anything").await;
    let long = "laser".repeat(2_048);
    let queries = [
        "page=-1".to_owned(),
        "page=999999".to_owned(),
        "sort=garbage".to_owned(),
        format!("q={long}"),
        format!("part={long}"),
        format!("tag={long}"),
        "q=%25&part=%5F&tag=%27%3B+DROP+TABLE+builds%3B--".to_owned(),
        "kind=&tag=&legal=&sort=&page=".to_owned(),
        "q=a&q=b&page=1&page=2".to_owned(),
        "%ff%fe=%ff".to_owned(),
    ];
    for q in &queries {
        let res = app.client.get(app.url(&format!("/gallery?{q}"))).send().await.expect("gallery");
        assert_eq!(res.status(), StatusCode::OK, "{}", &q[..q.len().min(60)]);
    }
    let page = gallery(&app, &format!("part={long}")).await;
    assert!(page.contains("Part names are at most 40 characters long"));
    let page = gallery(&app, &format!("q={long}")).await;
    assert!(page.contains("only the first 100 characters"));
    assert_eq!(names(&gallery(&app, "").await), vec!["Anything"], "the table is still there");
}

#[tokio::test]
async fn builds_saved_before_the_gallery_had_facets_are_judged_again_at_start() {
    let app = spawn_unlimited().await;
    // A row as a server of the version before left it: no facets.
    let d = examples::piranha();
    drydock::store::testing::execute(
        &app.db,
        "INSERT INTO builds (id, kind, name, document, engine_version, legal, summary, created_at, updated_at, \
         edit_token_hash) VALUES ('oldoldoldoldoldo', 'boat', 'Old Piranha', $1, 1, TRUE, 'old', 1, 1, 'h')",
        &[&serde_json::to_string(&d).expect("json")],
    )
    .await;
    assert!(names(&gallery(&app, "part=torpedo").await).is_empty(), "not judged yet");
    assert_eq!(names(&gallery(&app, "q=Old").await), vec!["Old Piranha"], "listed as it was");

    assert_eq!(registry::fill_facets(&app.db).await.expect("judged"), 1);
    assert_eq!(registry::fill_facets(&app.db).await.expect("judged"), 0, "once");
    assert_eq!(names(&gallery(&app, "part=torpedo").await), vec!["Old Piranha"]);
    assert_eq!(names(&gallery(&app, "tag=Dinghy").await), vec!["Old Piranha"]);
    let stored =
        drydock::store::testing::int(&app.db, "SELECT cost FROM builds WHERE id = 'oldoldoldoldoldo'", &[])
            .await;
    assert_eq!(stored, Some(cost(&d)));
}

/// How many games besides boats the registry holds: each test saves one example of each.
fn others() -> usize {
    registry::games().filter(|g| g.id != "boat").count()
}

#[tokio::test]
async fn an_unnamed_build_is_kept_and_shared_but_listed_only_once_it_has_a_name() {
    let app = spawn_unlimited().await;
    let g = registry::game("epic").expect("epic");
    let mut doc: Value = serde_json::from_str(g.example).expect("example");
    for name in ["", "   "] {
        doc["name"] = Value::from(name);
        let res = app.client.post(app.url("/api/epic")).json(&doc).send().await.expect("save");
        assert_eq!(res.status(), StatusCode::CREATED);
        let saved: Value = res.json().await.expect("json");
        let share = app.client.get(saved["url"].as_str().expect("url")).send().await.expect("share");
        assert_eq!(share.status(), StatusCode::OK, "kept and shareable by its link");
        // Named, it is listed.
        doc["name"] = Value::from("Named at last");
        let id = saved["id"].as_str().expect("id");
        let token = saved["edit_token"].as_str().expect("token");
        let res = app
            .client
            .put(app.url(&format!("/api/epic/{id}")))
            .header("X-Edit-Token", token)
            .json(&doc)
            .send()
            .await
            .expect("rename");
        assert_eq!(res.status(), StatusCode::OK);
    }
    let listed = gallery(&app, "").await;
    assert_eq!(names(&listed), ["Named at last", "Named at last"]);
    save_example_named(&app, g, "").await;
    assert_eq!(names(&gallery(&app, "kind=epic").await).len(), 2, "the unnamed one is not listed");
    assert!(gallery(&app, "kind=epic").await.contains("2 builds"));
}

#[tokio::test]
async fn a_gallery_filtered_to_one_game_shows_nothing_of_another() {
    let app = spawn_unlimited().await;
    save_boat(&app, &examples::darter(), "Quick Darter").await;
    for g in registry::games() {
        save_example_named(&app, g, &format!("{} example", g.id)).await;
    }
    let everything = gallery(&app, "").await;
    assert!(everything.contains("Published boats, for everyone"), "the examples to start from");
    for g in registry::games() {
        let page = gallery(&app, &format!("kind={}", g.id)).await;
        assert!(names(&page).iter().all(|n| n.starts_with(g.id) || (g.id == "boat" && n == "Quick Darter")));
        for other in registry::games().filter(|o| o.id != g.id) {
            assert!(
                !page.contains(&format!("<optgroup label=\"{}\">", other.plural)),
                "{}: {}'s tags",
                g.id,
                other.id
            );
            assert!(
                !page.contains(&format!("Published {}", other.plural.to_lowercase())),
                "{}: {}",
                g.id,
                other.id
            );
            let main = page.split("<main id=\"main\">").nth(1).unwrap_or("");
            assert!(!main.contains(&format!("href=\"{}/", other.path)), "{}: a link to {}", g.id, other.id);
        }
    }
}
