"""Session storage behind a small interface (SQLite now, PostgreSQL possible)."""

from bot.storage.base import (
    ActionRecord,
    GameResult,
    GuildSettings,
    PlayerStats,
    Seat,
    SeatResult,
    SessionRecord,
    Storage,
    TableClock,
    UserSettings,
    VersionConflict,
)
from bot.storage.sqlite import SqliteStorage

__all__ = [
    "ActionRecord",
    "GameResult",
    "GuildSettings",
    "PlayerStats",
    "Seat",
    "SeatResult",
    "SessionRecord",
    "SqliteStorage",
    "Storage",
    "TableClock",
    "UserSettings",
    "VersionConflict",
]
