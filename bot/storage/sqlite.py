"""SQLite storage through aiosqlite: WAL mode, numbered migrations, one process."""

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.base import StorageUnavailable
from bot.storage.sql import SqlStorage, migrations


class _Connection:
    """The one connection, with ``?`` marks as SQLite has them."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        async with self.db.execute(query, params) as cursor:
            return [dict(row) for row in await cursor.fetchall()]

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        async with self.db.execute(query, params) as cursor:
            return cursor.rowcount

    async def executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        # closed here, on the connection's thread: a cursor left to the garbage collector would
        # be finalized on whichever thread collects it, beside the connection's own work
        # (SQLite then fails another statement with "bad parameter or other API misuse")
        async with self.db.executemany(query, rows):
            pass


class SqliteStorage(SqlStorage):
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
        if self._db is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = await aiosqlite.connect(self.path)
        except (OSError, aiosqlite.Error) as error:
            reason = f"Could not open the SQLite database {self.path} ({error}): check DATABASE_PATH."
            raise StorageUnavailable(reason) from None
        self._db.row_factory = aiosqlite.Row
        try:
            for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL"):
                async with self._db.execute(f"PRAGMA {pragma}") as cursor:
                    await cursor.fetchall()
            await self._migrated(await self._migrate())
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> list[int]:
        """Apply the migrations this file lacks; their numbers."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        assert row is not None  # the pragma answers one row
        (current,) = row
        applied = []
        for number, sql in migrations():
            if number > current:
                async with self.db.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"):
                    pass
                applied.append(number)
        return applied

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Connection]:
        yield _Connection(self.db)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Connection]:
        async with self._writing:
            try:
                yield _Connection(self.db)
            except BaseException:
                await self.db.rollback()
                raise
            await self.db.commit()
