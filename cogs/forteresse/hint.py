"""The board's Hint button: the move the strong computer player would make now, privately.

Anyone may click; only the table's player gets an answer (others: the usual refusal). The
answer names the move as the player's own controls do (``ForteresseUI.action_words``) and
changes nothing. The search runs in the computer players' worker processes (``bot.search_pool``,
as the session service's do) under the session's lock, with a clock as a safety net; its seed
is the session's seed and version, so one position always gets the same hint.

The button is a ``DynamicItem`` of this cog (``hint:forteresse:<session>``): the shared
private menus (``GameUI.more``) are answered on the event loop, too soon for a search.
"""

from typing import Any

import discord

from bot.i18n import Language, t
from bot.search_pool import SearchFailed
from bot.sessions import Searcher
from bot.storage import SessionRecord
from bot.ui.bot_cog import tables_of
from games.core import Rng
from games.forteresse import ENGINE
from games.forteresse.models import ForteresseAction, ForteresseState
from games.forteresse.strong import ITERATIONS

HINT_SECONDS = 2.0  # the search's clock at most (a strong decision takes about a quarter of a second)


async def hint_move(search: Searcher, record: SessionRecord, state: ForteresseState) -> ForteresseAction | None:
    """The strong level's move for the player now, seeded by the session and its version (the
    normal level's if no worker could search)."""
    legal = ENGINE.legal_actions(state, 0)
    if not legal:
        return None
    view, rng = ENGINE.view(state, 0), Rng.from_seed(record.seed * 1_000_003 + record.version)
    try:
        return await search.think(ENGINE.name, view, legal, rng, "strong", ITERATIONS, HINT_SECONDS, table=record.id)
    except SearchFailed:
        return ENGINE.choose(view, legal, rng)


async def hint_text(search: Searcher, ui: Any, record: SessionRecord, state: ForteresseState, lang: Language) -> str:
    """The hint in words: the move as the private view's control names it."""
    action = await hint_move(search, record, state)
    if action is None:
        return t(lang, "forteresse.hint.none")
    return t(lang, "forteresse.hint.move", move=ui.action_words(ENGINE.view(state, 0), action, lang))


class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hint:forteresse:(?P<sid>\d+)"):
    def __init__(self, sid: int, **button: Any) -> None:
        self.sid = sid
        super().__init__(discord.ui.Button(custom_id=f"hint:forteresse:{sid}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "HintButton":
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tables = tables_of(interaction.client)
        reply = tables.reply_to(interaction)
        async with tables.handling(reply, self.sid):
            record = await tables.service.get(self.sid)
            tables.service.check_playing(record, interaction.user.id)  # the table's player only
            state = tables.service.state(record)
            await reply.wait()  # acknowledged at once: the search may take a moment
            ui = tables.uis[record.game]
            text = await hint_text(tables.service.search, ui, record, state, reply.lang)
            await reply.send("💡 " + text)
