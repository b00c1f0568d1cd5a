"""SQLite storage through aiosqlite: WAL mode, numbered migrations, one process.

A file that cannot be written for now (locked by another program, a full disk, an I/O error)
raises ``DatabaseUnreachable``: the write is rolled back, and the same request may succeed later.
"""

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.base import DatabaseUnreachable, StorageUnavailable
from bot.storage.migrations import migrations, refusal
from bot.storage.sql import SqlStorage

# A locked file is waited for this long, then the request is answered "try again" (within the
# 3 seconds Discord gives a click's first answer).
BUSY_SECONDS = 2.0
# SQLite's primary result codes of a file out of use for now: BUSY, LOCKED, READONLY, IOERR,
# FULL, CANTOPEN.
UNUSABLE = {5, 6, 8, 10, 13, 14}


@contextmanager
def reaching() -> Iterator[None]:
    """Around database calls: a file out of use for now raises ``DatabaseUnreachable``."""
    try:
        yield
    except sqlite3.Error as error:
        if getattr(error, "sqlite_errorcode", 0) & 0xFF not in UNUSABLE:
            raise
        raise DatabaseUnreachable(f"{type(error).__name__}: {error}") from error


class _Connection:
    """The one connection, with ``?`` marks as SQLite has them."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        # one trip to the connection's thread (a cursor of our own costs two more: fetch, close)
        return [dict(row) for row in await self.db.execute_fetchall(query, params)]

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        async with self.db.execute(query, params) as cursor:
            return cursor.rowcount

    async def executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        if len(rows) == 1:  # a save's one action: one trip to the connection's thread, not two
            await self.db.execute_fetchall(query, rows[0])
            return
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

    async def open(self, *, create: bool = True) -> None:
        if self._db is not None:
            return
        try:
            await asyncio.to_thread(self._inspect, create)
        except (OSError, sqlite3.OperationalError) as error:  # unreadable, or its folder read-only
            raise StorageUnavailable(self._unusable(error)) from None
        except sqlite3.DatabaseError as error:  # not SQLite, or damaged
            raise StorageUnavailable(self._damaged(str(error))) from None
        try:
            self._db = await aiosqlite.connect(self.path, timeout=BUSY_SECONDS)
            self._db.row_factory = aiosqlite.Row
            for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL"):
                async with self._db.execute(f"PRAGMA {pragma}") as cursor:
                    await cursor.fetchall()
            await self._migrated(await self._migrate())
        except (OSError, sqlite3.Error) as error:  # a read-only folder, a full disk
            await self.close()
            raise StorageUnavailable(self._unusable(error)) from None
        except BaseException:
            await self.close()
            raise

    def _inspect(self, create: bool) -> None:
        """Before anything writes to the file (the bot's first pragma already does): it is whole,
        and the bot's, or new or empty and ``create`` lets it become so. Raises ``StorageUnavailable``."""
        if not create and not self.path.is_file():
            raise StorageUnavailable(f"There is no SQLite database at {self.path}.")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path)
        try:
            rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
            tables = {name for (name,) in rows if not name.startswith("sqlite_")}
            (version,) = db.execute("PRAGMA user_version").fetchone()
            refused = refusal(
                f"The SQLite file {self.path}", tables, {n for n, _ in migrations() if n <= version}, create
            )
            if refused is not None:
                raise StorageUnavailable(refused)
            (verdict,) = db.execute("PRAGMA quick_check(1)").fetchone()
        finally:
            db.close()
        if verdict != "ok":
            raise StorageUnavailable(self._damaged("its integrity check failed"))

    def _unusable(self, error: BaseException) -> str:
        return f"Could not use the SQLite database {self.path} ({error}): check the path and that it and its folder are writable."

    def _damaged(self, detail: str) -> str:
        return f"The file {self.path} is damaged or not a SQLite database ({detail}); it was left as it was."

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
        with reaching():
            yield _Connection(self.db)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Connection]:
        async with self._writing:
            with reaching():
                try:
                    yield _Connection(self.db)
                    await self.db.commit()
                except BaseException:
                    await self.db.rollback()
                    raise
