"""``python -m bot.search_worker PARENT_PID``: one worker process of the search pool.

It reads searches from its standard input and writes their moves to the pool's pipe
(``bot.worker_process``: it dies with the bot, and writes to no output of the bot's).
"""

import sys

from bot.worker_process import die_with, serve


def main() -> None:
    die_with(int(sys.argv[1]))
    from bot.search_pool import choose  # after the watchdog: imports take a while

    serve(choose, "move")


if __name__ == "__main__":
    main()
