-- A build's revision: every save of its content moves it on by one (see
-- migrations/sqlite/20261230000001_revisions.sql).
ALTER TABLE builds ADD COLUMN revision BIGINT NOT NULL DEFAULT 1 CHECK (revision >= 1);
