-- A Fort Boyard game in which nobody found their code word (the treasure stays in the Fort) has
-- no winner: its players shared a place but were counted as winners. Their places (and so the
-- ratings' skills) stay; the wins go, from the results, the rating history and the standings.
UPDATE result_seats SET won = 0
WHERE session_id IN (SELECT session_id FROM results WHERE game = 'fortboyard' AND reason = 'no_treasure');
UPDATE rating_changes SET won = 0
WHERE session_id IN (SELECT session_id FROM results WHERE game = 'fortboyard' AND reason = 'no_treasure');
UPDATE ratings SET wins = (
    SELECT COUNT(*) FROM rating_changes AS c
    WHERE c.guild_id = ratings.guild_id AND c.game = ratings.game AND c.user_id = ratings.user_id AND c.won = 1
)
WHERE game = 'fortboyard';
