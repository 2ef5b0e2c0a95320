//! The battle's bounds on text: the longest labels the tracker writes fit [`MAX_LABEL_CHARS`],
//! its log keeps within [`MAX_LOG_CHARS`] as well as [`MAX_LOG`] lines, and a record past either
//! (an import) is refused naming the bound, but for a log longer than this version keeps, which
//! loses its oldest lines when it is read.

use super::*;

/// A name as long as names go.
fn longest_name() -> String {
    "é".repeat(crate::games::bounds::MAX_NAME_CHARS)
}

/// 150 capital ships of the class with the longest name, all given the same longest name (so
/// numbered to tell them apart), and a squadron of 150 escorts in a group of the longest name.
fn longest_labelled() -> Fleet {
    let class =
        crate::games::bfg::data::ships().iter().max_by_key(|s| s.name.chars().count()).expect("ships");
    let mut f = fleet("imperial-navy", &[], &[("cobra-destroyer", 150)]);
    f.ships = (0..150).map(|_| ShipEntry { name: longest_name(), ..ShipEntry::new(class.id, &[]) }).collect();
    f.squadrons[0].group = longest_name();
    f
}

#[test]
fn the_longest_labels_the_tracker_writes_are_within_its_bound() {
    let f = longest_labelled();
    let b = Battle::new(&f).expect("a battle of 300 ships");
    assert_eq!(b.ships.len(), MAX_SHIPS);
    let longest = b.ships.iter().map(|s| s.label.chars().count()).max().unwrap_or(0);
    assert!(longest > 130, "the labels are the longest: {longest}");
    assert!(longest <= MAX_LABEL_CHARS, "{longest} characters");
    assert_eq!(b.beyond_bounds(), None);
}

#[test]
fn the_log_drops_its_oldest_lines_past_its_characters_too() {
    let f = longest_labelled();
    let mut b = Battle::new(&f).expect("a battle");
    let orders = MAX_LOG + 20;
    let mut last = String::new();
    for i in 0..orders {
        last = apply(&mut b, &f, Action::Brace { ship: i % 150, braced: (i / 150) % 2 == 0 })
            .expect("brace")
            .text;
    }
    let chars: usize = b.log.iter().map(|e| e.text.chars().count()).sum();
    assert!(chars <= MAX_LOG_CHARS, "{chars} characters kept");
    // Each line names a ship of 140 characters: past the characters long before the lines.
    assert!(b.log.len() < MAX_LOG / 2, "{} lines kept", b.log.len());
    assert!(chars + 250 > MAX_LOG_CHARS, "no more dropped than the bound needs: {chars}");
    assert_eq!(b.log.len() + b.log_dropped as usize, orders + 1, "every line kept or counted dropped");
    assert_eq!(b.log.last().map(|e| e.text.as_str()), Some(last.as_str()), "the newest is kept");
    assert_eq!(b.beyond_bounds(), None, "the tracker keeps its own bounds");
}

#[test]
fn a_record_past_the_text_bounds_is_refused() {
    let f = imperial_pair();
    let b = Battle::new(&f).expect("a battle");
    let mut long_label = b.clone();
    long_label.ships[0].label = "x".repeat(MAX_LABEL_CHARS + 1);
    let why = long_label.beyond_bounds().expect("refused");
    assert!(why.contains(&format!("({MAX_LABEL_CHARS})")), "{why}");
    let mut fits = b.clone();
    fits.ships[0].label = "x".repeat(MAX_LABEL_CHARS);
    assert_eq!(fits.beyond_bounds(), None);

    // A log past the characters (an earlier version kept no such bound) is not refused: it is
    // read, and its oldest lines are dropped when it is read.
    let mut long_log = b.clone();
    let lines = MAX_LOG_CHARS / 2_000 + 1;
    long_log.log = (0..lines).map(|_| LogEntry { turn: 1, text: "x".repeat(2_000) }).collect();
    assert_eq!(long_log.beyond_bounds(), None);
    let read = long_log.migrate(&f);
    assert_eq!(read.log.len(), lines - 1);
    assert_eq!(read.log_dropped, 1);
}

fn imperial_pair() -> Fleet {
    fleet("imperial-navy", &[("dictator-cruiser", &[])], &[("cobra-destroyer", 2)])
}
