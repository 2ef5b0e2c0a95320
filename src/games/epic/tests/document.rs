//! The JSON document: round trips, defaults, refusals naming the field, the API's check.

use super::*;

#[test]
fn a_detachment_round_trips_through_json() {
    let d = Detachment {
        name: "Harbour Watch".to_string(),
        ..detachment(
            "imperial-marines",
            vec![main_force("sea-raider", 1).with_hq(), main_force("alligator-apc", 2), support("nautilus")],
        )
    };

    let json = serde_json::to_string(&d).unwrap_or_default();
    let back: Result<Detachment, _> = serde_json::from_str(&json);

    assert_eq!(back.ok(), Some(d));
}

#[test]
fn missing_optional_fields_take_their_defaults() {
    let json = r#"{"list": "ork-wetboyz", "choices": [{"section": "main", "entry": "mangler"}]}"#;

    let d: Result<Detachment, _> = serde_json::from_str(json);

    let d = d.ok();
    assert_eq!(d.as_ref().map(|d| d.version), Some(1));
    assert_eq!(d.as_ref().map(|d| d.name.as_str()), Some(""));
    assert_eq!(d.as_ref().map(|d| d.choices.clone()), Some(vec![main_force("mangler", 1)]));
    let bare: Result<Detachment, _> = serde_json::from_str(r#"{"list": "chaos-aqua"}"#);
    assert_eq!(bare.ok(), Some(Detachment::new("chaos-aqua")));
}

#[test]
fn a_document_without_a_list_or_with_a_misspelt_field_is_refused_naming_the_field() {
    let no_list = serde_json::from_str::<Detachment>(r#"{"choices": []}"#);
    let misspelt = serde_json::from_str::<Detachment>(
        r#"{"list": "chaos-aqua", "choices": [{"section": "main", "entry": "hellslammer", "cuont": 1}]}"#,
    );

    assert!(no_list.is_err_and(|e| e.to_string().contains("`list`")));
    assert!(misspelt.is_err_and(|e| e.to_string().contains("`cuont`")));
}

#[test]
fn a_check_serializes_for_the_api() {
    let c = check(&detachment("imperial-marines", vec![main_force("sea-raider", 1)]));

    let json = serde_json::to_value(&c).unwrap_or_default();

    assert_eq!(json["points"], 25);
    assert_eq!(json["legal"], false);
    assert_eq!(json["problems"][0]["code"], "HQ_MISSING");
    assert_eq!(json["problems"][0]["severity"], "error");
    assert_eq!(json["chain_of_command"][0]["step"], "Sea Raider");
    assert_eq!(json["sections"][1]["limit"], "1 to 10");
}

#[test]
fn the_readme_detachment_example_is_130_points_and_legal() {
    const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let json = README
        .split("## The Epic detachment document")
        .nth(1)
        .and_then(|rest| rest.split("```json").nth(1)?.split("```").next())
        .unwrap_or("");
    let d: Detachment = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let c = check(&d);
    assert_eq!(c.points, 130);
    assert!(c.legal);
    assert_eq!(c.chain_of_command.len(), 4);
}
