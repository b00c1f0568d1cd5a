"""``python -m bot``: start the bot; SIGTERM or Ctrl-C stop it cleanly, within a second or two.

A database that goes away while the bot serves is a pause (``bot.shard_leases``): the bot
serves on. Only another live process holding this one's shards ends its serving; then it
waits as a standby, as it does at start when they are taken, and serves again (a new bot
object, the same database connection) once they are free.
"""

import asyncio
import logging
import signal
import sys
import time
from collections.abc import Callable, Coroutine
from contextlib import AsyncExitStack
from typing import Any

import discord

from bot.app import GameBot, create_bot, shards_of
from bot.config import ConfigError, Settings, load_settings, token_origin
from bot.shard_leases import ShardLeases
from bot.storage import StorageUnavailable, storage_for

log = logging.getLogger("bot")
SHUTDOWN_GRACE = 10.0  # seconds the connection may take to wind down after close()


async def connect(bot: GameBot) -> None:
    await bot.start(bot.settings.discord_token)


async def until_stopped(work: Coroutine[Any, Any, None], stop: asyncio.Event) -> bool:
    """Run ``work`` unless ``stop`` is set first (then it is cancelled): whether it finished."""
    task, stopper = asyncio.create_task(work), asyncio.create_task(stop.wait())
    await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
    for pending in (task, stopper):
        pending.cancel()
    await asyncio.gather(task, stopper, return_exceptions=True)
    return task.done() and not task.cancelled() and task.exception() is None


async def run(
    settings: Settings,
    start: Callable[[GameBot], Coroutine[Any, Any, None]] = connect,
    clock: Callable[[], float] = time.time,
) -> int:
    """Serve until a stop signal (0), or until Discord refuses (1); standing by meanwhile while
    another process holds the shards. ``start`` connects the bot (tests give it a simulated
    Discord), ``clock`` times the shard leases (tests move it).

    The database is opened first and closed last; the leases are taken, then given back, around
    each bot that serves them."""
    storage = storage_for(settings.database_url, settings.database_path, settings.database_pool_size)
    try:  # the database first: a wrong DATABASE_URL is said before Discord is tried
        await storage.open()
    except StorageUnavailable as error:
        print(error, file=sys.stderr)
        return 2
    async with AsyncExitStack() as opened:
        opened.push_async_callback(storage.close)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
            opened.callback(loop.remove_signal_handler, sig)
        leases = ShardLeases(storage, shards_of(settings), clock)
        while await until_stopped(leases.wait_for_them(lambda text: print(text, file=sys.stderr, flush=True)), stop):
            try:
                code = await serve(create_bot(settings, storage), leases, start, stop)
            finally:
                await leases.release()
            if code is not None:
                return code
        log.info("stopped before serving")
    return 0


async def serve(
    bot: GameBot, leases: ShardLeases, start: Callable[[GameBot], Coroutine[Any, Any, None]], stop: asyncio.Event
) -> int | None:
    """Serve until a stop signal (0) or until Discord refuses (1); None once another live process
    took this one's shards over."""
    code: int | None = 0
    async with bot:
        runner = asyncio.create_task(start(bot))
        stopper = asyncio.create_task(stop.wait())
        keeper = asyncio.create_task(leases.keep())
        await asyncio.wait({runner, stopper, keeper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper.done():
            log.info("stop signal received, shutting down")
        elif keeper.done():
            taken = keeper.result()
            which = f"shard{'s' if len(taken) > 1 else ''} {', '.join(map(str, taken))}"
            log.warning("%s taken over by another process: standing by until free again", which)
            code = None
        for watcher in (stopper, keeper):
            watcher.cancel()
        await asyncio.gather(stopper, keeper, return_exceptions=True)
        await bot.close()
        try:
            await asyncio.wait_for(runner, timeout=SHUTDOWN_GRACE)
        except discord.LoginFailure:
            print(f"Discord refused the token: check DISCORD_TOKEN in {token_origin()}.", file=sys.stderr)
            return 1
        except TimeoutError:
            log.warning("the connection did not close in time")
        except (OSError, discord.HTTPException) as error:
            print(f"Could not reach Discord ({type(error).__name__}); check the network.", file=sys.stderr)
            return 1
    if code is not None:
        log.info("stopped")
    return code


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
