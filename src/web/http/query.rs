//! A link's query, written as `form_urlencoded`'s `Serializer` writes it (the same bytes: a test
//! holds them to it), but with each name or value that needs no encoding (letters, digits and
//! "*-._", as most are) copied whole, and numbers written as they are, not made strings first.
//! A live update writes one for every transport it shows (the fire-point planner's link).

use crate::games::Backwards;

/// A path and its query, pair by pair.
pub struct Query {
    out: String,
    /// Whether a pair has been written (the next one comes after a "&").
    any: bool,
}

impl Query {
    /// `path`, with a query to come.
    pub fn new(path: &str) -> Query {
        let mut out = String::with_capacity(path.len() + 96);
        out.push_str(path);
        out.push('?');
        Query { out, any: false }
    }

    /// `name=value`, each encoded.
    pub fn pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.next();
        encode(&mut self.out, name);
        self.out.push('=');
        encode(&mut self.out, value);
        self
    }

    /// `name.index=value`: a list's item ("types.0=tank").
    pub fn item(&mut self, name: &str, index: usize, value: &str) -> &mut Self {
        self.next();
        encode(&mut self.out, name);
        // Digits and a "." are never encoded.
        self.out.push('.');
        self.out.push_str(Backwards::whole(index as u64).as_str());
        self.out.push('=');
        encode(&mut self.out, value);
        self
    }

    /// `name=n`.
    pub fn number(&mut self, name: &str, n: u64) -> &mut Self {
        self.next();
        encode(&mut self.out, name);
        self.out.push('=');
        self.out.push_str(Backwards::whole(n).as_str());
        self
    }

    pub fn finish(self) -> String {
        self.out
    }

    fn next(&mut self) {
        if std::mem::replace(&mut self.any, true) {
            self.out.push('&');
        }
    }
}

/// `text` encoded as `form_urlencoded::byte_serialize` encodes it: copied whole when every byte
/// is one that encoding leaves as it is.
fn encode(out: &mut String, text: &str) {
    if text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'*' | b'-' | b'.' | b'_')) {
        out.push_str(text);
    } else {
        out.extend(form_urlencoded::byte_serialize(text.as_bytes()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Any names and values, numbers and items: the very bytes `form_urlencoded` writes.
        #[test]
        fn a_query_is_what_form_urlencoded_writes(
            pairs in proptest::collection::vec(
                (0..3u8, "[a-zA-Z0-9*._~ +&=%/é\u{0}-]{0,8}", "[a-zA-Z0-9*._~ +&=%/é\u{0}-]{0,8}", 0..1000u64),
                0..6,
            )
        ) {
            let mut ours = Query::new("/waffle/fire-points");
            let mut theirs = form_urlencoded::Serializer::new(String::new());
            for (i, (kind, name, value, n)) in pairs.iter().enumerate() {
                match kind {
                    0 => {
                        ours.pair(name, value);
                        theirs.append_pair(name, value);
                    }
                    1 => {
                        ours.item(name, i, value);
                        theirs.append_pair(&format!("{name}.{i}"), value);
                    }
                    _ => {
                        ours.number(name, *n);
                        theirs.append_pair(name, &n.to_string());
                    }
                }
            }
            proptest::prop_assert_eq!(ours.finish(), format!("/waffle/fire-points?{}", theirs.finish()));
        }
    }

    #[test]
    fn no_pairs_leave_the_query_empty() {
        assert_eq!(Query::new("/x").finish(), "/x?");
    }
}
