//! The corpus: stat lines written by hand in as many of the published phrasings as we could find
//! or imagine (none of them by our writer), each with the exact cost, weight, acceleration and top
//! speed of the boat it describes. The figures were worked out from each boat's design document,
//! not from the reader; where a line also prints its figures, they must agree.

use super::{claim_mismatches, parse};
use crate::games::boats::check;
use crate::games::boats::tables;
use crate::games::boats::units::{Money, Speed, Weight};

/// (name, line, cost in dollars, exact weight in pounds, acceleration, top speed).
type Case = (&'static str, &'static str, f64, f64, f64, f64);

#[rustfmt::skip]
const CORPUS: &[Case] = &[
    ("darter-dashes", r#"Darter -- Rowboat, medium power plant, propeller, pilot only; no weapons. Armor: F2 R1 L1 B1 U3. Accel 20, Top Speed 100, HC 3, 799 lbs, $3,315"#, 3315.00, 799.00, 20.0, 100.0),
    ("darter-shouted", r#"ROWBOAT. MEDIUM POWER PLANT, 1 PROPELLER, 1 PILOT. ARMOR F2, R1, L1, B1, U3."#, 3315.00, 799.00, 20.0, 100.0),
    ("darter-words", r#"Darter: a rowboat with a Medium plant and a single prop; pilot. Armor: front 2, right 1, left 1, back 1, bottom 3."#, 3315.00, 799.00, 20.0, 100.0),
    ("piranha-terse", r#"Piranha: dinghy w/ small PP, 1 prop, pilot. Vulcan MG fwd; 2 torps linked, rear; FE. Armor F15 R15 L15 B12 U15 (72 pts). Accel 5 mph, top speed 40 mph, 2,997 lb., $9,636"#, 9636.00, 2997.00, 5.0, 40.0),
    ("piranha-prose", r#"Piranha: Dinghy. Small plant and one propeller; a pilot. Armament: one Vulcan machine gun firing forward and two linked torpedoes firing aft. Fire extinguisher. Armor: Front 15, Right 15, Left 15, Back 12, Bottom 15."#, 9636.00, 2997.00, 5.0, 40.0),
    ("piranha-codes", r#"PIRANHA: DINGHY, SMALL POWER PLANT, PROPELLER, PILOT ONLY. VMG (F), 2 LINKED TORPEDOES (B), FIRE EXTINGUISHER. ARMOR: F15, R15, L15, B12, U15."#, 9636.00, 2997.00, 5.0, 40.0),
    ("minnow-long", r#"Minnow: Dinghy, Medium power plant, twin propellers, pilot and 2 passengers. Micromissile launcher with armor-piercing rockets front, machine gun with high-density ammo back, TC, marine radio. FP armor: F12, R10, L10, B10, U10."#, 13552.00, 2999.50, 10.0, 60.0),
    ("minnow-abbrev", r#"Minnow -- Dinghy, Medium PP, 2 props, Pilot, 2 Pass. AP MML F, HD MG B, targeting computer, Marine Radio. Fireproof armor F12 R10 L10 B10 U10. Accel. 10, Top speed 60, HC 2, 3,000 lbs; $13,552."#, 13552.00, 2999.50, 10.0, 60.0),
    ("guppy", r#"Guppy: Cruiser with Deck and Boat Top, Large power plant, Propeller, Pilot, Gunner. 3-space turret with three heavy rockets fed by three 3-space magazines. Armor: F10, R10, L10, B10, U10, T5."#, 35600.00, 9540.00, 10.0, 60.0),
    ("guppy-magazines-feeding-the-turret", r#"Guppy II: Cruiser, Deck (19 below, 18 above), Boat Top. Below deck: Large plant, 2 propellers. Above deck: pilot, gunner, 3 HRs in 3-space turret, 3 rocket magazines (3 spaces each) feeding the turret. Armor: F10, R10, L10, B10, U10, T5."#, 35700.00, 9580.00, 10.0, 60.0),
    ("guppy-rockets-in-magazines", r#"Cruiser w/ Deck & Boat Top; Large power plant; propeller; pilot; gunner; 3 HRs in turret; 9 HRs in magazines. Armor F10/R10/L10/B10/U10/T5."#, 35600.00, 9540.00, 10.0, 60.0),
    ("houseboat", r#"Houseboat: Cruiser with Deck (13 below/24 above) & Boat Top; Large PP; 2 props. Below: sleeping accommodations for six (in cargo), galley. Above: pilot, gunner, 2 passengers, 1-space turret with MG w/ HD ammo & extra magazine. Armor: F20 R20 L20 B20 U20 T10 D5."#, 39950.00, 10410.00, 5.0, 40.0),
    ("sea-castle-rewritten", r#"Sea Castle -- Yacht w/ Deck (34 below, 24 above), Boat Top & weighted keel. HD power plant, 2 props with 10 pt guards. Below decks: 2 torpedoes, linked, front; sleeping accommodations for 6 (cargo); galley; 2 bilge pumps; FE; cargo (2 spaces, 400 lbs) in body space. Above decks: pilot, two gunners, 6 passengers in cargo, DC w/ extra magazine back, 2 MGs w/ HD ammo (one each FL, FR), universal turret (front top) with autocannon, back turret (2 spaces) with RL w/ AP rockets, sonar, marine radio, TC, 2 life rafts. Fireproof armor: front 30, back 25, FR 25, FL 25, BR 25, BL 25, front bottom 30, back bottom 30, front top 20, back top 20, front deck 10, back deck 10."#, 146775.00, 30295.00, 5.0, 40.0),
    ("barracuda", r#"Barracuda: Speeder with Boat Top, Large power plant, 2 Propellers, Pilot, Gunner. VMG in turret, 2 MGs (one each R, L), HR back. Armor: F20, R15, L15, B15, U15, T10."#, 24700.00, 6200.00, 10.0, 60.0),
    ("half-top-speeder", r#"Speeder, Half Top, Super plant, 3 propellers, driver. 2-space turret w/ 2 linked MGs, RL front. Fireproof armor: front 20, left 10, right 10, back 10, bottom 10, top 5."#, 27500.00, 5910.00, 15.0, 80.0),
    ("jet-speeder-decked", r#"Skimmer: Speeder with Deck (8 below, 12 above). Below deck: large PP, jet drive, 2 bilge pumps. Above deck: pilot, AC front, sonar. Armor: F10, R10, L10, B10, U10."#, 32750.00, 5750.00, 15.0, 80.0),
    ("six-mgs-spread", r#"Hornet: Speeder; Large power plant; Propeller with 10-point guard; Pilot. 6 MGs (2 F, 1 R, 1 L, 2 B), fire extinguisher, spoiler. Armor: F15, R10, L10, B10, U10."#, 25600.00, 5730.00, 10.0, 60.0),
    ("hydrofoil-racer", r#"Foilrunner: Speeder, hydrofoils, spoiler, Super power plant, 2 props, pilot only. Linked RRs (2), front. Armor: F20 R10 L10 B10 U15. Accel 15, Top Speed 80 (100 on hydrofoils)"#, 31950.00, 7000.00, 15.0, 80.0),
    ("speeder-cargo", r#"Trader: Speeder, Medium power plant, Propeller, Pilot, 3 passengers in cargo space. MG front. Cargo (2 spaces, 500 lbs). Armor: F10, B10."#, 12975.00, 4725.00, 10.0, 60.0),
    ("speeder-prices", r#"Stinger: Speeder, Large power plant ($6,500), Propeller ($100), Pilot. Blast cannon ($4,500, 500 lbs) front, targeting computer ($1,000). Armor: F20, R10, L10, B10, U10."#, 22300.00, 4890.00, 15.0, 80.0),
    ("speeder-starboard", r#"Speeder: Medium plant, 1 propeller, pilot + gunner. Flamethrower to port, flamethrower to starboard, 2 spike droppers aft. Armor: F10, L12, R12, B10, U10."#, 14255.00, 5215.00, 5.0, 40.0),
    ("speeder-laser", r#"Ray: Speeder, Super PP, Prop, Pilot. Laser front, targeting laser front, hi-res targeting computer. LR armor: F15, R10, L10, B10, U10."#, 32410.00, 5280.00, 15.0, 80.0),
    ("tadpole-oars", r#"Tadpole: Dinghy, Mini plant, prop, pair of oars, pilot only. MG front. Armor: F5, R5, L5, B5, U5."#, 6170.00, 1920.00, 2.5, 20.0),
    ("dinghy-jet", r#"Dart: Dinghy, Large power plant, jet drives, pilot only. No weapons. Armor: F10, B10."#, 15760.00, 2870.00, 20.0, 100.0),
    ("dinghy-turret", r#"Snapper: Dinghy with Boat Top; small plant; propeller; pilot. MG in 1-space turret. Armor: F8, R8, L8, B8, U8, T4."#, 8522.00, 2509.00, 5.0, 40.0),
    ("dinghy-rocket-magazine", r#"Dinghy, Medium power plant, Propeller, Pilot. Heavy rocket front with a 3-space rocket magazine, Light rocket back (rocket magazine of 4 rockets). Armor: F10, R10, L10, B10, U10."#, 9150.00, 2875.00, 10.0, 60.0),
    ("dinghy-rowing", r#"Punt: Dinghy; 2 pairs of oars; pilot, 1 passenger. Armor: F4, B4."#, 4154.00, 1668.00, 0.0, 0.0),
    ("dinghy-minedropper", r#"Mudskipper: Dinghy, small power plant, 2 small propellers, pilot. Minedropper with amphibious mines back, smokescreen back, paint spray back. Armor: F6, R6, L6, B10, U6."#, 8042.00, 2334.00, 5.0, 40.0),
    ("dinghy-extra-mag-item", r#"Dinghy, Medium PP, Propeller, Pilot. MG front, extra magazine for MG, magazine switch. Armor: F10, R10, L10, B10, U10."#, 10025.00, 2540.00, 10.0, 60.0),
    ("dinghy-homing", r#"Seeker: Dinghy, Medium plant, Propeller, Pilot. 2 homing torpedoes (one each front, back), radar, sonar. Armor: F10, R10, L10, B10, U10."#, 15725.00, 2615.00, 10.0, 60.0),
    ("rowboat-guarded", r#"Rowboat, Small power plant, propeller w/ 5 point guard, pilot. LMG front. Armor: F3, B3."#, 2580.00, 753.00, 15.0, 80.0),
    ("rowboat-zero-turret", r#"Skiff: Rowboat with Boat Top, Mini plant, Propeller, Pilot only. Targeting laser in 0-space turret. Armor: F2, B2, T1."#, 2315.00, 510.00, 10.0, 60.0),
    ("rowboat-oars-only", r#"Rowboat: Oars, Pilot, Passenger. None. No armor."#, 225.00, 410.00, 0.0, 0.0),
    ("cruiser-guards-in-armor", r#"Patrol Boat: Cruiser, Deck, Boat Top, Super power plant, 2 propellers, pilot, 2 gunners. VMG in universal turret, 2 RLs (one each R, L). Armor: F25, R20, L20, B20, U20, T10, propeller guards 10 each."#, 43950.00, 10695.00, 10.0, 60.0),
    ("cruiser-10-point-guards", r#"Cruiser: Deck; Large power plant; 2 Propellers; pilot. 10-point propeller guards. Armor: F10, R10, L10, B10, U10."#, 28400.00, 7260.00, 10.0, 60.0),
    ("cruiser-keel-galley", r#"Wanderer: Cruiser, Deck, Half Top, Weighted Keel, Large power plant, Propeller, Pilot, Gunner. Galley, Deluxe stateroom in cargo space, Marine radio, LD radio, life raft. MG in turret. Metal armor: F5, R5, L5, B5, U5."#, 49825.00, 11210.00, 5.0, 40.0),
    ("cruiser-stateroom-misprint", r#"Cruiser, Deck, Large power plant, Propeller, Pilot. Deluxe stateroom ($5,00) in cargo space, Galley (1 space). Armor: F10, B10."#, 32950.00, 7340.00, 10.0, 60.0),
    ("cruiser-tank-gun", r#"Monitor: Cruiser, Deck (19/18), Large plant, 2 props, pilot, gunner. Below Deck: ATG (anti-tank gun) front. Above Deck: 2 linked HMGs back. LR/Fireproof armor: F30, R20, L20, B20, U20."#, 42500.00, 9795.00, 10.0, 60.0),
    ("cruiser-crew-below", r#"Cruiser, Deck, Super power plant, 2 Propellers. Below Deck: Pilot, 4 Passengers, 4 sleeping accommodations, Galley. Above Deck: Gunner, MG front, MG back, Searchlight. Armor: F12, R12, L12, B12, U12."#, 38150.00, 9550.00, 10.0, 60.0),
    ("cruiser-depth-charges", r#"Hunter: Cruiser, Deck, Large power plant, 2 Propellers, Pilot, Gunner. 2 depth charges, one each side; depth charge with 2 extra magazines, rear. Sonar. Armor: F15, R15, L15, B15, U15."#, 41300.00, 9560.00, 10.0, 60.0),
    ("cruiser-link-group", r#"Cruiser, Deck, Large power plant, Propeller, Pilot. MG (link group 1) front, RL (link group 1) front, Mini rockets x3 back. Armor: F10, B10."#, 30250.00, 7200.00, 10.0, 60.0),
    ("cruiser-medium-rockets-linked", r#"Cruiser, Deck, Super plant, 2 Propellers, Pilot. 4 linked medium rockets front, 2 AP light rockets back. Armor: F20, R10, L10, B10, U10."#, 33135.00, 8075.00, 10.0, 60.0),
    ("cruiser-universal-popup", r#"Cruiser with Deck and Boat Top: Super power plant, 2 propellers, pilot, gunner. Universal pop-up 3-space turret with RL and MG. Armor: F10, R10, L10, B10, U10, T10."#, 41550.00, 9390.00, 10.0, 60.0),
    ("cruiser-and-shared-turret", r#"Cruiser, Deck, Boat Top, Super power plant, 2 Propellers, Pilot, Gunner. VMG and MG in turret. Armor: F10, R10, L10, B10, U10, T10."#, 40900.00, 9440.00, 10.0, 60.0),
    ("cruiser-hydrofoils-jet", r#"Flyer: Cruiser with Deck, hydrofoils; Heavy-Duty power plant; jet drive; pilot. No weapons. Armor: F10, R10, L10, B10, U10."#, 66500.00, 13500.00, 15.0, 80.0),
    ("yacht-two-turrets-by-end", r#"Leviathan: Yacht, Deck, Boat Top, Super power plant, 2 Propellers, Pilot, 2 Gunners. VMG in front turret, 2 linked MGs in back turret. Armor: F20, FL15, FR15, BL15, BR15, B15, FU15, BU15, FT10, BT10."#, 73870.00, 16660.00, 5.0, 40.0),
    ("yacht-bottom-named", r#"Yacht, Deck, Heavy-Duty plant, 2 props, pilot. 2 VMGs (1 FL, 1 FR), tank gun front. Armor: Front 20, Back 20, Left 15, Right 15, Bottom 20."#, 87440.00, 19270.00, 10.0, 60.0),
    ("yacht-luxury", r#"Serenity: Yacht w/ Deck (30 below, 28 above), Half Top; Super power plant; 2 propellers; pilot. Below deck: 2 deluxe staterooms (in cargo), deluxe galley, 8 passengers in cargo space, 8 passenger accommodations. Above deck: 2 HMGs (one each front-left, front-right), IR sighting system, radar detector. Armor: F10 FL10 FR10 BL10 BR10 B10 FU10 BU10."#, 88830.00, 18240.00, 5.0, 40.0),
    ("yacht-sides-named", r#"Yacht, Deck, Boat Top, Heavy-Duty power plant, 2 Propellers, Pilot. Tank gun front. Armor: Front 30, Sides 20, Back 20, Bottom 20, Top 10, Deck 5."#, 88700.00, 20450.00, 10.0, 60.0),
    ("yacht-heavy-lasers", r#"Yacht, Deck, Boat Top, HD plant, 2 props w/ 10-pt guards, pilot, gunner. Heavy laser in front universal turret, HRTC. Laser-Reflective Armor: F20, B20."#, 91784.00, 17772.00, 10.0, 60.0),
    ("crew-first-then-hull", r#"Pike: Speeder, Large power plant, Propeller, Pilot, Gunner. Recoilless rifle with HEAT ammo front, recoilless rifle w/ HESH back. Armor: F15/R10/L10/B10/U10."#, 19750.00, 5090.00, 10.0, 60.0),
    ("semicolons-and-words", r#"Dinghy; Medium power plant; two propellers; pilot; one passenger. Flaming oil jet (back); grenade launcher (front). Armor: F8; R8; L8; B8; U8."#, 10095.00, 2710.00, 10.0, 60.0),
    ("counts-after-nouns", r#"Speeder, Super power plant, Propellers (2), Pilot, Gunners (2). MGs (4) front, Spikedropper back. Armor: F20, R10, L10, B10, U10."#, 25900.00, 5975.00, 15.0, 80.0),
    ("x-counts", r#"Speeder, Large plant, 2x props, pilot. 2x MG front, MML x2 back. Armor: F10 R10 L10 B10 U10."#, 20600.00, 4880.00, 15.0, 80.0),
    ("front-and-back", r#"Dinghy, Medium power plant, Propeller, Pilot. MG front and back, fire extinguisher. Armor: F10, R10, L10, B10, U10."#, 11025.00, 2825.00, 10.0, 60.0),
    ("mixed-case-plurals", r#"cruiser, deck, LARGE power Plant, 2 PROPELLERS, Pilot. 2 Bilge Pumps, 3 Fire Extinguishers, sonars (1). armor: f10, r10, l10, b10, u10."#, 34100.00, 8130.00, 10.0, 60.0),
    ("figures-in-parens", r#"Speeder ($8,000, 2,700 lbs), Medium power plant ($3,000, 500 lbs, 4 spaces), Propeller ($75), Pilot (150 lbs). Autocannon ($6,500) front, galley ($750, 150 lbs, 1 space). Armor: F10, B10."#, 19475.00, 4325.00, 10.0, 60.0),
    ("turret-weapon-list-with-ammo", r#"Cruiser, Deck, Boat Top, Super power plant, 2 Propellers, Pilot, Gunner. 3-space turret with MG with HD ammo and RL with AP rockets. Armor: F10, R10, L10, B10, U10, T10."#, 40225.00, 9315.00, 10.0, 60.0),
    ("aphr-abbrev", r#"Dinghy, Medium PP, Prop, Pilot. 2 APHRs front, IHR back, HR back. Armor: F10, R10, L10, B10, U10."#, 8925.00, 2825.00, 10.0, 60.0),
    ("fed-by-one-magazine-body", r#"Speeder, Large plant, Propeller, Pilot. 2 HRs front, fed by a 6-space rocket magazine. Armor: F10, B10."#, 16900.00, 4780.00, 15.0, 80.0),
    ("vmg-hd-extra-mags", r#"Speeder, Large power plant, Propeller, Pilot. VMG with HD ammo (2 extra magazines, magazine switch) front. Armor: F20, R10, L10, B10, U10."#, 22350.00, 5270.00, 10.0, 60.0),
    ("solar-and-cyber", r#"Speeder: Super power plant, 2 props, pilot. Laser front, cyberlink, 2 solar panels, laser battery. Armor: F10, B10."#, 45300.00, 5300.00, 15.0, 80.0),
    ("armor-type-in-parens", r#"Dinghy, Medium plant, Propeller, Pilot. MG front. Armor (FP): F10, R10, L10, B10, U10."#, 9875.00, 2475.00, 15.0, 80.0),
    ("armor-type-first-item", r#"Dinghy, Medium plant, Propeller, Pilot. MG front. Armor: radarproof, F10, R10, L10, B10, U10."#, 9875.00, 2475.00, 15.0, 80.0),
    ("starboard-port-bow-stern", r#"Speeder, Large power plant, Propeller, Pilot, Gunner. MG bow, MG stern, MG port, MG starboard. Armor: F10, R10, L10, B10, U10."#, 21600.00, 5140.00, 10.0, 60.0),
    ("linked-across-facings", r#"Speeder, Large plant, Propeller, Pilot. 2 linked MGs (one each F, B). Armor: F10, B10."#, 18050.00, 4290.00, 15.0, 80.0),
    ("long-range-radar-and-jammer", r#"Cruiser, Deck, Super power plant, 2 propellers, pilot, gunner. Long-range radar, radar jammer, armored searchlight, improved fire extinguisher, portable earth station. MML front. Armor: F10, B10."#, 46650.00, 8000.00, 15.0, 80.0),
    ("oil-jets-and-wgm", r#"Speeder, Medium power plant, 2 Propellers, Pilot. Wire-guided missile front, oil jet back, spike gun front. Armor: F10, B10."#, 15200.00, 4025.00, 10.0, 60.0),
    ("swc-computers", r#"Speeder, Large power plant, Propeller, Pilot. ATG front, SWC, HR-SWC. Armor: F15, B10."#, 20600.00, 4640.00, 15.0, 80.0),
    ("mfr-pods", r#"Speeder: Large PP, prop, pilot. 2 Multi-fire rocket pods front, 2 medium lasers (one each L, R). Armor: F10, R10, L10, B10, U10."#, 28400.00, 5490.00, 10.0, 60.0),
    ("dinghy-lr-metal", r#"Dinghy, Small plant, Propeller, Pilot. MG front. LR Metal armor: F4, B4."#, 6836.00, 2205.00, 5.0, 40.0),
    ("deck-split-above-only", r#"Cruiser with Deck (20 above), Large power plant, Propeller, Pilot. Below Deck: Galley. Above Deck: MG front. Armor: F10, B10."#, 29450.00, 7040.00, 10.0, 60.0),
    ("in-body-space-cargo", r#"Cruiser, Deck, Large power plant, Propeller, Pilot. Cargo (3 spaces, 900 lbs) in body space, 2 passengers in cargo. Armor: F10."#, 26900.00, 7740.00, 10.0, 60.0),
    ("prices-each-and-weights", r#"Dinghy, Medium power plant, Propeller, Pilot. 2 MGs ($1,500 each, 200 lbs each) front, bilge pump (200 lb). Armor: F10, B10."#, 10835.00, 2695.00, 10.0, 60.0),
    ("hull-fittings-listed-as-items", r#"Speeder, Boat Top, Deck (9 below, 11 above), Hydrofoils, Weighted Keel, Super power plant, Propeller, Pilot. Above Deck: 2-space turret with VMG. Armor: F10, R10, L10, B10, U10, T5."#, 36300.00, 7645.00, 15.0, 80.0),
    ("yacht-back-universal", r#"Yacht with Deck and Boat Top; Super PP; 2 propellers; pilot; gunner. VMG in front turret; RL in back universal turret. Laser Reflective Fireproof Armor: F10, FL10, FR10, BL10, BR10, B10, FU10, BU10, FT5, BT5."#, 76050.00, 15532.00, 10.0, 60.0),
    ("oars-in-pairs", r#"Coracle: Dinghy, Small plant, Propeller, Oars (2 pairs), Pilot, Passenger. Armor: F5, B5."#, 5230.00, 1995.00, 10.0, 60.0),
    ("cruiser-with-boat-top", r#"Cruiser with Boat Top, Deck (18 below, 19 above), Super power plant, 2 Propellers, Pilot, 2 Gunners. 2-space turret with 2 MGs, 4 medium rockets (2 L, 2 R). Armor: F15, R15, L15, B15, U15, T10."#, 40010.00, 9815.00, 10.0, 60.0),
    ("colons-slash-extra-weapon-magazine", r#"Ferry: Dinghy, Medium power plant, Propeller, Pilot/gunner. MG front, extra MG magazine. Armor: F10, B10. Accel: 10, Top speed: 60 mph, HC: 2, Weight: 2,510 lbs, Cost: $9,385."#, 9385.00, 2510.00, 10.0, 60.0),
    ("deck-split-after-a-colon", r#"Cruiser. Deck: 13 below, 24 above. Large power plant, Propeller, Pilot. Galley below deck, 2 bilge pumps below deck. Armor: F10, B10."#, 28950.00, 7240.00, 10.0, 60.0),
    ("dashes-between-parts", r#"Speeder - Large power plant - Propeller - Pilot. VMG (front), 2 MGs linked (front). Armor F15 B10."#, 20850.00, 4790.00, 15.0, 80.0),
    ("armor-all-round", r#"Yacht, Deck, Boat Top, HD PP, 2 props. Pilot, 2 gunners. RR in front turret, AC in rear turret, 2 HRs F, 2 MGs front-left, 2 MGs front-right. Armor: all 10."#, 94320.00, 20360.00, 10.0, 60.0),
];

fn dollars(d: f64) -> Money {
    Money::cents((d * 100.0).round() as i64)
}

fn pounds(p: f64) -> Weight {
    Weight::centi((p * 100.0).round() as i64)
}

fn mph(s: f64) -> Speed {
    Speed::halves((s * 2.0).round() as i64)
}

#[test]
fn every_line_of_the_corpus_reads_whole_to_its_exact_figures() {
    assert!(CORPUS.len() >= 60, "the corpus has {} lines", CORPUS.len());
    let mut wrong = Vec::new();
    for &(name, line, cost, weight, acceleration, top_speed) in CORPUS {
        let imp = parse(line);
        let e = check(&imp.design);
        let f = &e.figures;
        if !imp.unrecognized.is_empty() {
            let why: Vec<String> =
                imp.not_read.iter().map(|n| format!("{:?}: {}", n.fragment, n.why)).collect();
            wrong.push(format!("{name}: not read {}", why.join("; ")));
        }
        let got = (f.cost, f.weight, f.acceleration, f.top_speed);
        let want = (dollars(cost), pounds(weight), mph(acceleration), mph(top_speed));
        if got != want {
            wrong.push(format!("{name}: {got:?}, not {want:?}"));
        }
        let claims = claim_mismatches(&imp.claimed, &e);
        if !claims.is_empty() {
            wrong.push(format!("{name}: {claims:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn line(name: &str) -> &'static str {
    CORPUS.iter().find(|c| c.0 == name).map_or("", |c| c.1)
}

#[test]
fn the_guppys_turret_fed_from_magazines_in_the_body_is_legal_however_it_is_written() {
    for name in ["guppy", "guppy-magazines-feeding-the-turret", "guppy-rockets-in-magazines"] {
        let d = parse(line(name)).design;
        let e = check(&d);
        assert!(e.legal(), "{name}: {:?}", e.problems);
        assert_eq!(d.turrets[0].size, 3, "{name}");
        assert_eq!(
            (d.turrets[0].weapons[0].count, d.turrets[0].weapons[0].rocket_magazine),
            (3, 3),
            "{name}"
        );
    }
}

#[test]
fn a_printed_price_that_disagrees_with_the_table_is_a_note_and_the_part_is_kept() {
    let imp =
        parse("Cruiser, Deck, Large power plant, Propeller, Pilot. Deluxe stateroom ($500). Armor: F10.");
    assert!(
        imp.notes.contains(&"The line prints $500 for a Deluxe stateroom; the table says $5,000".to_owned()),
        "{:?}",
        imp.notes
    );
    assert_eq!(imp.design.accessories[0].item.id(), "deluxe-stateroom");

    let imp = parse(line("cruiser-stateroom-misprint"));

    assert!(
        imp.notes.contains(
            &"The line prints $5,00 for a Deluxe stateroom, a misprint (its digits are grouped wrongly): \
              read from its words, at the table's $5,000"
                .to_owned()
        ),
        "{:?}",
        imp.notes
    );
    assert_eq!(imp.design.accessories[0].item.id(), "deluxe-stateroom");
}

/// A price as printed with its digits grouped wrongly, in each way a typesetter could: a digit
/// dropped after the thousands comma ("$5,00" for $5,000), a comma where none belongs ("$50,0"
/// for $500), a comma moved ("$1,0000" for $10,000).
fn misprinted(dollars: i64) -> Vec<String> {
    let right = format!("{}", Money::whole(dollars));
    let digits = dollars.to_string();
    let mut out = Vec::new();
    if right.contains(',') {
        out.push(right[..right.len() - 1].to_owned());
    }
    if digits.len() >= 2 {
        let (a, b) = digits.split_at(digits.len() - 1);
        out.push(format!("${a},{b}"));
    }
    if digits.len() >= 5 {
        let (a, b) = digits.split_at(digits.len() - 4);
        out.push(format!("${a},{b}"));
    }
    out
}

#[test]
fn any_accessorys_misprinted_price_is_read_from_its_words_and_said_to_be_a_misprint() {
    let mut tried = 0;
    for item in tables::ACCESSORIES.iter().filter(|a| a.cost.rounded() >= 10) {
        for price in misprinted(item.cost.rounded()) {
            let text = format!(
                "Cruiser, Deck, Large power plant, Propeller, Pilot. {} ({price}). Armor: F10, B10.",
                item.name
            );
            let imp = parse(&text);
            let ids: Vec<&str> = imp.design.accessories.iter().map(|a| a.item.id()).collect();
            if !ids.contains(&item.id) {
                // A name the line's grammar reads otherwise (a part of the hull) is not this test's.
                assert!(
                    imp.unrecognized.is_empty() || !imp.unrecognized.iter().any(|u| u.contains(&price)),
                    "{text}"
                );
                continue;
            }
            tried += 1;
            assert!(imp.unrecognized.is_empty(), "{text}: {:?}", imp.unrecognized);
            let note = format!("The line prints {price} for a {}, a misprint", item.name);
            assert!(imp.notes.iter().any(|n| n.starts_with(&note)), "{text}: {:?}", imp.notes);
            assert!(
                imp.notes.iter().any(|n| n.ends_with(&format!("at the table's {}", item.cost))),
                "{text}: {:?}",
                imp.notes
            );
        }
    }
    assert!(tried >= 20, "only {tried} misprinted accessories were read");
}

#[test]
fn any_weapons_misprinted_price_is_read_from_its_words() {
    let mut tried = 0;
    for w in tables::WEAPONS.iter().filter(|w| w.cost.rounded() >= 10) {
        for price in misprinted(w.cost.rounded()) {
            let text =
                format!("Yacht, Large power plant, 2 propellers, Pilot. {} F ({price}). Armor: F10.", w.name);
            let imp = parse(&text);
            let ids: Vec<&str> = imp.design.weapons.iter().map(|m| m.weapon.id()).collect();
            assert!(ids.contains(&w.id), "{text}: {ids:?} {:?}", imp.unrecognized);
            tried += 1;
            assert!(
                imp.notes
                    .iter()
                    .any(|n| n.starts_with(&format!("The line prints {price} for "))
                        && n.contains("a misprint")),
                "{text}: {:?}",
                imp.notes
            );
        }
    }
    assert!(tried >= 30, "only {tried} misprinted weapons were read");
}

#[test]
fn doubtful_readings_are_said() {
    let notes = |name: &str| parse(line(name)).notes;

    assert!(
        notes("front-and-back").contains(&"Read \"MG front and back\" as one MG facing each way".to_owned())
    );
    assert!(
        notes("yacht-bottom-named")
            .contains(&"Read Bottom 20 as 20 points on each of Front Bottom and Back Bottom".to_owned())
    );
    assert!(
        notes("barracuda").iter().any(|n| n.contains("read as a 2-space turret")),
        "{:?}",
        notes("barracuda")
    );
}
