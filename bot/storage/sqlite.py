"""SQLite storage through aiosqlite: WAL mode, numbered migrations."""

import asyncio
import json
from importlib import resources
from pathlib import Path

import aiosqlite

from bot.storage.base import (
    ActionRecord,
    GameResult,
    GuildSettings,
    PlayerStats,
    SeatResult,
    SessionRecord,
    Status,
    UserSettings,
    VersionConflict,
)

_JSON_COLUMNS = ("board_message_ids", "seats", "options", "recent", "clock", "pings")
_COLUMNS = (
    "game", "guild_id", "lobby_channel_id", "lobby_message_id", "channel_id", "board_message_ids",
    "board_posted_at", "board_version", "host_id", "status", "seats", "options", "seed", "version", "state", "recent",
    "clock", "created_at", "updated_at", "last_human_at", "wake_at", "pings",
)  # fmt: skip


def migrations() -> list[tuple[int, str]]:
    """(number, SQL) of every file in ``migrations/``, in order."""
    found = []
    for item in resources.files("bot.storage.migrations").iterdir():
        if item.name.endswith(".sql"):
            found.append((int(item.name.split("_", 1)[0]), item.read_text(encoding="utf-8")))
    return sorted(found)


class SqliteStorage:
    """One connection; ``_writing`` keeps each write transaction whole, so one
    game's rollback or commit never lands in the middle of another's save."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        self._writing = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path)
        self._db.row_factory = aiosqlite.Row
        try:
            for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL"):
                async with self._db.execute(f"PRAGMA {pragma}") as cursor:
                    await cursor.fetchall()
            await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cursor:
            (current,) = await cursor.fetchone()
        for number, sql in migrations():
            if number > current:
                await self.db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")

    # -- sessions -------------------------------------------------------------
    @staticmethod
    def _row(record: SessionRecord) -> list[object]:
        data = record.model_dump(mode="json")
        return [json.dumps(data[c]) if c in _JSON_COLUMNS else data[c] for c in _COLUMNS]

    @staticmethod
    def _record(row: aiosqlite.Row) -> SessionRecord:
        data = dict(row)
        for column in _JSON_COLUMNS:
            data[column] = json.loads(data[column])
        return SessionRecord.model_validate(data)

    async def create_session(self, record: SessionRecord) -> SessionRecord:
        marks = ", ".join("?" for _ in _COLUMNS)
        async with self._writing:
            cursor = await self.db.execute(
                f"INSERT INTO sessions ({', '.join(_COLUMNS)}) VALUES ({marks})", self._row(record)
            )
            await self.db.commit()
        return record.model_copy(update={"id": cursor.lastrowid})

    async def get_session(self, session_id: int) -> SessionRecord | None:
        async with self.db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)) as cursor:
            row = await cursor.fetchone()
        return self._record(row) if row else None

    async def save(
        self, record: SessionRecord, expected_version: int, actions: list[ActionRecord] = (),
        result: GameResult | None = None,
    ) -> None:  # fmt: skip
        assignments = ", ".join(f"{c} = ?" for c in _COLUMNS)
        async with self._writing:
            try:
                cursor = await self.db.execute(
                    f"UPDATE sessions SET {assignments} WHERE id = ? AND version = ?",
                    [*self._row(record), record.id, expected_version],
                )
                if cursor.rowcount != 1:
                    raise VersionConflict(record.id)
                await self.db.executemany(
                    "INSERT INTO actions (session_id, seq, seat, user_id, token, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    [(a.session_id, a.seq, a.seat, a.user_id, a.token, a.created_at) for a in actions],
                )
                if result is not None:
                    await self._insert_result(result)
            except BaseException:
                await self.db.rollback()
                raise
            await self.db.commit()

    async def find_sessions(
        self, *, game: str | None = None, channel_id: int | None = None, statuses: tuple[Status, ...] = (),
        guild_id: int | None = None,
    ) -> list[SessionRecord]:  # fmt: skip
        clauses, params = [], []
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
        async with self.db.execute(f"SELECT * FROM sessions {where} ORDER BY id DESC", params) as cursor:
            return [self._record(row) for row in await cursor.fetchall()]

    async def actions(self, session_id: int) -> list[ActionRecord]:
        async with self.db.execute(
            "SELECT * FROM actions WHERE session_id = ? ORDER BY seq", (session_id,)
        ) as cursor:
            return [ActionRecord.model_validate(dict(row)) for row in await cursor.fetchall()]

    # -- the bot's alarm clock ----------------------------------------------
    async def due_sessions(self, now: float) -> list[int]:
        async with self.db.execute(
            "SELECT id FROM sessions WHERE wake_at <= ? AND status IN ('lobby', 'active') ORDER BY wake_at",
            (now,),
        ) as cursor:
            return [row[0] for row in await cursor.fetchall()]

    async def next_wake(self) -> float | None:
        async with self.db.execute(
            "SELECT MIN(wake_at) FROM sessions WHERE wake_at IS NOT NULL AND status IN ('lobby', 'active')"
        ) as cursor:
            return (await cursor.fetchone())[0]

    async def postpone(self, session_id: int, wake_at: float) -> None:
        async with self._writing:
            await self.db.execute("UPDATE sessions SET wake_at = ? WHERE id = ?", (wake_at, session_id))
            await self.db.commit()

    # -- results --------------------------------------------------------------
    async def _insert_result(self, result: GameResult) -> None:
        await self.db.execute(
            "INSERT INTO results (session_id, game, guild_id, ending, reason, started_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (result.session_id, result.game, result.guild_id, result.ending, result.reason,
             result.started_at, result.ended_at),
        )  # fmt: skip
        await self.db.executemany(
            "INSERT INTO result_seats (session_id, seat, user_id, name, place, won, score)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(result.session_id, s.seat, s.user_id, s.name, s.place, s.won, s.score) for s in result.seats],
        )

    async def results(self, guild_id: int, game: str | None = None, limit: int = 10) -> list[GameResult]:
        query = "SELECT * FROM results WHERE guild_id = ?" + (" AND game = ?" if game else "")
        params: list[object] = [guild_id] + ([game] if game else [])
        async with self.db.execute(f"{query} ORDER BY ended_at DESC, session_id DESC LIMIT ?", [*params, limit]) as cursor:
            rows = [dict(row) for row in await cursor.fetchall()]
        found = []
        for row in rows:
            async with self.db.execute(
                "SELECT * FROM result_seats WHERE session_id = ? ORDER BY seat", (row["session_id"],)
            ) as cursor:
                seats = [SeatResult.model_validate(dict(r)) for r in await cursor.fetchall()]
            found.append(GameResult.model_validate(row | {"seats": seats}))
        return found

    async def _stats(self, where: str, params: list[object], order: str, limit: int) -> list[PlayerStats]:
        async with self.db.execute(
            "SELECT r.game, s.user_id, COUNT(*) AS games, SUM(s.won) AS wins"
            " FROM result_seats s JOIN results r USING (session_id)"
            f" WHERE s.user_id IS NOT NULL AND r.ending != 'abandoned' AND {where} GROUP BY r.game, s.user_id ORDER BY {order} LIMIT ?",
            [*params, limit],
        ) as cursor:
            return [PlayerStats.model_validate(dict(row)) for row in await cursor.fetchall()]

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        return await self._stats("r.guild_id = ? AND s.user_id = ?", [guild_id, user_id], "r.game", 100)

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[PlayerStats]:
        order = "wins DESC, CAST(wins AS REAL) / games DESC, games DESC, s.user_id"
        return await self._stats("r.guild_id = ? AND r.game = ?", [guild_id, game], order, limit)

    # -- server settings ------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        async with self.db.execute("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return GuildSettings()
        data = dict(row)
        data["game_channels"] = json.loads(data["game_channels"])
        return GuildSettings.model_validate(data)

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None:
        data = settings.model_dump()
        data["game_channels"] = json.dumps(data["game_channels"])
        columns = list(data)
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns)
        async with self._writing:
            await self.db.execute(
                f"INSERT INTO guild_settings (guild_id, {', '.join(columns)}) VALUES (?{', ?' * len(columns)})"
                f" ON CONFLICT (guild_id) DO UPDATE SET {updates}",
                [guild_id, *data.values()],
            )
            await self.db.commit()

    # -- players' own settings -----------------------------------------------
    async def user_settings(self, user_id: int) -> UserSettings:
        async with self.db.execute("SELECT * FROM user_settings WHERE user_id = ?", (user_id,)) as cursor:
            row = await cursor.fetchone()
        return UserSettings.model_validate(dict(row)) if row else UserSettings()

    async def save_user_settings(self, user_id: int, settings: UserSettings) -> None:
        async with self._writing:
            await self.db.execute(
                "INSERT INTO user_settings (user_id, dm_reminders, turn_pings) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders,"
                " turn_pings = excluded.turn_pings",
                (user_id, settings.dm_reminders, settings.turn_pings),
            )
            await self.db.commit()
