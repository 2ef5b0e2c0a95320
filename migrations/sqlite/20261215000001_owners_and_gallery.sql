-- Owners and the gallery. Every column is added in place: no row is copied, rebuilt or lost, and
-- every build saved before stays in the gallery as it was.
--
-- listing     'listed' (in the gallery), 'unlisted' (reached by its link only), or 'copy': made
--             by "Edit a copy" and not yet saved by its owner, so not in the gallery until it is.
-- deleted_at  unix milliseconds, when its owner deleted it. The row stays as a tombstone, so its
--             link answers 410 ("deleted") instead of 404 and its copies can say their original
--             was deleted; deleting empties its name, document and summary.
-- cost, points, tag, parts
--             what the gallery sorts, filters and searches by, as the game's builder judged the
--             document (web::builder::Builder::facets): its cost in dollars, its points, a tag
--             such as a boat's hull or a fleet's faction, and the parts it holds as lower-case
--             text. `parts` is NULL until judged: rows saved before this migration are judged
--             again when the server starts (web::registry::fill_facets).
ALTER TABLE builds ADD COLUMN listing TEXT NOT NULL DEFAULT 'listed'
    CHECK (listing IN ('listed', 'unlisted', 'copy'));
ALTER TABLE builds ADD COLUMN deleted_at INTEGER;
ALTER TABLE builds ADD COLUMN cost INTEGER;
ALTER TABLE builds ADD COLUMN points INTEGER;
ALTER TABLE builds ADD COLUMN tag TEXT;
ALTER TABLE builds ADD COLUMN parts TEXT;

-- The gallery reads listed, live builds newest first.
CREATE INDEX builds_gallery ON builds (listing, updated_at DESC) WHERE deleted_at IS NULL;
-- The tags the gallery's filter offers, read from this small index rather than the table.
CREATE INDEX builds_tags ON builds (kind, tag)
    WHERE listing = 'listed' AND deleted_at IS NULL AND tag IS NOT NULL;
-- Rows still to be judged for their facets, found without a scan.
CREATE INDEX builds_unjudged ON builds (kind) WHERE parts IS NULL;
