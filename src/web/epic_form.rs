//! The detachment builder's form: reading a posted form into a detachment, and the add/remove
//! actions its buttons carry. Inputs are named by the path of the part they edit
//! ("choices.2.count"), which is also the path the engine's problems carry, so a problem lands
//! next to its input.

use super::form::{Fields, Reader};
use crate::games::epic::{self, Choice, DOCUMENT_VERSION, Detachment};
use crate::games::{Problem, bounds};

/// Reads the builder form into a detachment, with a problem for every field that did not parse.
///
/// Choices come in the order of their indices. A hand-made form may skip indices; problems are
/// then reported against the choice's place in the detachment, which is what the page shows.
pub fn read(f: &Fields) -> (Detachment, Vec<Problem>) {
    let mut r = Reader::default();
    let version = r.u32(f, "version", "Version", DOCUMENT_VERSION, u32::MAX);
    let mut choices = Vec::new();
    for (k, i) in f.indices("choices").into_iter().enumerate() {
        let p = format!("choices.{i}");
        let before = r.problems.len();
        let count = r.u32(
            f,
            (p.as_str(), "count"),
            format_args!("Choice {} vessels", k + 1),
            1,
            bounds::MAX_COUNT.into(),
        );
        for problem in &mut r.problems[before..] {
            problem.part = Some(format!("choices.{k}.count"));
        }
        choices.push(Choice {
            section: f.text(&format!("{p}.section")).trim().to_owned(),
            entry: f.text(&format!("{p}.entry")).trim().to_owned(),
            count,
            hq: f.flag(&format!("{p}.hq")),
        });
    }
    let d = Detachment { version, name: f.name("name"), list: f.text("list").trim().to_owned(), choices };
    (d, r.problems)
}

/// What a builder button asks for besides recalculating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Recalculate,
    /// Add a choice to this section; the entry comes from the form's `new.{section}` select.
    Add(String),
    /// Remove the choice at this place.
    Remove(usize),
}

impl Action {
    /// "add.main", "remove.3"; anything else recalculates.
    pub fn parse(s: &str) -> Action {
        match s.split_once('.') {
            Some(("add", section)) if !section.is_empty() && !section.contains('.') => {
                Action::Add(section.to_owned())
            }
            Some(("remove", i)) => i.parse().map_or(Action::Recalculate, Action::Remove),
            _ => Action::Recalculate,
        }
    }
}

/// Applies a button's action to the detachment read from the form. `f` supplies the entry chosen
/// next to an add button. Only a section and entry the list has can be added (with the entry's
/// smallest count); an add button for anything else does nothing.
pub fn apply(d: &mut Detachment, action: &Action, f: &Fields) {
    match action {
        Action::Recalculate => {}
        Action::Remove(i) => {
            if *i < d.choices.len() {
                d.choices.remove(*i);
            }
        }
        Action::Add(section_id) => {
            let Some(l) = epic::list(&d.list) else { return };
            let Some(section) = l.section(section_id) else { return };
            let wanted = f.get(&format!("new.{section_id}")).unwrap_or("");
            let Some(entry) = section.entry(wanted).or(section.entries.first()) else { return };
            let at = insert_at(d, l, section.id);
            d.choices.insert(at, Choice::new(section.id, entry.id, entry.min));
        }
    }
}

/// Where a new choice of `section` goes: after the section's last choice, or before the first
/// choice of a later section, so the detachment reads in the list's order and the page's choice
/// numbers run down the page. (Only choices of one vessel type compete for a place in the chain
/// of command, and they are always in one section, so this never changes the chain.)
fn insert_at(d: &Detachment, l: &epic::DetachmentList, section: &str) -> usize {
    if let Some(last) = d.choices.iter().rposition(|c| c.section == section) {
        return last + 1;
    }
    let rank = |id: &str| l.sections.iter().position(|s| s.id == id);
    let mine = rank(section);
    d.choices.iter().position(|c| rank(&c.section).is_some_and(|r| Some(r) > mine)).unwrap_or(d.choices.len())
}

/// The form fields that write `d` back: what the page renders as inputs, and what the tests use
/// to post a detachment the way a browser would.
pub fn fields_of(d: &Detachment) -> Vec<(String, String)> {
    let mut out = vec![
        ("version".to_owned(), d.version.to_string()),
        ("name".to_owned(), d.name.clone()),
        ("list".to_owned(), d.list.clone()),
    ];
    for (i, c) in d.choices.iter().enumerate() {
        out.push((format!("choices.{i}.section"), c.section.clone()));
        out.push((format!("choices.{i}.entry"), c.entry.clone()));
        out.push((format!("choices.{i}.count"), c.count.to_string()));
        if c.hq {
            out.push((format!("choices.{i}.hq"), "on".to_owned()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imperial() -> Detachment {
        Detachment {
            name: "Harbour Watch".into(),
            choices: vec![
                Choice::new("main", "sea-raider", 1).with_hq(),
                Choice::new("main", "alligator-apc", 2),
                Choice::new("support", "nautilus", 1),
            ],
            ..Detachment::new("imperial-marines")
        }
    }

    #[test]
    fn a_detachment_survives_the_form_unchanged() {
        let d = imperial();
        let (back, problems) = read(&Fields::from_pairs(fields_of(&d)));
        assert_eq!(problems, vec![]);
        assert_eq!(back, d);
    }

    #[test]
    fn buttons_name_their_action() {
        assert_eq!(Action::parse("add.main"), Action::Add("main".into()));
        assert_eq!(Action::parse("remove.2"), Action::Remove(2));
        assert_eq!(Action::parse("remove.x"), Action::Recalculate);
        assert_eq!(Action::parse("add."), Action::Recalculate);
        assert_eq!(Action::parse("recalculate"), Action::Recalculate);
    }

    #[test]
    fn a_new_choice_goes_at_the_end_of_its_section() {
        let mut d = imperial();
        let f = Fields::from_pairs(vec![("new.main".into(), "salamander-carrier".into())]);
        apply(&mut d, &Action::Add("main".into()), &f);
        assert_eq!(d.choices[2], Choice::new("main", "salamander-carrier", 1));
        assert_eq!(d.choices[3].entry, "nautilus");
        apply(&mut d, &Action::Add("support".into()), &Fields::default());
        assert_eq!(d.choices[4], Choice::new("support", "nautilus", 1));
    }

    #[test]
    fn a_first_choice_goes_before_later_sections() {
        let mut d = Detachment {
            choices: vec![Choice::new("support", "nautilus", 1)],
            ..Detachment::new("imperial-marines")
        };
        apply(&mut d, &Action::Add("main".into()), &Fields::default());
        assert_eq!(d.choices[0], Choice::new("main", "sea-raider", 1));
    }

    #[test]
    fn adding_to_a_section_or_list_that_does_not_exist_does_nothing() {
        let mut d = imperial();
        apply(&mut d, &Action::Add("synapse".into()), &Fields::default());
        apply(&mut d, &Action::Add("command".into()), &Fields::default());
        assert_eq!(d, imperial());
        let mut d = Detachment::new("bogus");
        apply(&mut d, &Action::Add("main".into()), &Fields::default());
        assert!(d.choices.is_empty());
    }

    #[test]
    fn a_count_that_is_not_a_number_is_reported_at_its_choice() {
        let f = Fields::from_pairs(vec![
            ("list".into(), "ork-wetboyz".into()),
            ("choices.4.section".into(), "main".into()),
            ("choices.4.entry".into(), "powerbarj".into()),
            ("choices.4.count".into(), "lots".into()),
        ]);
        let (d, problems) = read(&f);
        assert_eq!(d.choices, vec![Choice::new("main", "powerbarj", 1)]);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].part.as_deref(), Some("choices.0.count"));
        assert!(problems[0].message.starts_with("Choice 1 vessels: \"lots\" is not a whole number"));
    }
}
