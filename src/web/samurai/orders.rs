//! The orders of battle as the editor and the printed sheet show them: each unit's, lone
//! leader's and grapple's row with its fields and problems; and what a live update draws of
//! them again, alone (each unit's heading, each lone leader's retreat).

use super::brief::{self, TYPE_LIST};
use super::legend::UnitHead;
use super::view::{SamuraiView, leader_id, retreat_words, side_select};
use crate::games::samurai::data::{self, Rank};
use crate::games::samurai::{LeaderKind, Unit};
use crate::web::flows::view::{ProblemView, Select, select, slot_id};

/// A unit's row in the orders of battle: its heading (through `Deref`, `row.token`) and its
/// fields.
pub struct UnitRow {
    pub head: UnitHead,
    pub path: String,
    pub u: Unit,
    pub side: Select,
    /// Its type, from the list of names (or "your own type", named beside it).
    pub kind: Select,
    /// A type of the player's own: the name the row shows beside the list.
    pub own_type: Option<String>,
    /// The type no source gives dice for, its dice still to set: the words beside its fields.
    pub dice_unknown: Option<String>,
    pub rank: Select,
    pub leader: Select,
    pub selected: bool,
    /// A brief row's other fields, as hidden inputs (name, value): those that differ from what
    /// a field left out reads as.
    pub carried: Vec<(String, String)>,
    /// A brief row's figures in words: "close 2, ranged 2, circle, 4 blocks".
    pub figures: String,
    pub problems: Vec<ProblemView>,
    /// Problems of a brief row left out beside it (its first [`brief::PROBLEMS_BESIDE`] shown).
    pub more_problems: usize,
}

impl std::ops::Deref for UnitRow {
    type Target = UnitHead;
    fn deref(&self) -> &UnitHead {
        &self.head
    }
}

crate::row_fields!(UnitRow, LeaderRow, GrappleRow);

impl UnitRow {
    /// The DOM id of its problems slot.
    pub fn slot(&self) -> String {
        slot_id(&self.path)
    }
}

pub struct LeaderRow {
    pub index: usize,
    pub number: usize,
    pub path: String,
    pub hex: String,
    pub side_name: String,
    /// "foot leader".
    pub kind_name: String,
    pub side: Select,
    pub kind: Select,
    pub retreat: String,
    pub problems: Vec<ProblemView>,
}

/// A lone leader's retreat in words, as its row says it.
pub struct LeaderRetreat {
    pub index: usize,
    pub retreat: String,
}

pub struct GrappleRow {
    pub index: usize,
    pub number: usize,
    pub path: String,
    pub a: String,
    pub b: String,
    pub problems: Vec<ProblemView>,
}

impl SamuraiView {
    /// Every unit's heading alone, as a live update draws it again.
    pub fn unit_heads(&self) -> Vec<UnitHead> {
        let (tokens, brief) = (super::map::token_codes(&self.s), self.brief());
        let heads = self.s.units.iter().zip(&self.j.units).enumerate();
        heads
            .map(|(k, (u, o))| {
                UnitHead::new(k, u, o, self.s.board, &tokens, brief && self.c.selected != Some(k))
            })
            .collect()
    }

    /// Every unit as the editor and the sheet show it.
    pub fn unit_rows(&self) -> Vec<UnitRow> {
        let tokens = super::map::token_codes(&self.s);
        let brief = self.brief();
        self.s
            .units
            .iter()
            .zip(&self.j.units)
            .enumerate()
            .map(|(k, (u, o))| {
                let path = format!("units.{k}");
                let rank_opts = std::iter::once((String::new(), "Not known".to_owned()))
                    .chain(Rank::ALL.iter().map(|r| (r.id().to_owned(), r.row().name.to_owned())))
                    .collect();
                let leader_opts = [("", "None"), ("foot", "Foot leader"), ("mounted", "Mounted leader")]
                    .iter()
                    .map(|(v, t)| ((*v).to_owned(), (*t).to_owned()))
                    .collect();
                let known = u.unit_type();
                let kinds = std::iter::once((String::new(), "Your own type (name it beside)".to_owned()))
                    .chain(data::UNIT_TYPES.iter().map(|t| (t.id.to_owned(), t.name.to_owned())))
                    .collect();
                let selected = self.c.selected == Some(k);
                let brief = brief && !selected;
                let (problems, more_problems) = self.beside_unit(k, self.at(&path));
                let kind = if brief {
                    // One field for a type of the list or the player's own, posting what the
                    // document holds.
                    select(
                        &format!("{path}.type"),
                        "Type, or your own",
                        &u.kind,
                        kinds,
                        Some("/samurai/editor"),
                    )
                    .listed(TYPE_LIST)
                } else {
                    select(
                        &format!("{path}.type"),
                        "Type",
                        known.map_or("", |t| t.id),
                        kinds,
                        Some("/samurai/editor"),
                    )
                };
                UnitRow {
                    head: UnitHead::new(k, u, o, self.s.board, &tokens, brief),
                    side: side_select(&format!("{path}.side"), "Side", &self.s, u.side, brief),
                    kind,
                    own_type: known.is_none().then(|| u.kind.clone()),
                    dice_unknown: u.dice_unknown().then(|| {
                        format!(
                            "No source gives the dice or rank of {}: enter the ones your scenario gives.",
                            u.type_name()
                        )
                    }),
                    rank: select(
                        &format!("{path}.rank"),
                        "Rank",
                        u.rank.map_or("", Rank::id),
                        rank_opts,
                        None,
                    ),
                    leader: select(
                        &format!("{path}.leader"),
                        "Leader",
                        u.leader.map_or("", leader_id),
                        leader_opts,
                        None,
                    ),
                    selected,
                    carried: if brief { brief::carried(u, &path) } else { Vec::new() },
                    figures: if brief { brief::figures(u) } else { String::new() },
                    problems,
                    more_problems,
                    path,
                    u: u.clone(),
                }
            })
            .collect()
    }

    pub fn leader_rows(&self) -> Vec<LeaderRow> {
        let brief = self.brief();
        self.s
            .leaders
            .iter()
            .zip(&self.j.leaders)
            .enumerate()
            .map(|(k, (l, o))| {
                let path = format!("leaders.{k}");
                let kinds = [LeaderKind::Foot, LeaderKind::Mounted]
                    .iter()
                    .map(|x| (leader_id(*x).to_owned(), x.name().to_owned()))
                    .collect();
                let retreat = retreat_words(&o.retreat);
                LeaderRow {
                    index: k,
                    number: k + 1,
                    hex: l.hex.to_string(),
                    side_name: self.s.side_name(l.side).to_owned(),
                    kind_name: l.kind.name().to_lowercase(),
                    side: side_select(&format!("{path}.side"), "Side", &self.s, l.side, brief),
                    kind: select(&format!("{path}.kind"), "Kind", leader_id(l.kind), kinds, None),
                    retreat,
                    problems: self.at(&path),
                    path,
                }
            })
            .collect()
    }

    /// Every lone leader's retreat alone, as a live update draws it again
    /// (`samurai/leader_retreat.html`): none of the rest of its row.
    pub fn leader_retreats(&self) -> Vec<LeaderRetreat> {
        let retreats = self.s.leaders.iter().zip(&self.j.leaders).enumerate();
        retreats.map(|(index, (_, o))| LeaderRetreat { index, retreat: retreat_words(&o.retreat) }).collect()
    }

    pub fn grapple_rows(&self) -> Vec<GrappleRow> {
        self.s
            .grapples
            .iter()
            .enumerate()
            .map(|(k, g)| {
                let path = format!("grapples.{k}");
                GrappleRow {
                    index: k,
                    number: k + 1,
                    a: g.a.to_string(),
                    b: g.b.to_string(),
                    problems: self.at(&path),
                    path,
                }
            })
            .collect()
    }

    /// The units of one side, for the printed orders of battle.
    pub fn side_rows(&self, side: &str) -> Vec<UnitRow> {
        self.unit_rows().into_iter().filter(|r| r.u.side.id() == side).collect()
    }
}
