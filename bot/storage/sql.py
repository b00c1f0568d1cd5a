"""The queries both backends share, written once in portable SQL with ``?`` marks.

A backend supplies connections (``Sql``), transactions and its migrations' bookkeeping;
the migrations themselves are one list, in SQLite's SQL (``bot.storage.migrations``).
"""

import json
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import Any

from pydantic_core import from_json, to_json

from bot import ratings
from bot.storage import ratings as rating_tables
from bot.storage.base import (
    EVERY_SHARD,
    OPEN,
    ActionRecord,
    GameResult,
    GuildSettings,
    PlayerRating,
    PlayerStats,
    RatingChange,
    SeatResult,
    SessionRecord,
    Shards,
    Sql,
    Status,
    UserSettings,
    VersionConflict,
)

JSON_COLUMNS = ("board_message_ids", "seats", "options", "recent", "clock", "pings", "tutorial")
COLUMNS = (
    "game", "guild_id", "lobby_channel_id", "lobby_message_id", "channel_id", "board_message_ids",
    "board_posted_at", "board_version", "host_id", "status", "seats", "options", "seed", "version", "state", "recent",
    "clock", "created_at", "updated_at", "last_human_at", "wake_at", "pings", "tutorial", "archive_at", "hints",
)  # fmt: skip
# Every table, parents first (the copy command fills them in this order).
TABLES = (
    "sessions", "actions", "results", "result_seats", "guild_settings", "user_settings", "ratings", "rating_changes",
)  # fmt: skip
_OPEN = ", ".join(f"'{status}'" for status in OPEN)
_AWAKE = f"(status IN ({_OPEN}) OR archive_at IS NOT NULL)"  # tables the clock looks at: closed ones sleep
RUNTIME_TABLES = ("shard_leases",)  # which process serves what: not data, never copied


def shard_clause(shards: Shards) -> str:
    """A WHERE condition keeping the sessions of ``shards`` (plain integers, no parameters)."""
    if shards.ids is None:
        return "1 = 1"
    ids = ", ".join(str(int(i)) for i in sorted(shards.ids))
    return f"(COALESCE(guild_id, 0) >> 22) % {int(shards.count)} IN ({ids})"


class _Refused(Exception):
    def __init__(self, shards: list[int]) -> None:
        self.shards = shards


class SqlStorage:
    """Everything but connections: a backend gives ``_read`` (a connection) and ``_write``
    (a connection in one transaction, committed on a clean exit, else rolled back)."""

    shared = False

    def _read(self) -> AbstractAsyncContextManager[Sql]:
        raise NotImplementedError

    def _write(self) -> AbstractAsyncContextManager[Sql]:
        raise NotImplementedError

    async def _saved(self, sql: Sql, record: SessionRecord) -> None:
        """Inside ``save``'s transaction, once the session is written (a backend's hook)."""

    async def _lock_ratings(self, sql: Sql) -> None:
        """Inside a transaction that rates games: until it ends, no other one may (a backend's hook;
        SQLite has one writer at a time anyway)."""

    async def _migrated(self, applied: Sequence[int]) -> None:
        """After ``open`` applied the migrations ``applied``: ratings are built once their tables are
        new, and again after a migration that changed how they are rated."""
        if set(rating_tables.REBUILT_BY) & set(applied):
            await self.recompute_ratings()

    def lock(
        self, session_id: int, on_wait: Callable[[], Awaitable[None]] | None = None
    ) -> AbstractAsyncContextManager[None]:
        return nullcontext()

    def watch(self, wake: Callable[[float], None]) -> None:
        pass

    async def _one(self, query: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        async with self._read() as sql:
            rows = await sql.fetch(query, params)
        return rows[0] if rows else None

    async def _all(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        async with self._read() as sql:
            return await sql.fetch(query, params)

    # -- sessions -------------------------------------------------------------
    # The JSON columns are written and read by pydantic's own (compiled) JSON code: three times
    # faster than the json module on a record's last 48 events.
    @staticmethod
    def _row(record: SessionRecord) -> list[object]:
        data = record.model_dump(mode="json")
        return [to_json(data[c]).decode() if c in JSON_COLUMNS and data[c] is not None else data[c] for c in COLUMNS]

    @staticmethod
    def _record(row: dict[str, Any]) -> SessionRecord:
        data = dict(row)  # the claim's columns are the timekeeper's, not the record's
        for column in JSON_COLUMNS:
            data[column] = from_json(data[column]) if data[column] is not None else None
        return SessionRecord.model_validate(data)

    async def create_session(self, record: SessionRecord) -> SessionRecord:
        marks = ", ".join("?" for _ in COLUMNS)
        async with self._write() as sql:
            rows = await sql.fetch(
                f"INSERT INTO sessions ({', '.join(COLUMNS)}) VALUES ({marks}) RETURNING id", self._row(record)
            )
        return record.model_copy(update={"id": rows[0]["id"]})

    async def get_session(self, session_id: int) -> SessionRecord | None:
        row = await self._one("SELECT * FROM sessions WHERE id = ?", (session_id,))
        return self._record(row) if row else None

    async def save(
        self,
        record: SessionRecord,
        expected_version: int,
        actions: Sequence[ActionRecord] = (),
        result: GameResult | None = None,
    ) -> None:
        assignments = ", ".join(f"{c} = ?" for c in COLUMNS)
        async with self._write() as sql:
            changed = await sql.fetch(  # rows back rather than a count: one trip to SQLite's thread, not two
                f"UPDATE sessions SET {assignments} WHERE id = ? AND version = ? RETURNING id",
                [*self._row(record), record.id, expected_version],
            )
            if len(changed) != 1:
                raise VersionConflict(record.id)
            if actions:
                await sql.executemany(
                    "INSERT INTO actions (session_id, seq, seat, user_id, token, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    [(a.session_id, a.seq, a.seat, a.user_id, a.token, a.created_at) for a in actions],
                )
            if result is not None:
                await self._insert_result(sql, result)
                await self._lock_ratings(sql)
                await rating_tables.rate_result(sql, result, record.seats)
            await self._saved(sql, record)

    async def find_sessions(
        self,
        *,
        game: str | None = None,
        channel_id: int | None = None,
        statuses: tuple[Status, ...] = (),
        guild_id: int | None = None,
    ) -> list[SessionRecord]:
        clauses: list[str] = []
        params: list[int | str] = []
        if guild_id is not None:
            clauses.append("guild_id = ?")
            params.append(guild_id)
        if game is not None:
            clauses.append("game = ?")
            params.append(game)
        if channel_id is not None:
            clauses.append("(channel_id = ? OR lobby_channel_id = ?)")
            params += [channel_id, channel_id]
        if statuses:
            clauses.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params += list(statuses)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = await self._all(f"SELECT * FROM sessions {where} ORDER BY id DESC", params)
        return [self._record(row) for row in rows]

    async def actions(self, session_id: int) -> list[ActionRecord]:
        rows = await self._all("SELECT * FROM actions WHERE session_id = ? ORDER BY seq", (session_id,))
        return [ActionRecord.model_validate(row) for row in rows]

    # -- the bot's alarm clock ----------------------------------------------
    async def claim_due(self, now: float, until: float, owner: str, shards: Shards = EVERY_SHARD) -> list[int]:
        # One UPDATE: a row another process claims at the same moment is re-checked after its
        # commit and left out here, so a table is claimed by one owner at a time.
        async with self._write() as sql:
            rows = await sql.fetch(
                "UPDATE sessions SET claimed_by = ?, claimed_until = ?"
                f" WHERE wake_at <= ? AND {_AWAKE} AND {shard_clause(shards)}"
                " AND (claimed_until IS NULL OR claimed_until <= ? OR claimed_by = ?)"
                " RETURNING id, wake_at",
                (owner, until, now, now, owner),
            )
        return [row["id"] for row in sorted(rows, key=lambda row: (row["wake_at"], row["id"]))]

    async def release(self, session_id: int, owner: str) -> None:
        async with self._write() as sql:
            await sql.execute(
                "UPDATE sessions SET claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?",
                (session_id, owner),
            )

    async def next_wake(self, shards: Shards = EVERY_SHARD) -> float | None:
        row = await self._one(
            "SELECT MIN(CASE WHEN claimed_until > wake_at THEN claimed_until ELSE wake_at END) AS wake"
            f" FROM sessions WHERE wake_at IS NOT NULL AND {_AWAKE} AND {shard_clause(shards)}"
        )
        return row["wake"] if row else None

    async def take_shards(self, shards: Shards, owner: str, now: float, until: float) -> list[int]:
        # All or none, in one transaction: a shard whose lease another owner holds past ``now``
        # is left as it is (the upsert's WHERE), and then nothing is taken.
        held: list[int] = []
        try:
            async with self._write() as sql:
                for shard in shards.numbers:
                    taken = await sql.execute(
                        "INSERT INTO shard_leases (shard, shard_count, owner, expires_at) VALUES (?, ?, ?, ?)"
                        " ON CONFLICT (shard) DO UPDATE SET shard_count = excluded.shard_count, owner = excluded.owner,"
                        " expires_at = excluded.expires_at"
                        " WHERE shard_leases.owner = excluded.owner OR shard_leases.expires_at <= ?",
                        (shard, shards.count, owner, until, now),
                    )
                    if not taken:
                        held.append(shard)
                others = await sql.fetch(
                    "SELECT shard FROM shard_leases WHERE shard_count != ? AND owner != ? AND expires_at > ?",
                    (shards.count, owner, now),
                )  # another process splitting the servers otherwise: every shard overlaps
                held += [row["shard"] for row in others]
                if held:
                    raise _Refused(sorted(set(held)))  # rolls the whole transaction back
        except _Refused as refused:
            return refused.shards
        return []

    async def release_shards(self, owner: str) -> None:
        async with self._write() as sql:
            await sql.execute("DELETE FROM shard_leases WHERE owner = ?", (owner,))

    async def drop_claims(self, shards: Shards) -> None:
        async with self._write() as sql:
            await sql.execute(
                "UPDATE sessions SET claimed_by = NULL, claimed_until = NULL"
                f" WHERE claimed_by IS NOT NULL AND {shard_clause(shards)}"
            )

    async def postpone(self, session_id: int, wake_at: float) -> None:
        async with self._write() as sql:
            await sql.execute("UPDATE sessions SET wake_at = ? WHERE id = ?", (wake_at, session_id))

    # -- results --------------------------------------------------------------
    @staticmethod
    async def _insert_result(sql: Sql, result: GameResult) -> None:
        await sql.execute(
            "INSERT INTO results (session_id, game, guild_id, ending, reason, started_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                result.session_id,
                result.game,
                result.guild_id,
                result.ending,
                result.reason,
                result.started_at,
                result.ended_at,
            ),
        )
        await sql.executemany(
            "INSERT INTO result_seats (session_id, seat, user_id, name, place, won, score)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(result.session_id, s.seat, s.user_id, s.name, s.place, int(s.won), s.score) for s in result.seats],
        )

    async def results(self, guild_id: int, game: str | None = None, limit: int = 10) -> list[GameResult]:
        query = "SELECT * FROM results WHERE guild_id = ?" + (" AND game = ?" if game else "")
        params: list[object] = [guild_id] + ([game] if game else [])
        async with self._read() as sql:
            rows = await sql.fetch(f"{query} ORDER BY ended_at DESC, session_id DESC LIMIT ?", [*params, limit])
            found = []
            for row in rows:
                seats = await sql.fetch(
                    "SELECT * FROM result_seats WHERE session_id = ? ORDER BY seat", (row["session_id"],)
                )
                found.append(GameResult.model_validate(row | {"seats": [SeatResult.model_validate(s) for s in seats]}))
        return found

    async def _stats(
        self, where: str, params: list[object], order: str, limit: int, having: str = "1 = 1"
    ) -> list[PlayerStats]:
        rows = await self._all(
            "SELECT r.game, s.user_id, COUNT(*) AS games, CAST(SUM(s.won) AS INTEGER) AS wins"
            " FROM result_seats s JOIN results r USING (session_id)"
            f" WHERE s.user_id IS NOT NULL AND r.ending != 'abandoned' AND {where}"
            f" GROUP BY r.game, s.user_id HAVING {having} ORDER BY {order} LIMIT ?",
            [*params, limit],
        )
        return [PlayerStats.model_validate(row) for row in rows]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        return await self._stats("r.guild_id = ? AND s.user_id = ?", [guild_id, user_id], "r.game", 100)

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[PlayerStats]:
        # aggregates spelled out: PostgreSQL orders by an output name only when it stands alone
        order = "wins DESC, CAST(SUM(s.won) AS REAL) / COUNT(*) DESC, games DESC, s.user_id"
        return await self._stats("r.guild_id = ? AND r.game = ?", [guild_id, game], order, limit, "SUM(s.won) > 0")

    # -- ratings (bot/ratings.py, bot/storage/ratings.py) ---------------------
    async def ratings(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        user_id: int | None = None,
        users: Sequence[int] | None = None,
        limit: int = 10,
    ) -> list[PlayerRating]:
        where, params = "guild_id = ?", list[object]([guild_id])
        for column, value in (("game", game), ("user_id", user_id)):
            if value is not None:
                where += f" AND {column} = ?"
                params.append(value)
        if users is not None:
            where += f" AND user_id IN ({', '.join('?' for _ in users) or 'NULL'})"
            params += users
        rows = await self._all(
            f"SELECT * FROM ratings WHERE {where} ORDER BY mu - {ratings.Z} * sigma DESC, games DESC, user_id LIMIT ?",
            [*params, limit],
        )
        return [PlayerRating.model_validate(row) for row in rows]

    async def rating_changes(self, guild_id: int, user_id: int, game: str, limit: int) -> list[RatingChange]:
        rows = await self._all(
            "SELECT * FROM rating_changes WHERE guild_id = ? AND user_id = ? AND game = ?"
            " ORDER BY ended_at DESC, session_id DESC LIMIT ?",
            (guild_id, user_id, game, limit),
        )
        return [RatingChange.model_validate(row) for row in rows]

    async def game_rating_changes(self, session_id: int) -> list[RatingChange]:
        rows = await self._all(
            "SELECT c.*, (SELECT COUNT(*) FROM rating_changes d WHERE d.guild_id = c.guild_id AND d.game = c.game"
            " AND d.user_id = c.user_id AND (d.ended_at < c.ended_at OR (d.ended_at = c.ended_at"
            " AND d.session_id <= c.session_id))) AS games"
            " FROM rating_changes c WHERE c.session_id = ? ORDER BY c.seat",
            (session_id,),
        )
        return [RatingChange.model_validate(row) for row in rows]

    async def recompute_ratings(self) -> tuple[int, int]:
        async with self._write() as sql:
            await self._lock_ratings(sql)
            return await rating_tables.recompute(sql)

    # -- server settings ------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings()
        return GuildSettings.model_validate(row | {"game_channels": json.loads(row["game_channels"])})

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        data = settings.model_dump()
        data["game_channels"] = json.dumps(data["game_channels"])
        data = {c: int(v) if isinstance(v, bool) else v for c, v in data.items()}
        columns = list(data)
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns)
        async with self._write() as sql:
            await sql.execute(
                f"INSERT INTO guild_settings (guild_id, {', '.join(columns)}) VALUES (?{', ?' * len(columns)})"
                f" ON CONFLICT (guild_id) DO UPDATE SET {updates}",
                [guild_id, *data.values()],
            )

    # -- players' own settings -----------------------------------------------
    async def user_settings(self, user_id: int) -> UserSettings:
        row = await self._one("SELECT * FROM user_settings WHERE user_id = ?", (user_id,))
        return UserSettings.model_validate(row) if row else UserSettings()

    async def save_user_settings(self, user_id: int, settings: UserSettings) -> None:
        async with self._write() as sql:
            await sql.execute(
                "INSERT INTO user_settings (user_id, dm_reminders, turn_pings) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders,"
                " turn_pings = excluded.turn_pings",
                (user_id, int(settings.dm_reminders), int(settings.turn_pings)),
            )
