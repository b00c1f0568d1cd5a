-- Every server setting of /settings (language came first, in 0001).
ALTER TABLE guild_settings ADD COLUMN use_threads INTEGER NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN dm_notifications INTEGER NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN turn_clock_minutes INTEGER NOT NULL DEFAULT 1440;
ALTER TABLE guild_settings ADD COLUMN missed_turns INTEGER NOT NULL DEFAULT 3;
ALTER TABLE guild_settings ADD COLUMN game_channels TEXT NOT NULL DEFAULT '[]';
