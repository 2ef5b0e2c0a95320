//! What a live update draws: made from a view that works out in full only the options it draws
//! (`SamuraiView::live`), the same bytes as from the view worked out whole; and its units'
//! headings and lone leaders' retreats, made alone (`SamuraiView::unit_heads`,
//! `SamuraiView::leader_retreats`), say what the editor's rows say.

use super::key::{any_scenario, any_threat, view};
use crate::web::samurai::LivePage;
use crate::web::samurai::view::{Choices, SamuraiView};
use askama::Template;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// With a unit chosen or none, a lone leader chosen or none, a threat map or none, and the
    /// page's map kept (its key posted) or drawn.
    #[test]
    fn a_live_update_draws_from_its_own_view_what_the_whole_view_draws(
        (s, selected, zoom) in any_scenario(),
        threat in any_threat(),
        leader in prop::option::of(0usize..3),
        kept in any::<bool>(),
    ) {
        let c = |map_key| Choices { selected, zoom, threat, leader, map_key, ..Choices::default() };
        let map_key = kept.then(|| SamuraiView::new(s.clone(), Vec::new(), c(None)).map_key());
        let whole = LivePage { v: SamuraiView::new(s.clone(), Vec::new(), c(map_key.clone())) };
        let live = LivePage { v: SamuraiView::live(s, Vec::new(), c(map_key)) };
        let (whole, live) = (whole.render().expect("drawn"), live.render().expect("drawn"));
        prop_assert!(whole == live, "the live view draws otherwise:\n{}\n---\n{}", live, whole);
    }

    #[test]
    fn a_live_updates_headings_and_retreats_are_its_rows(
        (s, selected, zoom) in any_scenario(),
    ) {
        let v = view(s, selected, zoom);
        let (heads, rows) = (v.unit_heads(), v.unit_rows());
        prop_assert_eq!(heads.len(), rows.len());
        for (h, r) in heads.iter().zip(&rows) {
            prop_assert_eq!(
                (h.index, h.number, h.hex, &h.token, &h.type_name, h.defaults, h.place, &h.at_sea, h.brief),
                (r.index, r.number, r.hex, &r.token, &r.type_name, r.defaults, r.place, &r.at_sea, r.brief)
            );
        }
        let (retreats, leaders) = (v.leader_retreats(), v.leader_rows());
        prop_assert_eq!(retreats.len(), leaders.len());
        for (a, b) in retreats.iter().zip(&leaders) {
            prop_assert_eq!((a.index, &a.retreat), (b.index, &b.retreat));
        }
    }
}
