//! The stat line as players rephrase it: random legal designs written by our writer, then
//! rewritten the ways published lines differ (singular and plural, letter case, the order of the
//! parts within a section, facings spelled otherwise, counts spread over facings, other
//! separators), must read back to the same figures. The reader is meant for the language, not
//! for our own wording.

use proptest::prelude::*;

use super::properties::legalish_design;
use crate::games::boats::check;
use crate::games::boats::statline::{self, stat_line};
use crate::games::boats::tables::{ACCESSORIES, ROLES, WEAPONS};

/// A small deterministic generator, so a failing case shrinks with its seed.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: usize) -> usize {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.roll(one_in) == 0
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.roll(from.len())]
    }
}

/// Splits at `sep` where no parenthesis is open.
fn split_top<'a>(s: &'a str, sep: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < s.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ if depth == 0 && s[i..].starts_with(sep) => {
                out.push(&s[start..i]);
                i += sep.len();
                start = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&s[start..]);
    out
}

/// Other ways to write each facing the writer writes.
fn facing_forms(word: &str) -> &'static [&'static str] {
    match word {
        "front" => &["F", "fwd", "forward", "Front", "(F)", "firing front", "bow"],
        "back" => &["B", "rear", "aft", "(B)", "stern", "firing aft"],
        "left" => &["L", "port", "(L)", "to port"],
        "right" => &["R", "starboard", "(R)", "to starboard"],
        "front-left" => &["FL", "front left", "left front", "(FL)"],
        "front-right" => &["FR", "front right", "right front"],
        "back-left" => &["BL", "back left", "rear left", "left rear"],
        "back-right" => &["BR", "back right", "rear right", "right rear"],
        _ => &[],
    }
}

fn code_forms(code: &str) -> &'static [&'static str] {
    match code {
        "F" => &["F", "front", "f"],
        "B" => &["B", "back", "rear"],
        "L" => &["L", "left", "port"],
        "R" => &["R", "right", "starboard"],
        "FL" => &["FL", "front-left", "fl"],
        "FR" => &["FR", "front-right", "fr"],
        "BL" => &["BL", "back-left", "bl"],
        "BR" => &["BR", "back-right", "br"],
        _ => &[],
    }
}

/// Plurals the writer writes after a count, and their singulars.
fn singulars() -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&str, &str)> = vec![("Propellers", "Propeller")];
    out.extend(WEAPONS.iter().map(|w| (w.plural, w.short)));
    out.extend(ACCESSORIES.iter().filter(|i| i.plural != i.name).map(|i| (i.plural, i.name)));
    out.extend(ROLES.iter().map(|r| (r.plural, r.name)));
    // Longest first, so "Hi-res targeting computers" is not cut as "Targeting computers".
    out.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
    out
}

/// One part rephrased.
fn part(p: &str, dice: &mut Dice, plurals: &[(&str, &str)]) -> String {
    let mut p = p.to_owned();
    // "3 MGs front": the count spread over the one facing ("3 MGs (1 F, 2 F)").
    let words: Vec<&str> = p.split(' ').collect();
    if let (Some(n), Some(last)) = (words.first().and_then(|w| w.parse::<u16>().ok()), words.last())
        && n >= 2
        && !p.contains("linked")
        && !p.contains(" fed by ")
        && !p.contains('(')
        && !facing_forms(last).is_empty()
        && dice.chance(2)
    {
        let code = code_forms_for(last);
        let a = 1 + dice.roll(usize::from(n) - 1) as u16;
        p = format!("{} ({a} {code}, {} {code})", words[..words.len() - 1].join(" "), n - a);
    }
    // A facing at the end, spelled otherwise.
    if let Some((head, last)) = p.rsplit_once(' ') {
        let forms = facing_forms(last);
        if !forms.is_empty() && dice.chance(2) {
            p = format!("{head} {}", dice.pick(forms));
        }
    }
    // "(one each R, L)" spelled otherwise, or its codes as words.
    if let Some(at) = p.find(" (one each ") {
        let (head, list) = p.split_at(at);
        let codes: Vec<&str> =
            list.trim_start_matches(" (one each ").trim_end_matches(')').split(", ").collect();
        let words: Vec<String> = codes
            .iter()
            .map(|c| code_forms(c).first().map_or((*c).to_owned(), |_| dice.pick(code_forms(c)).to_owned()))
            .collect();
        p = match dice.roll(3) {
            0 => format!("{head} (one each {})", words.join(", ")),
            1 => {
                format!("{head} ({})", words.iter().map(|w| format!("1 {w}")).collect::<Vec<_>>().join(", "))
            }
            _ => format!("{head}, one each {}", words.join(" and ")),
        };
    }
    // "2 Propellers" as "2 Propeller"; a single part counted ("1 Sonar").
    if dice.chance(3) {
        if let Some((plural, one)) = plurals.iter().find(|(pl, _)| p.contains(&format!(" {pl}"))) {
            p = p.replacen(&format!(" {plural}"), &format!(" {one}"), 1);
        } else if plurals.iter().any(|(_, one)| p.starts_with(&format!("{one} ")) || p == *one)
            && !p.contains(" for ")
            && dice.chance(2)
        {
            p = format!("1 {p}");
        }
    }
    match dice.roll(6) {
        0 => p.to_lowercase(),
        1 => p.to_uppercase(),
        _ => p,
    }
}

fn code_forms_for(word: &str) -> &'static str {
    match word {
        "front" => "F",
        "back" => "B",
        "left" => "L",
        "right" => "R",
        "front-left" => "FL",
        "front-right" => "FR",
        "back-left" => "BL",
        _ => "BR",
    }
}

/// A line our writer wrote, rephrased. The name and the claimed figures are left as they are.
fn rephrase(line: &str, named: bool, dice: &mut Dice) -> String {
    let (name, rest) = match line.split_once(": ").filter(|_| named) {
        Some((n, r)) => (format!("{n}: "), r),
        None => (String::new(), line),
    };
    let (body, claims) = rest.rsplit_once(" Accel. ").map_or((rest, ""), |(b, c)| (b, c));
    let plurals = singulars();
    let body = body.strip_suffix('.').unwrap_or(body);
    let mut sentences = Vec::new();
    for (k, sentence) in split_top(body, ". ").into_iter().enumerate() {
        let (heading, list) = match sentence.split_once(": ").filter(|(h, _)| !h.contains('(')) {
            Some((h, l)) => (format!("{h}: "), l),
            None => (String::new(), sentence),
        };
        let mut parts: Vec<String> =
            split_top(list, ", ").into_iter().map(|p| part(p, dice, &plurals)).collect();
        // The order within a section; the hull stays first, where the name's colon looks for it.
        let fixed = usize::from(k == 0);
        for i in (fixed + 1..parts.len()).rev() {
            let j = fixed + dice.roll(i + 1 - fixed);
            parts.swap(i, j);
        }
        let sep = dice.pick(&[", ", ", ", "; "]);
        let heading = match dice.roll(4) {
            0 => heading.to_lowercase(),
            1 => heading.to_uppercase(),
            _ => heading,
        };
        sentences.push(format!("{heading}{}", parts.join(sep)));
    }
    let mut out = format!("{name}{}.", sentences.join(". "));
    if !claims.is_empty() {
        out.push_str(" Accel. ");
        out.push_str(claims);
    }
    out
}

proptest! {
    #[test]
    fn a_legal_designs_stat_line_rephrased_as_players_write_reads_back_to_the_same_figures(
        d in legalish_design(),
        seed in 1u64..,
    ) {
        let e = check(&d);
        prop_assume!(e.legal());
        let line = stat_line(&d, &e);
        let mut dice = Dice(seed);

        let rephrased = rephrase(&line, !d.name.trim().is_empty(), &mut dice);
        let imp = statline::parse(&rephrased);

        prop_assert_eq!(&imp.unrecognized, &Vec::<String>::new(), "{}\nfrom: {}", rephrased, line);
        let back = check(&imp.design);
        prop_assert_eq!(&back.figures, &e.figures, "{}\nfrom: {}", rephrased, line);
    }
}

#[test]
fn a_line_is_rephrased_in_the_ways_players_write() {
    let line = "Barge: Speeder, Large power plant, 2 Propellers, Pilot. 3 MGs front, 2 VMGs (one each R, L), Sonar. Armor: F10, B10. Accel. 10, Top Speed 60, HC 2, 4,000 lbs; $20,000.";
    let seen: Vec<String> = (1..40).map(|s| rephrase(line, true, &mut Dice(s))).collect();

    assert!(seen.iter().all(
        |l| l.starts_with("Barge: ") && l.ends_with("Accel. 10, Top Speed 60, HC 2, 4,000 lbs; $20,000.")
    ));
    assert!(seen.iter().any(|l| l.contains("(1 F, 2 F)") || l.contains("(2 F, 1 F)")), "{seen:#?}");
    assert!(seen.iter().any(|l| l.contains("one each")), "{seen:#?}");
    assert!(
        seen.iter()
            .any(|l| l.contains("2 Propeller,") || l.contains("2 Propeller;") || l.contains("2 Propeller.")),
        "{seen:#?}"
    );
    assert!(seen.iter().any(|l| l.contains("; ")), "{seen:#?}");
}
