//! The problem codes only the Samurai Battles naval scenario builder gives; those every game shares are
//! [`crate::games::Shared`]. Each code's text is written once, beside its variant.

crate::games::codes! {
    /// Every problem code only the Samurai Battles naval scenario builder gives. Clients match on these texts, so a code never
    /// changes once published: add a variant rather than rename one.
    Code {
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
}
