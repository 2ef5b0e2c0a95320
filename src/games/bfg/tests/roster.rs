//! BattleScribe / New Recruit rosters in: files written here in the format's documented
//! structure (a `roster` with `costs`, `costLimits` and `forces`; each `force` naming its entry
//! and catalogue, holding `selections` that nest), read into fleets; what does not match is kept
//! as not read; the reader's bounds.

use super::*;
use crate::games::bfg::roster::{
    self, MAX_DEPTH, MAX_ELEMENTS, MAX_NOT_READ, MAX_XML_BYTES, MAX_ZIP_ENTRIES,
};
use std::io::Write;

/// A roster of one force holding `selections` (XML), with a points limit and a stated total.
fn ros(force: &str, catalogue: &str, limit: u32, total: u32, selections: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<roster id="r1" name="Test &amp; Fleet" battleScribeVersion="2.03" gameSystemId="de5d6c5f" gameSystemName="Battlefleet Gothic" xmlns="http://www.battlescribe.net/schema/rosterSchema">
  <costs><cost name="pts" typeId="points" value="{total}.0"/></costs>
  <costLimits><costLimit name="pts" typeId="points" value="{limit}.0"/></costLimits>
  <forces>
    <force id="f1" name="{force}" entryId="e1" catalogueId="c1" catalogueRevision="1" catalogueName="{catalogue}">
      <rules><rule id="x" name="Fleet rule"><description>text we skip</description></rule></rules>
      <selections>{selections}</selections>
      <categories><category id="k" name="Capital Ships" entryId="k" primary="false"/></categories>
    </force>
  </forces>
</roster>"#
    )
}

/// A selection: its name, number, points, attributes and the selections inside it.
fn sel(name: &str, number: u32, pts: u32, extra: &str, inner: &str) -> String {
    format!(
        r#"<selection id="s" name="{name}" entryId="e" number="{number}" type="unit" {extra}>
  <profiles><profile id="p" name="{name}" typeName="Ship"><characteristics><characteristic name="Hits" typeId="h">8</characteristic></characteristics></profile></profiles>
  <selections>{inner}</selections>
  <costs><cost name="pts" typeId="points" value="{pts}.0"/></costs>
</selection>"#
    )
}

fn read(xml: &str) -> roster::Imported {
    roster::read(xml.as_bytes()).unwrap_or_else(|e| panic!("not read: {e}"))
}

fn gothic_patrol() -> String {
    let ships = [
        sel(
            "Emperor Class Battleship",
            1,
            365,
            r#"customName="Divine Right""#,
            &sel("Shark Assault Boats", 1, 5, "", ""),
        ),
        sel("Lunar Class Cruiser", 2, 360, "", ""),
        sel("Admiral Ldr 9", 1, 100, "", &sel("1 Extra Re-Roll", 1, 25, "", "")),
        sel("Escort Squadron", 1, 0, "", &sel("Sword Frigate", 3, 105, "", "")),
    ];
    ros("Gothic Sector", "Imperial Navy", 1000, 960, &ships.concat())
}

#[test]
fn a_gothic_sector_roster_becomes_the_fleet_it_describes() {
    let imp = read(&gothic_patrol());
    let f = &imp.fleet;
    assert_eq!(
        (f.name.as_str(), f.faction.as_str(), f.list.as_str(), f.points_limit),
        ("Test & Fleet", "imperial-navy", "in-gothic", 1000)
    );
    let classes: Vec<(&str, &str, &[String])> =
        f.ships.iter().map(|s| (s.class.as_str(), s.name.as_str(), s.options.as_slice())).collect();
    assert_eq!(
        classes,
        [
            ("emperor-battleship", "Divine Right", &["sharks".to_owned()][..]),
            ("lunar-cruiser", "", &[][..]),
            ("lunar-cruiser", "", &[][..])
        ]
    );
    assert_eq!(f.ships[0].leaders, [Aboard { id: "admiral".into(), rerolls: 1 }]);
    assert_eq!(f.squadrons, [Squadron::new("sword-frigate", 3)]);
    assert!(f.not_read.is_empty(), "{:?}", f.not_read);
    assert_eq!(imp.claimed, Some(960));
    assert_eq!(
        imp.claims,
        [
            ("ships.0".into(), 495),
            ("ships.1".into(), 180),
            ("ships.2".into(), 180),
            ("squadrons.0".into(), 105)
        ]
    );
    assert_eq!(imp.notes_against(&check(f)), imp.notes);
    assert_eq!(
        imp.notes,
        [
            "The roster lists the Admiral (\"Admiral Ldr 9\") apart from the ships: put aboard ships.0, the Emperor battleship. Move it if it rides another."
        ]
    );
    // The two Lunars were one selection of number 2 (360 pts): each entry claims half.
    let c = check(f);
    let each: Vec<u32> = c.ships.iter().chain(&c.squadrons).map(|e| e.points).collect();
    assert_eq!(each, [365 + 5 + 100 + 25, 180, 180, 3 * 35], "{:?}", c.problems);
}

#[test]
fn points_that_disagree_with_ours_are_said_with_both_figures() {
    let ships =
        [sel("Emperor Class Battleship", 1, 380, "", ""), sel("Dictator Class Cruiser", 1, 220, "", "")];
    let imp = read(&ros("Gothic Sector", "Imperial Navy", 1500, 600, &ships.concat()));
    let c = check(&imp.fleet);
    assert_eq!(c.points, 365 + 220);
    assert_eq!(
        imp.notes_against(&c),
        [
            "The roster says the fleet costs 600 pts; by our tables it costs 585 pts.",
            "The roster says the Emperor battleship (ships.0) costs 380 pts; by our tables it costs 365 pts."
        ]
    );
}

#[test]
fn what_the_reader_cannot_match_is_kept_as_not_read_never_dropped() {
    let ships = [
        sel("Lunar Class Cruiser", 1, 180, "", &sel("Gilded Prow", 1, 10, "", "")),
        sel("Fortress of Doom", 1, 500, "", ""),
        sel("Standard", 1, 0, "", ""),
        sel("Battleships", 1, 0, "", ""),
    ];
    let imp = read(&ros("Gothic Sector", "Imperial Navy", 1500, 690, &ships.concat()));
    // "Battleships" is a heading, not a battleship: kept as not read too.
    assert_eq!(
        imp.fleet.not_read,
        [
            "Gilded Prow (on the Lunar cruiser)",
            "Fortress of Doom (Gothic Sector)",
            "Battleships (Gothic Sector)"
        ]
    );
    assert_eq!(imp.fleet.ships.len(), 1);
    let c = check(&imp.fleet);
    assert!(codes(&c).contains(&(Code::NotRead, Some("not_read.0"))), "{:?}", c.problems);
    assert!(codes(&c).contains(&(Code::NotRead, Some("not_read.1"))));
}

#[test]
fn a_rosz_is_the_same_roster_zipped() {
    let xml = gothic_patrol();
    let mut buf = std::io::Cursor::new(Vec::new());
    let mut z = zip::ZipWriter::new(&mut buf);
    let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    z.start_file("Test Fleet.ros", opts).expect("a file");
    z.write_all(xml.as_bytes()).expect("written");
    z.finish().expect("finished");
    let zipped = roster::read(buf.get_ref()).expect("read");
    assert_eq!(zipped, read(&xml));
}

/// A zip of `files` (name, bytes), deflated.
fn zipped(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut buf = std::io::Cursor::new(Vec::new());
    let mut z = zip::ZipWriter::new(&mut buf);
    let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in files {
        z.start_file(*name, opts).expect("a file");
        z.write_all(bytes).expect("written");
    }
    z.finish().expect("finished");
    buf.into_inner()
}

#[test]
fn the_reader_bounds_its_work_and_says_which_bound() {
    let refused = |bytes: &[u8]| roster::read(bytes).expect_err("refused");
    // A zip bomb: a megabyte and more of spaces that unpack from a few kilobytes.
    let bomb = zipped(&[("big.ros", &vec![b' '; MAX_XML_BYTES + 10])]);
    assert!(bomb.len() < 64 * 1024);
    assert_eq!(
        refused(&bomb),
        format!("its roster unpacks to more than {MAX_XML_BYTES} bytes, the most we read")
    );
    let many: Vec<(String, Vec<u8>)> =
        (0..=MAX_ZIP_ENTRIES).map(|i| (format!("{i}.ros"), b"<roster/>".to_vec())).collect();
    let many: Vec<(&str, &[u8])> = many.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
    assert_eq!(
        refused(&zipped(&many)),
        format!(
            "the zip holds 17 files; a .rosz holds one roster, and we open zips of at most {MAX_ZIP_ENTRIES}"
        )
    );
    let deep =
        format!("<roster>{}{}</roster>", "<selections>".repeat(MAX_DEPTH), "</selections>".repeat(MAX_DEPTH));
    assert_eq!(
        refused(deep.as_bytes()),
        format!("its XML nests more than {MAX_DEPTH} elements deep, the most we read")
    );
    let wide = format!("<roster>{}</roster>", "<rule/>".repeat(MAX_ELEMENTS));
    assert_eq!(
        refused(wide.as_bytes()),
        format!("it holds more than {MAX_ELEMENTS} XML elements, the most we read")
    );
    assert_eq!(
        refused(b"<army/>"),
        "it holds no <roster> element: it is not a BattleScribe or New Recruit roster"
    );
    assert!(
        refused(b"<roster><force></roster>").starts_with("its XML is not well formed near byte"),
        "{}",
        refused(b"<roster><force></roster>")
    );
    assert_eq!(
        refused(b"<roster name=\"\xff\"/>"),
        "it is not UTF-8 text (byte 14 is not), as BattleScribe writes"
    );
    assert!(refused(b"PK\x03\x04 not really a zip").starts_with("it is not a zip file we can open"));
}

#[test]
fn not_read_lines_and_entries_stop_at_their_limits_and_say_how_many_more() {
    let junk: String = (0..MAX_NOT_READ + 7).map(|i| sel(&format!("Thing {i}"), 1, 0, "", "")).collect();
    let imp = read(&ros("Gothic Sector", "Imperial Navy", 1500, 0, &junk));
    assert_eq!(imp.fleet.not_read.len(), MAX_NOT_READ);
    assert_eq!(imp.notes, ["7 more lines not read are left out: a fleet keeps at most 50 from one roster."]);
    let lunars = sel("Lunar Class Cruiser", 250, 0, "", "");
    let imp = read(&ros("Gothic Sector", "Imperial Navy", 1500, 0, &lunars));
    assert_eq!(imp.fleet.ships.len(), crate::games::bounds::MAX_ENTRIES);
    assert_eq!(
        imp.notes,
        ["50 more ships, options or leaders are left out: a fleet holds at most 200 entries."]
    );
}

#[test]
fn bsdata_force_names_of_other_factions_name_their_lists() {
    let chaos = [
        sel("Despoiler Class Battleship", 1, 400, "", ""),
        sel("Chaos Warmaster", 1, 100, "", &sel("2 Extra Re-Rolls", 1, 0, "", "")),
        sel(
            "Escort Squadron",
            1,
            0,
            r#"customName="Raiders""#,
            &[sel("Idolator Raider", 2, 90, "", ""), sel("Infidel Raider", 2, 80, "", "")].concat(),
        ),
    ];
    let imp = read(&ros("Abaddon&apos;s 13th Black Crusade", "Chaos", 2000, 0, &chaos.concat()));
    let f = &imp.fleet;
    assert_eq!((f.faction.as_str(), f.list.as_str()), ("chaos", "ch-black-crusade"));
    assert_eq!(f.ships[0].leaders, [Aboard { id: "warmaster-black-crusade".into(), rerolls: 2 }]);
    let squadrons: Vec<(&str, u32, &str)> =
        f.squadrons.iter().map(|s| (s.class.as_str(), s.count, s.group.as_str())).collect();
    assert_eq!(squadrons, [("idolator-raider", 2, "Raiders"), ("infidel-raider", 2, "Raiders")]);
    let orks = sel("Kill Kroozer", 1, 155, "", "");
    assert_eq!(read(&ros("Ork Waaagh!", "Orks", 1500, 0, &orks)).fleet.list, "ork-waaagh");
}

#[test]
fn a_force_no_list_of_ours_names_takes_the_faction_s_first_list_fielding_its_ships() {
    let ships = sel("Lunar Class Cruiser", 1, 180, "", "");
    let imp = read(&ros("Imperial Navy Fleet of My Own", "Imperial Navy", 1500, 180, &ships));
    assert_eq!((imp.fleet.faction.as_str(), imp.fleet.list.as_str()), ("imperial-navy", "in-gothic"));
    assert_eq!(
        imp.notes,
        [
            "The roster's force \"Imperial Navy Fleet of My Own\" is no fleet list we know: read as the Gothic Sector list, which fields every ship in it."
        ]
    );
}

#[test]
fn every_bsdata_force_name_we_know_names_a_list_of_ours() {
    for (name, id) in roster::LIST_NAMES {
        let imp = read(&ros(&name.replace('\'', "&apos;"), "", 1500, 0, ""));
        assert_eq!(imp.fleet.list, id, "{name}");
        assert_eq!(imp.fleet.faction, list(id).expect("a list").faction, "{name}");
    }
}

/// For every list of ours: a roster naming it, with every ship it fields by its BattleScribe-style
/// name ("X Class Y"), is read back with the list, every class and nothing left over.
#[test]
fn every_list_reads_back_every_ship_it_fields() {
    for l in lists() {
        let fielded: Vec<&Ship> = ships().iter().filter(|s| l.fields(s.id)).collect();
        let xml: String = fielded
            .iter()
            .map(|s| {
                let mut words: Vec<&str> = s.name.split(' ').collect();
                let last = words.pop().unwrap_or("");
                let name = if words.is_empty() {
                    last.to_owned()
                } else {
                    format!("{} Class {last}", words.join(" "))
                };
                sel(&name, 1, 0, "", "")
            })
            .collect();
        let imp = read(&ros(l.name, "", 3000, 0, &xml));
        assert_eq!(imp.fleet.list, l.id, "{}", l.name);
        assert!(imp.fleet.not_read.is_empty(), "{}: {:?}", l.name, imp.fleet.not_read);
        let read_classes: Vec<&str> = imp
            .fleet
            .ships
            .iter()
            .map(|s| s.class.as_str())
            .chain(imp.fleet.squadrons.iter().map(|s| s.class.as_str()))
            .collect();
        let mut want: Vec<&str> = fielded.iter().filter(|s| !s.is_escort()).map(|s| s.id).collect();
        want.extend(fielded.iter().filter(|s| s.is_escort()).map(|s| s.id));
        assert_eq!(read_classes, want, "{}", l.name);
        assert!(
            imp.fleet.ships.iter().all(|s| !s.reserve) && imp.fleet.squadrons.iter().all(|s| !s.reserve),
            "{}",
            l.name
        );
    }
}

#[test]
fn a_ship_its_list_does_not_field_is_read_as_a_reserve_and_another_faction_s_is_kept_and_marked() {
    let ships =
        [sel("Apocalypse Class Battleship", 1, 0, "", ""), sel("Despoiler Class Battleship", 1, 0, "", "")];
    let imp = read(&ros("Gothic Sector", "Imperial Navy", 1500, 0, &ships.concat()));
    let f = &imp.fleet;
    assert_eq!(f.ships.len(), 2);
    assert!(!list("in-gothic").expect("a list").fields(&f.ships[0].class));
    assert!(f.ships[0].reserve);
    assert_eq!(f.ships[1].class, "despoiler-battleship");
    let c = check(f);
    assert!(codes(&c).contains(&(Code::WrongFaction, Some("ships.1"))), "{:?}", c.problems);
}
