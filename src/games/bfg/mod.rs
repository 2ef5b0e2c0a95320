//! Battlefleet Gothic: fleets as players build them. The ship, weapon and attack-craft tables,
//! the fleet lists with their composition rules and leaders (all data), fleet checking (points,
//! list, options, leaders, squadrons, reserves, every rule of the list, the ordnance figures),
//! the battle tracker (hits, shields, braced, loaded torpedoes and bays, attack craft in play
//! against the fleet's limit, squadron launches, undo, a turn log) and exact ordnance odds.
//!
//! Pure: no web, database, template or async code. The pages, the JSON API and the text export
//! all ask these functions. The rules are the Ordnance Phase of BFG Remastered
//! (`shared/rules/bfg-ordnance.txt`); where they are silent we decide once, and [`DECISIONS`]
//! says so in words a page can show.
//!
//! `check` reports every problem as a [`Problem`](crate::games::Problem) with a stable code.
//! `part` follows the document's field names: `ships.{i}` or `squadrons.{i}` for an entry
//! (0-based), `ships.{i}.options.{k}` for one chosen option, `ships.{i}.options` for a missing
//! choice, `faction`, `points_limit` or `version`.
//!
//! | code | severity | when |
//! |---|---|---|
//! | `UNKNOWN_FACTION` | error | no faction, or an unknown id (the message offers the nearest) |
//! | `UNKNOWN_SHIP` | error | an entry's class is unknown (the message offers the nearest of the faction) |
//! | `WRONG_FACTION` | error | a ship of another faction its list does not field: not counted |
//! | `ESCORT_NOT_IN_SQUADRON` | error | an escort class added as a single ship |
//! | `CAPITAL_SHIP_IN_SQUADRON` | error | a capital ship class in an escort squadron |
//! | `UNKNOWN_LIST` | error | a fleet list of another faction, or an unknown one |
//! | `NOT_IN_LIST` | error | a ship of the faction its list does not field, not taken as a reserve |
//! | `RESERVE_NOT_ALLOWED` | error | a reserve no other list of the race fields |
//! | `LIST_RULE` | error (warning if UNVERIFIED) | a composition rule of the list broken; `rule` names it |
//! | `OPTION_NOT_IN_LIST` | error | an option the list does not sell |
//! | `OPTION_TOO_MANY` | error | an option or group taken past its picks |
//! | `OPTION_NEEDS` | error | an option on a ship that is not what it needs |
//! | `UNKNOWN_LEADER`, `LEADER_NOT_IN_LIST`, `LEADER_PLACEMENT`, `REROLLS_OVER` | error | leaders |
//! | `NOT_READ` | warning | a line an imported roster held that the fleet could not take |
//! | `UNKNOWN_OPTION` | error | an option the ship does not offer (the message offers the nearest) |
//! | `OPTION_REPEATED` | error | the same option twice on one ship |
//! | `OPTIONS_EXCLUSIVE` | error | two alternatives of one group, or options that exclude each other |
//! | `OPTION_REQUIRED` | error | a group left short of its picks |
//! | `UNVERIFIED_PROFILE` | warning | a profile (or its craft) marked UNVERIFIED in the data |
//! | `OVER_POINTS_LIMIT` | error | the points are over the limit |
//! | `UNKNOWN_VERSION` | warning | the document's `version` is not the one this engine reads |
//!
//! The battle tracker refuses an action with a [`Refusal`], whose message gives the reason; the
//! odds calculator refuses an input out of range with an [`OddsError`] naming the field.

mod battle;
mod codes;
mod composition;
mod data;
mod document;
mod export;
mod fitting;
mod fleet;
mod odds;
pub mod roster;
#[cfg(test)]
mod tests;

pub use crate::games::Decision;
pub use battle::{
    Action, BATTLE_VERSION, Battle, Condition, Event, LastLaunch, Launch, LogEntry, MAX_LABEL_CHARS, MAX_LOG,
    MAX_LOG_CHARS, MAX_SHIPS, MAX_TURN, MAX_UNDO, Refusal, Removal, ShipState, ShipStatus, SquadronOrdnance,
    SquadronStatus, Status, Undo, apply, condition_of, crippled_at, labels, status, two_salvoes,
};
pub use codes::Code;
pub use composition::{RuleState, Status as RuleStatus, entry_is, notes_of};
pub use data::lists::{
    Check as RuleCheck, FleetList, Leader, Placement, Reading, Role as LeaderRole, RosterEntry, Rule, Set,
};
pub use data::{
    Armour, Bays, Craft, Faction, Kind, OptionGroup, Resilience, Role, SPLIT_MIN_PART, SPLIT_OVER, Salvo,
    SalvoKind, Ship, ShipOption, Split, Strength, Weapon, WeaponKind, craft, craft_by_id, faction, factions,
    leader, leaders, list, lists, rule, rules, ship, ships,
};
pub use document::{Aboard, DEFAULT_POINTS_LIMIT, DOCUMENT_VERSION, Fleet, ShipEntry, Squadron, migrate};
pub use export::{summary, text_export};
pub use fitting::{Fitting, crippled_strength, half_up, parse_pick};
pub use fleet::{Check, EntryFigures, LeaderFigures, OptionTaken, Ordnance, check, list_of};
pub use odds::{
    AssaultWave, BomberOdds, BomberWave, Fraction, Interception, InterceptionOdds, MAX_INTERCEPTORS,
    MAX_MASSED, MAX_STRENGTH, MAX_TURRETS, MAX_WAVE, Odds, OddsAnswer, OddsError, OddsRequest, Outcome,
    TorpedoAttack, TorpedoOdds, after_turrets, assault_boats, bombers, interception, odds, torpedoes,
};

/// Version of the rules engine, stored with every judged build. Bump it when a change to the
/// tables or the checks could change the judgement of a saved fleet.
pub const ENGINE_VERSION: u32 = 2;

/// Every decision the engine makes on the player's behalf.
pub const DECISIONS: &[Decision] = &[
    Decision {
        id: "crippled-bays",
        title: "",
        text: "A crippled ship's launch bays are halved, rounding up (4 bays become 2, 3 become 2, 1 stays 1). The fleet's attack-craft limit drops to match, and a destroyed ship's bays no longer count.",
    },
    Decision {
        id: "crippled-torpedoes",
        title: "",
        text: "A crippled ship's torpedo salvo is halved, rounding up (6 becomes 3, 9 becomes 5).",
    },
    Decision {
        id: "braced",
        title: "",
        text: "A braced ship launches half its attack craft and half its salvo (rounding up, and halved again if it is also crippled). Bracing does not lower the fleet's attack-craft limit. The brace stays until the player clears it, since it may be declared in the opponent's turn.",
    },
    Decision {
        id: "braced-reload",
        title: "",
        text: "A braced ship cannot record a Reload Ordnance order: bracing is its special order.",
    },
    Decision {
        id: "reload-order",
        title: "",
        text: "A ship records at most one Reload Ordnance order a turn, and not after launching ordnance that turn: orders are given before the Shooting Phase, when ordnance is launched.",
    },
    Decision {
        id: "never-runs-out",
        title: "",
        text: "Ships that never run out of ordnance (Tyranids) stay loaded after launching and need no reloading; each may launch attack craft once and torpedoes once a turn, up to twice its bays, and its bays count twice toward the fleet's limit.",
    },
    Decision {
        id: "over-limit",
        title: "",
        text: "While more attack craft are in play than the fleet's limit, no attack craft may launch; torpedoes may, as they have no launch limit.",
    },
    Decision {
        id: "recall",
        title: "",
        text: "Markers may be recalled only when some carrier afloat has bays loaded (or never runs out) and has not launched this turn; recalling does not load anything.",
    },
    Decision {
        id: "markers-by-craft",
        title: "",
        text: "Markers in play are counted by craft for the whole fleet, not by carrier: a carrier's squadrons stay in play when it is crippled or destroyed.",
    },
    Decision {
        id: "escorts",
        title: "",
        text: "Escorts have one hit: they are destroyed, never crippled. Each escort of a squadron launches its own salvo in the tracker; squadrons that combine salvoes on the table add them up in the odds calculator.",
    },
    Decision {
        id: "rolled-strength",
        title: "",
        text: "For a salvo of rolled strength (Ork D6+2), the tracker asks for the D6 rolled.",
    },
    Decision {
        id: "squadrons",
        title: "",
        text: "Entries given the same squadron name fight as one squadron, escorts of several classes mixed; an escort entry without one is a squadron of its own, a capital ship without one stands alone. The fleet lists' squadron sizes are checked on those squadrons.",
    },
    Decision {
        id: "choices",
        title: "",
        text: "Where a profile offers choices (a Tau configuration, a Tyranid weapon slot, a Corsair escort's prow), the ship takes as many as the group asks; an option that replaces a weapon changes the ship's weapons and ordnance. Every price comes from the weapon rows or the fleet lists' rows; an upgrade a list sells is offered only in the lists using that rule.",
    },
    Decision {
        id: "list-points",
        title: "",
        text: "Allowances by points (one per 500 pts or part, one per full 1,000 pts) count the fleet's points as built, not the game's limit; a rule that says \"per N pts\" without \"or part\" counts only full bands.",
    },
    Decision {
        id: "light-cruisers",
        title: "",
        text: "Light cruisers count as cruisers for a list's ratios and its cruiser cap unless the rule says otherwise: the lists print them among their cruisers.",
    },
    Decision {
        id: "unverified",
        title: "",
        text: "Rules the data marks UNVERIFIED (limits only BSData gives) are checked as warnings that say so, not errors; UNVERIFIED profiles are marked on every page.",
    },
    Decision {
        id: "weapon-rows",
        title: "",
        text: "Where ships.csv and weapons.csv disagree (the Hive Ship's prow torpedoes, 6 or 8), the weapon rows, which follow BFG Remastered, are used.",
    },
    Decision {
        id: "migrated",
        title: "",
        text: "A fleet saved before fleet lists existed is read as its faction's first list, its renamed options renamed; a battle saved before hits were tracked reads a crippled ship as having taken half its hits.",
    },
    Decision {
        id: "crippled-at-half",
        title: "",
        text: "A ship is crippled once the hits it has taken reach half its hits, rounding up (4 of 8, 3 of 5), and destroyed when they reach all of them; an escort's one hit destroys it. Only undoing the orders that damaged a ship makes it intact again, and only undoing the order that destroyed it brings it back.",
    },
    Decision {
        id: "crippled-weapons",
        title: "",
        text: "The play sheet shows a crippled ship's weapons halved, rounding up, as its ordnance is; the core rules' other effects of crippling are not in our data.",
    },
    Decision {
        id: "shields",
        title: "",
        text: "Shields down are set by the player, as blast markers come and go at the table; holofields, shadowfields, saves and spores are not shields to knock down.",
    },
    Decision {
        id: "squadron-launch",
        title: "",
        text: "A squadron launches with one order: every ship of it that can launches its salvo (one D6 each for a rolled strength), or as many squadrons of the chosen craft as each carrier may; the log gives each salvo and their combined strength.",
    },
    Decision {
        id: "undo",
        title: "",
        text: "Undo takes back the last order recorded: its turn, its markers and the ships it changed. The tracker keeps the last 30 orders to undo; the log keeps the undone order and says it was undone.",
    },
    Decision {
        id: "odds-cap",
        title: "",
        text: "Odds of fighters against a wave: each fighter takes on one squadron, escorting fighters first; a resilient craft survives on a 4+. Fighters left over take on squadrons that saved, and that second fight removes both without a save.",
    },
    Decision {
        id: "odds-turrets-on-6",
        title: "",
        text: "Odds: where turrets hit only on a 6, that applies to the whole wave (a wave is taken to be of one faction's craft).",
    },
    Decision {
        id: "odds-raids",
        title: "",
        text: "Odds of assault boats count one hit-and-run raid per boat left after the turrets; what a raid does (and a Thunderhawk's extra raid) is played on the table.",
    },
    Decision { id: "log", title: "", text: "The battle log keeps its last 500 entries." },
];

/// The fleet builder's place in the house.
pub static GAME: crate::games::registry::Game = crate::games::registry::Game {
    id: "bfg",
    path: "/bfg",
    word: "fleet",
    title: "BFG fleet",
    plural: "BFG fleets",
    nav: "BFG fleets",
    start: "Build a fleet",
    about: "Build a Battlefleet Gothic fleet: points against the game's limit, launch bays and the attack craft it may have in play; then track its ordnance through a battle.",
    first: "No ships yet: add a capital ship or an escort squadron, and this panel checks the fleet.",
    print: "roster",
    example: r#"{"name": "Gothic Patrol", "faction": "imperial-navy", "points_limit": 1500, "ships": [{"class": "dictator-cruiser", "name": "Lord Daros"}, {"class": "lunar-cruiser"}], "squadrons": [{"class": "sword-frigate", "count": 3}]}"#,
    codes: Code::CODES,
    decisions: &[DECISIONS],
};
