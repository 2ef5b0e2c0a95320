//! Exact probabilities: fractions of arbitrary size, in lowest terms, for every game whose odds
//! are worked out over the dice (Battlefleet Gothic ordnance, Waffle 40K tank shock). Dice make
//! denominators of twos and threes only, and those are reduced without a general gcd.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use serde::Serialize;
use std::fmt;

/// An exact non-negative fraction, always in lowest terms.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: BigUint,
    den: BigUint,
}

impl Fraction {
    /// `num / den` in lowest terms; `None` when `den` is 0.
    pub fn new(num: impl Into<BigUint>, den: impl Into<BigUint>) -> Option<Fraction> {
        let (num, den) = (num.into(), den.into());
        if den.is_zero() {
            return None;
        }
        let g = gcd(num.clone(), den.clone());
        Some(Fraction { num: num / &g, den: den / &g })
    }

    pub fn zero() -> Fraction {
        Fraction { num: BigUint::zero(), den: BigUint::one() }
    }

    pub fn one() -> Fraction {
        Fraction { num: BigUint::one(), den: BigUint::one() }
    }

    /// `num / den` for a `den` whose only prime factors are 2 and 3 (every denominator dice
    /// make), reduced without a general gcd: only 2s and 3s can be common to both.
    pub fn over_sixes(mut num: BigUint, mut den: BigUint) -> Fraction {
        if num.is_zero() || den.is_zero() {
            return Fraction::zero();
        }
        let twos = num.trailing_zeros().unwrap_or(0).min(den.trailing_zeros().unwrap_or(0));
        num >>= twos;
        den >>= twos;
        // Common 3s, up to 20 at a time: one pass over the digits and one division each, however
        // many 3s a count carries (a Slam's counts carry dozens).
        loop {
            let threes = threes_up_to_20(&num).min(threes_up_to_20(&den));
            if threes == 0 {
                break;
            }
            let power = 3u32.pow(threes);
            num /= power;
            den /= power;
            if threes < 20 {
                break;
            }
        }
        Fraction { num, den }
    }

    pub fn numer(&self) -> &BigUint {
        &self.num
    }

    pub fn denom(&self) -> &BigUint {
        &self.den
    }

    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// 1 minus this fraction, for a fraction of at most 1 (a probability); 0 for more.
    #[must_use]
    pub fn complement(&self) -> Fraction {
        if self.num >= self.den {
            return Fraction::zero();
        }
        // gcd(den - num, den) = gcd(num, den) = 1: already in lowest terms.
        Fraction { num: &self.den - &self.num, den: self.den.clone() }
    }

    /// `num / 6^dice` in lowest terms: a count of equally likely outcomes of `dice` dice.
    pub fn over_power_of_six(num: BigUint, dice: u32) -> Fraction {
        Fraction::over_sixes(num, BigUint::from(6u32).pow(dice))
    }

    /// The nearest `f64`, for charts and sorting; never exact in general. Both parts are shifted
    /// alike first, so a denominator past f64's range still gives a number.
    pub fn to_f64(&self) -> f64 {
        let shift = self.den.bits().max(self.num.bits()).saturating_sub(1000);
        match ((&self.num >> shift).to_f64(), (&self.den >> shift).to_f64()) {
            (Some(n), Some(d)) if d > 0.0 => n / d,
            _ => f64::NAN,
        }
    }
}

impl fmt::Display for Fraction {
    /// "5/12", or "0" and "1" for whole numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.is_one() { write!(f, "{}", self.num) } else { write!(f, "{}/{}", self.num, self.den) }
    }
}

/// Serialized as `{"exact": "5/12", "approx": 0.4166666666666667}`: the exact text (JSON numbers
/// cannot hold a 100-digit denominator) and a float for charts.
impl Serialize for Fraction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Fraction", 2)?;
        st.serialize_field("exact", &self.to_string())?;
        st.serialize_field("approx", &self.to_f64())?;
        st.end()
    }
}

/// Exact sum, in lowest terms (a general gcd: for sums a page or a test makes, not the engine's
/// inner loop).
impl std::ops::Add for &Fraction {
    type Output = Fraction;

    fn add(self, other: &Fraction) -> Fraction {
        let num = &self.num * &other.den + &other.num * &self.den;
        let den = &self.den * &other.den;
        Fraction::new(num, den).unwrap_or_else(Fraction::zero)
    }
}

/// Exact product, in lowest terms.
impl std::ops::Mul for &Fraction {
    type Output = Fraction;

    fn mul(self, other: &Fraction) -> Fraction {
        Fraction::new(&self.num * &other.num, &self.den * &other.den).unwrap_or_else(Fraction::zero)
    }
}

impl std::iter::Sum<Fraction> for Fraction {
    fn sum<I: Iterator<Item = Fraction>>(iter: I) -> Fraction {
        iter.fold(Fraction::zero(), |a, b| &a + &b)
    }
}

impl From<u32> for Fraction {
    fn from(n: u32) -> Fraction {
        Fraction { num: BigUint::from(n), den: BigUint::one() }
    }
}

/// How many times 3 divides `n`, counting no further than 20 (3^20 is the largest power of 3 in
/// a u32). Reads `n` modulo 3^20, most significant digit first, without allocating.
fn threes_up_to_20(n: &BigUint) -> u32 {
    const THREE_20: u64 = 3_486_784_401;
    let mut r = n.iter_u32_digits().rev().fold(0u64, |r, d| ((r << 32) | u64::from(d)) % THREE_20);
    if r == 0 {
        return 20;
    }
    let mut threes = 0;
    while r % 3 == 0 {
        r /= 3;
        threes += 1;
    }
    threes
}

fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while !b.is_zero() {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}
