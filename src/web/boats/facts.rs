//! What a boat compares by (see [`compare`](crate::web::flows::compare)): its cost, weight, spaces,
//! acceleration, top speed, handling class and armor by location; and its parts by ledger line,
//! keyed by what they are (a weapon by its id, ammunition and turret, crew by role).

use super::Boats;
use super::view::BoatView;
use crate::games::boats::evaluate::{Line, LineKind};
use crate::games::boats::units::{Money, Spaces, Speed, Weight};
use crate::web::flows::compare::{Comparable, Facts, Figure, Part, Unit};

impl Comparable for Boats {
    fn facts(v: &BoatView) -> Facts {
        let f = &v.eval.figures;
        let mut figures = vec![
            Figure::number("Cost", f.cost.0, Money::PER_UNIT, Unit::Money),
            Figure::number("Weight", f.weight.0, Weight::PER_UNIT, Unit::Pounds),
            Figure::number("Spaces used", f.spaces_used.0, Spaces::PER_UNIT, Unit::Spaces),
            Figure::whole("Spaces", f.spaces_total, Unit::Spaces),
            Figure::number("Acceleration", f.acceleration.0, Speed::PER_UNIT, Unit::Mph),
            Figure::number("Top speed", f.top_speed.0, Speed::PER_UNIT, Unit::Mph),
            Figure::whole("Handling class", f.handling_class, Unit::Plain),
            Figure::whole("Armor points", f.armor_points, Unit::Plain),
        ];
        let armor = &v.design.armor.points;
        figures.extend(
            f.armor_locations
                .iter()
                .map(|l| Figure::whole(format!("Armor, {}", l.name()), armor.get(*l), Unit::Plain)),
        );
        // Cost first (a family's one-line difference names the first figure), the hull last.
        let hull = v.design.hull.known().map_or("(unknown)", |h| h.name);
        figures.push(Figure::words("Hull", hull));
        Facts { figures, parts: v.eval.ledger.iter().filter_map(part).collect() }
    }
}

/// A ledger line as a part, keyed by what it is; `None` for the body, the armor (its figures say
/// it), cargo and links.
fn part(l: &Line) -> Option<Part> {
    let n = l.count;
    Some(match l.kind {
        LineKind::Body(_) | LineKind::Armor { .. } | LineKind::Cargo => return None,
        LineKind::Links { .. } | LineKind::LinkGroup { .. } => return None,
        LineKind::Plant(p) => Part::new(format!("plant:{}", p.id), format!("{} power plant", p.name), n),
        LineKind::Propeller(p) => {
            Part::new(format!("propeller:{}", p.id), format!("{} propeller", p.name), n)
                .plural(format!("{} propellers", p.name))
        }
        LineKind::PropellerGuard { points } => {
            Part::new("propeller-guard", "propeller guard point", points).plural("propeller guard points")
        }
        LineKind::Oars => Part::new("oars", "pair of oars", n).plural("pairs of oars"),
        LineKind::Crew(r) => Part::new(format!("crew:{}", r.id), r.name, n).plural(r.plural),
        LineKind::Accessory(i) => Part::new(format!("accessory:{}", i.id), i.name, n).plural(i.plural),
        LineKind::Weapon { weapon, ammo, in_turret } => {
            let ammo_id = ammo.map_or("", |a| a.id);
            let p = Part::new(format!("weapon:{}:{ammo_id}:{in_turret}", weapon.id), weapon.name, n)
                .plural(weapon.plural);
            let mut detail = Vec::new();
            if let Some(a) = ammo.filter(|a| a.id != "standard") {
                detail.push(a.name.to_owned());
            }
            if in_turret {
                detail.push("in turret".to_owned());
            }
            p.detail(detail.join(", "))
        }
        LineKind::Magazines { weapon, ammo, .. } => Part::new(
            format!("magazines:{}:{}", weapon.id, ammo.id),
            format!("extra {} magazine", weapon.short),
            n,
        )
        .plural(format!("extra {} magazines", weapon.short)),
        LineKind::RocketMagazine { weapon, ammo, rockets, .. } => {
            Part::new(format!("rocket-magazine:{}:{}", weapon.id, ammo.id), "rocket magazine", 1)
                .detail(format!("{rockets} {}", if rockets == 1 { weapon.name } else { weapon.plural }))
        }
        LineKind::MagazineSwitch => {
            Part::new("magazine-switch", "magazine switch", n).plural("magazine switches")
        }
        LineKind::Turret { location, .. } => Part::new(format!("turret:{}", location.code()), l.label(), 1),
        _ => Part::new(l.label(), l.label(), n),
    })
}
