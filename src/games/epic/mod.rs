//! Epic 40,000 "On the Waterways": vessel profiles, the five waterborne detachment lists, list
//! checking (points, section limits, the Detachment HQ upgrade) and the chain of command.
//!
//! Pure: no web, database, template or async code. The page, the JSON API and the text export
//! all ask these functions.
//!
//! `check` reports every problem as a [`Problem`](crate::games::Problem) with a stable code.
//! `part` is `choices.{i}` for one choice (0-based), `sections.{id}` for a section limit, `list`
//! for the list id, `version` for the document version, or none for the whole detachment.
//!
//! | code | severity | when |
//! |---|---|---|
//! | `UNKNOWN_LIST` | error | the list id is not one of the five (the message lists them, closest first) |
//! | `UNKNOWN_SECTION` | error | a choice names a section the list does not have |
//! | `COMMAND_IS_UPGRADE` | error | a choice is put in Command, which holds no vessels |
//! | `UNKNOWN_ENTRY` | error | a choice names an entry its section does not have (the message lists them) |
//! | `COUNT_OUT_OF_RANGE` | error | a choice holds fewer or more vessels than its entry takes |
//! | `OVER_POINTS_LIMIT` | error | the detachment costs more than the points limit the player set |
//! | `HQ_MISSING` | error | no choice carries the Detachment HQ |
//! | `HQ_TOO_MANY` | error | a second (third, ...) choice carries the Detachment HQ |
//! | `HQ_NOT_AVAILABLE` | error | a Tyranid choice is marked HQ; that list has no HQ upgrade |
//! | `SECTION_TOO_FEW` / `SECTION_TOO_MANY` | error | Main Force outside its limit |
//! | `SYNAPSE_COUNT` | error | Tyranid Synapse Creatures is not exactly three choices |
//! | `SUPPORT_EXCEEDS_MAIN` | error | more Support choices than Main Force choices |
//! | `CHAIN_TRUNCATED` | warning | absurd vessel counts: the chain lists only the first `MAX_CHAIN_LINKS` |
//! | `UNKNOWN_VERSION` | warning | the document's `version` is not the one this engine reads |

mod check;
mod codes;
mod data;
mod export;
#[cfg(test)]
mod tests;

pub use check::{
    ChainLink, Check, Choice, ChoiceFigures, DOCUMENT_VERSION, Detachment, MAX_CHAIN_LINKS, SectionFigures,
    chain_explanation, check, notes_for,
};
pub use codes::Code;
pub use data::{
    ChainStep, DetachmentList, Entry, GeneralRule, Limit, Note, Section, SpecialRule, Vessel, general_rules,
    list, lists, special_rule, special_rules, vessel, vessels,
};
pub use export::text_export;

/// Version of the rules engine, stored with every judged build. Bump it when a change to the
/// tables or the checks could change the judgement of a saved detachment. 2: a points limit, and
/// the per-vessel price is a decision shown once instead of a note on every Alligator choice.
pub const ENGINE_VERSION: u32 = 2;

/// The detachment builder's place in the house.
pub static GAME: crate::games::registry::Game = crate::games::registry::Game {
    id: "epic",
    path: "/epic",
    word: "detachment",
    title: "Epic detachment",
    plural: "Epic detachments",
    nav: "Epic detachments",
    start: "Build a detachment",
    about: "Build an Epic 40,000 waterway detachment: points against your limit, what each section may take, the Detachment HQ and the chain of command.",
    first: "Nothing chosen yet: add a vessel to a section, and this panel checks the detachment's limits.",
    print: "roster",
    example: r#"{"name": "River Watch", "list": "imperial-marines", "choices": [{"section": "main", "entry": "sea-raider", "hq": true}, {"section": "main", "entry": "alligator-apc", "count": 2}, {"section": "support", "entry": "nautilus"}]}"#,
    codes: Code::CODES,
    decisions: &[],
};
