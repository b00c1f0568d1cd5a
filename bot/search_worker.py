"""``python -m bot.search_worker PARENT_PID``: one worker process of the search pool.

It reads searches from its standard input and writes their moves to the pool's pipe
(``bot.worker_process``: it dies with the bot, and writes to no output of the bot's). It runs
at a lower priority than the bot (``NICENESS``), so that a busy machine serves people's clicks
before searches.
"""

import contextlib
import os
import sys

from bot.worker_process import die_with, serve

NICENESS = 10  # a core the bot's clicks need too goes to them first: a search keeps its clock, with fewer iterations


def main() -> None:
    die_with(int(sys.argv[1]))
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    from bot.search_pool import choose  # after the watchdog: imports take a while

    serve(choose, "move")


if __name__ == "__main__":
    main()
