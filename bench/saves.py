"""Prints the storage work and CPU of the bot per committed change, for the five games (issue 33).

Each game is played whole through SimCord by its test driver (tests/discord/*_driver.py: the
clicks and menus a person would use), by people only but Fireship (one person, two computers, as
its whole-game test). Counted while the bot works
(the drivers' own peeks at the table are left out): ``Storage.save`` calls, ``Storage.get_session``
calls and ``Engine.load`` calls (the state parsed), each per committed change (a save that gives
the table a new version). Then the bot's CPU per interaction, median, beside a bot whose handler
only acknowledges (bench/run.py's), and their ratio (and the floor of a board click in discord.py:
a bot that only redraws a board of Fortissimo's shape); and, on average per interaction, the whole
CPU and the board pictures' part of it (drawn and encoded in a thread: ``png.Picture.render``).

Targets: at most 1.3 saves per committed change; CPU per interaction at most 2x the ack-only bot's.
Run: .venv/bin/python bench/saves.py
"""

import asyncio
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import simcord
from simcord import MemberActor

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import bot.ui.lobby
from bot.ui import png

try:
    import bot.sessions.table as bot_tables
except ImportError:  # before issue 33: bot/sessions.py
    bot_tables = None  # type: ignore[assignment]
from bench import simulated_cpu
from bench.run import time_ack_clicks, time_board_only_clicks
from bot.app import GameBot
from bot.config import Settings
from games.core import registry

DRIVERS = str(ROOT / "tests")
SEED = 20_240_601
PICTURES = {"ms": 0.0}  # the CPU of every picture drawn so far, in milliseconds
_COUNTING_PICTURES = threading.Lock()
_render = png.Picture.render


def _timed_render(picture: png.Picture, *args: Any) -> bytes:
    cpu = time.thread_time()
    try:
        return _render(picture, *args)
    finally:
        with _COUNTING_PICTURES:
            PICTURES["ms"] += (time.thread_time() - cpu) * 1e3


png.Picture.render = _timed_render  # type: ignore[method-assign]  # before the cogs bind it (``PICTURE.render``)


def from_the_bot() -> bool:
    """The call comes from the bot, not from a test driver peeking at the table."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename.startswith(DRIVERS):
            return False
        frame = frame.f_back  # type: ignore[assignment]
    return True


class Counting:
    """Counts the storage reads and writes and the states parsed, and the CPU of each interaction."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.cpu: list[float] = []
        self.pictures = 0.0  # the CPU of the pictures drawn, in milliseconds

    def watch(self, bot: GameBot) -> None:
        storage = bot.storage
        save, get_session = storage.save, storage.get_session

        async def counted_save(record: Any, old_version: int, *args: Any, **kwargs: Any) -> None:
            new = record.version != old_version
            await save(record, old_version, *args, **kwargs)
            self.counts["save"] += 1
            self.counts["change"] += new

        async def counted_get(session_id: int) -> Any:
            if from_the_bot():
                self.counts["get_session"] += 1
            return await get_session(session_id)

        storage.save, storage.get_session = counted_save, counted_get  # type: ignore[method-assign]
        for engine in registry.engines().values():
            load = type(engine).load

            def counted_load(text: str, load: Callable[..., Any] = load, engine: Any = engine) -> Any:
                if from_the_bot():
                    self.counts["load"] += 1
                return load(engine, text)

            engine.load = counted_load  # type: ignore[method-assign]
        shared = getattr(bot_tables, "parsed", None)  # the bot's states parsed once (not before issue 33)
        if shared is not None:

            def parsed(engine: Any, text: str) -> Any:  # a driver's peek must not parse for the bot
                return shared(engine, text) if from_the_bot() else engine.load(text)

            bot_tables.parsed = parsed

    def timing(self, verb: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def timed(actor: MemberActor, *args: Any, **kwargs: Any) -> Any:
            simulated_cpu.install()
            cpu, simulated = time.process_time(), simulated_cpu.spent()
            try:
                return await verb(actor, *args, **kwargs)
            finally:
                self.cpu.append((time.process_time() - cpu) * 1e3 - (simulated_cpu.spent() - simulated))

        return timed


async def play(game: str, env: simcord.Env) -> None:
    """One whole game of ``game`` by its driver, people only."""
    guild = env.create_guild()
    channel = guild.create_text_channel("bench")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    if game == "forteresse":
        from tests.discord import forteresse_driver

        record, thread, _ = await forteresse_driver.start(env, channel, ann)
        await forteresse_driver.Driver(env, thread, ann, record.id).play_to_end()
    elif game == "fortissimo":
        from tests.discord import driver

        record, _ = await driver.open_table(env, channel, ann, [ben])
        thread = driver.play_channel(env, channel, record)
        await driver.Driver(env, thread, [ann, ben], record.id).play_to_end()
    else:
        module = {"fortboyard": "fortboyard_driver", "fireship": "fireship_driver", "labyrinthe": "labyrinthe_driver"}
        found = __import__(f"tests.discord.{module[game]}", fromlist=["Driver"])
        from tests.discord.driver import open_game_table

        players = {"fortboyard": [ann, ben, cat], "fireship": [ann]}.get(game, [ann, ben])
        options = {"computers": 2, "rounds": 3} if game == "fireship" else {}  # as its whole-game test
        record, thread, _ = await open_game_table(env, channel, game, ann, players[1:], **options)
        seat_driver = found.Driver(env, thread, players, record.id)
        await seat_driver.play_until(lambda state: False, 3000)


async def measure(game: str, db: Path) -> Counting:
    counting = Counting()
    bot = GameBot(Settings(discord_token="bench", database_path=db, computer_pause_ms=0))
    verbs = {name: getattr(MemberActor, name) for name in ("click", "select", "submit_modal", "slash")}
    for name, verb in verbs.items():
        setattr(MemberActor, name, counting.timing(verb))
    pictures = PICTURES["ms"]
    try:
        async with simcord.run(bot) as env:
            counting.watch(env.bot)
            await play(game, env)
        counting.pictures = PICTURES["ms"] - pictures
    finally:
        for name, verb in verbs.items():
            setattr(MemberActor, name, verb)
        await bot.stop_work()  # SimCord detaches the bot without closing it
        await bot.storage.close()
    return counting


def main() -> None:
    bot.ui.lobby.secrets = SimpleNamespace(randbits=lambda bits: SEED)  # type: ignore[attr-defined]
    ack = statistics.median(cpu for _, cpu in asyncio.run(time_ack_clicks(200)))
    floor = statistics.median(cpu for _, cpu in asyncio.run(time_board_only_clicks(200)))
    print(
        f"ack-only bot {ack:4.2f} ms; board-only bot (45 buttons redrawn, no game) {floor:4.2f} ms: {floor / ack:4.2f}x"
    )
    print("per committed change: saves, session reads, states parsed; CPU per interaction (ms, median; mean)")
    for game in ("fortissimo", "forteresse", "fortboyard", "fireship", "labyrinthe"):
        with tempfile.TemporaryDirectory() as folder:
            found = asyncio.run(measure(game, Path(folder) / "bench.sqlite3"))
        counts, changes = found.counts, max(found.counts["change"], 1)
        cpu, clicks = statistics.median(found.cpu), len(found.cpu)
        print(
            f"  {game:11s} changes={changes:4d}  saves {counts['save'] / changes:4.2f}"
            f"  reads {counts['get_session'] / changes:4.2f}  loads {counts['load'] / changes:5.2f}"
            f"  | cpu {cpu:5.2f} vs ack-only {ack:4.2f}: {cpu / ack:4.2f}x  ({clicks} interactions;"
            f" mean {sum(found.cpu) / clicks:5.2f}, of which pictures {found.pictures / clicks:5.2f})"
        )
    print("  targets: saves <= 1.3 per change; CPU <= 2x the ack-only bot's")


if __name__ == "__main__":
    main()
