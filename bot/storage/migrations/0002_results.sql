-- Finished games, one row per game and one per seat, for stats and history.
CREATE TABLE results (
    session_id INTEGER PRIMARY KEY REFERENCES sessions (id),
    game TEXT NOT NULL,
    guild_id INTEGER,
    ending TEXT NOT NULL,
    reason TEXT NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL NOT NULL
);
CREATE INDEX results_by_guild ON results (guild_id, game, ended_at);

CREATE TABLE result_seats (
    session_id INTEGER NOT NULL REFERENCES results (session_id),
    seat INTEGER NOT NULL,
    user_id INTEGER,
    name TEXT NOT NULL,
    place INTEGER NOT NULL,
    won INTEGER NOT NULL,
    score INTEGER,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX result_seats_by_user ON result_seats (user_id);
