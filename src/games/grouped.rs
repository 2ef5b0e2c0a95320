//! Whole numbers as the pages print them, with thousands separators, decimals to a fixed place,
//! and short lines of words and numbers put together without the formatting machinery.

use std::fmt;

/// A whole number with thousands separators, as every game's pages print them (and the
/// Car Wars magazine printed them): 13552 prints
/// as "13,552". Writes straight into the formatter, without building a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grouped(pub i64);

impl fmt::Display for Grouped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_whole(f, self.0, true)
    }
}

/// Writes `n` in one write: its digits, with thousands separators when `grouped`, after a minus
/// sign below zero. Every figure on a page passes here: written backwards into a buffer and
/// handed over at once, it costs less than the formatting machinery (`write!`, `to_string`).
pub fn write_whole<W: fmt::Write + ?Sized>(out: &mut W, n: i64, grouped: bool) -> fmt::Result {
    // Most figures are under a hundred (counts, points, handling, speeds): cut from the table of
    // pairs, no buffer.
    if let Ok(small @ 0..100) = usize::try_from(n) {
        let first = if small < 10 { 2 * small + 1 } else { 2 * small };
        return out.write_str(PAIRS.get(first..2 * small + 2).unwrap_or_default());
    }
    let mut text = Backwards::default();
    text.number(n.unsigned_abs(), grouped);
    if n < 0 {
        text.put(b'-');
    }
    out.write_str(text.as_str())
}

/// `x` to `PLACES` decimals (1 to 3), as `format!("{x:.PLACES$}")` writes it: a map's
/// coordinates to tenths, a boat's power ratio to thousandths. Formatting a float exactly is
/// slow; a whole number of tenths or thousandths is not. The float product rounds as exact
/// decimal rounding does wherever it is not within a hair of a half; there, the number's exact
/// binary value is rounded, ties to even, as Rust rounds ([`rounded_exactly`]). Anything not a
/// small number (NaN, the infinities, a billion tenths or thousandths or more) is formatted
/// exactly. Writes digits, a point and a minus sign, or the words for NaN and the infinities:
/// nothing a page escapes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fixed<const PLACES: usize>(pub f64);

impl<const PLACES: usize> Fixed<PLACES> {
    /// Puts the number's text in front of `text` when it is in the range written quickly (see
    /// above); else puts nothing and says so.
    fn put(self, text: &mut Backwards) -> bool {
        const SCALE: [f64; 4] = [1.0, 10.0, 100.0, 1000.0];
        let Some(&scale) = SCALE.get(PLACES).filter(|_| PLACES > 0) else { return false };
        // Below zero, its size after a minus sign, as Rust writes it, even where it rounds to
        // nothing ("-0.0").
        let scaled = self.0.abs() * scale;
        if scaled < 1e9 {
            // In range and finite: the cast is exact, and is the floor; the fraction is then
            // `scaled - scaled.floor()` to the bit (a whole number under 1e9 is a float
            // exactly), and the rounding `scaled.round()`'s away from a half. (Cast through
            // `i64`, which the processor does in one instruction, `u64` in several.)
            let whole = scaled as i64 as u64;
            let frac = scaled - whole as f64;
            // Within a hair of a half, the product cannot tell: the number's exact value does.
            let rounded = if (frac - 0.5).abs() > 1e-6 {
                Some(whole + u64::from(frac > 0.5))
            } else {
                rounded_exactly(self.0.abs(), scale as u64)
            };
            if let Some(mut n) = rounded {
                for _ in 0..PLACES {
                    text.digit(n);
                    n /= 10;
                }
                text.put(b'.');
                text.number(n, false);
                if self.0.is_sign_negative() {
                    text.put(b'-');
                }
                return true;
            }
        }
        false
    }

    pub fn write_to<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let mut text = Backwards::default();
        if self.put(&mut text) {
            return out.write_str(text.as_str());
        }
        write!(out, "{:.*}", PLACES, self.0)
    }
}

/// A number kept to tenths (`(x * 10.0).round() / 10.0`: a boat's range in miles) as `Display`
/// writes it, "2500", "1666.7", without the formatting machinery: its tenths ([`Fixed`]), less a
/// ".0". That is what `Display`'s shortest form is for the float nearest to a number of tenths
/// (no other decimal of fifteen digits or fewer reads back as it). Any other number, or one
/// past a hundred million, is formatted as `Display` formats it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShortTenths(pub f64);

impl ShortTenths {
    pub fn write_to<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let x = self.0;
        let mut text = Backwards::default();
        if x.abs() < 1e8 && (x * 10.0).round() / 10.0 == x && Fixed::<1>(x).put(&mut text) {
            let text = text.as_str();
            return out.write_str(text.strip_suffix(".0").unwrap_or(text));
        }
        write!(out, "{x}")
    }
}

/// `x` times `scale`, rounded to a whole number as Rust's formatting rounds: from `x`'s exact
/// binary value (a mantissa over a power of two), the nearest, ties to even. `None` for what
/// is not a normal number between 2^-100 and 2^52 (a half is never near there in [`Fixed`]'s
/// range).
fn rounded_exactly(x: f64, scale: u64) -> Option<u64> {
    let bits = x.to_bits();
    let exp = i32::try_from((bits >> 52) & 0x7ff).ok()?;
    if exp == 0 || exp == 0x7ff {
        return None;
    }
    // x = mantissa / 2^shift, exactly.
    let mantissa = u128::from((bits & ((1 << 52) - 1)) | (1 << 52));
    let shift = 1075 - exp;
    if !(1..=100).contains(&shift) {
        return None;
    }
    let n = mantissa * u128::from(scale);
    let (whole, rest, half) = (n >> shift, n & ((1 << shift) - 1), 1u128 << (shift - 1));
    let up = rest > half || (rest == half && whole & 1 == 1);
    u64::try_from(whole + u128::from(up)).ok()
}

/// Every number under a hundred as two digits, in order: "00", "01", ... "99".
const PAIRS: &str = "0001020304050607080910111213141516171819\
                     2021222324252627282930313233343536373839\
                     4041424344454647484950515253545556575859\
                     6061626364656667686970717273747576777879\
                     8081828384858687888990919293949596979899";

/// A number's text, written backwards from its last character (the widest, u64::MAX with six
/// separators and a sign, takes 27 bytes): ASCII and nothing else by construction, so it is
/// handed over as text without looking at each byte again (`str::from_utf8`'s check had cost
/// as much as writing the digits, and a map writes thousands of numbers).
#[derive(Debug, Clone)]
pub struct Backwards {
    bytes: [u8; 32],
    at: usize,
}

impl Default for Backwards {
    fn default() -> Self {
        Backwards { bytes: [0; 32], at: 32 }
    }
}

impl Backwards {
    /// Puts the ASCII character `c` in front of what is there (panics past 32 characters).
    pub fn put(&mut self, c: u8) {
        assert!(c.is_ascii(), "only ASCII goes into a number's text");
        self.at -= 1;
        self.bytes[self.at] = c;
    }

    /// Puts the last digit of `n` in front.
    pub fn digit(&mut self, n: u64) {
        self.put(b'0' + (n % 10) as u8);
    }

    /// Puts `n`'s digits in front, with thousands separators when `grouped`: two digits at a
    /// time (one division for two), every group of three but the first with its zeros.
    pub fn number(&mut self, n: u64, grouped: bool) {
        let mut rest = n;
        if grouped {
            while rest >= 1000 {
                let group = rest % 1000;
                rest /= 1000;
                self.pair(group % 100);
                self.digit(group / 100);
                self.put(b',');
            }
        }
        while rest >= 100 {
            self.pair(rest % 100);
            rest /= 100;
        }
        if rest >= 10 { self.pair(rest) } else { self.digit(rest) }
    }

    /// Puts the two digits of `n` (under 100) in front, a leading zero too.
    fn pair(&mut self, n: u64) {
        let at = 2 * (n % 100) as usize;
        let pairs = PAIRS.as_bytes();
        self.put(pairs[at + 1]);
        self.put(pairs[at]);
    }

    /// `n`'s digits, without separators ("12345").
    pub fn whole(n: u64) -> Self {
        let mut text = Backwards::default();
        text.number(n, false);
        text
    }

    pub fn as_str(&self) -> &str {
        let text = &self.bytes[self.at..];
        // SAFETY: `put` is the only way in and lets only ASCII through, and ASCII is UTF-8.
        unsafe { std::str::from_utf8_unchecked(text) }
    }
}

/// A piece of a [`line`]: words as they are, a whole number by its digits.
pub trait Piece {
    fn put(&self, out: &mut String);
}

impl Piece for &str {
    fn put(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Piece for String {
    fn put(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Piece for u64 {
    fn put(&self, out: &mut String) {
        out.push_str(Backwards::whole(*self).as_str());
    }
}

impl Piece for i64 {
    fn put(&self, out: &mut String) {
        // A String takes anything written to it.
        let _ = write_whole(out, *self, false);
    }
}

/// The narrower whole numbers, by their value as a `u64`.
macro_rules! piece_as_u64 {
    ($($t:ty),*) => {$(
        impl Piece for $t {
            fn put(&self, out: &mut String) {
                (*self as u64).put(out);
            }
        }
    )*};
}
piece_as_u64!(u8, u16, u32, usize);

/// The pieces one after another, as `format!` with a `{}` for each would give them, into one
/// string: a check's figures are made for every rule on every live update, and `format!`'s
/// machinery (reading its template, padding each number) cost five times what the bytes do.
pub fn line(pieces: &[&dyn Piece]) -> String {
    let mut out = String::with_capacity(64);
    put_line(&mut out, pieces);
    out
}

/// The pieces one after another at the end of `out`, as `write!` with a `{}` for each would put
/// them.
pub fn put_line(out: &mut String, pieces: &[&dyn Piece]) {
    for p in pieces {
        p.put(out);
    }
}

#[cfg(test)]
mod tests {
    use super::{Backwards, Fixed, Grouped, ShortTenths, line, put_line, write_whole};

    #[test]
    fn a_numbers_text_is_written_from_its_end() {
        let mut text = Backwards::default();
        for c in *b"4.321" {
            text.put(c);
        }
        assert_eq!(text.as_str(), "123.4");
        text.digit(98);
        assert_eq!(text.as_str(), "8123.4");
        text.number(1_234_567, true);
        assert_eq!(text.as_str(), "1,234,5678123.4");
        for n in [0, 7, 10, 99, 100, 65_535, 1_000_000, u64::MAX] {
            assert_eq!(Backwards::whole(n).as_str(), n.to_string());
        }
    }

    /// Each number from -1,000 to 1,000 (the short way under a hundred and both sides of it),
    /// grouped or not, is written as `Display` writes it, after what is there.
    #[test]
    fn small_numbers_are_written_as_display_writes_them() {
        for n in -1000..=1000_i64 {
            for grouped in [false, true] {
                let mut out = String::from("x");
                write_whole(&mut out, n, grouped).expect("a String takes it");
                let plain = if grouped && n.abs() >= 1000 { Grouped(n).to_string() } else { n.to_string() };
                assert_eq!(out, format!("x{plain}"), "{n} grouped: {grouped}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "only ASCII")]
    fn nothing_but_ascii_goes_into_a_numbers_text() {
        Backwards::default().put(0xC3);
    }

    #[test]
    #[should_panic]
    fn a_numbers_text_holds_32_characters() {
        let mut text = Backwards::default();
        for _ in 0..33 {
            text.put(b'9');
        }
    }

    #[test]
    fn thousands_are_grouped_in_threes() {
        for (n, s) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (13552, "13,552"),
            (1_000_007, "1,000,007"),
            (-45000, "-45,000"),
            (i64::MIN, "-9,223,372,036,854,775,808"),
        ] {
            assert_eq!(Grouped(n).to_string(), s);
        }
    }

    /// Over every width of number, each sign and the edges of each group: the digits of
    /// `n.to_string()` with a separator before every third from the right.
    #[test]
    fn grouping_matches_the_plain_digits_everywhere() {
        let plain = |n: i64| {
            let digits = n.unsigned_abs().to_string();
            let mut out = String::from(if n < 0 { "-" } else { "" });
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i).is_multiple_of(3) {
                    out.push(',');
                }
                out.push(c);
            }
            out
        };
        let mut values = vec![i64::MIN, i64::MIN + 1, i64::MAX, 0, 1, -1];
        let mut p = 1i64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, -p, -(p - 1), next / 7, -(next / 3)]);
            p = next;
        }
        values.extend((0..20_000).map(|i| i * 7919 - 50_000_000));
        for n in values {
            assert_eq!(Grouped(n).to_string(), plain(n), "{n}");
            let mut bare = String::new();
            write_whole(&mut bare, n, false).expect("a String takes anything");
            assert_eq!(bare, n.to_string(), "{n}");
        }
    }

    /// A line gives what `format!` gives for the same pieces: words of any kind (empty, long,
    /// not ASCII) and numbers of every width and type, in every order.
    #[test]
    fn a_line_is_what_format_makes_of_its_pieces() {
        let words = ["", " ", "cruisers or battlecruisers", "; ", " (at most ", "Kōryū", "&<\"'"];
        let mut numbers: Vec<u64> = vec![0, 1, 9, 10, 99, 100, 999, 1000, 65_535, u64::MAX];
        numbers.extend((0..64).map(|b| 1u64 << b));
        numbers.extend((0..2000u64).map(|i| i * 7919));
        for (i, &n) in numbers.iter().enumerate() {
            let (a, b) = (words[i % words.len()], words[(i / 7) % words.len()]);
            let (small, count, tiny, short, signed) = (n as u32, i, n as u8, n as u16, n as i64);
            let (owned, negative) = (b.to_string(), signed.wrapping_neg());
            assert_eq!(
                line(&[&a, &n, &owned, &small, &b, &count, &"", &tiny, &short, &signed, &negative]),
                format!("{a}{n}{owned}{small}{b}{count}{tiny}{short}{signed}{negative}"),
                "{n}"
            );
            let mut onto = a.to_owned();
            put_line(&mut onto, &[&n, &b]);
            assert_eq!(onto, format!("{a}{n}{b}"));
        }
        assert_eq!(line(&[]), "");
    }

    /// A number kept to tenths is written as `Display` writes it, and so is any other.
    #[test]
    fn a_number_kept_to_tenths_is_what_display_writes() {
        let mut xs: Vec<f64> = (0..200_000u32).map(|i| f64::from(i) / 10.0).collect();
        xs.extend((0..20_000u32).map(|i| (f64::from(i) * 1.234_567 * 10.0).round() / 10.0));
        xs.extend((1..2_000u32).map(|u| (f64::from(25_000) / f64::from(u) * 10.0).round() / 10.0));
        xs.extend([
            99_999_999.9,
            1e8,
            1e8 + 0.5,
            123_456_789.1,
            0.05,
            1.0 / 3.0,
            0.1 + 0.2,
            5e-324,
            f64::MAX,
        ]);
        xs.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0]);
        let below: Vec<f64> = xs.iter().map(|x| -x).collect();
        xs.extend(below);
        for x in xs {
            let mut out = String::new();
            ShortTenths(x).write_to(&mut out).expect("a String takes anything");
            assert_eq!(out, format!("{x}"), "{x:e}");
        }
    }

    fn fixed<const P: usize>(x: f64) -> String {
        let mut out = String::new();
        Fixed::<P>(x).write_to(&mut out).expect("a String takes anything");
        out
    }

    /// To one, two and three places, a number is written as `format!` writes it: the ties
    /// (exact halves, quarters, eighths, sixteenths: rounded to even there), the numbers either
    /// side of a tie, ratios of whole numbers (a boat's power over its weight), the largest and
    /// smallest, each below zero, and what is not a number.
    #[test]
    fn a_fixed_decimal_is_what_format_writes() {
        let mut xs = vec![0.0, -0.0, 0.0005, 0.0015, 0.0625, 1.0625, 0.1235, 12.3455, 0.502, 2.5, 0.05];
        xs.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, f64::MIN_POSITIVE, f64::EPSILON, f64::MAX]);
        xs.extend([1e6 - 0.0005, 999_999.999_5, 1e6, 1e8, 1e9, 1e12, 5e-324]);
        xs.extend((0..20_000).map(|i| f64::from(i) / 16.0));
        xs.extend((0..20_000).map(|i| f64::from(i) * 0.0005));
        xs.extend((0..20_000).map(|i| f64::from(i) * 0.00125));
        for i in 0..20_000u32 {
            let x = f64::from(i) * 0.0005;
            xs.extend([x.next_up(), x.next_down()]);
        }
        // Ratios kept to four places, as the boat designer's are: every fifth ends in a 5.
        xs.extend((0..20_000u32).map(|i| (f64::from(i) * 0.000_123_7 * 10_000.0).round() / 10_000.0));
        xs.extend((0..20_000u32).map(|i| f64::from(i * 10 + 5) / 10_000.0));
        // Power factors over pounds, as the boat designer's ratio is.
        xs.extend(
            (1..400u32)
                .flat_map(|p| [37u32, 500, 1_234, 2_999, 10_000].map(|w| f64::from(p * 50) / f64::from(w))),
        );
        // Bits spread over every exponent.
        xs.extend((0..20_000u64).map(|i| f64::from_bits(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 1)));
        let below: Vec<f64> = xs.iter().map(|x| -x).collect();
        xs.extend(below);
        // Near a half, the fast way still writes it (from the exact value), not `format!`.
        for x in [0.8345, 0.0625, 1.0625, 0.0005, 0.0015, 12.3455, 999_999.999_5, 0.5e-3] {
            assert!(Fixed::<3>(x).put(&mut Backwards::default()), "{x}");
            assert!(x > 1.0 || Fixed::<1>(x * 100.0).put(&mut Backwards::default()), "{x}");
        }
        for x in xs {
            assert_eq!(fixed::<1>(x), format!("{x:.1}"), "{x:e}");
            assert_eq!(fixed::<2>(x), format!("{x:.2}"), "{x:e}");
            assert_eq!(fixed::<3>(x), format!("{x:.3}"), "{x:e}");
        }
    }
}
