//! The tables against their sources. The data files in `data/` are the one copy of the tables
//! (build.rs turns them into `tables`), so there is no second copy to compare cell by cell.
//! Instead these tests hold the generated tables to what the rules text itself prints
//! (`shared/rules/carwars-boats.txt`: its hull and plant tables, its item paragraphs and its
//! worked examples; the published boats' totals are checked in `examples.rs` and `limits.rs`),
//! and show that a malformed data file stops the build with a message naming the file, line and
//! column.

use crate::games::boats::evaluate::{band, range_miles};
use crate::games::boats::tables::{self, DeckRule, GunRule, Load, Loc, Weapon};
use crate::games::boats::units::{Money, Spaces, Speed, Weight};

#[path = "../../datafile.rs"]
#[macro_use]
mod datafile;
#[path = "../tables/generate.rs"]
mod generate;

fn usd(d: i64) -> Money {
    Money::whole(d)
}
fn lb(p: i64) -> Weight {
    Weight::whole(p)
}
fn hull(id: &str) -> &'static tables::Hull {
    tables::hull(id).unwrap_or_else(|| panic!("no hull {id}"))
}
fn weapon(id: &str) -> &'static Weapon {
    tables::weapon_by_id(id).unwrap_or_else(|| panic!("no weapon {id}"))
}
fn item(id: &str) -> &'static tables::Item {
    tables::accessory(id).unwrap_or_else(|| panic!("no accessory {id}"))
}

#[test]
fn the_hulls_are_the_rules_hull_table() {
    // Printed run together: "Speeder80002700700017(+3)$20/10 lbs.2".
    let printed = [
        ("Rowboat", 200, 100, 800, 6, 0, 5, 3, 3),
        ("Dinghy", 4000, 1300, 3000, 10, 0, 13, 6, 2),
        ("Speeder", 8000, 2700, 7000, 17, 3, 20, 10, 2),
        ("Cruiser", 20000, 5400, 15000, 25, 12, 30, 15, 1),
        ("Yacht", 45000, 10000, 40000, 40, 18, 36, 18, 1),
    ];
    assert_eq!(tables::HULLS.len(), printed.len());
    for (h, (name, cost, weight, max_load, spaces, cargo, armor_cost, armor_weight, hc)) in
        tables::HULLS.iter().zip(printed)
    {
        assert_eq!(h.name, name);
        assert_eq!((h.cost, h.weight, h.max_load), (usd(cost), lb(weight), lb(max_load)), "{name}");
        assert_eq!((h.spaces, h.cargo_spaces, h.handling_class), (spaces, cargo, hc), "{name}");
        assert_eq!(
            (h.armor_cost_per_point, h.armor_weight_per_point),
            (usd(armor_cost), lb(armor_weight)),
            "{name}"
        );
    }
}

#[test]
fn the_plants_and_their_propellers_are_the_rules_tables() {
    // "Heavy-Duty200004000121613000" and "Heavy-Duty$50015018".
    let printed = [
        ("Mini", 300, 100, 2, 2, 500, 20, 10, 2),
        ("Small", 1000, 300, 3, 3, 1000, 50, 15, 4),
        ("Medium", 3000, 500, 4, 4, 2500, 75, 25, 5),
        ("Large", 6500, 800, 6, 6, 5000, 100, 40, 8),
        ("Super", 10000, 1200, 8, 8, 8000, 200, 75, 12),
        ("Heavy-Duty", 20000, 4000, 12, 16, 13000, 500, 150, 18),
    ];
    assert_eq!(tables::PLANTS.len(), printed.len());
    for (p, (name, cost, weight, spaces, dp, pf, prop_cost, prop_weight, prop_dp)) in
        tables::PLANTS.iter().zip(printed)
    {
        assert_eq!(p.name, name);
        assert_eq!(
            (p.cost, p.weight, p.spaces, p.dp, p.power_factors),
            (usd(cost), lb(weight), spaces, dp, pf)
        );
        let prop = p.propeller;
        assert_eq!((prop.cost, prop.weight, prop.dp), (usd(prop_cost), lb(prop_weight), prop_dp), "{name}");
    }
}

#[test]
fn the_rules_performance_example_reads_off_the_table() {
    // A 4,980 lb Speeder with a Medium plant: 2500 / 4980 = .502, 10 mph/turn and 60 mph.
    let medium = band(2500, lb(4980));
    assert_eq!((medium.acceleration, medium.top_speed), (Speed::mph(10), Speed::mph(60)));
    // "The same boat with a Mini power plant would still move, but just barely": .1004.
    let mini = band(500, lb(4980));
    assert_eq!((mini.acceleration, mini.top_speed), (Speed::halves(5), Speed::mph(20)));
    // "less than .050": no movement at all.
    let none = band(240, lb(4980));
    assert_eq!((none.acceleration, none.top_speed), (Speed::ZERO, Speed::ZERO));
}

#[test]
fn range_on_a_charge_follows_the_rules_example() {
    // 200 miles at 20 mph; 12 units per 10 miles at 30 mph, 16 at 50 mph; no saving below 20.
    // The figure is shown to a tenth of a mile.
    for (mph, miles) in [(20, 200.0), (30, 166.7), (50, 125.0), (10, 200.0)] {
        assert!((range_miles(Speed::mph(mph)) - miles).abs() < 1e-9, "{mph} mph");
    }
}

#[test]
fn the_boat_weapons_are_the_rules_paragraphs() {
    // "Torpedo: To hit special, 3 dice damage, 3 DP. $300, 100 lbs; 1 space."
    for (id, cost, weight) in [("torpedo", 300, 100), ("homing-torpedo", 750, 120)] {
        let t = weapon(id);
        assert_eq!((t.cost, t.weight, t.spaces), (usd(cost), lb(weight), Spaces::whole(1)), "{id}");
        assert_eq!((t.to_hit, t.damage, t.dp), (None, "3d", 3), "{id}");
        assert!(t.is_single_shot(), "{id}");
    }
    // "Depth Charge: ... Cost $250, weight 75 lbs; 2 spaces. 3 shots, CPS 500, WPS 100. Loaded
    // cost: $1750; loaded weight 375 lbs. Loaded magazine costs $1550, weighs 315 lbs."
    let dc = weapon("depth-charge");
    assert_eq!(
        (dc.cost, dc.weight, dc.spaces, dc.damage, dc.dp),
        (usd(250), lb(75), Spaces::whole(2), "2d", 2)
    );
    let Load::Magazine { shots, ammo } = dc.load else { panic!("the depth charge has a magazine") };
    let charge = ammo[0];
    assert_eq!((shots, charge.cost, charge.weight), (3, usd(500), lb(100)));
    assert_eq!((dc.cost + charge.cost * shots, dc.weight + charge.weight * shots), (usd(1750), lb(375)));
    let magazine = (
        tables::EXTRA_MAGAZINE_COST + charge.cost * shots,
        tables::EXTRA_MAGAZINE_WEIGHT + charge.weight * shots,
    );
    assert_eq!(magazine, (usd(1550), lb(315)));
    // "Special amphibious mines are available at double the cost."
    let mines = weapon("minedropper").ammo_kinds();
    assert_eq!(mines[1].cost, mines[0].cost * 2);
    assert!(mines[0].inert_on_water && !mines[1].inert_on_water);
}

#[test]
fn the_boat_accessories_are_the_rules_paragraphs() {
    // "Sonar: $4,000, 100 lbs; 1 space." and the like.
    for (id, cost, weight, spaces) in [
        ("sonar", 4000, 100, 1),
        ("bilge-pump", 500, 200, 1),
        ("life-raft", 500, 25, 0),
        ("passenger-accommodations", 500, 100, 2),
        ("galley", 750, 150, 1),
        ("marine-radio", 1000, 0, 0),
    ] {
        let i = item(id);
        assert_eq!((i.cost, i.weight, i.spaces), (usd(cost), lb(weight), spaces), "{id}");
    }
    assert!(item("passenger-accommodations").cargo_ok, "may be placed in cargo space");
    // "Jet Drives: $5000, 500 lbs; 2 spaces ... acceleration by 5 mph/turn and top speed by 20 mph."
    let jet = tables::JET_DRIVE;
    assert_eq!((jet.cost, jet.weight, jet.spaces), (usd(5000), lb(500), 2));
    assert_eq!(
        (tables::JET_ACCELERATION_BONUS, tables::JET_TOP_SPEED_BONUS),
        (Speed::mph(5), Speed::mph(20))
    );
    // "Oars: weigh 10 lbs; take up 1 space, and cost $25 for a pair ... 2.5 mph per rower, up to
    // a maximum of 15 mph. Acceleration is always 2.5 mph/turn."
    let oars = tables::OARS;
    assert_eq!((oars.cost, oars.weight, oars.spaces), (usd(25), lb(10), 1));
    assert_eq!(
        (tables::OAR_SPEED_PER_ROWER, tables::OAR_TOP_SPEED, tables::OAR_ACCELERATION),
        (Speed::halves(5), Speed::mph(15), Speed::halves(5))
    );
    // "Propeller armor ... costs $10 and weighs 4 lbs. per point ... No more than 10 points."
    assert_eq!((tables::PROPELLER_GUARD_COST, tables::PROPELLER_GUARD_WEIGHT), (usd(10), lb(4)));
    assert_eq!(tables::PROPELLER_GUARD_MAX, 10);
    // "Replacing an anchor costs 2% of the body cost."
    assert_eq!(tables::ANCHOR_REPLACEMENT_PCT, 2);
}

#[test]
fn the_body_shares_are_the_rules_percentages() {
    let share = |s: &tables::BodyShare| {
        (s.cost_pct_of_body, s.weight_pct_of_body, s.weight_pct_of_max_load, s.spaces)
    };
    // "A Boat Top costs and weighs 10% of the cost and weight of the basic boat body"; a Half Top
    // "costs and weighs half as much as a full top".
    assert_eq!(share(&tables::BOAT_TOP), (10, 10, 0, 0));
    assert_eq!(share(&tables::HALF_TOP), (5, 5, 0, 0));
    // "Hydrofoils: Cost 100% of body cost, weight 50% of body weight, 1 space ... 15 DP."
    assert_eq!(share(&tables::HYDROFOILS), (100, 50, 0, 1));
    assert_eq!(tables::HYDROFOIL_DP, 15);
    assert_eq!(
        (tables::HYDROFOIL_LIFT_SPEED, tables::HYDROFOIL_TOP_SPEED_BONUS),
        (Speed::mph(35), Speed::mph(20))
    );
    // "Weighted Keel: cost 50% of body cost, weight 10% of maximum load, no space ... increases
    // the draft of the boat by 1/2"."
    assert_eq!(share(&tables::WEIGHTED_KEEL), (50, 0, 10, 0));
    assert_eq!(tables::KEEL_EXTRA_DRAFT_QUARTERS, 2);
}

#[test]
fn each_hull_carries_the_rules_that_name_it() {
    let ids = ["rowboat", "dinghy", "speeder", "cruiser", "yacht"];
    let column = |f: fn(&tables::Hull) -> String| ids.map(|id| f(hull(id)));
    // Drafts: none, 1/4", 1/2", 1", 1 1/2".
    assert_eq!(column(|h| h.draft_quarters.to_string()), ["0", "1", "2", "4", "6"]);
    assert_eq!(
        column(|h| h.counter.into()),
        ["1/2\" x 1/2\"", "1\" x 1/2\"", "1\" x 1/2\"", "1 1/2\" x 3/4\"", "2 1/2\" x 1\""]
    );
    // "A Rowboat may mount the Zero-Space Turret ... the Yacht can mount any size turret", and
    // only the Yacht two of them.
    assert_eq!(column(|h| h.max_turret.to_string()), ["0", "1", "2", "3", "4"]);
    assert_eq!(column(|h| h.split_top.to_string()), ["false", "false", "false", "false", "true"]);
    // "A Rowboat cannot have a Deck; Cruisers and Yachts must have this item."
    let decks = ids.map(|id| hull(id).deck);
    assert_eq!(
        decks,
        [DeckRule::Forbidden, DeckRule::Optional, DeckRule::Optional, DeckRule::Required, DeckRule::Required]
    );
    // Weighted keel: not on a Rowboat or Dinghy. Spoiler: Speeders and smaller. Oars: Rowboats
    // and Dinghies.
    assert_eq!(column(|h| h.weighted_keel.to_string()), ["false", "false", "true", "true", "true"]);
    assert_eq!(column(|h| h.spoiler.to_string()), ["true", "true", "true", "false", "false"]);
    assert_eq!(column(|h| h.oars.to_string()), ["true", "true", "false", "false", "false"]);
    // Anti-tank gun: not on a Rowboat, front or back only on a Dinghy. Tank gun: not on a Rowboat
    // or Dinghy, front or back only on a Speeder or Cruiser.
    use GunRule::{Anywhere, Forbidden, FrontOrBackOnly};
    assert_eq!(
        ids.map(|id| hull(id).anti_tank_gun),
        [Forbidden, FrontOrBackOnly, Anywhere, Anywhere, Anywhere]
    );
    assert_eq!(
        ids.map(|id| hull(id).tank_gun),
        [Forbidden, Forbidden, FrontOrBackOnly, FrontOrBackOnly, Anywhere]
    );
    // Sonar spots "Yachts at 1000", "Cruisers within 500", "Speeders within 200", "smaller boats
    // within 100".
    assert_eq!(column(|h| h.sonar_spotted_at.to_string()), ["100", "100", "200", "500", "1000"]);
    // "The four smaller boats are armored in five locations ... The Yacht is armored in eight."
    assert_eq!(hull("dinghy").locations, [Loc::F, Loc::L, Loc::R, Loc::B, Loc::U]);
    assert_eq!(
        hull("yacht").locations,
        [Loc::F, Loc::FL, Loc::BL, Loc::FR, Loc::BR, Loc::B, Loc::FU, Loc::BU]
    );
}

#[test]
fn maneuvers_get_harder_as_the_rules_say_for_each_size() {
    // Dinghies and Rowboats: all normal. Speeder: D6 at +1. Cruiser: D3 at +1, D4-D6 at +2.
    // Yacht: D3 at +2, nothing harder.
    assert_eq!(hull("rowboat").maneuvers, [Some(0); 6]);
    assert_eq!(hull("dinghy").maneuvers, [Some(0); 6]);
    assert_eq!(hull("speeder").maneuvers, [Some(0), Some(0), Some(0), Some(0), Some(0), Some(1)]);
    assert_eq!(hull("cruiser").maneuvers, [Some(0), Some(0), Some(1), Some(2), Some(2), Some(2)]);
    assert_eq!(hull("yacht").maneuvers, [Some(0), Some(0), Some(2), None, None, None]);
    // "All boats can move in reverse, at 2.5 mph/turn acceleration and a top speed of 5 mph."
    assert_eq!((tables::REVERSE_ACCELERATION, tables::REVERSE_TOP_SPEED), (Speed::halves(5), Speed::mph(5)));
}

// The data files, and what the build says about a malformed one.

generator_tests!("src/games/boats/data", "boats_tables.rs");

#[test]
fn a_figure_that_is_not_a_number_stops_the_build_at_its_cell() {
    let e = build_error("hulls.csv", "Dinghy,4000,", "Dinghy,4O00,");
    assert_eq!(e, "hulls.csv, line 3, column cost: \"4O00\" is not a number");
}

#[test]
fn a_figure_finer_than_its_unit_is_refused_not_rounded() {
    let e = build_error("performance.csv", "0.333,", "0.3333,");
    assert_eq!(
        e,
        "performance.csv, line 5, column power_factors_per_lb_at_least: \"0.3333\" is not a whole number of 1/1000"
    );
}

#[test]
fn a_row_with_a_cell_missing_or_a_quote_open_is_refused() {
    let e = build_error("power-plants.csv", "Mini,300,100,2,2,500,20,10,2", "Mini,300,100,2,2,500,20,10");
    assert_eq!(e, "power-plants.csv, line 2: 8 cells where the header names 9 columns");
    let e = build_error("roles.csv", "Passenger,passenger", "\"Passenger,passenger");
    assert_eq!(e, "roles.csv, line 4: a quoted cell is not closed");
}

#[test]
fn a_row_naming_a_component_the_table_lacks_is_refused() {
    let e = build_error("weapons.csv", "Machine Gun (MG),mg", "Machine Gun,mg");
    assert_eq!(e, "weapons.csv, line 2, column component: components.csv has no row \"Machine Gun\"");
}

#[test]
fn a_component_row_no_table_places_stops_the_build() {
    let e = build_error("unused.csv", "Deck,", "Sleeping Area (CWC trucks),");
    assert!(e.starts_with("unused.csv, line 3, column component: \"Sleeping Area (CWC trucks)\""), "{e}");
    let e = build_error("unused.csv", "\nDeck,\"Costs", "\n#Deck,\"Costs");
    assert!(e.starts_with("components.csv, line 78, column name: this row is in no table"), "{e}");
}

#[test]
fn an_ammunition_figure_cannot_have_two_homes() {
    let e = build_error("ammunition.csv", "MG High-Density ammo,,,", "MG High-Density ammo,,50,");
    assert_eq!(
        e,
        "ammunition.csv, line 3, column cost: the component row already gives CPS \"50\"; leave this blank"
    );
}

#[test]
fn a_word_outside_its_vocabulary_is_refused_with_the_choices() {
    let e = build_error("hull-rules.csv", "Cruiser,0 0 1 2 2 2,required", "Cruiser,0 0 1 2 2 2,mandatory");
    assert_eq!(
        e,
        "hull-rules.csv, line 5, column deck: \"mandatory\" is not one of forbidden, optional, required"
    );
    let e = build_error("weapons.csv", "small_bore,7,ammo,,\nVulcan", "smallbore,7,ammo,,\nVulcan");
    assert!(
        e.starts_with("weapons.csv, line 2, column family: \"smallbore\" is not one of small_bore,"),
        "{e}"
    );
}

#[test]
fn the_performance_bands_must_run_from_the_top() {
    let e = build_error("performance.csv", "2,20,100\n1,15,80", "1,15,80\n2,20,100");
    assert_eq!(
        e,
        "performance.csv, line 3, column power_factors_per_lb_at_least: the bands must run from the highest ratio down"
    );
}

#[test]
fn printed_numbers_read_exactly() {
    use datafile::exact;
    assert_eq!(exact("37.5", 100), Ok(3750));
    assert_eq!(exact("3.75", 100), Ok(375));
    assert_eq!(exact("1/3", 6), Ok(2));
    assert_eq!(exact("1 1/2", 4), Ok(6));
    assert_eq!(exact("2.5", 2), Ok(5));
    assert_eq!(exact("0.05", 1000), Ok(50));
    assert_eq!(exact("1/4", 2), Err("\"1/4\" is not a whole number of 1/2".into()));
    assert_eq!(exact("", 1), Err("\"\" is not a number".into()));
    assert_eq!(exact("-3", 1), Err("\"-3\" is not a number".into()));
}

#[test]
fn quoted_cells_keep_their_commas_and_quotes() {
    let t =
        datafile::Table::parse("t.csv", "# a comment\na,b\n\"x, y\",\"say \"\"hi\"\"\"\n").expect("parses");
    assert_eq!(t.len(), 1);
    let row = t.rows().next().expect("a row");
    assert_eq!((row.text("a"), row.text("b")), (Ok("x, y"), Ok("say \"hi\"")));
    assert_eq!(row.line(), 3);
}

#[test]
fn a_standard_load_is_priced_from_its_own_weapon() {
    let light = "light-rocket,standard,Standard,standard,Light Rocket,";
    let e = build_error("ammunition.csv", light, "light-rocket,standard,Standard,standard,Medium Rocket,");
    assert_eq!(
        e,
        "weapons.csv, line 19, column component: its standard ammunition is priced from \"Medium Rocket\", not its own row"
    );
}
