"""Session storage behind a small interface (SQLite now, PostgreSQL possible)."""

from bot.storage.base import ActionRecord, Seat, SessionRecord, Storage, VersionConflict
from bot.storage.sqlite import SqliteStorage

__all__ = ["ActionRecord", "Seat", "SessionRecord", "SqliteStorage", "Storage", "VersionConflict"]
