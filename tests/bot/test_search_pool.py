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
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot import search_pool
from bot.search_pool import OVERHEAD, FairLine, SearchFailed, SearchPool
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
    assert_dies_with_its_parent(PARENT, kill)


def assert_dies_with_its_parent(parent_script: str, kill: int) -> None:
    """``parent_script`` prints the pid of a worker it keeps busy; ``kill`` it: the worker ends
    within two seconds."""
    parent = subprocess.Popen([sys.executable, "-c", parent_script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        time.sleep(0.3)  # the worker is in the middle of its work
        assert alive(worker)
        parent.send_signal(kill)
        parent.wait(5)
        assert gone_within(worker, 2), "the worker outlived its parent"
    finally:
        parent.kill()
        parent.wait()


# -- the line: fair across tables, and a search's time ---------------------------------------


class Clock:
    """The pool's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class HeldWorker:
    """A worker that answers (the first legal move) when the test lets it, noting the time each
    search was given."""

    pid = 0

    def __init__(self) -> None:
        self.given: list[float] = []
        self.answer = asyncio.Event()

    async def ask(self, request: tuple[Any, ...], timeout: float) -> tuple[str, object]:
        self.given.append(request[-1])  # the search's seconds
        await self.answer.wait()
        self.answer.clear()
        return "move", request[2][0]

    @property
    def alive(self) -> bool:
        return True

    async def kill(self) -> None:
        pass


@pytest.fixture
async def held(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[SearchPool, HeldWorker, Clock]]:
    """A pool of one held worker, on a clock of the test's."""
    worker, clock = HeldWorker(), Clock()

    async def start(module: str) -> HeldWorker:
        return worker

    monkeypatch.setattr(search_pool.WorkerProcess, "start", start)
    monkeypatch.setattr(search_pool, "time", SimpleNamespace(perf_counter=clock))
    found = SearchPool(workers=1)
    yield found, worker, clock
    await found.close()


def asked(pool: SearchPool, table: int, seconds: float, wait: float = 0.0) -> asyncio.Task[object]:
    view, legal = position()
    search = pool.think(GAME, view, legal, Rng.from_seed(3), "strong", 40, seconds, table=table, wait=wait)
    return asyncio.ensure_future(search)


async def settled() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


async def test_one_tables_many_searches_do_not_hold_up_anothers() -> None:
    """Only a table's first search in line competes for a place; between tables as urgent, the
    table served longest ago goes first."""
    line = FairLine(1)
    served: list[str] = []

    async def search(table: str, name: str) -> None:
        await line.enter(line.ask(table, 10.0, 0.1))
        served.append(name)

    await search("a", "a1")  # holds the only place
    waiting = [asyncio.ensure_future(search(name[0], name)) for name in ("a2", "a3", "a4", "b1", "b2")]
    await settled()
    assert served == ["a1"] and len(line.waiting) == 5
    for _ in waiting:
        line.leave()
        await settled()
    assert served == ["a1", "b1", "a2", "b2", "a3", "a4"]


async def test_a_search_may_wait_its_wait_in_line_without_losing_its_time(held) -> None:
    """The pause before a computer's turn is shown is time to wait in line: a search asked with
    a wait of 1.5 s, let in after 1 s, still gets all its 0.25 s; one asked without a wait has
    no time left by then and is not started (the caller plays the normal level's move)."""
    pool, worker, clock = held
    first = asked(pool, 1, 0.25)
    patient = asked(pool, 2, 0.25, wait=1.5)
    hasty = asked(pool, 3, 0.25)
    await settled()
    assert worker.given == [0.25]
    clock.now = 1.0
    worker.answer.set()
    await first
    await settled()
    assert worker.given == [0.25, 0.25]  # the patient search's whole time
    worker.answer.set()
    assert await patient in position()[1]
    with pytest.raises(SearchFailed, match="its time went by in line"):
        await hasty
    assert worker.given == [0.25, 0.25]


async def test_a_search_leaves_the_one_behind_it_its_share_of_the_time(held) -> None:
    """A busy line shortens a search rather than let the one behind it fall back to the normal
    level: two searches of a second each, let in 0.2 s after they were asked, share the 0.8 s
    left to their deadlines (less what a search costs beyond its clock); taking it all, the
    first would leave the second nothing."""
    pool, worker, clock = held
    first = asked(pool, 1, 1.0)
    second, third = asked(pool, 2, 1.0), asked(pool, 3, 1.0)
    await settled()
    clock.now = 0.2
    worker.answer.set()
    await first
    await settled()
    assert worker.given[1] == pytest.approx(0.8 / 2 - OVERHEAD)
    clock.now = 0.2 + worker.given[1]
    worker.answer.set()
    await second
    await settled()
    assert worker.given[2] == pytest.approx(1.0 - clock.now)  # the rest, all its to use
    worker.answer.set()
    assert await third in position()[1]


async def test_the_search_with_the_least_time_left_goes_first(held) -> None:
    """Between tables, the search whose time runs out first is let in first: a computer's
    search asked with its whole pause to wait goes after one asked later without a wait."""
    pool, worker, clock = held
    first = asked(pool, 1, 0.25)
    patient = asked(pool, 2, 0.25, wait=1.5)
    urgent = asked(pool, 3, 0.25)
    await settled()
    clock.now = 0.05
    worker.answer.set()
    await first
    await settled()
    assert worker.given[1] == pytest.approx(0.2)  # the urgent one, with what its deadline leaves it
    clock.now = 0.25
    worker.answer.set()
    await urgent
    await settled()
    assert worker.given[2] == pytest.approx(0.25)  # and the patient one still has all its time
    worker.answer.set()
    assert await patient in position()[1]
