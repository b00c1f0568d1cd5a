"""``python -m bot.replay_worker PARENT_PID``: builds one replay page, then exits.

It reads one request on its standard input (``bot.replay_builder.make``'s arguments), writes the
page and the public record to the bot's pipe, and ends, so that the memory the build took goes
back to the system. It dies with the bot and writes to no output of the bot's
(``bot.worker_process``).
"""

import sys

from bot.worker_process import die_with, serve


def main() -> None:
    die_with(int(sys.argv[1]))
    from bot.replay_builder import make  # after the watchdog: imports take a while

    serve(make, "built", once=True)


if __name__ == "__main__":
    main()
