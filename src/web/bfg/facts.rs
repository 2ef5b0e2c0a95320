//! What a fleet compares by (see [`compare`](crate::web::flows::compare)): its points, its ships and
//! escorts, its ordnance (launch bays, the attack-craft limit, carriers) and its torpedo salvoes;
//! its parts are its classes and leaders.

use super::Bfg;
use super::view::FleetView;
use crate::web::flows::compare::{Comparable, Facts, Figure, Part, Unit};

impl Comparable for Bfg {
    fn facts(v: &FleetView) -> Facts {
        let c = &v.check;
        let o = &c.ordnance;
        let counted = |list: &[crate::games::bfg::EntryFigures]| -> i64 {
            list.iter().filter(|e| e.counted).map(|e| i64::from(e.count)).sum()
        };
        let salvoes: i64 = c
            .ships
            .iter()
            .chain(&c.squadrons)
            .filter(|e| e.counted)
            .map(|e| i64::from(e.count).saturating_mul(i64::try_from(e.salvoes.len()).unwrap_or(i64::MAX)))
            .sum();
        let leaders =
            c.leaders.len() + c.ships.iter().chain(&c.squadrons).map(|e| e.leaders.len()).sum::<usize>();
        let figures = vec![
            Figure::whole("Points", c.points, Unit::Points),
            Figure::whole("Points limit", c.limit, Unit::Points),
            Figure::whole("Capital ships", counted(&c.ships), Unit::Plain),
            Figure::whole("Escorts", counted(&c.squadrons), Unit::Plain),
            Figure::whole("Launch bays", o.bays, Unit::Plain),
            Figure::whole("Attack craft in play", o.fleet_limit, Unit::Plain),
            Figure::whole("Carriers", o.carriers, Unit::Plain),
            Figure::whole("Torpedo salvoes", salvoes, Unit::Plain),
            Figure::whole("Ships with torpedoes", o.torpedo_ships, Unit::Plain),
            Figure::whole("Leaders", i64::try_from(leaders).unwrap_or(i64::MAX), Unit::Plain),
        ];
        let entries = c.ships.iter().chain(&c.squadrons).map(|e| {
            let options: Vec<&str> = e.options.iter().map(|t| t.option.name).collect();
            Part::new(format!("class:{}", e.class), e.class_name.to_string(), e.count)
                .detail(options.join(", "))
        });
        let aboard = c.ships.iter().chain(&c.squadrons).flat_map(|e| &e.leaders);
        let leaders =
            c.leaders.iter().chain(aboard).map(|l| Part::new(format!("leader:{}", l.id), l.name.clone(), 1));
        Facts { figures, parts: entries.chain(leaders).collect() }
    }
}
