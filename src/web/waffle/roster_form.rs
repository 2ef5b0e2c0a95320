//! The roster form's words and buttons. Inputs are named by the roster's paths
//! ("vehicles.2.armour.front"), the paths the engine's problems carry, so the form codec reads
//! them and a problem lands next to its input.

use crate::games::Problem;
use crate::games::waffle::{self, Roster, Vehicle, Weapon};
use crate::web::http::codec;
use crate::web::http::fields::Fields;

/// Reads the roster form through the form codec.
pub fn read(f: &Fields) -> Result<(Roster, Vec<Problem>), codec::Refused> {
    codec::decode(f, label)
}

/// The player's words for a field, for a message about it: "Vehicle 2 front armour".
pub(super) fn label(path: &str) -> String {
    let n = |k: &str| k.parse::<usize>().map_or(1, |k| k + 1);
    let word = |f: &str| match f {
        "bs" => "BS".to_owned(),
        "ap" => "AP".to_owned(),
        f => f.replace('_', " "),
    };
    match path.split('.').collect::<Vec<_>>()[..] {
        ["vehicles", i, "armour", facing] => format!("Vehicle {} {facing} armour", n(i)),
        ["vehicles", i, "weapons", k, field] => format!("Vehicle {} weapon {} {}", n(i), n(k), word(field)),
        ["vehicles", i, field, ..] => format!("Vehicle {} {}", n(i), word(field)),
        ["points_limit"] => "Points limit".to_owned(),
        _ => path.to_owned(),
    }
}

/// Does what the pressed button asks: "add.vehicles" adds a vehicle of the type chosen beside it
/// (`new_type`; none for a plain vehicle), "add.vehicles.2.weapons" a weapon; remove buttons work
/// through the codec ("remove.vehicles.2.weapons.0"). Anything else changes nothing; a button
/// that does not fit the form gives the problem to show.
pub fn press(r: &mut Roster, action: &str, f: &Fields) -> Option<Problem> {
    let kind: Vec<&str> =
        f.get("new_type").and_then(waffle::VehicleType::parse).map(|t| t.id()).into_iter().collect();
    codec::press(r, action, |list, _| match list {
        "vehicles" => serde_json::to_value(Vehicle::new("", &kind)).ok(),
        "vehicles.weapons" => serde_json::to_value(Weapon::default()).ok(),
        _ => None,
    })
}
