-- Turn notifications: the messages that pinged players still to act (deleted once they
-- have played), and each player's choice to get them.
ALTER TABLE sessions ADD COLUMN pings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE user_settings ADD COLUMN turn_pings INTEGER NOT NULL DEFAULT 1;
