"""One process per shard (``bot.shard_leases``): a process whose shards a live process serves says
so in one sentence and waits, then takes them over once their lease lapses, and fires at once the
timers the dead process had claimed: a reminder and, later, the time-out, each once."""

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.shard_leases import LEASE_SECONDS, ShardLeases
from bot.storage import PostgresStorage, Shards, Storage
from bot.ui.timekeeper import CLAIM_SECONDS, Timekeeper
from tests.bot.test_multiprocess import Channel, Clock, timed_game
from tests.bot.test_multiprocess import processes as processes

ROOT = Path(__file__).resolve().parents[2]


async def told(said: list[str]) -> None:
    """Until the waiting process has said why it waits."""
    for _ in range(500):
        if said:
            return
        await asyncio.sleep(0.01)


async def test_a_shard_is_served_by_one_live_process_at_a_time(storage: Storage) -> None:
    clock = Clock()
    first = ShardLeases(storage, Shards(4, frozenset({0, 1})), clock)
    second = ShardLeases(storage, Shards(4, frozenset({1, 2})), clock)
    other = ShardLeases(storage, Shards(4, frozenset({3})), clock)
    assert await first.take() == []
    assert await second.take() == [1]  # all or none: shard 2 is not taken either
    assert await other.take() == []  # no shard in common
    assert await first.take() == []  # renewed
    clock.now += LEASE_SECONDS - 1
    assert await second.take() == [1]  # still alive
    clock.now += 1  # the first stopped renewing: its leases lapse
    assert await second.take() == []
    assert await first.take() == [1]  # lost them
    await second.release()
    assert await first.take() == []  # given back: taken at once
    differently = ShardLeases(storage, Shards(2, frozenset({1})), clock)
    assert await differently.take() == [0, 1]  # another split of the servers overlaps all the live ones


async def test_a_waiting_process_says_so_once_and_takes_over_when_the_lease_lapses(storage: Storage) -> None:
    clock = Clock()
    alive, standby = (ShardLeases(storage, Shards(2, frozenset({0})), clock) for _ in range(2))
    await alive.take()
    said: list[str] = []
    waiting = asyncio.create_task(standby.wait_for_them(said.append))
    await told(said)
    assert not waiting.done()
    assert said == [
        "Shard 0 is already served by another process on this database: waiting to take over when its lease"
        " lapses (10 s after that process stops)."
    ]
    clock.now += LEASE_SECONDS  # the live process died
    await asyncio.wait_for(waiting, 5)
    assert len(said) == 1


async def test_taking_a_dead_processs_shards_over_fires_its_claimed_timers_at_once(processes) -> None:
    """The dead process had claimed the table when its reminder came due, then died: the heir,
    once it holds the shard, reminds at once (not when the claim lapses, past the deadline) and
    times the turn out at its deadline, each once."""
    a, b = processes
    sid = await timed_game(a)
    dead_lease, heir_lease = (ShardLeases(s.storage, Shards(), a.clock) for s in (a, b))
    a.clock.now += 46  # the reminder is due (a quarter of the minute left)
    assert await dead_lease.take() == []  # renewed until now
    dead = Timekeeper(Channel(a))  # type: ignore[arg-type]
    assert await a.storage.claim_due(a.clock(), a.clock() + CLAIM_SECONDS, dead.owner) == [sid]  # then it dies

    said: list[str] = []
    standing_by = asyncio.create_task(heir_lease.wait_for_them(said.append))
    await told(said)
    assert len(said) == 1 and not standing_by.done()
    a.clock.now += LEASE_SECONDS  # the dead process's lease lapses; the deadline is 4 s away
    await asyncio.wait_for(standing_by, 5)
    heir = Timekeeper(Channel(b))  # type: ignore[arg-type]
    await heir.tick()
    assert heir.tables.said == ["⏰ <@1>, it is your turn in Fortissimo!: time runs out <t:1750000060:R>."]
    assert await b.storage.next_wake() == 1_750_000_060  # the deadline, not the dead claim's end
    a.clock.now = 1_750_000_060
    await heir.tick()
    assert heir.tables.said[1:] == [
        "⌛ host ran out of time: the computer played that turn. Missed turns in a row: 1 of 3."
    ]
    await heir.tick()
    assert len(heir.tables.said) == 2


def test_a_second_bot_process_on_held_shards_says_so_in_one_sentence_and_waits(pg_url: str) -> None:
    """``python -m bot`` itself: refused in one sentence while another process holds the shard,
    it waits instead of serving the shard twice; SIGTERM stops it at once."""

    async def hold() -> ShardLeases:
        storage = PostgresStorage(pg_url, pool_size=1)
        await storage.open()
        lease = ShardLeases(storage, Shards(2, frozenset({0})))
        assert await lease.take() == []
        await storage.close()
        return lease

    asyncio.run(hold())  # a live process holds shard 0 (for the next 10 s)
    env = os.environ | {
        "DISCORD_TOKEN": "unused",
        "DATABASE_URL": pg_url,
        "SHARD_COUNT": "2",
        "SHARD_IDS": "0",
        "LOG_LEVEL": "ERROR",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        assert line == (
            "Shard 0 is already served by another process on this database: waiting to take over when its"
            " lease lapses (10 s after that process stops).\n"
        )
        time.sleep(0.5)
        assert process.poll() is None  # it waits
        stopped = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(5) == 0 and time.monotonic() - stopped < 2
        assert process.stderr.read() == ""  # one sentence, nothing more
    finally:
        process.kill()
        process.wait()


@pytest.fixture(autouse=True)
def _no_real_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A waiting process looks again at once here (the tests move the clock themselves)."""
    monkeypatch.setattr("bot.shard_leases.RETRY_EVERY", 0.01)
