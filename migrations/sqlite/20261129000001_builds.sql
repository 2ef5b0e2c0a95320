-- One store for every builder: boats, Epic detachments, and the lists that come later.
CREATE TABLE builds (
    id              TEXT PRIMARY KEY NOT NULL,          -- short unguessable id (80 random bits)
    kind            TEXT NOT NULL CHECK (kind IN ('boat', 'epic')),
    name            TEXT NOT NULL,
    document        TEXT NOT NULL CHECK (json_valid(document)),
    engine_version  INTEGER NOT NULL,
    legal           INTEGER NOT NULL CHECK (legal IN (0, 1)),
    summary         TEXT NOT NULL,                       -- one line for the gallery ("$9,636, 2,997 lb")
    created_at      INTEGER NOT NULL,                    -- unix milliseconds
    updated_at      INTEGER NOT NULL,
    parent_id       TEXT REFERENCES builds (id) ON DELETE SET NULL,
    edit_token_hash TEXT NOT NULL                        -- SHA-256 of the edit token, hex
) STRICT;

CREATE INDEX builds_recent ON builds (kind, updated_at DESC);
CREATE INDEX builds_parent ON builds (parent_id);
