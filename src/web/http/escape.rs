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
            // A short text is escaped a byte at a time, by askama.
            Some(at) if s.len() < 16 => {
                // `at` is an ASCII byte's place, so a character's boundary.
                if at > 0 {
                    dest.write_str(&s[..at])?;
                }
                askama::filters::Html.write_escaped_str(dest, &s[at..])
            }
            Some(_) => escape_long(dest, s),
        }
    }

    fn write_escaped_char<W: fmt::Write>(&self, dest: W, c: char) -> fmt::Result {
        askama::filters::Html.write_escaped_char(dest, c)
    }
}

/// For types that write themselves, piece by piece, with `fn write_to(&self, out: &mut W)` (a
/// figure, an id made of a part's path): `Display`, and askama's `FastWritable`, so a template
/// writes them into the page without making a string of each: the pieces are gathered on the
/// stack ([`Gathered`]) and handed to the escaper at once, as any text.
///
/// `written!(plain: T)` is for types that write only what never needs escaping (digits, points,
/// commas, spaces): they write straight into the page, with nothing gathered.
#[macro_export]
macro_rules! written {
    (@impl $t:ty, |$this:ident, $dest:ident| $body:expr) => {
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                self.write_to(f)
            }
        }
        $crate::written!(@fast $t, |$this, $dest| $body);
    };
    (@fast $t:ty, |$this:ident, $dest:ident| $body:expr) => {
        impl ::askama::FastWritable for $t {
            fn write_into(
                &self,
                $dest: &mut dyn ::std::fmt::Write,
                _: &dyn ::askama::Values,
            ) -> ::askama::Result<()> {
                let $this = self;
                $body
            }
        }
    };
    (plain: $($t:ty),* $(,)?) => {$(
        $crate::written!(@impl $t, |this, dest| Ok(this.write_to(dest)?));
    )*};
    // `FastWritable` alone, for a type whose `Display` is its own (the engine's quantities): a
    // template writes it piece by piece through its escaper, not through `write!`.
    (fast: $($t:ty),* $(,)?) => {$(
        $crate::written!(@fast $t, |this, dest| Ok(this.write_to(dest)?));
    )*};
    ($($t:ty),* $(,)?) => {$(
        $crate::written!(@impl $t, |this, dest| {
            let mut gathered = $crate::web::http::escape::Gathered::default();
            this.write_to(&mut gathered)?;
            Ok(gathered.write_into(dest)?)
        });
    )*};
}

/// A short text written in pieces, kept on the stack until it is whole; past its room, in a
/// string. One look for anything to escape and one write, rather than one for each piece.
#[derive(Debug)]
pub struct Gathered {
    bytes: [u8; 96],
    len: usize,
    spilled: Option<String>,
}

impl Default for Gathered {
    fn default() -> Self {
        Gathered { bytes: [0; 96], len: 0, spilled: None }
    }
}

impl fmt::Write for Gathered {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

impl Gathered {
    /// Adds `s` at the end: on the stack while there is room, else in a string.
    pub fn push_str(&mut self, s: &str) {
        if let Some(text) = &mut self.spilled {
            text.push_str(s);
        } else if let Some(room) = self.bytes.get_mut(self.len..self.len + s.len()) {
            room.copy_from_slice(s.as_bytes());
            self.len += s.len();
        } else {
            let mut text = String::with_capacity(2 * (self.len + s.len()));
            text.push_str(self.on_stack());
            text.push_str(s);
            self.spilled = Some(text);
        }
    }

    /// What was gathered on the stack.
    fn on_stack(&self) -> &str {
        // SAFETY: `push_str` is the only way in, and copies whole `str`s one after another,
        // each where the one before ended; strings of UTF-8 put end to end are UTF-8. (Checking
        // it again cost a live update of the loaded Yacht some 4,600 instructions.)
        unsafe { std::str::from_utf8_unchecked(&self.bytes[..self.len]) }
    }

    /// What was gathered.
    pub fn text(&self) -> &str {
        match &self.spilled {
            Some(text) => text,
            None => self.on_stack(),
        }
    }

    /// Writes what was gathered into `dest`, whole.
    pub fn write_into(&self, dest: &mut dyn fmt::Write) -> fmt::Result {
        dest.write_str(self.text())
    }
}

/// A longer text (a rule in our words, a player's note) escaped from one character to escape to
/// the next, each found by [`first_to_escape`] from just past the one before: the text is
/// looked through once, however many it holds. What is written is what askama writes.
fn escape_long<W: fmt::Write>(mut dest: W, s: &str) -> fmt::Result {
    let b = s.as_bytes();
    let mut from = 0;
    while let Some(at) = b.get(from..).and_then(first_to_escape).map(|i| from + i) {
        // Every place found is an ASCII byte's, so a character's boundary.
        if at > from {
            dest.write_str(&s[from..at])?;
        }
        askama::filters::Html.write_escaped_char(&mut dest, char::from(b[at]))?;
        from = at + 1;
    }
    if from < b.len() {
        dest.write_str(&s[from..])?;
    }
    Ok(())
}

/// Whether `c` is one of `<>&"'`.
fn to_escape(c: u8) -> bool {
    matches!(c, b'<' | b'>' | b'&' | b'"' | b'\'')
}

/// Where the first of `<>&"'` is, if any: sixteen bytes at a time ([`marks`]), the last sixteen
/// of a text that is not a multiple of sixteen long read again, only its bytes not yet looked at
/// counted. A short text (an id, a word) is looked at whole, copied after zeros (none of which
/// is to be escaped); a tiny one (a number) a byte at a time.
fn first_to_escape(b: &[u8]) -> Option<usize> {
    let Some(last) = b.last_chunk::<16>() else {
        if b.len() < 4 {
            return b.iter().position(|&c| to_escape(c));
        }
        let found = marks(&super::sixteen::from(b, 0));
        return (found != 0).then(|| found.trailing_zeros() as usize);
    };
    let mut chunks = b.chunks_exact(16);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let found = chunk.first_chunk::<16>().map_or(0, marks);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        at += 16;
    }
    let rest = chunks.remainder().len();
    let found = if rest == 0 { 0 } else { marks(last) >> (16 - rest) };
    (found != 0).then(|| at + found.trailing_zeros() as usize)
}

/// One bit for each of the sixteen bytes that is one of `<>&"'`, the first byte's lowest.
fn marks(chunk: &[u8; 16]) -> u32 {
    super::sixteen::among(chunk, b"<>&\"'")
}

/// The buffer a live answer is drawn into. askama writes through `&mut dyn fmt::Write`, a call
/// for each of the hundreds of pieces an answer is made of (some 930 for the loaded Yacht, a
/// dozen bytes each on average); `String`'s own `write_str` checks its room, then calls `memcpy`,
/// about 40 instructions a piece. Here a piece of up to 64 bytes, with 64 bytes of room, is
/// copied in two fixed-size moves that overlap where it is shorter (the first and the last 32,
/// 16, 8, 4 bytes of it; a piece of 1 to 3 bytes byte by byte), and anything else is appended as
/// `Vec` appends it.
pub struct Answer {
    bytes: Vec<u8>,
}

impl Answer {
    pub fn with_capacity(n: usize) -> Self {
        Self { bytes: Vec::with_capacity(n) }
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// A long piece, or one near the end of the room, as `Vec` appends it: out of the way, so the
    /// short pieces' path saves no registers for a call.
    #[cold]
    #[inline(never)]
    fn append(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }

    /// What was written.
    pub fn into_string(self) -> String {
        // SAFETY: `write_str` is the only way in, and each call puts a whole `str`'s bytes at
        // the end, unchanged; strings of UTF-8 put end to end are UTF-8. (Checking it again
        // would read the whole answer once more.)
        unsafe { String::from_utf8_unchecked(self.bytes) }
    }
}

/// `N` bytes of `b` from `at` (the caller has checked there are), as a value to move at once.
#[inline(always)]
fn chunk<const N: usize>(b: &[u8], at: usize) -> [std::mem::MaybeUninit<u8>; N] {
    let mut out = [std::mem::MaybeUninit::new(0); N];
    for (o, i) in out.iter_mut().zip(&b[at..at + N]) {
        *o = std::mem::MaybeUninit::new(*i);
    }
    out
}

impl fmt::Write for Answer {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let b = s.as_bytes();
        let n = b.len();
        let room = self.bytes.spare_capacity_mut();
        if n > 64 || room.len() < 64 {
            self.append(b);
            return Ok(());
        }
        // Two moves of `w` bytes, the first from the piece's start and the second ending at its
        // end: between them every byte of the piece, those in the middle written twice alike.
        macro_rules! two {
            ($w:literal) => {{
                room[..$w].copy_from_slice(&chunk::<$w>(b, 0));
                room[n - $w..n].copy_from_slice(&chunk::<$w>(b, n - $w));
            }};
        }
        match n {
            32.. => two!(32),
            16.. => two!(16),
            8.. => two!(8),
            4.. => two!(4),
            0 => return Ok(()),
            _ => {
                room[0].write(b[0]);
                room[n / 2].write(b[n / 2]);
                room[n - 1].write(b[n - 1]);
            }
        }
        let len = self.bytes.len() + n;
        // SAFETY: the `n` bytes after the old end were all just written, above (`n` is at most
        // 64, and there were at least 64 bytes of room).
        unsafe { self.bytes.set_len(len) };
        Ok(())
    }
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
            "'the fleet's own list, the \"best\" <one> & more'",
            "<><><><><><><><><>&&\"\"''",
            "a long text with nothing to escape until the very end>",
            "&a long text with one to escape at the very start only",
            "the escort's prow, the ships' options, a \"Corsair\" escort's",
            "✓✓✓✓✓✓✓ é'é ✓✓✓✓✓✓✓ é<é",
        ] {
            assert_eq!(ours(s), askamas(s), "{s:?}");
        }
    }

    #[test]
    fn text_gathered_in_pieces_is_written_whole_however_long() {
        use std::fmt::Write as _;
        for n in [0, 1, 5, 19, 20, 21, 60] {
            let mut gathered = Gathered::default();
            let mut expected = String::new();
            for i in 0..n {
                let piece = if i % 3 == 0 { "é, " } else { "12,345" };
                gathered.write_str(piece).expect("gathering takes anything");
                expected.push_str(piece);
            }
            let mut out = String::new();
            gathered.write_into(&mut out).expect("a String takes anything");
            assert_eq!(out, expected, "{n} pieces");
        }
    }

    /// Every length up to 70 bytes (a byte at a time, sixteen at a time, and the last sixteen
    /// read again), with each character to escape at every place, another after it, and among
    /// bytes of other characters (the bytes of "é" have their high bit set): the first is found.
    #[test]
    fn the_first_character_to_escape_is_found_at_every_place() {
        let filler: Vec<u8> = "aé✓ =;%#!".bytes().cycle().take(70).collect();
        for len in 0..=70 {
            let plain = &filler[..len];
            assert_eq!(first_to_escape(plain), None, "{len} bytes with none");
            for at in 0..len {
                for c in *b"<>&\"'" {
                    let mut b = plain.to_vec();
                    b[at] = c;
                    if let Some(later) = b.get_mut(at + 1 + (at % 5)) {
                        *later = b'<';
                    }
                    assert_eq!(first_to_escape(&b), Some(at), "{len} bytes, {:?} at {at}", char::from(c));
                }
            }
        }
    }

    /// Every length a short piece can have, at every place in the room, one after another: each
    /// byte where it belongs (the two moves of a piece overlap in its middle).
    #[test]
    fn every_short_length_is_written_whole() {
        use std::fmt::Write as _;
        let text: String = ('a'..='z')
            .chain('A'..='Z')
            .chain('0'..='9')
            .chain("<>&-_!é✓".chars())
            .cycle()
            .take(70)
            .collect();
        let mut want = String::new();
        let mut answer = Answer::with_capacity(4096);
        for n in 0..=70 {
            let piece = &text[..text.char_indices().nth(n).map_or(text.len(), |(at, _)| at)];
            answer.write_str(piece).expect("an answer takes anything");
            want.push_str(piece);
        }
        assert!(answer.len() < 4096, "every piece went the short way or the long, in the room");
        assert_eq!(answer.into_string(), want);
    }

    proptest::proptest! {
        /// Any pieces, of any characters (one to four bytes each), gathered on the stack or past
        /// its room, are the pieces put together: `Gathered` reads its bytes as text unchecked.
        #[test]
        fn any_pieces_gathered_are_the_pieces_put_together(pieces in proptest::collection::vec(".{0,30}", 0..12)) {
            use std::fmt::Write as _;
            let mut gathered = Gathered::default();
            for piece in &pieces {
                gathered.write_str(piece).expect("gathering takes anything");
            }
            proptest::prop_assert_eq!(gathered.text(), pieces.concat());
        }

        /// Any pieces, of any characters and lengths (every length up to 70 bytes, so each of
        /// the short copies and the long one), into an answer of any room to start with (none,
        /// a little, enough, more than enough): the pieces put together, in order, whatever the
        /// room left when each comes.
        #[test]
        fn any_pieces_written_into_an_answer_are_the_pieces_put_together(
            pieces in proptest::collection::vec("(.|[a-z<]{0,70}){0,20}", 0..40),
            room in proptest::prop_oneof![proptest::strategy::Just(0usize), 0usize..200, 1000usize..5000],
        ) {
            use std::fmt::Write as _;
            let mut answer = Answer::with_capacity(room);
            for piece in &pieces {
                answer.write_str(piece).expect("an answer takes anything");
            }
            proptest::prop_assert_eq!(answer.len(), pieces.concat().len());
            proptest::prop_assert_eq!(answer.into_string(), pieces.concat());
        }

        #[test]
        fn escaping_any_text_writes_what_askama_writes(s in "[a-zé✓ <>&\"'0-9]{0,60}") {
            proptest::prop_assert_eq!(ours(&s), askamas(&s));
        }

        /// Long texts, with the characters to escape scattered thin or thick, of one kind or
        /// both, first, last and side by side.
        #[test]
        fn escaping_any_long_text_writes_what_askama_writes(
            s in "([a-z é✓🚢]{0,40}[<>&\"']{0,3}){0,12}[<>&\"']?",
        ) {
            proptest::prop_assert_eq!(ours(&s), askamas(&s));
        }
    }
}
