//! Tests for the Epic 40,000 waterways engine: tables, every list's limits with exact points and
//! messages, the chain of command, the JSON document, the text export and random input.

use super::*;
use crate::games::{Problem, Severity, epic::Code};

mod bad_input;
mod chain;
mod chaos;
mod document;
mod eldar;
mod export;
mod imperial;
mod ork;
mod random;
mod table_ready;
mod tables;
mod tyranid;

fn detachment(list: &str, choices: Vec<Choice>) -> Detachment {
    Detachment { choices, ..Detachment::new(list) }
}

fn main_force(entry: &str, count: u32) -> Choice {
    Choice::new("main", entry, count)
}

fn support(entry: &str) -> Choice {
    Choice::new("support", entry, 1)
}

fn synapse(count: u32) -> Choice {
    Choice::new("synapse", "kelpie", count)
}

fn error(code: impl Into<crate::games::Code>, part: &str, message: &str) -> Problem {
    Problem::error(code, Some(part.to_string()), message.to_string())
}

/// The chain as (display name, step) pairs.
fn chain(c: &Check) -> Vec<(&str, &str)> {
    c.chain_of_command.iter().map(|l| (l.vessel.as_str(), l.step)).collect()
}

fn repeat(choice: &Choice, n: usize) -> Vec<Choice> {
    std::iter::repeat_n(choice.clone(), n).collect()
}

/// `n` copies of `choice`, the first carrying the HQ.
fn hq_then(choice: Choice, n: usize) -> Vec<Choice> {
    let mut v = repeat(&choice, n);
    if let Some(first) = v.first_mut() {
        first.hq = true;
    }
    v
}
