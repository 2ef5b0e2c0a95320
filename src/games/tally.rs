//! The head of every judgement that counts points against a player's limit: the points, the
//! limit, whether the build is legal, and every problem. Each game's judgement starts with it
//! (`#[serde(flatten)]`, so its answers keep these four fields first, as they always had them)
//! and reads through to it, so `check.points` and `check.problems` mean the same in every game.

use serde::Serialize;

use super::{Problem, is_legal};

/// Points, the points limit, legality and problems: the first four fields of a judgement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Total points of the build.
    pub points: u32,
    /// The points limit the player set, if any.
    pub points_limit: Option<u32>,
    /// True when no problem is an error.
    pub legal: bool,
    /// Every problem, in the order the engine found them.
    pub problems: Vec<Problem>,
}

impl Tally {
    /// The head of a judgement of `points` against `points_limit` with these `problems` (the
    /// over-the-limit error among them where it applies: see [`super::over_points_limit`]).
    pub fn new(points: u32, points_limit: Option<u32>, problems: Vec<Problem>) -> Self {
        Tally { points, points_limit, legal: is_legal(&problems), problems }
    }
}

/// A judgement headed by a [`Tally`] reads its four fields as its own (`check.points`).
macro_rules! headed_by_tally {
    ($judgement:ty) => {
        impl std::ops::Deref for $judgement {
            type Target = $crate::games::Tally;

            fn deref(&self) -> &Self::Target {
                &self.tally
            }
        }
    };
}
pub(crate) use headed_by_tally;

#[cfg(test)]
mod tests {
    use super::Tally;
    use crate::games::{Problem, Shared};

    #[test]
    fn a_tally_is_legal_until_a_problem_is_an_error() {
        let warning = Problem::warning(Shared::UnknownVersion, Some("version".to_owned()), "w".to_owned());
        let error = Problem::error(Shared::OverPointsLimit, Some("points_limit".to_owned()), "e".to_owned());
        assert!(Tally::new(10, Some(5), vec![warning.clone()]).legal);
        assert!(!Tally::new(10, Some(5), vec![warning, error]).legal);
    }

    #[test]
    fn a_judgement_headed_by_a_tally_writes_its_four_fields_first_as_before() {
        let c = crate::games::waffle::check(&crate::games::waffle::Roster::default());
        let json = serde_json::to_string(&c).unwrap_or_default();
        assert!(
            json.starts_with(r#"{"points":0,"points_limit":null,"legal":true,"problems":[],"vehicles":[]"#),
            "{json}"
        );
        let d = serde_json::from_str(r#"{"list": "no-such-list"}"#).expect("a detachment");
        let c = crate::games::epic::check(&d);
        let json = serde_json::to_string(&c).unwrap_or_default();
        assert!(json.starts_with(r#"{"points":0,"points_limit":null,"legal":false,"problems":[{"#), "{json}");
    }
}
