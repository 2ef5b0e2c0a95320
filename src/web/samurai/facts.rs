//! What a scenario compares by (see [`compare`](crate::web::flows::compare)): the units and dice of each
//! side, its lone leaders and grapples; its parts are its units, keyed by side and type.

use super::Samurai;
use super::view::SamuraiView;
use crate::games::samurai::Side;
use crate::web::flows::compare::{Comparable, Facts, Figure, Part, Unit};

impl Comparable for Samurai {
    fn facts(v: &SamuraiView) -> Facts {
        let s = &v.s;
        let mut figures = Vec::new();
        for (side, letter) in [(Side::A, "A"), (Side::B, "B")] {
            let units = s.units.iter().filter(|u| u.side == side);
            let (n, close, ranged) = units.fold((0i64, 0i64, 0i64), |(n, c, r), u| {
                (n + 1, c + i64::from(u.close), r + i64::from(u.ranged))
            });
            figures.push(Figure::whole(format!("Units, side {letter}"), n, Unit::Plain));
            figures.push(Figure::whole(format!("Close-combat dice, side {letter}"), close, Unit::Plain));
            figures.push(Figure::whole(format!("Ranged dice, side {letter}"), ranged, Unit::Plain));
            figures.push(Figure::words(format!("Side {letter}"), s.side_name(side)));
        }
        figures.push(Figure::whole(
            "Lone leaders",
            i64::try_from(s.leaders.len()).unwrap_or(i64::MAX),
            Unit::Plain,
        ));
        figures.push(Figure::whole(
            "Grapples",
            i64::try_from(s.grapples.len()).unwrap_or(i64::MAX),
            Unit::Plain,
        ));
        let parts = s
            .units
            .iter()
            .map(|u| {
                let letter = if u.side == Side::A { "A" } else { "B" };
                Part::new(
                    format!("{letter}:{}", u.kind.trim()),
                    format!("{} (side {letter})", u.type_name()),
                    1,
                )
                .detail(format!("close {}, ranged {}", u.close, u.ranged))
            })
            .collect();
        Facts { figures, parts }
    }
}
