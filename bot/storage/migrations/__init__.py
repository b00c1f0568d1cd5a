"""Numbered migrations, one list for both backends: each file is applied once per database.

They are written in SQLite's SQL, kept portable; ``bot.storage.sql.postgres_dialect``
widens the few types PostgreSQL spells otherwise (64-bit ids, double-precision times,
an identity column for session ids). A new file must read the same on both.
"""
