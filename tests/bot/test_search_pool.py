"""The strong computers think in worker processes (``bot.search_pool``): the same decision as in
this process for the same seed and iterations; a worker that dies is replaced at the next search,
its death logged once with its cause; workers end with the pool, and with their parent however it
dies; their output is not the bot's."""

import asyncio
import logging
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bot import search_pool
from bot.search_pool import SearchFailed, SearchPool
from games.core import Rng, registry

GAME = "labyrinthe"


def position() -> tuple[object, list[object]]:
    """A position where the search takes all the time it is given."""
    engine = registry.get(GAME)
    state = engine.new_game(2, engine.make_options({}), 5)
    rng = Rng.from_seed(1)
    for _ in range(6):
        seat = min(engine.to_act(state))
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat))).state
    seat = min(engine.to_act(state))
    return engine.view(state, seat), engine.legal_actions(state, seat)


async def think(pool: SearchPool, iterations: int = 40, seconds: float = 60.0) -> object:
    view, legal = position()
    return await pool.think(GAME, view, legal, Rng.from_seed(3), "strong", iterations, seconds)


def alive(pid: int) -> bool:
    """The process runs (a zombie waiting for its parent to reap it counts as ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def gone_within(pid: int, seconds: float) -> bool:
    """Whether the process ``pid`` has ended within ``seconds``."""
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(pid)


@pytest.fixture
async def pool():
    found = SearchPool(workers=1)
    yield found
    await found.close()


async def test_the_worker_decides_as_this_process_would(pool: SearchPool) -> None:
    view, legal = position()
    here = search_pool.choose(GAME, view, legal, Rng.from_seed(3), "strong", 40, 60.0)
    assert await think(pool) == here and here in legal
    assert len(pool.pids) == 1 and pool.pids[0] != os.getpid()


async def test_a_killed_worker_is_replaced_and_its_death_told_once(
    pool: SearchPool, caplog: pytest.LogCaptureFixture
) -> None:
    await think(pool)
    (first,) = pool.pids
    os.kill(first, signal.SIGKILL)
    while first in pool.pids:  # until the pool's event loop has seen it die
        await asyncio.sleep(0.01)
    caplog.set_level(logging.WARNING)
    assert await think(pool) is not None  # searched in a new worker
    (second,) = pool.pids
    assert second != first
    assert await think(pool) is not None and pool.pids == [second]
    told = [r.getMessage() for r in caplog.records if r.name == "bot.search_pool"]
    assert told == ["a search worker died while idle (killed by signal 9); starting another"]


async def test_a_worker_killed_mid_search_hands_the_search_to_a_new_one(
    pool: SearchPool, caplog: pytest.LogCaptureFixture
) -> None:
    await think(pool)
    (first,) = pool.pids
    caplog.set_level(logging.WARNING)
    searching = asyncio.create_task(think(pool, iterations=10**9, seconds=1.0))
    await asyncio.sleep(0.3)
    os.kill(first, signal.SIGKILL)
    assert await asyncio.wait_for(searching, 10) in position()[1]
    (second,) = pool.pids
    assert second != first
    assert await think(pool) is not None and pool.pids == [second]
    told = [r.getMessage() for r in caplog.records if r.name == "bot.search_pool"]
    assert told == ["a search worker failed: killed by signal 9; starting another"]


async def test_closing_the_pool_ends_its_workers_at_once_even_mid_search(pool: SearchPool) -> None:
    await think(pool)
    (worker,) = pool.pids
    searching = asyncio.create_task(think(pool, iterations=10**9, seconds=30.0))
    await asyncio.sleep(0.2)
    await asyncio.wait_for(pool.close(), 2)
    assert not alive(worker)
    with pytest.raises(SearchFailed):
        await searching
    with pytest.raises(SearchFailed):  # a closed pool starts nothing
        await think(pool)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_a_workers_output_is_not_the_bots(pool: SearchPool) -> None:
    await think(pool)
    (worker,) = pool.pids
    for fd in (1, 2):
        assert os.readlink(f"/proc/{worker}/fd/{fd}") == os.devnull


# A bot-like parent: a pool that has searched, its worker's pid printed; then it waits to be killed.
PARENT = textwrap.dedent(
    """
    import asyncio
    from bot.search_pool import SearchPool
    from games.core import Rng
    from tests.bot.test_search_pool import GAME, position

    async def main():
        pool = SearchPool(workers=1)
        view, legal = position()
        await pool.think(GAME, view, legal, Rng.from_seed(3), "strong", 40, 60.0)
        print(pool.pids[0], flush=True)
        asyncio.ensure_future(pool.think(GAME, view, legal, Rng.from_seed(4), "strong", 10**9, 60.0))
        await asyncio.sleep(3600)

    asyncio.run(main())
    """
)
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGSEGV])
def test_workers_end_within_two_seconds_of_their_parents_death(kill: int) -> None:
    """However the bot dies (kill -9, a crash), its worker, busy searching, does not outlive it."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        time.sleep(0.3)  # the worker is in the middle of a search
        assert alive(worker)
        parent.send_signal(kill)
        parent.wait(5)
        assert gone_within(worker, 2), "the worker outlived its parent"
    finally:
        parent.kill()
        parent.wait()
