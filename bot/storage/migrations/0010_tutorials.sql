-- A tutorial's table: its lesson and the learner's language (JSON); NULL for a real game.
ALTER TABLE sessions ADD COLUMN tutorial TEXT;
