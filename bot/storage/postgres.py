"""PostgreSQL storage through asyncpg, for one or several bot processes on one database.

Besides the shared queries it gives what several processes need:

- ``lock``: a session-level advisory lock per game session, held for a whole request on
  one pooled connection, which that request's queries then use (so a request never waits
  for a second connection while holding the first). A dead process's connection closes,
  and its locks go with it.
- a wake-up call: each save with a wake-up time notifies every process (``watch``).
- migrations applied once per database, under a lock, even when processes start together.

A server that goes away (stopped, restarting, out of reach) is a pause: a query then raises
``DatabaseUnreachable``, and each new request opens a fresh connection, so the first one after
the server's return is served. No connection is kept open for its own sake (``min_size=0``), so
nothing reconnects in the background meanwhile, and the listening connection listens again once
the server is back.
"""

import asyncio
import itertools
import logging
import os
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot.storage.base import DatabaseUnreachable, SessionRecord, Sql, StorageUnavailable
from bot.storage.migrations import MIGRATIONS_TABLE, migrations, postgres_dialect, refusal
from bot.storage.sql import SqlStorage

log = logging.getLogger(__name__)
LOCKS = 0x666F7274  # "fort": the advisory locks' first key; the second is the session id
MIGRATING = 0  # no session has id 0: the second key of the lock held while migrating
RATING = -1  # nor -1: the second key of the lock a transaction that rates games holds
WAKE_CHANNEL = "fortbot_wake"
CONNECT_SECONDS = 10.0
CLOSE_SECONDS = 10.0
LISTEN_AGAIN = 2.0  # seconds between two tries to listen again while the server is away
# A vanished host's connection is dropped by the server within about a minute, and with it
# the advisory locks that process held.
SERVER_SETTINGS = {
    "application_name": "fortbot",
    "tcp_keepalives_idle": "30",
    "tcp_keepalives_interval": "10",
    "tcp_keepalives_count": "3",
}


# The server is down, restarting, out of reach, read-only after a fail-over or out of room: the
# same request may succeed in a moment.
UNREACHABLE = (
    OSError, TimeoutError, asyncpg.PostgresConnectionError, asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError, asyncpg.CannotConnectNowError, asyncpg.InsufficientResourcesError,
    asyncpg.ReadOnlySQLTransactionError,
)  # fmt: skip


def gone(conn: asyncpg.Connection) -> bool:
    """The connection closed (a pool's connection then goes back to its pool, and refuses every call)."""
    try:
        return conn.is_closed()
    except asyncpg.InterfaceError:
        return True


@contextmanager
def reaching(conn: asyncpg.Connection | None = None) -> Iterator[None]:
    """Around database calls only: a server out of reach raises ``DatabaseUnreachable``; so does
    any failure of a call on ``conn`` once it has closed (asyncpg's words vary with the moment)."""
    try:
        yield
    except Exception as error:
        failed = isinstance(error, asyncpg.InterfaceError | asyncpg.InternalClientError)
        if not (isinstance(error, UNREACHABLE) or (failed and conn is not None and gone(conn))):
            raise
        raise DatabaseUnreachable(f"{type(error).__name__}: {error}") from error


@lru_cache(maxsize=256)
def numbered(query: str) -> str:
    """``?`` marks as PostgreSQL's ``$1, $2, ...`` (no query here has a ``?`` in a literal)."""
    count = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(count)}", query)


def _value(value: Any) -> Any:
    return int(value) if isinstance(value, bool) else value  # flags are 0/1 integers, as in SQLite


class _Connection:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return [dict(row) for row in await self.conn.fetch(numbered(query), *map(_value, params))]

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        status = await self.conn.execute(numbered(query), *map(_value, params))
        last = status.rsplit(" ", 1)[-1]  # "UPDATE 1", "INSERT 0 1"
        return int(last) if last.isdigit() else 0

    async def executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.conn.executemany(numbered(query), [[_value(v) for v in row] for row in rows])


class _Held:
    """The connection holding a request's lock: its queries go through it, one at a time. Without
    one, the database was out of reach (``lost`` says why), and each query raises ``DatabaseUnreachable``."""

    def __init__(self, conn: asyncpg.Connection | None, lost: str = "") -> None:
        self.conn = conn
        self.lost = lost
        self.turn = asyncio.Lock()
        self.open = True  # a task the request started may outlive it: then it takes the pool


MALFORMED = (
    "DATABASE_URL is not a well-formed PostgreSQL address (postgresql://user:password@host:port/database): check it."
)


def _place(url: str) -> tuple[str, str, str]:
    """Where ``url`` points: host:port, user and database (never the password). Raises ``ValueError``."""
    parts = urlsplit(url)
    try:
        where = f"{parts.hostname or 'localhost'}:{parts.port or 5432}"
    except ValueError:  # several hosts, or a port that is not a number
        where = parts.hostname or "localhost"
    return where, parts.username or "(default user)", parts.path.lstrip("/") or "(default database)"


def describe(error: BaseException, url: str) -> str:
    """One sentence for the admin; never the password."""
    try:
        where, user, database = _place(url)
    except ValueError:  # no error text: urllib's may quote the address, password and all
        return MALFORMED
    if isinstance(error, (asyncpg.InvalidPasswordError, asyncpg.InvalidAuthorizationSpecificationError)):
        return f"PostgreSQL at {where} refused the user {user}: check the user and password in DATABASE_URL."
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (
            f"The database {database} does not exist on the PostgreSQL server at {where}:"
            " create it or fix DATABASE_URL."
        )
    if isinstance(error, (OSError, TimeoutError, asyncpg.PostgresConnectionError)):
        reason = "no answer" if isinstance(error, TimeoutError) else "unreachable"
        if isinstance(error, OSError) and error.errno is not None and error.errno > 0:
            reason = os.strerror(error.errno)  # "Connection refused"
        elif isinstance(error, OSError) and error.strerror:
            reason = error.strerror  # "Name or service not known"
        return (
            f"Could not reach the PostgreSQL server at {where} ({reason}): check DATABASE_URL and that the server runs."
        )
    if isinstance(error, asyncpg.PostgresError):
        return f"PostgreSQL at {where} refused the connection ({error}): check DATABASE_URL."
    return MALFORMED


class PostgresStorage(SqlStorage):
    shared = True

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = url
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._listener: asyncpg.Connection | None = None
        self._held: ContextVar[_Held | None] = ContextVar(f"postgres-lock-{id(self)}", default=None)
        self._watchers: list[Callable[[float], None]] = []
        self._listening_again: asyncio.Task[None] | None = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    async def open(self, *, create: bool = True) -> None:
        if self._pool is not None:
            return
        try:
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=0,
                max_size=self.pool_size,
                timeout=CONNECT_SECONDS,
                server_settings=SERVER_SETTINGS,
            )
            async with self._pool.acquire():  # a first connection now: a wrong address is said at start
                pass
        except (
            OSError,
            TimeoutError,
            ValueError,
            OverflowError,
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
        ) as error:
            pool, self._pool = self._pool, None
            if pool is not None:
                pool.terminate()
            raise StorageUnavailable(describe(error, self.url)) from None
        try:
            await self._migrated(await self._migrate(create))
            await self._listen()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if self._listening_again is not None:
            self._listening_again.cancel()
            await asyncio.gather(self._listening_again, return_exceptions=True)
            self._listening_again = None
        if self._listener is not None:
            listener, self._listener = self._listener, None
            try:
                await listener.close(timeout=CLOSE_SECONDS)
            except (OSError, TimeoutError, asyncpg.InterfaceError, asyncpg.PostgresError):
                listener.terminate()
        try:
            await asyncio.wait_for(pool.close(), CLOSE_SECONDS)
        except TimeoutError:
            log.warning("database connections still busy at shutdown; closing them")
            pool.terminate()

    async def _migrate(self, create: bool) -> list[int]:
        """Apply the migrations the database lacks, once even when processes start together; their numbers.
        First, a database that is not the bot's (nor empty, if ``create``) is refused, untouched."""
        applied = []
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCKS, MIGRATING)
            done = await self._applied(conn)
            tables = {
                row["tablename"]
                for row in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            }
            where, _, database = _place(self.url)
            refused = refusal(f"The PostgreSQL database {database} at {where}", tables, done, create)
            if refused is not None:
                raise StorageUnavailable(refused)
            await conn.execute(f"CREATE TABLE IF NOT EXISTS {MIGRATIONS_TABLE} (number INTEGER PRIMARY KEY)")
            for number, sql in migrations():
                if number not in done:
                    await conn.execute(postgres_dialect(sql))
                    await conn.execute(f"INSERT INTO {MIGRATIONS_TABLE} (number) VALUES ($1)", number)
                    applied.append(number)
        return applied

    @staticmethod
    async def _applied(conn: asyncpg.Connection) -> set[int]:
        """The migrations the database's record lists; none if it has no record, or another's of that name."""
        try:
            async with conn.transaction():  # a savepoint: a failed read leaves the migration's transaction usable
                return {row["number"] for row in await conn.fetch(f"SELECT number FROM {MIGRATIONS_TABLE}")}
        except (asyncpg.UndefinedTableError, asyncpg.UndefinedColumnError):
            return set()

    # -- connections ------------------------------------------------------------
    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        held = self._held.get()
        if held is not None and held.open:
            if held.conn is None:
                raise DatabaseUnreachable(held.lost)
            async with held.turn:
                with reaching(held.conn):
                    yield held.conn
        else:
            with reaching():
                async with self.pool.acquire() as conn:
                    with reaching(conn):
                        yield conn

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Sql]:
        async with self._connection() as conn:
            yield _Connection(conn)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Sql]:
        async with self._connection() as conn, conn.transaction():
            yield _Connection(conn)

    @staticmethod
    async def _take(conn: asyncpg.Connection, session_id: int, on_wait: Callable[[], Awaitable[None]] | None) -> None:
        with reaching(conn):
            free = await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCKS, session_id)
        if not free:
            if on_wait is not None:  # another process is busy with the session
                await on_wait()
            with reaching(conn):
                await conn.execute("SELECT pg_advisory_lock($1, $2)", LOCKS, session_id)

    @staticmethod
    async def _untake(conn: asyncpg.Connection, session_id: int) -> None:
        try:
            await conn.execute("SELECT pg_advisory_unlock($1, $2)", LOCKS, session_id)
        except (OSError, asyncpg.InterfaceError, asyncpg.PostgresError):
            log.warning("could not unlock session %s; its connection goes", session_id)

    @asynccontextmanager
    async def lock(self, session_id: int, on_wait: Callable[[], Awaitable[None]] | None = None) -> AsyncIterator[None]:
        held = self._held.get()
        if held is not None and held.open:  # a second session's lock in one request: the same connection
            async with self._connection() as conn:
                await self._take(conn, session_id, on_wait)
            try:
                yield
            finally:
                async with self._connection() as conn:
                    await self._untake(conn, session_id)
            return
        try:
            conn = await self._locked(session_id, on_wait)
        except DatabaseUnreachable as lost:
            # A context manager cannot skip its body: the request goes on, under no lock, yet can
            # change nothing, since its first query raises this again (answered as any outage).
            token = self._held.set(_Held(None, str(lost)))
            try:
                yield
            finally:
                self._held.reset(token)
            return
        try:
            held = _Held(conn)
            token = self._held.set(held)
            try:
                yield
            finally:
                held.open = False
                self._held.reset(token)
                async with held.turn:  # a statement a leftover task started ends first
                    await self._untake(conn, session_id)
        finally:
            await self.pool.release(conn)

    async def _locked(self, session_id: int, on_wait: Callable[[], Awaitable[None]] | None) -> asyncpg.Connection:
        """A connection of the pool holding the session's lock."""
        with reaching():
            conn = await self.pool.acquire()
        try:
            await self._take(conn, session_id, on_wait)
        except BaseException:
            await self.pool.release(conn)
            raise
        return conn

    async def _lock_ratings(self, sql: Sql) -> None:
        await sql.execute("SELECT pg_advisory_xact_lock(?, ?)", (LOCKS, RATING))

    # -- wake-up calls between processes ----------------------------------------
    async def _saved(self, sql: Sql, record: SessionRecord) -> None:
        if record.wake_at is not None:  # delivered at commit, to every listening process
            await sql.execute("SELECT pg_notify(?, ?)", (WAKE_CHANNEL, repr(record.wake_at)))

    async def _listen(self) -> None:
        """Its own connection, outside the pool, listens for the calls while the storage is open."""
        listener = await asyncpg.connect(self.url, timeout=CONNECT_SECONDS, server_settings=SERVER_SETTINGS)
        try:
            await listener.add_listener(WAKE_CHANNEL, self._heard)
        except BaseException:
            listener.terminate()
            raise
        listener.add_termination_listener(self._deaf)
        self._listener = listener

    def _deaf(self, conn: object) -> None:
        """The listening connection went with the server: listen again once it is back."""
        if self._pool is not None and conn is self._listener:
            self._listener = None
            self._listening_again = asyncio.ensure_future(self._listen_again())

    async def _listen_again(self) -> None:
        while True:
            await asyncio.sleep(LISTEN_AGAIN)
            try:
                await self._listen()
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
                continue
            self._listening_again = None
            for wake in self._watchers:  # calls made meanwhile went unheard: look at the times now
                wake(0.0)
            return

    def watch(self, wake: Callable[[float], None]) -> None:
        self._watchers.append(wake)

    def _heard(self, conn: object, pid: int, channel: str, payload: str) -> None:
        try:
            when = float(payload)
        except ValueError:
            return
        for wake in self._watchers:
            wake(when)
