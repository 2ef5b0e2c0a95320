//! Tank shock distributions: kept as whole-number counts over one denominator (a power of 6
//! times a few small factors), and the one heavy operation, raising a distribution to a power
//! (the sum of several independent checks). The fractions are the games' shared exact ones.

use crate::games::exact::Fraction;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde::Serialize;

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

    /// The probability of `k` or more for every `k` with a chance, as [`Distribution::at_least`]
    /// gives each: summed from the top down, so each is one addition (at least `k` is exactly `k`
    /// plus at least `k + 1`).
    pub fn tails(&self) -> Vec<Fraction> {
        let mut above = Fraction::zero();
        let mut tails: Vec<Fraction> = self
            .p
            .iter()
            .rev()
            .map(|f| {
                above = [above.clone(), f.clone()].into_iter().sum();
                above.clone()
            })
            .collect();
        tails.reverse();
        tails
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
