//! What a request carries that handlers take as arguments rather than read by hand: the edit
//! tokens it holds ([`EditToken`]) and its posted form ([`PostedForm`]).

use super::error::{ApiError, AppError};
use super::fields::Fields;
use crate::store::builds::Build;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use std::convert::Infallible;

/// What the cookie holding a build's edit token is called, before the build's id.
pub const EDIT_COOKIE: &str = "dd_edit_";

/// The edit tokens a request carries: the `X-Edit-Token` header (API clients) and this browser's
/// edit cookies (one per build it saved). A posted form's `token` field is the form's to give
/// ([`EditToken::for_build`] takes it); an edit link's `?token=` is its editor page's query.
/// Taking it never refuses a request: a route that needs a token says so when it finds none.
#[derive(Debug, Default)]
pub struct EditToken {
    header: Option<String>,
    /// (build id as named, token), in the order sent.
    cookies: Vec<(String, String)>,
}

impl EditToken {
    /// The tokens in these headers.
    pub fn read(headers: &HeaderMap) -> EditToken {
        EditToken {
            header: header_token(headers).map(str::to_owned),
            cookies: edit_cookies(headers).map(|(id, t)| (id.to_owned(), t.to_owned())).collect(),
        }
    }

    /// The token for build `id`: the `X-Edit-Token` header, else the form's `token` field (when
    /// not empty), else the build's cookie. The first found is the one tried; the others are not
    /// looked at.
    pub fn for_build<'a>(&'a self, id: &str, form_token: Option<&'a str>) -> Option<&'a str> {
        self.header.as_deref().or(form_token.filter(|t| !t.is_empty())).or_else(|| self.cookie(id))
    }

    /// The token this browser keeps for build `id` in its cookie, if any.
    pub fn cookie(&self, id: &str) -> Option<&str> {
        self.cookies().find(|(k, _)| *k == id).map(|(_, v)| v)
    }

    /// Every edit cookie: (build id as named, token), in the order sent.
    pub fn cookies(&self) -> impl Iterator<Item = (&str, &str)> {
        self.cookies.iter().map(|(id, t)| (id.as_str(), t.as_str()))
    }

    /// Whether the request may edit the build.
    pub fn owns(&self, b: &Build) -> bool {
        self.for_build(&b.id, None).is_some_and(|t| b.token_matches(t))
    }

    /// The token an API request sends in `X-Edit-Token`, or the 403 that asks for it.
    pub fn api(&self) -> Result<&str, ApiError> {
        self.header.as_deref().ok_or_else(|| {
            ApiError(AppError::Forbidden("Send the build's edit token in the X-Edit-Token header.".into()))
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for EditToken {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(EditToken::read(&parts.headers))
    }
}

/// Whether a request carries an edit token for build `id`, read in place (no copies): a share
/// page's visitor who carries none is served the kept page. The same tokens as
/// [`EditToken::for_build`] without a form.
pub fn carries(headers: &HeaderMap, id: &str) -> bool {
    header_token(headers).is_some() || edit_cookies(headers).any(|(k, _)| k == id)
}

/// The header an edit token may come in, named once rather than parsed from text at each look.
pub const X_EDIT_TOKEN: axum::http::HeaderName = axum::http::HeaderName::from_static("x-edit-token");

/// The `X-Edit-Token` header, when it is text.
fn header_token(headers: &HeaderMap) -> Option<&str> {
    headers.get(X_EDIT_TOKEN).and_then(|v| v.to_str().ok())
}

/// Every edit cookie the headers carry: (build id as named, token), in the order sent.
/// (Compares names in place: share pages ask this on every visit.)
fn edit_cookies(headers: &HeaderMap) -> impl Iterator<Item = (&str, &str)> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .filter_map(|(k, v)| Some((k.strip_prefix(EDIT_COOKIE)?, v)))
}

/// A posted form's body, as it came (within the body limit: over it, the limit layer's 413, as
/// for any body). Its fields borrow from it, read when asked ([`PostedForm::fields`]): nothing is
/// copied on the way. A body that is not a form reads as the fields it has (often none), and each
/// route says what it misses, as it always did.
#[derive(Debug, Default)]
pub struct PostedForm(pub Bytes);

impl PostedForm {
    /// The form's fields.
    pub fn fields(&self) -> Fields<'_> {
        Fields::parse(&self.0)
    }
}

impl<S: Send + Sync> FromRequest<S> for PostedForm {
    type Rejection = BytesRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        Ok(PostedForm(Bytes::from_request(req, state).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_header_comes_first_then_a_form_token_then_the_builds_own_cookie() {
        let h = headers(&[("cookie", "dd_edit_aaa=ca; other=x"), ("cookie", "dd_edit_bbb=cb")]);
        let t = EditToken::read(&h);
        assert_eq!(t.for_build("aaa", None), Some("ca"));
        assert_eq!(t.for_build("bbb", None), Some("cb"));
        assert_eq!(t.for_build("ccc", None), None);
        assert_eq!(t.for_build("aaa", Some("form")), Some("form"));
        assert_eq!(t.for_build("aaa", Some("")), Some("ca"), "an empty form token is none");
        assert!(t.api().is_err());
        assert!(carries(&h, "aaa") && !carries(&h, "ccc"));
        assert_eq!(t.cookies().collect::<Vec<_>>(), [("aaa", "ca"), ("bbb", "cb")]);

        let h = headers(&[("x-edit-token", "api"), ("cookie", "dd_edit_aaa=ca")]);
        let t = EditToken::read(&h);
        assert_eq!(t.for_build("aaa", Some("form")), Some("api"));
        assert_eq!(t.api().ok(), Some("api"));
        assert!(carries(&h, "zzz"));
    }
}
