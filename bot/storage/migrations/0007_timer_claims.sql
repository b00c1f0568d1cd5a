-- Several bot processes on one database: the process handling a table's due timers
-- claims it until claimed_until, so each timer fires once; a dead process's claim lapses.
ALTER TABLE sessions ADD COLUMN claimed_by TEXT;
ALTER TABLE sessions ADD COLUMN claimed_until REAL;
