"""A closed game's thread archived a while after its end, so that a busy channel's thread list
keeps the games under way: the server's ``archive_hours`` (0 keeps threads open).

The time is saved on the table (``archive_at``), so the clock (``Timekeeper``) archives it even
after a restart. Archived, not locked: anyone may still read it, and a message reopens it.
"""

import logging

import discord

from bot.storage import SessionRecord
from bot.ui.table_core import TableCore

log = logging.getLogger(__name__)
HOUR = 3600


class ThreadArchive(TableCore):
    async def schedule_archive(self, record: SessionRecord) -> None:
        """A table just closed: when its thread (if it played in one) is to be archived."""
        if record.guild_id is None or record.channel_id in (None, record.lobby_channel_id):
            return
        hours = (await self.service.storage.guild_settings(record.guild_id)).archive_hours
        if hours:
            record.archive_at = self.service.clock() + hours * HOUR
            await self.keep(record, at_once=True)  # the clock must know it, restart or not

    async def archive_thread(self, session_id: int) -> None:
        """The clock's call: archive the table's thread now."""
        record = await self.service.get(session_id)
        try:
            thread = await self.channel(record.channel_id)
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except discord.HTTPException as error:  # gone, or no longer allowed: nothing more to do
            log.info("could not archive session %s's thread (%s)", session_id, error.status)
        record.archive_at = None
        await self.service.update(record)
