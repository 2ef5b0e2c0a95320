//! Exact quantities. Car Wars prices and weights come in halves and quarters (ammunition at $37.50
//! a shot, 3.75 lb micromissiles, laser-reflective armor at 1.1 times), and spaces in thirds and
//! halves (mini and light rockets), so everything is kept as integers of a small unit and only
//! rounded for display.

pub use crate::games::Grouped;
use crate::games::units::{Exact, Unit};
use serde::{Serialize, Serializer};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul};

macro_rules! quantity {
    ($(#[$doc:meta])* $name:ident, $per_unit:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub i64);

        impl $name {
            /// How many of the internal unit make one whole (dollar, pound, space).
            pub const PER_UNIT: i64 = $per_unit;
            pub const ZERO: Self = Self(0);

            /// A whole number of dollars, pounds or spaces.
            pub const fn whole(n: i64) -> Self {
                Self(n * $per_unit)
            }

            /// The exact value as a float, for JSON.
            pub fn as_f64(self) -> f64 {
                self.0 as f64 / $per_unit as f64
            }

            /// Rounded to the nearest whole, halves up (the published designs print 2,999.5 lb as
            /// 3,000 lb).
            pub fn rounded(self) -> i64 {
                (2 * self.0 + $per_unit).div_euclid(2 * $per_unit)
            }

            /// This quantity times a percentage (10% of body cost: `pct(10)`), exact because every
            /// base figure it is applied to is a whole number.
            pub fn pct(self, percent: i64) -> Self {
                Self(self.0 * percent / 100)
            }
        }

        impl Add for $name {
            type Output = Self;
            fn add(self, o: Self) -> Self {
                Self(self.0.saturating_add(o.0))
            }
        }

        impl AddAssign for $name {
            fn add_assign(&mut self, o: Self) {
                self.0 = self.0.saturating_add(o.0);
            }
        }

        impl Mul<i64> for $name {
            type Output = Self;
            fn mul(self, n: i64) -> Self {
                Self(self.0.saturating_mul(n))
            }
        }

        impl Sum for $name {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Self::ZERO, Add::add)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                if self.0 % $per_unit == 0 {
                    s.serialize_i64(self.0 / $per_unit)
                } else {
                    s.serialize_f64(self.as_f64())
                }
            }
        }
    };
}

quantity!(
    /// Money in cents.
    Money,
    100
);
quantity!(
    /// Weight in hundredths of a pound.
    Weight,
    100
);
quantity!(
    /// Spaces in sixths (a mini rocket takes a third, a light rocket a half).
    Spaces,
    6
);
quantity!(
    /// Speed and acceleration in half miles per hour (the tables step by 2.5 mph).
    Speed,
    2
);

impl Money {
    /// Dollars with cents, for prices that are not whole (`$37.50`).
    pub const fn cents(c: i64) -> Self {
        Self(c)
    }
}

impl Weight {
    /// Hundredths of a pound (`Weight::centi(375)` is 3.75 lb).
    pub const fn centi(c: i64) -> Self {
        Self(c)
    }
}

impl Spaces {
    /// A number of sixths of a space.
    pub const fn sixths(n: i64) -> Self {
        Self(n)
    }

    /// The smallest whole number of spaces holding this much (a rocket magazine for three light
    /// rockets needs 2 spaces).
    pub fn ceil_whole(self) -> i64 {
        (self.0 + Self::PER_UNIT - 1).div_euclid(Self::PER_UNIT)
    }
}

impl Speed {
    pub const fn mph(n: i64) -> Self {
        Self(n * 2)
    }
    /// 2.5 mph steps.
    pub const fn halves(n: i64) -> Self {
        Self(n)
    }
}

impl fmt::Display for Money {
    /// "$9,636", or "$112.50" when there are cents.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Display for Weight {
    /// Exact, trimmed: "2,997", "2,999.5", "3.75".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Display for Spaces {
    /// "6", "1/2", "5 1/3" (not grouped: the published stat lines write "1000").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl fmt::Display for Speed {
    /// "20", "2.5" (not grouped; halves below zero written as they always were: "-2.5").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

// Each quantity written as its `Display` writes it, straight into `out` (a page's buffer), without
// the formatting machinery: the live figures write dozens of them.
impl Money {
    pub fn write_to<W: fmt::Write + ?Sized>(self, out: &mut W) -> fmt::Result {
        out.write_str("$")?;
        Exact::of(self.0, Self::PER_UNIT, Unit::Money).write_to(out)
    }
}

impl Weight {
    pub fn write_to<W: fmt::Write + ?Sized>(self, out: &mut W) -> fmt::Result {
        Exact::of(self.0, Self::PER_UNIT, Unit::Pounds).write_to(out)
    }
}

impl Spaces {
    pub fn write_to<W: fmt::Write + ?Sized>(self, out: &mut W) -> fmt::Result {
        Exact::of(self.0, Self::PER_UNIT, Unit::Spaces).ungrouped().write_to(out)
    }
}

impl Speed {
    pub fn write_to<W: fmt::Write + ?Sized>(self, out: &mut W) -> fmt::Result {
        let (whole, rem) = (self.0 / Self::PER_UNIT, (self.0 % Self::PER_UNIT).unsigned_abs());
        Exact { whole, rem, per: Self::PER_UNIT.unsigned_abs(), unit: Unit::Mph, grouped: false }
            .write_to(out)
    }
}

/// Whole pounds with thousands separators, rounded halves up: the published style.
pub fn pounds_rounded(w: Weight) -> String {
    Grouped(w.rounded()).to_string()
}

/// Whole dollars with thousands separators, rounded halves up: the published style.
pub fn dollars_rounded(m: Money) -> String {
    format!("${}", Grouped(m.rounded()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_round_halves_up_for_display() {
        assert_eq!(Weight::centi(299_950).rounded(), 3000);
        assert_eq!(Weight::centi(299_949).rounded(), 2999);
        assert_eq!(pounds_rounded(Weight::centi(299_950)), "3,000");
    }

    #[test]
    fn money_prints_like_the_magazine() {
        assert_eq!(Money::whole(13552).to_string(), "$13,552");
        assert_eq!(Money::cents(11250).to_string(), "$112.50");
        assert_eq!(Money::whole(200).to_string(), "$200");
    }

    #[test]
    fn fractional_spaces_print_as_fractions() {
        assert_eq!(Spaces::sixths(3).to_string(), "1/2");
        assert_eq!(Spaces::sixths(32).to_string(), "5 1/3");
        assert_eq!(Spaces::sixths(7).ceil_whole(), 2);
    }

    /// The shared writer prints every quantity as the engine's own rules always did.
    #[test]
    fn quantities_print_as_they_always_did() {
        for v in (-13_000..13_000).chain([i64::MIN / 2, 999_999_999, 100_000_050]) {
            let euclid = |per: i64| (v.div_euclid(per), v.rem_euclid(per));
            let money = match euclid(100) {
                (w, 0) => format!("${}", Grouped(w)),
                (w, c) => format!("${}.{c:02}", Grouped(w)),
            };
            assert_eq!(Money(v).to_string(), money);
            let weight = match euclid(100) {
                (w, 0) => format!("{}", Grouped(w)),
                (w, r) if r % 10 == 0 => format!("{}.{}", Grouped(w), r / 10),
                (w, r) => format!("{}.{r:02}", Grouped(w)),
            };
            assert_eq!(Weight(v).to_string(), weight);
            let (w, r) = euclid(6);
            let frac = ["", "1/6", "1/3", "1/2", "2/3", "5/6"][r as usize];
            let spaces = match (w, frac) {
                (w, "") => format!("{w}"),
                (0, fr) => fr.to_owned(),
                (w, fr) => format!("{w} {fr}"),
            };
            assert_eq!(Spaces(v).to_string(), spaces);
            let speed = if v % 2 == 0 { format!("{}", v / 2) } else { format!("{}.5", v / 2) };
            assert_eq!(Speed(v).to_string(), speed);
        }
    }

    #[test]
    fn exact_json_numbers() {
        assert_eq!(serde_json::to_string(&Weight::centi(299_950)).unwrap_or_default(), "2999.5");
        assert_eq!(serde_json::to_string(&Money::whole(9636)).unwrap_or_default(), "9636");
        assert_eq!(serde_json::to_string(&Speed::halves(5)).unwrap_or_default(), "2.5");
    }
}
