-- Whether a table offers its players the 💡 Hint control (the lobby's option, on by default).
ALTER TABLE sessions ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
