//! U+0000 in any text a client sends: Drydock never keeps it (PostgreSQL cannot hold it in text
//! or in JSON it reads), so wherever text comes in, a form's field or name, a JSON string or key,
//! an address, it reads as U+FFFD, the replacement character, on SQLite and PostgreSQL alike
//! (scripts/test.sh runs these tests on both). Never a 500.

use crate::support::{TestApp, encode, post_form, save_example, spawn_unlimited};
use drydock::web::registry;
use reqwest::StatusCode;
use serde_json::Value;

/// Every string in a JSON value, by its place: (path of keys and indices, the string).
fn strings(v: &Value, at: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::String(_) => out.push(at.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                at.push(Value::from(i));
                strings(item, at, out);
                at.pop();
            }
        }
        Value::Object(fields) => {
            for (k, item) in fields {
                at.push(Value::from(k.as_str()));
                strings(item, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

/// `v` with "\0" put in the middle of the string at `path`.
fn with_nul(v: &Value, path: &[Value]) -> Value {
    let mut v = v.clone();
    let mut at = &mut v;
    for seg in path {
        at = match seg {
            Value::String(k) => &mut at[k.as_str()],
            Value::Number(i) => &mut at[usize::try_from(i.as_u64().unwrap_or(0)).unwrap_or(0)],
            _ => unreachable!("a path is keys and indices"),
        };
    }
    if let Value::String(s) = at {
        let cut = s.char_indices().nth(1).map_or(s.len(), |(i, _)| i);
        s.insert(cut, '\0');
    }
    v
}

fn no_nul_and_a_stand_in(app_said: &str, what: &str) {
    assert!(!app_said.contains('\0') && !app_said.contains("\\u0000"), "{what}: {app_said}");
}

async fn stored_json(app: &TestApp, id: &str) -> String {
    let (status, body) = app.get(&format!("/api/builds/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{id}");
    body
}

#[tokio::test]
async fn nul_in_any_string_of_a_json_document_is_stored_as_the_replacement_character() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let example: Value = serde_json::from_str(g.example).expect("example");
        let mut paths = Vec::new();
        strings(&example, &mut Vec::new(), &mut paths);
        assert!(!paths.is_empty(), "{}", g.id);
        let mut saved = 0;
        for path in paths {
            let doc = with_nul(&example, &path);
            let what = format!("{} at {path:?}", g.id);
            let res =
                app.client.post(app.url(&format!("/api{}", g.path))).json(&doc).send().await.expect("save");
            let status = res.status();
            let v: Value = res.json().await.expect("json");
            // A choice (an enum) with U+FFFD in it is not one of its names: 422 naming it.
            assert!(
                status == StatusCode::CREATED || status == StatusCode::UNPROCESSABLE_ENTITY,
                "{what}: {status} {v}"
            );
            if status != StatusCode::CREATED {
                continue;
            }
            saved += 1;
            let id = v["id"].as_str().expect("id").to_owned();
            let token = v["edit_token"].as_str().expect("token").to_owned();
            let body = stored_json(&app, &id).await;
            no_nul_and_a_stand_in(&body, &what);
            assert!(body.contains('\u{FFFD}'), "{what}: {body}");
            // Its pages, exports and a change through the API: the same, never a 500.
            for page in [
                format!("{}/{id}", g.path),
                format!("{}/{id}/export.txt", g.path),
                format!("{}/{id}/{}", g.path, g.print),
            ] {
                let (status, _) = app.get(&page).await;
                assert_eq!(status, StatusCode::OK, "{what}: {page}");
            }
            let put = app
                .client
                .put(app.url(&format!("/api{}/{id}", g.path)))
                .header("x-edit-token", &token)
                .json(&doc)
                .send()
                .await
                .expect("put");
            assert_eq!(put.status(), StatusCode::OK, "{what}: put");
        }
        assert!(saved > 0, "{}: some string takes any text", g.id);
    }
}

#[tokio::test]
async fn nul_in_a_forms_fields_and_names_is_read_as_the_replacement_character() {
    let app = spawn_unlimited().await;
    for g in registry::games() {
        let example: Value = serde_json::from_str(g.example).expect("example");
        let fields = drydock::web::http::codec::encode(&example);
        for i in 0..fields.len() {
            let mut posted = fields.clone();
            posted[i].1.push('\0');
            let what = format!("{} {}", g.id, posted[i].0);
            // The editor and live figures, then a save: a value that no longer reads is a
            // problem beside its field (422, nothing saved); any other is saved with U+FFFD.
            for route in [format!("{}/design", g.path), format!("{}/live", g.path)] {
                let res = post_form(&app, &route, encode(&posted)).await;
                assert_eq!(res.status(), StatusCode::OK, "{what} at {route}");
            }
            let res = post_form(&app, g.path, encode(&posted)).await;
            let status = res.status();
            assert!(
                status == StatusCode::SEE_OTHER || status == StatusCode::UNPROCESSABLE_ENTITY,
                "{what}: {status}"
            );
            if status == StatusCode::SEE_OTHER {
                let to = res.headers()["location"].to_str().expect("location").to_owned();
                let id =
                    to.trim_start_matches(&format!("{}/", g.path)).trim_end_matches("?saved=1").to_owned();
                no_nul_and_a_stand_in(&stored_json(&app, &id).await, &what);
            }
        }
        // A field's name holding U+0000 is a field the document does not have.
        let mut posted = fields.clone();
        posted.push(("name\0".to_owned(), "x".to_owned()));
        posted.push(("\0".to_owned(), "\0".to_owned()));
        assert_eq!(
            post_form(&app, g.path, encode(&posted)).await.status(),
            StatusCode::SEE_OTHER,
            "{}",
            g.id
        );
    }
}

#[tokio::test]
async fn nul_in_an_address_an_id_a_token_or_a_search_is_never_a_500() {
    let app = spawn_unlimited().await;
    let (id, _) = save_example(&app, &drydock::games::boats::GAME).await;
    let mut paths = vec![
        "/gallery?q=%00&part=%00&tag=%00&kind=%00&legal=%00&sort=%00&page=%00".to_owned(),
        "/gallery?q=Pira%00nha".to_owned(),
        "/my-builds?deleted=%00".to_owned(),
        format!("/boats/{id}/edit?token=%00"),
        format!("/boats/{id}?saved=%00"),
        "/api/builds/aaaaaaaaaaaaaaa%00".to_owned(),
        "/waffle/tank-shock?distance=%00".to_owned(),
        "/bfg/odds?kind=%00".to_owned(),
    ];
    for g in registry::games() {
        paths.push(format!("{}/aaaaaaaaaaaaaaa%00", g.path));
        paths.push(format!("{}/%00/{}", g.path, g.print));
        paths.push(format!("{}/new?from=%00", g.path));
    }
    for path in paths {
        let (status, body) = app.get(&path).await;
        assert!(!status.is_server_error(), "{path}: {status}");
        assert!(!body.contains('\0'), "{path}");
    }
    // An edit cookie for a build whose id holds U+0000, as a browser might send it.
    let res =
        app.client.get(app.url("/my-builds")).header("cookie", "dd_edit_aaaaaaaaaaaaaaa%00=%00").send().await;
    assert_eq!(res.expect("my builds").status(), StatusCode::OK);
}

#[tokio::test]
async fn nul_in_a_battle_order_is_refused_or_read_and_never_stored() {
    let app = spawn_unlimited().await;
    let res = app
        .client
        .post(app.url("/api/bfg"))
        .header("content-type", "application/json")
        .body(drydock::games::bfg::GAME.example)
        .send()
        .await
        .expect("save");
    let v: Value = res.json().await.expect("json");
    let (id, token) =
        (v["id"].as_str().expect("id").to_owned(), v["edit_token"].as_str().expect("token").to_owned());
    let api = app.url(&format!("/api/bfg/{id}/battle"));
    for order in [
        r#"{"action": "remove_markers", "craft": "fury\u0000", "count": 1, "reason": "destroyed"}"#,
        r#"{"action": "launch_craft", "ship": 0, "squadrons": [{"craft": "\u0000", "count": 1}]}"#,
        r#"{"action": "next_turn\u0000"}"#,
        r#"{"action\u0000": "next_turn"}"#,
    ] {
        let res = app
            .client
            .post(&api)
            .header("x-edit-token", &token)
            .header("content-type", "application/json")
            .body(order)
            .send()
            .await
            .expect("order");
        assert!(!res.status().is_server_error(), "{order}: {}", res.status());
    }
    let form = format!("action=remove_markers&craft=fury%00&count=1&reason=destroyed&token={token}");
    let res = post_form(&app, &format!("/bfg/{id}/battle"), form).await;
    assert!(!res.status().is_server_error());
    let (_, battle) = app.get(&format!("/api/bfg/{id}/battle")).await;
    no_nul_and_a_stand_in(&battle, "battle");
}
