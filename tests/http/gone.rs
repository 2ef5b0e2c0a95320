//! Nothing deleted comes back: a fleet deleted while orders for its battle are on their way
//! keeps no battle. Every order that lands after the delete, or races it, answers 410 and never
//! writes a battle row; the battle's page and API say it is gone; an export after the delete
//! carries no battle for it. Tried many times over, on either backend (scripts/test.sh runs this
//! file on both).

use crate::support::{TestApp, save_example, spawn_unlimited};
use drydock::store::testing;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

async fn save_fleet(app: &TestApp) -> (String, String) {
    save_example(app, &drydock::games::bfg::GAME).await
}

/// One of the ways an owner gives an order, by number: the API's order and restart, the page's
/// order form and its "start a new battle" form (with the token in X-Edit-Token).
async fn send_order(client: &reqwest::Client, base: &str, id: &str, token: &str, way: usize) -> StatusCode {
    let req = match way % 4 {
        0 => client.post(format!("{base}/api/bfg/{id}/battle")).json(&json!({"action": "next_turn"})),
        1 => client.post(format!("{base}/api/bfg/{id}/battle/new")),
        2 => client
            .post(format!("{base}/bfg/{id}/battle"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("action=next_turn"),
        _ => client
            .post(format!("{base}/bfg/{id}/battle/new"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("confirm=on"),
    };
    req.header("x-edit-token", token).send().await.expect("order").status()
}

async fn battles_of(app: &TestApp, id: &str) -> i64 {
    testing::int(&app.db, "SELECT COUNT(*) FROM battles WHERE build_id = $1", &[id]).await.expect("count")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn orders_racing_a_fleets_delete_answer_410_and_no_battle_comes_back() {
    let app = spawn_unlimited().await;
    let client = crate::support::stranger();
    let base = app.url("");
    for round in 0..12 {
        let (id, token) = save_fleet(&app).await;
        if round % 2 == 1 {
            assert_eq!(
                send_order(&client, &base, &id, &token, 0).await,
                StatusCode::OK,
                "a battle under way"
            );
        }
        let senders: Vec<_> = (0..6)
            .map(|k| {
                let (client, base, id, token) = (client.clone(), base.clone(), id.clone(), token.clone());
                tokio::spawn(async move {
                    let mut seen = Vec::new();
                    for n in 0..40 {
                        let status = send_order(&client, &base, &id, &token, k + n).await;
                        seen.push(status);
                        if status == StatusCode::GONE {
                            break;
                        }
                    }
                    seen
                })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(u64::try_from(round % 4).unwrap_or(0) * 5)).await;
        let res =
            client.delete(app.url(&format!("/api/builds/{id}"))).header("x-edit-token", &token).send().await;
        assert_eq!(res.expect("delete").status(), StatusCode::OK);
        // Every order sent from now on.
        for way in 0..4 {
            assert_eq!(
                send_order(&client, &base, &id, &token, way).await,
                StatusCode::GONE,
                "round {round}, way {way}"
            );
        }
        for s in senders {
            let seen = s.await.expect("sender");
            assert_eq!(seen.last(), Some(&StatusCode::GONE), "round {round}: {seen:?}");
            for status in &seen {
                let fine = [StatusCode::OK, StatusCode::SEE_OTHER, StatusCode::CONFLICT, StatusCode::GONE];
                assert!(fine.contains(status), "round {round}: {status} in {seen:?}");
            }
        }
        assert_eq!(battles_of(&app, &id).await, 0, "round {round}: a battle outlived its fleet");
        for page in [format!("/bfg/{id}/battle"), format!("/api/bfg/{id}/battle")] {
            assert_eq!(app.get(&page).await.0, StatusCode::GONE, "{page}");
        }
        let mut export = Vec::new();
        drydock::store::transfer::export(&app.db, &mut export).await.expect("export");
        let export = String::from_utf8(export).expect("text");
        assert!(
            !export.lines().any(|l| l.starts_with("{\"battle\"") && l.contains(&id)),
            "round {round}: the export carries a battle of the deleted fleet"
        );
    }
}
