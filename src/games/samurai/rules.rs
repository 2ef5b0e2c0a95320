//! The naval rules, summarised in our own words, one entry per rule with a stable id. Every note
//! the engine gives cites one of these, and the printable sheet lists them all. The source is the
//! fan variant's naval rules for Command & Colors: Samurai Battles
//! (`shared/rules/samurai-battles-naval.txt`); `section` names its heading.

use serde::Serialize;

/// One rule, in our words.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct NavalRule {
    /// Stable id, cited by notes ("wind-and-tide").
    pub id: &'static str,
    /// The heading of the naval rules it comes from.
    pub section: &'static str,
    pub title: &'static str,
    pub text: &'static str,
}

macro_rules! rules {
    ($($name:ident = $id:literal, $section:literal, $title:literal, $text:literal;)+) => {
        $(pub const $name: &NavalRule = &NavalRule { id: $id, section: $section, title: $title, text: $text };)+
        /// Every rule, in the order of the naval rules.
        pub static RULES: &[&NavalRule] = &[$($name,)+];
    };
}

rules! {
    NAVAL_UNITS = "naval-units", "Naval units", "A unit at sea is in its own boat",
        "Any unit on an ocean hex is a naval unit, in a boat of its own, whatever the figures on it.";
    WIND_AND_TIDE = "wind-and-tide", "Naval movement › Wind and tide",
        "Moving with or against the wind and tide",
        "The scenario map notes the net drift of wind and tide along a hex axis, or along several. Of a hex's six sides, the three facing a noted direction are with the wind; where several are noted, a side with any of them counts (our reading: each noted drift helps a boat along, so noting more never takes a side away). A boat given an order can always go one hex in any direction; it goes two only if both steps cross sides with the wind. Land movement rates do not apply at sea.";
    CARDS_OVERRIDE_WIND = "cards-override-wind", "Naval movement › Wind and tide",
        "Cards that lengthen a move",
        "A card that adds to a unit's movement lifts the wind's limits: the unit moves as the card allows in any direction.";
    TAKING_GROUND_AT_SEA = "taking-ground-at-sea", "Naval movement › Wind and tide",
        "Taking ground at sea", "A unit that may take ground after close combat may do so at sea in any direction, whatever the wind.";
    EMBARK_DISEMBARK = "embark-disembark", "Amphibious maneuvers", "Embarking and disembarking",
        "An ordered unit beside the shore may move one hex from land onto ocean (embark) or from ocean onto land (disembark). It must start its turn next to that hex, moves that one hex only (no card lengthens it), and may not battle that turn.";
    LYING_FLAT = "lying-flat", "Amphibious maneuvers", "Lying flat",
        "A unit that embarks or disembarks lies flat (or is marked) until the start of its side's next turn. While flat it ignores no sword results in close combat: neither its rank nor cavalry protects it.";
    NO_GROUND_ACROSS_SHORE = "no-ground-across-shore", "Amphibious maneuvers",
        "No taking ground across the shore", "Taking ground after close combat never crosses between land and ocean, either way.";
    GRAPPLE = "grapple", "Grappling", "Grappling an enemy boat",
        "In close combat against an enemy boat, a unit can give up one of its sword results to throw grapples instead of scoring a hit with it. It must itself be at sea, or on a shore hex beside the boat. A sword the target would ignore by its rank can still be the grapple; the swords after it count as usual. Units that score no hits with swords (Irregular Peasant Infantry) may still grapple with one. It takes a sword actually rolled: a unit with no close-combat dice against that boat (one die on land is none at sea, or none from the shore) cannot grapple it, nor cut a grapple loose, unless its leader's inspiration gives it a die (our reading).";
    GRAPPLED = "grappled", "Grappling", "Grappled units stay put",
        "A marker goes between the two hexes. Both units are grappled: neither may move, though either may still battle when ordered.";
    SEVER = "sever", "Grappling", "Cutting a grapple loose",
        "A grappled unit fighting the enemy it is grappled with may spend one sword to cut the grapple, as it would to grapple. The marker goes, and both are free to move at once.";
    NAVAL_DICE = "naval-dice", "Naval combat", "One die less at sea",
        "A naval unit rolls one die less in close combat and in ranged attacks. A leader's inspiration and the Command or Dragon cards can still add dice to that.";
    SHORE_DICE = "shore-dice", "Naval combat", "Fighting boats from the shore",
        "Fighting a boat in the ocean hex next to it, a unit standing on the shore loses one close-combat die. Shooting at boats from land is not affected.";
    NO_MOVEMENT_PENALTY = "no-movement-penalty", "Naval combat", "No dice lost for moving at sea",
        "At sea a unit never rolls fewer dice for having moved, in ranged attacks or in close combat (archers included).";
    BATTLE_AFTER_FULL_MOVE = "battle-after-full-move", "Naval combat", "Battling after a full move",
        "A naval unit may battle after its full naval move, even a unit that may not battle after moving two hexes on land (spearmen, Sohei warriors and archers).";
    DISMOUNTED = "dismounted", "Naval combat", "Cavalry at sea fights dismounted",
        "Mounted units at sea keep their figures but fight on foot: no cavalry resistance to swords in close combat, and no bonus close combat after taking ground without a leader. Landed again, they are cavalry as before.";
    FLAGS_AT_SEA = "flags-at-sea", "Naval combat", "No retreat at sea",
        "A boat never falls back: each flag it does not ignore counts as a hit. A unit on land cannot fall back into the sea.";
    SEA_LEADERS = "sea-leaders", "Naval leaders", "Every leader at sea leads on foot",
        "At sea every leader acts as a foot leader: it inspires only the unit it is attached to (one die more in close combat, for Honor and Fortune). A mounted leader is mounted again once it lands.";
    LONE_LEADER_AT_SEA = "lone-leader-at-sea", "Naval leaders", "No lone leaders on open ocean",
        "A leader may not be alone on an open ocean hex: at sea it must be aboard a friendly unit's boat.";
    LEADER_DECK_TO_DECK = "leader-deck-to-deck", "Naval leaders", "Leaders move deck to deck",
        "An ordered leader leaving its unit at sea moves one or two hexes, whatever the wind or any grapple, so long as every hex it moves into holds a friendly unit.";
    LEADER_RETREAT_AT_SEA = "leader-retreat-at-sea", "Naval leaders", "A leader's retreat at sea",
        "A leader retreating at sea goes one or two hexes toward its side's edge, each hex holding a friendly unit. With only open ocean or enemies behind it, it must commit seppuku; so must a leader on a shore hex with only open ocean behind.";
    COMMAND_SHIP = "command-ship", "Command ships", "The Command Ship",
        "A scenario may put the Commander and bodyguard on a Command Ship: a Command Tent tile on an ocean hex. It is a Command Tent in every way, except that it moves by the naval movement rules. Landing, the tile moves ashore and becomes an ordinary Command Tent; embarking from a shore hex, it becomes a Command Ship again.";
    INFANTRY_ONSLAUGHT = "infantry-onslaught", "Naval card rules", "Infantry Onslaught at sea",
        "When both boats and troops ashore are on the board, the card orders either kind but never a mix. Ordering boats, it orders up to four that lie in one group, each beside another of them; those may move two hexes, even against the wind, and then fight in close combat. Mark the units a card orders and Drydock checks the group, the kind and the side (our reading: fewer than four may be ordered when fewer are at hand).";
    CAVALRY_CHARGE = "cavalry-charge", "Naval card rules", "Cavalry Charge at sea",
        "When both boats and troops ashore are on the board, the card orders either kind. Ordering four naval units, it does not change how far they move, but each rolls one die more in close combat.";
    SERPENT_COMMAND = "serpent-command", "Naval card rules", "Serpent Command at sea",
        "The units it orders move one hex at most, as the card says, whatever the wind.";
    DRAGON_MOVES = "dragon-moves", "Naval card rules", "Dragon cards that lengthen a move",
        "Move as Wind, Katchu-Keiba Victor and Spirit of Haya-Ji may lengthen a naval move as their own text says, reading \"naval unit\" wherever the card names cavalry or infantry. Some other Dragon cards (Red Dragon, Panic, Cowards, Strike Fear, Blue Dragon) bite harder at sea.";
}

/// The rule with this id.
pub fn rule(id: &str) -> Option<&'static NavalRule> {
    RULES.iter().copied().find(|r| r.id == id)
}
