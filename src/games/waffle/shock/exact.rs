//! Exact probabilities: fractions of arbitrary size, distributions kept as whole-number counts
//! over one denominator (a power of 6 times a few small factors), and the one heavy operation,
//! raising a distribution to a power (the sum of several independent checks).

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
    pub(crate) fn over_sixes(mut num: BigUint, mut den: BigUint) -> Fraction {
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

    /// The nearest `f64`, for charts and sorting; never exact in general.
    pub fn to_f64(&self) -> f64 {
        // Both fit an f64's range: every denominator here is below 2^400.
        match (self.num.to_f64(), self.den.to_f64()) {
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

/// The distribution of a whole-number outcome (hits, wounds): the exact probability of each
/// value from 0 to the largest possible, and the expectation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Distribution {
    /// `p[k]` is the probability of exactly `k`; values past the end are impossible. The first
    /// entry (0) is always there.
    pub p: Vec<Fraction>,
    /// The expected value.
    pub mean: Fraction,
}

impl Distribution {
    /// The distribution given by `counts[k]` chances in `den` of the value `k`, where `den` has
    /// no prime factors but 2 and 3 and the counts add up to it. Impossible values at the end are
    /// left out.
    pub(crate) fn from_counts(counts: &[BigUint], den: &BigUint) -> Distribution {
        let last = counts.iter().rposition(|c| !c.is_zero()).unwrap_or(0);
        let counts = counts.get(..=last).unwrap_or_default();
        let mut weighted = BigUint::zero();
        for (k, c) in counts.iter().enumerate() {
            weighted += c * k as u64;
        }
        let mut p: Vec<Fraction> =
            counts.iter().map(|c| Fraction::over_sixes(c.clone(), den.clone())).collect();
        if p.is_empty() {
            p.push(Fraction::zero());
        }
        Distribution { p, mean: Fraction::over_sixes(weighted, den.clone()) }
    }

    /// The probability of exactly `k`.
    pub fn at(&self, k: usize) -> Fraction {
        self.p.get(k).cloned().unwrap_or_else(Fraction::zero)
    }

    /// The probability of `k` or more ("at least one casualty").
    pub fn at_least(&self, k: usize) -> Fraction {
        self.p.iter().skip(k).cloned().sum()
    }

    /// The largest value with a chance.
    pub fn max(&self) -> usize {
        self.p.len().saturating_sub(1)
    }
}

/// The coefficients of `base(x)^n` for a polynomial with non-negative whole coefficients (the
/// chances of each outcome of one check, over a common denominator): the chances of each total
/// of `n` independent checks, over that denominator to the power `n`.
///
/// Kronecker substitution: the polynomial is packed into one big number, one coefficient per
/// slot of bits, raised to the power with the big-number library's multiplication, and read
/// back slot by slot. No coefficient of the result exceeds `(sum of base)^n`, so slots that wide
/// never carry into each other. Far faster than convolving big numbers one term at a time.
pub(crate) fn poly_pow(base: &[u64], n: u32) -> Vec<BigUint> {
    if n == 0 || base.is_empty() {
        return vec![BigUint::one()];
    }
    let sum: u128 = base.iter().map(|&c| u128::from(c)).sum();
    let sum_bits = u64::from(u128::BITS - sum.leading_zeros());
    // Slot width in 32-bit digits: at least as many bits as (sum of base)^n needs.
    let slot = usize::try_from((sum_bits * u64::from(n)).div_ceil(32).max(2)).unwrap_or(usize::MAX);
    let mut digits = vec![0u32; slot.saturating_mul(base.len())];
    for (k, &c) in base.iter().enumerate() {
        // The low and high halves of the u64 (slots are at least two digits wide).
        let at = k * slot;
        digits[at] = c as u32;
        digits[at + 1] = (c >> 32) as u32;
    }
    let packed = BigUint::new(digits).pow(n);
    let digits = packed.to_u32_digits();
    let len = (base.len() - 1) * n as usize + 1;
    (0..len)
        .map(|k| {
            let from = (k * slot).min(digits.len());
            let to = ((k + 1) * slot).min(digits.len());
            BigUint::from_slice(&digits[from..to])
        })
        .collect()
}
