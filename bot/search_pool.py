"""Strong computer players think in a worker process.

A search is pure Python work: in a thread of the bot's process it would hold the interpreter
lock that every other table's click needs (``bench/run.py`` measured a click's median going
from about 11 ms to 300 ms beside a search that never stops). A small pool of spawned
processes, one fewer than the machine's cores and at least one, runs ``engine.choose`` there
instead, and the calling thread only waits. Should the pool fail, the search runs in the
calling thread: a game never stops for it.
"""

import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pydantic import BaseModel

from games.core import Budget, Level, Rng, registry

log = logging.getLogger(__name__)
_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def think(game: str, view: BaseModel, legal: list[Any], rng: Rng, level: Level, iterations: int, seconds: float) -> Any:
    """``engine.choose`` at ``level``, within ``iterations`` and ``seconds``, in a worker process."""
    try:
        return _workers().submit(choose, game, view, legal, rng, level, iterations, seconds).result()
    except Exception as error:  # a broken pool: think here (the error's name only: no view in the log)
        log.warning("the search pool failed (%s); searching in this process", type(error).__name__)
        return choose(game, view, legal, rng, level, iterations, seconds)


def choose(
    game: str, view: BaseModel, legal: list[Any], rng: Rng, level: Level, iterations: int, seconds: float
) -> Any:
    """The search itself, its clock started where it runs."""
    deadline = time.monotonic() + seconds
    return registry.get(game).choose(view, legal, rng, level, Budget(iterations, lambda: time.monotonic() > deadline))


def _workers() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            workers = max(1, (os.cpu_count() or 2) - 1)
            _pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        return _pool
