//! What each unit and lone leader may do this turn, worked out from the naval rules: where it
//! may move (with the wind and tide, and the card played), whether it may embark or disembark,
//! its battle dice, the swords it ignores, what it may grapple or cut loose, and where its leader
//! may go. Every answer carries notes that cite the rule they come from ([`rules`](super::rules)).

use serde::Serialize;
use std::borrow::Cow;
use std::sync::LazyLock;

use super::check::MAX_DICE;
use super::data::Rank;
use super::hex::{Direction, Hex, Winds, listed};
use super::layout::Layout;
use super::rules::{self, NavalRule};
use super::scenario::{Card, Side, Unit};

/// A note about a unit's options, citing its rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The [`NavalRule`] id it comes from.
    pub rule: &'static str,
    /// Most notes are fixed sentences, kept without a copy (judging every unit of a full board
    /// stays within its 50 us).
    pub text: Cow<'static, str>,
}

/// Battle dice as they are this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Dice {
    pub close: u8,
    pub ranged: u8,
    /// A land unit on a shore hex: its close-combat dice against a naval unit beside it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub close_vs_naval: Option<u8>,
    /// With its attached leader's inspiration (one more close-combat die).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inspired: Option<u8>,
}

/// Sword results ignored in close combat, by the attacker's rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ignores {
    pub circle: u8,
    pub triangle: u8,
    pub square: u8,
    /// Cavalry resistance: one more sword ignored from units on foot.
    pub cavalry: bool,
}

/// A retreat: where a leader may go, or that it must commit seppuku.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Retreat {
    pub hexes: Vec<Hex>,
    pub seppuku: bool,
}

/// Everything one unit may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnitOptions {
    /// Its place in the scenario's units, from 0.
    pub id: usize,
    pub side: Side,
    pub hex: Hex,
    /// On an ocean hex: in a boat, under the naval rules.
    pub naval: bool,
    /// On a land hex beside the ocean.
    pub shore: bool,
    pub grappled_with: Vec<Hex>,
    /// Every hex it may end its move on this turn, sea moves and landings alike.
    pub moves: Vec<Hex>,
    /// Those of `moves` that embark or disembark.
    pub landings: Vec<Hex>,
    pub dice: Dice,
    /// None where its rank is unknown.
    pub ignores: Option<Ignores>,
    /// Enemy naval units beside it it may grapple with a sword in close combat.
    pub grapple: Vec<Hex>,
    /// Units it is grappled with and may cut loose with a sword.
    pub sever: Vec<Hex>,
    /// Where its attached leader may move, leaving it, at sea.
    pub leader_moves: Vec<Hex>,
    /// Where its attached leader would retreat at sea.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leader_retreat: Option<Retreat>,
    pub notes: Vec<Note>,
}

/// Everything one lone leader may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LeaderOptions {
    pub id: usize,
    pub side: Side,
    pub hex: Hex,
    pub retreat: Retreat,
    pub notes: Vec<Note>,
}

fn note(notes: &mut Vec<Note>, rule: &'static NavalRule, text: impl Into<Cow<'static, str>>) {
    notes.push(Note { rule: rule.id, text: text.into() });
}

fn push_once(v: &mut Vec<Hex>, h: Hex) {
    if !v.contains(&h) {
        v.push(h);
    }
}

/// The wind-and-tide note for each set of directions the wind may blow (indexed by
/// [`Winds::bits`]), written once.
static WIND_TEXT: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..64).map(|b| wind_text(Winds::from_bits(b))).collect());

fn wind_text(winds: Winds) -> String {
    if winds.is_empty() {
        return "One hex in any direction: the map notes no direction for the wind and tide, so no side is with them.".to_owned();
    }
    let sides: Vec<&str> = Direction::ALL.iter().filter(|d| winds.carries(**d)).map(|d| d.name()).collect();
    format!(
        "One hex in any direction, or two when both steps cross the sides with the wind and tide (blowing {}: its {} sides).",
        winds.names(),
        sides.join(", ")
    )
}

/// The naval-dice note: close and ranged dice at sea, each from its figure on land.
fn dice_at_sea(close: u8, close_from: u8, ranged: u8, ranged_from: u8) -> String {
    let ranged =
        if ranged_from > 0 { format!(", ranged {ranged} (from {ranged_from})") } else { String::new() };
    let dice = if close == 1 { "die" } else { "dice" };
    format!("At sea: close combat {close} {dice} (from {close_from}){ranged}.")
}

/// [`dice_at_sea`] for the usual case (one die less of each, no card) and every figure within a
/// unit's limits, written once: index `close_from * (MAX_DICE + 1) + ranged_from`.
static DICE_AT_SEA: LazyLock<Vec<String>> = LazyLock::new(|| {
    (0..=MAX_DICE)
        .flat_map(|c| {
            (0..=MAX_DICE).map(move |r| dice_at_sea(c.saturating_sub(1), c, r.saturating_sub(1), r))
        })
        .collect()
});

/// The inspiration note, written once for every figure within a unit's limits, at sea and not:
/// index `inspired * 2 + naval`.
static INSPIRED: LazyLock<Vec<String>> = LazyLock::new(|| {
    (0..=MAX_DICE + 2).flat_map(|n| [inspired_text(n, false), inspired_text(n, true)]).collect()
});

fn inspired_text(inspired: u8, naval: bool) -> String {
    format!(
        "Its leader may inspire it: {inspired} close-combat dice{}.",
        if naval { " (at sea a leader inspires only its own unit)" } else { "" }
    )
}

/// How far a naval unit may move with this card: (hexes, whether the wind limits the second).
fn reach(card: Card) -> (u8, bool) {
    match card {
        Card::SerpentCommand => (1, false),
        Card::InfantryOnslaught | Card::MoveAsWind | Card::KatchuKeibaVictor | Card::SpiritOfHayaJi => {
            (2, false)
        }
        Card::Order | Card::CavalryCharge => (2, true),
    }
}

/// The hexes a naval unit at `from` may move to: free ocean, one hex any way, two when the card
/// allows (with the wind on both steps unless the card lifts it), never through or onto a unit.
pub fn sea_moves(l: &Layout, from: Hex, card: Card) -> Vec<Hex> {
    let (hexes, windbound) = reach(card);
    let wind = l.s.wind;
    let sea = |h: Hex| l.ocean(h) && l.free(h);
    let mut out = Vec::new();
    for d1 in Direction::ALL {
        let Some(n1) = l.board.step(from, d1).filter(|&n| sea(n)) else { continue };
        push_once(&mut out, n1);
        if hexes < 2 {
            continue;
        }
        for d2 in Direction::ALL {
            if windbound && !(wind.carries(d1) && wind.carries(d2)) {
                continue;
            }
            if let Some(n2) = l.board.step(n1, d2).filter(|&n| sea(n) && from.distance(n) == 2) {
                push_once(&mut out, n2);
            }
        }
    }
    out
}

/// A leader's retreat from `from` toward its side's edge, by the naval rules: one or two hexes,
/// each holding a friendly unit; on land, also the free land hexes behind it (a leader's usual
/// retreat, first hex shown). Seppuku when nothing behind it will do and open ocean is there.
pub fn leader_retreat(l: &Layout, from: Hex, side: Side) -> Retreat {
    let mut hexes = Vec::new();
    let mut ocean_behind = false;
    let on_land = l.land(from);
    for d in side.back() {
        let Some(n1) = l.board.step(from, d) else { continue };
        if l.friend_at(n1, side) {
            push_once(&mut hexes, n1);
            for d2 in side.back() {
                if let Some(n2) = l.board.step(n1, d2).filter(|&n| l.friend_at(n, side)) {
                    push_once(&mut hexes, n2);
                }
            }
        } else if on_land && l.land(n1) && l.unit_at(n1).is_none() {
            push_once(&mut hexes, n1);
        } else if l.ocean(n1) {
            ocean_behind = true;
        }
    }
    let seppuku = hexes.is_empty() && (!on_land || ocean_behind);
    Retreat { hexes, seppuku }
}

/// Unit `k` as it stands: where, at sea or on the shore, its dice, what its rank ignores and
/// whom it is grappled with (and so may cut loose), but not where it may move, what it may
/// grapple, its leader's moves nor the notes that say so ([`unit_options`] works those out too).
/// What a page needs of a unit whose options it does not show.
pub fn unit_standing(l: &Layout, k: usize) -> UnitOptions {
    let s = l.s;
    let u = &s.units[k];
    let naval = l.naval(u);
    let shore = l.shore(u.hex);
    let grappled: Vec<Hex> = l.grappled_with(k).iter().map(|&j| s.units[j].hex).collect();
    UnitOptions {
        id: k,
        side: u.side,
        hex: u.hex,
        naval,
        shore,
        moves: Vec::new(),
        landings: Vec::new(),
        dice: dice(l, k, naval, shore),
        ignores: ignores(u, naval),
        grapple: Vec::new(),
        sever: grappled.clone(),
        leader_moves: Vec::new(),
        leader_retreat: None,
        grappled_with: grappled,
        notes: Vec::new(),
    }
}

/// Everything unit `k` may do this turn.
pub fn unit_options(l: &Layout, k: usize) -> UnitOptions {
    let mut o = unit_standing(l, k);
    let u = &l.s.units[k];
    let mut notes = Vec::with_capacity(12);
    if !l.on_board(u.hex) {
        note(
            &mut notes,
            rules::NAVAL_UNITS,
            format!("{} is off the board: move it onto the map to see its options.", u.hex),
        );
        o.notes = notes;
        return o;
    }
    movement(l, k, u, &mut o, &mut notes);
    combat(l, k, u, &mut o, &mut notes);
    leader(l, u, &mut o, &mut notes);
    o.notes = notes;
    o
}

fn movement(l: &Layout, k: usize, u: &Unit, o: &mut UnitOptions, notes: &mut Vec<Note>) {
    let card = l.s.card;
    if !l.ordered(k) {
        note(
            notes,
            rules::NAVAL_UNITS,
            "Not among the units marked as ordered this turn: it stays where it is.",
        );
        return;
    }
    if !o.grappled_with.is_empty() {
        note(
            notes,
            rules::GRAPPLED,
            format!(
                "Grappled with {}: it may not move (nor embark or disembark) until the grapple is cut, but it may still battle.",
                listed(&o.grappled_with, " and ")
            ),
        );
        return;
    }
    if o.naval {
        o.moves = sea_moves(l, u.hex, card);
        let wind = l.s.wind;
        let text = match card {
            Card::SerpentCommand => {
                note(notes, rules::SERPENT_COMMAND, "Serpent Command: one hex at most, whatever the wind.");
                Cow::Borrowed("It moves one hex at most this turn.")
            }
            Card::InfantryOnslaught => {
                note(
                    notes,
                    rules::INFANTRY_ONSLAUGHT,
                    "Infantry Onslaught ordering naval units: with up to three other adjacent naval units it may move two hexes in any direction, even against the wind, then fight in close combat. The card orders naval units or land units, not both.",
                );
                Cow::Borrowed("Two hexes in any direction (the card lifts the wind's limit).")
            }
            c if c.lengthens_move() => {
                note(
                    notes,
                    rules::DRAGON_MOVES,
                    format!(
                        "{}: the card's own text says how far (we do not have it). Shown: two hexes in any direction, as a card that lengthens a move lifts the wind's limit; check the card for more.",
                        c.name()
                    ),
                );
                note(
                    notes,
                    rules::CARDS_OVERRIDE_WIND,
                    "A card that adds movement overrides the wind and tide.",
                );
                Cow::Borrowed("Two hexes in any direction at least (see the card).")
            }
            _ => {
                if card == Card::CavalryCharge {
                    note(
                        notes,
                        rules::CAVALRY_CHARGE,
                        "Cavalry Charge ordering naval units: movement is as usual, and it rolls one more die in close combat.",
                    );
                }
                match WIND_TEXT.get(wind.bits()) {
                    Some(t) => Cow::Borrowed(t.as_str()),
                    None => Cow::Owned(wind_text(wind)),
                }
            }
        };
        note(notes, rules::WIND_AND_TIDE, text);
        note(
            notes,
            rules::TAKING_GROUND_AT_SEA,
            "After close combat it may take ground at sea in any direction, whatever the wind, but never onto land.",
        );
        for (_, h) in l.board.neighbours(u.hex).filter(|&(_, n)| l.land(n) && l.free(n)) {
            push_once(&mut o.landings, h);
            push_once(&mut o.moves, h);
        }
        if !o.landings.is_empty() {
            note(
                notes,
                rules::EMBARK_DISEMBARK,
                "It may disembark onto a land hex beside it: one hex only (no card lengthens it), no battle this turn.",
            );
            note(
                notes,
                rules::LYING_FLAT,
                "Landed, it lies flat until its side's next turn: no rank or cavalry resistance meanwhile.",
            );
            if u.command_ship {
                note(
                    notes,
                    rules::COMMAND_SHIP,
                    "Landing, the Command Tent tile moves ashore with it and is an ordinary Command Tent from then on.",
                );
            }
        }
    } else {
        for (_, h) in l.board.neighbours(u.hex).filter(|&(_, n)| l.ocean(n) && l.free(n)) {
            push_once(&mut o.landings, h);
            push_once(&mut o.moves, h);
        }
        if !o.landings.is_empty() {
            note(
                notes,
                rules::EMBARK_DISEMBARK,
                "It may embark onto an ocean hex beside it: one hex only (no card lengthens it), no battle this turn. Otherwise it moves by the usual land rules.",
            );
            note(
                notes,
                rules::LYING_FLAT,
                "Embarked, it lies flat until its side's next turn: no rank or cavalry resistance meanwhile.",
            );
            if u.command_ship {
                note(notes, rules::COMMAND_SHIP, "Embarking, its Command Tent becomes a Command Ship.");
            }
        }
        if o.shore {
            note(
                notes,
                rules::NO_GROUND_ACROSS_SHORE,
                "On the shore: taking ground never crosses onto the ocean.",
            );
        }
    }
    if u.flat {
        note(
            notes,
            rules::LYING_FLAT,
            "Lying flat now (it embarked or disembarked this turn): it ignores no swords until its side's next turn begins.",
        );
    }
}

fn dice(l: &Layout, k: usize, naval: bool, shore: bool) -> Dice {
    let u = &l.s.units[k];
    let charge = u8::from(naval && l.s.card == Card::CavalryCharge && l.ordered(k));
    let close = if naval { u.close.saturating_sub(1) } else { u.close }.saturating_add(charge);
    let ranged = if naval { u.ranged.saturating_sub(1) } else { u.ranged };
    Dice {
        close,
        ranged,
        close_vs_naval: (!naval && shore).then(|| close.saturating_sub(1)),
        inspired: u.leader.map(|_| close.saturating_add(1)),
    }
}

fn ignores(u: &Unit, naval: bool) -> Option<Ignores> {
    let rank = u.rank?;
    if u.flat {
        return Some(Ignores { circle: 0, triangle: 0, square: 0, cavalry: false });
    }
    Some(Ignores {
        circle: rank.ignores_from(Rank::Circle),
        triangle: rank.ignores_from(Rank::Triangle),
        square: rank.ignores_from(Rank::Square),
        cavalry: u.mounted && !naval,
    })
}

fn combat(l: &Layout, k: usize, u: &Unit, o: &mut UnitOptions, notes: &mut Vec<Note>) {
    let s = l.s;
    let base = (u.close, u.ranged);
    if o.naval {
        let (close, ranged) = (o.dice.close, o.dice.ranged);
        let usual = close == base.0.saturating_sub(1) && ranged == base.1.saturating_sub(1);
        // One die less of each, as a unit has it: written once per figure.
        let at = usize::from(base.0) * (usize::from(MAX_DICE) + 1) + usize::from(base.1);
        let text = match DICE_AT_SEA.get(at) {
            Some(t) if usual && base.0 <= MAX_DICE && base.1 <= MAX_DICE => Cow::Borrowed(t.as_str()),
            _ => Cow::Owned(dice_at_sea(close, base.0, ranged, base.1)),
        };
        note(notes, rules::NAVAL_DICE, text);
        note(notes, rules::NO_MOVEMENT_PENALTY, "Moving at sea never costs it dice.");
        note(notes, rules::BATTLE_AFTER_FULL_MOVE, "It may battle after its full naval move.");
        if u.mounted {
            note(
                notes,
                rules::DISMOUNTED,
                "Mounted, it fights dismounted at sea: no cavalry resistance, no bonus close combat after taking ground without a leader.",
            );
        }
        note(notes, rules::FLAGS_AT_SEA, "It never retreats: each flag it cannot ignore is a hit.");
    } else {
        if let Some(v) = o.dice.close_vs_naval {
            note(
                notes,
                rules::SHORE_DICE,
                format!(
                    "On the shore: {v} dice in close combat against a naval unit beside it ({} otherwise); its ranged attacks on boats are as usual.",
                    o.dice.close
                ),
            );
        }
        if o.shore || l.board.neighbours(u.hex).any(|(_, n)| l.ocean(n)) {
            note(notes, rules::FLAGS_AT_SEA, "It may not retreat onto an ocean hex.");
        }
    }
    if let Some(inspired) = o.dice.inspired {
        let text = match INSPIRED.get(usize::from(inspired) * 2 + usize::from(o.naval)) {
            Some(t) => Cow::Borrowed(t.as_str()),
            None => Cow::Owned(inspired_text(inspired, o.naval)),
        };
        note(notes, rules::SEA_LEADERS, text);
    }
    if u.kind == "irregular-peasant-infantry" {
        note(
            notes,
            rules::GRAPPLE,
            "Its swords score no hits in close combat, but it may still spend one on a grapple.",
        );
    }
    // A grapple, and cutting one, is a sword rolled: a unit that rolls no close-combat dice
    // against a boat cannot, unless the die its leader's inspiration adds gives it one.
    let rolls = if o.naval { o.dice.close } else { o.dice.close_vs_naval.unwrap_or(o.dice.close) };
    let inspired_only = rolls == 0 && u.leader.is_some();
    let sword = rolls > 0 || inspired_only;
    // Grapples: against enemy naval units beside it, by a naval unit or one on the shore.
    if o.naval || o.shore {
        let mut targets = Vec::new();
        for (_, n) in l.board.neighbours(u.hex) {
            let Some(j) = l.unit_at(n) else { continue };
            let e = &s.units[j];
            if e.side != u.side && l.naval(e) && !l.grappled_with(k).contains(&j) {
                push_once(&mut targets, n);
            }
        }
        if !targets.is_empty() {
            let text = if rolls > 0 {
                format!(
                    "In close combat it may spend a sword to grapple the enemy boat at {}.",
                    listed(&targets, " or ")
                )
            } else if inspired_only {
                format!(
                    "It rolls no close-combat dice of its own against a boat, so it may grapple the enemy boat at {} only when its leader inspires it (a grapple is a sword rolled).",
                    listed(&targets, " or ")
                )
            } else {
                format!(
                    "It rolls no close-combat dice against a boat, so it cannot grapple the enemy boat at {}: a grapple is a sword rolled.",
                    listed(&targets, " or ")
                )
            };
            note(notes, rules::GRAPPLE, text);
        }
        if sword {
            o.grapple = targets;
        }
    }
    if !o.sever.is_empty() {
        let text = if rolls > 0 {
            format!(
                "Fighting the unit it is grappled with ({}), it may spend a sword to cut the grapple.",
                listed(&o.sever, ", ")
            )
        } else if inspired_only {
            format!(
                "It rolls no close-combat dice of its own, so it may cut the grapple with {} only when its leader inspires it.",
                listed(&o.sever, ", ")
            )
        } else {
            format!(
                "It rolls no close-combat dice, so it cannot cut the grapple with {}: that takes a sword rolled.",
                listed(&o.sever, ", ")
            )
        };
        note(notes, rules::SEVER, text);
        if !sword {
            o.sever.clear();
        }
    }
}

fn leader(l: &Layout, u: &Unit, o: &mut UnitOptions, notes: &mut Vec<Note>) {
    if u.command_ship && o.naval {
        note(
            notes,
            rules::COMMAND_SHIP,
            "The Command Ship: a Command Tent in every way, moving by the naval rules.",
        );
    }
    let Some(kind) = u.leader else { return };
    if !o.naval {
        return;
    }
    if kind == super::scenario::LeaderKind::Mounted {
        note(notes, rules::SEA_LEADERS, "Its mounted leader acts as a foot leader at sea.");
    }
    for (_, n1) in l.board.neighbours(u.hex) {
        if !l.friend_at(n1, u.side) {
            continue;
        }
        if leaderless(l, n1) {
            push_once(&mut o.leader_moves, n1);
        }
        for (_, n2) in l.board.neighbours(n1) {
            if n2 != u.hex && u.hex.distance(n2) == 2 && l.friend_at(n2, u.side) && leaderless(l, n2) {
                push_once(&mut o.leader_moves, n2);
            }
        }
    }
    let moves = if o.leader_moves.is_empty() {
        Cow::Borrowed("Its leader may not leave it: no friendly unit is within reach to step aboard.")
    } else {
        Cow::Owned(format!(
            "Its leader may cross to the friendly boats at {} (one or two hexes, whatever the wind or grapples, every hex holding a friendly unit).",
            listed(&o.leader_moves, ", ")
        ))
    };
    note(notes, rules::LEADER_DECK_TO_DECK, moves);
    let r = leader_retreat(l, u.hex, u.side);
    note(notes, rules::LEADER_RETREAT_AT_SEA, retreat_text(&r));
    o.leader_retreat = Some(r);
}

/// A hex whose unit has no leader yet (a leader joins a unit without one).
fn leaderless(l: &Layout, h: Hex) -> bool {
    l.unit_at(h).is_some_and(|j| l.s.units[j].leader.is_none())
}

fn retreat_text(r: &Retreat) -> Cow<'static, str> {
    if r.seppuku {
        Cow::Borrowed(
            "Forced to retreat, its leader has only open ocean or enemies behind it: it must commit seppuku.",
        )
    } else if r.hexes.is_empty() {
        Cow::Borrowed(
            "Forced to retreat, its leader has nowhere to go toward its edge: the usual rules for a leader that cannot retreat apply.",
        )
    } else {
        Cow::Owned(format!(
            "Forced to retreat, its leader may go to {} toward its side's edge.",
            listed(&r.hexes, ", ")
        ))
    }
}

/// Everything lone leader `k` may do.
pub fn leader_options(l: &Layout, k: usize) -> LeaderOptions {
    let leader = &l.s.leaders[k];
    let mut notes = Vec::new();
    let retreat = leader_retreat(l, leader.hex, leader.side);
    if l.ocean(leader.hex) {
        note(
            &mut notes,
            rules::LONE_LEADER_AT_SEA,
            "Alone on open ocean, which the rules do not allow: attach it to a unit or put it ashore.",
        );
    } else if l.shore(leader.hex) {
        note(&mut notes, rules::LEADER_RETREAT_AT_SEA, retreat_text(&retreat));
    }
    LeaderOptions { id: k, side: leader.side, hex: leader.hex, retreat, notes }
}

#[cfg(test)]
mod written_once {
    use super::*;

    #[test]
    fn the_notes_written_once_say_what_writing_them_each_time_would() {
        for c in 0..=MAX_DICE {
            for r in 0..=MAX_DICE {
                let at = usize::from(c) * (usize::from(MAX_DICE) + 1) + usize::from(r);
                let each_time = dice_at_sea(c.saturating_sub(1), c, r.saturating_sub(1), r);
                assert_eq!(DICE_AT_SEA[at], each_time);
            }
        }
        assert_eq!(DICE_AT_SEA[4 * 7 + 2], "At sea: close combat 3 dice (from 4), ranged 1 (from 2).");
        assert_eq!(DICE_AT_SEA[3 * 7], "At sea: close combat 2 dice (from 3).");
        assert_eq!(DICE_AT_SEA[2 * 7], "At sea: close combat 1 die (from 2).");
        for n in 0..=MAX_DICE + 2 {
            for naval in [false, true] {
                assert_eq!(INSPIRED[usize::from(n) * 2 + usize::from(naval)], inspired_text(n, naval));
            }
        }
    }
}
