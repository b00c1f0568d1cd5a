"""Strong computer players think in worker processes of their own.

A search is pure Python work: in the bot's process it would hold the interpreter lock that
every other table's click needs. The pool runs ``engine.choose`` (``think``), or the strong
level's ``engine.strong_analysis`` for a player's hint (``analyse``), in a few worker processes
(``python -m bot.search_worker``; one fewer than the machine's cores, at least one), started
when first needed and used by nothing else:

- A search's clock starts when it is asked for, not when a worker takes it, but it may wait
  ``wait`` seconds first without losing any of its time (a computer's pause before its turn is
  shown): its deadline is its wait and its time from the ask.
- It waits for a free worker in a line fair across tables (``FairLine``): a table's searches
  go in the order asked, only its first competing with the other tables'; the one whose
  deadline comes first goes first, and between tables as urgent, the table served longest ago.
- A busy pool shortens each search instead of making the tables wait: a search gets no more
  than leaves each one behind it in line an equal share of the time to its deadline, and at
  least the least share of its own time (``LEAST_SHARE``); one left less than that by the line
  is not started (``SearchFailed``: the caller plays the normal level's move at once). So a
  decision takes about its wait and time at most, plus the few iterations a search makes
  between two looks at its clock.
- A worker ends with the bot, however the bot ends (``bot.worker_process``); ``close`` kills
  them at once, since a search holds nothing worth waiting for.
- A worker that dies is replaced at the next search (the search it was running goes to the new
  one), and its death is logged once, with its cause. ``SearchFailed`` says that no worker could
  make a decision: the caller decides at the normal level instead.
"""

import asyncio
import itertools
import logging
import os
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from pydantic import BaseModel

from bot.worker_process import WorkerFailed, WorkerProcess
from games.core import Analysis, Budget, Level, Rng, registry

log = logging.getLogger(__name__)
GRACE = 5.0  # seconds a worker may run past a search's budget before it counts as stuck
LEAST_SHARE = 0.25  # a search left less than this share of its time by the line is not started
OVERHEAD = 0.025  # seconds a search costs beyond its clock (the pipes, the bot's loop, its last iterations)


class SearchFailed(Exception):
    """No worker could make this decision (the caller decides at the normal level instead)."""


ANALYSIS = "analysis"  # asked instead of a level: the strong level's move with its grounds (a hint)
Asked = Level | Literal["analysis"]


def choose(
    game: str, view: BaseModel, legal: list[Any], rng: Rng, level: Asked, iterations: int, seconds: float
) -> Any:
    """The search itself, its clock started where it runs: the move at ``level``, or for
    ``ANALYSIS`` the strong level's ``Analysis`` (the same move, with its grounds)."""
    deadline = time.monotonic() + seconds
    engine, budget = registry.get(game), Budget(iterations, lambda: time.monotonic() > deadline)
    if level == ANALYSIS:
        return engine.strong_analysis(view, legal, rng, budget)
    return engine.choose(view, legal, rng, cast(Level, level), budget)


@dataclass(eq=False)
class _Ask:
    """A search in line: its table, when its time runs out, the least time worth starting it with."""

    table: Hashable
    deadline: float
    least: float
    number: int
    turn: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class FairLine:
    """``size`` places (the workers), given in turn to the searches asking. A table's searches
    go in the order it asked them, only its first in line competing with the other tables':
    the one whose time runs out first goes first (earliest deadline first), and between
    tables as urgent, the table served longest ago."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.free = size
        self.waiting: list[_Ask] = []
        self._served: dict[Hashable, int] = {}  # a table: when it was last served (a count)
        self._count = itertools.count()

    def ask(self, table: Hashable, deadline: float, least: float) -> _Ask:
        return _Ask(table, deadline, least, next(self._count))

    async def enter(self, ask: _Ask) -> None:
        """Wait for a place (``leave`` gives it back)."""
        if self.free and not self.waiting:
            self.free -= 1
            self._served[ask.table] = next(self._count)
            return
        self.waiting.append(ask)
        try:
            await ask.turn
        except BaseException:  # cancelled: out of line, its place (if it just got one) to the next
            if ask in self.waiting:
                self.waiting.remove(ask)
            elif ask.turn.done() and not ask.turn.cancelled():
                self.leave()
            raise

    def leave(self) -> None:
        if not self.waiting:
            self.free += 1
            if self.free == self.size:
                self._served.clear()  # no table waits: who was served when no longer matters
            return
        firsts: dict[Hashable, _Ask] = {}
        for waiting in self.waiting:  # in the order asked
            firsts.setdefault(waiting.table, waiting)
        ask = min(firsts.values(), key=lambda a: (a.deadline, self._served.get(a.table, -1), a.number))
        self.waiting.remove(ask)
        self._served[ask.table] = next(self._count)
        ask.turn.set_result(None)

    def time_for(self, ask: _Ask, seconds: float, now: float) -> float:
        """The time ``ask``, just let in, searches for: its own at most, what its deadline leaves
        it, and for each search still in line (earliest deadline first), no more than an equal
        share of the time to that one's deadline with those due before it, nor more than leaves
        each of them its least time; but never less than its own least time."""
        given = min(seconds, ask.deadline - now)
        due = 0  # the searches in line up to each one
        needed = 0.0  # and their least times, per worker
        for other in sorted(self.waiting, key=lambda a: a.deadline):
            left = other.deadline - now
            if left < other.least:
                continue  # its time went by already: it will not be started
            due += 1
            needed += (other.least + OVERHEAD) / self.size
            share = left / (1 + due / self.size) - OVERHEAD
            given = min(given, max(ask.least, min(share, left - needed)))
        return given


class SearchPool:
    def __init__(self, workers: int | None = None) -> None:
        self.size = workers or max(1, (os.cpu_count() or 2) - 1)
        self._idle: list[WorkerProcess] = []
        self._all: set[WorkerProcess] = set()
        self._line = FairLine(self.size)
        self._closed = False
        self._start_failed = False  # told once: a machine that cannot start one cannot start the next

    async def think(
        self,
        game: str,
        view: BaseModel,
        legal: list[Any],
        rng: Rng,
        level: Level,
        iterations: int,
        seconds: float,
        *,
        table: Hashable = None,
        wait: float = 0.0,
    ) -> Any:
        """``engine.choose`` at ``level`` in a worker, within ``iterations`` and ``seconds`` from
        now, or from ``wait`` seconds from now if it waits in line that long; ``table``: whose
        search it is (the line counts a table once)."""
        # the real clock, even where a simulation moves monotonic's
        return await self._asked((game, view, legal, rng, level, iterations), seconds, table, wait)

    async def analyse(
        self,
        game: str,
        view: BaseModel,
        legal: list[Any],
        rng: Rng,
        iterations: int,
        seconds: float,
        *,
        table: Hashable = None,
    ) -> Analysis:
        """The strong level's ``Analysis`` (its move, and why: a player's hint), in a worker as
        ``think`` decides it."""
        return await self._asked((game, view, legal, rng, ANALYSIS, iterations), seconds, table, 0.0)

    async def _asked(self, request: tuple[Any, ...], seconds: float, table: Hashable, wait: float) -> Any:
        ask = self._line.ask(table, time.perf_counter() + wait + seconds, seconds * LEAST_SHARE)
        await self._line.enter(ask)
        try:
            return await self._search(ask, request, seconds)
        finally:
            self._line.leave()

    async def _search(self, ask: _Ask, request: tuple[Any, ...], seconds: float) -> Any:
        game = request[0]
        for attempt in (1, 2):  # a worker that died is replaced at once, for this very search
            now = time.perf_counter()
            if ask.deadline - now < ask.least:
                raise SearchFailed("its time went by in line")  # not a failure of the pool: nothing logged
            left = self._line.time_for(ask, seconds, now)
            worker = await self._worker()
            try:
                kind, value = await worker.ask((*request, left), left + GRACE)
            except WorkerFailed as failure:
                self._all.discard(worker)
                if self._closed:
                    raise SearchFailed(str(failure)) from None
                log.warning("a search worker failed: %s; starting another", failure)
                if attempt == 2:
                    raise SearchFailed(str(failure)) from None
                continue
            except BaseException:  # cancelled mid-search: its answer would come to the next search
                self._all.discard(worker)
                await asyncio.shield(worker.kill())
                raise
            self._idle.append(worker)
            if kind != "move":
                log.error("a %s search raised %s", game, value)
                raise SearchFailed(value)
            return value
        raise AssertionError("unreachable")

    async def _worker(self) -> WorkerProcess:
        if self._closed:
            raise SearchFailed("the pool is closed")
        while self._idle:
            worker = self._idle.pop()
            if worker.alive:
                return worker
            self._all.discard(worker)
            log.warning("a search worker died while idle (%s); starting another", worker.ending)
        try:
            worker = await WorkerProcess.start("bot.search_worker")
        except OSError as error:
            if not self._start_failed:
                log.warning("could not start a search worker (%s); searching at the normal level", error)
            self._start_failed = True
            raise SearchFailed("no worker") from None
        self._start_failed = False
        self._all.add(worker)
        return worker

    @property
    def pids(self) -> list[int]:
        """The live workers' process ids."""
        return [worker.pid for worker in self._all if worker.alive]

    async def close(self) -> None:
        """Kill every worker (a search holds nothing worth waiting for) and reap it."""
        self._closed = True
        workers, self._all, self._idle = list(self._all), set(), []
        await asyncio.gather(*(worker.kill() for worker in workers))
