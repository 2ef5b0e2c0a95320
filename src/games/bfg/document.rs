//! The fleet document: what a player builds, stores and sends, and how a document of an older
//! version is read (migrated) into this one.

use serde::{Deserialize, Serialize};

use super::data;

/// Version of the fleet document format (`Fleet::version`) this engine writes.
///
/// Version 1 had no fleet lists, leaders, squadron groups or reserves, and some option ids that
/// the weapon data renamed. A version 1 document is read as version 2 (see [`migrate`]): its
/// faction's first list, and its options renamed.
pub const DOCUMENT_VERSION: u32 = 2;
/// The points limit of a fleet that does not say.
pub const DEFAULT_POINTS_LIMIT: u32 = 1500;

fn default_version() -> u32 {
    DOCUMENT_VERSION
}

fn default_limit() -> u32 {
    DEFAULT_POINTS_LIMIT
}

fn default_count() -> u32 {
    1
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A fleet as the player builds it: the input document.
///
/// ```json
/// {"version": 2, "name": "Gothic Sector Patrol", "faction": "imperial-navy", "list": "in-gothic",
///  "points_limit": 1500,
///  "ships": [{"class": "dictator-cruiser", "name": "Lord Daros", "options": ["power-ram"],
///             "leaders": [{"id": "admiral", "rerolls": 1}]},
///            {"class": "lunar-cruiser", "group": "Red"}, {"class": "gothic-cruiser", "group": "Red"}],
///  "squadrons": [{"class": "sword-frigate", "count": 3}]}
/// ```
/// Unknown fields are refused, so a misspelt field name is reported instead of silently ignored.
/// Every field has a default, so a short document opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "RawFleet")]
pub struct Fleet {
    /// Format version of this document.
    pub version: u32,
    /// The player's name for the fleet.
    pub name: String,
    /// Faction id: "imperial-navy", "chaos", "orks", ... (see `data::factions`).
    pub faction: String,
    /// Fleet list id: "in-gothic", "ch-black-crusade", ... (see `data::lists`); a fleet that does
    /// not say is read as its faction's first list.
    pub list: String,
    /// The game's points limit.
    pub points_limit: u32,
    /// Leaders on no ship: re-rolls the fleet buys (Necrons, Tyranids).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<Aboard>,
    /// Capital ships, one entry each, in the player's order.
    pub ships: Vec<ShipEntry>,
    /// Escort squadrons.
    pub squadrons: Vec<Squadron>,
    /// What an imported roster held that this fleet could not take, as written there. A fleet
    /// with any is incomplete until the player deals with them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_read: Vec<String>,
}

/// One capital ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipEntry {
    /// Ship class id: "emperor-battleship". Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub class: String,
    /// The ship's own name. Default "".
    #[serde(default, deserialize_with = "crate::games::bounds::name")]
    pub name: String,
    /// Ids of the chosen options ("sharks"); an option taken twice is written twice, or
    /// "id*2". Default none.
    #[serde(default, deserialize_with = "crate::games::bounds::ids")]
    pub options: Vec<String>,
    /// The squadron it fights in: entries with the same group form one squadron. Default "",
    /// alone.
    #[serde(
        default,
        skip_serializing_if = "String::is_empty",
        deserialize_with = "crate::games::bounds::name"
    )]
    pub group: String,
    /// Taken as a reserve from another list of the same race. Default false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reserve: bool,
    /// Leaders aboard (a fleet commander, a Chaos Lord, an Ethereal...). Default none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<Aboard>,
}

/// A squadron of escorts of one class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Squadron {
    /// Escort class id: "sword-frigate". Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub class: String,
    /// How many ships. Default 1.
    #[serde(default = "default_count", deserialize_with = "crate::games::bounds::count_u32")]
    pub count: u32,
    /// The squadron's name. Default "".
    #[serde(default, deserialize_with = "crate::games::bounds::name")]
    pub name: String,
    /// Ids of the options every ship of the squadron takes. Default none.
    #[serde(default, deserialize_with = "crate::games::bounds::ids")]
    pub options: Vec<String>,
    /// Entries with the same group form one squadron, escorts of several classes mixed. Default
    /// "": the entry is a squadron of its own.
    #[serde(
        default,
        skip_serializing_if = "String::is_empty",
        deserialize_with = "crate::games::bounds::name"
    )]
    pub group: String,
    /// Taken as reserves from another list of the same race. Default false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reserve: bool,
    /// Leaders aboard (a Veteran Captain, an Ork Warlord). Default none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<Aboard>,
}

/// A leader aboard a ship, or bought for the fleet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Aboard {
    /// Leader id: "admiral", "chaos-lord" (see `data::leaders`). Required.
    #[serde(deserialize_with = "crate::games::bounds::id")]
    pub id: String,
    /// Extra re-rolls bought beyond those included. Default 0.
    #[serde(default, deserialize_with = "crate::games::bounds::count_u32")]
    pub rerolls: u32,
}

impl Aboard {
    pub fn new(id: &str) -> Self {
        Self { id: id.to_string(), rerolls: 0 }
    }
}

/// The document as it is read, before [`migrate`] brings it to this version.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFleet {
    #[serde(default = "default_version")]
    version: u32,
    #[serde(default, deserialize_with = "crate::games::bounds::name")]
    name: String,
    #[serde(default, deserialize_with = "crate::games::bounds::id")]
    faction: String,
    #[serde(default, deserialize_with = "crate::games::bounds::id")]
    list: String,
    #[serde(default = "default_limit", deserialize_with = "crate::games::bounds::points_limit")]
    points_limit: u32,
    #[serde(default)]
    leaders: Vec<Aboard>,
    #[serde(default)]
    ships: Vec<ShipEntry>,
    #[serde(default)]
    squadrons: Vec<Squadron>,
    #[serde(default, deserialize_with = "lines")]
    not_read: Vec<String>,
}

/// Serde: each text one line (like names), so an import's leftovers cannot forge lines.
fn lines<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let raw = Vec::<String>::deserialize(d)?;
    Ok(raw.iter().map(|s| crate::games::bounds::one_line(s)).collect())
}

impl From<RawFleet> for Fleet {
    fn from(r: RawFleet) -> Self {
        migrate(Fleet {
            version: r.version,
            name: r.name,
            faction: r.faction,
            list: r.list,
            points_limit: r.points_limit,
            leaders: r.leaders,
            ships: r.ships,
            squadrons: r.squadrons,
            not_read: r.not_read,
        })
    }
}

/// Options version 1 named differently: (class, old id, new id); a new id of "" drops the
/// option (what it chose is standard now).
const RENAMED_OPTIONS: [(&str, &str, &str); 3] = [
    // The launch bays are the Strike Cruiser's standard prow; its refits replace them.
    ("strike-cruiser", "prow-bays", ""),
    // Both Protector configurations carry the bay and the missiles; the other is Vior'la.
    ("protector-lar-shi-vre", "missiles", "vior-la"),
    // The cruiser's prow and thorax torpedoes are two slots now.
    ("tyranid-cruiser", "torpedoes", "prow-torpedoes"),
];

/// Brings a document read at any version to this one: a version 1 fleet's renamed options; a
/// fleet without a list (version 1 had none) gets its faction's first list.
pub fn migrate(mut f: Fleet) -> Fleet {
    if f.version == 1 {
        let rename = |class: &str, options: &mut Vec<String>| {
            for (c, old, new) in RENAMED_OPTIONS {
                if c != class {
                    continue;
                }
                if new.is_empty() {
                    options.retain(|o| o != old);
                } else {
                    for o in options.iter_mut().filter(|o| *o == old) {
                        *o = new.to_string();
                    }
                }
            }
        };
        for s in &mut f.ships {
            rename(&s.class, &mut s.options);
        }
        for s in &mut f.squadrons {
            rename(&s.class, &mut s.options);
        }
        f.version = DOCUMENT_VERSION;
    }
    if f.list.trim().is_empty()
        && let Some(l) = data::faction(f.faction.trim()).and_then(data::Faction::default_list)
    {
        f.list = l.id.to_string();
    }
    f
}

impl crate::games::bounds::Document for Fleet {
    const NOUN: &'static str = "fleet";
    const ENTRIES: &'static str = "ships, squadrons, their options and leaders, and lines not read";

    fn entries(&self) -> usize {
        let ship = |o: &[String], l: &[Aboard]| o.len() + l.len();
        let inner: usize = self.ships.iter().map(|s| ship(&s.options, &s.leaders)).sum::<usize>()
            + self.squadrons.iter().map(|s| ship(&s.options, &s.leaders)).sum::<usize>();
        self.ships.len() + self.squadrons.len() + inner + self.leaders.len() + self.not_read.len()
    }

    fn names(&self) -> Vec<&str> {
        let mut names = vec![self.name.as_str()];
        names.extend(self.ships.iter().flat_map(|s| [s.name.as_str(), s.group.as_str()]));
        names.extend(self.squadrons.iter().flat_map(|s| [s.name.as_str(), s.group.as_str()]));
        names.extend(self.not_read.iter().map(String::as_str));
        names
    }
}

impl crate::games::bounds::Named for Fleet {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: String) {
        self.name = name;
    }
}

impl Fleet {
    /// An unnamed, empty fleet of a faction, on its first list, at the default limit.
    pub fn new(faction: &str) -> Self {
        migrate(Self {
            version: DOCUMENT_VERSION,
            name: String::new(),
            faction: faction.to_string(),
            list: String::new(),
            points_limit: DEFAULT_POINTS_LIMIT,
            leaders: Vec::new(),
            ships: Vec::new(),
            squadrons: Vec::new(),
            not_read: Vec::new(),
        })
    }

    /// An empty fleet of a list (its faction's).
    pub fn of_list(list: &str) -> Self {
        let faction = data::list(list).map_or("", |l| l.faction);
        Self { list: list.to_string(), ..Self::new(faction) }
    }
}

impl ShipEntry {
    /// A ship of `class` with the given options and no name.
    pub fn new(class: &str, options: &[&str]) -> Self {
        Self {
            class: class.to_string(),
            name: String::new(),
            options: options.iter().map(|o| (*o).to_string()).collect(),
            group: String::new(),
            reserve: false,
            leaders: Vec::new(),
        }
    }
}

impl Squadron {
    /// `count` escorts of `class`, without options.
    pub fn new(class: &str, count: u32) -> Self {
        Self {
            class: class.to_string(),
            count,
            name: String::new(),
            options: Vec::new(),
            group: String::new(),
            reserve: false,
            leaders: Vec::new(),
        }
    }
}
