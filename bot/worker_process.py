"""Worker processes the bot owns (the strong computers' searches, the replay pages' builds).

A worker is ``python -m <module> PARENT_PID``: it reads requests on its standard input and writes
its replies on its standard output, one framed pickle each (its length, then the pickle).

- The child's side (``die_with``, ``channel``, ``serve``) needs the standard library only, so a
  worker watches its parent before its heavy imports. It never outlives the bot: on Linux the
  kernel kills it when its parent dies (``PR_SET_PDEATHSIG``), and everywhere a watchdog thread
  exits as soon as its parent is gone, even in the middle of a request. Its standard output and
  error lead nowhere, so it never holds the bot's own.
- The bot's side (``WorkerProcess``) starts one, asks it, and kills it; a worker that dies, hangs
  or breaks its pipe is killed and raises ``WorkerFailed``, whose text says why.
"""

import asyncio
import contextlib
import ctypes
import os
import pickle
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, BinaryIO, NoReturn

HEADER = struct.Struct(">I")  # a frame: its length, then a pickle
WATCH_EVERY = 0.2  # seconds between two looks at the parent
PR_SET_PDEATHSIG = 1  # prctl(2)


# -- the worker's side ----------------------------------------------------------------------------


def die_with(parent: int) -> None:
    """Exit at once when ``parent`` is no longer this process's parent."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_EVERY)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def channel() -> tuple[BinaryIO, BinaryIO]:
    """The bot's two pipes; file descriptors 0, 1 and 2 then lead nowhere, so that nothing a
    library prints reaches the bot's pipe or the bot's output."""
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    return requests, replies


def read_frame(stream: BinaryIO) -> Any:
    """The next request, or None at the end of the stream (the bot closed it)."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    return pickle.loads(stream.read(HEADER.unpack(header)[0]))


def write_frame(stream: BinaryIO, payload: bytes) -> None:
    stream.write(HEADER.pack(len(payload)) + payload)
    stream.flush()


def serve(handle: Callable[..., object], kind: str, once: bool = False) -> None:
    """Answer each request ``args`` with ``(kind, handle(*args))``, or ``("error", the exception's
    name)`` (the name only: a message could quote a secret); after one request if ``once``."""
    requests, replies = channel()
    while (request := read_frame(requests)) is not None:
        try:
            reply: tuple[str, object] = (kind, handle(*request))
        except Exception as error:
            reply = ("error", type(error).__name__)
        write_frame(replies, pickle.dumps(reply))
        if once:
            return


# -- the bot's side -------------------------------------------------------------------------------


class WorkerFailed(Exception):
    """The worker died, did not answer in time, or its pipe broke (it is killed)."""


class WorkerProcess:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, module: str) -> "WorkerProcess":
        """``python -m module`` as this process's worker (raises ``OSError`` if it cannot start)."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            module,
            str(os.getpid()),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        return cls(process)

    async def ask(self, request: tuple[Any, ...], seconds: float) -> tuple[str, Any]:
        """The worker's reply to ``request`` within ``seconds``: ``(kind, value)``."""
        await self.send(request)
        return await self.receive(seconds)

    async def send(self, request: tuple[Any, ...]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        payload = pickle.dumps(request)
        stdin.write(HEADER.pack(len(payload)) + payload)
        try:
            await stdin.drain()
        except OSError as error:
            await self._fail(error)

    async def receive(self, seconds: float) -> tuple[str, Any]:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            header = await asyncio.wait_for(stdout.readexactly(HEADER.size), seconds)
            kind, value = pickle.loads(await stdout.readexactly(HEADER.unpack(header)[0]))
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
            await self._fail(error)
        return kind, value

    async def _fail(self, error: Exception) -> NoReturn:
        await self.kill()
        raise WorkerFailed(self._cause(error)) from None

    def _cause(self, error: Exception) -> str:
        if isinstance(error, TimeoutError):
            return "it did not answer in time"
        return self.ending if self.process.returncode is not None else f"its pipe broke ({type(error).__name__})"

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def ending(self) -> str:
        code = self.process.returncode
        return f"killed by signal {-code}" if code is not None and code < 0 else f"it exited with code {code}"

    @property
    def alive(self) -> bool:
        return self.process.returncode is None

    async def kill(self) -> None:
        # os.kill rather than Process.kill: the latter polls the child itself, racing the event
        # loop's child watcher for its exit status (which then reads as 255, "unknown pid")
        if self.alive:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGKILL)
        await self.process.wait()
