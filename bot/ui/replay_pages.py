"""A finished game's replay, privately: its page (``bot.replay_page``) and its record (``bot.replays``),
for the ``/replay`` command and a finished board's Replay button.

The page takes seconds to build (the game played again, each step drawn): the request is
acknowledged first, the page built in a worker process (``bot.replay_builder``), and kept for the
next few requests. A person has one request under way at most, and the builder's line is
bounded: a request beyond either is answered at once, in one sentence.

The exact record (seed and actions: it rebuilds every hidden card and choice) goes to the game's
own players and to the server's admins; anyone else gets the public record, what the table saw."""

import asyncio
import io
import logging
from contextlib import suppress
from typing import Any

import discord

from bot import replays
from bot.i18n import Language, counted, t
from bot.replay_builder import Built
from bot.storage import DatabaseUnreachable, SessionRecord
from bot.ui.table_core import TableCore, is_admin

log = logging.getLogger(__name__)
PAGES_KEPT = 4  # pages built lately, per game and language (a page is a few megabytes at most)


class ReplayPages(TableCore):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: dict[tuple[int, int, Language], asyncio.Future[Built]] = {}
        self._asking: set[int] = set()  # people with a replay request under way

    async def send_replay(self, interaction: discord.Interaction, session_id: int) -> None:
        """Game ``session_id``'s page and record, privately, if it is a finished game of this server."""
        reply = self.reply_to(interaction)
        user = interaction.user.id
        if user in self._asking:
            return await reply.say("replay.yours_building")
        self._asking.add(user)
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
            key = (record.id, record.version, reply.lang)
            built = self._kept(key)
            if built is None:  # built once for requests that come together
                builder = self.pages
                if builder.full:
                    return await reply.send(counted(reply.lang, "replay.queue_full", builder.queued))
                built = self._pages[key] = builder.start(record, actions, self.uis[record.game], reply.lang)
                while len(self._pages) > PAGES_KEPT:
                    del self._pages[next(iter(self._pages))]
            found = await asyncio.shield(built)
            name = f"{record.game}-{record.id}"
            if self._sees_all(interaction, record):
                text, file_name = replays.export(record, actions), name
                said = t(reply.lang, "replay.ready", number=record.id)
            else:
                text, file_name = found.public, f"{name}-public"
                said = t(reply.lang, "replay.ready_public", number=record.id)
            files = [
                discord.File(io.BytesIO(found.page.html), filename=f"{name}.html"),
                discord.File(io.BytesIO(text.encode()), filename=f"{file_name}.txt"),
            ]
            await reply.send(said, files=files)
        except DatabaseUnreachable:
            with suppress(discord.HTTPException):
                await reply.say("error.database")
        except Exception:
            log.exception("could not send the replay of session %s", session_id)
            with suppress(discord.HTTPException):
                await reply.say("error.internal")
        finally:
            self._asking.discard(user)

    def _kept(self, key: tuple[int, int, Language]) -> "asyncio.Future[Built] | None":
        """The page built or under way for ``key``, unless its build failed."""
        found = self._pages.get(key)
        if found is not None and found.done() and (found.cancelled() or found.exception() is not None):
            return None
        return found

    @staticmethod
    def _sees_all(interaction: discord.Interaction, record: SessionRecord) -> bool:
        """The exact record is the game's players' (whoever held a seat) and the server admins'."""
        return is_admin(interaction) or any(seat.user_id == interaction.user.id for seat in record.seats)
