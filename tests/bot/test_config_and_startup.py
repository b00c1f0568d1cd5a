"""Settings and the ``python -m bot`` entry point."""

import asyncio
import logging
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.app import create_bot
from bot.config import ConfigError, Settings, load_settings
from bot.storage import SqliteStorage
from tests.bot import bad_input

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_is_one_clear_sentence(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert lines == ["No bot token: set DISCORD_TOKEN in .env (copy .env.example) or in the environment."]
    assert "Traceback" not in done.stderr


@pytest.fixture
def environ(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """An environment without any of the bot's settings; the test sets those it wants."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    return monkeypatch


def test_env_file_is_read_and_environment_wins(tmp_path: Path, environ: pytest.MonkeyPatch) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nDISCORD_TOKEN='from-file'\nDEV_GUILD_ID=42\nLOG_LEVEL=DEBUG\nSHARD_COUNT=\n")
    environ.setenv("LOG_LEVEL", "WARNING")
    environ.setenv("DEFAULT_LANGUAGE", "")  # empty: unset, the default stays
    settings = load_settings(env_file)
    assert settings.discord_token == "from-file"
    assert settings.dev_guild_id == 42
    assert settings.log_level == "WARNING"
    assert settings.default_language == "fr"
    assert settings.database_path == Path("data/bot.sqlite3")
    assert settings.database_url is None and settings.shard_count is None  # SQLite, one process
    assert "from-file" not in repr(settings)


async def test_a_refused_token_names_where_it_came_from(
    tmp_path: Path, environ: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Discord refusing the token: the sentence names the environment when the token came from it,
    else the .env file."""
    from bot.__main__ import run

    async def refused(bot: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    settings = Settings(discord_token="x", database_path=tmp_path / "db.sqlite3")
    environ.chdir(tmp_path)
    assert await run(settings, start=refused) == 1  # as read from .env
    assert capsys.readouterr().err.splitlines()[-1] == "Discord refused the token: check DISCORD_TOKEN in .env."
    environ.setenv("DISCORD_TOKEN", "x")
    assert await run(settings, start=refused) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        "Discord refused the token: check DISCORD_TOKEN in the environment."
    )


def test_invalid_setting_names_the_setting(tmp_path: Path, environ: pytest.MonkeyPatch) -> None:
    environ.setenv("DISCORD_TOKEN", "x")
    environ.setenv("DEV_GUILD_ID", "not-a-number")
    with pytest.raises(ConfigError, match=r"^The setting DEV_GUILD_ID is invalid: .*[.]$"):
        load_settings(tmp_path / "none")


def test_database_and_shard_settings(tmp_path: Path, environ: pytest.MonkeyPatch) -> None:
    environ.setenv("DISCORD_TOKEN", "x")
    environ.setenv("DATABASE_URL", "postgresql://bot:secret@db.example/fortbot")
    environ.setenv("DATABASE_POOL_SIZE", "4")
    environ.setenv("SHARD_COUNT", "4")
    environ.setenv("SHARD_IDS", "2, 3")
    settings = load_settings(tmp_path / "none")
    assert (settings.database_pool_size, settings.shard_count, settings.shard_ids) == (4, 4, (2, 3))
    assert "secret" not in repr(settings)
    steps = [
        ({"SHARD_IDS": "4"}, "it must list different shards from 0 to 3, such as 0,1"),
        (
            {"SHARD_IDS": "2,3", "DATABASE_URL": ""},
            "other processes run the other shards, which needs a shared DATABASE_URL",
        ),
        ({"SHARD_COUNT": ""}, "it needs SHARD_COUNT, the number of shards across every process"),
    ]
    for changes, reason in steps:
        for name, value in changes.items():
            environ.setenv(name, value)
        with pytest.raises(ConfigError) as refused:
            load_settings(tmp_path / "none")
        assert str(refused.value) == f"The setting SHARD_IDS is invalid: {reason}."
    environ.setenv("DATABASE_URL", "mysql://db/x")
    with pytest.raises(ConfigError) as refused:
        load_settings(tmp_path / "none")
    assert str(refused.value) == "The setting DATABASE_URL is invalid: it must start with postgresql://."
    environ.setenv("SHARD_COUNT", "4")
    environ.setenv("SHARD_IDS", "0,1,2,3")  # one process with every shard: SQLite will do
    environ.setenv("DATABASE_URL", "")
    assert load_settings(tmp_path / "none").shard_ids == (0, 1, 2, 3)


def test_sigterm_stops_the_bot_cleanly(tmp_path: Path) -> None:
    """The real entry point, with the Discord connection replaced by a wait: SIGTERM ends it."""
    env = os.environ | {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not-a-real-token",
        "DATABASE_PATH": str(tmp_path / "db.sqlite3"),
    }
    done = subprocess.run(
        [sys.executable, "-c", _CONNECT_THEN_TERM],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "stop signal received, shutting down" in done.stderr
    assert done.stderr.rstrip().endswith("stopped")
    assert (tmp_path / "db.sqlite3").exists()


# Stands in for the gateway connection (Discord is unreachable here): open storage,
# send ourselves SIGTERM, then wait as a connected bot would.
_CONNECT_THEN_TERM = """
import asyncio, os, signal, sys
from bot import __main__ as entry
from bot.app import GameBot

async def connected(self, token):
    await self.storage.open()
    os.kill(os.getpid(), signal.SIGTERM)
    while not self.is_closed():
        await asyncio.sleep(0.01)

GameBot.start = connected
sys.exit(entry.main())
"""


def test_languages_fall_back_to_the_default_setting() -> None:
    from bot.i18n import language_of

    assert language_of("fr", "en") == "fr" and language_of("en-GB", "fr") == "en"
    assert language_of("de", "fr") == "fr" and language_of("de", "en") == "en"
    assert language_of(None, "fr") == "fr"


async def test_an_unusable_database_is_one_sentence(pg_cluster, pg_url: str) -> None:
    """Wrong password, user or database, or no server: one sentence that names what to
    check, and never the password."""
    from bot.storage import PostgresStorage, StorageUnavailable
    from tests.bot.pg_cluster import Cluster

    where = f"127.0.0.1:{pg_cluster.port}"
    nobody = Cluster()
    nobody.port = _free_port()
    cases = {
        pg_cluster.url(
            password="wrong-secret"
        ): f"PostgreSQL at {where} refused the user fortbot: check the user and password in DATABASE_URL.",
        pg_url.replace(
            "fortbot:", "stranger:"
        ): f"PostgreSQL at {where} refused the user stranger: check the user and password in DATABASE_URL.",
        pg_cluster.url(
            "missing"
        ): f"The database missing does not exist on the PostgreSQL server at {where}: create it or fix DATABASE_URL.",
        nobody.url(
            password="wrong-secret"
        ): f"Could not reach the PostgreSQL server at 127.0.0.1:{nobody.port} (Connection refused): "
        "check DATABASE_URL and that the server runs.",
    }
    for url, sentence in cases.items():
        with pytest.raises(StorageUnavailable) as refused:
            await PostgresStorage(url).open()
        assert str(refused.value) == sentence


def test_the_bot_stops_at_once_on_a_wrong_database_url(tmp_path: Path, pg_cluster) -> None:
    env = {k: v for k, v in os.environ.items() if k not in Settings.model_fields and not k.startswith("SHARD")}
    env |= {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not-a-real-token",
        "DATABASE_URL": pg_cluster.url(password="wrong-secret"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        (
            f"PostgreSQL at 127.0.0.1:{pg_cluster.port} refused the user fortbot: "
            "check the user and password in DATABASE_URL."
        )
    ]
    assert "wrong-secret" not in done.stderr + done.stdout


def start_bot(folder: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in ``folder``, with only these settings and a token."""
    env = {k: v for k, v in os.environ.items() if k not in Settings.model_fields and not k.startswith("SHARD")}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-a-real-token"} | settings
    return bad_input.command("bot", cwd=folder, env=env)


def test_the_bot_stops_at_once_on_a_database_it_cannot_use(tmp_path: Path) -> None:
    """A read-only data folder, with or without the database in it, a damaged file, another
    application's file, a malformed DATABASE_URL: one sentence each, exit code 2, no file changed."""
    data = tmp_path / "data"
    data.mkdir()
    with bad_input.read_only(data):  # the default DATABASE_PATH, data/bot.sqlite3, cannot be created
        assert bad_input.refusal(start_bot(tmp_path), code=2) == (
            "Could not use the SQLite database data/bot.sqlite3 (unable to open database file): " + bad_input.WRITABLE
        )
    assert list(data.iterdir()) == []
    bot_file = data / "bot.sqlite3"

    async def create() -> None:
        storage = SqliteStorage(bot_file)
        await storage.open()
        await storage.close()

    asyncio.run(create())
    before = bad_input.contents(data)
    with bad_input.read_only(data):
        assert bad_input.refusal(start_bot(tmp_path, DATABASE_PATH=str(bot_file)), code=2) == bad_input.unwritable(
            bot_file
        )
    assert bad_input.contents(data) == before
    bad = tmp_path / "bad"
    bad.mkdir()
    for path, sentence in bad_input.bad_sqlite_files(bad, bot_file).items():
        if path.stat().st_size == 0:
            continue  # an empty file is a new database, which the bot starts
        before = bad_input.contents(bad)
        assert bad_input.refusal(start_bot(tmp_path, DATABASE_PATH=str(path)), code=2) == sentence
        assert bad_input.contents(bad) == before
    for url in bad_input.MALFORMED:
        assert bad_input.refusal(start_bot(tmp_path, DATABASE_URL=url), code=2) == (
            "DATABASE_URL is not a well-formed PostgreSQL address"
            " (postgresql://user:password@host:port/database): check it."
        )


async def test_the_bot_leaves_another_applications_database_as_it_was(tmp_path: Path, pg_url: str) -> None:
    await bad_input.add_foreign_table(pg_url)
    before = await bad_input.public_tables(pg_url)
    refused = await asyncio.to_thread(start_bot, tmp_path, DATABASE_URL=pg_url)
    assert bad_input.refusal(refused, code=2) == (
        f"{bad_input.postgres_database(pg_url)} is not the bot's database"
        " (it holds other tables: customers); it was left as it was."
    )
    assert await bad_input.public_tables(pg_url) == before


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_strong_computers_budget_is_two_settings(tmp_path: Path, environ: pytest.MonkeyPatch) -> None:
    from bot.app import GameBot

    environ.setenv("DISCORD_TOKEN", "x")
    environ.setenv("DATABASE_PATH", str(tmp_path / "db.sqlite3"))
    environ.setenv("SEARCH_MS", "120")
    environ.setenv("SEARCH_ITERATIONS", "300")
    bot = GameBot(load_settings(tmp_path / "none"))
    assert (bot.service.search_seconds, bot.service.search_iterations) == (0.12, 300)
    environ.setenv("SEARCH_MS", "0")
    with pytest.raises(ConfigError, match=r"^The setting SEARCH_MS is invalid: "):
        load_settings(tmp_path / "none")


def test_a_start_says_nothing_of_voice(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """discord.py warns at a client's creation that voice is not supported (no PyNaCl, no davey); the
    bot uses no voice, so a newcomer must not read those warnings as errors."""
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)  # as in a fresh process without them
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.INFO):
        create_bot(Settings(discord_token="x", database_path=Path("unused.sqlite3")))
    assert not [r for r in caplog.records if "voice" in r.getMessage().lower()]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
