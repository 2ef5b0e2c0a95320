//! The hulls and the published boats a new design can start from.

use crate::games::boats::design::Design;
use crate::games::boats::tables;
use crate::games::boats::units::{dollars_rounded, pounds_rounded};
use crate::games::boats::{self, statline};
use crate::web::flows::view::StartChoice;

/// The hulls and the examples to start from, worked out once (they never change).
pub fn start_choices() -> &'static (Vec<StartChoice>, Vec<StartChoice>) {
    static CHOICES: std::sync::LazyLock<(Vec<StartChoice>, Vec<StartChoice>)> =
        std::sync::LazyLock::new(work_out_start_choices);
    &CHOICES
}

fn work_out_start_choices() -> (Vec<StartChoice>, Vec<StartChoice>) {
    let hulls = tables::HULLS
        .iter()
        .map(|h| StartChoice {
            slug: h.id.to_owned(),
            name: h.name.to_owned(),
            detail: format!(
                "{}, {} lb, {} spaces{}, HC {}",
                dollars_rounded(h.cost),
                pounds_rounded(h.weight),
                h.spaces,
                if h.cargo_spaces > 0 { format!(" +{} cargo", h.cargo_spaces) } else { String::new() },
                h.handling_class
            ),
        })
        .collect();
    let examples = boats::examples::all()
        .into_iter()
        .map(|(slug, d)| {
            let e = boats::check(&d);
            StartChoice { slug: slug.to_owned(), name: d.name.clone(), detail: statline::stat_line(&d, &e) }
        })
        .collect();
    (hulls, examples)
}

/// The design a "Start from" choice gives: a published example, or an empty hull.
pub fn start_design(slug: &str) -> Option<Design> {
    match boats::examples::all().into_iter().find(|(s, _)| *s == slug) {
        Some((_, d)) => Some(d),
        None => tables::hull(slug).map(Design::blank),
    }
}

/// The published boats, for the gallery.
pub fn published() -> &'static [StartChoice] {
    &start_choices().1
}
