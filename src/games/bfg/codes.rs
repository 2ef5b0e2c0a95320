//! The problem codes only the Battlefleet Gothic fleet builder gives; those every game shares are
//! [`crate::games::Shared`]. Each code's text is written once, beside its variant.

crate::games::codes! {
    /// Every problem code only the Battlefleet Gothic fleet builder gives. Clients match on these texts, so a code never
    /// changes once published: add a variant rather than rename one.
    Code {
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
    }
}
