//! What the house needs to know of a game to give it a home: where its builds live, what they
//! are called, and the words for its links. Each game's module declares one [`Game`]; the web
//! layer's registry lists them (src/web/registry.rs), and the store, the routes, the gallery, the
//! navigation and the start page are written over that list, never naming a game.

/// A game the house serves.
#[derive(Debug, PartialEq, Eq)]
pub struct Game {
    /// Its builds' kind in the store and in the API ("boat", "epic"); never changes once builds
    /// are saved. It is data, not a name in the code: every game's module, route, template folder
    /// and builder type share one name (`boats`, `/boats`, `templates/boats`, `Boats`), and only
    /// the boat designer's kind differs from it ("boat", kept because saved builds, exported files
    /// and API clients carry it).
    pub id: &'static str,
    /// Where its pages are: "/boats", "/epic". Its API is under "/api" plus this path.
    pub path: &'static str,
    /// What one build is called in messages and file names ("boat", "detachment").
    pub word: &'static str,
    /// What one build is called on a card ("Boat", "Epic detachment").
    pub title: &'static str,
    /// Its builds together, for the gallery's filter ("Boats", "Epic detachments").
    pub plural: &'static str,
    /// The link to its builder in the navigation ("Car Wars boats").
    pub nav: &'static str,
    /// The start page's button ("Design a boat").
    pub start: &'static str,
    /// What Drydock does for it, in a sentence for the home page.
    pub about: &'static str,
    /// What a new, empty build's editor says in place of a verdict: what to choose first.
    pub first: &'static str,
    /// Its printable page under a build's address ("sheet", "roster").
    pub print: &'static str,
    /// A small legal build as its JSON document, for the flow tests every game passes and for
    /// examples.
    pub example: &'static str,
    /// Every problem code only this game gives (its `Code::CODES`); the codes every game shares
    /// are [`Shared`](crate::games::Shared)'s.
    pub codes: &'static [crate::games::Code],
    /// Its readings of the rules where the text is silent, list by list, as its pages show them.
    pub decisions: &'static [&'static [crate::games::Decision]],
}

#[cfg(test)]
mod tests {
    use super::Game;
    use crate::games::{Code, Shared, bfg, boats, epic, samurai, waffle};
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn each_games_example_is_a_legal_build_of_it() {
        let boat: boats::Design = serde_json::from_str(boats::GAME.example).expect("a design");
        assert_eq!(boat, boats::examples::piranha());
        assert!(boats::check(&boat).legal());
        let d: epic::Detachment = serde_json::from_str(epic::GAME.example).expect("a detachment");
        let c = epic::check(&d);
        assert!(c.legal, "{:?}", c.problems);
        assert_eq!(c.points, 130);
        let f: bfg::Fleet = serde_json::from_str(bfg::GAME.example).expect("a fleet");
        let c = bfg::check(&f);
        assert!(c.legal, "{:?}", c.problems);
        assert_eq!(c.points, 505);
        let r: waffle::Roster = serde_json::from_str(waffle::GAME.example).expect("a roster");
        let c = waffle::check(&r);
        assert!(c.legal && c.problems.is_empty(), "{:?}", c.problems);
        assert_eq!(c.points, 145);
        let s: samurai::Scenario = serde_json::from_str(samurai::GAME.example).expect("a scenario");
        let j = samurai::check(&s);
        assert!(j.legal && j.problems.is_empty(), "{:?}", j.problems);
        assert_eq!(j.units.len(), 7);
    }

    /// Every game the house serves, from the web layer's registry (the one list of them).
    fn every_game() -> Vec<&'static Game> {
        crate::web::registry::games().collect()
    }

    #[test]
    fn every_game_has_its_own_id_path_and_print_page() {
        let games = every_game();
        assert!(games.len() >= 5, "{games:?}");
        for (i, a) in games.iter().enumerate() {
            assert!(a.path.starts_with('/') && a.path.len() > 1, "{}", a.id);
            for b in &games[i + 1..] {
                assert!(a.id != b.id && a.path != b.path, "{} and {}", a.id, b.id);
            }
        }
        assert_eq!(
            (bfg::GAME.id, bfg::GAME.path, bfg::GAME.word, bfg::GAME.title, bfg::GAME.plural),
            ("bfg", "/bfg", "fleet", "BFG fleet", "BFG fleets")
        );
        assert_eq!(
            (bfg::GAME.nav, bfg::GAME.start, bfg::GAME.print),
            ("BFG fleets", "Build a fleet", "roster")
        );
    }

    #[test]
    fn the_waffle_roster_builder_has_its_names() {
        let g = &waffle::GAME;
        assert_eq!((g.id, g.path, g.word, g.print), ("waffle", "/waffle", "roster", "cards"));
        assert_eq!((g.title, g.plural), ("Waffle 40K roster", "Waffle 40K rosters"));
        assert_eq!((g.nav, g.start), ("Waffle 40K vehicles", "List your vehicles"));
        assert_eq!(boats::GAME.nav, "Car Wars boats", "the game's name, not only what the page does");
    }

    #[test]
    fn no_two_games_nor_a_game_and_the_shared_list_use_one_code() {
        let mut owner: BTreeMap<&str, &str> =
            Shared::CODES.iter().map(|c| (c.as_str(), "every game")).collect();
        for g in every_game() {
            assert!(!g.codes.is_empty(), "{} has no codes of its own", g.id);
            for c in g.codes {
                assert!(c.as_str().chars().all(|c| c.is_ascii_uppercase() || c == '_'), "{}: {c}", g.id);
                if let Some(other) = owner.insert(c.as_str(), g.id) {
                    panic!("{c} is both {other}'s and {}'s", g.id);
                }
            }
        }
        // Each game's and the shared codes, together, are every code there is.
        let every: usize = every_game().iter().map(|g| g.codes.len()).sum::<usize>() + Shared::CODES.len();
        assert_eq!(owner.len(), every);
    }

    /// The codes written `LIKE_THIS` in backticks in `text`.
    fn codes_in(text: &str) -> BTreeSet<&str> {
        text.split('`')
            .skip(1)
            .step_by(2)
            .filter(|w| w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
            .collect()
    }

    #[test]
    fn a_games_codes_in_the_readme_are_exactly_its_own() {
        const README: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
        let shared: BTreeSet<&str> = Shared::CODES.iter().map(|c| c.as_str()).collect();
        let mut listed = 0;
        for g in every_game() {
            // A game's codes paragraph: "Boat codes: `OVER_MAX_LOAD`, ...", to its blank line.
            let Some(at) = README.find(&format!("{} codes:", g.title)) else { continue };
            let paragraph = README[at..].split("\n\n").next().unwrap_or_default();
            let named: BTreeSet<&str> = codes_in(paragraph).difference(&shared).copied().collect();
            let own: BTreeSet<&str> = g.codes.iter().map(|c| c.as_str()).collect();
            assert_eq!(named, own, "the README's {} codes", g.title);
            listed += 1;
        }
        assert!(listed > 0, "no game's codes are listed in the README");
    }

    #[test]
    fn a_code_of_a_game_is_its_own_enum_and_any_code_alike() {
        let any: Code = boats::Code::OverMaxLoad.into();
        assert_eq!(any.as_str(), "OVER_MAX_LOAD");
        assert_eq!(boats::Code::of(any), Some(boats::Code::OverMaxLoad));
        assert_eq!(epic::Code::of(any), None);
        assert_eq!(boats::Code::of(Shared::BadNumber.into()), None);
        // Compared either way round, with its own enum and with the shared list.
        assert_eq!(any, boats::Code::OverMaxLoad);
        assert_eq!(boats::Code::OverMaxLoad, any);
        assert_ne!(any, Shared::BadNumber);
    }
}
