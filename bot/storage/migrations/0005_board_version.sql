-- The game version the board on screen shows: a board left behind by a crash
-- (saved, not yet shown) is posted again at start-up.
ALTER TABLE sessions ADD COLUMN board_version INTEGER;
UPDATE sessions SET board_version = version;  -- boards from before count as shown
