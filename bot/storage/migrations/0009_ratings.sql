-- Ratings, per server, game and player: derived from the results (python -m bot.ratings
-- recompute builds them again). ``ratings`` holds each player's skill now, ``rating_changes``
-- each rated game's skill before and after, per person at the table.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_user ON ratings (guild_id, user_id);

CREATE TABLE rating_changes (
    session_id INTEGER NOT NULL REFERENCES results (session_id),
    seat INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    ended_at REAL NOT NULL,
    won INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX rating_changes_in_order ON rating_changes (guild_id, game, ended_at);
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, user_id, game, ended_at);
