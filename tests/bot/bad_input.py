"""Bad input for the operators' commands (``python -m bot``, the copy, the ratings' recompute):
files that are not the bot's database, and the command run as a subprocess, so that a
traceback would show, read back as its one sentence."""

import ctypes
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cret-pw"  # the password of the malformed addresses; never printed
MALFORMED = (
    f"postgresql://fortbot:{SECRET}@127.0.0.1:notaport/fortbot",
    f"postgresql://fortbot:{SECRET}@127.0.0.1:99999/fortbot",  # a port out of range
    f"postgresql://fortbot:{SECRET}@[bad",
)
PR_CAPBSET_DROP = 24  # prctl(2)
ROOT_OVERRIDES = (1, 2, 3)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER: root writing anywhere


def _as_a_user() -> None:
    """In the command's process, before it starts: root keeps to the files' permissions, as a
    user would (the tests run as root in CI), so that a read-only folder is read-only."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in ROOT_OVERRIDES:
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "could not drop root's overriding capabilities")


def command(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS``, run to its end."""
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_as_a_user,
        check=False,
    )


def refusal(done: subprocess.CompletedProcess[str], code: int = 1) -> str:
    """The one sentence a refused command said: alone on stderr, no traceback, no password."""
    shown = done.stdout + done.stderr
    assert done.returncode == code, shown
    assert "Traceback" not in shown and SECRET not in shown and "throwaway-secret" not in shown, shown
    assert done.stdout == "" and len(done.stderr.splitlines()) == 1, shown
    return done.stderr.rstrip("\n")


def foreign_sqlite(path: Path) -> Path:
    """Another application's SQLite file."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO customers (name) VALUES ('ann')")
    db.close()
    return path


def bad_sqlite_files(folder: Path, bot_file: Path) -> dict[Path, str]:
    """Files that are not a usable bot database, each with the sentence it is refused with."""
    foreign, noise, cut, empty = (folder / name for name in ("app.db", "noise.db", "cut.db", "empty.db"))
    foreign_sqlite(foreign)
    noise.write_bytes(random.Random(1).randbytes(8192))
    whole = bot_file.read_bytes()
    cut.write_bytes(whole[: len(whole) // 2])
    empty.write_bytes(b"")
    left = "it was left as it was."
    return {
        foreign: f"The SQLite file {foreign} is not the bot's database (it holds other tables: customers); {left}",
        noise: f"The file {noise} is damaged or not a SQLite database (file is not a database); {left}",
        cut: f"The file {cut} is damaged or not a SQLite database (database disk image is malformed); {left}",
        empty: f"The SQLite file {empty} holds no data of the bot (it is empty); {left}",
    }


async def public_tables(url: str) -> dict[str, list[tuple[object, ...]]]:
    """Every table of the database's own schema, with its rows."""
    db = await asyncpg.connect(url)
    try:
        names = [r["tablename"] for r in await db.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        return {name: [tuple(r) for r in await db.fetch(f"SELECT * FROM {name}")] for name in sorted(names)}
    finally:
        await db.close()


async def add_foreign_table(url: str) -> None:
    """Another application's table, in the database at ``url``."""
    db = await asyncpg.connect(url)
    try:
        await db.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        await db.execute("INSERT INTO customers VALUES (1, 'ann')")
    finally:
        await db.close()


def postgres_database(url: str) -> str:
    """How a refusal names the test server's database at ``url``."""
    where, database = url.split("@", 1)[1].split("/", 1)
    return f"The PostgreSQL database {database} at {where}"


def contents(folder: Path) -> dict[str, bytes]:
    """Every file of ``folder``, byte for byte (a command's leftover file would show too)."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    folder.chmod(0o555)
    try:
        yield
    finally:
        folder.chmod(0o755)


def unwritable(path: Path) -> str:
    return f"Could not use the SQLite database {path} (attempt to write a readonly database): " + WRITABLE


WRITABLE = "check the path and that it and its folder are writable."
