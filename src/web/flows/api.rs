//! What every game's JSON API shares. Each game's own API is in its web module
//! (`boats::api`, `epic::api`); saving and changing builds is in `builder`.

use crate::web::http::error::{ApiError, AppError};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// A JSON answer made once (a catalog): its bytes, or why it would not serialise.
pub type Made = Result<Vec<u8>, serde_json::Error>;

/// A JSON answer made once at start (a catalog), which browsers and proxies may keep a while;
/// one that would not serialise is a fault of ours (500, the cause logged), never an empty body.
pub fn cached_json(made: &'static Made) -> Result<Response, ApiError> {
    let bytes = match made {
        Ok(bytes) => bytes.as_slice(),
        Err(e) => return Err(AppError::Internal(anyhow::anyhow!("a catalog does not serialise: {e}")).into()),
    };
    let mut r = bytes.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300"));
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;
    use std::sync::LazyLock;

    static BROKEN: LazyLock<Made> = LazyLock::new(|| {
        let keyed_by_a_list: std::collections::BTreeMap<Vec<u8>, u8> = [(vec![1], 1)].into();
        serde_json::to_vec(&keyed_by_a_list)
    });
    static FINE: LazyLock<Made> = LazyLock::new(|| serde_json::to_vec(&[1, 2]));

    #[test]
    fn a_catalog_that_does_not_serialise_is_a_server_error_never_an_empty_answer() {
        let refused = cached_json(&BROKEN).err().map(|e| e.0);
        assert_eq!(refused.map(|e| e.status_code()), Some(StatusCode::INTERNAL_SERVER_ERROR));
        let answer = cached_json(&FINE).ok().map(|r| r.status());
        assert_eq!(answer, Some(StatusCode::OK));
    }
}
