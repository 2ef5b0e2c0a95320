-- Two editors of one build (its owner on two devices, a shared edit link): every save of a
-- build's content moves its revision on by one, and a save from a form opened at an older
-- revision is refused as a conflict instead of overwriting the other save. Added in place: every
-- build saved before starts at revision 1.
ALTER TABLE builds ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1);
