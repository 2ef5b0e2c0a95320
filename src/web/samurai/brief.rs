//! The orders of battle drawn briefly, for a long list (issue 24: a page of 200 units drew
//! 1.2 to 1.6 MB whole). Past [`FULL_ROWS_UP_TO`] rows each unit's row but the chosen one's
//! shows its side by letter, its hex, and its type as one field offering a shared `<datalist>`
//! of the types (or naming the player's own); its other figures are said in words and carried
//! as hidden fields under their usual names, so the form posts the same scenario.

use crate::games::samurai::Unit;
use crate::web::http::codec;

/// The most rows the orders of battle draw whole (units and lone leaders together; a real
/// scenario has a dozen or two). Past it every row but the chosen unit's is brief (see
/// [`super::view::SamuraiView::brief`]), so that a page of 200 units stays well under a mebibyte.
pub const FULL_ROWS_UP_TO: usize = crate::web::flows::view::ROWS_DRAWN_WHOLE;

/// The most problems shown beside a brief row: its first (the rest counted; "Edit its figures" shows them
/// all, and the figures' list names the first [`crate::games::MAX_LISTED`] of the scenario).
pub const PROBLEMS_BESIDE: usize = 1;

/// The id of the one `<datalist>` of unit types that brief rows' type fields offer.
pub const TYPE_LIST: &str = "unit-types";

/// The fields of unit `u` at `path` that a brief row carries hidden: all but its side, hex and
/// type (drawn as fields), leaving out those whose value is what the form codec reads for a
/// field left out (its serde default: no dice, no rank, 4 blocks, no leader, no marks).
pub fn carried(u: &Unit, path: &str) -> Vec<(String, String)> {
    // A unit of nothing but defaults, as its form writes it: worked out once, not once a row.
    static UNSET: std::sync::LazyLock<Vec<(String, String)>> = std::sync::LazyLock::new(|| {
        serde_json::from_str::<Unit>("{}").map(|d| codec::encode(&d)).unwrap_or_default()
    });
    let unset = &*UNSET;
    codec::encode(u)
        .into_iter()
        .filter(|(k, _)| !["side", "hex", "type"].contains(&k.as_str()))
        .filter(|field| !unset.contains(field))
        .map(|(k, v)| (format!("{path}.{k}"), v))
        .collect()
}

/// A unit's figures in words, for its brief row: "close 2, ranged 2, circle, 4 blocks; foot
/// leader; mounted".
pub fn figures(u: &Unit) -> String {
    let rank = u.rank.map_or("rank not known", |r| r.row().name);
    let mut w = format!("Close {}, ranged {}, {rank}, {} blocks", u.close, u.ranged, u.blocks);
    if let Some(l) = u.leader {
        w.push_str(&format!("; {}", l.name().to_lowercase()));
    }
    for (on, mark) in [
        (u.mounted, "mounted"),
        (u.command_ship, "Command Ship"),
        (u.flat, "lying flat"),
        (u.ordered, "ordered by the card"),
    ] {
        if on {
            w.push_str(&format!("; {mark}"));
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::samurai::data::Rank;
    use crate::games::samurai::{Hex, LeaderKind, Scenario, Side};
    use crate::web::http::fields::Fields;

    /// What a brief row posts: its side, hex, type and `type_was` as fields, and the rest carried.
    fn posted(s: &Scenario) -> Fields<'static> {
        let mut pairs = vec![("name".to_owned(), s.name.clone())];
        for (k, u) in s.units.iter().enumerate() {
            let path = format!("units.{k}");
            pairs.push((format!("{path}.side"), u.side.id().to_owned()));
            pairs.push((format!("{path}.hex"), u.hex.to_string()));
            pairs.push((format!("{path}.type"), u.kind.clone()));
            let was = if u.unit_type().is_some() { u.kind.clone() } else { String::new() };
            pairs.push((format!("type_was.{k}"), was));
            pairs.extend(carried(u, &path));
        }
        Fields::from_pairs(pairs)
    }

    #[test]
    fn a_brief_row_posts_the_unit_it_shows_whatever_its_figures() {
        let hex = |h: &str| Hex::parse(h).expect("a hex");
        let plain = Unit::of_type("ashigaru-bow", Side::A, hex("B8"));
        let everything = Unit {
            side: Side::B,
            hex: hex("F7"),
            kind: "samurai-naginata".into(),
            close: 20,
            ranged: 0,
            rank: Some(Rank::Circle),
            mounted: true,
            blocks: 1,
            leader: Some(LeaderKind::Mounted),
            command_ship: true,
            flat: true,
            ordered: true,
        };
        let own = Unit { kind: "War Junk".into(), close: 3, blocks: 4, ..Unit::default() };
        let s = Scenario { name: "Long".into(), units: vec![plain, everything, own], ..Scenario::default() };
        let (read, problems) = crate::web::samurai::scenario_form::read(&posted(&s)).expect("read");
        assert_eq!(problems, vec![]);
        assert_eq!(read.units, s.units);
        // Only what differs from a field left out is carried.
        assert_eq!(carried(&s.units[2], "units.2"), vec![("units.2.close".to_owned(), "3".to_owned())]);
    }

    #[test]
    fn a_brief_row_says_its_figures_in_words() {
        let u = Unit { close: 2, ranged: 1, leader: Some(LeaderKind::Foot), flat: true, ..Unit::default() };
        assert_eq!(figures(&u), "Close 2, ranged 1, rank not known, 4 blocks; foot leader; lying flat");
    }
}
