//! HTML escaping for every template (`askama.toml` names it for `.html`): askama's own escaper,
//! after one fast look for anything to escape. Most of what a page writes (names, figures, ids,
//! rules in our words) holds none of `<>&"'`, and askama's escaper reads a byte at a time; a
//! live update of a fleet spent a third of its drawing there. What is written is askama's, byte
//! for byte: the text before the first character to escape as it is, the rest through
//! askama's escaper.

use askama::filters::Escaper;
use std::fmt;

#[derive(Debug, Clone, Copy, Default)]
pub struct Html;

impl Escaper for Html {
    fn write_escaped_str<W: fmt::Write>(&self, mut dest: W, s: &str) -> fmt::Result {
        match first_to_escape(s.as_bytes()) {
            None => dest.write_str(s),
            Some(at) => {
                // `at` is an ASCII byte's place, so a character's boundary.
                if at > 0 {
                    dest.write_str(&s[..at])?;
                }
                askama::filters::Html.write_escaped_str(dest, &s[at..])
            }
        }
    }

    fn write_escaped_char<W: fmt::Write>(&self, dest: W, c: char) -> fmt::Result {
        askama::filters::Html.write_escaped_char(dest, c)
    }
}

/// Where the first of `<>&"'` is, if any.
fn first_to_escape(b: &[u8]) -> Option<usize> {
    // A short text (a number, an id, a word) is looked through a byte at a time: setting up the
    // vectorised search costs more than that.
    if b.len() < 16 {
        return b.iter().position(|&c| matches!(c, b'<' | b'>' | b'&' | b'"' | b'\''));
    }
    let markup = memchr::memchr3(b'<', b'>', b'&', b);
    let quote = memchr::memchr2(b'"', b'\'', &b[..markup.unwrap_or(b.len())]);
    quote.or(markup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ours(s: &str) -> String {
        let mut out = String::new();
        Html.write_escaped_str(&mut out, s).expect("a String takes anything");
        out
    }

    fn askamas(s: &str) -> String {
        let mut out = String::new();
        askama::filters::Html.write_escaped_str(&mut out, s).expect("a String takes anything");
        out
    }

    #[test]
    fn escaping_writes_what_askama_writes() {
        for s in [
            "",
            "plain",
            "<",
            ">",
            "&",
            "\"",
            "'",
            "a<b",
            "Lord \"Daros\" & co's <ship>",
            "é<é",
            "✓'✓",
            "<<>>&&\"\"''",
            "x'y\"z",
            "\"late <",
            "tail&",
        ] {
            assert_eq!(ours(s), askamas(s), "{s:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn escaping_any_text_writes_what_askama_writes(s in "[a-zé✓ <>&\"'0-9]{0,60}") {
            proptest::prop_assert_eq!(ours(&s), askamas(&s));
        }
    }
}
