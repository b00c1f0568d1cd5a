"""Session storage behind a small interface: SQLite by default, PostgreSQL for a
database of its own or several processes serving one bot."""

from pathlib import Path

from bot.storage.base import (
    EVERY_SHARD,
    MAX_TURN_MINUTES,
    ActionRecord,
    DatabaseUnreachable,
    GameResult,
    GuildSettings,
    PlayerRating,
    PlayerStats,
    RatingChange,
    Seat,
    SeatResult,
    SessionRecord,
    Shards,
    Storage,
    StorageUnavailable,
    TableClock,
    Tutorial,
    UserSettings,
    VersionConflict,
)
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage


def storage_for(database_url: str | None, database_path: Path, pool_size: int = 10) -> Storage:
    """PostgreSQL when a ``DATABASE_URL`` is set, else the SQLite file."""
    if database_url:
        return PostgresStorage(database_url, pool_size)
    return SqliteStorage(database_path)


__all__ = [
    "EVERY_SHARD",
    "MAX_TURN_MINUTES",
    "ActionRecord",
    "DatabaseUnreachable",
    "GameResult",
    "GuildSettings",
    "PlayerRating",
    "PlayerStats",
    "PostgresStorage",
    "RatingChange",
    "Seat",
    "SeatResult",
    "SessionRecord",
    "Shards",
    "SqliteStorage",
    "Storage",
    "StorageUnavailable",
    "TableClock",
    "Tutorial",
    "UserSettings",
    "VersionConflict",
    "storage_for",
]
