-- Turn clocks and absent players: each table's clock settings, the last human
-- action, and the next time the bot must look at the table.
ALTER TABLE sessions ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';
ALTER TABLE sessions ADD COLUMN last_human_at REAL;
ALTER TABLE sessions ADD COLUMN wake_at REAL;
UPDATE sessions SET last_human_at = updated_at;  -- tables from before count from their last change
CREATE INDEX sessions_by_wake ON sessions (wake_at) WHERE wake_at IS NOT NULL;
ALTER TABLE guild_settings ADD COLUMN abandon_days INTEGER NOT NULL DEFAULT 7;

CREATE TABLE user_settings (
    user_id INTEGER PRIMARY KEY,
    dm_reminders INTEGER NOT NULL DEFAULT 0
);
