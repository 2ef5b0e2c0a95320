//! What a roster compares by (see [`compare`](crate::web::flows::compare)): its points and its vehicles;
//! its parts are its vehicles (keyed by name, with their types and points) and the weapons they
//! carry (keyed by name, counted).

use super::Waffle;
use super::view::WaffleView;
use crate::web::flows::compare::{Comparable, Facts, Figure, Part, Unit};

impl Comparable for Waffle {
    fn facts(v: &WaffleView) -> Facts {
        let c = &v.check;
        let mut figures = vec![Figure::whole("Points", c.points, Unit::Points)];
        if let Some(limit) = c.points_limit {
            figures.push(Figure::whole("Points limit", limit, Unit::Points));
        }
        figures.push(Figure::whole(
            "Vehicles",
            i64::try_from(c.vehicles.len()).unwrap_or(i64::MAX),
            Unit::Plain,
        ));
        let vehicles = c.vehicles.iter().map(|card| {
            let types: Vec<&str> = card.types.iter().map(|t| t.name()).collect();
            Part::new(format!("vehicle:{}", card.name), card.name.clone(), 1).detail(if types.is_empty() {
                format!("{} pts", card.points)
            } else {
                format!("{} · {} pts", types.join(", "), card.points)
            })
        });
        let weapons = v.r.vehicles.iter().flat_map(|veh| &veh.weapons).map(|w| {
            let name = if w.name.trim().is_empty() { "unnamed weapon" } else { w.name.trim() };
            Part::new(format!("weapon:{name}"), format!("{name} (weapon)"), 1)
        });
        Facts { figures, parts: vehicles.chain(weapons).collect() }
    }
}
