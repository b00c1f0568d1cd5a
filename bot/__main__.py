"""``python -m bot``: start the bot; SIGTERM or Ctrl-C stop it cleanly."""

import asyncio
import logging
import signal
import sys

import discord

from bot.app import create_bot
from bot.config import ConfigError, Settings, load_settings
from bot.storage import StorageUnavailable, storage_for

log = logging.getLogger("bot")
SHUTDOWN_GRACE = 10.0  # seconds the connection may take to wind down after close()


async def run(settings: Settings) -> int:
    storage = storage_for(settings.database_url, settings.database_path, settings.database_pool_size)
    try:  # the database first: a wrong DATABASE_URL is said before Discord is tried
        await storage.open()
    except StorageUnavailable as error:
        print(error, file=sys.stderr)
        return 2
    bot = create_bot(settings, storage)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.discord_token))
        stopper = asyncio.create_task(stop.wait())
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper.done():
            log.info("stop signal received, shutting down")
            await bot.close()
        stopper.cancel()
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
    return 0


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
