//! The boat designer: its pages, live figures, stat-line and JSON import. Saving, share pages,
//! copies, exports and the record sheet come from [`builder`].

pub mod api;
pub mod assist;
pub mod design_form;
mod facts;
pub mod view;

use crate::games::Problem;
use crate::games::boats::{self, Design, statline};
use crate::games::registry::Game;
use crate::store::builds::{Build, Facets};
use crate::web::flows::builder::{self, Builder, Editing, page, render_sized};
use crate::web::flows::print::Printed;
use crate::web::flows::saved::{download, file_name};
use crate::web::flows::share::Saved;
use crate::web::flows::view::{Judged, StartChoice};
use crate::web::http::error::AppError;
use crate::web::http::extract::PostedForm;
use crate::web::http::fields::Fields;
use crate::web::http::json;
use crate::web::http::rate::WriteLimit;
use crate::web::http::state::AppState;
use askama::Template;
use axum::Router;
use axum::extract::{Multipart, Query};
use axum::response::Response;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;
use std::sync::atomic::AtomicUsize;
use view::{BoatView, SheetBlock};

pub fn router(writes: &WriteLimit) -> Router<AppState> {
    Router::new()
        .route("/boats/new", get(new_design))
        .route("/boats/import", post(import_statline).layer(writes.clone()))
        .route("/boats/upload", post(upload_json).layer(writes.clone()))
        .merge(api::router(writes))
        .merge(builder::routes::<Boats>(writes))
}

/// The boat designer as a [`Builder`]: saving, sharing, copying and exporting come from there.
pub struct Boats;

impl Builder for Boats {
    const GAME: &'static Game = &crate::games::boats::GAME;
    const ENGINE_VERSION: u32 = boats::ENGINE_VERSION;
    const FORM: &'static str = "designer";
    type Doc = Design;
    type View = BoatView;

    crate::builder_parts! { judge, doc: design, form: design_form, share: ShowPage, print: SheetPage }
    /// The figures, their problem slots borrowed (`Verdict::slots_shown`), drawn into one buffer
    /// sized at the last answer (`builder::render_sized`, as every game's live answer).
    fn live(v: BoatView) -> Result<String, AppError> {
        static LAST: AtomicUsize = AtomicUsize::new(0);
        render_sized(&LivePage { slots: v.verdict.slots_shown(), v: &v }, &LAST)
    }
    /// The ledger and maneuver boxes stay as the player left them.
    fn judge_posted(d: Design, form_problems: Vec<Problem>, f: &Fields, live: bool) -> BoatView {
        BoatView::new(d, form_problems).with_boxes(f, live)
    }
    /// A blank hull (with its pilot) is where the designer starts: untouched until anything
    /// else is chosen.
    fn untouched(d: &Design) -> bool {
        d.hull.known().is_some_and(|hull| *d == Design { name: d.name.clone(), ..Design::blank(hull) })
    }
    fn stand_in(name: &str) -> Design {
        Design { name: name.to_owned(), ..Design::empty(boats::tables::ROWBOAT) }
    }
    fn editor(v: BoatView, at: Editing, whole: bool) -> Result<String, AppError> {
        let page = DesignerPage { at, ..DesignerPage::new(v) };
        Ok(if whole { page.render()? } else { page.as_designer().render()? })
    }
    fn forum_text(v: &BoatView) -> String {
        v.stat_line.clone()
    }
    /// The stat line, as a file to keep.
    fn text(v: &BoatView) -> Response {
        download(
            format!("{}\n", v.stat_line),
            "text/plain; charset=utf-8",
            &file_name(&v.design.name, "txt", Self::GAME.word),
        )
    }
    fn judgement(v: &BoatView) -> serde_json::Value {
        json!({ "legal": v.legal(), "figures": v.eval.figures, "problems": v.eval.problems })
    }
    /// Its cost, its hull, and every line of its ledger that is a part a player would name (not
    /// the body, cargo or links): "Heavy laser", "2 torpedoes", "Fire extinguisher".
    fn facets(v: &BoatView) -> Facets {
        use boats::evaluate::LineKind;
        let parts = v.eval.ledger.iter().filter(|l| {
            !matches!(
                l.kind,
                LineKind::Body(_) | LineKind::Cargo | LineKind::Links { .. } | LineKind::LinkGroup { .. }
            )
        });
        Facets {
            cost: Some(v.eval.figures.cost.rounded()),
            points: None,
            tag: v.design.hull.known().map(|h| h.name.to_owned()),
            parts: parts.map(boats::evaluate::Line::label).collect(),
        }
    }
}

/// The designer as the player sees it: new, or editing a saved build they own.
#[derive(Template)]
#[template(path = "boats/designer.html", blocks = ["designer"])]
pub struct DesignerPage {
    pub v: BoatView,
    /// The saved build being edited, if any, and how (its revision, a conflict, ...).
    pub at: Editing,
    /// Fragments of a pasted stat line that could not be read (with why, and the catalog items
    /// nearest to each), and notes on how it was read.
    pub unrecognized: Vec<statline::NotRead>,
    pub notes: Vec<String>,
}

impl DesignerPage {
    /// The designer, with its assistant (as the posted form left it, or closed).
    fn new(v: BoatView) -> Self {
        let v = if v.assist.is_some() { v } else { v.with_assist(assist::Settings::default()) };
        DesignerPage { v, at: Editing::default(), unrecognized: Vec::new(), notes: Vec::new() }
    }
}

#[derive(Template)]
#[template(path = "boats/live.html")]
struct LivePage<'a> {
    v: &'a BoatView,
    /// Each slot with problems: its id, its problems (borrowed from `v`), and none left out.
    slots: Vec<(String, &'a [crate::web::flows::view::ProblemView], usize)>,
}

#[derive(Template)]
#[template(path = "boats/start.html")]
struct StartPage {
    hulls: &'static [StartChoice],
    examples: &'static [StartChoice],
}

#[derive(Template)]
#[template(path = "boats/show.html")]
struct ShowPage {
    v: BoatView,
    b: Build,
    saved: Saved,
}

#[derive(Template)]
#[template(path = "boats/sheet.html")]
struct SheetPage {
    v: BoatView,
    p: Printed,
}

#[derive(Deserialize)]
struct NewQuery {
    from: Option<String>,
}

async fn new_design(Query(q): Query<NewQuery>) -> Result<Response, AppError> {
    match q.from.as_deref().filter(|s| !s.is_empty()) {
        None => {
            let (hulls, examples) = view::start_choices();
            page(&StartPage { hulls, examples })
        }
        Some(slug) => match view::start_design(slug) {
            Some(d) => builder::new_editor::<Boats>(d),
            None => Err(AppError::NotFound(format!(
                "There is no hull or example called \"{}\". Start from one of the choices on the designer's first page.",
                crate::games::shown(slug)
            ))),
        },
    }
}

/// Paste a published stat line to start from it.
async fn import_statline(form: PostedForm) -> Result<Response, AppError> {
    let f = form.fields();
    let text = f.text("statline");
    if text.trim().is_empty() {
        return Err(AppError::Unprocessable(
            "Paste a stat line into the box first, for example the Piranha's: \"Piranha: Dinghy, Small power plant, Propeller, Pilot only. ...\""
                .into(),
        ));
    }
    let imp = statline::parse(&text);
    // What was not read stays with the design (and the design incomplete) until dealt with.
    let (d, left_out) = imp.design_keeping_not_read();
    let v = BoatView::new(d, Vec::new());
    let mut notes = imp.notes_against(&v.eval);
    if left_out > 0 {
        notes.push(format!(
            "{left_out} more parts not read are listed above but not kept with the design: a design keeps at most {}.",
            statline::MAX_KEPT_NOT_READ
        ));
    }
    page(&DesignerPage { unrecognized: imp.not_read, notes, ..DesignerPage::new(v) })
}

/// Import a design document: a JSON file upload, or JSON pasted into a box.
async fn upload_json(mut multipart: Multipart) -> Result<Response, AppError> {
    let mut text = String::new();
    while let Some(field) = multipart.next_field().await.map_err(|e| {
        AppError::Status(e.status(), format!("The upload could not be read: {}", e.body_text()))
    })? {
        let name = field.name().unwrap_or("").to_owned();
        let data = field.text().await.map_err(|e| {
            AppError::Status(e.status(), format!("The upload could not be read: {}", e.body_text()))
        })?;
        if (name == "file" || name == "json") && !data.trim().is_empty() {
            text = data;
        }
    }
    if text.trim().is_empty() {
        return Err(AppError::Unprocessable("Choose a design file (.json) or paste its JSON first.".into()));
    }
    let d: Design = json::from_slice(text.as_bytes()).map_err(|r| {
        let (json::Refusal::NotJson(why) | json::Refusal::Misfit(why)) = r;
        AppError::Unprocessable(format!(
            "That file is not a Drydock boat design: {why}. Designs are the JSON that \"Download JSON\" gives."
        ))
    })?;
    let (d, problems) = builder::within_bounds((d, Vec::new()))?;
    page(&DesignerPage::new(BoatView::new(d, problems)))
}
