//! What the scenario pages show, prepared for the templates: the map, the selected unit's
//! options in words, and the problems placed beside them; the orders of battle's rows are in
//! `orders.rs`. Nothing here judges a rule; it arranges what the engine said.

use super::brief::{self, FULL_ROWS_UP_TO, TYPE_LIST};
use super::map::{Clicks, MapView};
use crate::games::samurai::data::{self, Status};
use crate::games::samurai::rules::{self, NavalRule};
use crate::games::samurai::{
    self, Card, Direction, Hex, Judgement, Layout, LeaderKind, Scenario, Side, UnitOptions,
};
use crate::games::{Problem, bounds, line};
use crate::web::flows::view::{Judged, ProblemView, Select, Slot, Verdict, first_problems, select, slot_id};
use crate::web::http::fields::Fields;
use std::borrow::Cow;

// A hex's name ("D5") keeps its own `Display`; a template writes it through its escaper in one
// write, not through `write!` (some 290 instructions each, seven a live update).
crate::written!(fast: crate::games::samurai::Hex);

/// What a click on a hex does in the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    #[default]
    Select,
    Land,
    Ocean,
    Unit,
    Leader,
}

impl Tool {
    pub const ALL: [(Tool, &'static str, &'static str); 5] = [
        (Tool::Select, "select", "Select the unit on it"),
        (Tool::Land, "land", "Make it land"),
        (Tool::Ocean, "ocean", "Make it ocean"),
        (Tool::Unit, "unit", "Place a new unit"),
        (Tool::Leader, "leader", "Place a lone leader"),
    ];

    pub fn parse(s: &str) -> Tool {
        Tool::ALL.iter().find(|(_, id, _)| *id == s).map_or(Tool::Select, |(t, _, _)| *t)
    }

    pub fn id(self) -> &'static str {
        Tool::ALL.iter().find(|(t, _, _)| *t == self).map_or("select", |(_, id, _)| id)
    }
}

/// The editor's own choices, not part of the scenario: the tool, what a new piece will be, and
/// the selected unit.
#[derive(Debug, Clone)]
pub struct Choices {
    pub tool: Tool,
    pub new_type: String,
    pub new_side: Side,
    pub new_leader: LeaderKind,
    pub selected: Option<usize>,
    /// A lone leader chosen on the map (when no unit is chosen).
    pub leader: Option<usize>,
    /// The map drawn zoomed in (big enough to tap each hex on a phone).
    pub zoom: bool,
    /// The side whose threat map the map shows (off by default).
    pub threat: Option<Side>,
    /// The key of the map the page shows (`map_key`, see [`SamuraiView::live_map`]), if the
    /// request sent one.
    pub map_key: Option<String>,
}

/// The type a new unit is unless the player chooses another.
const FIRST_TYPE: &str = "ashigaru-bow";

impl Default for Choices {
    fn default() -> Self {
        Choices {
            tool: Tool::Select,
            new_type: FIRST_TYPE.to_owned(),
            new_side: Side::A,
            new_leader: LeaderKind::Foot,
            selected: None,
            leader: None,
            zoom: false,
            threat: None,
            map_key: None,
        }
    }
}

impl Choices {
    /// The choices a posted editor form carries, after its button: a hex pressed with the select
    /// tool (or where a unit was just placed) selects the unit there; "select.3" selects unit 3.
    pub fn posted(s: &Scenario, f: &Fields) -> Self {
        let [tool, new_type, new_side, new_leader, selected, zoom, threat, map_key, action] = f.get_each([
            "tool",
            "new_type",
            "new_side",
            "new_leader",
            "selected",
            "zoom",
            "threat",
            "map_key",
            "action",
        ]);
        let mut c = Choices {
            tool: Tool::parse(tool.unwrap_or("")),
            new_type: new_type.unwrap_or(FIRST_TYPE).to_owned(),
            new_side: if new_side == Some("b") { Side::B } else { Side::A },
            new_leader: if new_leader == Some("mounted") { LeaderKind::Mounted } else { LeaderKind::Foot },
            selected: selected.and_then(|v| v.parse().ok()),
            leader: None,
            zoom: zoom.is_some_and(|z| !matches!(z, "" | "off" | "0")),
            // The form's own choice is one of its options: anything else reads as off.
            threat: threat.and_then(|t| super::threat::parse(t).ok().flatten()),
            map_key: map_key.map(str::to_owned),
        };
        let action = action.unwrap_or("");
        if let Some(h) = action.strip_prefix("hex.").and_then(Hex::parse) {
            let at = s.units.iter().position(|u| u.hex == h);
            match c.tool {
                Tool::Select => c.choose(s, h),
                Tool::Unit => c.selected = at.or(c.selected),
                _ => {}
            }
        } else if let Some(k) = action.strip_prefix("select.").and_then(|k| k.parse().ok()) {
            c.selected = Some(k);
        } else if action.starts_with("remove.units.") {
            c.selected = None;
        }
        c.selected = c.selected.filter(|&k| k < s.units.len());
        c
    }

    /// Chooses what is on a hex: its unit, else its lone leader, else nothing.
    pub fn choose(&mut self, s: &Scenario, h: Hex) {
        self.selected = s.units.iter().position(|u| u.hex == h);
        self.leader = if self.selected.is_none() { s.leaders.iter().position(|l| l.hex == h) } else { None };
    }
}

/// A chosen lone leader, in words.
pub struct LeaderPanel {
    pub heading: String,
    pub place: &'static str,
    pub retreat: String,
    pub notes: Vec<NoteView>,
}

/// What a live update does with the editor's map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveMap {
    /// The page already shows this very map (the key it sent is the map's key now): the answer
    /// leaves it out, and the map on the page stays as it is.
    Kept,
    /// The map is drawn, out of band, as it always was; with the map's new key when the page
    /// sent one (a page that sent none gets the answer it always got, byte for byte).
    Drawn { key: Option<String> },
}

/// A scenario judged, for every page of the builder.
pub struct SamuraiView {
    pub s: Scenario,
    pub j: Judgement,
    pub verdict: Verdict,
    pub c: Choices,
}

impl Judged for SamuraiView {
    fn verdict(&self) -> &Verdict {
        &self.verdict
    }
    fn verdict_mut(&mut self) -> &mut Verdict {
        &mut self.verdict
    }
    /// A scenario has no points: its sides' strengths and the wind. "6 v 5 units · wind east".
    fn headline(&self) -> String {
        let count = |side: Side| self.s.units.iter().filter(|u| u.side == side).count();
        line(&[&count(Side::A), &" v ", &count(Side::B), &" units · wind ", &self.s.wind.names()])
    }
}

/// One of the wind's six boxes in the editor.
pub struct WindBox {
    pub name: String,
    pub id: String,
    pub value: &'static str,
    pub label: String,
    pub on: bool,
}

/// One note, with the rule it cites.
pub struct NoteView {
    pub text: String,
    pub rule: &'static NavalRule,
}

/// The selected unit's options, in words.
pub struct Panel {
    pub index: usize,
    pub heading: String,
    pub place: &'static str,
    pub moves: String,
    pub landings: String,
    pub dice: String,
    pub ignores: String,
    pub leader: Option<String>,
    /// Enemy boats it may grapple: (hex, action for the editor's button).
    pub grapple: Vec<(String, String)>,
    pub sever: Vec<(String, String)>,
    pub defaults: String,
    pub notes: Vec<NoteView>,
}

pub(super) fn hex_list(v: &[Hex]) -> String {
    samurai::hex::listed(v, ", ").to_string()
}

/// A side's choice, its options named by the sides' names, or `brief`ly by their letters.
pub(super) fn side_select(name: &str, label: &str, s: &Scenario, current: Side, brief: bool) -> Select {
    let named =
        |x: Side| if brief { x.id().to_uppercase() } else { bounds::short(s.side_name(x)).into_owned() };
    let opts = Side::BOTH.iter().map(|&x| (x.id().to_owned(), named(x))).collect();
    select(name, label, current.id(), opts, None)
}

/// "close 2, ranged 2, range 3 (unverified)" for a type's defaults.
pub fn defaults(t: &data::UnitType) -> String {
    let rank = t.rank.map_or("rank not known", |r| r.row().name);
    let mut d = format!("{}: {rank}, close {}", t.name, t.close);
    if t.ranged > 0 {
        d.push_str(&format!(", ranged {} at up to {}", t.ranged, t.range));
    }
    if t.mounted {
        d.push_str(", mounted");
    }
    if t.status != Status::Verified {
        d.push_str(&format!(" ({}: {})", t.status.mark(), t.note));
    }
    d
}

impl SamuraiView {
    pub fn new(s: Scenario, form_problems: Vec<Problem>, c: Choices) -> Self {
        let j = samurai::check(&s);
        Self::judged(s, j, form_problems, c)
    }

    /// The view a live update draws: the chosen unit's options worked out in full, and every
    /// unit's when a threat map is shown (it reaches from each of them); the others as they
    /// stand (`samurai::check_showing`), for the update draws no more of them. The tests hold
    /// what it draws to what the view of [`SamuraiView::new`] draws.
    pub fn live(s: Scenario, form_problems: Vec<Problem>, c: Choices) -> Self {
        let all = c.threat.is_some();
        let j = samurai::check_showing(&s, |k| all || c.selected == Some(k));
        Self::judged(s, j, form_problems, c)
    }

    fn judged(s: Scenario, j: Judgement, form_problems: Vec<Problem>, c: Choices) -> Self {
        let slots = || {
            let mut paths: Vec<String> =
                ["version", "name", "board", "wind", "terrain"].map(String::from).into();
            paths.extend((0..s.units.len()).map(|k| format!("units.{k}")));
            paths.extend((0..s.leaders.len()).map(|k| format!("leaders.{k}")));
            paths.extend((0..s.grapples.len()).map(|k| format!("grapples.{k}")));
            paths
        };
        let verdict = Verdict::new(form_problems, &j.problems, slots, terrain_at_map);
        SamuraiView { s, j, verdict, c }
    }

    pub fn title(&self) -> &str {
        samurai::title(&self.s)
    }

    pub fn summary(&self) -> String {
        samurai::summary(&self.s, &self.j)
    }

    pub fn text(&self) -> String {
        samurai::text_export(&self.s, &self.j)
    }

    pub fn legal(&self) -> bool {
        self.verdict.legal()
    }

    pub fn at(&self, path: &str) -> Vec<ProblemView> {
        self.verdict.at(path)
    }

    pub fn selected(&self) -> Option<&UnitOptions> {
        self.c.selected.and_then(|k| self.j.units.get(k))
    }

    /// The side's threat map chosen, if one is.
    pub fn threat(&self) -> Option<samurai::Threat> {
        super::threat::of(&self.j, self.c.threat)
    }

    /// The editor's choice of a threat map.
    pub fn threat_choice(&self) -> Select {
        super::threat::choice(&self.s, self.c.threat)
    }

    /// The editor's map: each hex a button.
    pub fn editor_map(&self) -> MapView {
        let t = self.threat();
        MapView::new(&self.s, &self.j, self.selected(), t.as_ref(), self.editor_clicks(), self.c.zoom)
    }

    /// The same map with every hex drawn whole, none kept (see [`map::Plain`](super::map::Plain)):
    /// the tests hold the kept drawing to it.
    #[cfg(test)]
    pub fn editor_map_whole(&self) -> MapView {
        let t = self.threat();
        let clicks = self.editor_clicks();
        MapView::drawn(&self.s, &self.j, self.selected(), t.as_ref(), clicks, self.c.zoom, false)
    }

    fn editor_clicks(&self) -> Clicks {
        Clicks::Buttons { post: "/samurai/editor", brief: self.brief() }
    }

    /// The key of [`Self::editor_map`] (see [`map::key`](super::map::key)), as the editor's map
    /// carries it (`data-map-key`) and its live updates post it (`map_key`): 16 hex digits.
    pub fn map_key(&self) -> String {
        let t = self.threat();
        let (clicks, zoom) = (self.editor_clicks(), self.c.zoom);
        let key = super::map::key(&self.s, &self.j, self.selected(), t.as_ref(), &clicks, zoom);
        format!("{key:016x}")
    }

    /// Whether a live update draws the map again: only when the page's key (posted as
    /// `map_key` by static/drydock.js) is not the key of the map as it would be drawn now. Most keystrokes (a name, a
    /// unit's dice) change nothing the map shows, and the map is most of a live answer's bytes.
    pub fn live_map(&self) -> LiveMap {
        let Some(posted) = &self.c.map_key else { return LiveMap::Drawn { key: None } };
        let key = self.map_key();
        if *posted == key { LiveMap::Kept } else { LiveMap::Drawn { key: Some(key) } }
    }

    /// A saved scenario's map: each hex a link to its page with that hex chosen.
    pub fn linked_map(&self, base: String) -> MapView {
        let (t, links) = (self.threat(), Clicks::Links { base });
        let mut map = MapView::new(&self.s, &self.j, self.selected(), t.as_ref(), links, self.c.zoom);
        map.chosen = self
            .selected()
            .map(|o| o.hex)
            .or_else(|| self.c.leader.and_then(|k| self.s.leaders.get(k)).map(|l| l.hex));
        map
    }

    /// The printed map: nothing highlighted, nothing to click.
    pub fn printed_map(&self) -> MapView {
        MapView::new(&self.s, &self.j, None, None, Clicks::None, false)
    }

    /// The six directions the wind and tide may blow toward, each a box, ticked when it does.
    /// The field names are the list's items by direction (`wind.3`), after an empty `wind` so
    /// that none ticked reads as none, not as the default.
    pub fn wind_boxes(&self) -> Vec<WindBox> {
        Direction::ALL
            .iter()
            .enumerate()
            .map(|(k, d)| WindBox {
                name: format!("wind.{k}"),
                id: format!("f-wind-{}", d.id()),
                value: d.id(),
                label: format!("Toward the {}", d.name()),
                on: self.s.wind.contains(*d),
            })
            .collect()
    }

    pub fn card_select(&self) -> Select {
        let opts = Card::ALL.iter().map(|c| (c.id().to_owned(), c.name().to_owned())).collect();
        select("card", "Show the options for", self.s.card.id(), opts, None)
    }

    pub fn new_type_select(&self) -> Select {
        let opts = data::UNIT_TYPES.iter().map(|t| (t.id.to_owned(), t.name.to_owned())).collect();
        select("new_type", "New unit's type", &self.c.new_type, opts, None)
    }

    pub fn new_side_select(&self) -> Select {
        side_select("new_side", "New piece's side", &self.s, self.c.new_side, false)
    }

    /// Whether the orders of battle are drawn briefly: past [`FULL_ROWS_UP_TO`] rows, each row
    /// but the chosen unit's shows its side (by letter), hex and type as fields (the type a
    /// field offering one shared list of the types, or naming the player's own), its figures
    /// in words, and carries the rest hidden; choosing the unit draws its row whole.
    pub fn brief(&self) -> bool {
        self.s.units.len() + self.s.leaders.len() > FULL_ROWS_UP_TO
    }

    /// The shared list of unit types (its id, and its options: id and name) when rows are brief.
    pub fn type_datalist(&self) -> Option<(&'static str, Vec<(String, String)>)> {
        self.brief().then(|| {
            (TYPE_LIST, data::UNIT_TYPES.iter().map(|t| (t.id.to_owned(), t.name.to_owned())).collect())
        })
    }

    pub fn new_leader_select(&self) -> Select {
        let opts = [LeaderKind::Foot, LeaderKind::Mounted]
            .iter()
            .map(|k| (leader_id(*k).to_owned(), k.name().to_owned()))
            .collect();
        select("new_leader", "New lone leader", leader_id(self.c.new_leader), opts, None)
    }

    /// The board's land, a row a line, for the form's hidden inputs.
    pub fn terrain(&self) -> Vec<(usize, &str)> {
        self.s.terrain.iter().map(String::as_str).enumerate().collect()
    }

    pub fn rules(&self) -> &'static [&'static NavalRule] {
        rules::RULES
    }

    /// The selected unit's options in words.
    pub fn panel(&self) -> Option<Panel> {
        let o = self.selected()?;
        let u = &self.s.units[o.id];
        let place = super::legend::place(self.s.board.contains(u.hex), o);
        let (one, two): (Vec<Hex>, Vec<Hex>) =
            o.moves.iter().filter(|h| !o.landings.contains(h)).partition(|h| o.hex.distance(**h) == 1);
        let moves = match (one.is_empty(), two.is_empty()) {
            (true, true) if o.naval => "None this turn.".to_owned(),
            (true, true) => "By the usual land rules (not worked out here).".to_owned(),
            (false, true) => format!("One hex: {}.", hex_list(&one)),
            (true, false) => format!("Two hexes: {}.", hex_list(&two)),
            (false, false) => format!("One hex: {}. Two hexes: {}.", hex_list(&one), hex_list(&two)),
        };
        let landings = if o.landings.is_empty() {
            String::new()
        } else if o.naval {
            format!("Disembark onto {}.", hex_list(&o.landings))
        } else {
            format!("Embark onto {}.", hex_list(&o.landings))
        };
        let mut dice = format!("Close combat {}", o.dice.close);
        if let Some(v) = o.dice.close_vs_naval {
            dice.push_str(&format!(" ({v} against a boat beside it)"));
        }
        if let Some(i) = o.dice.inspired {
            dice.push_str(&format!(", {i} inspired by its leader"));
        }
        dice.push_str(&format!("; ranged {}.", o.dice.ranged));
        if u.dice_unknown() {
            dice = "Not set yet: no source gives this type's dice, so enter the ones your scenario gives (until then it rolls none).".to_owned();
        }
        let ignores = match o.ignores {
            None => "Its rank is not known: set it to see which swords it ignores.".to_owned(),
            Some(i) => {
                let mut t = format!(
                    "Swords ignored in close combat: {} from circle units, {} from triangle, {} from square",
                    i.circle, i.triangle, i.square
                );
                if i.cavalry {
                    t.push_str("; one more from units on foot (cavalry)");
                }
                t.push('.');
                t
            }
        };
        let leader = u.leader.map(|k| {
            let moves =
                if o.leader_moves.is_empty() { "nowhere".to_owned() } else { hex_list(&o.leader_moves) };
            let retreat = match &o.leader_retreat {
                Some(r) if r.seppuku => "; forced back, it must commit seppuku".to_owned(),
                Some(r) if !r.hexes.is_empty() => {
                    format!("; forced back, it may retreat to {}", hex_list(&r.hexes))
                }
                _ => String::new(),
            };
            if o.naval {
                format!("{} aboard: it may cross to {moves}{retreat}.", k.name())
            } else {
                format!("{} attached.", k.name())
            }
        });
        let pair = |h: &Hex, verb: &str| (h.to_string(), format!("{verb}.{}.{h}", o.hex));
        Some(Panel {
            index: o.id,
            heading: format!(
                "Unit {}: {} of {} at {}",
                o.id + 1,
                u.type_name(),
                self.s.side_name(u.side),
                u.hex
            ),
            place,
            moves,
            landings,
            dice,
            ignores,
            leader,
            grapple: o.grapple.iter().map(|h| pair(h, "grapple")).collect(),
            sever: o.sever.iter().map(|h| pair(h, "ungrapple")).collect(),
            defaults: u.unit_type().map_or_else(
                || format!("{} is the scenario's own type: its figures are as set.", u.type_name()),
                defaults,
            ),
            notes: o
                .notes
                .iter()
                .filter_map(|n| rules::rule(n.rule).map(|rule| NoteView { text: n.text.to_string(), rule }))
                .collect(),
        })
    }

    /// The chosen lone leader, in words.
    pub fn leader_panel(&self) -> Option<LeaderPanel> {
        let k = self.c.leader?;
        let (l, o) = (self.s.leaders.get(k)?, self.j.leaders.get(k)?);
        let layout = Layout::new(&self.s);
        let place = if !layout.on_board(l.hex) {
            "off the board"
        } else if layout.ocean(l.hex) {
            "alone on open ocean"
        } else if layout.shore(l.hex) {
            "on the shore"
        } else {
            "ashore"
        };
        Some(LeaderPanel {
            heading: format!(
                "Lone leader {}: {} of {} at {}",
                k + 1,
                l.kind.name(),
                self.s.side_name(l.side),
                l.hex
            ),
            place,
            retreat: retreat_words(&o.retreat),
            notes: o
                .notes
                .iter()
                .filter_map(|n| rules::rule(n.rule).map(|rule| NoteView { text: n.text.to_string(), rule }))
                .collect(),
        })
    }

    /// The problems shown beside unit `k`'s row, of its `problems`, and how many are left out:
    /// a brief row shows its first few (a scenario of 200 units each carrying five problems,
    /// every one naming its units, drew over a mebibyte); the chosen unit's row shows them all.
    pub(super) fn beside_unit(&self, k: usize, problems: Vec<ProblemView>) -> (Vec<ProblemView>, usize) {
        if self.brief() && self.c.selected != Some(k) {
            first_problems(problems, brief::PROBLEMS_BESIDE)
        } else {
            (problems, 0)
        }
    }

    /// Every problems slot for a live update, brief rows' as [`Self::beside_unit`] shows them.
    pub fn live_slots(&self) -> Vec<Slot> {
        let mut slots = self.verdict.slots();
        if !self.brief() {
            return slots;
        }
        for k in 0..self.s.units.len() {
            let id = slot_id(&format!("units.{k}"));
            if let Some(slot) = slots.iter_mut().find(|s| s.0 == id) {
                let (shown, more) = self.beside_unit(k, std::mem::take(&mut slot.1));
                (slot.1, slot.2) = (shown, more);
            }
        }
        slots
    }

    pub fn side_name(&self, side: &str) -> &str {
        self.s.side_name(if side == "b" { Side::B } else { Side::A })
    }

    pub fn slot(&self, path: &str) -> String {
        slot_id(path)
    }
}

/// A lone leader's retreat in words.
pub(super) fn retreat_words(r: &samurai::Retreat) -> String {
    if r.seppuku {
        "Forced back, it must commit seppuku (only open ocean behind).".to_owned()
    } else if r.hexes.is_empty() {
        "Nowhere to retreat toward its edge.".to_owned()
    } else {
        format!("Retreats toward {}.", hex_list(&r.hexes))
    }
}

/// Terrain rows have no inputs of their own: their problems show under the map.
fn terrain_at_map(part: &str) -> Cow<'_, str> {
    if part.starts_with("terrain.") { Cow::Borrowed("terrain") } else { Cow::Borrowed(part) }
}

pub(super) fn leader_id(k: LeaderKind) -> &'static str {
    match k {
        LeaderKind::Foot => "foot",
        LeaderKind::Mounted => "mounted",
    }
}
