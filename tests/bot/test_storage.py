"""Storage, on SQLite and on PostgreSQL: migrations, the version check, the action log,
results, settings and the timekeeper's claims."""

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.storage import (
    ActionRecord,
    GameResult,
    GuildSettings,
    PostgresStorage,
    Seat,
    SeatResult,
    SessionRecord,
    Shards,
    SqliteStorage,
    Storage,
    UserSettings,
    VersionConflict,
)
from bot.storage.migrations import migrations
from bot.storage.sql import TABLES

GUILD = 1_234_567_890_123_456_789  # Discord ids need 64 bits
NOW = 1_750_000_000.123456  # times keep their microseconds


def record(**changes: object) -> SessionRecord:
    base = SessionRecord(
        game="fortissimo",
        guild_id=GUILD,
        lobby_channel_id=2,
        channel_id=2,
        host_id=3,
        seats=[Seat(user_id=3, name="host")],
        seed=7,
        created_at=NOW,
        updated_at=NOW,
    )
    return base.model_copy(update=changes)


def reopened(storage: Storage) -> Storage:
    """A second storage on the same database, as a restarted or another process has."""
    if isinstance(storage, SqliteStorage):
        return SqliteStorage(storage.path)
    assert isinstance(storage, PostgresStorage)
    return PostgresStorage(storage.url, pool_size=2)


async def applied_migrations(storage: Storage) -> list[int]:
    if isinstance(storage, SqliteStorage):
        async with storage.db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
        async with storage.db.execute("PRAGMA user_version") as cursor:
            return list(range(1, (await cursor.fetchone())[0] + 1))
    async with storage.pool.acquire() as conn:
        return [row["number"] for row in await conn.fetch("SELECT number FROM schema_migrations ORDER BY number")]


async def test_migrations_run_once_and_are_numbered(storage: Storage) -> None:
    assert [number for number, _ in migrations()] == list(range(1, len(migrations()) + 1))
    assert await applied_migrations(storage) == [number for number, _ in migrations()]
    created = await storage.create_session(record())
    again = reopened(storage)  # a second open must not re-run migrations
    await again.open()
    await again.open()  # opening twice is harmless
    assert await again.get_session(created.id) == created
    assert await applied_migrations(again) == [number for number, _ in migrations()]
    await again.close()


async def test_sqlite_folder_is_created(tmp_path: Path) -> None:
    storage = SqliteStorage(tmp_path / "sub" / "db.sqlite3")
    await storage.open()
    assert (tmp_path / "sub" / "db.sqlite3").exists()
    await storage.close()


async def test_both_backends_build_the_same_tables(tmp_path: Path, pg_url: str) -> None:
    """One list of migrations: every table has the same columns on either database."""
    sqlite, postgres = SqliteStorage(tmp_path / "db.sqlite3"), PostgresStorage(pg_url, pool_size=2)
    await sqlite.open()
    await postgres.open()
    for table in TABLES:
        async with sqlite.db.execute(f"SELECT name FROM pragma_table_info('{table}') ORDER BY cid") as cursor:
            columns = [row[0] for row in await cursor.fetchall()]
        async with postgres.pool.acquire() as conn:
            found = await conn.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position",
                table,
            )
        assert [row["column_name"] for row in found] == columns, table
    await sqlite.close()
    await postgres.close()


async def test_save_refuses_an_old_version_and_writes_nothing(storage: Storage) -> None:
    stored = await storage.create_session(record())
    first = stored.model_copy(update={"version": 1, "state": "first"})
    log = ActionRecord(session_id=stored.id, seq=1, seat=0, user_id=3, token="fA1", created_at=NOW)
    await storage.save(first, expected_version=0, actions=[log])
    late = stored.model_copy(update={"version": 1, "state": "late"})
    late_log = log.model_copy(update={"token": "fB2"})
    with pytest.raises(VersionConflict):
        await storage.save(late, expected_version=0, actions=[late_log])
    assert (await storage.get_session(stored.id)).state == "first"
    assert await storage.actions(stored.id) == [log]


async def test_a_failed_save_leaves_no_half(storage: Storage) -> None:
    """State, actions and result in one transaction: a log line that cannot be written
    (its sequence number is taken) takes the new state and the result back with it."""
    stored = await storage.create_session(record(status="active"))
    log = ActionRecord(session_id=stored.id, seq=1, seat=0, user_id=3, token="fA1", created_at=NOW)
    await storage.save(stored.model_copy(update={"version": 1}), 0, [log])
    ended = stored.model_copy(update={"version": 2, "status": "finished"})
    result = GameResult(
        session_id=stored.id,
        game="fortissimo",
        guild_id=GUILD,
        ending="finished",
        reason="ten_cards",
        started_at=NOW,
        ended_at=NOW + 60,
        seats=[SeatResult(seat=0, user_id=3, name="host", place=1, won=True)],
    )
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await storage.save(ended, 1, [log], result)
    assert (await storage.get_session(stored.id)).version == 1
    assert await storage.results(GUILD) == []


async def test_sessions_results_and_stats_round_trip(storage: Storage) -> None:
    a = await storage.create_session(record(status="active"))
    b = await storage.create_session(record(channel_id=9, game="fireship"))
    assert [r.id for r in await storage.find_sessions(guild_id=GUILD)] == [b.id, a.id]
    assert [r.id for r in await storage.find_sessions(channel_id=2, statuses=("active",))] == [a.id]
    assert [r.id for r in await storage.find_sessions(game="fireship", channel_id=9)] == [b.id]
    for ended, winner in ((NOW + 10, 3), (NOW + 20, 4)):
        sid = (await storage.create_session(record(status="active"))).id
        result = GameResult(
            session_id=sid,
            game="fortissimo",
            guild_id=GUILD,
            ending="finished",
            reason="ten_cards",
            started_at=NOW,
            ended_at=ended,
            seats=[
                SeatResult(seat=0, user_id=3, name="ann", place=1 if winner == 3 else 2, won=winner == 3, score=5),
                SeatResult(seat=1, user_id=4, name="ben", place=1 if winner == 4 else 2, won=winner == 4),
                SeatResult(seat=2, user_id=None, name="", place=3, won=False),
            ],
        )
        done = (await storage.get_session(sid)).model_copy(update={"status": "finished", "version": 1})
        await storage.save(done, 0, [], result)
    results = await storage.results(GUILD)
    assert [r.ended_at for r in results] == [NOW + 20, NOW + 10]
    assert results[1].seats[0] == SeatResult(seat=0, user_id=3, name="ann", place=1, won=True, score=5)
    assert await storage.results(GUILD, game="fireship") == []
    stats = await storage.player_stats(GUILD, 3)
    assert [(s.game, s.games, s.wins) for s in stats] == [("fortissimo", 2, 1)]
    board = await storage.leaderboard(GUILD, "fortissimo")
    assert [(s.user_id, s.wins) for s in board] == [(3, 1), (4, 1)]  # computers are left out


async def test_guild_and_user_settings_round_trip(storage: Storage) -> None:
    assert await storage.guild_settings(5) == GuildSettings()
    changed = GuildSettings(language="en", use_threads=False, turn_clock_minutes=0, game_channels=[7, GUILD])
    await storage.save_guild_settings(5, changed)
    assert await storage.guild_settings(5) == changed
    await storage.save_guild_settings(5, changed.model_copy(update={"language": None}))
    assert (await storage.guild_settings(5)).language is None
    assert await storage.guild_settings(6) == GuildSettings()  # another server keeps the defaults
    assert await storage.user_settings(GUILD) == UserSettings()
    await storage.save_user_settings(GUILD, UserSettings(dm_reminders=True, turn_pings=False))
    assert await storage.user_settings(GUILD) == UserSettings(dm_reminders=True, turn_pings=False)


async def test_one_games_failed_save_never_undoes_anothers(storage: Storage) -> None:
    """Two games saving at once: B's version conflict rolls back only B; A's state and
    its log line are both committed."""
    a = await storage.create_session(record())
    b = await storage.create_session(record())
    log_a = ActionRecord(session_id=a.id, seq=1, seat=0, user_id=3, token="fA1", created_at=1.0)
    saved = a.model_copy(update={"version": 1, "state": "A moved"})
    stale = b.model_copy(update={"version": 1, "state": "B from an old version"})
    results = await asyncio.gather(storage.save(saved, 0, [log_a]), storage.save(stale, 5, []), return_exceptions=True)
    assert results[0] is None and isinstance(results[1], VersionConflict)
    assert (await storage.get_session(a.id)).state == "A moved"
    assert [x.token for x in await storage.actions(a.id)] == ["fA1"]


async def test_due_tables_are_claimed_once_and_a_claim_lapses(storage: Storage) -> None:
    due = [await storage.create_session(record(wake_at=wake)) for wake in (50.0, 10.0, 500.0)]
    await storage.create_session(record(wake_at=5.0, status="finished"))  # closed tables sleep
    assert await storage.claim_due(100.0, 160.0, "first") == [due[1].id, due[0].id]  # oldest first
    assert await storage.claim_due(100.0, 160.0, "second") == []
    assert await storage.next_wake() == 160.0  # when the claims lapse; the third table wakes later
    await storage.release(due[0].id, "second")  # only its owner gives a claim back
    await storage.release(due[1].id, "first")
    assert await storage.claim_due(100.0, 170.0, "second") == [due[1].id]
    # "first" died: its claim lapsed; a process may claim again what it holds itself
    assert await storage.claim_due(161.0, 221.0, "second") == [due[1].id, due[0].id]
    # a save does not touch the claim: the timekeeper's bookkeeping, not the game's
    current = await storage.get_session(due[0].id)
    await storage.save(current, current.version)
    assert await storage.claim_due(162.0, 222.0, "first") == []


async def test_a_process_claims_only_its_shards_tables(storage: Storage) -> None:
    on = {
        shard: await storage.create_session(record(guild_id=(1000 + shard) << 22 | 77, wake_at=1.0 + shard))
        for shard in range(4)
    }
    assert [Shards.of(r.guild_id, 4) for r in on.values()] == [0, 1, 2, 3]
    no_guild = await storage.create_session(record(guild_id=None, wake_at=9.0))  # a table without a server: shard 0
    upper = Shards(4, frozenset({2, 3}))
    assert await storage.next_wake(upper) == 3.0
    assert await storage.claim_due(100.0, 160.0, "upper", upper) == [on[2].id, on[3].id]
    assert await storage.claim_due(100.0, 160.0, "lower", Shards(4, frozenset({0, 1}))) == [
        on[0].id,
        on[1].id,
        no_guild.id,
    ]
    assert upper.owns(on[3].guild_id) and not upper.owns(None)
