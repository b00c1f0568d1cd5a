-- A newcomer's rating now starts less uncertain (bot/ratings.py, NEWCOMER_SIGMA), so that a first
-- game moves it sensibly: every rating is built again from the stored results once this is applied
-- (bot/storage/sql.py, ``_migrated``; the same as ``python -m bot.storage.recompute``).
DELETE FROM rating_changes;
DELETE FROM ratings;
