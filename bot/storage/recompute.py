"""``python -m bot.storage.recompute [SQLITE_PATH | DATABASE_URL]``: build every rating again from
the stored results (``Storage.recompute_ratings``), in the bot's own database by default. A file or
database that is not the bot's is refused in one sentence and left as it was."""

import asyncio
import sys
from pathlib import Path

from bot.config import ConfigError, load_settings
from bot.storage import StorageUnavailable, storage_for

USAGE = "Usage: python -m bot.storage.recompute [SQLITE_PATH | DATABASE_URL]  (default: the bot's own database)"


async def recompute(database: str | None) -> str:
    if database is None:
        settings = load_settings()
        storage = storage_for(settings.database_url, settings.database_path)
    elif database.startswith(("postgresql://", "postgres://")):
        storage = storage_for(database, Path())
    else:
        storage = storage_for(None, Path(database))
    await storage.open(create=False)  # the bot's database, else refused as it is
    try:
        games, players = await storage.recompute_ratings()
    finally:
        await storage.close()
    return f"Ratings recomputed from {games} rated game{'s' * (games != 1)}: {players} rating{'s' * (players != 1)}."


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        print(asyncio.run(recompute(args[0] if args else None)))
    except (ConfigError, StorageUnavailable) as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
