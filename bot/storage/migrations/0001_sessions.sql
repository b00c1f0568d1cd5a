-- Game sessions, their append-only action log, and per-server settings.
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    guild_id INTEGER,
    lobby_channel_id INTEGER NOT NULL,
    lobby_message_id INTEGER,
    channel_id INTEGER NOT NULL,
    board_message_ids TEXT NOT NULL DEFAULT '[]',
    board_posted_at REAL,
    host_id INTEGER NOT NULL,
    status TEXT NOT NULL,
    seats TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    state TEXT,
    recent TEXT NOT NULL DEFAULT '[]',
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX sessions_by_channel ON sessions (channel_id, status);
CREATE INDEX sessions_by_lobby ON sessions (lobby_channel_id, status);

CREATE TABLE actions (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    seq INTEGER NOT NULL,
    seat INTEGER,
    user_id INTEGER,
    token TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    language TEXT
);
