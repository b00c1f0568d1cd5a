"""``python -m bot.storage.copy SQLITE_PATH DATABASE_URL``: move a server's data to PostgreSQL.

Every table of the SQLite file (brought up to the current migrations first, as the bot
does at start) is copied into an empty PostgreSQL database in one transaction; then,
in that same transaction, every game is replayed from its copied seed and action log and
compared with its copied state. Anything wrong rolls the whole copy back. Stop the bot
before copying. A source that is not the bot's SQLite file, or a target that is neither
empty nor the bot's, is refused before anything is written (``open(create=False)``, ``open()``).
"""

import asyncio
import sys
from pathlib import Path

from bot import replays
from bot.storage.base import ActionRecord, SessionRecord, Sql, StorageUnavailable
from bot.storage.postgres import PostgresStorage
from bot.storage.sql import RUNTIME_TABLES, TABLES, SqlStorage
from bot.storage.sqlite import SqliteStorage
from games.core import registry
from games.core.errors import Refusal

BATCH = 1000  # rows read and written at a time
USAGE = "Usage: python -m bot.storage.copy SQLITE_PATH DATABASE_URL"


class CopyError(Exception):
    """The copy cannot be made; one sentence, and nothing was written."""


def replays_to_its_state(record: SessionRecord, actions: list[ActionRecord]) -> bool:
    try:
        engine = registry.get(record.game)
        return replays.replay(replays.export(record, actions)) == engine.load(record.state or "")
    except (Refusal, KeyError, ValueError):  # a log older rules wrote may not replay at all
        return False


async def _tables(source: SqliteStorage) -> list[str]:
    async with source.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cursor:
        found = {row[0] for row in await cursor.fetchall()} - {"sqlite_sequence", *RUNTIME_TABLES}
    unknown = sorted(found - set(TABLES))
    if unknown:
        names = ", ".join(unknown)
        raise CopyError(f"The SQLite file has a table this copy does not know ({names}): update the bot.")
    return [table for table in TABLES if table in found]


async def _copy_table(source: SqliteStorage, target: Sql, table: str) -> int:
    copied = 0
    async with source.db.execute(f"SELECT * FROM {table}") as cursor:
        columns = [d[0] for d in cursor.description]
        insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
        while rows := await cursor.fetchmany(BATCH):
            batch = [tuple(row) for row in rows]
            await target.executemany(insert, batch)
            copied += len(batch)
    return copied


async def _check_replays(source: SqliteStorage, target: Sql) -> list[int]:
    """Every copied game replays to its copied state; the ids of those that did not in the
    SQLite file either (copied as they are). Raises ``CopyError`` if the copy broke one."""
    inherited = []
    for row in await target.fetch("SELECT * FROM sessions WHERE state IS NOT NULL ORDER BY id"):
        record = SqlStorage._record(row)
        logged = await target.fetch("SELECT * FROM actions WHERE session_id = ? ORDER BY seq", (record.id,))
        if replays_to_its_state(record, [ActionRecord.model_validate(a) for a in logged]):
            continue
        original = await source.get_session(record.id)
        if original is not None and not replays_to_its_state(original, await source.actions(record.id)):
            inherited.append(record.id)
            continue
        raise CopyError(f"Game {record.id} no longer replays to its state once copied: nothing was copied.")
    return inherited


async def copy(sqlite_path: Path, url: str) -> tuple[dict[str, int], list[int]]:
    """Rows copied per table, and the games that did not replay in the SQLite file either."""
    if not url.startswith(("postgresql://", "postgres://")):
        raise CopyError("The target must be a PostgreSQL address, postgresql://user:password@host/database.")
    source, target = SqliteStorage(sqlite_path), PostgresStorage(url, pool_size=2)
    try:
        await source.open(create=False)  # the bot's file, or refused as it is
        await target.open()  # the bot's database or an empty one, or refused as it is
        tables = await _tables(source)
        async with target._write() as sql:
            for table in TABLES:
                if await sql.fetch(f"SELECT 1 FROM {table} LIMIT 1"):
                    raise CopyError(
                        f"The PostgreSQL database already holds data (in {table}): copy only into an empty one."
                    )
            counts = {table: await _copy_table(source, sql, table) for table in tables}
            # the next new session takes the id after the copied ones
            await sql.fetch(
                "SELECT setval(pg_get_serial_sequence('sessions', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM sessions"
            )
            inherited = await _check_replays(source, sql)
        return counts, inherited
    except StorageUnavailable as error:
        raise CopyError(str(error)) from None
    finally:
        await source.close()
        await target.close()


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def summary(counts: dict[str, int], inherited: list[int]) -> list[str]:
    copied = [
        _count(counts.get("sessions", 0), "session", "sessions"),
        _count(counts.get("actions", 0), "action", "actions"),
        _count(counts.get("results", 0), "result", "results")
        + f" ({_count(counts.get('result_seats', 0), 'seat', 'seats')})",
        _count(counts.get("guild_settings", 0), "server setting", "server settings"),
    ]
    players = _count(counts.get("user_settings", 0), "player setting", "player settings")
    lines = [f"Copied {', '.join(copied)} and {players}."]
    if inherited:
        ids = ", ".join(map(str, inherited))
        which = f"Game {ids} does" if len(inherited) == 1 else f"Games {ids} do"
        lines.append(
            f"{which} not replay to the stored state in the SQLite file either"
            " (an older version of the rules); copied as they are."
        )
    lines.append(f"Every {'other ' if inherited else ''}game replays to its stored state.")
    return lines


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        counts, inherited = asyncio.run(copy(Path(args[0]), args[1]))
    except CopyError as error:
        print(error, file=sys.stderr)
        return 1
    print("\n".join(summary(counts, inherited)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
