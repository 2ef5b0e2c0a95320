//! The flows every builder shares, written once: save, change, share, copy, export, print,
//! listing in the gallery, deleting, and the JSON API for saved builds. A builder (the boat
//! designer, the Epic detachment builder) says what its document is, how its form is read and
//! how its pages look; [`routes`] wires the rest.

use super::conflict::Conflict;
use super::landing;
use super::owners;
use super::print::Printed;
use super::registered::{LiveFuture, LiveStage};
use super::saved::{self as shared, download, file_name, inline, load};
use super::view::Judged;
use crate::games::bounds::{self, Document, Named};
use crate::games::registry::Game;
use crate::games::{Problem, Shared};
use crate::store::builds::{Build, Content, Facets, Listing, looks_like_id};
use crate::web::http::codec::Refused;
use crate::web::http::error::{ApiError, ApiJson, AppError};
use crate::web::http::extract::{EditToken, PostedForm};
use crate::web::http::fields::Fields;
use crate::web::http::judging::{Judges, judged};
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post, put};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One kind of build: its document, how it is judged and how its pages are drawn.
pub trait Builder: Send + Sync + 'static {
    /// Its game: which builds in the store are this builder's, where its pages are, what they
    /// are called.
    const GAME: &'static Game;
    /// The rules engine's version, kept with every save.
    const ENGINE_VERSION: u32;
    /// The address under the game's path that draws the editor's form alone, for htmx:
    /// "designer" is `/boats/designer`; "builder" unless a builder says.
    const FORM: &'static str = "builder";

    /// The document the store keeps, the API takes and "Download JSON" gives.
    type Doc: Serialize + DeserializeOwned + Document + Named + Send + 'static;
    /// A document judged by the rules engine, ready for the pages.
    type View: Judged + Send + 'static;

    /// Judges a document; `form_problems` are what reading the form found (unreadable numbers).
    fn judge(doc: Self::Doc, form_problems: Vec<Problem>) -> Self::View;
    /// Judges a document posted from the editor, whose form may also say how the page was left
    /// (boxes open or closed); `live` for a live update. The same as [`Builder::judge`] unless
    /// a builder says otherwise.
    fn judge_posted(doc: Self::Doc, form_problems: Vec<Problem>, _f: &Fields, _live: bool) -> Self::View {
        Self::judge(doc, form_problems)
    }
    fn doc(v: &Self::View) -> &Self::Doc;
    /// Shown in place of a saved document this version cannot read.
    fn stand_in(name: &str) -> Self::Doc;
    /// Whether the store (and so the gallery) lists it as legal: no errors and nothing left
    /// unread from an import, so an incomplete build is never shown as legal.
    fn legal(v: &Self::View) -> bool {
        v.verdict().all_clear()
    }
    /// One line for the gallery.
    fn summary(v: &Self::View) -> String;
    /// The player's words for a field of its form, by path ("weapons.2.count" is "Count"), as
    /// its form's problems say them.
    fn label(path: &str) -> String {
        path.to_owned()
    }
    /// Reads the posted form into a document, through the form codec, with a problem for each
    /// field it could not read; a form that cannot be read at all is refused (422, nothing
    /// changed). Callers go through [`read_form`], which also keeps the document within its
    /// bounds.
    fn read(f: &Fields) -> Result<(Self::Doc, Vec<Problem>), Refused>;
    /// Does what the pressed button (the form's `action`) asks: add, remove or move a part.
    /// `f` holds the choices next to add buttons. Anything else changes nothing. A button that
    /// does not fit the form as posted (a row past the end of its list, a list it does not have)
    /// changes nothing either and gives the problem to show beside the form.
    fn press(doc: &mut Self::Doc, action: &str, f: &Fields) -> Option<Problem>;

    /// The editor page, new or for a saved build its owner is changing (`at`); `whole` false
    /// gives its form alone (htmx).
    fn editor(v: Self::View, at: Editing, whole: bool) -> Result<String, AppError>;
    /// A live update (htmx): the figures, and every problem slot (see [`Verdict::slots`](super::view::Verdict::slots)).
    fn live(v: Self::View) -> Result<String, AppError>;
    /// The read-only share page of a saved build.
    fn share(v: Self::View, b: Build, saved: super::share::Saved) -> Result<String, AppError>;
    /// The printable page; `p` is what its foot says about where the build lives (its share
    /// link and that link's QR code, on every printed page: `macros.html`, `printed`).
    fn print(v: Self::View, p: Printed) -> Result<String, AppError>;
    /// The text export (the forum post), as words: the default [`Builder::text`] shows it.
    fn forum_text(v: &Self::View) -> String;
    /// The text export as sent to the browser: shown (so it can be selected and copied) and
    /// saved under the build's name, unless a builder sends it otherwise.
    fn text(v: &Self::View) -> Response {
        let name = file_name(Self::doc(v).name(), "txt", Self::GAME.word);
        inline(Self::forum_text(v), "text/plain; charset=utf-8", &name)
    }
    /// What the JSON API says about a judged document (legality, figures, problems, ...).
    fn judgement(v: &Self::View) -> serde_json::Value;
    /// Whether a new build is still as the builder started it, whatever its name: its editor
    /// then starts neutral (see [`starting`]). By default, while it holds no entry at all.
    fn untouched(doc: &Self::Doc) -> bool {
        doc.entries() == 0
    }
    /// What the gallery sorts, filters and searches a build by: its cost or points, a tag (a
    /// boat's hull, a fleet's faction) and the parts it holds. None unless a builder says:
    /// its builds are then listed and found by name.
    fn facets(_v: &Self::View) -> Facets {
        Facets::default()
    }
}

/// Writes the [`Builder`] members that a game passes straight through to its form module, its
/// view and its page templates, so that its `impl Builder` holds only what is its own. Inside
/// the `impl`, each word names one group (any of them, in any order, comma-separated):
///
/// - `judge`: [`Builder::judge`] is the view's `new(doc, form_problems)`;
/// - `doc: field`: [`Builder::doc`] is the view's `field`, and [`Builder::summary`] its
///   `summary()`;
/// - `form: module`: [`Builder::read`], [`Builder::press`] and [`Builder::label`] are the
///   module's functions of those names;
/// - `text`: [`Builder::forum_text`] is the view's `text()`;
/// - `editor: Page.as_block`: [`Builder::editor`] draws `Page { v, at }`, whole or its block;
/// - `live: Page` (or `live: Page { slots }`, for a page given the verdict's problem slots):
///   [`Builder::live`] draws `Page { v }`;
/// - `share: Page`: [`Builder::share`] draws `Page { v, b, saved }`;
/// - `print: Page`: [`Builder::print`] draws `Page { v, p }`.
#[macro_export]
macro_rules! builder_parts {
    () => {};
    (judge $(, $($rest:tt)*)?) => {
        fn judge(doc: Self::Doc, form_problems: Vec<$crate::games::Problem>) -> Self::View {
            <Self::View>::new(doc, form_problems)
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (doc: $field:ident $(, $($rest:tt)*)?) => {
        fn doc(v: &Self::View) -> &Self::Doc {
            &v.$field
        }
        fn summary(v: &Self::View) -> String {
            v.summary()
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (form: $form:ident $(, $($rest:tt)*)?) => {
        fn label(path: &str) -> String {
            $form::label(path)
        }
        fn read(
            f: &$crate::web::http::fields::Fields,
        ) -> Result<(Self::Doc, Vec<$crate::games::Problem>), $crate::web::http::codec::Refused> {
            $form::read(f)
        }
        fn press(doc: &mut Self::Doc, action: &str, f: &$crate::web::http::fields::Fields) -> Option<$crate::games::Problem> {
            $form::press(doc, action, f)
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (text $(, $($rest:tt)*)?) => {
        fn forum_text(v: &Self::View) -> String {
            v.text()
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (editor: $page:ident . $block:ident $(, $($rest:tt)*)?) => {
        fn editor(
            v: Self::View,
            at: $crate::web::flows::builder::Editing,
            whole: bool,
        ) -> Result<String, $crate::web::http::error::AppError> {
            let page = $page { v, at };
            Ok(if whole { ::askama::Template::render(&page)? } else { ::askama::Template::render(&page.$block())? })
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (live: $page:ident { slots } $(, $($rest:tt)*)?) => {
        fn live(v: Self::View) -> Result<String, $crate::web::http::error::AppError> {
            use $crate::web::flows::view::Judged as _;
            static LAST: ::std::sync::atomic::AtomicUsize = ::std::sync::atomic::AtomicUsize::new(0);
            $crate::web::flows::builder::render_sized(&$page { slots: v.verdict().slots(), v }, &LAST)
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (live: $page:ident $(, $($rest:tt)*)?) => {
        fn live(v: Self::View) -> Result<String, $crate::web::http::error::AppError> {
            static LAST: ::std::sync::atomic::AtomicUsize = ::std::sync::atomic::AtomicUsize::new(0);
            $crate::web::flows::builder::render_sized(&$page { v }, &LAST)
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (share: $page:ident $(, $($rest:tt)*)?) => {
        fn share(
            v: Self::View,
            b: $crate::store::builds::Build,
            saved: $crate::web::flows::share::Saved,
        ) -> Result<String, $crate::web::http::error::AppError> {
            Ok(::askama::Template::render(&$page { v, b, saved })?)
        }
        $crate::builder_parts!($($($rest)*)?);
    };
    (print: $page:ident $(, $($rest:tt)*)?) => {
        fn print(v: Self::View, p: $crate::web::flows::print::Printed) -> Result<String, $crate::web::http::error::AppError> {
            Ok(::askama::Template::render(&$page { v, p })?)
        }
        $crate::builder_parts!($($($rest)*)?);
    };
}

/// Draws a page into one buffer sized at the last answer of the same page (`last`, one for each
/// page), an eighth more: a live answer is much the same size from one update to the next, and
/// growing the buffer from askama's guess had copied it three times over (a fleet's 20 KB answer
/// cost a seventh of its drawing in copies). Only the size is kept, never the answer. The buffer
/// is an [`Answer`](crate::web::http::escape::Answer), which takes askama's many short writes
/// for less than `String` does.
pub fn render_sized<T: askama::Template>(page: &T, last: &AtomicUsize) -> Result<String, AppError> {
    let hint = last.load(Ordering::Relaxed).max(T::SIZE_HINT);
    let mut out = crate::web::http::escape::Answer::with_capacity(hint.saturating_add(hint / 8));
    page.render_into(&mut out)?;
    last.store(out.len(), Ordering::Relaxed);
    Ok(out.into_string())
}

/// What an editor is drawn for: a new build (`build_id` None) or a saved one, and whether its
/// save actions offer to show the build in the gallery (its box ticked), as the flow drawing it
/// knows from the build's listing or what the posted form chose; and, for a copy its owner has
/// not saved yet, the build it was copied from.
pub struct Editing {
    pub build_id: Option<String>,
    pub listed: bool,
    pub copy_of: Option<CopyOf>,
    /// The saved build's revision the form was opened at (its saves are refused as a conflict
    /// once another save has moved it on); `None` for a new build or an older form.
    pub revision: Option<i64>,
    /// Drawn from a posted form (a save refused, a conflict) rather than from the store: the
    /// form holds the player's unsaved version, which the browser keeps as its draft.
    pub posted: bool,
    /// The save this page answers was refused: another save came first.
    pub conflict: Option<Conflict>,
}

/// The build a copy was made from, as its editor names it ("Your copy of River Watch").
pub struct CopyOf {
    pub id: String,
    /// Its share page.
    pub href: String,
    pub name: String,
}

impl Default for Editing {
    /// A new build, offered to the gallery.
    fn default() -> Self {
        Editing { build_id: None, listed: true, copy_of: None, revision: None, posted: false, conflict: None }
    }
}

impl Editing {
    /// The saved build `b`, as stored now.
    fn saved(b: &Build) -> Editing {
        // A copy not yet saved is offered to the gallery: saving it lists it, unless unticked.
        let listed = b.listing() != Listing::Unlisted;
        Editing { build_id: Some(b.id.clone()), listed, revision: Some(b.revision), ..Editing::default() }
    }

    /// The editor drawn again from a posted form: the build, gallery box, revision and original
    /// it says (its hidden fields, as `save_actions` writes them).
    pub fn from_form(f: &Fields, game: &Game) -> Editing {
        let copy_of = f.get("copy_of").filter(|id| looks_like_id(id)).map(|id| CopyOf {
            id: id.to_owned(),
            href: format!("{}/{id}", game.path),
            name: f.get("copy_of_name").unwrap_or("").chars().take(bounds::MAX_NAME_CHARS).collect(),
        });
        Editing {
            build_id: f.get("build_id").filter(|id| looks_like_id(id)).map(str::to_owned),
            listed: listing_posted(f) != Some(Listing::Unlisted),
            copy_of,
            revision: revision_posted(f),
            posted: true,
            conflict: None,
        }
    }
}

/// The revision a posted form was opened at, if it says.
fn revision_posted(f: &Fields) -> Option<i64> {
    f.get("revision").and_then(|r| r.trim().parse::<i64>().ok())
}

/// The listing a posted form chose with its gallery box; `None` when it has none (an older
/// form, a client of its own).
fn listing_posted(f: &Fields) -> Option<Listing> {
    f.get("listed").map(|v| Listing::of(v != "off"))
}

/// The routes every builder has, under its kind's path: save, share page, change, edit, copy,
/// exports, the printable page, and the JSON API for saved builds. Every route that writes a
/// build or tries an edit token passes `writes`; every one that judges a posted document
/// without saving it is [`judged`](crate::web::http::judging::judged).
pub fn routes<B: Builder>(writes: &WriteLimit) -> Router<AppState> {
    let base = B::GAME.path;
    Router::new()
        .route(&format!("{base}/design"), post(judged(redesign::<B>)))
        .route(&format!("{base}/{}", B::FORM), post(judged(form_fragment::<B>)))
        .route(base, post(save_new::<B>).layer(writes.clone()))
        .route(&format!("{base}/export.json"), post(export_json_unsaved::<B>))
        .route(&format!("{base}/export.txt"), post(judged(export_text_unsaved::<B>)))
        .route(&format!("{base}/{}", B::GAME.print), post(judged(print_unsaved::<B>)))
        .route(&format!("{base}/{{id}}"), get(show::<B>).merge(post(update::<B>).layer(writes.clone())))
        .route(&format!("{base}/{{id}}/edit"), get(edit::<B>).layer(writes.clone()))
        .route(&format!("{base}/{{id}}/fork"), post(fork::<B>).layer(writes.clone()))
        .route(
            &format!("{base}/{{id}}/delete"),
            get(confirm_delete::<B>).layer(writes.clone()).merge(post(delete::<B>).layer(writes.clone())),
        )
        .route(&format!("{base}/{{id}}/listing"), post(listing::<B>).layer(writes.clone()))
        .route(&format!("{base}/{{id}}/export.json"), get(export_json::<B>))
        .route(&format!("{base}/{{id}}/export.txt"), get(export_text::<B>))
        .route(&format!("{base}/{{id}}/{}", B::GAME.print), get(print::<B>))
        .route(&format!("/api{base}"), post(api_save::<B>).layer(writes.clone()))
        .route(&format!("/api{base}/{{id}}"), put(api_update::<B>).layer(writes.clone()))
}

/// A new build's view as its editor shows it: while it is as the builder started it
/// ([`Builder::untouched`]) it starts neutral, saying what to choose first
/// ([`Verdict::start`](super::view::Verdict::start)); a saved build, or one with anything chosen,
/// shows its whole verdict.
pub fn starting<B: Builder>(mut v: B::View, saved: bool) -> B::View {
    if !saved && B::untouched(B::doc(&v)) {
        v.verdict_mut().start(B::GAME.first);
    }
    v
}

/// The editor of a new build, drawn whole: a builder's `/new` page.
pub fn new_editor<B: Builder>(doc: B::Doc) -> Result<Response, AppError> {
    let at = Editing::default();
    html(B::editor(starting::<B>(B::judge(doc, Vec::new()), false), at, true))
}

/// Reads a saved build's document, judged (see [`shared::document_from_saved`]).
pub fn from_saved<B: Builder>(b: &Build) -> B::View {
    let (doc, problems) = shared::document_from_saved(b, || B::stand_in(&b.name));
    B::judge(doc, problems)
}

/// A document as JSON text (`pretty` for a download). A document that does not serialise is a
/// fault of ours: the request fails (500, logged) and nothing is stored or sent, never an empty
/// document.
fn document_text<T: Serialize>(doc: &T, game: &Game, pretty: bool) -> Result<String, AppError> {
    let text = if pretty { serde_json::to_string_pretty(doc) } else { serde_json::to_string(doc) };
    Ok(text.map_err(|e| anyhow::anyhow!("a {} document did not serialise: {e}", game.id))?)
}

/// What the store keeps for a judged document (see [`document_text`]).
fn content<B: Builder>(v: &B::View) -> Result<Content, AppError> {
    let doc = B::doc(v);
    let document = document_text(doc, B::GAME, false)?;
    Ok(Content {
        kind: B::GAME.id,
        name: doc.name().to_owned(),
        document,
        engine_version: B::ENGINE_VERSION,
        legal: B::legal(v),
        summary: B::summary(v),
        facets: B::facets(v),
    })
}

/// Why `document`, as stored, is not one a save of `B` could have written: not its document
/// (read as strictly as the API reads one), or beyond the bounds every document keeps. For
/// `drydock import`, which takes only rows a save could have written.
pub fn check_stored<B: Builder>(document: &str) -> Result<(), String> {
    let doc: B::Doc = crate::web::http::json::from_slice(document.as_bytes()).map_err(|r| {
        let (crate::web::http::json::Refusal::NotJson(why) | crate::web::http::json::Refusal::Misfit(why)) =
            r;
        format!("its document is not a {}: {why}", B::Doc::NOUN)
    })?;
    match bounds::beyond_bounds(&doc) {
        Some(why) => Err(format!("its document is past the limits: {why}")),
        None => Ok(()),
    }
}

/// A saved build's facets, judged again (for builds saved before there were any).
pub fn stored_facets<B: Builder>(b: &Build) -> Facets {
    B::facets(&from_saved::<B>(b))
}

/// Reads a posted form into a document and does what its pressed button asks: every row it
/// holds, or, when that is more than a document may hold (or a name is too long), a 422 that
/// says so and changes nothing. A form is never cut short without a word. A button that does
/// not fit the form is a problem beside it, like a field that cannot be read (so a save that
/// carries one is refused): the document is as posted.
pub fn read_form<B: Builder>(f: &Fields) -> Result<(B::Doc, Vec<Problem>), AppError> {
    let (mut doc, mut problems) = read_unpressed::<B>(f)?;
    problems.extend(B::press(&mut doc, f.get("action").unwrap_or(""), f));
    within_bounds((doc, problems))
}

/// Reads a posted form as it stands, without its button (a live update).
fn read_unpressed<B: Builder>(f: &Fields) -> Result<(B::Doc, Vec<Problem>), AppError> {
    let read = B::read(f)?;
    within_bounds(read)
}

/// A document read from a form, or the 422 for one beyond the bounds every document keeps.
pub fn within_bounds<D: Document>(read: (D, Vec<Problem>)) -> Result<(D, Vec<Problem>), AppError> {
    match bounds::beyond_bounds(&read.0) {
        None => Ok(read),
        Some(why) => Err(AppError::Unprocessable(format!(
            "Nothing was saved or changed: {why}. Go back to the page and make it smaller."
        ))),
    }
}

/// The posted form, read and judged.
fn judged_form<B: Builder>(f: &Fields) -> Result<B::View, AppError> {
    let (doc, problems) = read_form::<B>(f)?;
    Ok(B::judge(doc, problems))
}

/// The posted form, read and judged for saving. A form with a field that could not be read is
/// not saved, since the field's default would be kept in place of what was typed: the editor
/// comes back (422) with each such field's problem beside it and a word that nothing was saved.
fn form_to_save<B: Builder>(f: &Fields) -> Result<Result<B::View, Response>, AppError> {
    let (doc, mut problems) = read_form::<B>(f)?;
    if problems.is_empty() {
        return Ok(Ok(B::judge(doc, problems)));
    }
    let n = problems.iter().filter(|p| p.code != Shared::BadButton).count();
    let why = match n {
        0 => "Nothing was saved: the button sent with the form does not fit it. Check the form, then save \
              again."
            .to_owned(),
        1 => "Nothing was saved: a field could not be read. Correct what is marked, then save again."
            .to_owned(),
        n => format!(
            "Nothing was saved: {n} fields could not be read. Correct what is marked, then save again."
        ),
    };
    problems.insert(0, Problem::error(Shared::NotSaved, None, why));
    let page = B::editor(B::judge_posted(doc, problems, f, false), Editing::from_form(f, B::GAME), true)?;
    Ok(Err((StatusCode::UNPROCESSABLE_ENTITY, Html(page)).into_response()))
}

fn html(page: Result<String, AppError>) -> Result<Response, AppError> {
    Ok(crate::web::http::headers::html(page?))
}

/// The editor drawn again from its posted form, after its button: whole (without
/// JavaScript, every button posts here) or its form alone (htmx).
fn editor_from<B: Builder>(form: &PostedForm, whole: bool) -> Result<Response, AppError> {
    let f = form.fields();
    let (doc, problems) = read_form::<B>(&f)?;
    let at = Editing::from_form(&f, B::GAME);
    let v = starting::<B>(B::judge_posted(doc, problems, &f, false), at.build_id.is_some());
    let page = B::editor(v, at, whole)?;
    Ok(Html(landing::land(page, f.get("action").unwrap_or(""))).into_response())
}

async fn redesign<B: Builder>(form: PostedForm) -> Result<Response, AppError> {
    editor_from::<B>(&form, true)
}

async fn form_fragment<B: Builder>(form: PostedForm) -> Result<Response, AppError> {
    editor_from::<B>(&form, false)
}

/// With htmx: the figures and every part's problems, as the player types. Its three stages are
/// apart ([`live_read`], [`live_judge`], then [`Builder::live`] draws) so that benches/live.rs
/// counts each one's instructions in the very code this route runs.
async fn live<B: Builder>(form: PostedForm) -> Result<Response, AppError> {
    let f = form.fields();
    let read = live_read::<B>(&f)?;
    html(B::live(live_judge::<B>(read, &f)))
}

/// A posted live update of `B`'s form: the live route's handler, `judged(live)`. The route is
/// not the router's: the app answers every game's `{path}/live` in front of its router
/// (`web::Lives`), the request players make most, with this.
pub fn live_answer<B: Builder>(req: axum::extract::Request, judges: Option<Arc<Judges>>) -> LiveFuture {
    axum::handler::Handler::call(judged(live::<B>), req, judges)
}

/// A live update's first stage: the posted form read into a document, as it stands (no button).
pub fn live_read<B: Builder>(f: &Fields) -> Result<(B::Doc, Vec<Problem>), AppError> {
    read_unpressed::<B>(f)
}

/// A live update's second stage: the document judged, neutral while it is untouched and unsaved.
pub fn live_judge<B: Builder>((doc, problems): (B::Doc, Vec<Problem>), f: &Fields) -> B::View {
    let saved = f.get("build_id").is_some_and(looks_like_id);
    starting::<B>(B::judge_posted(doc, problems, f, true), saved)
}

/// A live update of `f` up to `stage`, each stage the live route's own: the read document's
/// problems, the judged view, or the drawn answer, measured (problems, 1, bytes) and kept from the
/// optimiser, so benches/live.rs can count each stage's instructions.
pub fn live_upto<B: Builder>(f: &Fields, stage: LiveStage) -> Result<usize, AppError> {
    let read = live_read::<B>(f)?;
    if stage == LiveStage::Read {
        return Ok(std::hint::black_box(read).1.len());
    }
    let v = std::hint::black_box(live_judge::<B>(read, f));
    if stage == LiveStage::Judge {
        return Ok(1);
    }
    Ok(B::live(v)?.len())
}

/// The game's example (`Game::example`) as its form posts it.
pub fn example_form<B: Builder>() -> Result<Vec<(String, String)>, String> {
    let doc: B::Doc =
        serde_json::from_str(B::GAME.example).map_err(|e| format!("{}'s example: {e}", B::GAME.id))?;
    Ok(crate::web::http::codec::encode(&doc))
}

/// Save as a new build: the owner gets the edit token in a cookie and lands on the share page,
/// which shows the private edit link.
async fn save_new<B: Builder>(State(state): State<AppState>, form: PostedForm) -> Result<Response, AppError> {
    let f = form.fields();
    let c = match form_to_save::<B>(&f)? {
        Ok(v) => content::<B>(&v)?,
        Err(refused) => return Ok(refused),
    };
    let listing = listing_posted(&f).unwrap_or(Listing::Listed);
    shared::save_as_new(&state, &c, f.get("parent_id"), listing).await
}

/// Save changes to a saved build: only with its edit token, else 403 and nothing changes. A
/// form opened at an older revision than the build's now (another save came first) is refused
/// as a conflict: 409, the editor drawn again with the player's version in its form and where
/// the saved version differs from it; nothing written.
async fn update<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    token: EditToken,
    form: PostedForm,
) -> Result<Response, AppError> {
    let f = form.fields();
    let v = match form_to_save::<B>(&f)? {
        Ok(v) => v,
        Err(refused) => return Ok(refused),
    };
    let listing = listing_posted(&f);
    let asked = (f.get("token"), listing, revision_posted(&f));
    match shared::save_changes(&state, B::GAME, &id, &token, asked, &content::<B>(&v)?).await? {
        Ok(saved) => Ok(saved),
        Err(now) => conflict_page::<B>(&f, B::doc(&v), &now),
    }
}

/// The editor answering a save refused as a conflict with the build as it is `now`.
fn conflict_page<B: Builder>(f: &Fields, yours: &B::Doc, now: &Build) -> Result<Response, AppError> {
    let saved = from_saved::<B>(now);
    let conflict = Conflict::new(now, B::doc(&saved), yours, B::label);
    let (doc, mut problems) = read_form::<B>(f)?;
    let message = format!(
        "Nothing was saved: this build was saved again on {}, after this form was opened. Your version is \
         kept in the form; save again to replace the saved one with it.",
        conflict.saved_at
    );
    problems.insert(0, Problem::error(Shared::Conflict, None, message));
    let at = Editing {
        build_id: Some(now.id.clone()),
        revision: Some(now.revision),
        conflict: Some(conflict),
        ..Editing::from_form(f, B::GAME)
    };
    let page = B::editor(B::judge_posted(doc, problems, f, false), at, true)?;
    Ok((StatusCode::CONFLICT, Html(page)).into_response())
}

/// A share page. Takes the request whole rather than a copy of its headers: this is the page
/// visitors load most.
async fn show<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::ShowQuery>,
    req: axum::extract::Request,
) -> Result<Response, AppError> {
    let at = (req.uri().path(), id.as_str());
    super::share::share_page(&state, B::GAME, at, req.headers(), q.saved.is_some(), |b, saved| {
        B::share(from_saved::<B>(&b), b, saved)
    })
    .await
}

/// The editor for a saved build, for its owner; an edit link's token is adopted first.
async fn edit<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::EditQuery>,
    token: EditToken,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    if let Some(answer) = shared::edit_gate(&b, q.token.as_deref(), &token)? {
        return Ok(answer);
    }
    // A copy not yet saved names the build it was copied from, unless that build is unlisted
    // (a copy never leads to an unlisted original) or gone.
    let mut at = Editing::saved(&b);
    if let (Listing::Copy, Some(parent)) = (b.listing(), &b.parent_id) {
        let original = crate::store::builds::get(&state.db, parent).await?;
        at.copy_of = original
            .filter(|p| p.listing() != Listing::Unlisted && p.deleted_at.is_none())
            .map(|p| CopyOf { id: parent.clone(), href: format!("{}/{parent}", B::GAME.path), name: p.name });
    }
    html(B::editor(from_saved::<B>(&b), at, true))
}

/// Asks its owner to confirm deleting a build.
async fn confirm_delete<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    token: EditToken,
) -> Result<Response, AppError> {
    owners::confirm_delete(&state, B::GAME, &id, &token).await
}

/// Deletes a build, for its owner, once confirmed.
async fn delete<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    token: EditToken,
    form: PostedForm,
) -> Result<Response, AppError> {
    owners::delete(&state, B::GAME, &id, &token, &form.fields()).await
}

/// Lists a build in the gallery or takes it out, for its owner.
async fn listing<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    token: EditToken,
    form: PostedForm,
) -> Result<Response, AppError> {
    owners::set_listing(&state, B::GAME, &id, &token, &form.fields()).await
}

/// "Edit a copy": a new build with the same document that remembers where it came from.
async fn fork<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    let (mut doc, _) = shared::document_from_saved(&b, || B::stand_in(&b.name));
    let name = shared::copy_name(doc.name());
    doc.rename(name);
    shared::save_copy(&state, &content::<B>(&B::judge(doc, Vec::new()))?, &b).await
}

async fn export_json<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    Ok(shared::stored_json(&b, B::GAME.word))
}

async fn export_json_unsaved<B: Builder>(form: PostedForm) -> Result<Response, AppError> {
    let (doc, _) = read_form::<B>(&form.fields())?;
    Ok(download(
        document_text(&doc, B::GAME, true)?,
        "application/json",
        &file_name(doc.name(), "json", B::GAME.word),
    ))
}

async fn export_text<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    Ok(B::text(&from_saved::<B>(&b)))
}

async fn export_text_unsaved<B: Builder>(form: PostedForm) -> Result<Response, AppError> {
    Ok(B::text(&judged_form::<B>(&form.fields())?))
}

async fn print<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let b = load(&state, &id, B::GAME).await?;
    let url = format!("{}{}", state.public.as_str(), shared::share_path(&b));
    html(B::print(from_saved::<B>(&b), Printed::saved(url)))
}

/// The printable page of an editor's form. Its foot links the build the form edits, if any (as
/// last saved: the paper may hold changes not saved), and says so; a new build has no link yet.
async fn print_unsaved<B: Builder>(
    State(state): State<AppState>,
    form: PostedForm,
) -> Result<Response, AppError> {
    let f = form.fields();
    let editing = f.get("build_id").filter(|id| looks_like_id(id));
    let url = editing.map(|id| format!("{}{}/{id}", state.public.as_str(), B::GAME.path));
    html(B::print(judged_form::<B>(&f)?, Printed::from_form(url)))
}

/// JSON API: save a document as a new build.
async fn api_save<B: Builder>(
    State(state): State<AppState>,
    ApiJson(doc): ApiJson<B::Doc>,
) -> Result<Response, ApiError> {
    let v = B::judge(doc, Vec::new());
    shared::api_create(&state, &content::<B>(&v)?, B::judgement(&v)).await
}

/// JSON API: replace a saved build's document; needs its token in `X-Edit-Token`. With
/// `?revision=N` (the revision the client read), only if no other save came since: 409 with
/// the revision now otherwise, nothing written.
async fn api_update<B: Builder>(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<shared::RevisionQuery>,
    token: EditToken,
    ApiJson(doc): ApiJson<B::Doc>,
) -> Result<Response, ApiError> {
    let v = B::judge(doc, Vec::new());
    let b = match shared::api_replace(&state, &id, &token, &content::<B>(&v)?, q.revision).await? {
        Ok(b) => b,
        Err(refused) => return Ok(refused),
    };
    Ok(Json(shared::merged(json!({ "id": b.id, "revision": b.revision }), B::judgement(&v))).into_response())
}

/// A page as an HTML answer.
pub fn page(t: &impl askama::Template) -> Result<Response, AppError> {
    Ok(Html(t.render()?).into_response())
}

#[cfg(test)]
mod tests {
    use super::document_text;
    use crate::games::waffle;

    /// A document serde cannot write, as a bug of ours could make one.
    struct Unwritable;

    impl serde::Serialize for Unwritable {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("a map keyed by a struct"))
        }
    }

    #[test]
    fn a_document_that_does_not_serialise_is_an_error_never_an_empty_save_or_download() {
        for pretty in [false, true] {
            assert!(document_text(&Unwritable, &waffle::GAME, pretty).is_err());
        }
        let roster = waffle::Roster::default();
        let text = document_text(&roster, &waffle::GAME, false).unwrap_or_default();
        assert_eq!(serde_json::from_str::<waffle::Roster>(&text).ok(), Some(roster));
    }
}
