"""``python -m bot``: start the bot; SIGTERM or Ctrl-C stop it cleanly, within a second or two."""

import asyncio
import logging
import signal
import sys
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot.app import GameBot, create_bot, shards_of
from bot.config import ConfigError, Settings, load_settings
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


async def run(settings: Settings, start: Callable[[GameBot], Coroutine[Any, Any, None]] = connect) -> int:
    """Serve until a stop signal (0), or until Discord refuses (1) or this process's shards are
    taken over (1). ``start`` connects the bot (tests give it a simulated Discord)."""
    storage = storage_for(settings.database_url, settings.database_path, settings.database_pool_size)
    try:  # the database first: a wrong DATABASE_URL is said before Discord is tried
        await storage.open()
    except StorageUnavailable as error:
        print(error, file=sys.stderr)
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    leases = ShardLeases(storage, shards_of(settings))
    if not await until_stopped(leases.wait_for_them(lambda text: print(text, file=sys.stderr, flush=True)), stop):
        await storage.close()
        log.info("stopped before serving")
        return 0
    bot = create_bot(settings, storage)
    bot.leases = leases  # given back when the bot closes
    code = 0
    async with bot:
        runner = asyncio.create_task(start(bot))
        stopper = asyncio.create_task(stop.wait())
        keeper = asyncio.create_task(leases.keep())
        await asyncio.wait({runner, stopper, keeper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper.done():
            log.info("stop signal received, shutting down")
        elif keeper.done():
            log.error("another process took this process's shards over: stopping")
            code = 1
        stopper.cancel()
        keeper.cancel()
        await bot.close()
        try:
            await asyncio.wait_for(runner, timeout=SHUTDOWN_GRACE)
        except discord.LoginFailure:
            print("Discord refused the token: check DISCORD_TOKEN in .env.", file=sys.stderr)
            return 1
        except TimeoutError:
            log.warning("the connection did not close in time")
        except (OSError, discord.HTTPException) as error:
            print(f"Could not reach Discord ({type(error).__name__}); check the network.", file=sys.stderr)
            return 1
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
