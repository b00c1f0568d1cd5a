"""A finished game's replay, privately: its page (``bot.replay_page``) and its record (``bot.replays``),
for the ``/replay`` command and a finished board's Replay button.

The page takes seconds to build (the game played again, each step drawn): the request is
acknowledged first, the page built in a thread, and kept for the next few requests."""

import asyncio
import io
import logging
from contextlib import suppress
from typing import TYPE_CHECKING

import discord

from bot import replay_page, replays
from bot.i18n import Language, t
from bot.sessions import SessionService
from bot.storage import ActionRecord, DatabaseUnreachable, SessionRecord
from bot.ui.table_core import TableCore

if TYPE_CHECKING:  # the bot module builds the tables: named for the types only
    from bot.app import GameBot

log = logging.getLogger(__name__)
PAGES_KEPT = 4  # pages built lately, per game and language (a page is a few megabytes at most)


class ReplayPages(TableCore):
    def __init__(self, bot: "GameBot", service: SessionService, default_language: Language) -> None:
        super().__init__(bot, service, default_language)
        self._pages: dict[tuple[int, int, Language], asyncio.Future[replay_page.Page]] = {}

    async def send_replay(self, interaction: discord.Interaction, session_id: int) -> None:
        """Game ``session_id``'s page and record, privately, if it is a finished game of this server."""
        reply = self.reply_to(interaction)
        try:
            record = await self.service.storage.get_session(session_id)
            if (
                record is None
                or record.guild_id != interaction.guild_id
                or record.status != "finished"
                or record.game not in self.uis
            ):
                return await reply.say("replay.none", number=session_id)
            await reply.wait(thinking=True)
            actions = await self.service.storage.actions(record.id)
            text = replays.export(record, actions).encode()
            page = await self._page(record, actions, reply.lang, replay_page.UPLOAD_LIMIT - len(text))
            name = f"{record.game}-{record.id}"
            files = [
                discord.File(io.BytesIO(page.html), filename=f"{name}.html"),
                discord.File(io.BytesIO(text), filename=f"{name}.txt"),
            ]
            await reply.send(t(reply.lang, "replay.ready", number=record.id), files=files)
        except DatabaseUnreachable:
            with suppress(discord.HTTPException):
                await reply.say("error.database")
        except Exception:
            log.exception("could not send the replay of session %s", session_id)
            with suppress(discord.HTTPException):
                await reply.say("error.internal")

    async def _page(
        self, record: SessionRecord, actions: list[ActionRecord], lang: Language, limit: int
    ) -> replay_page.Page:
        """The page, at most ``limit`` bytes (the record goes in the same message), built once for
        requests that come together, in a thread."""
        key = (record.id, record.version, lang)
        found = self._pages.get(key)
        if found is None or (found.done() and found.exception() is not None):
            ui = self.uis[record.game]
            found = self._pages[key] = asyncio.ensure_future(
                asyncio.to_thread(replay_page.build, record, actions, ui, lang, limit)
            )
            while len(self._pages) > PAGES_KEPT:
                del self._pages[next(iter(self._pages))]
        return await asyncio.shield(found)
