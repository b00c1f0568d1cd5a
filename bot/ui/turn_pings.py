"""Turn notifications: a short message whose mention makes Discord notify a player when a
turn passes to them (an embed's mention notifies nobody), deleted once they have played.

The same for every game: who must act is read from the engine (during a secret reaction
window, whose turn the table is shown, since the question itself goes by DM). Computers and
absent players are never pinged; a player may turn the pings off with ``/notifications``.

A person is notified once a turn (the engine's turn number), once for a whole trial or duel the
table watches (its call stays until it ends: its steps and the moves in turn call nobody again),
and never twice within ``CALM`` seconds, the game's own messages that mention them (Fort
Boyard's news) included: someone playing along needs no call at every step.
"""

import logging
import re
from collections.abc import Set as AbstractSet

import discord

from bot.i18n import t
from bot.storage import SessionRecord
from bot.turn_clock import in_person, seen_acting
from bot.ui.table_core import TableCore

log = logging.getLogger(__name__)
NOTIFIED_ELSEWHERE = 0  # a "message id" for seats told otherwise (news, kickoff) or not wanting pings
MENTION = re.compile(r"<@!?(\d+)>")
CALM = 60.0  # seconds at least between two notifications to one player


def mentioned(text: str) -> set[int]:
    """The user ids a message mentions."""
    return {int(found) for found in MENTION.findall(text)}


class TurnPings(TableCore):
    def waiting(self, record: SessionRecord) -> set[int]:
        """The seats a person must act for now, as the whole table sees it."""
        if record.status != "active" or record.state is None:
            return set()
        acting = seen_acting(self.service.engine(record), self.service.state(record))
        return {seat for seat in acting if in_person(record, seat)}

    def engaged(self, record: SessionRecord) -> set[int]:
        """The seats in a clock the whole table watches (a trial, a duel): in it until it ends,
        although only one of them may act at a time. Their call stays meanwhile."""
        if record.status != "active" or record.state is None:
            return set()
        window = self.service.engine(record).reaction_window(self.service.state(record))
        return {seat for seat in window.seen_as if in_person(record, seat)} if window and window.shown else set()

    def callable(self, record: SessionRecord, users: AbstractSet[int]) -> list[int]:
        """Of these users, those a message may notify now (once a turn, never twice within
        ``CALM`` seconds), noted as notified of this turn."""
        turn = self.service.engine(record).turn_number(self.service.state(record))
        acting = self.waiting(record) | self.engaged(record)  # called of this turn (the kickoff calls all)
        now = self.service.clock()
        called = []
        for user_id in sorted(users):
            seat = record.seat_of(user_id)
            entry = record.seats[seat] if seat is not None else None
            if entry is None or entry.pinged_turn == turn:
                continue
            if entry.pinged_at is not None and now - entry.pinged_at < CALM:
                continue
            entry.pinged_at = now
            if seat in acting:
                entry.pinged_turn = turn
            called.append(user_id)
        return called

    async def ping_turns(
        self, record: SessionRecord, told: AbstractSet[int] = frozenset(), by: int = NOTIFIED_ELSEWHERE
    ) -> None:
        """Ping the seats that have just become to act, except users already mentioned in
        ``told`` (by the message ``by``, deleted like a ping once they have all played; the
        kickoff stays); delete the pings of those who have played, and those a newer message
        ``by`` calls again (the player is notified anew: a thread keeps one call a player)."""
        waiting = self.waiting(record)
        engaged = self.engaged(record) | waiting  # a duellist stays called between their moves
        called = {seat for seat in waiting if record.seats[seat].user_id in told}
        anew = by != NOTIFIED_ELSEWHERE  # a new message calls them: older calls to them go
        kept: dict[int, list[int]] = {}
        gone: list[int] = []
        for message_id, seats in record.pings.items():
            again = called if anew and message_id not in (by, NOTIFIED_ELSEWHERE) else set()
            if still := [seat for seat in seats if seat in engaged and seat not in again]:
                kept[message_id] = still  # a message goes once all its seats played (or left the trial)
            elif message_id != NOTIFIED_ELSEWHERE:
                gone.append(message_id)
        if gone:
            channel = await self.channel(record.channel_id)
            for message_id in gone:
                try:
                    await channel.get_partial_message(message_id).delete()
                except discord.HTTPException:
                    log.info("could not delete a turn notification of session %s", record.id)
        for seat in sorted(called):  # the message that told them goes once they have played
            if seat not in kept.get(by, []):
                kept.setdefault(by, []).append(seat)
        pinged = {seat for seats in kept.values() for seat in seats}
        ping: list[int] = []
        quiet: list[int] = []
        for seat in sorted(waiting - pinged):
            user_id = record.seats[seat].user_id
            # a tutorial's learner follows its guide: no turn notifications
            wants = (
                (await self.service.storage.user_settings(user_id)).turn_pings
                if user_id and not record.tutorial
                else False
            )
            (ping if wants else quiet).append(seat)
        if ping:  # a player called a moment ago, or already this turn, plays on without a new call
            users = self.callable(record, {user_id for seat in ping if (user_id := record.seats[seat].user_id)})
            quiet += [seat for seat in ping if record.seats[seat].user_id not in users]
            ping = [seat for seat in ping if record.seats[seat].user_id in users]
        if quiet:
            kept.setdefault(NOTIFIED_ELSEWHERE, []).extend(quiet)
        if ping:
            lang = await self.table_language(record)
            users = [user_id for seat in ping if (user_id := record.seats[seat].user_id)]  # each one's, as it wants
            text = t(
                lang,
                "table.your_turn",
                players=", ".join(f"<@{u}>" for u in users),
                game=self.uis[record.game].title(lang),
            )
            message = await self.post(record.channel_id, text, ping=users)
            kept[message.id] = ping
        if kept != record.pings:
            record.pings = kept
            await self.keep(record)
