"""Replay pages under load (not part of the test run): six long pages asked at once, beside a table
that plays on.

Six long Fireship games (four Easy players, 99 rounds: beginners make the longest games) are stored
as finished games of a server; a table of Le labyrinthe secret for two people is open on the same
server. The real bot runs over the simulated Discord. Six people ask for the six replay pages at
once; meanwhile the table's player to act clicks every 0.3 s (a quick player) through the board,
whose picture is drawn again at each click. Printed: when each page arrived; the table's clicks,
from the click to its answer (the board edited with its new picture), p50 / p99 / max, before and
while the pages build; the bot process's resident memory before, at its peak, and 20 s after the
last page (the workers that build the pages are processes of their own, and exit with their page).

Targets: the table's p99 under 300 ms while pages build; the bot's memory back within 100 MiB of
where it was, 20 s after the last page.
Run: .venv/bin/python bench/replay_load.py
"""

import asyncio
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.replay_page import stored_game
from bot.app import GameBot
from bot.config import Settings
from bot.storage import SessionRecord
from games.labyrinthe import ENGINE as MAZE
from games.labyrinthe.models import Stay

PAGES = 6
PEOPLE_THINK = 0.3  # seconds between a click's answer and the next click
QUIET = 10.0  # seconds of clicks before the pages are asked for
AFTER = 20.0  # seconds the memory is watched after the last page


def rss_mib() -> float:
    """This process's resident memory (the bot's: SimCord runs in it), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


async def store(bot: GameBot, guild_id: int, seed: int) -> tuple[int, int]:
    """A long Fireship game stored as the bot stores a finished one: its number and its actions."""
    record, log = stored_game("fireship", 4, seed, {"rounds": 99}, "easy")
    created = await bot.storage.create_session(
        record.model_copy(update={"id": 0, "guild_id": guild_id, "status": "active", "version": 0})
    )
    finished = record.model_copy(update={"id": created.id, "guild_id": guild_id})
    await bot.storage.save(finished, 0, [action.model_copy(update={"session_id": created.id}) for action in log])
    return created.id, len(log)


class Table:
    """A Labyrinthe table of two people who make the compulsory path changes, then stay."""

    def __init__(self, env: Any, channel: Any, people: list[Any]) -> None:
        self.env, self.channel, self.people = env, channel, people
        self.record: SessionRecord | None = None
        self.thread: Any = None

    async def open(self) -> None:
        host, guest = self.people
        await host.slash(self.channel, "labyrinthe start")
        lobby = self.channel.last_message
        await guest.click(lobby, label="Join")
        await host.click(lobby, label="Start the game")
        self.record = max(await self.env.bot.storage.find_sessions(channel_id=self.channel.id), key=lambda r: r.id)
        self.thread = self.channel.threads[-1]

    async def click(self) -> float:
        """The player to act plays; the seconds from the click to its answer."""
        assert self.record is not None
        record = self.record = await self.env.bot.service.get(self.record.id)
        state = self.env.bot.service.state(record)
        seat = min(MAZE.to_act(state))
        legal = MAZE.legal_actions(state, seat)
        token = (Stay() if Stay() in legal else legal[0]).token()
        person = next(p for p in self.people if p.id == record.seats[seat].user_id)
        boards = [m for m in self.thread.history() if m.id in record.board_message_ids]
        start = time.perf_counter()
        result = await self.use(person, boards, record, token)
        while not result.acknowledged:
            await asyncio.sleep(0.001)
        took = time.perf_counter() - start
        while (await self.env.bot.service.get(record.id)).version == record.version:
            await asyncio.sleep(0.001)
        return took

    @staticmethod
    async def use(person: Any, boards: list[Any], record: SessionRecord, token: str) -> Any:
        for message in boards:
            for row in message.components:
                for item in row.children:
                    if item.custom_id in (f"g:labyrinthe:{record.id}:{v}:{token}" for v in (record.version, 0)):
                        return await person.click(message, custom_id=item.custom_id)
                    if token in [option.value for option in getattr(item, "options", None) or []]:
                        return await person.select(message, [token], custom_id=item.custom_id)
        raise AssertionError(f"no control for {token}")


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(discord_token="bench", database_path=Path(folder) / "bench.sqlite3", computer_pause_ms=0)
        bot = GameBot(settings)
        async with simcord.run(bot) as env:
            guild = env.create_guild(preferred_locale="en-US")
            channel = guild.create_text_channel("games")
            askers = [guild.add_member(env.create_user(f"asker{n}")) for n in range(PAGES)]
            table = Table(env, guild.create_text_channel("maze"), [guild.add_member(env.create_user(n)) for n in "ab"])
            games = [await store(bot, guild.id, seed) for seed in range(PAGES)]
            print(f"{PAGES} Fireship games, 4 Easy players, 99 rounds: {', '.join(str(n) for _, n in games)} actions")
            await table.open()
            env._settle_internal = lambda **_: asyncio.sleep(0)  # clicks no longer wait for the bot to be idle

            async def clicks_for(seconds: float | None, done: Any = None) -> list[float]:
                found = []
                end = time.perf_counter() + (seconds or 0)
                while (time.perf_counter() < end) if seconds is not None else not done():
                    found.append(await table.click())
                    await asyncio.sleep(PEOPLE_THINK)
                return found

            quiet = await clicks_for(QUIET)
            gc.collect()
            before = peak = rss_mib()
            watching = True

            async def watch() -> None:
                nonlocal peak
                while watching:
                    peak = max(peak, rss_mib())
                    await asyncio.sleep(0.05)

            watcher = asyncio.ensure_future(watch())
            asked = time.perf_counter()
            results = [await asker.slash(channel, "replay", number=sid) for asker, (sid, _) in zip(askers, games)]
            arrived: dict[int, float] = {}

            def all_arrived() -> bool:
                for n, result in enumerate(results):
                    if n not in arrived and result.response is not None and len(result.response.attachments) == 2:
                        arrived[n] = time.perf_counter() - asked
                return len(arrived) == PAGES

            busy = await clicks_for(None, all_arrived)
            after_pages = await clicks_for(AFTER)
            watching = False
            await watcher
            after = rss_mib()
            await bot.stop_work()
        await bot.storage.close()

    print(f"pages arrived after (s): {', '.join(f'{arrived[n]:.1f}' for n in sorted(arrived))}")
    print("the Labyrinthe table's clicks, from the click to the board's new picture (ms):")
    for name, samples in (("before", quiet), ("while pages build", busy), ("after", after_pages)):
        print(
            f"  {name:<18} n {len(samples):3d}  p50 {statistics.median(samples) * 1e3:5.0f}"
            f"  p99 {percentile(samples, 0.99) * 1e3:5.0f}  max {max(samples) * 1e3:5.0f}"
        )
    print(
        f"the bot's memory (MiB): before {before:.0f}, peak {peak:.0f}, {AFTER:.0f} s after the last page {after:.0f}"
    )
    print("targets: p99 < 300 ms while pages build; memory within 100 MiB of before, 20 s after the last page")


if __name__ == "__main__":
    asyncio.run(main())
