//! What the fleet pages show, prepared for the templates: the faction and class selects, a row
//! for every ship and squadron with its options and the problems that concern it, and the
//! engine's ordnance figures in words. Nothing here computes a rule.

use crate::games::Problem;
use crate::games::bfg::{self, Check, EntryFigures, Fleet, Ship};
use crate::web::view::{
    Judged, ProblemView, Select, Verdict, as_is, dom_id, points_against, select, slot_id,
};

/// Where a structural select (faction, a ship's class) re-renders the form.
const BUILDER: &str = "/bfg/builder";

/// Everything the builder, the share page and the roster show.
pub struct FleetView {
    pub fleet: Fleet,
    pub check: Check,
    pub verdict: Verdict,
}

impl Judged for FleetView {
    fn verdict(&self) -> &Verdict {
        &self.verdict
    }
    fn headline(&self) -> String {
        points_against(self.check.points, Some(self.check.limit))
    }
}

/// One option a row offers: a checkbox, or one radio of a group a ship takes one of.
#[derive(Debug, Clone)]
pub struct OptionBox {
    pub name: String,
    pub id: String,
    pub value: String,
    pub label: String,
    pub checked: bool,
    pub radio: bool,
}

/// A ship, or a squadron of escorts, as the form and the roster show it.
#[derive(Debug, Clone)]
pub struct Row {
    pub path: String,
    pub slot: String,
    pub number: usize,
    pub class: Select,
    pub name: String,
    /// Ships in a squadron; `None` for a capital ship.
    pub count: Option<u32>,
    pub options: Vec<OptionBox>,
    pub fig: EntryFigures,
    pub problems: Vec<ProblemView>,
}

crate::row_fields!(Row);

impl Row {
    /// The class and the player's name for it: "Lord Daros (Dictator cruiser)".
    pub fn title(&self) -> String {
        if self.fig.name.trim().is_empty() {
            self.fig.class_name.to_string()
        } else {
            format!("{} ({})", self.fig.name.trim(), self.fig.class_name)
        }
    }

    /// Whether its salvo may split, in words; "" when it may not.
    pub fn split(&self) -> &'static str {
        match self.fig.split {
            Some(bfg::Split::Allowed) => "may split into two salvoes of at least 3",
            Some(bfg::Split::IfRolledOverSix) => "may split when the roll comes to more than 6",
            Some(bfg::Split::Never) | None => "",
        }
    }

    /// What its bays launch: "Fury interceptor (fighter, 30 cm), Starhawk bomber (bomber, 20 cm)".
    pub fn craft(&self) -> String {
        let craft: Vec<String> = self
            .fig
            .craft
            .iter()
            .map(|c| {
                let roles: Vec<&str> = c.roles.iter().map(|r| r.name()).collect();
                format!("{} ({}, {} cm)", c.name, roles.join(" and "), c.speed_cm)
            })
            .collect();
        craft.join(", ")
    }
}

impl FleetView {
    pub fn new(fleet: Fleet, form_problems: Vec<Problem>) -> Self {
        let check = bfg::check(&fleet);
        let slots = || {
            let mut paths: Vec<String> = ["faction", "points_limit", "version"].map(String::from).to_vec();
            paths.extend((0..fleet.ships.len()).map(|i| format!("ships.{i}")));
            paths.extend((0..fleet.squadrons.len()).map(|i| format!("squadrons.{i}")));
            paths
        };
        let verdict = Verdict::new(form_problems, &check.problems, slots, as_is);
        FleetView { fleet, check, verdict }
    }

    pub fn legal(&self) -> bool {
        self.verdict.legal()
    }

    pub fn faction_name(&self) -> &str {
        self.check.faction_name.as_deref().unwrap_or("Unknown faction")
    }

    pub fn title(&self) -> String {
        let name = self.fleet.name.trim();
        if name.is_empty() { format!("Unnamed {} fleet", self.faction_name()) } else { name.to_owned() }
    }

    pub fn summary(&self) -> String {
        bfg::summary(&self.check)
    }

    pub fn text(&self) -> String {
        bfg::text_export(&self.fleet)
    }

    pub fn problems_for(&self, path: &str) -> Vec<ProblemView> {
        self.verdict.at(path)
    }

    pub fn decisions(&self) -> &'static [bfg::Decision] {
        bfg::DECISIONS
    }

    pub fn faction_select(&self) -> Select {
        let options = bfg::factions().iter().map(|f| (f.id.to_owned(), f.name.to_owned())).collect();
        select("faction", "Faction", &self.fleet.faction, options, Some(BUILDER))
    }

    /// The faction's classes of one kind (capital ships or escorts), for a select.
    fn classes(&self, escorts: bool) -> Vec<(String, String)> {
        bfg::ships()
            .iter()
            .filter(|s| s.faction == self.fleet.faction && s.is_escort() == escorts)
            .map(|s| (s.id.to_owned(), format!("{} ({} pts)", s.name, s.points)))
            .collect()
    }

    /// The select next to an add button; `None` when the faction has no such class.
    fn adder(&self, list: &str, label: &str, escorts: bool) -> Option<Select> {
        let classes = self.classes(escorts);
        let first = classes.first()?.0.clone();
        Some(select(&format!("new.{list}"), label, &first, classes, None))
    }

    pub fn new_ship(&self) -> Option<Select> {
        self.adder("ships", "Ship to add", false)
    }

    pub fn new_squadron(&self) -> Option<Select> {
        self.adder("squadrons", "Escorts to add", true)
    }

    pub fn ship_rows(&self) -> Vec<Row> {
        let entries =
            self.fleet.ships.iter().map(|s| (s.class.as_str(), s.name.as_str(), None, &s.options[..]));
        self.rows("ships", entries, false, &self.check.ships)
    }

    pub fn squadron_rows(&self) -> Vec<Row> {
        let entries = self
            .fleet
            .squadrons
            .iter()
            .map(|s| (s.class.as_str(), s.name.as_str(), Some(s.count), &s.options[..]));
        self.rows("squadrons", entries, true, &self.check.squadrons)
    }

    /// The ships, then the squadrons.
    pub fn all_rows(&self) -> Vec<Row> {
        let mut rows = self.ship_rows();
        rows.extend(self.squadron_rows());
        rows
    }

    fn rows<'a>(
        &self,
        list: &str,
        entries: impl Iterator<Item = (&'a str, &'a str, Option<u32>, &'a [String])>,
        escorts: bool,
        figures: &[EntryFigures],
    ) -> Vec<Row> {
        let classes = self.classes(escorts);
        entries
            .zip(figures)
            .enumerate()
            .map(|(i, ((class, name, count, chosen), fig))| {
                let path = format!("{list}.{i}");
                Row {
                    class: select(&format!("{path}.class"), "Class", class, classes.clone(), Some(BUILDER)),
                    name: name.to_owned(),
                    count,
                    options: option_boxes(&path, bfg::ship(class), chosen),
                    fig: fig.clone(),
                    problems: self.problems_for(&path),
                    slot: slot_id(&path),
                    number: i + 1,
                    path,
                }
            })
            .collect()
    }
}

/// The options of a row: each of the class's, ticked when chosen (a group's as radios sharing
/// one input, the group's first option's place), then any chosen option the class does not
/// offer, ticked, so nothing is lost until the player unticks it. The codec reads the ticked
/// ones in order and closes the gaps.
fn option_boxes(path: &str, ship: Option<&'static Ship>, chosen: &[String]) -> Vec<OptionBox> {
    let offered = ship.map_or(&[][..], |s| s.options);
    let mut boxes: Vec<OptionBox> = offered
        .iter()
        .enumerate()
        .map(|(k, o)| {
            let key = o.group.and_then(|g| offered.iter().position(|x| x.group == Some(g))).unwrap_or(k);
            let name = format!("{path}.options.{key}");
            let price = match o.price {
                0 => String::new(),
                p if o.per_bay => format!(" ({p:+} pts a bay)"),
                p => format!(" ({p:+} pts)"),
            };
            OptionBox {
                id: dom_id(&format!("{path}.option.{}", o.id)),
                value: o.id.to_owned(),
                label: format!("{}{price}", o.name),
                checked: chosen.iter().any(|c| c == o.id),
                radio: o.group.is_some(),
                name,
            }
        })
        .collect();
    let extra = chosen.iter().filter(|c| !offered.iter().any(|o| o.id == c.as_str()));
    boxes.extend(extra.enumerate().map(|(j, c)| OptionBox {
        name: format!("{path}.options.{}", offered.len() + j),
        id: dom_id(&format!("{path}.option.{}", offered.len() + j)),
        value: c.clone(),
        label: format!("\"{c}\" (not an option of this class)"),
        checked: true,
        radio: false,
    }));
    boxes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::form::Fields;

    #[test]
    fn ticked_options_read_back_as_chosen() {
        let grouped = bfg::ships()
            .iter()
            .find(|s| !s.is_escort() && s.groups.iter().any(|g| g.min > 0))
            .expect("grouped");
        let chosen: Vec<String> = grouped
            .options
            .iter()
            .filter(|o| o.group.is_none())
            .map(|o| o.id.to_owned())
            .chain(["stray".to_owned()])
            .collect();
        let boxes = option_boxes("ships.0", Some(grouped), &chosen);
        // What a browser sends: the ticked boxes, and one radio of each group.
        let mut pairs: Vec<(String, String)> =
            vec![("faction".into(), grouped.faction.into()), ("ships.0.class".into(), grouped.id.into())];
        pairs.extend(boxes.iter().filter(|b| b.checked).map(|b| (b.name.clone(), b.value.clone())));
        let (fleet, problems) = super::super::form::read(&Fields::from_pairs(pairs)).expect("read");
        assert_eq!(problems, vec![]);
        assert_eq!(fleet.ships[0].options, chosen);
        // Radios of one group share their input's name.
        for g in grouped.groups.iter().map(|g| g.id) {
            let names: Vec<&str> = boxes
                .iter()
                .filter(|b| grouped.option(&b.value).is_some_and(|o| o.group == Some(g)))
                .map(|b| b.name.as_str())
                .collect();
            assert!(names.windows(2).all(|w| w[0] == w[1]), "{names:?}");
        }
    }
}
