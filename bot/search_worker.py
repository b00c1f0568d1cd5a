"""``python -m bot.search_worker PARENT_PID``: one worker process of the search pool.

It reads searches from its standard input and writes their moves to the pool's pipe, one
framed pickle each (``bot.search_pool.frame``). It never outlives the bot: on Linux the
kernel kills it when its parent dies (``PR_SET_PDEATHSIG``), and everywhere a watchdog
thread exits as soon as its parent is gone, even in the middle of a search. Its standard
output and error lead nowhere, so it never holds the bot's own.
"""

import contextlib
import ctypes
import os
import pickle
import signal
import sys
import threading
import time
from typing import BinaryIO

WATCH_EVERY = 0.2  # seconds between two looks at the parent
PR_SET_PDEATHSIG = 1  # prctl(2)


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
    """The pool's two pipes; file descriptors 0, 1 and 2 then lead nowhere, so that nothing a
    library prints reaches the pool's pipe or the bot's output."""
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    return requests, replies


def serve(requests: BinaryIO, replies: BinaryIO) -> None:
    from bot.search_pool import choose, read_frame, write_frame  # after the watchdog: imports take a while

    while (request := read_frame(requests)) is not None:
        try:
            reply: tuple[str, object] = ("move", choose(*request))
        except Exception as error:  # the name only: a message could quote the view
            reply = ("error", type(error).__name__)
        write_frame(replies, pickle.dumps(reply))


def main() -> None:
    die_with(int(sys.argv[1]))
    serve(*channel())


if __name__ == "__main__":
    main()
