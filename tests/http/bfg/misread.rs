//! Orders that do not read, over a real socket: each field wrong in turn is named, in a form at
//! its input (marked invalid and described by the reason) and in the API by its path, and
//! nothing is recorded.

use super::{order, patrol, save, save_api, stored, text};
use crate::support::spawn;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The tag of the input (or select) named `name` in the form `key` of `page`.
fn input_tag<'p>(page: &'p str, key: &str, name: &str) -> &'p str {
    let form = page.split(&format!("id=\"form-{key}\"")).nth(1).expect("the form");
    let form = &form[..form.find("</form>").expect("its end")];
    let at = form.find(&format!("name=\"{name}\"")).unwrap_or_else(|| panic!("no input {name} in {key}"));
    let start = form[..at].rfind('<').expect("the tag");
    &form[start..at + form[at..].find('>').expect("the tag's end")]
}

#[tokio::test]
async fn each_field_of_a_form_order_that_does_not_read_is_named_at_its_input() {
    let app = spawn().await;
    let id = save(&app, &patrol()).await;
    // Ship 1 is Lord Daros (bays of Fury and Starhawk, a salvo of 6); ship 2 the Retribution,
    // whose salvo of 9 may be split.
    // The fields posted, the form's key, the input named, the reason.
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str, &'a str);
    let cases: &[Case] = &[
        (
            &[("action", "hits"), ("ship", "1"), ("hits", "lots")],
            "hits-1",
            "hits",
            "The hits taken must be a whole number, not \"lots\"",
        ),
        (
            &[("action", "hits"), ("ship", "1"), ("hits", "")],
            "hits-1",
            "hits",
            "Say how many hits the ship takes",
        ),
        (
            &[("action", "launch_craft"), ("ship", "1"), ("craft.fury-interceptor", "-2")],
            "launch_craft-1",
            "craft.fury-interceptor",
            "Fury interceptor cannot be negative (it is -2)",
        ),
        (
            &[("action", "launch_torpedoes"), ("ship", "2"), ("split_a", "4"), ("split_b", "")],
            "launch_torpedoes-2",
            "split_b",
            "To split the salvo, give the strength of both salvoes",
        ),
        (
            &[("action", "launch_torpedoes"), ("ship", "2"), ("split_a", "four"), ("split_b", "5")],
            "launch_torpedoes-2",
            "split_a",
            "The first salvo must be a whole number, not \"four\"",
        ),
        (
            &[("action", "shields"), ("ship", "1"), ("down", "two")],
            "shields-1",
            "down",
            "The shields down must be a whole number, not \"two\"",
        ),
        (
            &[("action", "set_condition"), ("ship", "1"), ("condition", "sunk")],
            "set_condition-1",
            "condition",
            "Choose crippled or destroyed",
        ),
    ];
    for (fields, key, name, message) in cases {
        let before = stored(&app, &id).await;
        let a = order(&app.client, &app, &id, fields).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
        assert_eq!(stored(&app, &id).await, before, "{fields:?} changed the battle");
        let shown = message.replace('"', "&#34;");
        assert_eq!(text(&a.body, &format!("problem-{key}")), shown, "{fields:?}");
        let tag = input_tag(&a.body, key, name);
        assert!(tag.contains(&format!("aria-invalid=\"true\" aria-describedby=\"problem-{key}\"")), "{tag}");
        assert_eq!(a.body.matches("aria-invalid").count(), 1, "only {name} is marked");
    }
    // A refusal of the rules (not of the form) marks no input.
    let a =
        order(&app.client, &app, &id, &[("action", "reload"), ("ship", "1"), ("result", "success")]).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!a.body.contains("aria-invalid"));
}

#[tokio::test]
async fn each_field_of_an_api_order_that_does_not_fit_is_named_by_its_path() {
    let app = spawn().await;
    let (id, token) = save_api(&app.client, &app.url(""), &patrol()).await;
    let api = app.url(&format!("/api/bfg/{id}/battle"));
    let post = |body: Value| app.client.post(&api).header("x-edit-token", &token).json(&body).send();
    let cases = [
        (json!({"action": "hits", "ship": "first", "hits": 1}), "ship must be "),
        (json!({"action": "hits", "ship": 1, "hits": -1}), "hits must be "),
        (json!({"action": "hits", "ship": 1}), "it needs the field `hits`"),
        (json!({"action": "reload", "ship": 1, "success": "yes"}), "success must be "),
        (
            json!({"action": "set_condition", "ship": 1, "condition": "sunk"}),
            "condition: unknown variant `sunk`",
        ),
        (
            json!({"action": "set_condition", "ship": 1, "condition": 2}),
            "condition must be one of the names it takes (a string), not 2",
        ),
        (
            json!({"action": "launch_craft", "ship": 1, "squadrons": [{"craft": "fury-interceptor", "count": "two"}]}),
            "squadrons[0].count must be ",
        ),
        (
            json!({"action": "launch_craft", "ship": 1, "squadrons": [{"craft": 7, "count": 2}]}),
            "squadrons[0].craft must be ",
        ),
        (json!({"action": "launch_torpedoes", "ship": 2, "rolled": "six"}), "rolled must be "),
        (
            json!({"action": "launch_torpedoes", "ship": 2, "split": [9]}),
            "split: a salvo splits into two salvoes",
        ),
        (
            json!({"action": "launch_squadron", "squadron": "squadrons.0", "ordnance": "nova"}),
            "ordnance: unknown variant `nova`",
        ),
        (
            json!({"action": "launch_squadron", "squadron": "squadrons.0", "ordnance": "torpedoes", "rolled": [3, "x"]}),
            "rolled[1] must be ",
        ),
        (
            json!({"action": "remove_markers", "craft": "fury-interceptor", "count": 1, "reason": "bored"}),
            "reason: unknown variant `bored`",
        ),
        (json!({"action": "brace", "ship": 1, "braced": 1}), "braced must be "),
        (json!({"action": "shields", "ship": 1, "down": 1, "speed": 3}), "unknown field `speed`"),
        // The same orders as the engine writes them: the path starts with the kind.
        (json!({"hits": {"ship": 1, "hits": "lots"}}), "hits.hits must be "),
    ];
    for (body, named) in cases {
        let res = post(body.clone()).await.expect("order");
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let v: Value = res.json().await.expect("json");
        let error = v["error"].as_str().unwrap_or("");
        let expected = format!("The order does not fit the document format: {named}");
        assert!(error.starts_with(&expected), "{body}: {error}");
    }
    assert_eq!(stored(&app, &id).await, None, "nothing was recorded");
    // Either shape gives the order.
    let res = post(json!({"hits": {"ship": 1, "hits": 1}})).await.expect("order");
    assert_eq!(res.status(), StatusCode::OK);
    let res = post(json!({"action": "hits", "ship": 1, "hits": 1})).await.expect("order");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["battle"]["ships"][1]["damage"], json!(2), "{v}");
}
