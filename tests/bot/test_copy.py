"""``python -m bot.storage.copy``: a real SQLite file, with finished and running games,
copied into an empty PostgreSQL database; every game replays the same afterwards."""

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sessions import SessionService
from bot.storage import GuildSettings, PostgresStorage, SqliteStorage, UserSettings
from bot.storage import copy as copying
from tests.bot import bad_input
from tests.bot.test_sessions import play_computers, started

ROOT = Path(__file__).resolve().parents[2]


async def play(service: SessionService, sid: int, moves: int | None = None) -> None:
    """The human host plays its first legal action, ``moves`` times or to the end."""
    done = 0
    while (moves is None or done < moves) and (record := await service.get(sid)).status == "active":
        engine, state = service.engine(record), service.state(record)
        action = engine.legal_actions(state, 0)[0]
        await service.act(sid, 1, record.version, action.token())
        await play_computers(service, sid)
        done += 1


@pytest.fixture
async def sqlite_file(tmp_path: Path) -> Path:
    """A server's SQLite database: games finished, running, one a player left, a lobby; settings."""
    path = tmp_path / "bot.sqlite3"
    service = SessionService(SqliteStorage(path))
    await service.storage.open()
    try:
        await fill(service)
    finally:
        await service.storage.close()
    return path


async def fill(service: SessionService) -> None:
    for _ in range(2):
        await play(service, await started(service, computers=3, humans=()))  # finished
    await play(service, await started(service, computers=2, humans=()), moves=3)  # running
    resigned = await started(service, computers=1)
    await service.resign(resigned, 2)  # goes on without them
    await service.open_lobby("fireship", 1, 11, 1, "host", {}, seed=4)
    await service.storage.save_guild_settings(1, GuildSettings(language="en", game_channels=[11]))
    await service.storage.save_user_settings(2, UserSettings(dm_reminders=True))


async def everything(storage: SqliteStorage | PostgresStorage) -> dict[str, object]:
    sessions = await storage.find_sessions()
    return {
        "sessions": sessions,
        "actions": [await storage.actions(r.id) for r in sessions],
        "results": await storage.results(1, limit=100),
        "stats": await storage.player_stats(1, 1),
        "ratings": (await storage.ratings(1, limit=100), await storage.rating_changes(1, 1, "fortissimo", 100)),
        "guild": await storage.guild_settings(1),
        "user": await storage.user_settings(2),
    }


@pytest.fixture
async def both(sqlite_file: Path, pg_url: str) -> AsyncIterator[tuple[SqliteStorage, PostgresStorage]]:
    """The SQLite file and the PostgreSQL database, opened after the test's copy."""
    opened: list[SqliteStorage | PostgresStorage] = []

    async def open_both() -> tuple[SqliteStorage, PostgresStorage]:
        opened.extend([SqliteStorage(sqlite_file), PostgresStorage(pg_url, pool_size=2)])
        for storage in opened:
            await storage.open()
        return opened[0], opened[1]  # type: ignore[return-value]

    yield open_both
    for storage in opened:
        await storage.close()


async def test_copy_moves_every_table_and_every_game_replays(sqlite_file: Path, pg_url: str, both) -> None:
    counts, inherited = await copying.copy(sqlite_file, pg_url)
    source, target = await both()
    copied = await everything(target)
    assert copied == await everything(source)
    assert inherited == []
    statuses = sorted(r.status for r in copied["sessions"])
    assert statuses == ["active", "active", "finished", "finished", "lobby"]
    assert any(a.token == "!resign" for log in copied["actions"] for a in log)
    assert counts["rating_changes"] == 2 and [r.games for r in copied["ratings"][0]] == [2]  # the host's
    assert counts["results"] == 2 and counts["actions"] == sum(len(a) for a in copied["actions"]) > 20
    service = SessionService(target)
    for record in copied["sessions"]:
        if record.state is not None:
            assert await service.replay(record) == service.state(record)
    # the bot goes on from there: a new table gets the next id
    newest = max(r.id for r in copied["sessions"])
    assert (await service.open_lobby("fortissimo", 1, 10, 1, "host", {}, seed=1)).id == newest + 1
    assert copying.summary(counts, inherited) == [
        f"Copied 5 sessions, {counts['actions']} actions, 2 results (8 seats), 1 server setting and 1 player setting.",
        "Every game replays to its stored state.",
    ]


async def test_copy_refuses_a_database_that_holds_data(sqlite_file: Path, pg_url: str) -> None:
    await copying.copy(sqlite_file, pg_url)
    command = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.storage.copy",
        str(sqlite_file),
        pg_url,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(command.communicate(), 60)
    assert (command.returncode, out) == (1, b"")
    assert err.decode() == "The PostgreSQL database already holds data (in sessions): copy only into an empty one.\n"


async def test_a_game_the_copy_would_break_rolls_everything_back(
    sqlite_file: Path, pg_url: str, both, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_table = copying._copy_table

    async def garbled(source, target, table):
        copied = await copy_table(source, target, table)
        if table == "actions":  # one move lost on the way
            await target.execute("DELETE FROM actions WHERE seq = (SELECT MAX(seq) FROM actions)")
        return copied

    monkeypatch.setattr(copying, "_copy_table", garbled)
    with pytest.raises(copying.CopyError, match=r"^Game \d+ no longer replays to its state once copied"):
        await copying.copy(sqlite_file, pg_url)
    _, target = await both()
    assert await target.find_sessions() == []  # nothing was copied


async def test_a_game_that_did_not_replay_before_is_copied_as_it_is(sqlite_file: Path, pg_url: str) -> None:
    storage = SqliteStorage(sqlite_file)
    await storage.open()
    try:
        running = (await storage.find_sessions(statuses=("active",)))[-1]
        await storage.db.execute("DELETE FROM actions WHERE session_id = ? AND seq = ?", (running.id, running.version))
        await storage.db.commit()
    finally:
        await storage.close()
    counts, inherited = await copying.copy(sqlite_file, pg_url)
    assert inherited == [running.id]
    assert copying.summary(counts, inherited)[1:] == [
        (
            f"Game {running.id} does not replay to the stored state in the SQLite file either"
            " (an older version of the rules); copied as they are."
        ),
        "Every other game replays to its stored state.",
    ]


def copy_command(*args: str) -> subprocess.CompletedProcess[str]:
    return bad_input.command("bot.storage.copy", *args)


async def test_the_copy_leaves_a_source_that_is_not_the_bots_as_it_was(
    sqlite_file: Path, pg_url: str, tmp_path: Path
) -> None:
    """Another application's file, random bytes, a truncated file, an empty one, a missing one:
    one sentence each; no file changed or created, nothing written to PostgreSQL."""
    folder = tmp_path / "bad"
    folder.mkdir()
    for path, sentence in bad_input.bad_sqlite_files(folder, sqlite_file).items():
        before = bad_input.contents(folder)
        assert bad_input.refusal(await asyncio.to_thread(copy_command, str(path), pg_url)) == sentence
        assert bad_input.contents(folder) == before
    missing = folder / "none.sqlite3"
    refused = await asyncio.to_thread(copy_command, str(missing), pg_url)
    assert bad_input.refusal(refused) == f"There is no SQLite database at {missing}."
    assert not missing.exists()
    assert await bad_input.public_tables(pg_url) == {}


async def test_the_copy_leaves_a_target_that_is_not_the_bots_as_it_was(sqlite_file: Path, pg_url: str) -> None:
    await bad_input.add_foreign_table(pg_url)
    before = await bad_input.public_tables(pg_url)
    assert bad_input.refusal(await asyncio.to_thread(copy_command, str(sqlite_file), pg_url)) == (
        f"{bad_input.postgres_database(pg_url)} is not the bot's database"
        " (it holds other tables: customers); it was left as it was."
    )
    assert await bad_input.public_tables(pg_url) == before


async def test_a_malformed_address_or_a_read_only_folder_is_one_sentence(sqlite_file: Path) -> None:
    for url in bad_input.MALFORMED:
        assert bad_input.refusal(await asyncio.to_thread(copy_command, str(sqlite_file), url)) == (
            "DATABASE_URL is not a well-formed PostgreSQL address"
            " (postgresql://user:password@host:port/database): check it."
        )
    before = bad_input.contents(sqlite_file.parent)
    with bad_input.read_only(sqlite_file.parent):
        refused = await asyncio.to_thread(copy_command, str(sqlite_file), bad_input.MALFORMED[0])
    assert bad_input.refusal(refused) == bad_input.unwritable(sqlite_file)
    assert bad_input.contents(sqlite_file.parent) == before
