"""``python -m bot.replay_worker PARENT_PID``: builds one replay page, then exits.

It reads one request on its standard input (``bot.replay_builder.make_from_path``'s arguments), writes the
page and the public record to the bot's pipe, and ends, so that the memory the build took goes
back to the system. It dies with the bot and writes to no output of the bot's
(``bot.worker_process``). A page can wait a few seconds more; a click cannot: the worker runs at
a lower priority than the bot, so the bot's clicks and pictures take the cores first.
"""

import contextlib
import os
import sys

from bot.worker_process import die_with, serve

NICENESS = 10  # added to the bot's (nice(1)): the lower the priority, the higher the number


def main() -> None:
    die_with(int(sys.argv[1]))
    with contextlib.suppress(OSError, AttributeError):  # AttributeError: no os.nice on Windows
        os.nice(NICENESS)
    from bot.replay_builder import make_from_path  # after the watchdog: imports take a while

    serve(make_from_path, "built", once=True)


if __name__ == "__main__":
    main()
