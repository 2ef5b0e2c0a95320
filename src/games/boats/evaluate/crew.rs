//! Who and what rides aboard besides the weapons: crew, accessories and cargo, and what may sit in
//! cargo space.

use super::{Judge, Line, LineKind, Part, unknown};
use crate::games::boats::design::Section;
use crate::games::boats::tables::{Item, Role};
use crate::games::boats::units::{Money, Spaces, Weight};
use crate::games::{Problem, boats::Code};

impl Judge<'_> {
    fn cargo_misuse(&mut self, part: Part, what: &str) {
        self.problems.push(Problem::error(
            Code::NotForCargoSpace,
            part.path(),
            format!("{what} cannot go in cargo space: it holds only cargo, passengers, passenger accommodations and deluxe staterooms"),
        ));
    }

    pub(super) fn crew(&mut self) -> i64 {
        let mut pilots = 0;
        let mut people = 0;
        for (i, c) in self.d.crew.iter().enumerate() {
            let part = Part::Crew(i);
            let Some(role) = c.role.known() else {
                self.problems.push(unknown::<Role>(Code::UnknownRole, part, c.role.id()));
                continue;
            };
            let n = i64::from(c.count);
            if n == 0 {
                self.problems.push(Problem::warning(
                    Code::CountZero,
                    part.path(),
                    format!("{} has a count of 0, so it adds nothing", role.name),
                ));
            }
            if role.id == "pilot" {
                pilots += n;
            }
            people += n;
            if c.cargo && !role.cargo_ok {
                self.cargo_misuse(part, role.name);
            }
            let sec = self.section(c.deck, Section::Above);
            self.line(
                Line::new(
                    part,
                    LineKind::Crew(role),
                    n,
                    Money::ZERO,
                    role.weight * n,
                    Spaces::whole(role.spaces * n),
                )
                .placed(sec, c.cargo),
            );
        }
        if pilots == 0 {
            self.problems.push(Problem::error(
                Code::NoPilot,
                Some("crew".into()),
                "Every boat needs a pilot; add one to the crew".into(),
            ));
        }
        people
    }

    pub(super) fn accessories(&mut self) {
        for (i, a) in self.d.accessories.iter().enumerate() {
            let part = Part::Accessory(i);
            let Some(item) = a.item.known() else {
                self.problems.push(unknown::<Item>(Code::UnknownAccessory, part, a.item.id()));
                continue;
            };
            let n = i64::from(a.count);
            if n == 0 {
                self.problems.push(Problem::warning(
                    Code::CountZero,
                    part.path(),
                    format!("{} has a count of 0, so it adds nothing", item.name),
                ));
            }
            if a.cargo && !item.cargo_ok {
                self.cargo_misuse(part, item.name);
            }
            let sec = self.section(a.deck, Section::Above);
            self.line(
                Line::new(
                    part,
                    LineKind::Accessory(item),
                    n,
                    item.cost * n,
                    item.weight * n,
                    Spaces::whole(item.spaces * n),
                )
                .placed(sec, a.cargo),
            );
        }
        for (i, c) in self.d.cargo.iter().enumerate() {
            let sec = self.section(c.deck, Section::Above);
            self.line(
                Line::new(
                    Part::Cargo(i),
                    LineKind::Cargo,
                    1,
                    Money::ZERO,
                    Weight::whole(i64::from(c.weight)),
                    Spaces::whole(i64::from(c.spaces)),
                )
                .placed(sec, c.cargo),
            );
        }
    }
}
