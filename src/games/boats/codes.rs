//! The problem codes only the Car Wars boat designer gives; those every game shares are
//! [`crate::games::Shared`]. Each code's text is written once, beside its variant.

crate::games::codes! {
    /// Every problem code only the Car Wars boat designer gives. Clients match on these texts, so a code never
    /// changes once published: add a variant rather than rename one.
    Code {
        // Car Wars boats: the document and its ids.
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
    }
}
