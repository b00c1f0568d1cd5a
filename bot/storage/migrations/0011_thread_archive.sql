-- A finished or cancelled game's thread is archived a while after its end (a server setting,
-- in hours; 0 keeps threads open): when, for each table whose thread is still to archive.
ALTER TABLE guild_settings ADD COLUMN archive_hours INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sessions ADD COLUMN archive_at REAL;
UPDATE sessions SET wake_at = NULL WHERE status NOT IN ('lobby', 'active');  -- closed tables sleep
