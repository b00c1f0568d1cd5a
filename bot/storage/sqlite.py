"""SQLite storage through aiosqlite: WAL mode, numbered migrations."""

import asyncio
import json
from importlib import resources
from pathlib import Path

import aiosqlite

from bot.storage.base import ActionRecord, SessionRecord, Status, VersionConflict

_JSON_COLUMNS = ("board_message_ids", "seats", "options", "recent")
_COLUMNS = (
    "game", "guild_id", "lobby_channel_id", "lobby_message_id", "channel_id", "board_message_ids",
    "board_posted_at", "host_id", "status", "seats", "options", "seed", "version", "state", "recent",
    "created_at", "updated_at",
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
        self, record: SessionRecord, expected_version: int, actions: list[ActionRecord] = ()
    ) -> None:
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
            except BaseException:
                await self.db.rollback()
                raise
            await self.db.commit()

    async def find_sessions(
        self, *, game: str | None = None, channel_id: int | None = None, statuses: tuple[Status, ...] = ()
    ) -> list[SessionRecord]:
        clauses, params = [], []
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

    # -- server settings ------------------------------------------------------
    async def get_guild_language(self, guild_id: int) -> str | None:
        async with self.db.execute(
            "SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return row["language"] if row else None

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        async with self._writing:
            await self.db.execute(
                "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                (guild_id, language),
            )
            await self.db.commit()
