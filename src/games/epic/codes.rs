//! The problem codes only the Epic detachment builder gives; those every game shares are
//! [`crate::games::Shared`]. Each code's text is written once, beside its variant.

crate::games::codes! {
    /// Every problem code only the Epic detachment builder gives. Clients match on these texts, so a code never
    /// changes once published: add a variant rather than rename one.
    Code {
        // Epic detachments (and every later game's documents).
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
    }
}
