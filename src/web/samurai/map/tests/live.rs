//! What a live update draws of the orders of battle: each unit's heading and each lone leader's
//! retreat, made alone (`SamuraiView::unit_heads`, `SamuraiView::leader_retreats`), say what the
//! editor's rows say.

use super::key::{any_scenario, view};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

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
