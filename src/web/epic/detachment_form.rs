//! The detachment builder's form: reading a posted form into a detachment, and the add/remove
//! actions its buttons carry. Inputs are named by the path of the part they edit
//! ("choices.2.count"), which is also the path the engine's problems carry, so a problem lands
//! next to its input.

use crate::games::Problem;
use crate::games::epic::{self, Choice, Detachment};
use crate::web::http::codec;
use crate::web::http::fields::Fields;

/// Reads the builder form into a detachment through the one form codec, with a problem for
/// every field that did not parse (reported at the choice's place in the detachment: a
/// hand-made form may skip indices, and the codec closes the gaps). What is Epic's own: the
/// words for a field, and section and entry ids trimmed as typed.
pub fn read(f: &Fields) -> Result<(Detachment, Vec<Problem>), codec::Refused> {
    let (mut d, problems) = codec::decode::<Detachment>(f, label)?;
    for c in &mut d.choices {
        trim(&mut c.section);
        trim(&mut c.entry);
    }
    Ok((d, problems))
}

fn trim(s: &mut String) {
    let t = s.trim();
    if t.len() != s.len() {
        *s = t.to_owned();
    }
}

/// The player's words for a field, for a message about it.
pub(super) fn label(path: &str) -> String {
    let parts: Vec<&str> = path.split('.').collect();
    match parts[..] {
        ["choices", k, "count"] => format!("Choice {} vessels", k.parse::<usize>().map_or(1, |k| k + 1)),
        ["choices", k, field] => format!("Choice {} {field}", k.parse::<usize>().map_or(1, |k| k + 1)),
        ["points_limit"] => "Points limit".to_owned(),
        ["version"] => "Version".to_owned(),
        _ => path.to_owned(),
    }
}

/// Does what the pressed button asks: "add.{section}" adds the entry chosen in the form's
/// `new.{section}` select (only a section and entry the list has, with the entry's smallest
/// count; an add for anything else does nothing); remove and move buttons work on the choices
/// through the codec ("remove.choices.3"). Anything else changes nothing; a button that does
/// not fit the form gives the problem to show.
pub fn press(d: &mut Detachment, action: &str, f: &Fields) -> Option<Problem> {
    match codec::Op::read(action)? {
        Ok(codec::Op::Add(section_id)) => add(d, &section_id, f),
        Ok(op) => codec::press_op(d, &op, |_, _| None),
        Err(p) => Some(p),
    }
}

fn add(d: &mut Detachment, section_id: &str, f: &Fields) -> Option<Problem> {
    let section = epic::list(&d.list).and_then(|l| Some((l, l.section(section_id)?)));
    let Some((l, section)) = section else {
        let why = "This detachment's list has no such section to add to.";
        return Some(codec::Misfit { part: None, why: why.to_owned() }.problem());
    };
    let wanted = f.get(&format!("new.{section_id}")).unwrap_or("");
    let Some(entry) = section.entry(wanted).or(section.entries.first()) else {
        let why = format!("The {} section has nothing to add.", section.name);
        return Some(codec::Misfit { part: None, why }.problem());
    };
    let at = insert_at(d, l, section.id);
    d.choices.insert(at, Choice::new(section.id, entry.id, entry.min));
    None
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

/// The form fields that write `d` back: what the tests use to post a detachment the way a
/// browser would (the page's inputs carry the same names).
pub fn fields_of(d: &Detachment) -> Vec<(String, String)> {
    codec::encode(d)
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
        let (back, problems) = read(&Fields::from_pairs(fields_of(&d))).expect("read");
        assert_eq!(problems, vec![]);
        assert_eq!(back, d);
    }

    #[test]
    fn buttons_remove_and_move_choices_and_others_do_nothing() {
        let mut d = imperial();
        assert_eq!(press(&mut d, "move.choices.2.up", &Fields::default()), None);
        assert_eq!(d.choices[1].entry, "nautilus");
        assert_eq!(press(&mut d, "remove.choices.1", &Fields::default()), None);
        assert_eq!(d.choices.len(), 2);
        assert_eq!(press(&mut d, "recalculate", &Fields::default()), None);
        for refused in [
            "remove.x",
            "remove.2",
            "add.",
            "add.choices.0",
            "remove.choices.9",
            "move.choices.18446744073709551615.down",
            "move.choices.1.down",
        ] {
            let p = press(&mut d, refused, &Fields::default());
            assert!(p.is_some_and(|p| p.code == crate::games::Shared::BadButton), "{refused}");
        }
        assert_eq!(
            d.choices.iter().map(|c| c.entry.as_str()).collect::<Vec<_>>(),
            ["sea-raider", "alligator-apc"]
        );
    }

    #[test]
    fn a_new_choice_goes_at_the_end_of_its_section() {
        let mut d = imperial();
        let f = Fields::from_pairs(vec![("new.main".into(), "salamander-carrier".into())]);
        press(&mut d, "add.main", &f);
        assert_eq!(d.choices[2], Choice::new("main", "salamander-carrier", 1));
        assert_eq!(d.choices[3].entry, "nautilus");
        press(&mut d, "add.support", &Fields::default());
        assert_eq!(d.choices[4], Choice::new("support", "nautilus", 1));
    }

    #[test]
    fn a_first_choice_goes_before_later_sections() {
        let mut d = Detachment {
            choices: vec![Choice::new("support", "nautilus", 1)],
            ..Detachment::new("imperial-marines")
        };
        press(&mut d, "add.main", &Fields::default());
        assert_eq!(d.choices[0], Choice::new("main", "sea-raider", 1));
    }

    #[test]
    fn adding_to_a_section_or_list_that_does_not_exist_changes_nothing_and_says_so() {
        let mut d = imperial();
        assert!(press(&mut d, "add.synapse", &Fields::default()).is_some());
        assert!(press(&mut d, "add.command", &Fields::default()).is_some());
        assert_eq!(d, imperial());
        let mut d = Detachment::new("bogus");
        assert!(press(&mut d, "add.main", &Fields::default()).is_some());
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
        let (d, problems) = read(&f).expect("read");
        assert_eq!(d.choices, vec![Choice::new("main", "powerbarj", 1)]);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].part.as_deref(), Some("choices.0.count"));
        assert!(problems[0].message.starts_with("Choice 1 vessels: \"lots\" is not a whole number"));
    }
}
