"""The clock's messages about missed turns, tidied up: one message a player at most.

A turn that timed out, or a seat the computer took over, is told in the game's thread; the
next one about the same player replaces it (the older message is deleted), and it goes
once the player plays in person again (their next move, or ``resume``). A reminder is
called like a turn notification (``TurnPings``): it goes once the turn has moved on.
"""

import logging

import discord

from bot.storage import SessionRecord
from bot.turn_clock import in_person
from bot.ui.table_core import TableCore

log = logging.getLogger(__name__)


class ClockNotices(TableCore):
    async def post_notice(self, record: SessionRecord, seat: int, text: str, ping: bool = False) -> None:
        """The clock's message about ``seat``'s missed turns, in place of its previous one; with
        ``ping``, it notifies that player and nobody else."""
        user_id = record.seats[seat].user_id
        try:
            message = await self.post(record.channel_id, text, ping=[user_id] if ping and user_id else [])
        except discord.HTTPException:
            log.warning("could not tell session %s's channel about a missed turn", record.id)
            return
        await self._delete_notice(record, seat)
        record.seats[seat].notice = message.id
        await self.keep(record)

    async def tidy_notices(self, record: SessionRecord) -> None:
        """A player back in person (they played, or took their seat back): the clock's message
        about their missed turns goes."""
        back = [i for i, seat in enumerate(record.seats) if seat.notice and in_person(record, i) and not seat.missed]
        for seat in back:
            await self._delete_notice(record, seat)
        if back:
            await self.keep(record)

    async def _delete_notice(self, record: SessionRecord, seat: int) -> None:
        notice, record.seats[seat].notice = record.seats[seat].notice, None
        if notice is None:
            return
        try:
            await (await self.channel(record.channel_id)).get_partial_message(notice).delete()
        except discord.HTTPException:
            log.info("could not delete a missed-turn message of session %s", record.id)
