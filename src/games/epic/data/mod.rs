//! The typed tables of "On the Waterways": vessel profiles, special rules and the five detachment
//! lists.
//!
//! The tables are data files in this folder (`vessels.csv`, `special-rules.csv`, `lists.csv`,
//! `sections.csv`, `entries.csv`, `notes.csv`), turned into the statics below by `build.rs`
//! (`generate.rs`). Source for every one of them: the Epic 40,000 fan supplement "On the
//! Waterways" (`shared/rules/epic40k-waterways.txt`), with the reading decisions of
//! `shared/rules/README.md`; the folder's README says so once. Explanations and notes are our own
//! words, never the supplement's sentences.

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use crate::games::line;

/// A special rule named in a vessel profile. Rules that take a value ("Ram (x)") get it from the
/// vessel's `special` list, and their explanation says it where `{x}` stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpecialRule {
    pub id: &'static str,
    pub name: &'static str,
    /// What the rule does, paraphrased; `{x}` where a vessel's value goes (the API writes "x").
    #[serde(serialize_with = "generic")]
    pub explanation: &'static str,
    /// Where the rule is defined: this supplement or the Epic 40,000 core rules.
    pub source: &'static str,
}

impl SpecialRule {
    /// The rule as one vessel has it: "Transport (3)", or "Transport (x)" with no value.
    pub fn name_with(&self, value: Option<u32>) -> String {
        match value {
            Some(x) => self.name.replace("(x)", &format!("({x})")),
            None => self.name.to_owned(),
        }
    }

    /// What the rule does for a vessel with this value: "Carries up to 3 units aboard...";
    /// with none, the rule in general ("up to x units").
    pub fn explain(&self, value: Option<u32>) -> String {
        match value {
            Some(x) => self.explanation.replace("{x}", &x.to_string()),
            None => self.explanation.replace("{x}", "x"),
        }
    }
}

/// A rule explanation as the API shows it: in general, "x" for the value.
fn generic<S: Serializer>(explanation: &&'static str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&explanation.replace("{x}", "x"))
}

/// One of the supplement's general rules for vessels (ramming, crowding on sail, movement), in
/// our words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GeneralRule {
    pub id: &'static str,
    pub title: &'static str,
    pub text: &'static str,
}

/// A note shown to the player: a reading decision of ours (where the supplement is unclear or
/// misprinted) or a rule of a list, in our words. Written once in `notes.csv`; the API shows its
/// text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub id: &'static str,
    /// Our reading of the supplement, rather than a rule it states.
    pub decision: bool,
    /// What it concerns, where that is narrower than the whole list: a vessel id, "support"
    /// (Support choices) or "other" (vessels that fall under Other in the chain of command).
    pub about: Option<&'static str>,
    pub text: &'static str,
}

impl Serialize for Note {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text)
    }
}

/// One vessel profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Vessel {
    pub id: &'static str,
    pub race: &'static str,
    pub name: &'static str,
    pub speed_cm: u32,
    pub range_cm: u32,
    /// As printed, except the Hellslammer's "B", which we read as "Barrage" (see `note`).
    pub firepower: &'static str,
    pub ram: u32,
    /// The armour roll, e.g. "6+".
    pub armour: &'static str,
    /// Special rule ids with their value, e.g. `("ram", Some(3))` for Ram (3).
    pub special: &'static [(&'static str, Option<u32>)],
    /// A reading decision about this profile, if we had to make one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static Note>,
}

/// One line of a section: a vessel type, how many vessels one choice of it holds and the price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub id: &'static str,
    /// The vessel id.
    pub vessel: &'static str,
    /// Fewest vessels in one choice of this entry.
    pub min: u32,
    /// Most vessels in one choice of this entry.
    pub max: u32,
    /// Points per vessel.
    pub points_each: u32,
    /// True where the list prints a price without "each" and we price per vessel anyway.
    pub each_assumed: bool,
}

/// How many choices a section takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Exactly this many choices.
    Exactly(u32),
    /// From the first to the second number of choices, both included.
    Range(u32, u32),
    /// Any number of choices from none up to this many.
    UpTo(u32),
    /// Any number of choices up to the number of Main Force choices (choices, not vessels).
    NotMoreThanMain,
}

impl Limit {
    /// Fewest choices allowed.
    pub fn min(self) -> u32 {
        match self {
            Limit::Exactly(n) => n,
            Limit::Range(min, _) => min,
            Limit::UpTo(_) | Limit::NotMoreThanMain => 0,
        }
    }

    /// Most choices allowed; `None` when it depends on the Main Force.
    pub fn max(self) -> Option<u32> {
        match self {
            Limit::Exactly(n) | Limit::Range(_, n) | Limit::UpTo(n) => Some(n),
            Limit::NotMoreThanMain => None,
        }
    }

    /// The limit in words: "exactly 1", "1 to 10", "up to 10", "no more than Main Force".
    pub fn text(self) -> String {
        match self {
            Limit::Exactly(n) => line(&[&"exactly ", &n]),
            Limit::Range(min, max) => line(&[&min, &" to ", &max]),
            Limit::UpTo(n) => line(&[&"up to ", &n]),
            Limit::NotMoreThanMain => "no more than Main Force".to_string(),
        }
    }

    fn kind(self) -> &'static str {
        match self {
            Limit::Exactly(_) => "exactly",
            Limit::Range(..) => "range",
            Limit::UpTo(_) => "up_to",
            Limit::NotMoreThanMain => "not_more_than_main",
        }
    }
}

/// Serialized as `{"kind": "range", "min": 1, "max": 10, "text": "1 to 10"}` so a client needs no
/// knowledge of the enum to show or check it (`max` is null for `not_more_than_main`).
impl Serialize for Limit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Limit", 4)?;
        s.serialize_field("kind", self.kind())?;
        s.serialize_field("min", &self.min())?;
        s.serialize_field("max", &self.max())?;
        s.serialize_field("text", &self.text())?;
        s.end()
    }
}

/// A section of a detachment list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section {
    /// "command", "main", "support" or "synapse".
    pub id: &'static str,
    pub name: &'static str,
    pub limit: Limit,
    /// Empty for Command: the Detachment HQ is an upgrade carried by a vessel of another section.
    pub entries: &'static [Entry],
}

/// One link of a list's chain of command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "step", content = "vessel", rename_all = "snake_case")]
pub enum ChainStep {
    /// The vessel carrying the Detachment HQ upgrade.
    Hq,
    /// Every vessel of this vessel id.
    Vessel(&'static str),
    /// Every vessel not covered by an earlier step.
    Other,
}

impl ChainStep {
    /// How the chain names the step: "HQ", a vessel's name, or "Other".
    pub fn name(&self) -> &'static str {
        match self {
            ChainStep::Hq => "HQ",
            ChainStep::Vessel(id) => vessel(id).map_or(id, |v| v.name),
            ChainStep::Other => "Other",
        }
    }
}

/// A detachment list: what a player may choose and who commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DetachmentList {
    pub id: &'static str,
    pub race: &'static str,
    pub name: &'static str,
    /// Price of the Detachment HQ upgrade; `None` where the list has no HQ (Tyranids).
    pub hq_points: Option<u32>,
    pub sections: &'static [Section],
    pub chain: &'static [ChainStep],
    /// Misspelt links of the printed chain: (vessel id we read, spelling as printed).
    pub chain_typos: &'static [(&'static str, &'static str)],
    /// Reading decisions and list rules, in our words, to show the player.
    pub notes: &'static [&'static Note],
}

// The statics generated from the data files: SPECIAL_RULES, GENERAL_RULES, NOTES, VESSELS and
// LISTS.
include!(concat!(env!("OUT_DIR"), "/epic_data.rs"));

/// The supplement's general rules for vessels, in our words.
pub fn general_rules() -> &'static [GeneralRule] {
    &GENERAL_RULES
}

/// All twenty vessel profiles, in the supplement's order.
pub fn vessels() -> &'static [Vessel] {
    &VESSELS
}

/// Every special rule named in a profile.
pub fn special_rules() -> &'static [SpecialRule] {
    &SPECIAL_RULES
}

/// The five detachment lists.
pub fn lists() -> &'static [DetachmentList] {
    &LISTS
}

/// The detachment list with this id.
pub fn list(id: &str) -> Option<&'static DetachmentList> {
    LISTS.iter().find(|l| l.id == id)
}

/// The vessel profile with this id.
pub fn vessel(id: &str) -> Option<&'static Vessel> {
    VESSELS.iter().find(|v| v.id == id)
}

/// The special rule with this id.
pub fn special_rule(id: &str) -> Option<&'static SpecialRule> {
    SPECIAL_RULES.iter().find(|r| r.id == id)
}

impl DetachmentList {
    /// The section with this id.
    pub fn section(&self, id: &str) -> Option<&'static Section> {
        self.sections.iter().find(|s| s.id == id)
    }
}

impl Section {
    /// Whether vessels are chosen here. Command holds none: it counts the vessel marked as
    /// carrying the Detachment HQ.
    pub fn holds_vessels(&self) -> bool {
        !self.entries.is_empty()
    }

    /// The entry with this id.
    pub fn entry(&self, id: &str) -> Option<&'static Entry> {
        self.entries.iter().find(|e| e.id == id)
    }
}

#[cfg(test)]
mod tests;
