//! The problem codes only the Waffle 40K roster gives; those every game shares are
//! [`crate::games::Shared`]. Each code's text is written once, beside its variant.

crate::games::codes! {
    /// Every problem code only the Waffle 40K roster gives. Clients match on these texts, so a code never
    /// changes once published: add a variant rather than rename one.
    Code {
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
    }
}
