"""Shared fixtures: a bot on a temporary database, run inside SimCord; and the ``slow`` marker,
given to the tests that ``tests/slow_tests.txt`` names."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import simcord
from simcord import interactions as sim_interactions

from bot.app import GameBot
from bot.config import Settings
from bot.ui.computer_turns import ComputerTurns
from bot.ui.timekeeper import Timekeeper

# SimCord sends every interaction with locale en-US; tests choose per user.
USER_LOCALES: dict[int, str] = {}
_base_payload = sim_interactions.base_payload


def _localized_payload(backend, *, user_id, **kwargs):
    record, payload = _base_payload(backend, user_id=user_id, **kwargs)
    payload["locale"] = USER_LOCALES.get(user_id, "en-US")
    return record, payload


sim_interactions.base_payload = _localized_payload


def set_locale(user, locale: str) -> None:
    USER_LOCALES[user.id] = locale


def add_admin(guild, env, name: str):
    """A member with the Manage Server permission (a server admin for the bot)."""
    role = guild.create_role(f"{name}-admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[role])


SLOW_TESTS = Path(__file__).with_name("slow_tests.txt")


def slow_entries() -> list[str]:
    lines = (line.split("#")[0].strip() for line in SLOW_TESTS.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def names(entry: str, nodeid: str) -> bool:
    """``entry`` is a test's id, or a prefix of it: its file, its function (every case), a case."""
    return nodeid == entry or nodeid.startswith((entry + "::", entry + "["))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    entries = slow_entries()
    for item in items:
        if any(names(entry, item.nodeid) for entry in entries):
            item.add_marker(pytest.mark.slow)
    # A renamed or deleted test must leave the list too; only a collection of whole files can tell.
    if config.option.keyword or any("::" in arg for arg in config.args):
        return
    files = {item.nodeid.split("::")[0] for item in items}
    stale = [e for e in entries if e.split("::")[0] in files and not any(names(e, i.nodeid) for i in items)]
    if stale:
        raise pytest.UsageError(f"{SLOW_TESTS.name} names tests that do not exist: {', '.join(stale)}")


# Every bot a test builds, restarts included: SimCord detaches a bot without
# closing it, so its work (computer turns, search workers) and its database
# connection (a worker thread) are closed here.
_BOTS: list[GameBot] = []


def make_bot(db: Path) -> GameBot:
    bot = GameBot(Settings(discord_token="test", database_path=db, computer_pause_ms=0))
    _BOTS.append(bot)
    return bot


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.sqlite3"


@pytest.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[GameBot]:
    USER_LOCALES.clear()
    yield make_bot(db_path)
    while _BOTS:
        bot = _BOTS.pop()
        await bot.stop_work()
        await bot.storage.close()


@pytest.fixture
def env(simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch) -> simcord.Env:
    """SimCord, where the bot's own timers (the timekeeper's naps, the computers' pauses) run on the
    virtual clock alone: they end when a test's ``advance_time`` reaches them, never on the wall
    clock while SimCord waits for the bot to settle."""

    async def virtual_sleep(seconds: float) -> None:
        await simcord_env.external_wait(asyncio.sleep(seconds), reason="a timer of the bot")

    monkeypatch.setattr(Timekeeper, "sleep", staticmethod(virtual_sleep))
    monkeypatch.setattr(ComputerTurns, "sleep", staticmethod(virtual_sleep))
    return simcord_env
