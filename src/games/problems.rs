//! Problems: what a rules engine (or the reading of a document) has to say about a build, each with
//! a stable code, a severity and a message a player understands.

use serde::Serialize;
use std::fmt;

/// How bad a problem is. Builders warn and explain rather than refuse input: a build with errors
/// can still be saved and shared, it is only marked illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Legal, but worth knowing.
    Warning,
    /// Breaks a rule: the build is illegal.
    Error,
}

/// One thing wrong with (or worth knowing about) a build: a stable machine code, a severity, a
/// message a player understands that names the part and the limit, and the part it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// Path of the part in the input document ("weapons.2", "armor.F", "sections.main.1"), so a
    /// page can show the problem next to the field it concerns. `None` for the build as a whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// The rule of the game's data it is about, where there is one: a BFG fleet-list rule
    /// ("in-gothic/battleships").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

impl Problem {
    pub fn error(code: impl Into<Code>, part: impl Into<Option<String>>, message: String) -> Self {
        Self { code: code.into(), severity: Severity::Error, message, part: part.into(), rule: None }
    }

    pub fn warning(code: impl Into<Code>, part: impl Into<Option<String>>, message: String) -> Self {
        Self { code: code.into(), severity: Severity::Warning, message, part: part.into(), rule: None }
    }

    /// The same problem, about a rule of the data.
    pub fn with_rule(mut self, rule: &str) -> Self {
        self.rule = Some(rule.to_string());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A build is legal when none of its problems is an error.
pub fn is_legal(problems: &[Problem]) -> bool {
    !problems.iter().any(Problem::is_error)
}

/// The most problems a list of them shows (the figures' list, a text export's): past it the rest
/// are counted, not listed. A build within the limits can have over a thousand (200 units, each
/// with five), each naming its parts; listing them all would make the page megabytes, and a
/// player fixes the first ones first. Each still shows beside its part in the editor.
pub const MAX_LISTED: usize = 50;

/// How many of `n` problems a list shows, when `already` were listed before them.
pub fn listed_of(n: usize, already: usize) -> usize {
    n.min(MAX_LISTED.saturating_sub(already))
}

/// The end of a text export: "Legal." or "NOT LEGAL (n problems):" with each error, then any
/// warnings as notes, one per line; at most [`MAX_LISTED`] of them, the rest counted.
pub fn legality_text(problems: &[Problem]) -> String {
    let errors: Vec<&str> = problems.iter().filter(|p| p.is_error()).map(|p| p.message.as_str()).collect();
    let notes: Vec<&str> = problems.iter().filter(|p| !p.is_error()).map(|p| p.message.as_str()).collect();
    let shown_errors = listed_of(errors.len(), 0);
    let shown_notes = listed_of(notes.len(), shown_errors);
    let mut out = String::new();
    let more = |out: &mut String, left: usize, noun: &str| {
        if left > 0 {
            out.push_str(&format!(
                "  ... and {left} more {noun}{}, not listed here\n",
                if left == 1 { "" } else { "s" }
            ));
        }
    };
    if errors.is_empty() {
        out.push_str("\nLegal.\n");
    } else {
        let noun = if errors.len() == 1 { "problem" } else { "problems" };
        out.push_str(&format!("\nNOT LEGAL ({} {noun}):\n", errors.len()));
        for e in &errors[..shown_errors] {
            out.push_str(&format!("  - {e}\n"));
        }
        more(&mut out, errors.len() - shown_errors, "problem");
    }
    if !notes.is_empty() {
        out.push_str("Notes:\n");
        for n in &notes[..shown_notes] {
            out.push_str(&format!("  - {n}\n"));
        }
        more(&mut out, notes.len() - shown_notes, "note");
    }
    out
}

/// A problem code of any game, as clients see it in the JSON and the pages: "OVER_MAX_LOAD".
/// Each game declares its own codes (`games::<game>::Code`, in its `codes.rs`) and the codes every
/// game shares are [`Shared`]; a [`Problem`] holds any of them as this. Clients match on these
/// texts, so a code never changes once published: add a variant rather than rename one, and no
/// two games (nor a game and [`Shared`]) use one text (the registry's tests check).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Code(&'static str);

impl Code {
    /// Only [`codes!`] makes codes, from the texts it declares.
    pub(crate) const fn new(text: &'static str) -> Self {
        Self(text)
    }

    /// The code's text: "OVER_MAX_LOAD".
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

/// Templates print a code as clients see it.
impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Declares a list of problem codes (a game's `Code`, or [`Shared`]) as an enum, with each code's
/// text written once next to its variant, so the text can be found by searching for it and
/// `as_str` cannot drift from the variant list. Each variant is a [`Code`] (`into()`) and compares
/// equal to it.
macro_rules! codes {
    ($(#[$meta:meta])* $name:ident { $($(#[$doc:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$doc])* $variant,)+
        }

        impl $name {
            /// Every code of the list, in the order declared.
            pub const ALL: &[$name] = &[$($name::$variant,)+];

            /// Every code of the list as any game's [`Code`](crate::games::Code), for the
            /// registry.
            pub const CODES: &[$crate::games::Code] = &[$($crate::games::Code::new($text),)+];

            /// The code of this list that `code` is, if it is one of them: what a game matches on.
            pub fn of(code: $crate::games::Code) -> Option<Self> {
                match code.as_str() {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }

            /// The code as clients see it in the JSON and the pages: "OVER_MAX_LOAD".
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl From<$name> for $crate::games::Code {
            fn from(code: $name) -> Self {
                Self::new(code.as_str())
            }
        }

        impl PartialEq<$name> for $crate::games::Code {
            fn eq(&self, other: &$name) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$crate::games::Code> for $name {
            fn eq(&self, other: &$crate::games::Code) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use codes;

codes! {
    /// The problem codes every game shares: reading a document, and what every game's document
    /// says of its version and points.
    Shared {
        // Reading a document (the web layer).
        /// A form field that takes a whole number held something else, or a number past its limit; it
        /// was read as its default.
        BadNumber = "BAD_NUMBER",
        /// A save refused because a field of its form could not be read: saving would have kept the
        /// field's default in place of what was typed.
        NotSaved = "NOT_SAVED",
        /// A saved build's document cannot be read by this version; a stand-in is shown and the stored
        /// document is kept unchanged.
        UnreadableDocument = "UNREADABLE_DOCUMENT",
        /// A form's add, remove, move or clear button that does not fit the form as posted (a row
        /// past the end of its list, a list the form does not have): nothing was changed.
        BadButton = "BAD_BUTTON",
        /// A save from a form opened before another save of the same build: refused, the player's
        /// version kept in the form, what differs from the saved one shown.
        Conflict = "CONFLICT",

        // Every game's document.
        /// The document (a boat design) was written by a newer Drydock than this one (a warning:
        /// parts may be missing).
        NewerVersion = "NEWER_VERSION",
        /// The document's version (an Epic detachment's, a BFG fleet's, a Waffle roster's) is not the
        /// one this engine reads (a warning).
        UnknownVersion = "UNKNOWN_VERSION",
        /// No detachment list (a BFG fleet list) is chosen, or the list id is unknown or of another
        /// faction.
        UnknownList = "UNKNOWN_LIST",
        /// The fleet's (a Waffle roster's, an Epic detachment's) points are over its points limit.
        OverPointsLimit = "OVER_POINTS_LIMIT",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Two codes of our own, so these tests name no game.
    codes! {
        /// Codes for these tests only.
        Test {
            /// An error.
            TestError = "TEST_ERROR",
            /// A warning.
            TestWarning = "TEST_WARNING",
        }
    }

    /// `e` errors and `w` warnings, numbered in their messages.
    fn many(e: usize, w: usize) -> Vec<Problem> {
        let errors = (0..e).map(|i| Problem::error(Test::TestError, None, format!("error {i}")));
        errors.chain((0..w).map(|i| Problem::warning(Test::TestWarning, None, format!("note {i}")))).collect()
    }

    #[test]
    fn a_text_export_lists_at_most_fifty_problems_and_counts_the_rest() {
        // Few: every one listed, nothing counted.
        let text = legality_text(&many(3, 2));
        assert!(text.contains("NOT LEGAL (3 problems)") && text.contains("  - note 1\n"), "{text}");
        assert!(!text.contains("more"), "{text}");
        // Errors first: 40 errors and 30 notes list all 40 errors and the first 10 notes.
        let text = legality_text(&many(40, 30));
        assert!(text.contains("  - error 39\n") && text.contains("  - note 9\n"), "{text}");
        assert!(
            !text.contains("note 10\n") && text.contains("  ... and 20 more notes, not listed here\n"),
            "{text}"
        );
        // Past fifty errors: the count says all of them, the notes are counted only.
        let text = legality_text(&many(1198, 1));
        assert!(text.contains("NOT LEGAL (1198 problems)") && text.contains("  - error 49\n"), "{text}");
        assert!(
            !text.contains("error 50\n") && text.contains("  ... and 1148 more problems, not listed here\n")
        );
        assert!(text.contains("Notes:\n  ... and 1 more note, not listed here\n"), "{text}");
        assert_eq!(text.lines().filter(|l| l.starts_with("  - ")).count(), MAX_LISTED);
        // Whatever the mix, at most MAX_LISTED lines of problems.
        for (e, w) in [(0, 0), (0, 51), (49, 2), (50, 0), (51, 51), (7, 500)] {
            let text = legality_text(&many(e, w));
            let listed = text.lines().filter(|l| l.starts_with("  - ")).count();
            assert_eq!(listed, (e + w).min(MAX_LISTED), "{e} errors, {w} notes:\n{text}");
        }
    }

    #[test]
    fn a_build_with_only_warnings_is_legal() {
        let p = vec![Problem::warning(Test::TestWarning, None, "w".into())];
        assert!(is_legal(&p));
        let p = vec![Problem::error(Test::TestError, Some("x".into()), "e".into())];
        assert!(!is_legal(&p));
    }

    #[test]
    fn every_shared_code_serializes_and_prints_as_its_text_the_variant_in_capitals() {
        for (&code, &any) in Shared::ALL.iter().zip(Shared::CODES) {
            assert_eq!(any, code);
            let any: Code = code.into();
            assert_eq!(serde_json::to_value(any).ok(), Some(serde_json::Value::from(code.as_str())));
            assert_eq!(
                (code.to_string(), any.to_string()),
                (code.as_str().to_owned(), code.as_str().to_owned())
            );
            assert_eq!(code.as_str(), screaming(&format!("{code:?}")));
        }
        assert_eq!(Shared::ALL.len(), Shared::CODES.len());
    }

    /// "OverMaxLoad" as "OVER_MAX_LOAD".
    fn screaming(variant: &str) -> String {
        let mut out = String::new();
        for (i, c) in variant.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_uppercase());
        }
        out
    }

    #[test]
    fn a_problem_serializes_its_code_as_text() {
        let p = Problem::error(Test::TestError, None, "Too heavy".into());
        assert_eq!(
            serde_json::to_string(&p).ok().as_deref(),
            Some(r#"{"code":"TEST_ERROR","severity":"error","message":"Too heavy"}"#)
        );
    }
}
