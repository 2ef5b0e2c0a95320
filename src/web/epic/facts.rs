//! What a detachment compares by (see [`compare`](crate::web::flows::compare)): its points, its vessels,
//! the choices of each section, and its chain of command; its parts are its choices, keyed by
//! section and entry.

use super::Epic;
use super::view::EpicView;
use crate::web::flows::compare::{Comparable, Facts, Figure, Part, Unit};

/// The most links of the chain of command the compare page writes out; the rest are counted.
const CHAIN_SHOWN: usize = 12;

impl Comparable for Epic {
    fn facts(v: &EpicView) -> Facts {
        let c = &v.check;
        let mut figures = vec![Figure::whole("Points", c.points, Unit::Points)];
        if let Some(limit) = c.points_limit {
            figures.push(Figure::whole("Points limit", limit, Unit::Points));
        }
        figures.push(Figure::whole("Vessels", i64::try_from(c.vessels).unwrap_or(i64::MAX), Unit::Plain));
        figures.extend(
            c.sections.iter().map(|s| Figure::whole(format!("{} choices", s.name), s.choices, Unit::Plain)),
        );
        let mut chain: Vec<&str> =
            c.chain_of_command.iter().take(CHAIN_SHOWN).map(|l| l.vessel.as_str()).collect();
        let more = c.chain_of_command.len().saturating_sub(CHAIN_SHOWN);
        let more = format!("and {more} more");
        if c.chain_of_command.len() > CHAIN_SHOWN {
            chain.push(&more);
        }
        figures.push(Figure::words(
            "Chain of command",
            if chain.is_empty() { "none".to_owned() } else { chain.join(" → ") },
        ));
        let parts = c
            .choices
            .iter()
            .map(|ch| {
                Part::new(format!("{}:{}", ch.section, ch.entry), ch.vessel.clone(), ch.count)
                    .detail(if ch.hq { "HQ" } else { "" })
            })
            .collect();
        Facts { figures, parts }
    }
}
