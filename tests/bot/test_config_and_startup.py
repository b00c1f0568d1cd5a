"""Settings and the ``python -m bot`` entry point."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_is_one_clear_sentence(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env | {"PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert lines == ["No bot token: set DISCORD_TOKEN in .env (copy .env.example) or in the environment."]
    assert "Traceback" not in done.stderr


def test_env_file_is_read_and_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nDISCORD_TOKEN='from-file'\nDEV_GUILD_ID=42\nLOG_LEVEL=DEBUG\n")
    settings = load_settings({"LOG_LEVEL": "WARNING"}, env_file)
    assert settings.discord_token == "from-file"
    assert settings.dev_guild_id == 42
    assert settings.log_level == "WARNING"
    assert settings.database_path == Path("data/bot.sqlite3")


def test_invalid_setting_names_the_setting(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        load_settings({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "not-a-number"}, tmp_path / "none")


def test_sigterm_stops_the_bot_cleanly(tmp_path: Path) -> None:
    """The real entry point, with the Discord connection replaced by a wait: SIGTERM ends it."""
    env = os.environ | {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not-a-real-token",
        "DATABASE_PATH": str(tmp_path / "db.sqlite3"),
    }
    done = subprocess.run(
        [sys.executable, "-c", _CONNECT_THEN_TERM], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
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
