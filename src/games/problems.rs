//! Problems: what a rules engine (or the reading of a document) has to say about a build, each with
//! a stable code, a severity and a message a player understands.

use serde::Serialize;
use std::fmt;

/// How bad a problem is. Builders warn and explain rather than refuse input: a build with errors
/// can still be saved and shared, it is only marked illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Legal, but worth knowing.
    Warning,
    /// Breaks a rule: the build is illegal.
    Error,
}

/// One thing wrong with (or worth knowing about) a build: a stable machine code, a severity, a
/// message a player understands that names the part and the limit, and the part it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// Path of the part in the input document ("weapons.2", "armor.F", "sections.main.1"), so a
    /// page can show the problem next to the field it concerns. `None` for the build as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// The rule of the game's data it is about, where there is one: a BFG fleet-list rule
    /// ("in-gothic/battleships").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl Problem {
    pub fn error(code: Code, part: impl Into<Option<String>>, message: String) -> Self {
        Self { code, severity: Severity::Error, message, part: part.into(), rule: None }
    }

    pub fn warning(code: Code, part: impl Into<Option<String>>, message: String) -> Self {
        Self { code, severity: Severity::Warning, message, part: part.into(), rule: None }
    }

    /// The same problem, about a rule of the data.
    pub fn with_rule(mut self, rule: &str) -> Self {
        self.rule = Some(rule.to_string());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A build is legal when none of its problems is an error.
pub fn is_legal(problems: &[Problem]) -> bool {
    !problems.iter().any(Problem::is_error)
}

/// The most problems a list of them shows (the figures' list, a text export's): past it the rest
/// are counted, not listed. A build within the limits can have over a thousand (200 units, each
/// with five), each naming its parts; listing them all would make the page megabytes, and a
/// player fixes the first ones first. Each still shows beside its part in the editor.
pub const MAX_LISTED: usize = 50;

/// How many of `n` problems a list shows, when `already` were listed before them.
pub fn listed_of(n: usize, already: usize) -> usize {
    n.min(MAX_LISTED.saturating_sub(already))
}

/// The end of a text export: "Legal." or "NOT LEGAL (n problems):" with each error, then any
/// warnings as notes, one per line; at most [`MAX_LISTED`] of them, the rest counted.
pub fn legality_text(problems: &[Problem]) -> String {
    let errors: Vec<&str> = problems.iter().filter(|p| p.is_error()).map(|p| p.message.as_str()).collect();
    let notes: Vec<&str> = problems.iter().filter(|p| !p.is_error()).map(|p| p.message.as_str()).collect();
    let shown_errors = listed_of(errors.len(), 0);
    let shown_notes = listed_of(notes.len(), shown_errors);
    let mut out = String::new();
    let more = |out: &mut String, left: usize, noun: &str| {
        if left > 0 {
            out.push_str(&format!(
                "  ... and {left} more {noun}{}, not listed here\n",
                if left == 1 { "" } else { "s" }
            ));
        }
    };
    if errors.is_empty() {
        out.push_str("\nLegal.\n");
    } else {
        let noun = if errors.len() == 1 { "problem" } else { "problems" };
        out.push_str(&format!("\nNOT LEGAL ({} {noun}):\n", errors.len()));
        for e in &errors[..shown_errors] {
            out.push_str(&format!("  - {e}\n"));
        }
        more(&mut out, errors.len() - shown_errors, "problem");
    }
    if !notes.is_empty() {
        out.push_str("Notes:\n");
        for n in &notes[..shown_notes] {
            out.push_str(&format!("  - {n}\n"));
        }
        more(&mut out, notes.len() - shown_notes, "note");
    }
    out
}

/// Declares [`Code`] with each code's text written once next to its variant, so the text can be
/// found by searching for it and `as_str` cannot drift from the variant list. Serde's renaming
/// gives the same text (a test checks every variant).
macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $text:literal,)+) => {
        /// Every problem code a build can be given. Clients match on these texts ("OVER_MAX_LOAD"),
        /// so a code never changes once published: add a variant rather than rename one.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        pub enum Code {
            $($(#[$doc])* $variant,)+
        }

        impl Code {
            /// Every code, in the order declared.
            pub const ALL: &[Code] = &[$(Code::$variant,)+];

            /// The code as clients see it in the JSON and the pages: "OVER_MAX_LOAD".
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)+
                }
            }
        }
    };
}

codes! {
    // Reading a document (the web layer).
    /// A form field that takes a whole number held something else, or a number past its limit; it
    /// was read as its default.
    BadNumber = "BAD_NUMBER",
    /// A save refused because a field of its form could not be read: saving would have kept the
    /// field's default in place of what was typed.
    NotSaved = "NOT_SAVED",
    /// A saved build's document cannot be read by this version; a stand-in is shown and the stored
    /// document is kept unchanged.
    UnreadableDocument = "UNREADABLE_DOCUMENT",
    /// A form's add, remove, move or clear button that does not fit the form as posted (a row
    /// past the end of its list, a list the form does not have): nothing was changed.
    BadButton = "BAD_BUTTON",
    /// A save from a form opened before another save of the same build: refused, the player's
    /// version kept in the form, what differs from the saved one shown.
    Conflict = "CONFLICT",

    // Car Wars boats: the document and its ids.
    /// The design was written by a newer Drydock than this one (a warning: parts may be missing).
    NewerVersion = "NEWER_VERSION",
    /// The design's hull id is not in the hull table; a hull-less stand-in is judged.
    UnknownHull = "UNKNOWN_HULL",
    /// The power plant id is not in the plant table.
    UnknownPlant = "UNKNOWN_PLANT",
    /// A propeller's size names no power plant.
    UnknownPropellerSize = "UNKNOWN_PROPELLER_SIZE",
    /// A crew entry's role id is not in the crew table.
    UnknownRole = "UNKNOWN_ROLE",
    /// The armor type id is not in the armor table; the first armor type is priced instead.
    UnknownArmorType = "UNKNOWN_ARMOR_TYPE",
    /// A weapon entry's weapon id is not in the weapon table.
    UnknownWeapon = "UNKNOWN_WEAPON",
    /// A weapon entry names ammunition its weapon does not take; its standard load is priced.
    UnknownAmmo = "UNKNOWN_AMMO",
    /// A turret's size (and pop-up choice) is not in the turret table.
    UnknownTurret = "UNKNOWN_TURRET",
    /// An accessory entry's id is not in the accessory table.
    UnknownAccessory = "UNKNOWN_ACCESSORY",
    /// A crew, weapon or accessory entry has a count of 0 (a warning: it adds nothing).
    CountZero = "COUNT_ZERO",

    // Car Wars boats: the body, its Deck and its spaces.
    /// The design has a Deck but its hull cannot carry one.
    DeckNotAllowed = "DECK_NOT_ALLOWED",
    /// The hull must have a Deck and the design has none.
    DeckRequired = "DECK_REQUIRED",
    /// The Deck puts more spaces below deck than the hull has.
    DeckSplit = "DECK_SPLIT",
    /// Below or above deck has less than a third of the hull's spaces.
    DeckSectionTooSmall = "DECK_SECTION_TOO_SMALL",
    /// The parts below or above deck take more spaces than that part of the Deck has.
    DeckSectionFull = "DECK_SECTION_FULL",
    /// Parts are placed below or above deck on a boat without a Deck (a warning: the placement is
    /// ignored).
    NoDeckToPlaceOn = "NO_DECK_TO_PLACE_ON",
    /// A weighted keel on a hull too small for one.
    KeelNotAllowed = "KEEL_NOT_ALLOWED",
    /// A spoiler on a hull too large for one.
    SpoilerNotAllowed = "SPOILER_NOT_ALLOWED",
    /// The parts outside cargo space take more spaces than the hull has.
    OverSpaces = "OVER_SPACES",
    /// Cargo space holds more spaces of goods and passengers than the hull has.
    OverCargoSpaces = "OVER_CARGO_SPACES",
    /// The boat weighs more than its hull's maximum load.
    OverMaxLoad = "OVER_MAX_LOAD",
    /// A crew member or accessory that may not ride in cargo space is put there.
    NotForCargoSpace = "NOT_FOR_CARGO_SPACE",

    // Car Wars boats: propulsion and performance.
    /// A propeller is sized for another power plant than the boat's.
    PropellerWrongSize = "PROPELLER_WRONG_SIZE",
    /// A propeller has more points of guard than a propeller takes.
    PropellerGuardOver = "PROPELLER_GUARD_OVER",
    /// A jet drive together with propellers (it replaces them).
    JetWithPropellers = "JET_WITH_PROPELLERS",
    /// Propellers or a jet drive without a power plant.
    NoPlant = "NO_PLANT",
    /// Oars on a hull that cannot be rowed.
    OarsNotAllowed = "OARS_NOT_ALLOWED",
    /// A power plant with no propeller or jet drive on a boat that rows (a warning: only the oars
    /// move it).
    PlantIdle = "PLANT_IDLE",
    /// Nothing moves the boat: a plant with no propeller or jet drive and no oars, or no plant and
    /// no oars.
    NoWayToMove = "NO_WAY_TO_MOVE",
    /// The plant's power factors are under half the boat's weight, so the jet drive does not run
    /// (a warning).
    JetDriveWontRun = "JET_DRIVE_WONT_RUN",
    /// The plant is too weak for the boat's weight to give it any speed on the performance table
    /// (a warning: the boat is legal but does not move under power).
    PlantTooWeak = "PLANT_TOO_WEAK",
    /// The boat's top speed is under the speed at which hydrofoils lift (a warning).
    HydrofoilsNeverLift = "HYDROFOILS_NEVER_LIFT",
    /// A torpedo fired forward from a boat faster than torpedoes run (a warning: it catches its
    /// own torpedo).
    TorpedoOverrun = "TORPEDO_OVERRUN",

    // Car Wars boats: crew and armor.
    /// No pilot among the crew.
    NoPilot = "NO_PILOT",
    /// Armor on a location this design does not have, or on a code that is no armor location.
    ArmorLocation = "ARMOR_LOCATION",

    // Car Wars boats: weapons, links and magazines.
    /// A weapon whose ammunition does nothing against boats (a warning).
    NoEffectOnWater = "NO_EFFECT_ON_WATER",
    /// A single weapon marked linked (a warning: no link is bought).
    LinkNothing = "LINK_NOTHING",
    /// A link group with only one weapon (a warning: no link is bought).
    LinkGroupAlone = "LINK_GROUP_ALONE",
    /// A link group joins weapons facing different ways (a warning).
    LinkFacings = "LINK_FACINGS",
    /// Extra magazines or a magazine switch on a weapon without a magazine.
    NoMagazine = "NO_MAGAZINE",
    /// A magazine switch with no extra magazine to switch to (a warning).
    SwitchWithoutMagazine = "SWITCH_WITHOUT_MAGAZINE",
    /// A rocket magazine on a weapon that is not a single-shot rocket.
    NoRocketMagazine = "NO_ROCKET_MAGAZINE",
    /// A weapon needs more than a third of the hull's spaces.
    WeaponTooBig = "WEAPON_TOO_BIG",
    /// A restricted gun on a hull too small for it.
    GunNotOnHull = "GUN_NOT_ON_HULL",
    /// A restricted gun faces a side, or sits in a turret, on a hull that takes it only facing
    /// front or back.
    GunFrontOrBack = "GUN_FRONT_OR_BACK",
    /// A dropped weapon in a turret.
    NotInTurret = "NOT_IN_TURRET",
    /// A weapon faces a way the hull has no mount for, or a dropped weapon faces forward.
    MountNotAllowed = "MOUNT_NOT_ALLOWED",

    // Car Wars boats: turrets.
    /// A turret on a boat without a top.
    TurretNeedsTop = "TURRET_NEEDS_TOP",
    /// More turrets than the top has room for.
    TooManyTurrets = "TOO_MANY_TURRETS",
    /// A turret in a location the top does not have, or two turrets in one location.
    TurretLocation = "TURRET_LOCATION",
    /// A turret larger than the hull's top takes.
    TurretTooBig = "TURRET_TOO_BIG",
    /// A turret's weapons and magazines need more room than the turret holds.
    TurretOverfull = "TURRET_OVERFULL",

    // Epic detachments (and every later game's documents).
    /// The document's version (an Epic detachment's, a BFG fleet's, a Waffle roster's) is not the
    /// one this engine
    /// reads (a warning).
    UnknownVersion = "UNKNOWN_VERSION",
    /// No detachment list (a BFG fleet list) is chosen, or the list id is unknown or of another
    /// faction.
    UnknownList = "UNKNOWN_LIST",
    /// A choice has no section, or one its list does not have.
    UnknownSection = "UNKNOWN_SECTION",
    /// A choice is put in the Command section, which holds no vessels: the HQ is an upgrade.
    CommandIsUpgrade = "COMMAND_IS_UPGRADE",
    /// A choice has no entry, one its section does not have, or one without a vessel profile.
    UnknownEntry = "UNKNOWN_ENTRY",
    /// A choice's vessel count is outside what its entry takes.
    CountOutOfRange = "COUNT_OUT_OF_RANGE",
    /// Several vessels of an entry the list does not price "each" (a warning: priced per vessel).
    /// No longer sent since Epic engine 2, where the pricing is a decision the pages show once;
    /// kept so the code keeps its meaning for answers recorded before.
    PricedPerVessel = "PRICED_PER_VESSEL",
    /// A vessel is marked as the HQ on a list without the Detachment HQ upgrade.
    HqNotAvailable = "HQ_NOT_AVAILABLE",
    /// No vessel carries the Detachment HQ on a list that needs one.
    HqMissing = "HQ_MISSING",
    /// More than one vessel carries the Detachment HQ.
    HqTooMany = "HQ_TOO_MANY",
    /// A section limited by Main Force has more choices than Main Force.
    SupportExceedsMain = "SUPPORT_EXCEEDS_MAIN",
    /// The Tyranid synapse section is outside its limit.
    SynapseCount = "SYNAPSE_COUNT",
    /// A section has fewer choices than its limit.
    SectionTooFew = "SECTION_TOO_FEW",
    /// A section has more choices than its limit.
    SectionTooMany = "SECTION_TOO_MANY",
    /// The chain of command is listed only up to its cap (a warning).
    ChainTruncated = "CHAIN_TRUNCATED",

    // Battlefleet Gothic fleets.
    /// No faction is chosen, or the faction id is unknown.
    UnknownFaction = "UNKNOWN_FACTION",
    /// A ship or squadron names a class that is in no faction's catalog.
    UnknownShip = "UNKNOWN_SHIP",
    /// A ship or squadron is of another faction than the fleet's.
    WrongFaction = "WRONG_FACTION",
    /// An escort class added as a single ship: escorts go in squadrons.
    EscortNotInSquadron = "ESCORT_NOT_IN_SQUADRON",
    /// A capital ship class in an escort squadron.
    CapitalShipInSquadron = "CAPITAL_SHIP_IN_SQUADRON",
    /// An escort squadron of fewer than 2 or more than 6 ships (a warning, our decision).
    SquadronSize = "SQUADRON_SIZE",
    /// A chosen option id that the ship does not offer.
    UnknownOption = "UNKNOWN_OPTION",
    /// The same option chosen twice on one ship.
    OptionRepeated = "OPTION_REPEATED",
    /// Two options of one group (alternatives) chosen on one ship.
    OptionsExclusive = "OPTIONS_EXCLUSIVE",
    /// A ship takes one option of a group and none is chosen.
    OptionRequired = "OPTION_REQUIRED",
    /// A chosen option whose price the data does not give: counted as 0 points (a warning).
    OptionPriceUnknown = "OPTION_PRICE_UNKNOWN",
    /// A profile the data marks as not confirmed against BFG Remastered (a warning).
    UnverifiedProfile = "UNVERIFIED_PROFILE",
    /// A ship of the fleet's faction that its fleet list does not field (and that is not taken as
    /// a reserve).
    NotInList = "NOT_IN_LIST",
    /// A ship marked as a reserve that no other list of the race fields, or that the list does
    /// not take as a reserve.
    ReserveNotAllowed = "RESERVE_NOT_ALLOWED",
    /// A composition rule of the fleet list is broken; the problem's `rule` names it (UNVERIFIED
    /// rules give warnings).
    ListRule = "LIST_RULE",
    /// An option the fleet list does not offer the ship.
    OptionNotInList = "OPTION_NOT_IN_LIST",
    /// An option taken more times than it (or its group) allows.
    OptionTooMany = "OPTION_TOO_MANY",
    /// An option on a ship that is not what it needs (a Mark without a leader aboard).
    OptionNeeds = "OPTION_NEEDS",
    /// A leader id that is in no list's catalog.
    UnknownLeader = "UNKNOWN_LEADER",
    /// A leader the fleet's list does not offer.
    LeaderNotInList = "LEADER_NOT_IN_LIST",
    /// A leader on a ship it may not ride (or on a ship when it goes on none, or the other way).
    LeaderPlacement = "LEADER_PLACEMENT",
    /// More extra re-rolls bought than the leader offers.
    RerollsOver = "REROLLS_OVER",
    /// Something an imported roster held that the fleet could not take (a warning; the build is
    /// incomplete until it is dealt with).
    NotRead = "NOT_READ",
    /// The fleet's (a Waffle roster's, an Epic detachment's) points are over its points limit.
    OverPointsLimit = "OVER_POINTS_LIMIT",

    // Waffle 40K rosters: types and how they combine.
    /// A vehicle's type id is not one of the seven; the message names the closest.
    UnknownType = "UNKNOWN_TYPE",
    /// A vehicle lists the same type twice (a warning: it counts once).
    DuplicateType = "DUPLICATE_TYPE",
    /// A Walker or Super-heavy walker that is also a Tank.
    WalkerTank = "WALKER_TANK",
    /// A Chariot that is also a Super-heavy flyer.
    ChariotFlyer = "CHARIOT_FLYER",
    /// A Chariot that is also a Walker or Super-heavy walker.
    ChariotWalker = "CHARIOT_WALKER",
    /// A Super-heavy flyer that is also a Tank or a Walker.
    FlyerTankOrWalker = "FLYER_TANK_OR_WALKER",
    /// A vehicle of two of the three super-heavy types.
    SuperHeavyKinds = "SUPER_HEAVY_KINDS",
    /// A Walker that is also a Super-heavy walker (a warning: the super-heavy already walks).
    WalkerTwice = "WALKER_TWICE",

    // Waffle 40K rosters: profiles, passengers and points.
    /// An armour value outside 10 to 14.
    ArmourOutOfRange = "ARMOUR_OUT_OF_RANGE",
    /// A Ballistic Skill outside 1 to 10.
    BsOutOfRange = "BS_OUT_OF_RANGE",
    /// A weapon's Strength outside 1 to 10.
    StrengthOutOfRange = "STRENGTH_OUT_OF_RANGE",
    /// A weapon's AP outside 1 to 6.
    ApOutOfRange = "AP_OUT_OF_RANGE",
    /// Fire points on a vehicle that is not a Transport.
    FirePointsNotTransport = "FIRE_POINTS_NOT_TRANSPORT",
    /// A transport capacity on a vehicle that is not a Transport.
    CapacityNotTransport = "CAPACITY_NOT_TRANSPORT",
    /// A Transport with a capacity of 0 (a warning: nobody can ride in it).
    TransportNoCapacity = "TRANSPORT_NO_CAPACITY",
    /// More fire points than the Transport carries models (a warning: some can never be used).
    FirePointsOverCapacity = "FIRE_POINTS_OVER_CAPACITY",

    // Waffle 40K: tank shock inputs (a refusal: nothing is computed).
    /// A tank shock input is outside what the calculator takes (the message gives the range).
    ShockInputOutOfRange = "SHOCK_INPUT_OUT_OF_RANGE",
    /// A tank shock shorter than the tank's combat speed, which is no tank shock.
    ShockBelowCombatSpeed = "SHOCK_BELOW_COMBAT_SPEED",

    // Samurai Battles naval scenarios.
    /// A unit or lone leader on a hex the board does not have.
    HexOffBoard = "HEX_OFF_BOARD",
    /// A second unit (or lone leader) on a hex: one to a hex.
    HexTaken = "HEX_TAKEN",
    /// A lone leader on a unit's hex: it should be attached to the unit.
    LeaderOnUnit = "LEADER_ON_UNIT",
    /// A lone leader on an ocean hex, which is impassable to it.
    LeaderAtSea = "LEADER_AT_SEA",
    /// A Command Ship on a land hex.
    CommandShipOnLand = "COMMAND_SHIP_ON_LAND",
    /// A second Command Ship for one side.
    CommandShipTwice = "COMMAND_SHIP_TWICE",
    /// A grapple with no unit at one of its ends.
    GrappleNoUnit = "GRAPPLE_NO_UNIT",
    /// A grapple between hexes that are not side by side.
    GrappleNotAdjacent = "GRAPPLE_NOT_ADJACENT",
    /// A grapple between two units of one side.
    GrappleSameSide = "GRAPPLE_SAME_SIDE",
    /// A grapple between two land units.
    GrappleNotNaval = "GRAPPLE_NOT_NAVAL",
    /// A unit's close or ranged dice over the most a figure holds.
    DiceOutOfRange = "DICE_OUT_OF_RANGE",
    /// A unit's blocks outside 1 to 6.
    BlocksOutOfRange = "BLOCKS_OUT_OF_RANGE",
    /// A unit type the catalog does not know (a warning: its figures are the player's).
    UnknownUnitType = "UNKNOWN_UNIT_TYPE",
    /// A terrain row marks land beyond the board's edge (a warning: it is left off).
    TerrainBeyondBoard = "TERRAIN_BEYOND_BOARD",
    /// The scenario notes no direction for the wind and tide (a warning: boats go one hex).
    WindNotSet = "WIND_NOT_SET",
    /// Units of both sides marked as ordered: a card orders one side's units.
    OrderedBothSides = "ORDERED_BOTH_SIDES",
    /// Infantry Onslaught or Cavalry Charge ordering land and naval units together.
    CardMixesLandAndSea = "CARD_MIXES_LAND_AND_SEA",
    /// Infantry Onslaught or Cavalry Charge ordering more than four naval units.
    CardOrdersTooMany = "CARD_ORDERS_TOO_MANY",
    /// Infantry Onslaught ordering naval units that are not one group side by side.
    OnslaughtNotAdjacent = "ONSLAUGHT_NOT_ADJACENT",
}

/// Templates print a code as clients see it.
impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `e` errors and `w` warnings, numbered in their messages.
    fn many(e: usize, w: usize) -> Vec<Problem> {
        let errors = (0..e).map(|i| Problem::error(Code::OverMaxLoad, None, format!("error {i}")));
        errors.chain((0..w).map(|i| Problem::warning(Code::CountZero, None, format!("note {i}")))).collect()
    }

    #[test]
    fn a_text_export_lists_at_most_fifty_problems_and_counts_the_rest() {
        // Few: every one listed, nothing counted.
        let text = legality_text(&many(3, 2));
        assert!(text.contains("NOT LEGAL (3 problems)") && text.contains("  - note 1\n"), "{text}");
        assert!(!text.contains("more"), "{text}");
        // Errors first: 40 errors and 30 notes list all 40 errors and the first 10 notes.
        let text = legality_text(&many(40, 30));
        assert!(text.contains("  - error 39\n") && text.contains("  - note 9\n"), "{text}");
        assert!(
            !text.contains("note 10\n") && text.contains("  ... and 20 more notes, not listed here\n"),
            "{text}"
        );
        // Past fifty errors: the count says all of them, the notes are counted only.
        let text = legality_text(&many(1198, 1));
        assert!(text.contains("NOT LEGAL (1198 problems)") && text.contains("  - error 49\n"), "{text}");
        assert!(
            !text.contains("error 50\n") && text.contains("  ... and 1148 more problems, not listed here\n")
        );
        assert!(text.contains("Notes:\n  ... and 1 more note, not listed here\n"), "{text}");
        assert_eq!(text.lines().filter(|l| l.starts_with("  - ")).count(), MAX_LISTED);
        // Whatever the mix, at most MAX_LISTED lines of problems.
        for (e, w) in [(0, 0), (0, 51), (49, 2), (50, 0), (51, 51), (7, 500)] {
            let text = legality_text(&many(e, w));
            let listed = text.lines().filter(|l| l.starts_with("  - ")).count();
            assert_eq!(listed, (e + w).min(MAX_LISTED), "{e} errors, {w} notes:\n{text}");
        }
    }

    #[test]
    fn a_build_with_only_warnings_is_legal() {
        let p = vec![Problem::warning(Code::CountZero, None, "w".into())];
        assert!(is_legal(&p));
        let p = vec![Problem::error(Code::OverMaxLoad, Some("x".into()), "e".into())];
        assert!(!is_legal(&p));
    }

    #[test]
    fn every_code_serializes_and_prints_as_its_text() {
        for &code in Code::ALL {
            assert_eq!(serde_json::to_value(code).ok(), Some(serde_json::Value::from(code.as_str())));
            assert_eq!(code.to_string(), code.as_str());
            assert!(code.as_str().chars().all(|c| c.is_ascii_uppercase() || c == '_'), "{code}");
        }
    }

    #[test]
    fn no_two_codes_share_a_text() {
        let mut texts: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), Code::ALL.len());
    }

    #[test]
    fn a_problem_serializes_its_code_as_text() {
        let p = Problem::error(Code::OverMaxLoad, None, "Too heavy".into());
        assert_eq!(
            serde_json::to_string(&p).ok().as_deref(),
            Some(r#"{"code":"OVER_MAX_LOAD","severity":"error","message":"Too heavy"}"#)
        );
    }
}
