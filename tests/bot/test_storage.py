"""SQLite storage: migrations, the version check, the action log."""

import asyncio
from pathlib import Path

import pytest

from bot.storage import ActionRecord, GuildSettings, Seat, SessionRecord, SqliteStorage, VersionConflict
from bot.storage.sqlite import migrations


def record(**changes: object) -> SessionRecord:
    base = SessionRecord(
        game="fortissimo", guild_id=1, lobby_channel_id=2, channel_id=2, host_id=3,
        seats=[Seat(user_id=3, name="host")], seed=7, created_at=0.0, updated_at=0.0,
    )  # fmt: skip
    return base.model_copy(update=changes)


async def test_migrations_run_once_and_are_numbered(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "db.sqlite3"
    storage = SqliteStorage(path)
    await storage.open()
    async with storage.db.execute("PRAGMA user_version") as cursor:
        assert (await cursor.fetchone())[0] == migrations()[-1][0]
    async with storage.db.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    created = await storage.create_session(record())
    await storage.close()
    reopened = SqliteStorage(path)  # a second open must not re-run migrations
    await reopened.open()
    assert (await reopened.get_session(created.id)) == created
    await reopened.close()


async def test_save_refuses_an_old_version_and_writes_nothing(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "db.sqlite3")
    await storage.open()
    stored = await storage.create_session(record())
    first = stored.model_copy(update={"version": 1, "state": "first"})
    log = ActionRecord(session_id=stored.id, seq=1, seat=0, user_id=3, token="fA1", created_at=1.0)
    await storage.save(first, expected_version=0, actions=[log])
    late = stored.model_copy(update={"version": 1, "state": "late"})
    late_log = log.model_copy(update={"token": "fB2"})
    with pytest.raises(VersionConflict):
        await storage.save(late, expected_version=0, actions=[late_log])
    assert (await storage.get_session(stored.id)).state == "first"
    assert [a.token for a in await storage.actions(stored.id)] == ["fA1"]
    await storage.close()


async def test_guild_settings_round_trip(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "db.sqlite3")
    await storage.open()
    assert await storage.guild_settings(5) == GuildSettings()
    changed = GuildSettings(language="en", use_threads=False, turn_clock_minutes=0, game_channels=[7, 8])
    await storage.save_guild_settings(5, changed)
    assert await storage.guild_settings(5) == changed
    await storage.save_guild_settings(5, changed.model_copy(update={"language": None}))
    assert (await storage.guild_settings(5)).language is None
    assert await storage.guild_settings(6) == GuildSettings()  # another server keeps the defaults
    await storage.close()


async def test_one_games_failed_save_never_undoes_anothers(tmp_path: Path) -> None:
    """Two games saving at once on one connection: B's version conflict rolls back
    only B; A's state and its log line are both committed."""
    storage = SqliteStorage(tmp_path / "db.sqlite3")
    await storage.open()
    a = await storage.create_session(record())
    b = await storage.create_session(record())
    log_a = ActionRecord(session_id=a.id, seq=1, seat=0, user_id=3, token="fA1", created_at=1.0)
    saved = a.model_copy(update={"version": 1, "state": "A moved"})
    stale = b.model_copy(update={"version": 1, "state": "B from an old version"})
    results = await asyncio.gather(
        storage.save(saved, 0, [log_a]), storage.save(stale, 5, []), return_exceptions=True
    )
    assert results[0] is None and isinstance(results[1], VersionConflict)
    assert (await storage.get_session(a.id)).state == "A moved"
    assert [x.token for x in await storage.actions(a.id)] == ["fA1"]
    await storage.close()
