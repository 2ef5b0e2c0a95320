//! BattleScribe / New Recruit rosters in over a real socket: a `.rosz` chosen on the start page
//! opens the builder with the fleet, the notes and the lines not read (kept by the form); the API
//! answers the same fleet as JSON; a file that is not a roster, an empty one and an oversize one
//! are refused with a reason and nothing saved.

use crate::support::spawn;
use reqwest::StatusCode;
use serde_json::Value;
use std::io::Write;

/// A Gothic Sector roster as BattleScribe writes one: an Emperor with Sharks, a Lunar with an
/// upgrade we do not know, an admiral listed apart with a re-roll, three Swords in a squadron.
fn roster() -> String {
    let sel = |name: &str, number: u32, pts: u32, inner: &str| {
        format!(
            r#"<selection id="s" name="{name}" entryId="e" number="{number}" type="unit"><selections>{inner}</selections><costs><cost name="pts" typeId="points" value="{pts}.0"/></costs></selection>"#
        )
    };
    let ships = [
        sel("Emperor Class Battleship", 1, 365, &sel("Shark Assault Boats", 1, 5, "")),
        sel("Lunar Class Cruiser", 1, 180, &sel("Gilded Prow", 1, 10, "")),
        sel("Admiral Ldr 9", 1, 100, &sel("1 Extra Re-Roll", 1, 25, "")),
        sel("Escort Squadron", 1, 0, &sel("Sword Frigate", 3, 105, "")),
    ]
    .concat();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><roster id="r" name="Port Maw Patrol" battleScribeVersion="2.03" gameSystemName="Battlefleet Gothic" xmlns="http://www.battlescribe.net/schema/rosterSchema"><costs><cost name="pts" typeId="points" value="800.0"/></costs><costLimits><costLimit name="pts" typeId="points" value="1000.0"/></costLimits><forces><force id="f" name="Gothic Sector" entryId="e" catalogueName="Imperial Navy"><selections>{ships}</selections></force></forces></roster>"#
    )
}

fn rosz(xml: &str) -> Vec<u8> {
    let mut buf = std::io::Cursor::new(Vec::new());
    let mut z = zip::ZipWriter::new(&mut buf);
    z.start_file("Port Maw Patrol.ros", zip::write::SimpleFileOptions::default()).expect("a file");
    z.write_all(xml.as_bytes()).expect("written");
    z.finish().expect("finished");
    buf.into_inner()
}

async fn upload(app: &crate::support::TestApp, bytes: Vec<u8>) -> (StatusCode, String) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name("fleet.rosz");
    let res = app
        .client
        .post(app.url("/bfg/import"))
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .expect("upload");
    (res.status(), res.text().await.expect("text"))
}

#[tokio::test]
async fn a_rosz_chosen_on_the_start_page_opens_the_builder_with_the_fleet_its_notes_and_what_was_not_read() {
    let app = spawn().await;
    let start = app.page("/bfg/new").await;
    assert!(start.contains(r#"<form method="post" action="/bfg/import" enctype="multipart/form-data">"#));
    assert!(start.contains(r#"<label for="roster-file">"#));
    let (status, page) = upload(&app, rosz(&roster())).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("Imported from a roster"));
    assert!(
        page.contains("put aboard ships.0, the Emperor battleship. Move it if it rides another."),
        "{page}"
    );
    // 365 + 5 + 100 + 25 + 180 + 105 = 780 by our tables; the roster says 800.
    assert!(
        page.contains("The roster says the fleet costs 800 pts; by our tables it costs 780 pts."),
        "{page}"
    );
    assert!(page.contains(
        "The roster says the Lunar cruiser (ships.1) costs 190 pts; by our tables it costs 180 pts."
    ));
    assert!(
        page.contains(
            r#"<input type="hidden" name="not_read.0" value="Gilded Prow (on the Lunar cruiser)">"#
        ),
        "{page}"
    );
    assert!(page.contains(r#"value="in-gothic" selected"#), "{page}");
    assert!(page.contains(r#"value="Port Maw Patrol""#));
}

#[tokio::test]
async fn the_api_reads_a_ros_body_into_the_fleet_with_the_points_it_claims() {
    let app = spawn().await;
    let res = app.client.post(app.url("/api/bfg/import")).body(roster()).send().await.expect("request");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    assert_eq!(v["fleet"]["list"], "in-gothic");
    assert_eq!(v["fleet"]["points_limit"], 1000);
    assert_eq!(v["fleet"]["ships"][0]["leaders"][0]["id"], "admiral");
    assert_eq!(v["fleet"]["ships"][0]["leaders"][0]["rerolls"], 1);
    assert_eq!(v["fleet"]["squadrons"][0]["count"], 3);
    assert_eq!((v["points"].as_u64(), v["claimed_points"].as_u64()), (Some(780), Some(800)));
    assert_eq!(v["not_read"][0], "Gilded Prow (on the Lunar cruiser)");
    assert!(v["problems"].as_array().expect("problems").iter().any(|p| p["code"] == "NOT_READ"));
}

#[tokio::test]
async fn a_file_that_is_no_roster_an_empty_one_and_an_oversize_one_are_refused_with_a_reason() {
    let app = spawn().await;
    let (status, page) = upload(&app, b"<army name=\"x\"/>".to_vec()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("This file could not be read as a BattleScribe or New Recruit roster: it holds no &#60;roster&#62; element"), "{page}");
    let (status, page) = upload(&app, Vec::new()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Choose a roster file first"), "{page}");
    let res =
        app.client.post(app.url("/api/bfg/import")).body("PK\u{3}\u{4}broken").send().await.expect("request");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v: Value = res.json().await.expect("json");
    assert!(v["error"].as_str().unwrap_or("").contains("it is not a zip file we can open"), "{v}");
    let res = app
        .client
        .post(app.url("/api/bfg/import"))
        .body(vec![b' '; 70 * 1024])
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
}
