//! How a roster's names are matched to ours: both are brought to the same words (lower case,
//! no punctuation, no "class", singular), then compared whole, then by words.

/// The fleet lists as the BSData catalogues that BattleScribe and New Recruit use name them
/// (the `force` element's `name`), with ours. Our own list names are matched too.
pub const LIST_NAMES: [(&str, &str); 21] = [
    ("Armageddon Sector", "in-armageddon"),
    ("Gothic Sector", "in-gothic"),
    ("Bastion Fleets", "in-bastion"),
    ("Battlefleet Cadia", "in-cadia"),
    ("Battlefleet Bakka, Saviors of Maccrage", "in-bakka"),
    ("Abaddon's 13th Black Crusade", "ch-black-crusade"),
    ("Bezerker Fleet of Khorne", "ch-khorne"),
    ("Plague Fleet of Nurgle", "ch-nurgle"),
    ("Pleasure Fleet of Slaanesh", "ch-slaanesh"),
    ("Sorcerous Fleet of Tzeentch", "ch-tzeentch"),
    ("Chaos Incursion Fleet (BBB)", "ch-incursion"),
    ("Ork Pirates", "ork-cyclops"),
    ("Ork Waaagh!", "ork-waaagh"),
    ("Da Ork Clanz Fleet List", "ork-clanz"),
    ("Codex Astartes Fleet List", "sm-codex"),
    ("Crusade Fleet List", "sm-crusade"),
    ("Dominion Fleet List", "sm-dominion"),
    ("Tau Kor'Or'Vesh: Commerce Protection Fleet (Compendium)", "tau-commerce"),
    ("Later Gothic War Eldar Corsairs Fleet List", "eldar-lgw"),
    ("Gothic Sector Eldar Corsairs Fleet List", "eldar-gothic"),
    ("Tyranid Vanguard Fleet List", "ty-vanguard"),
];

/// Words that say nothing about which thing is meant.
const FILLER: [&str; 4] = ["class", "the", "of", "a"];

/// The name as words: lower case, letters and digits only, without filler words, each singular
/// ("Prow Torpedos" and "prow torpedoes" are both "prow torpedo"), and without a trailing
/// leadership ("Admiral Ldr 9" is "admiral").
pub fn words(name: &str) -> Vec<String> {
    let lower = name.to_lowercase().replace('\'', "");
    let mut out: Vec<String> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !FILLER.contains(w))
        .map(singular)
        .collect();
    if out.len() >= 2 && matches!(out[out.len() - 2].as_str(), "ldr" | "ld") {
        out.truncate(out.len() - 2);
    }
    out
}

fn singular(w: &str) -> String {
    if let Some(stem) = w.strip_suffix("oes") {
        return format!("{stem}o");
    }
    match w.strip_suffix('s') {
        Some(stem) if w.len() > 3 && !stem.ends_with('s') => stem.to_owned(),
        _ => w.to_owned(),
    }
}

/// The same words, joined: the key two names are compared by.
pub fn key(name: &str) -> String {
    words(name).join(" ")
}

/// The candidate the name means: the one whose key is the name's, else the one whose words are
/// all in the name (or the name's all in its), the most words first, if only one has that many.
pub fn best<'a, T: Copy>(name: &str, candidates: impl Iterator<Item = (T, &'a str)>) -> Option<T> {
    matching(name, candidates, true)
}

/// As [`best`], but only a candidate whose words are all in the name: a ship ("Lunar cruiser"
/// in "Lunar Class Cruiser (Refit)"), never a ship a shorter name is part of (a "Battleships"
/// heading is no battleship).
pub fn within<'a, T: Copy>(name: &str, candidates: impl Iterator<Item = (T, &'a str)>) -> Option<T> {
    matching(name, candidates, false)
}

fn matching<'a, T: Copy>(
    name: &str,
    candidates: impl Iterator<Item = (T, &'a str)>,
    loose: bool,
) -> Option<T> {
    let want = words(name);
    let joined = want.join(" ");
    if want.is_empty() {
        return None;
    }
    let mut found: Option<(T, usize)> = None;
    let mut tie = false;
    for (t, cand) in candidates {
        let theirs = words(cand);
        if theirs.is_empty() {
            continue;
        }
        if theirs.join(" ") == joined {
            return Some(t);
        }
        let inside =
            theirs.iter().all(|w| want.contains(w)) || (loose && want.iter().all(|w| theirs.contains(w)));
        if !inside {
            continue;
        }
        let score = theirs.iter().filter(|w| want.contains(w)).count();
        match found {
            Some((_, s)) if s > score => {}
            Some((_, s)) if s == score => tie = true,
            _ => {
                found = Some((t, score));
                tie = false;
            }
        }
    }
    if tie { None } else { found.map(|(t, _)| t) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_by_their_words_whole_then_in_part() {
        assert_eq!(key("Prow Torpedos"), "prow torpedo");
        assert_eq!(key("Admiral Ldr 9"), "admiral");
        assert_eq!(key("Abaddon's 13th Black Crusade"), "abaddon 13th black crusade");
        let ships = [(1, "Emperor battleship"), (2, "Lunar cruiser")];
        assert_eq!(within("Lunar Class Cruiser (Refit)", ships.into_iter()), Some(2));
        // A heading whose word is part of one ship's name is not that ship...
        assert_eq!(within("Battleships", ships.into_iter()), None);
        // ...though a leader or option named short is ("Warmaster": the Chaos Warmaster).
        assert_eq!(best("Battleships", ships.into_iter()), Some(1));
        // Two equally good are none.
        assert_eq!(best("Cruiser", [(1, "Lunar cruiser"), (2, "Gothic cruiser")].into_iter()), None);
    }
}
