"""Strong computer players think in worker processes of their own.

A search is pure Python work: in the bot's process it would hold the interpreter lock that
every other table's click needs. The pool runs ``engine.choose`` in a few worker processes
(``python -m bot.search_worker``; one fewer than the machine's cores, at least one), started
when first needed and used by nothing else:

- A search waits for a free worker in line. Its clock starts when it is asked for, not when a
  worker takes it: a busy pool shortens each search instead of making the tables wait, and one
  left less than a quarter of its time by the line is not started (``SearchFailed``: the caller
  plays the normal level's move at once). So a decision takes about its budget at most, plus
  the few iterations a search makes between two looks at its clock.
- A worker ends with the bot, however the bot ends (``bot.worker_process``); ``close`` kills
  them at once, since a search holds nothing worth waiting for.
- A worker that dies is replaced at the next search (the search it was running goes to the new
  one), and its death is logged once, with its cause. ``SearchFailed`` says that no worker could
  make a decision: the caller decides at the normal level instead.
"""

import asyncio
import logging
import os
import time
from typing import Any

from pydantic import BaseModel

from bot.worker_process import WorkerFailed, WorkerProcess
from games.core import Budget, Level, Rng, registry

log = logging.getLogger(__name__)
GRACE = 5.0  # seconds a worker may run past a search's budget before it counts as stuck
LEAST_SHARE = 0.25  # a search left less than this share of its time by the line is not started


class SearchFailed(Exception):
    """No worker could make this decision (the caller decides at the normal level instead)."""


def choose(
    game: str, view: BaseModel, legal: list[Any], rng: Rng, level: Level, iterations: int, seconds: float
) -> Any:
    """The search itself, its clock started where it runs."""
    deadline = time.monotonic() + seconds
    return registry.get(game).choose(view, legal, rng, level, Budget(iterations, lambda: time.monotonic() > deadline))


class SearchPool:
    def __init__(self, workers: int | None = None) -> None:
        self.size = workers or max(1, (os.cpu_count() or 2) - 1)
        self._idle: list[WorkerProcess] = []
        self._all: set[WorkerProcess] = set()
        self._free: asyncio.Semaphore | None = None  # made in the running loop
        self._closed = False
        self._start_failed = False  # told once: a machine that cannot start one cannot start the next

    async def think(
        self, game: str, view: BaseModel, legal: list[Any], rng: Rng, level: Level, iterations: int, seconds: float
    ) -> Any:
        """``engine.choose`` at ``level`` in a worker, within ``iterations`` and ``seconds`` from now."""
        deadline = time.perf_counter() + seconds  # the real clock, even where a simulation moves monotonic's
        if self._free is None:
            self._free = asyncio.Semaphore(self.size)
        async with self._free:
            for attempt in (1, 2):  # a worker that died is replaced at once, for this very search
                left = deadline - time.perf_counter()
                if left < seconds * LEAST_SHARE:
                    raise SearchFailed("its time went by in line")  # not a failure of the pool: nothing logged
                worker = await self._worker()
                try:
                    kind, value = await worker.ask((game, view, legal, rng, level, iterations, left), left + GRACE)
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
