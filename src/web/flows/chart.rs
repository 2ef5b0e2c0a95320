//! Bar charts of a distribution, drawn on the server as SVG (no chart library, nothing run in the
//! browser): one row an outcome, each bar labelled with its number and its chance, so the chart
//! reads without colour; a title and a text description for screen readers. Every game's odds
//! pages draw theirs with this and the `chart` macro.

use super::view::percent;
use crate::games::exact::Fraction;

/// Charts of more outcomes than this leave out those under 0.1% (the table beside lists them).
const ALL_UP_TO: usize = 25;
const ROW: u32 = 22;
const LEFT: f64 = 40.0;
const LONGEST: f64 = 200.0;

/// A horizontal bar chart: one bar an outcome.
#[derive(Debug, Clone)]
pub struct Chart {
    /// For the page's ids: "hits" gives `chart-hits`.
    pub id: String,
    pub title: String,
    pub desc: String,
    pub width: u32,
    pub height: u32,
    pub bars: Vec<Bar>,
    /// Outcomes too unlikely to draw.
    pub left_out: usize,
}

#[derive(Debug, Clone)]
pub struct Bar {
    pub k: usize,
    /// Top of its row.
    pub y: u32,
    pub length: String,
    /// Where its value label starts.
    pub label_x: String,
    pub label: String,
}

impl Chart {
    /// The chart of `p`, where `p[k]` is the chance of exactly `k` of `noun` ("hits"), with
    /// `expected` the expectation.
    pub fn of(id: &str, title: &str, noun: &str, p: &[Fraction], expected: &Fraction) -> Chart {
        let approx: Vec<f64> = p.iter().map(Fraction::to_f64).collect();
        let top = approx.iter().copied().fold(0.0, f64::max);
        let drawn: Vec<usize> =
            (0..p.len()).filter(|&k| p.len() <= ALL_UP_TO || approx[k] >= 0.001).collect();
        let bars: Vec<Bar> = drawn
            .iter()
            .zip(0u32..)
            .map(|(&k, row)| {
                let length = if top > 0.0 { approx[k] / top * LONGEST } else { 0.0 };
                Bar {
                    k,
                    y: row * ROW,
                    length: format!("{length:.1}"),
                    label_x: format!("{:.1}", LEFT + length + 6.0),
                    label: percent(&p[k]),
                }
            })
            .collect();
        let mut desc = format!(
            "Bar chart of the chance of each number of {noun}, from 0 to {}.",
            p.len().saturating_sub(1)
        );
        let likeliest = (0..p.len()).max_by(|&a, &b| approx[a].total_cmp(&approx[b]).then(b.cmp(&a)));
        if let Some(k) = likeliest {
            desc.push_str(&format!(" Most likely: {k} ({}).", percent(&p[k])));
        }
        desc.push_str(&format!(" Expected: {:.2}.", expected.to_f64()));
        let left_out = p.len() - drawn.len();
        if left_out > 0 {
            desc.push_str(&format!(
                " {left_out} outcomes under 0.1% are left out; the table lists every one."
            ));
        }
        let rows = u32::try_from(bars.len()).unwrap_or(u32::MAX);
        Chart {
            id: id.to_owned(),
            title: title.to_owned(),
            desc,
            width: 320,
            height: rows.max(1).saturating_mul(ROW),
            bars,
            left_out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(n: u32, d: u32) -> Fraction {
        Fraction::new(n, d).expect("a denominator")
    }

    #[test]
    fn every_outcome_gets_a_labelled_bar_scaled_to_the_likeliest() {
        let c = Chart::of("hits", "Hits", "hits", &[f(1, 2), f(1, 3), f(1, 6)], &f(2, 3));
        let bars: Vec<(usize, u32, &str, &str)> =
            c.bars.iter().map(|b| (b.k, b.y, b.length.as_str(), b.label.as_str())).collect();
        assert_eq!(bars, [(0, 0, "200.0", "50.00%"), (1, 22, "133.3", "33.33%"), (2, 44, "66.7", "16.67%")]);
        assert_eq!(c.height, 66);
        assert_eq!(
            c.desc,
            "Bar chart of the chance of each number of hits, from 0 to 2. Most likely: 0 (50.00%). Expected: 0.67."
        );
    }

    #[test]
    fn a_long_chart_leaves_out_what_is_too_unlikely_to_see_and_says_so() {
        let mut p: Vec<Fraction> = (0..29).map(|_| f(1, 100_000)).collect();
        p.push(f(99_971, 100_000));
        let c = Chart::of("x", "X", "x", &p, &f(29, 1));
        assert_eq!((c.bars.len(), c.left_out), (1, 29));
        assert!(c.desc.ends_with("29 outcomes under 0.1% are left out; the table lists every one."));
    }
}
