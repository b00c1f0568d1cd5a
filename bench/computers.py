"""Clicks beside strong computer players (not part of the test run).

For 1, 4 and 8 busy tables, each one person against three strong computers (Fortissimo!,
``SEARCH_MS`` 250 as by default), plus one more table of two people: every person clicks 0.3 s
after their last click was applied whenever it is their turn (a quick player), through the
simulated Discord, for a while; first with no pause between computer turns (they play back to
back: the hardest load), then with the default pause (``COMPUTER_PAUSE_MS``). Printed: the time
from a click to its acknowledgement (p50, p99, max) at the strong tables and at the other
table, how many took over 3 s (Discord's limit), each strong decision's time from being asked
to its answer (p99), in the worker pool, and the share of strong decisions left to the normal
level.

Targets: no click unanswered in 3 s; the other table's p99 under 200 ms with 8 busy tables;
the strong tables' own acknowledgement p99 under 500 ms; with the default pause, at most 5% of
the strong decisions at the normal level with 8 busy tables.
Run: .venv/bin/python bench/computers.py [seconds per load, default 30]
"""

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord
from simcord._settlement import _run_due_virtual_callbacks as run_due_virtual_callbacks

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app import GameBot
from bot.config import Settings
from bot.search_pool import SearchFailed
from bot.storage import SessionRecord

ANSWER_WITHIN = 3.0  # Discord's limit for acknowledging an interaction
PEOPLE_THINK = 0.3  # seconds a person takes between two clicks (quick ones)


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


class TimedSearch:
    """The bot's search pool, each decision timed from being asked to its answer."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.times: list[float] = []
        self.normal = 0  # decisions left to the normal level (their time went by in line)

    async def think(self, *request: Any, **options: Any) -> Any:
        asked = time.perf_counter()
        try:
            return await self.pool.think(*request, **options)
        except SearchFailed:
            self.normal += 1
            raise
        finally:
            self.times.append(time.perf_counter() - asked)


class Table:
    def __init__(self, env: Any, channel: Any, people: list[Any], computers: int) -> None:
        self.env, self.channel, self.people, self.computers = env, channel, people, computers
        self.record: SessionRecord | None = None
        self.thread: Any = None

    async def open(self) -> None:
        host = self.people[0]
        await host.slash(self.channel, "fortissimo start", first_player="lobby")
        lobby_id = self.channel.last_message.id

        def lobby() -> Any:
            return next(m for m in self.channel.history() if m.id == lobby_id)

        for person in self.people[1:]:
            await person.click(lobby(), label="Join")
        for _ in range(self.computers):
            menu = next(c for row in lobby().components for c in row.children if c.custom_id.endswith(":add_bot"))
            await host.select(lobby(), ["strong"], custom_id=menu.custom_id)
        await host.click(lobby(), label="Start the game")
        self.record = max(await self.env.bot.storage.find_sessions(channel_id=self.channel.id), key=lambda r: r.id)
        self.thread = self.channel.threads[-1]

    async def next_click(self) -> tuple[Any, Any, str] | None:
        """The person to act, the message and the control they click now; None while computers play."""
        assert self.record is not None
        record = self.record = await self.env.bot.service.get(self.record.id)
        if record.status != "active":
            return None
        state = self.env.bot.service.state(record)
        seat = min(self.env.bot.service.engine(record).to_act(state))
        person = next((p for p in self.people if p.id == record.seats[seat].user_id), None)
        if person is None:
            return None
        boards = [m for m in self.thread.history() if m.id in record.board_message_ids]
        prefix = f"g:fortissimo:{record.id}:{record.version}:"
        if state.phase == "flip":
            for message in boards:
                for row in message.components:
                    for item in row.children:
                        if item.custom_id.startswith(prefix + "f") and not item.disabled:
                            return person, message, item.custom_id
            return None
        return person, boards[-1], prefix + "r"


async def no_wait(env: Any) -> None:
    """The simulated Discord's settling, less its wait for the bot to be idle: only the timers
    its clock has reached are run."""
    run_due_virtual_callbacks(env._settlement_state(), 0.0)
    await asyncio.sleep(0)


class RealTime:
    """The simulated Discord's clock kept up with the real one: it holds a sleep (the pause
    between computer turns) until it is moved on, and the clicks here do not wait for it."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.last = time.perf_counter()

    async def catch_up(self) -> None:
        now = time.perf_counter()
        await self.env.advance_time(now - self.last)
        self.last = now


async def load(busy: int, seconds: float, pause_ms: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            discord_token="bench", database_path=Path(folder) / "bench.sqlite3", computer_pause_ms=pause_ms
        )
        bot = GameBot(settings)
        timed = TimedSearch(bot.search)
        bot.service.search = timed
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            tables = []
            for n in range(busy + 1):
                channel = guild.create_text_channel(f"table-{n}")
                people = [guild.add_member(env.create_user(f"p{n}-{i}")) for i in range(1 if n < busy else 2)]
                tables.append(Table(env, channel, people, 3 if n < busy else 0))
            for table in tables:
                await table.open()
            settle = env._settle_internal
            env._settle_internal = lambda **_: no_wait(env)  # clicks no longer wait for the bot to be idle
            acks: dict[bool, list[float]] = {True: [], False: []}
            timed.times.clear()
            timed.normal = 0
            end = time.perf_counter() + seconds
            ready = dict.fromkeys(range(len(tables)), 0.0)  # when each table's person clicks next
            clock = RealTime(env)
            while time.perf_counter() < end:
                await clock.catch_up()
                clicked = False
                for n, table in enumerate(tables):
                    if time.perf_counter() < ready[n]:
                        continue
                    found = await table.next_click()
                    if found is None:
                        continue
                    person, message, custom_id = found
                    start = time.perf_counter()
                    result = await person.click(message, custom_id=custom_id)
                    while not result.acknowledged and time.perf_counter() - start < 2 * ANSWER_WITHIN:
                        await asyncio.sleep(0.001)
                    acks[table.computers > 0].append(time.perf_counter() - start)
                    while (await table.next_click()) == found:  # until the click is applied
                        await asyncio.sleep(0.001)
                    ready[n] = time.perf_counter() + PEOPLE_THINK
                    clicked = True
                if not clicked:
                    await asyncio.sleep(0.005)
            await bot.stop_work()
            env._settle_internal = settle
        await bot.storage.close()
    return {"strong": acks[True], "other": acks[False], "decisions": timed.times, "normal": timed.normal}


def main(seconds: float) -> None:
    print(f"clicks beside strong computers ({os.cpu_count()} cores; {seconds:.0f} s of play per line; milliseconds)")
    print(
        "  pause busy | strong tables' clicks: n  p50   p99   max  >3s | other table: n  p50   p99"
        " | strong decisions: n  p99  at normal level"
    )
    for pause_ms in (0, Settings.model_fields["computer_pause_ms"].default):
        for busy in (1, 4, 8):
            line(pause_ms, busy, asyncio.run(load(busy, seconds, pause_ms)))
    print(
        "  targets: no click over 3 s; other table p99 < 200 ms at 8 busy tables; strong tables' p99 < 500 ms;"
        " at most 5% at normal level at 8 busy tables with the default pause"
    )


def line(pause_ms: int, busy: int, found: dict[str, Any]) -> None:
    strong, other, decisions = found["strong"], found["other"], found["decisions"]
    late = sum(ack >= ANSWER_WITHIN for ack in strong + other)
    print(
        f"  {pause_ms:5d} {busy:4d} | {len(strong):25d} {statistics.median(strong) * 1e3:4.0f} {percentile(strong, 0.99) * 1e3:5.0f}"
        f" {max(strong) * 1e3:5.0f} {late:4d} | {len(other):13d} {statistics.median(other) * 1e3:4.0f}"
        f" {percentile(other, 0.99) * 1e3:5.0f} | {len(decisions):19d} {percentile(decisions, 0.99) * 1e3:4.0f}"
        f" {found['normal'] / max(1, len(decisions)):8.0%}"
    )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 30.0)
