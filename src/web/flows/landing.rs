//! Where the player lands after pressing a button that draws the editor again (add, remove, a
//! hex of the map): the page gives focus to the control that stands where the pressed one
//! stood, so the view does not jump and a keyboard player goes on from there.
//!
//! The rule is the form codec's ([`Op::landing`]): an add keeps its button, a remove goes to the
//! item that took the removed one's place, a move follows its item. Any other button (a hex,
//! "show its options", "Recalculate" without JavaScript) is found again by its own action. The
//! control is marked `autofocus`: without JavaScript the browser focuses it and scrolls it into
//! view when the redrawn page loads; with htmx, static/drydock.js puts it where the pressed
//! button was on the screen and focuses it (and takes the mark off, so htmx does not scroll to
//! it on its own). A fragment anchor would not do: a page with a target element skips
//! `autofocus`, and a post answered with the page has no fragment to give.

use crate::web::http::codec::Op;

/// The `action` values of the buttons to land on after pressing `action`, best first.
pub fn candidates(action: &str) -> Vec<String> {
    match Op::parse(action) {
        Some(op) => op.landing(),
        None if action.is_empty() => Vec::new(),
        // Any other button (a hex, "show its options", "Recalculate" without JavaScript) is
        // found again by its own action.
        None => vec![action.to_owned()],
    }
}

/// `page` after pressing `action`, with the control to land on marked `autofocus`: the first
/// button of [`candidates`] it holds, else the region holding the list the action changed (an
/// element with `data-list` naming the list's path, made focusable for it: the last row of a
/// list without an add button was removed); unchanged when it has neither.
pub fn land(page: String, action: &str) -> String {
    let page = match mark(page, &candidates(action)) {
        Ok(marked) => return marked,
        Err(unmarked) => unmarked,
    };
    let Some(op) = Op::parse(action) else { return page };
    let attr = format!(" data-list=\"{}\"", op.list());
    match page.find(&attr) {
        Some(at) => {
            let mut page = page;
            page.insert_str(at + attr.len(), " tabindex=\"-1\" autofocus");
            page
        }
        None => page,
    }
}

/// `page` with the first button of `candidates` it holds marked `autofocus`, or (`Err`) as it
/// was when it holds none of them.
pub fn mark(mut page: String, candidates: &[String]) -> Result<String, String> {
    for c in candidates {
        // Askama escapes what it writes into an attribute, so a value holding a quote or an
        // angle bracket is never found: such an action lands nowhere, as it should.
        let attr = format!(" name=\"action\" value=\"{c}\"");
        let mut from = 0;
        while let Some(at) = page[from..].find(&attr).map(|i| i + from) {
            let end = at + attr.len();
            let tag = page[..at].rfind('<').map(|open| &page[open..at]);
            // Not the form's hidden default button (the one Enter in a field presses).
            let rest = page[end..].split('>').next().unwrap_or("");
            let shown = !rest.contains("default-submit") && !rest.contains("aria-hidden");
            if shown && tag.is_some_and(|t| t.starts_with("<button ") && !t.contains('>')) {
                page.insert_str(end, " autofocus");
                return Ok(page);
            }
            from = end;
        }
    }
    Err(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(value: &str) -> String {
        format!("<button type=\"submit\" class=\"small\" name=\"action\" value=\"{value}\">x</button>")
    }

    #[test]
    fn an_add_keeps_its_button_and_a_remove_goes_to_the_next_item_then_back() {
        assert_eq!(candidates("add.weapons"), ["add.weapons"]);
        assert_eq!(
            candidates("remove.turrets.0.weapons.2"),
            ["remove.turrets.0.weapons.2", "remove.turrets.0.weapons.1", "add.turrets.0.weapons"]
        );
        assert_eq!(candidates("remove.units.0"), ["remove.units.0", "add.units"]);
        assert_eq!(
            candidates("move.ships.2.up"),
            ["move.ships.1.up", "move.ships.1.down", "move.ships.2.up", "move.ships.2.down"]
        );
        assert_eq!(candidates("move.ships.0.down")[0], "move.ships.1.down");
        assert_eq!(candidates("hex.C4"), ["hex.C4"]);
        assert_eq!(candidates("recalculate"), ["recalculate"]);
        assert!(candidates("").is_empty());
        assert!(candidates("clear.armor.points.X").is_empty());
    }

    #[test]
    fn the_first_candidate_the_page_has_is_marked_and_only_on_a_button() {
        let page = format!(
            "<input type=\"hidden\" name=\"action\" value=\"remove.weapons.1\">{}{}",
            button("remove.weapons.0"),
            button("add.weapons")
        );
        let marked = mark(page.clone(), &candidates("remove.weapons.1")).unwrap_or_default();
        assert_eq!(marked.matches(" autofocus").count(), 1);
        assert!(marked.contains("value=\"remove.weapons.0\" autofocus>"), "{marked}");
        assert_eq!(mark(page.clone(), &candidates("remove.crew.0")), Err(page.clone()), "no crew buttons");
        assert_eq!(mark(page.clone(), &["a\" onclick=\"x".to_owned()]), Err(page));
    }

    #[test]
    fn recalculating_lands_on_the_button_shown_not_the_hidden_default() {
        let page = "<button type=\"submit\" name=\"action\" value=\"recalculate\" class=\"default-submit\" tabindex=\"-1\" aria-hidden=\"true\">Recalculate</button>\
            <noscript><button type=\"submit\" name=\"action\" value=\"recalculate\">Recalculate</button></noscript>"
            .to_owned();
        let landed = land(page, "recalculate");
        assert_eq!(landed.matches(" autofocus").count(), 1);
        assert!(
            landed.contains(
                "<noscript><button type=\"submit\" name=\"action\" value=\"recalculate\" autofocus>"
            ),
            "{landed}"
        );
    }

    #[test]
    fn a_list_emptied_of_its_last_row_lands_on_its_region() {
        let page =
            "<fieldset id=\"sec-grapples\" data-list=\"grapples\"><p>None yet</p></fieldset>".to_owned();
        let landed = land(page.clone(), "remove.grapples.0");
        assert!(
            landed.starts_with(
                "<fieldset id=\"sec-grapples\" data-list=\"grapples\" tabindex=\"-1\" autofocus>"
            )
        );
        assert_eq!(land(page.clone(), "remove.units.0"), page);
        assert_eq!(land(page.clone(), "hex.C4"), page);
        let with_button = format!("{page}{}", button("remove.grapples.0"));
        assert_eq!(land(with_button.clone(), "remove.grapples.0").matches(" autofocus").count(), 1);
    }
}
