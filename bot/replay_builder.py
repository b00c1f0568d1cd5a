"""Replay pages are built in worker processes the bot owns, a few at a time.

Building the page of a long game takes seconds of pure Python and a couple of hundred megabytes:
in the bot's process it would hold the interpreter lock that every click needs, and keep its
memory. So each page is built by a worker of its own (``python -m bot.replay_worker``), which
exits once the page is written back: its memory goes back to the system. ``AT_ONCE`` builds run
together, ``WAITING`` more wait in line; beyond that, ``full`` says so and the caller refuses the
request at once. Workers end with the bot however it ends (``bot.worker_process``), and ``close``
kills them at once.
"""

import asyncio
import importlib
import logging
from dataclasses import dataclass

from bot import replay_page, replays
from bot.i18n import Language
from bot.storage import ActionRecord, SessionRecord
from bot.ui.game_ui import GameUI
from bot.worker_process import WorkerFailed, WorkerProcess
from games.core import registry

log = logging.getLogger(__name__)
AT_ONCE = 2  # builds under way together (each takes a core: the machine has two)
WAITING = 4  # builds waiting for one of them to end
BUILD_SECONDS = 600.0  # a build that takes longer counts as stuck (the longest games take about 40 s)


class BuildFailed(Exception):
    """No page: the worker could not start, died, hung, or the build raised (its name only)."""


@dataclass(frozen=True)
class Built:
    page: replay_page.Page
    public: str  # the public record (``replay_page.public_record``)


def make(record: SessionRecord, actions: list[ActionRecord], ui: GameUI, lang: Language) -> Built:
    """The page and the public record, the page small enough to go with either record."""
    engine = registry.get(record.game)
    exact = replays.export(record, actions)
    shots = replay_page.public_steps(engine, replays.walk(exact))
    public = replay_page.public_record(record, engine, shots)
    limit = replay_page.UPLOAD_LIMIT - max(len(exact.encode()), len(public.encode()))
    return Built(replay_page.build(record, actions, ui, lang, limit, shots), public)


def ui_path(ui: GameUI) -> str:
    """Where a worker finds the game's UI: its class, named (a class object is pickled by identity,
    which a cog loaded again since, as a bot that restarts in its process does, no longer has)."""
    return f"{type(ui).__module__}:{type(ui).__qualname__}"


def make_from_path(record: SessionRecord, actions: list[ActionRecord], path: str, lang: Language) -> Built:
    """``make``, in a worker: the UI is built afresh from its class's name (``ui_path``)."""
    module, _, name = path.partition(":")
    ui = getattr(importlib.import_module(module), name)()
    return make(record, actions, ui, lang)


class PageBuilder:
    def __init__(self, at_once: int = AT_ONCE, waiting: int = WAITING) -> None:
        self.at_once, self.waiting = at_once, waiting
        self.queued = 0  # builds under way or waiting
        self._slots: asyncio.Semaphore | None = None  # made in the running loop
        self._workers: set[WorkerProcess] = set()
        self._closed = False

    @property
    def full(self) -> bool:
        """No room in line: a new build would be refused."""
        return self.queued >= self.at_once + self.waiting

    def start(
        self, record: SessionRecord, actions: list[ActionRecord], ui: GameUI, lang: Language
    ) -> "asyncio.Future[Built]":
        """The page of game ``record`` in ``lang`` and its public record, to be built by a worker once
        one of the ``at_once`` slots is free. Its place in line is taken at once (check ``full``
        first)."""
        self.queued += 1
        return asyncio.ensure_future(self._build(record, actions, ui, lang))

    async def _build(self, record: SessionRecord, actions: list[ActionRecord], ui: GameUI, lang: Language) -> Built:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.at_once)
        try:
            async with self._slots:
                if self._closed:
                    raise BuildFailed("the builder is closed")
                try:
                    worker = await WorkerProcess.start("bot.replay_worker")
                except OSError as error:
                    raise BuildFailed(f"no worker ({error})") from None
                self._workers.add(worker)
                try:
                    kind, value = await worker.ask((record, actions, ui_path(ui), lang), BUILD_SECONDS)
                except WorkerFailed as failure:
                    raise BuildFailed(str(failure)) from None
                finally:
                    self._workers.discard(worker)
                    await asyncio.shield(worker.kill())  # it exits by itself once it has answered
        finally:
            self.queued -= 1
        if kind != "built":
            raise BuildFailed(value)
        return value

    @property
    def pids(self) -> list[int]:
        """The process ids of the workers building now."""
        return [worker.pid for worker in self._workers if worker.alive]

    async def close(self) -> None:
        """Kill every worker (a page holds nothing worth waiting for) and reap it."""
        self._closed = True
        workers, self._workers = list(self._workers), set()
        await asyncio.gather(*(worker.kill() for worker in workers))
