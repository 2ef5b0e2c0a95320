//! The tokenizer: a stat line as words, numbers, sums of money and punctuation, each knowing
//! where it stands in the text, so a fragment that cannot be read is quoted back exactly as
//! written.
//!
//! Words are kept lowercased in one buffer (one allocation for the whole line). A hyphen inside a
//! word or between a number and a word joins them ("front-left", "2-space", "pop-up" read as
//! "front left", "2 space", "pop up"); letters and digits run together are split ("F15" is "f"
//! then 15, "75mm" is 75 then "mm"). "2,997" and "2.5" are single numbers.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok {
    Word,
    Number,
    /// A number written after a dollar sign.
    Money,
    /// Any other character that is not a space. Brackets read as parentheses, dashes as '-'.
    Punct(char),
}

#[derive(Debug, Clone, Copy)]
pub struct Token {
    pub kind: Tok,
    /// Byte range in the text.
    pub start: usize,
    pub end: usize,
    /// Byte range of the lowercased word (or the number as written) in [`Lexed::lower`].
    pub lo: usize,
    pub hi: usize,
    /// The value of a number or a sum (thousands separators dropped).
    pub value: f64,
    /// Whether white space stands between it and the token before.
    pub spaced: bool,
    /// A number whose thousands separators are not where they belong ("5,00", "1,5000"): a
    /// misprint, read as if the commas were not there.
    pub misprint: bool,
}

/// A stat line as tokens.
pub struct Lexed<'a> {
    pub text: &'a str,
    pub lower: String,
    pub tokens: Vec<Token>,
}

impl<'a> Lexed<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut lx = Lexed {
            text,
            lower: String::with_capacity(text.len()),
            tokens: Vec::with_capacity(text.len() / 3),
        };
        lx.scan();
        lx
    }

    /// The lowercased word (or the number as written) of token `i`; "" past the end.
    pub fn word(&self, i: usize) -> &str {
        self.tokens.get(i).map_or("", |t| self.lower.get(t.lo..t.hi).unwrap_or(""))
    }

    pub fn kind(&self, i: usize) -> Option<Tok> {
        self.tokens.get(i).map(|t| t.kind)
    }

    pub fn is_word(&self, i: usize, w: &str) -> bool {
        self.kind(i) == Some(Tok::Word) && self.word(i) == w
    }

    pub fn is_punct(&self, i: usize, c: char) -> bool {
        self.kind(i) == Some(Tok::Punct(c))
    }

    /// Tokens `from..to` exactly as written.
    pub fn source(&self, from: usize, to: usize) -> &'a str {
        if from >= to {
            return "";
        }
        match (self.tokens.get(from), self.tokens.get(to - 1)) {
            (Some(a), Some(b)) => self.text.get(a.start..b.end).unwrap_or(""),
            _ => "",
        }
    }

    fn push(&mut self, kind: Tok, start: usize, end: usize, value: f64, spaced: bool) {
        let misprint = matches!(kind, Tok::Number | Tok::Money) && misgrouped(&self.text[start..end]);
        let lo = self.lower.len();
        if matches!(kind, Tok::Word | Tok::Number) {
            for c in self.text[start..end].chars() {
                if c == ',' {
                    continue;
                }
                if c.is_ascii() {
                    self.lower.push(c.to_ascii_lowercase());
                } else {
                    self.lower.extend(c.to_lowercase());
                }
            }
        }
        let hi = self.lower.len();
        self.tokens.push(Token { kind, start, end, lo, hi, value, spaced, misprint });
    }

    fn scan(&mut self) {
        let text = self.text;
        let bytes: Vec<(usize, char)> = text.char_indices().collect();
        let at = |k: usize| bytes.get(k).map(|&(_, c)| c);
        let pos = |k: usize| bytes.get(k).map_or(text.len(), |&(p, _)| p);
        let mut k = 0;
        let mut spaced = true;
        while k < bytes.len() {
            let c = bytes[k].1;
            if c.is_whitespace() {
                spaced = true;
                k += 1;
                continue;
            }
            let alnum = |x: Option<char>| x.is_some_and(char::is_alphanumeric);
            if c == '-' && k > 0 && alnum(at(k - 1)) && alnum(at(k + 1)) && !spaced {
                // A joining hyphen: the words on either side read as if spaced.
                k += 1;
                spaced = false;
                continue;
            }
            let start = pos(k);
            if c.is_ascii_digit() {
                let (value, j) = number(&bytes, k);
                self.push(Tok::Number, start, pos(j), value, spaced);
                k = j;
            } else if c.is_alphabetic() {
                let mut j = k;
                while let Some(d) = at(j) {
                    let apostrophe = (d == '\'' || d == '’') && alnum(at(j + 1)) && j > k;
                    if !(d.is_alphabetic() || apostrophe) {
                        break;
                    }
                    j += 1;
                }
                self.push(Tok::Word, start, pos(j), 0.0, spaced);
                k = j;
            } else if c == '$' {
                let mut j = k + 1;
                while at(j) == Some(' ') {
                    j += 1;
                }
                if at(j).is_some_and(|d| d.is_ascii_digit()) {
                    let (value, end) = number(&bytes, j);
                    self.push(Tok::Money, start, pos(end), value, spaced);
                    k = end;
                } else {
                    self.push(Tok::Punct('$'), start, pos(k + 1), 0.0, spaced);
                    k += 1;
                }
            } else {
                let p = match c {
                    '[' | '{' => '(',
                    ']' | '}' => ')',
                    '—' | '–' | '−' => '-',
                    other => other,
                };
                self.push(Tok::Punct(p), start, pos(k + 1), 0.0, spaced);
                k += 1;
            }
            spaced = false;
        }
    }
}

/// Whether a number as printed ("$5,00", "2,997") groups its digits wrongly: a comma must stand
/// after one to three digits and before each group of exactly three, all before any decimal
/// point.
fn misgrouped(printed: &str) -> bool {
    let digits = printed.trim_start_matches(['$', ' ']);
    let whole = digits.split('.').next().unwrap_or("");
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or("");
    let mut rest = groups.peekable();
    rest.peek().is_some() && (first.is_empty() || first.len() > 3 || rest.any(|g| g.len() != 3))
}

/// The number starting at char `k`: its value and the char after it. A comma with digits on both
/// sides separates thousands ("2,997"); one point with digits after it is a decimal point.
fn number(chars: &[(usize, char)], k: usize) -> (f64, usize) {
    let at = |j: usize| chars.get(j).map(|&(_, c)| c);
    let (mut whole, mut fraction, mut scale) = (0.0f64, 0.0f64, 1.0f64);
    let mut decimal = false;
    let mut j = k;
    loop {
        match at(j) {
            Some(d @ '0'..='9') => {
                let v = f64::from(u32::from(d) - u32::from('0'));
                if decimal {
                    scale /= 10.0;
                    fraction += v * scale;
                } else {
                    whole = whole * 10.0 + v;
                }
            }
            Some(',') if !decimal && at(j + 1).is_some_and(|d| d.is_ascii_digit()) => {}
            Some('.') if !decimal && at(j + 1).is_some_and(|d| d.is_ascii_digit()) => decimal = true,
            _ => break,
        }
        j += 1;
    }
    (whole + fraction, j)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        let lx = Lexed::new(text);
        (0..lx.tokens.len())
            .map(|i| match lx.tokens[i].kind {
                Tok::Word => lx.word(i).to_owned(),
                Tok::Number => format!("#{}", lx.tokens[i].value),
                Tok::Money => format!("${}", lx.tokens[i].value),
                Tok::Punct(c) => c.to_string(),
            })
            .collect()
    }

    #[test]
    fn words_numbers_and_sums_are_told_apart() {
        assert_eq!(
            words("Accel. 2.5, 2,997 lbs; $9,636. F15 front-left 3-space [FT] 75mm"),
            [
                "accel", ".", "#2.5", ",", "#2997", "lbs", ";", "$9636", ".", "f", "#15", "front", "left",
                "#3", "space", "(", "ft", ")", "#75", "mm"
            ]
        );
        assert_eq!(words("$5,00 -- VGM’s"), ["$500", "-", "-", "vgm’s"]);
    }

    #[test]
    fn numbers_grouped_wrongly_are_misprints() {
        let misprinted = |text: &str| Lexed::new(text).tokens.iter().map(|t| t.misprint).collect::<Vec<_>>();
        for good in ["$5,000", "2,997", "1,000,000", "$500", "2.5", "12,345.5", "999"] {
            assert_eq!(misprinted(good), [false], "{good}");
        }
        for bad in ["$5,00", "5,0000", "1,00,000", "1234,567", "$ 2,99", "7,5"] {
            assert_eq!(misprinted(bad), [true], "{bad}");
        }
        assert_eq!(misprinted("15, 000"), [false, false, false], "a comma then a space separates");
    }

    #[test]
    fn a_fragment_is_quoted_back_as_written() {
        let lx = Lexed::new("Piranha:  Dinghy,  Small power  plant");
        assert_eq!(lx.source(4, 7), "Small power  plant");
        assert_eq!(lx.source(2, 2), "");
        assert_eq!(lx.source(5, 99), "");
    }
}
