//! The boat drawn, the record sheet and the parts of a pasted stat line not read, over HTTP.

use crate::support::{encode, post_form, save_boat, spawn};
use drydock::games::boats::NotReadPart;
use drydock::games::boats::{Design, examples};
use std::io::Read;

fn statline_form(line: &str) -> String {
    encode(&[("statline".to_owned(), line.to_owned())])
}

#[tokio::test]
async fn the_designer_with_its_drawing_stays_under_sixty_kilobytes_compressed() {
    let app = spawn().await;
    // The biggest page the designer draws from a start choice: the Yacht, eight locations, a deck.
    for from in ["yacht", "minnow"] {
        let res = app
            .client
            .get(app.url(&format!("/boats/new?from={from}")))
            .header("accept-encoding", "gzip")
            .send()
            .await
            .expect("get");
        assert_eq!(res.headers()["content-encoding"], "gzip");
        let bytes = res.bytes().await.expect("body");
        assert!(bytes.len() < 60 * 1024, "{from}: {} bytes compressed", bytes.len());
        let mut page = String::new();
        flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut page).expect("gzip");
        assert!(page.contains("class=\"boat-drawing\""), "{from}: the drawing is on the designer");
    }
}

#[tokio::test]
async fn fragments_not_read_are_kept_with_the_saved_build_and_old_builds_have_none() {
    let app = spawn().await;
    let page = post_form(
        &app,
        "/boats/import",
        statline_form("Darter: Rowboat, Medium power plant, Propeller, Pilot only, Flux capacitor. Armor: F2, R1, L1, B1, U3."),
    )
    .await
    .text()
    .await
    .expect("text");
    assert!(page.contains("Incomplete: 1 part not read"), "{page}");
    assert!(page.contains("name=\"not_read.0.fragment\" value=\"Flux capacitor\""), "{page}");

    // Saved from the form as the page posts it: the fragment is in the stored document.
    let mut d = examples::darter();
    d.not_read = vec![NotReadPart::new("Flux capacitor")];
    let id = save_boat(&app, &d).await;
    let back: Design = app
        .client
        .get(app.url(&format!("/boats/{id}/export.json")))
        .send()
        .await
        .expect("get")
        .json()
        .await
        .expect("json");
    assert_eq!(back.not_read, d.not_read);
    // The gallery never lists it as legal while a part is not read.
    let legal = drydock::store::testing::flag(&app.db, "SELECT legal FROM builds WHERE id = $1", &[&id])
        .await
        .expect("row");
    assert!(!legal, "stored as not legal while incomplete");
    let share = app.page(&format!("/boats/{id}")).await;
    assert!(share.contains("<code>Flux capacitor</code>") && share.contains("Incomplete: 1 part not read"));

    // The editor's Remove button (a plain form post) takes it out, and the design is legal again.
    let mut fields = drydock::web::boats::design_form::fields_of(&d);
    fields.push(("action".into(), "remove.not_read.0".into()));
    let page = post_form(&app, "/boats/design", encode(&fields)).await.text().await.expect("text");
    assert!(page.contains("class=\"verdict legal\"") && !page.contains("Flux capacitor"), "{page}");

    // A document without the field (every build saved before) reads as complete, and writes none.
    let old = serde_json::to_value(examples::darter()).expect("json");
    assert!(old.get("not_read").is_none(), "left out when empty: {old}");
    let id = save_boat(&app, &examples::darter()).await;
    let share = app.page(&format!("/boats/{id}")).await;
    assert!(share.contains("class=\"verdict legal\"") && !share.contains("not-read"), "{share}");
}

#[tokio::test]
async fn a_long_fragment_is_cut_to_a_name_and_a_paste_of_nonsense_keeps_at_most_forty() {
    let long = NotReadPart::new(&"x".repeat(300));
    assert_eq!(long.fragment.chars().count(), 100);
    assert!(long.fragment.ends_with("..."));
    let app = spawn().await;
    let nonsense: Vec<String> = (0..60).map(|i| format!("Gizmo{i}")).collect();
    let line = format!("Junk: Rowboat, {}.", nonsense.join(", "));
    let res = post_form(&app, "/boats/import", statline_form(&line)).await;
    assert_eq!(res.status(), 200);
    let page = res.text().await.expect("text");
    assert!(page.contains("name=\"not_read.39.fragment\""), "forty kept");
    assert!(!page.contains("name=\"not_read.40.fragment\""), "not more");
    assert!(page.contains("more parts not read are listed above but not kept"), "and the page says so");
}

#[tokio::test]
async fn the_record_sheet_shows_the_handling_track_and_the_sheet_decisions() {
    let app = spawn().await;
    let id = save_boat(&app, &examples::piranha()).await;
    let sheet = app.page(&format!("/boats/{id}/sheet")).await;
    assert!(sheet.contains("<li class=\"start\">+2</li>"), "the Dinghy's HC 2 ringed");
    assert!(sheet.contains("<li>-6</li>"));
    assert!(
        sheet.contains("People&#39;s damage points") && sheet.contains("Handling track and control rolls")
    );
    assert!(!sheet.contains("Jet drive damage points"), "the jet drive's decision only on a boat with one");
    // 15 Front armor points: three groups of five boxes.
    let front = sheet.split("Front (F)</th>").nth(1).expect("front row").split("</tr>").next().expect("row");
    assert_eq!(front.matches("class=\"five\"").count(), 3);
    assert_eq!(front.matches("class=\"tick\"").count(), 15);

    // A jet boat: its jet drive has a propeller's damage points for its plant, and says why.
    let mut jet = examples::piranha();
    jet.propellers.clear();
    jet.jet_drive = true;
    let id = save_boat(&app, &jet).await;
    let sheet = app.page(&format!("/boats/{id}/sheet")).await;
    assert!(sheet.contains("Jet drive damage points"));
    let row = sheet
        .split("<th scope=\"row\">Jet drive</th><td class=\"num\">")
        .nth(1)
        .expect("jet row")
        .split("</tr>")
        .next()
        .expect("row");
    assert!(row.contains("4 DP") && row.matches("class=\"tick\"").count() == 4, "{row}");
    // Its fitting's line says what it does.
    assert!(sheet.contains("<th scope=\"row\">Jet drive</th><td>Takes the propellers&#39; place"));
}

#[tokio::test]
async fn the_api_import_keeps_what_it_could_not_read_in_the_design_it_answers() {
    let app = spawn().await;
    let res = app
        .client
        .post(app.url("/api/boats/import"))
        .body("Darter: Rowboat, Medium power plant, Propeller, Pilot only, Flux capacitor. Armor: F2, R1, L1, B1, U3.")
        .send()
        .await
        .expect("import");
    assert_eq!(res.status(), 200);
    let v: serde_json::Value = res.json().await.expect("json");
    assert_eq!(v["design"]["not_read"], serde_json::json!([{"fragment": "Flux capacitor"}]), "{v}");
    // Saved as answered, the build keeps it.
    let d: Design = serde_json::from_value(v["design"].clone()).expect("a design");
    let id = save_boat(&app, &d).await;
    let share = app.page(&format!("/boats/{id}")).await;
    assert!(share.contains("Incomplete: 1 part not read"));
}
