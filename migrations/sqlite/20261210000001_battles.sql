-- A saved BFG fleet's battle, tracked turn by turn: the battle tracker's state (games::bfg::Battle)
-- as JSON, one battle per build. `revision` counts the writes, so two orders sent at once cannot
-- overwrite each other: a write names the revision it read and is refused if another came first.
--
-- No foreign key to builds: builds are never deleted, and a later migration that rebuilds the
-- builds table (as 20261201000001 did, with foreign keys on, inside a transaction where they
-- cannot be switched off) would cascade into this table and lose every battle.
CREATE TABLE battles (
    build_id    TEXT PRIMARY KEY NOT NULL,               -- the fleet's build id
    state       TEXT NOT NULL CHECK (json_valid(state)),
    revision    INTEGER NOT NULL CHECK (revision >= 1),
    started_at  INTEGER NOT NULL,                        -- unix milliseconds
    updated_at  INTEGER NOT NULL
) STRICT;
