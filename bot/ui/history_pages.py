"""The 📜 History button: the whole game in words, privately, in pages, newest first.

The board keeps only the last few public events (``record.recent``); the whole game is the action
log played through the engine again (``replays.walk``), whose public events are those the board
was told, in the same order. The game's narration tells them (``GameUI.history_lines``) as it tells
the board's latest moves, so nothing is named that the table could not see now. A page's buttons
carry how many lines the game had when the first page was shown: the pages stay where they were
while the game goes on (newer lines wait for a new click on History).
"""

import asyncio
import logging
from typing import Any

import discord

from bot import replays
from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.components import HistoryPage
from bot.ui.publishing import Publishing
from bot.ui.replies import Reply
from games.core import registry
from games.core.errors import RuleError

log = logging.getLogger(__name__)

PAGE_LINES = 15  # lines a page shows
HISTORIES_KEPT = 8  # games whose public events are kept, the latest asked


def public_events(text: str, game: str, state: str | None = None) -> list[dict[str, Any]] | None:
    """Every public event of the game of ``game`` a replay text describes, in order; None when the
    text does not lead to ``state`` (the table's state as stored), as a log that the engine no longer
    plays the same would not."""
    events: list[dict[str, Any]] = []
    final = None
    try:
        for move in replays.walk(text):
            events += [event.model_dump(mode="json") for event in move.events if event.audience is None]
            final = move.state
    except RuleError:
        return None
    if state is not None and (final is None or registry.get(game).dump(final) != state):
        return None
    return events


def page_of(lines: list[str], page: int) -> tuple[list[str], int, int]:
    """The lines of page ``page`` (1: the newest), newest first; the page (within bounds) and the pages."""
    pages = max(1, -(-len(lines) // PAGE_LINES))
    page = min(max(page, 1), pages)
    newest = list(reversed(lines))
    return newest[(page - 1) * PAGE_LINES : page * PAGE_LINES], page, pages


class HistoryPages(Publishing):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._histories: dict[tuple[int, int], list[dict[str, Any]]] = {}  # (session, version) -> events

    async def whole_history(self, record: SessionRecord, lang: Language) -> list[str]:
        """The whole game told in words, oldest first."""
        key = (record.id, record.version)
        events = self._histories.pop(key, None)
        if events is None:
            text = replays.export(record, await self.service.storage.actions(record.id))
            events = await asyncio.to_thread(public_events, text, record.game, record.state)  # a long game: tens of ms
            if events is None:
                log.warning("session %s's log does not lead to its state: History tells the latest moves", record.id)
                events = record.recent
        self._histories[key] = events
        while len(self._histories) > HISTORIES_KEPT:
            del self._histories[next(iter(self._histories))]
        whole = record.model_copy(update={"recent": events})
        return self.uis[record.game].history_lines(whole, self.service.state(record), lang)

    async def show_history(self, reply: Reply, record: SessionRecord, count: int | None = None, page: int = 1) -> None:
        """Page ``page`` of the game's history as it stood at ``count`` lines (None: now), privately:
        a new message for the board's button, the same one edited for its own buttons."""
        lang, ui = reply.lang, self.uis[record.game]
        lines = await self.whole_history(record, lang)
        lines = lines[: count if count is not None else len(lines)]
        shown, page, pages = page_of(lines, page)
        embed = discord.Embed(
            title=t(lang, "recent.title", game=ui.title(lang), number=record.id),
            description="\n".join(shown)[:4096] or "—",
        )
        view = None
        if pages > 1:
            embed.set_footer(text=t(lang, "recent.page", page=page, pages=pages))
            view = discord.ui.View(timeout=None)
            for label, emoji, to in (("newer", "◀️", page - 1), ("older", "▶️", page + 1)):
                view.add_item(
                    HistoryPage(
                        record.game,
                        record.id,
                        len(lines),
                        to,
                        label=t(lang, f"recent.{label}"),
                        emoji=emoji,
                        style=discord.ButtonStyle.secondary,
                        disabled=not 1 <= to <= pages,
                    )
                )
        if count is None:
            await (reply.send(embed=embed, view=view) if view else reply.send(embed=embed))
        else:
            await reply.edit(embed=embed, view=view)

    async def history_page(self, interaction: discord.Interaction, session_id: int, count: int, page: int) -> None:
        """A page button of a history shown before: that message shows the page asked."""
        reply = self.reply_to(interaction)
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            await self.show_history(reply, record, count, page)
