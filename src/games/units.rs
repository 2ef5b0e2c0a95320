//! Exact amounts as every game's pages write them. Amounts are kept as whole numbers of a small
//! unit (cents, hundredths of a pound, sixths of a space, half miles per hour) and written
//! without rounding: "$112.50", "2,999.5", "5 1/3", "2.5". One rule for the boat engine's
//! quantities (`boats::units`) and the compare page's figures (`web::compare`).

use super::write_whole;
use serde::Serialize;
use std::fmt;

/// How a figure is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Money,
    Pounds,
    Mph,
    Spaces,
    Points,
    Plain,
}

/// `whole` and `rem` `per`ths of `unit`, written as a number: the whole (grouped in thousands
/// when `grouped`), then what is past it: sixths of a space as a fraction ("5 1/3", "1/2"),
/// money's cents with both digits ("112.50"), anything else as decimals without trailing zeros
/// ("2,999.5", "3.75", "2.5"). Exact for every unit here; finer remainders are cut at hundredths.
#[derive(Debug, Clone, Copy)]
pub struct Exact {
    pub whole: i64,
    pub rem: u64,
    pub per: u64,
    pub unit: Unit,
    pub grouped: bool,
}

impl Exact {
    /// `v` `per`ths of `unit`, split so the remainder is never negative (-0.5 lb is -1 and
    /// 50 hundredths), grouped in thousands.
    pub fn of(v: i64, per: i64, unit: Unit) -> Exact {
        let per = per.max(1);
        Exact {
            whole: v.div_euclid(per),
            rem: v.rem_euclid(per).unsigned_abs(),
            per: per.unsigned_abs(),
            unit,
            grouped: true,
        }
    }

    /// Its whole number written as it is, without thousands separators.
    pub fn ungrouped(self) -> Exact {
        Exact { grouped: false, ..self }
    }
}

/// Sixths of a space in words.
const SIXTHS: [&str; 6] = ["", "1/6", "1/3", "1/2", "2/3", "5/6"];

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl Exact {
    /// Writes it as [`Display`](fmt::Display) does, a piece at a time into `out`, without the
    /// formatting machinery (a live update writes a few dozen of these).
    pub fn write_to<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if self.rem != 0 && self.unit == Unit::Spaces && self.per == 6 {
            let frac = SIXTHS[usize::try_from(self.rem).unwrap_or(0).min(5)];
            if self.whole != 0 {
                write_whole(out, self.whole, self.grouped)?;
                out.write_str(" ")?;
            }
            return out.write_str(frac);
        }
        write_whole(out, self.whole, self.grouped)?;
        if self.rem == 0 {
            return Ok(());
        }
        let hundredths = self.rem.saturating_mul(100) / self.per;
        match (self.unit, hundredths % 10) {
            (Unit::Money, _) => two_places(out, hundredths),
            (_, 0) if hundredths > 0 => {
                out.write_str(".")?;
                write_whole(out, i64::try_from(hundredths / 10).unwrap_or(i64::MAX), false)
            }
            // Finer than hundredths (no unit here is): the digits there are, "." alone for none.
            (_, 0) => out.write_str("."),
            _ => two_places(out, hundredths),
        }
    }
}

/// ".05", ".50", ".75": `hundredths` with both digits (and every digit of a larger number).
fn two_places<W: fmt::Write + ?Sized>(out: &mut W, hundredths: u64) -> fmt::Result {
    out.write_str(".")?;
    if hundredths < 10 {
        out.write_str("0")?;
    }
    write_whole(out, i64::try_from(hundredths).unwrap_or(i64::MAX), false)
}

/// `v` `per`ths of `unit`, written as the pages write a figure: "$1,112.50", "2,999.5 lb",
/// "62.5 mph", "10 1/3 spaces", "15 points", "1 point"; below zero with a minus sign ("−$5").
pub fn amount(v: i64, per: i64, unit: Unit) -> String {
    let per = per.max(1);
    let sign = if v < 0 { "\u{2212}" } else { "" };
    let (size, per_size) = (v.unsigned_abs(), per.unsigned_abs());
    let whole = i64::try_from(size / per_size).unwrap_or(i64::MAX);
    let n = Exact { whole, rem: size % per_size, per: per_size, unit, grouped: true };
    let one = n.whole == 1 && n.rem == 0;
    match unit {
        Unit::Money => format!("{sign}${n}"),
        Unit::Pounds => format!("{sign}{n} lb"),
        Unit::Mph => format!("{sign}{n} mph"),
        Unit::Spaces => {
            format!("{sign}{n} {}", if one || (n.whole == 0 && n.rem != 0) { "space" } else { "spaces" })
        }
        Unit::Points => format!("{sign}{n} {}", if one { "point" } else { "points" }),
        Unit::Plain => format!("{sign}{n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_exactly_in_their_units() {
        assert_eq!(amount(111_250, 100, Unit::Money), "$1,112.50");
        assert_eq!(amount(299_950, 100, Unit::Pounds), "2,999.5 lb");
        assert_eq!(amount(375, 100, Unit::Pounds), "3.75 lb");
        assert_eq!(amount(125, 2, Unit::Mph), "62.5 mph");
        assert_eq!(amount(62, 6, Unit::Spaces), "10 1/3 spaces");
        assert_eq!(amount(3, 6, Unit::Spaces), "1/2 space");
        assert_eq!(amount(6, 6, Unit::Spaces), "1 space");
        assert_eq!(amount(15, 1, Unit::Points), "15 points");
        assert_eq!(amount(1, 1, Unit::Points), "1 point");
        assert_eq!(amount(-120_050, 100, Unit::Money), "\u{2212}$1,200.50");
        assert_eq!(amount(12_345, 1, Unit::Plain), "12,345");
        assert_eq!(amount(i64::MIN, 100, Unit::Money), "\u{2212}$92,233,720,368,547,758.08");
    }

    #[test]
    fn a_number_alone_groups_its_thousands_unless_told_not_to() {
        assert_eq!(Exact::of(1_355_200, 100, Unit::Money).to_string(), "13,552");
        assert_eq!(Exact::of(6006, 6, Unit::Spaces).to_string(), "1,001");
        assert_eq!(Exact::of(6006, 6, Unit::Spaces).ungrouped().to_string(), "1001");
        assert_eq!(Exact::of(2001, 2, Unit::Mph).ungrouped().to_string(), "1000.5");
        // Below zero, the remainder stays positive, as the engine's quantities always split.
        assert_eq!(Exact::of(-50, 100, Unit::Pounds).to_string(), "-1.5");
    }

    /// How `Exact` was written with the formatting machinery, before it wrote its pieces itself.
    fn formatted(e: &Exact) -> String {
        let whole = if e.grouped { crate::games::Grouped(e.whole).to_string() } else { e.whole.to_string() };
        if e.rem == 0 {
            return whole;
        }
        if e.unit == Unit::Spaces && e.per == 6 {
            let frac = SIXTHS[usize::try_from(e.rem).unwrap_or(0).min(5)];
            return if e.whole == 0 { frac.to_owned() } else { format!("{whole} {frac}") };
        }
        let hundredths = e.rem.saturating_mul(100) / e.per;
        match (e.unit, hundredths % 10) {
            (Unit::Money, _) => format!("{whole}.{hundredths:02}"),
            (_, 0) if hundredths > 0 => format!("{whole}.{}", hundredths / 10),
            (_, 0) => format!("{whole}."),
            _ => format!("{whole}.{hundredths:02}"),
        }
    }

    #[test]
    fn written_in_pieces_is_written_as_formatted() {
        let units = [Unit::Money, Unit::Pounds, Unit::Mph, Unit::Spaces, Unit::Points, Unit::Plain];
        let mut values: Vec<i64> = (-1300..1300).collect();
        values.extend([i64::MIN, i64::MIN + 1, i64::MAX, 1_355_200, 299_950, -120_050, 999_999, 1_000_000]);
        for v in values {
            for per in [1, 2, 3, 6, 7, 100, 1000] {
                for unit in units {
                    for e in [Exact::of(v, per, unit), Exact::of(v, per, unit).ungrouped()] {
                        assert_eq!(e.to_string(), formatted(&e), "{v} / {per} {unit:?} {}", e.grouped);
                    }
                }
            }
        }
    }
}
