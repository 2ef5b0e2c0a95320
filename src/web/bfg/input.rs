//! Reading what the battle tracker's and the odds calculator's forms and JSON bodies send, with
//! a message naming the field at fault when it does not read.

use crate::web::http::error::{AppError, json_rejection, read_json};
use crate::web::http::fields::Fields;
use crate::web::http::json::{self, Refusal};
use axum::http::HeaderMap;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// A whole number from a form field: `None` when left empty, the reason in words when it is not
/// a whole number that fits. Ranges are the engine's to judge.
pub fn whole(f: &Fields, name: &str, what: &str) -> Result<Option<u32>, String> {
    let raw = f.get(name).unwrap_or("").trim();
    if raw.is_empty() {
        return Ok(None);
    }
    if let Ok(n) = raw.parse::<u32>() {
        return Ok(Some(n));
    }
    let digits = raw.strip_prefix('-').unwrap_or(raw);
    let shown = crate::games::shown(raw);
    Err(if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        if raw.starts_with('-') {
            format!("{what} cannot be negative (it is {shown})")
        } else {
            format!("{what} is far too large (it is {shown})")
        }
    } else {
        format!("{what} must be a whole number, not \"{shown}\"")
    })
}

/// Reads a JSON body that names its kind in a field (`{"action": "reload", "ship": 1, ...}`)
/// as `T`, an enum whose serde writes the kind outside (`{"reload": {"ship": 1, ...}}`), by
/// turning the one into the other. Why: serde reads a kind named in a field through a buffer
/// that loses the path, so a field at fault could not be named ("it must be a whole number");
/// read this way it is ("ship must be a whole number from 0 to ..., not -1"). A body already
/// in `T`'s own shape (one field, holding an object) is read as it is. Not JSON: 400; not the
/// shape, or no kind: 422.
pub fn tagged<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: &[u8],
    tag: &str,
    noun: &str,
) -> Result<T, AppError> {
    let misfit = |detail: String| json_rejection(noun, Refusal::Misfit(detail));
    let mut fields: Map<String, Value> = read_json(headers, body, noun)?;
    let kind = match fields.remove(tag) {
        Some(Value::String(kind)) => kind,
        Some(other) => return Err(misfit(format!("{tag} must be a string, not {other}"))),
        // `T` as it writes itself: the kind outside, named in the path of a field at fault.
        None if fields.len() == 1 && fields.values().all(Value::is_object) => {
            return json::from_slice(body).map_err(|r| match r {
                Refusal::NotJson(_) => misfit(choice_misfit::<T>(&Value::Object(fields))),
                misfit => json_rejection(noun, misfit),
            });
        }
        None => {
            return Err(misfit(format!("it needs the field `{tag}`, which says what kind of {noun} it is")));
        }
    };
    let turned = Value::Object(Map::from_iter([(kind.clone(), Value::Object(fields))]));
    let bytes = serde_json::to_vec(&turned).map_err(anyhow::Error::from)?;
    json::from_slice(&bytes).map_err(|r| match r {
        Refusal::Misfit(detail) => misfit(unprefixed(&detail, &kind)),
        Refusal::NotJson(_) => misfit(unprefixed(&choice_misfit::<T>(&turned), &kind)),
    })
}

/// Why `value`, which is JSON, does not read as `T`, when reading its text said it was not JSON:
/// serde_json says so of a choice (an enum) sent as a number, `true` or a list. Read from the
/// value, it is a misfit at its path ("condition must be one of the names it takes (a string),
/// not 1").
fn choice_misfit<T: DeserializeOwned>(value: &Value) -> String {
    match serde_path_to_error::deserialize::<_, T>(value) {
        Err(e) => {
            let detail = e.inner().to_string().replace(", expected string or map", ", expected enum choice");
            json::sentence(&e.path().to_string(), &detail)
        }
        Ok(_) => "it does not fit".to_owned(),
    }
}

/// A message about `kind`'s fields as the client wrote them: without the kind in front.
fn unprefixed(detail: &str, kind: &str) -> String {
    if let Some(rest) = detail.strip_prefix(kind) {
        if let Some(rest) = rest.strip_prefix('.').or_else(|| rest.strip_prefix(": ")) {
            return rest.to_owned();
        }
        if rest.starts_with(' ') {
            return format!("it{rest}");
        }
    }
    detail.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, header};

    #[derive(Debug, PartialEq, serde::Deserialize)]
    #[serde(rename_all = "snake_case", deny_unknown_fields)]
    enum Order {
        Reload { ship: usize, success: bool },
        Pick { side: Side },
        NextTurn {},
    }

    #[derive(Debug, PartialEq, serde::Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Side {
        Port,
        Starboard,
    }

    fn read(body: &str) -> Result<Order, String> {
        let mut h = HeaderMap::new();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        tagged(&h, body.as_bytes(), "action", "order").map_err(|e| e.to_string())
    }

    #[test]
    fn the_field_at_fault_is_named() {
        assert_eq!(
            read(r#"{"action": "reload", "ship": 2, "success": true}"#),
            Ok(Order::Reload { ship: 2, success: true })
        );
        assert_eq!(read(r#"{"action": "next_turn"}"#), Ok(Order::NextTurn {}));
        // The enum's own shape reads too, and names the field at fault by its whole path.
        assert_eq!(
            read(r#"{"reload": {"ship": 2, "success": true}}"#),
            Ok(Order::Reload { ship: 2, success: true })
        );
        let err = read(r#"{"reload": {"ship": 2, "success": 1}}"#).unwrap_err();
        assert!(err.contains("reload.success must be"), "{err}");
        // A choice sent as a number is a misfit at its field, not broken JSON.
        let err = read(r#"{"action": "pick", "side": 1}"#).unwrap_err();
        assert_eq!(
            err,
            "The order does not fit the document format: side must be one of the names it takes (a string), not 1"
        );
        let err = read(r#"{"pick": {"side": true}}"#).unwrap_err();
        assert!(err.ends_with("pick.side must be one of the names it takes (a string), not true"), "{err}");
        let err = read(r#"{"action": "reload", "ship": -1, "success": true}"#).unwrap_err();
        assert!(
            err.starts_with("The order does not fit the document format: ship must be a whole number"),
            "{err}"
        );
        let err = read(r#"{"action": "reload", "ship": 1}"#).unwrap_err();
        assert_eq!(err, "The order does not fit the document format: it needs the field `success`");
        let err = read(r#"{"ship": 1}"#).unwrap_err();
        assert!(err.ends_with("it needs the field `action`, which says what kind of order it is"), "{err}");
        let err = read(r#"{"action": "surrender"}"#).unwrap_err();
        assert!(
            err.contains("unknown variant `surrender`, expected one of `reload`, `pick`, `next_turn`"),
            "{err}"
        );
        let err = read(r#"{"action": "reload", "ship": 1, "success": true, "speed": 3}"#).unwrap_err();
        assert!(err.contains("unknown field `speed`"), "{err}");
        assert!(read("[1]").is_err());
    }
}
