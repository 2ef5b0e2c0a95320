//! "Odds against…": from a ship's last launch, the exact odds against a target, inline on the
//! battle page (htmx) or as a page of its own (without JavaScript), with the calculator's link
//! prefilled. The target is a ship of another saved fleet (its link pasted, its ship chosen:
//! turrets and armour come from its profile) or turrets and armour typed in.

use crate::games::bfg::{self, Fleet, Role};
use crate::store::builds::looks_like_id;
use crate::web::bfg::odds::OddsView;
use crate::web::flows::saved::{document_from_saved, load};
use crate::web::http::error::AppError;
use crate::web::http::fields::Fields;
use crate::web::http::state::AppState;
use askama::Template;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};

use super::{Bfg, current, fleet_of};
use crate::web::flows::builder::Builder;

/// The odds inline, or on a page of their own.
#[derive(Template)]
#[template(path = "bfg/odds_against.html", blocks = ["inline"])]
struct OddsAgainst {
    a: Against,
}

/// A target ship of another fleet, as the select offers it.
pub struct Target {
    pub index: usize,
    pub label: String,
    pub selected: bool,
}

/// What the form and the answer show.
pub struct Against {
    /// The fleet's id, and the launching ship.
    pub id: String,
    pub ship: usize,
    pub ship_label: String,
    /// What was launched, in words ("a salvo of 6", "4 bombers and 2 fighters").
    pub launch: String,
    /// "torpedoes", "bombers" or "assault_boats"; `None` when the launch has nothing to attack
    /// a ship with (or there was none).
    pub kind: Option<&'static str>,
    /// The other fleet's link as typed, its name, and its ships.
    pub against: String,
    pub against_name: String,
    pub targets: Vec<Target>,
    pub facing: String,
    pub turrets: String,
    pub armour: String,
    pub massed: String,
    /// Why a target could not be read.
    pub problem: Option<String>,
    /// The calculator's address with these figures, and its answer.
    pub calculator: String,
    pub odds: Option<OddsView>,
}

impl Against {
    pub fn facings(&self) -> [(&'static str, &'static str, bool); 3] {
        [
            ("prow", "Prow", self.facing == "prow"),
            ("sides", "Sides", self.facing != "prow" && self.facing != "rear"),
            ("rear", "Rear", self.facing == "rear"),
        ]
    }
}

/// A fleet id from what a player pastes: a link to any of its pages, or the id.
fn fleet_id(text: &str) -> Option<String> {
    let t = text.trim();
    if looks_like_id(t) {
        return Some(t.to_owned());
    }
    let after = t.split("/bfg/").nth(1)?;
    let id: String = after.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    looks_like_id(&id).then_some(id)
}

pub async fn odds_against(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let (b, fleet) = fleet_of(&state, &id).await?;
    let query = query.unwrap_or_default();
    let f = Fields::parse(query.as_bytes());
    let ship: usize = f.get("ship").and_then(|s| s.trim().parse().ok()).unwrap_or(0);
    let cur = current(&state, &id, &fleet).await?;
    let mut a = Against {
        id: b.id.clone(),
        ship,
        ship_label: String::new(),
        launch: String::new(),
        kind: None,
        against: f.get("against").unwrap_or("").chars().take(200).collect(),
        against_name: String::new(),
        targets: Vec::new(),
        facing: f.get("facing").unwrap_or("sides").to_owned(),
        turrets: f.get("turrets").unwrap_or("").trim().to_owned(),
        armour: f.get("armour").unwrap_or("").trim().to_owned(),
        massed: f.get("massed").unwrap_or("0").trim().to_owned(),
        problem: None,
        calculator: "/bfg/odds".into(),
        odds: None,
    };
    // The launch: what the ship last put out, with its own fleet's list.
    let mut query: Vec<(String, String)> = Vec::new();
    if let (Ok(c), Ok(fl)) = (&cur, &fleet)
        && let Some(s) = c.battle.ships.get(ship)
    {
        a.ship_label = s.label.clone();
        if let Some(l) = &s.last_launch {
            launch_query(fl, s, l, &mut a, &mut query);
        }
    }
    // The target: a ship of another fleet, or figures typed in.
    let target: Option<usize> = f.get("target").and_then(|t| t.trim().parse().ok());
    if !a.against.trim().is_empty() {
        match fleet_id(&a.against) {
            None => a.problem = Some("That is not a link to a saved fleet: paste its page's address".into()),
            Some(other) => match load(&state, &other, &bfg::GAME).await {
                Err(e) => a.problem = Some(format!("No fleet at that link ({e})")),
                Ok(ob) => {
                    let (of, problems) = document_from_saved(&ob, || Bfg::stand_in(&ob.name));
                    if let Some(p) = problems.first() {
                        a.problem = Some(p.message.clone());
                    }
                    targets(&of, target, &mut a);
                }
            },
        }
    }
    if let Some(kind) = a.kind {
        for (k, v) in [("turrets", &a.turrets), ("massed", &a.massed)] {
            if !v.is_empty() {
                query.push((k.into(), v.clone()));
            }
        }
        if kind != "assault_boats" && !a.armour.is_empty() {
            query.push(("armour".into(), a.armour.clone()));
        }
        let q: String = form_urlencoded::Serializer::new(String::new()).extend_pairs(query.iter()).finish();
        a.calculator = format!("/bfg/odds?{q}");
        if !a.turrets.is_empty() && (kind == "assault_boats" || !a.armour.is_empty()) {
            a.odds = Some(OddsView::read(&Fields::parse(q.as_bytes())));
        }
    }
    let inline = headers.get("hx-request").is_some_and(|v| v.as_bytes() == b"true");
    let page = OddsAgainst { a };
    let body = if inline { page.as_inline().render()? } else { page.render()? };
    let mut r = Html(body).into_response();
    r.headers_mut().insert(header::VARY, HeaderValue::from_static("HX-Request"));
    Ok(r)
}

/// The calculator's question from a ship's last launch: torpedoes (its first salvo), bombers
/// with their escorting fighters, or assault boats.
fn launch_query(
    fleet: &Fleet,
    s: &bfg::ShipState,
    l: &bfg::LastLaunch,
    a: &mut Against,
    q: &mut Vec<(String, String)>,
) {
    if let Some(&strength) = l.salvoes.first() {
        a.kind = Some("torpedoes");
        a.launch = match l.salvoes.len() {
            1 => format!("a salvo of {strength}"),
            n => format!("{n} salvoes, the first of {strength}"),
        };
        q.push(("kind".into(), "torpedoes".into()));
        q.push(("strength".into(), strength.to_string()));
        // Salvoes that re-roll their misses (Eldar) say so in their weapon's row.
        let ship = bfg::ship(&s.class);
        let list = bfg::list_of(fleet);
        let options = fleet_options(fleet, &s.part);
        let rerolls = ship.is_some_and(|p| {
            bfg::Fitting::new(p, options, list)
                .weapons
                .iter()
                .any(|w| w.kind == bfg::WeaponKind::Torpedoes && w.detail.contains("re-roll"))
        });
        if rerolls {
            q.push(("reroll".into(), "on".into()));
        }
        return;
    }
    let (mut bombers, mut fighters, mut boats, mut only_on_6) = (0u32, 0u32, 0u32, false);
    for launch in &l.craft {
        let Some(c) = bfg::craft_by_id(&launch.craft) else { continue };
        only_on_6 |= c.turrets_hit_only_on_6;
        if c.has(Role::Bomber) || c.has(Role::TorpedoBomber) {
            bombers += launch.count;
        } else if c.has(Role::AssaultBoat) {
            boats += launch.count;
        } else {
            fighters += launch.count;
        }
    }
    let on6 = |q: &mut Vec<(String, String)>| {
        if only_on_6 {
            q.push(("turrets_hit_only_on_6".into(), "on".into()));
        }
    };
    if bombers > 0 {
        a.kind = Some("bombers");
        a.launch = format!("{bombers} bomber squadrons and {fighters} fighters");
        q.extend([
            ("kind".into(), "bombers".into()),
            ("bombers".into(), bombers.to_string()),
            ("fighters".into(), fighters.to_string()),
        ]);
        on6(q);
    } else if boats > 0 {
        a.kind = Some("assault_boats");
        a.launch = format!("{boats} assault boat squadrons and {fighters} fighters");
        q.extend([
            ("kind".into(), "assault_boats".into()),
            ("boats".into(), boats.to_string()),
            ("fighters".into(), fighters.to_string()),
        ]);
        on6(q);
    } else {
        a.launch = format!("{fighters} fighter squadrons: they attack ordnance, not ships");
    }
}

/// The options of a fleet entry ("ships.2", "squadrons.0").
fn fleet_options<'a>(fleet: &'a Fleet, part: &str) -> &'a [String] {
    let entry = part.split_once('.').and_then(|(list, i)| Some((list, i.parse::<usize>().ok()?)));
    match entry {
        Some(("ships", i)) => fleet.ships.get(i).map_or(&[], |s| &s.options[..]),
        Some(("squadrons", i)) => fleet.squadrons.get(i).map_or(&[], |s| &s.options[..]),
        _ => &[],
    }
}

/// The other fleet's ships as targets; the chosen one fills in turrets and armour (the facing's
/// for torpedoes, the lowest for attack craft).
fn targets(other: &Fleet, chosen: Option<usize>, a: &mut Against) {
    let c = bfg::check(other);
    a.against_name = if other.name.trim().is_empty() {
        format!("an unnamed {} fleet", c.faction_name.as_deref().unwrap_or("unknown"))
    } else {
        other.name.trim().to_owned()
    };
    let names = bfg::labels(other);
    let mut names = names.into_iter();
    let entries = c.ships.iter().chain(&c.squadrons).filter(|e| e.known);
    for (index, e) in entries.enumerate() {
        // A squadron is one target: its ships share a profile.
        let name = if e.kind == Some(bfg::Kind::Escort) {
            let mut first = String::new();
            for k in 0..e.count {
                let n = names.next().unwrap_or_default();
                if k == 0 {
                    first = n;
                }
            }
            if e.count > 1 { format!("{first} and its squadron") } else { first }
        } else {
            names.next().unwrap_or_default()
        };
        let Some(profile) = bfg::ship(&e.class) else { continue };
        let turrets = e.turrets.unwrap_or(0);
        let selected = chosen == Some(index);
        a.targets.push(Target {
            index,
            label: format!(
                "{name}: {turrets} turret{}, armour {}",
                if turrets == 1 { "" } else { "s" },
                profile.armour_text
            ),
            selected,
        });
        if selected {
            a.turrets = turrets.to_string();
            let armour = &profile.armour;
            a.armour = match (a.kind, a.facing.as_str()) {
                (Some("torpedoes"), "prow") => armour.prow,
                (Some("torpedoes"), "rear") => armour.rear,
                (Some("torpedoes"), _) => armour.sides,
                _ => armour.lowest(),
            }
            .to_string();
        }
    }
}
