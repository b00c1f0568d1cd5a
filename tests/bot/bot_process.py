"""``python -m tests.bot.bot_process DB``: a bot process run as ``python -m bot`` runs it
(``bot.__main__.run``: signals, shard leases, closing), connected to a simulated Discord.

It opens a Fortissimo! table of one person against three strong computers, plays the person's
turn so that the computers search in worker processes, starts one more search that never ends
by itself, prints the workers' process ids on one line, and serves until it is stopped.
"""

import asyncio
import sys
from pathlib import Path

import simcord

from bot.__main__ import run
from bot.app import GameBot
from bot.config import Settings
from games.core import Rng, registry


async def a_search_in_flight(bot: GameBot) -> None:
    engine = registry.get("fortissimo")
    state = engine.new_game(2, engine.make_options({}), 1)
    view, legal = engine.view(state, 0), engine.legal_actions(state, 0)
    await bot.search.think("fortissimo", view, legal, Rng.from_seed(1), "strong", 10**9, 3600.0)


async def start(bot: GameBot) -> None:
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        ann = guild.add_member(env.create_user("ann"))
        await ann.slash(channel, "fortissimo start", first_player="lobby")
        lobby = channel.last_message
        for _ in range(3):
            menu = next(c for row in lobby.components for c in row.children if c.custom_id.endswith(":add_bot"))
            await ann.select(lobby, ["strong"], custom_id=menu.custom_id)
            lobby = channel.last_message
        await ann.click(lobby, label="Start the game")
        (record,) = await bot.storage.find_sessions(game="fortissimo")
        thread = channel.threads[0]
        boards = [m for m in thread.history() if m.id in record.board_message_ids]
        card = next(c for m in boards for row in m.components for c in row.children if c.custom_id.endswith(":fA1"))
        await ann.click(
            next(m for m in boards if card in [c for row in m.components for c in row.children]),
            custom_id=card.custom_id,
        )
        record = await bot.service.get(record.id)
        await ann.click(boards[-1], custom_id=f"g:fortissimo:{record.id}:{record.version}:r")
        searching = asyncio.ensure_future(a_search_in_flight(bot))
        while len(bot.search.pids) < bot.search.size:
            await asyncio.sleep(0.05)
        print(" ".join(map(str, bot.search.pids)), flush=True)
        while not bot.is_closed():
            await asyncio.sleep(0.05)
        searching.cancel()


if __name__ == "__main__":
    settings = Settings(discord_token="simulated", database_path=Path(sys.argv[1]), search_ms=100, computer_pause_ms=0)
    sys.exit(asyncio.run(run(settings, start)))
