//! What the battle page shows, prepared for its template: each ship's hits, shields and state and
//! what it can do, the squadrons' one-order launches, the fleet's attack craft against its
//! limit, the order undo would take back, the log newest first, and where a refusal goes. Past
//! [`EVERY_CARDS_ORDERS_UP_TO`] ships the cards are folded: only the open one draws its forms,
//! and the page comes back to it after its order. Nothing here judges an order: the engine's
//! status says what each ship can do, the battle what it has done.

use crate::games::bfg::{self, Action, Condition, Fleet, LogEntry};
use crate::store::builds::Build;
use crate::web::http::fields::Fields;

use super::{Current, NoBattle};

/// The decisions the battle page shows: the crippled-bays rounding first (it is also shown by
/// the fleet's limit), then the others that bear on the tracker.
const SHOWN_DECISIONS: [&str; 13] = [
    "crippled-bays",
    "crippled-at-half",
    "crippled-torpedoes",
    "braced",
    "braced-reload",
    "reload-order",
    "never-runs-out",
    "over-limit",
    "recall",
    "markers-by-craft",
    "escorts",
    "rolled-strength",
    "undo",
];

/// Battles of up to this many ships (escorts counted one by one) draw every card's order forms.
/// Past it, the cards are folded: each offers "Orders", and only the card being given orders
/// draws its forms (`?orders=ship-3`). A battle of 300 ships with every form drawn is two
/// megabytes (issue 24).
pub const EVERY_CARDS_ORDERS_UP_TO: usize = crate::web::flows::view::ROWS_DRAWN_WHOLE;

/// Whether a battle of `ships` ships has its cards folded.
pub fn folds(ships: usize) -> bool {
    ships > EVERY_CARDS_ORDERS_UP_TO
}

/// The element id of a ship's card ("ship-3"), where the page lands after its orders.
pub fn ship_card(ship: impl std::fmt::Display) -> String {
    format!("ship-{ship}")
}

/// The element id of a squadron's card, by its key ("squadrons.0" is "squadron-squadrons-0").
pub fn squadron_card(key: &str) -> String {
    format!("squadron-{}", squadron_dom(key))
}

/// A message as a sentence: with its full stop.
fn sentence(mut s: String) -> String {
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

/// A decision's words, by id.
fn decision(id: &str) -> &'static str {
    bfg::Decision::find(bfg::DECISIONS, id).map_or("", |d| d.text)
}

/// The DOM id piece of a squadron key ("group:Red" becomes "group-Red").
pub fn squadron_dom(key: &str) -> String {
    key.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect()
}

/// The battle as the page shows it.
pub struct BattleView {
    pub id: String,
    pub title: String,
    pub faction: String,
    /// This browser holds the fleet's edit token: the order forms show.
    pub owner: bool,
    /// Stored; otherwise this is the battle as it would begin.
    pub started: bool,
    /// The stored revision drawn (0 before it starts), for watchers to compare with the stream.
    pub revision: i64,
    pub turn: u32,
    /// Why no orders can be given (a fleet changed since the battle began, a record this
    /// version cannot read), in the engine's words.
    pub problem: Option<String>,
    pub ships: Vec<ShipRow>,
    pub squadrons: Vec<SquadronRow>,
    pub fleet: Option<FleetLine>,
    /// The order undoing would take back.
    pub undo: Option<String>,
    /// Newest first.
    pub log: Vec<LogEntry>,
    pub log_dropped: u32,
    /// The form whose order was refused, and why.
    pub refused: Option<(String, String)>,
    /// The field of that form that could not be read as an order ("hits", "craft.{id}"), if
    /// that is why: its input is marked invalid and described by the refusal.
    pub misread: Option<String>,
    /// Whether a form on the page has that key (otherwise the refusal shows at the top alone).
    placed: bool,
    /// Past [`EVERY_CARDS_ORDERS_UP_TO`] ships: cards offer "Orders" instead of drawing their forms.
    pub folded: bool,
    /// The card (its element id: "ship-3", "squadron-squadrons-0") whose orders are drawn when
    /// the cards are folded.
    pub open: Option<String>,
    /// The open card's first field is marked `autofocus` (its "Orders" was pressed).
    pub landing: bool,
}

/// Where a page lands after an order: the ship's card, or the fleet's line.
pub(super) fn anchor(a: &Action) -> String {
    match a {
        Action::LaunchCraft { ship, .. }
        | Action::LaunchTorpedoes { ship, .. }
        | Action::Reload { ship, .. }
        | Action::Hits { ship, .. }
        | Action::SetCondition { ship, .. }
        | Action::Shields { ship, .. }
        | Action::Brace { ship, .. } => ship_card(ship),
        Action::LaunchSquadron { .. } => "squadrons".into(),
        Action::RemoveMarkers { .. } | Action::NextTurn {} | Action::Undo {} => "fleet".into(),
    }
}

/// Which form was sent: its order and ship (or squadron), as [`ShipRow::key`] names it.
pub(super) fn form_key(f: &Fields) -> String {
    let action = f.get("action").unwrap_or("");
    match (f.get("ship"), f.get("squadron")) {
        (Some(ship), _) if !ship.is_empty() => format!("{action}-{ship}"),
        (_, Some(q)) if !q.is_empty() => format!("{action}-{}", squadron_dom(q)),
        _ => action.to_owned(),
    }
}

/// The card of the ship or squadron an order is for (its element id), if any.
pub(super) fn card_of_action(a: &Action) -> Option<String> {
    match a {
        Action::LaunchSquadron { squadron, .. } => Some(squadron_card(squadron)),
        Action::RemoveMarkers { .. } | Action::NextTurn {} | Action::Undo {} => None,
        ship => Some(anchor(ship)),
    }
}

/// The card a form was sent from (its element id), if a ship's or a squadron's: the ship or
/// squadron as sent, which may name no card.
pub(super) fn card_of(f: &Fields) -> Option<String> {
    match (f.get("ship"), f.get("squadron")) {
        (Some(ship), _) if !ship.is_empty() => Some(ship_card(ship)),
        (_, Some(q)) if !q.is_empty() => Some(squadron_card(q)),
        _ => None,
    }
}

/// One ship as the page shows it.
pub struct ShipRow {
    pub index: usize,
    pub label: String,
    pub condition: &'static str,
    pub braced: bool,
    pub escort: bool,
    /// Hits of the profile, taken, and the damage at which it is crippled.
    pub hits: u32,
    pub damage: u32,
    pub crippled_at: u32,
    /// Shields as a number (`None` for holofields and the like) and how many are down.
    pub shields: Option<u32>,
    pub shields_text: &'static str,
    pub shields_down: u32,
    pub torpedoes_loaded: bool,
    pub bays_loaded: bool,
    /// Its salvo now, when it has one (and the engine's status is known).
    pub tubes: Option<Tubes>,
    /// Its launch bays, when it has some.
    pub hangar: Option<Hangar>,
    pub never_runs_out: bool,
    /// It has launched something odds can follow.
    pub launched: bool,
    /// The status is known and the owner may give it orders.
    pub orders: bool,
}

pub struct Tubes {
    /// The salvo it launches now: "6", "3", "D6+2 halved"; several joined for several
    /// launchers ("4 and 4").
    pub now: String,
    /// "torpedoes" or "missiles".
    pub kind: &'static str,
    /// The strength is rolled: the D6 is asked for.
    pub rolled: bool,
    /// Its full salvo may be split (the engine says whether it may now).
    pub may_split: bool,
}

pub struct Hangar {
    pub bays: u32,
    /// Squadrons it may launch at once now.
    pub capacity: u32,
    pub craft: Vec<CraftRow>,
}

pub struct CraftRow {
    pub id: String,
    pub name: String,
    /// "fighter, 30 cm".
    pub about: String,
    /// Markers of it in play (the fleet's line).
    pub count: u32,
}

/// A squadron of two or more ships, with its one-order launches.
pub struct SquadronRow {
    pub key: String,
    pub dom: String,
    pub label: String,
    /// Its ships' names.
    pub members: Vec<String>,
    pub torpedoes: bool,
    pub rolled: bool,
    pub craft: Vec<CraftRow>,
}

impl SquadronRow {
    pub fn form(&self, action: &str) -> String {
        format!("{action}-{}", self.dom)
    }

    /// Its card's element id: "squadron-squadrons-0".
    pub fn card(&self) -> String {
        squadron_card(&self.key)
    }
}

/// The fleet's attack craft against its limit now.
pub struct FleetLine {
    pub limit: u32,
    pub in_play: u64,
    pub over: bool,
    pub markers: Vec<CraftRow>,
}

fn craft_row(id: &str, count: u32) -> CraftRow {
    match bfg::craft_by_id(id) {
        Some(c) => {
            let roles: Vec<&str> = c.roles.iter().map(|r| r.name()).collect();
            CraftRow {
                id: id.to_owned(),
                name: c.name.to_owned(),
                about: format!("{}, {} cm", roles.join(" and "), c.speed_cm),
                count,
            }
        }
        None => CraftRow { id: id.to_owned(), name: id.to_owned(), about: String::new(), count },
    }
}

/// The options of a fleet entry ("ships.2", "squadrons.0").
fn options_of<'a>(fleet: &'a Fleet, part: &str) -> &'a [String] {
    let entry = part.split_once('.').and_then(|(list, i)| Some((list, i.parse::<usize>().ok()?)));
    match entry {
        Some(("ships", i)) => fleet.ships.get(i).map_or(&[], |s| &s.options[..]),
        Some(("squadrons", i)) => fleet.squadrons.get(i).map_or(&[], |s| &s.options[..]),
        _ => &[],
    }
}

impl BattleView {
    pub(super) fn new(
        b: &Build,
        fleet: &Result<Fleet, String>,
        cur: Result<Current, NoBattle>,
        owner: bool,
        refused: Option<(String, String)>,
    ) -> Self {
        let (title, faction) = match fleet {
            Ok(f) => {
                let faction = bfg::faction(&f.faction).map_or("Unknown faction", |x| x.name).to_owned();
                let title = if f.name.trim().is_empty() {
                    format!("Unnamed {faction} fleet")
                } else {
                    f.name.clone()
                };
                (title, faction)
            }
            Err(_) => (b.name.clone(), String::new()),
        };
        let mut v = BattleView {
            id: b.id.clone(),
            title,
            faction,
            owner,
            started: false,
            revision: 0,
            turn: 1,
            problem: None,
            ships: Vec::new(),
            squadrons: Vec::new(),
            fleet: None,
            undo: None,
            log: Vec::new(),
            log_dropped: 0,
            refused,
            misread: None,
            placed: false,
            folded: false,
            open: None,
            landing: false,
        };
        let cur = match cur {
            Ok(c) => c,
            Err(why) => {
                v.problem = Some(sentence(why));
                v.placed = v.refused.as_ref().is_some_and(|(k, _)| k == "new");
                return v;
            }
        };
        let battle = cur.battle;
        v.started = cur.revision.is_some();
        v.revision = cur.revision.unwrap_or(0);
        v.turn = battle.turn;
        v.log = battle.log.iter().rev().cloned().collect();
        v.log_dropped = battle.log_dropped;
        v.undo = battle.undoable().map(str::to_owned);
        let status = match fleet {
            Ok(f) => bfg::status(&battle, f).map_err(|r| r.to_string()),
            Err(why) => Err(why.clone()),
        };
        match status {
            Ok(s) => {
                v.fleet = Some(FleetLine {
                    limit: s.fleet_limit,
                    in_play: s.in_play,
                    over: s.over_limit,
                    markers: battle.markers.iter().map(|(id, n)| craft_row(id, *n)).collect(),
                });
                let f = fleet.as_ref().ok();
                let list = f.and_then(bfg::list_of);
                v.ships = battle
                    .ships
                    .iter()
                    .zip(&s.ships)
                    .enumerate()
                    .map(|(index, (state, st))| {
                        let profile = bfg::ship(&state.class);
                        let fitting = profile
                            .zip(f)
                            .map(|(p, f)| bfg::Fitting::new(p, options_of(f, &state.part), list));
                        let first = fitting.as_ref().and_then(|x| x.torpedoes);
                        ShipRow {
                            index,
                            label: st.label.clone(),
                            condition: st.condition.word(),
                            braced: st.braced,
                            escort: profile.is_some_and(bfg::Ship::is_escort),
                            hits: st.hits,
                            damage: st.damage,
                            crippled_at: st.crippled_at,
                            shields: st.shields,
                            shields_text: st.shields_text,
                            shields_down: st.shields_down,
                            torpedoes_loaded: st.torpedoes_loaded,
                            bays_loaded: st.bays_loaded,
                            tubes: first.filter(|_| !st.salvoes.is_empty()).map(|salvo| Tubes {
                                now: st.salvoes.join(" and "),
                                kind: if salvo.kind == bfg::SalvoKind::Missiles {
                                    "missiles"
                                } else {
                                    "torpedoes"
                                },
                                rolled: matches!(salvo.strength, bfg::Strength::Rolled { .. }),
                                may_split: st.salvoes.len() == 1 && salvo.split() != bfg::Split::Never,
                            }),
                            hangar: fitting.as_ref().filter(|x| x.bays > 0).map(|x| Hangar {
                                bays: x.bays,
                                capacity: st.launch_capacity,
                                craft: st.craft.iter().map(|id| craft_row(id, 0)).collect(),
                            }),
                            never_runs_out: profile.is_some_and(|p| p.never_runs_out),
                            launched: state.last_launch.is_some(),
                            orders: owner && st.condition != Condition::Destroyed,
                        }
                    })
                    .collect();
                v.squadrons = s
                    .squadrons
                    .iter()
                    .map(|q| SquadronRow {
                        key: q.key.clone(),
                        dom: squadron_dom(&q.key),
                        label: q.label.clone(),
                        members: q
                            .members
                            .iter()
                            .filter_map(|&i| s.ships.get(i))
                            .map(|m| m.label.clone())
                            .collect(),
                        torpedoes: q.torpedoes,
                        rolled: q.rolled,
                        craft: q.craft.iter().map(|id| craft_row(id, 0)).collect(),
                    })
                    .collect();
            }
            Err(why) => {
                v.problem = Some(sentence(why));
                v.ships = battle
                    .ships
                    .iter()
                    .enumerate()
                    .map(|(index, s)| ShipRow {
                        index,
                        label: s.label.clone(),
                        condition: s.condition.word(),
                        braced: s.braced,
                        escort: false,
                        hits: 0,
                        damage: s.damage,
                        crippled_at: 0,
                        shields: None,
                        shields_text: "",
                        shields_down: s.shields_down,
                        torpedoes_loaded: s.torpedoes_loaded,
                        bays_loaded: s.bays_loaded,
                        tubes: None,
                        hangar: None,
                        never_runs_out: false,
                        launched: false,
                        orders: false,
                    })
                    .collect();
            }
        }
        v.folded = folds(v.ships.len());
        v.placed = v.refused.as_ref().is_some_and(|(key, _)| v.has_form(key));
        v
    }

    /// The same, with the card `open` (an element id, as [`Self::open`]) drawing its orders.
    pub(super) fn opening(mut self, open: Option<String>) -> Self {
        self.open = open;
        self.placed = self.refused.as_ref().is_some_and(|(key, _)| self.has_form(key));
        self
    }

    /// The same, its open card's first field marked for the view to land on.
    pub(super) fn landing(self) -> Self {
        BattleView { landing: true, ..self }
    }

    /// Whether the card `card` (an element id) draws its order forms: every card, unless they
    /// are folded; then the open one alone.
    pub fn draws(&self, card: &str) -> bool {
        !self.folded || self.is_open(card)
    }

    /// Whether the view lands on `card`'s first field (its "Orders" was pressed).
    pub fn lands_on(&self, card: &str) -> bool {
        self.landing && self.is_open(card)
    }

    /// Whether `card` (an element id) is the open one.
    pub fn is_open(&self, card: &str) -> bool {
        self.open.as_deref() == Some(card)
    }

    /// Whether the owner may give orders now (no problem stops them).
    pub fn orders(&self) -> bool {
        self.owner && self.problem.is_none()
    }

    /// Whether the page holds the card `card` (an element id).
    pub fn has_card(&self, card: &str) -> bool {
        self.ships.iter().any(|s| s.card() == card) || self.squadrons.iter().any(|q| q.card() == card)
    }

    /// Whether the page holds the form `key` names, for the owner.
    fn has_form(&self, key: &str) -> bool {
        if !self.owner {
            return false;
        }
        let orders = self.problem.is_none();
        match key {
            "new" => self.started || self.problem.is_some(),
            "next_turn" => orders,
            "undo" => orders && self.undo.is_some(),
            "remove_markers" => orders && self.fleet.as_ref().is_some_and(|f| !f.markers.is_empty()),
            _ => {
                self.squadrons
                    .iter()
                    .any(|q| orders && self.draws(&q.card()) && q.form("launch_squadron") == key)
                    || self.ships.iter().filter(|s| self.draws(&s.card())).any(|s| {
                        (orders && s.condition != "destroyed" && s.key("set_condition") == key)
                            || (s.orders
                                && ["launch_craft", "launch_torpedoes", "reload", "brace", "hits", "shields"]
                                    .iter()
                                    .any(|a| s.key(a) == key))
                    })
            }
        }
    }

    /// The refusal to show at the form `key`, if that form's order was refused.
    pub fn refused_at(&self, key: &str) -> Option<&str> {
        self.refused.as_ref().filter(|(k, _)| k == key).map(|(_, m)| m.as_str())
    }

    /// Whether the input `name` of the form `key` holds what a refused order could not read.
    pub fn invalid(&self, key: &str, name: &str) -> bool {
        self.misread.as_deref() == Some(name) && self.refused_at(key).is_some()
    }

    /// [`Self::invalid`] for a launch's count of one craft (`craft.{id}`).
    pub fn invalid_craft(&self, key: &str, craft: &str) -> bool {
        self.misread.as_deref().and_then(|m| m.strip_prefix("craft.")) == Some(craft)
            && self.refused_at(key).is_some()
    }

    /// The refusal, and the form it belongs to if the page holds it (for the notice at the top).
    pub fn refusal(&self) -> Option<(&str, Option<String>)> {
        let (key, message) = self.refused.as_ref()?;
        Some((message.as_str(), self.placed.then(|| format!("form-{key}"))))
    }

    pub fn crippled_bays(&self) -> &'static str {
        decision("crippled-bays")
    }

    pub fn decisions(&self) -> Vec<&'static bfg::Decision> {
        bfg::Decision::all_of(bfg::DECISIONS, &SHOWN_DECISIONS)
    }

    /// The latest entry of the log.
    pub fn latest(&self) -> Option<&LogEntry> {
        self.log.first()
    }
}

impl ShipRow {
    /// Its card's element id: "ship-3".
    pub fn card(&self) -> String {
        ship_card(self.index)
    }

    /// The key of one of its forms: "reload-3".
    pub fn key(&self, action: &str) -> String {
        format!("{action}-{}", self.index)
    }

    /// Whether it has any ordnance at all (so a Reload Ordnance form makes sense).
    pub fn reloads(&self) -> bool {
        !self.never_runs_out && (self.tubes.is_some() || self.hangar.is_some())
    }

    /// Its hits as boxes: (number, taken, the box where it is crippled).
    pub fn hit_boxes(&self) -> Vec<(u32, bool, bool)> {
        (1..=self.hits).map(|k| (k, k <= self.damage, !self.escort && k == self.crippled_at)).collect()
    }

    /// Hits left.
    pub fn hits_left(&self) -> u32 {
        self.hits.saturating_sub(self.damage)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_battle_page_shows_every_reading_it_names() {
        let found = crate::games::Decision::all_of(crate::games::bfg::DECISIONS, &super::SHOWN_DECISIONS);
        let shown: Vec<&str> = found.iter().map(|d| d.id).collect();
        assert_eq!(shown, super::SHOWN_DECISIONS);
    }
}
