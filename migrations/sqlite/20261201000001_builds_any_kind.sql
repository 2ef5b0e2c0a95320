-- A build's kind is any game the registry knows (src/web/registry.rs), not a list fixed in the
-- schema: a new game adds no migration. SQLite cannot drop a CHECK, so the table is rebuilt with
-- every row copied as it is. The new table's parent reference names the new table, so dropping the
-- old one touches no row of it (and the rename points that reference at `builds` again).
CREATE TABLE builds_new (
    id              TEXT PRIMARY KEY NOT NULL,          -- short unguessable id (80 random bits)
    kind            TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
    name            TEXT NOT NULL,
    document        TEXT NOT NULL CHECK (json_valid(document)),
    engine_version  INTEGER NOT NULL,
    legal           INTEGER NOT NULL CHECK (legal IN (0, 1)),
    summary         TEXT NOT NULL,                       -- one line for the gallery ("$9,636, 2,997 lb")
    created_at      INTEGER NOT NULL,                    -- unix milliseconds
    updated_at      INTEGER NOT NULL,
    parent_id       TEXT REFERENCES builds_new (id) ON DELETE SET NULL,
    edit_token_hash TEXT NOT NULL                        -- SHA-256 of the edit token, hex
) STRICT;

INSERT INTO builds_new (id, kind, name, document, engine_version, legal, summary, created_at, updated_at,
                        parent_id, edit_token_hash)
SELECT id, kind, name, document, engine_version, legal, summary, created_at, updated_at, parent_id,
       edit_token_hash
FROM builds;

DROP TABLE builds;
ALTER TABLE builds_new RENAME TO builds;

CREATE INDEX builds_recent ON builds (kind, updated_at DESC);
CREATE INDEX builds_parent ON builds (parent_id);
