"""The bot's alarm clock: reminders, timed-out turns and abandoned tables.

One task sleeps until the earliest ``wake_at`` stored in the database, so a
restart picks up every deadline where it was. A save that sets an earlier
wake-up cuts the nap short (another process's save too, with PostgreSQL).

With several processes on one database, each handles the tables of its own shards'
servers, and claims a due table in the database before handling it, for a while
(``CLAIM_SECONDS``): a process that dies leaves a claim that lapses, and another
process serving the same shards takes the table over. Each table is handled under
its session lock, and the session service re-checks the stored deadline there, so
nothing fires twice.

While the database cannot be used, the clock looks again every ``OUTAGE_NAP`` seconds: what
came due meanwhile is handled then, once the database is back.
"""

import asyncio
import logging
import uuid

import discord

from bot import turn_clock
from bot.i18n import t
from bot.storage import DatabaseUnreachable, SessionRecord
from bot.ui.game_ui import seat_mention
from bot.ui.table_core import jump_url
from bot.ui.tables import Tables

log = logging.getLogger(__name__)
LONGEST_NAP = 6 * 3600.0  # look at the database at least this often, even with nothing due
SHARED_NAP = 60.0  # with other processes on the database, at least this often
CLAIM_SECONDS = 120.0  # a claimed table is this process's to handle for so long
RETRY_AFTER = 300.0  # a table whose handling failed is looked at again this much later
OUTAGE_NAP = 5.0  # while the database cannot be used, look again this often


class Timekeeper:
    sleep = staticmethod(asyncio.sleep)  # how a nap is waited (the tests wait on SimCord's virtual clock)

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.service = tables.service
        self.shards = tables.shards  # the tables of these shards' servers are this process's
        self.owner = uuid.uuid4().hex  # names this process's claims
        self._task: asyncio.Task | None = None
        self._nap: asyncio.Future | None = None
        self._wake_at = float("inf")

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="timekeeper")

    async def stop(self) -> None:
        """Stop the clock and wait until its task has ended."""
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def wake_by(self, when: float) -> None:
        """Cut the current nap short if ``when`` comes before its end."""
        if when < self._wake_at and self._nap is not None and not self._nap.done():
            self._nap.cancel()

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
                upcoming = await self.service.storage.next_wake(self.shards)
            except DatabaseUnreachable:  # (the shard leases' keeper says when it goes and comes back)
                upcoming = self.service.clock() + OUTAGE_NAP
            except Exception:
                log.exception("the timekeeper could not read the tables")
                upcoming = None
            now = self.service.clock()
            longest = SHARED_NAP if self.service.storage.shared else LONGEST_NAP
            delay = min(longest, max(0.0, (upcoming or now + longest) - now))
            self._wake_at = now + delay
            self._nap = asyncio.ensure_future(self.sleep(delay))
            try:
                await self._nap
            except asyncio.CancelledError:
                task = asyncio.current_task()
                assert task is not None  # this loop runs as a task
                if task.cancelling():
                    raise  # the task itself is stopping, not only its nap
            finally:
                self._wake_at = float("inf")

    async def tick(self) -> None:
        """Claim and handle every table of our shards whose wake-up time has come."""
        now = self.service.clock()
        for session_id in await self.service.storage.claim_due(now, now + CLAIM_SECONDS, self.owner, self.shards):
            await self.settle(session_id)

    async def settle(self, session_id: int) -> None:
        """Handle one claimed table under its lock, then give the claim back; a failure
        is tried again later."""
        storage = self.service.storage
        try:
            async with self.service.lock(session_id):
                await self.handle(session_id)
        except DatabaseUnreachable:
            raise  # not the table's fault: it stays due, and is handled once the database is back
        except Exception:
            log.exception("the clock of session %s failed; trying again later", session_id)
            await storage.postpone(session_id, self.service.clock() + RETRY_AFTER)
        finally:
            await storage.release(session_id, self.owner)

    async def handle(self, session_id: int) -> None:
        """Everything due on the table, in turn: windows that closed, then abandonment, turns
        that timed out, reminders (a reminder and another seat's time-out both, when both are due)."""
        handlers = {
            "unanswered": self._unanswered,
            "abandon": self._abandon,
            "late": self._late,
            "remind": self._remind,
            "archive": self._archive,
        }
        handled = False
        for _ in handlers:  # as many rounds as kinds at most
            record = await self.service.get(session_id)
            due = turn_clock.due(record, self.service.clock())
            found = next((name for name in handlers if getattr(due, name)), None)
            if found is None:
                break
            handled = True
            if not await handlers[found](session_id):
                break
        if not handled:  # woken by a time that no longer holds: store the right one
            await self.service.update(record)

    # Each handles one kind of due time; True if it changed something (then the rest is looked at).
    async def _unanswered(self, session_id: int) -> bool:
        if (played := await self.service.close_windows(session_id)) is None:
            return False
        await self.tables.after_change(played)
        return True

    async def _abandon(self, session_id: int) -> bool:
        if (closed := await self.service.abandon(session_id)) is not None:
            await self.tables.after_change(closed)  # says why the game closed
        return False  # nothing else is due on a closed table

    async def _archive(self, session_id: int) -> bool:
        await self.tables.archive_thread(session_id)
        return False  # nothing else is due on a closed table

    async def _late(self, session_id: int) -> bool:
        if (timed := await self.service.time_out(session_id)) is None:
            return False
        record, late, taken = timed
        await self._tell_missed(record, late, taken)
        await self.tables.after_change(record)
        return True

    async def _remind(self, session_id: int) -> bool:
        record, seats = await self.service.remind(session_id)
        for seat in seats:
            await self._remind_seat(record, seat)
        return bool(seats)

    async def _tell_missed(self, record: SessionRecord, late: list[int], taken: list[int]) -> None:
        """Each seat that timed out, in the clock's one message about that player: how many of the
        missed turns allowed are gone, or, at the last, that the computer keeps the seat (the player
        mentioned, alone)."""
        lang = await self.tables.table_language(record)
        resume = f"/{t(lang, f'cmd.{record.game}.name')} {t(lang, 'cmd.resume.name')}"
        for seat in late:
            entry = record.seats[seat]
            if seat in taken:
                text = t(
                    lang,
                    "clock.taken_over",
                    mention=seat_mention(record, seat, lang),
                    count=entry.missed,
                    resume=resume,
                )
                await self.tables.post_notice(record, seat, text, ping=True)
            elif entry.missed:  # (a seat whose turn another's time-out ended missed nothing)
                text = t(
                    lang, "clock.timed_out", player=entry.name, missed=entry.missed, allowed=record.clock.missed_turns
                )
                await self.tables.post_notice(record, seat, text)

    async def _tell(
        self, record: SessionRecord, key: str, seat: int | None = None, **params: object
    ) -> discord.Message | None:
        """A message in the game's channel, in the server's language, notifying ``seat``'s player
        alone if it mentions them; a failure is only logged."""
        lang = await self.tables.table_language(record)
        if seat is not None:
            params["player"] = record.seats[seat].name  # a human's name, without the 🤖 of a taken seat
            params["mention"] = seat_mention(record, seat, lang)
            deadline = record.seats[seat].deadline
            params["deadline"] = f"<t:{int(deadline)}:R>" if deadline else ""
        params["game"] = self.tables.uis[record.game].title(lang)
        params["resume"] = f"/{t(lang, f'cmd.{record.game}.name')} {t(lang, 'cmd.resume.name')}"
        user_id = record.seats[seat].user_id if seat is not None else None
        try:
            return await self.tables.post(record.channel_id, t(lang, key, **params), ping=[user_id] if user_id else [])
        except discord.HTTPException:
            log.warning("could not tell session %s's channel about its clock", record.id)
            return None

    async def _remind_seat(self, record: SessionRecord, seat: int) -> None:
        """A mention in the game's channel, and a DM to a player who asked for them. The mention
        calls the player like a turn notification: it goes once the turn has moved on."""
        message = await self._tell(record, "clock.reminder", seat)
        user_id = record.seats[seat].user_id
        if message is not None and user_id is not None:
            await self.tables.ping_turns(record, told={user_id}, by=message.id)
        if user_id is None or not await self._dms_wanted(record, user_id):
            return
        lang = await self.tables.table_language(record)
        text = t(
            lang,
            "clock.reminder_dm",
            game=self.tables.uis[record.game].title(lang),
            deadline=f"<t:{int(record.seats[seat].deadline or 0)}:R>",
            link=jump_url(record),
        )
        try:
            await self.tables.dm(user_id, text)  # closed DMs: the mention in the channel is enough
        except discord.HTTPException:
            log.warning("could not send a reminder DM for session %s", record.id)

    async def _dms_wanted(self, record: SessionRecord, user_id: int) -> bool:
        """The server allows DMs and the player asked for reminders by DM."""
        storage = self.service.storage
        if record.guild_id is None or not (await storage.guild_settings(record.guild_id)).dm_notifications:
            return False
        return (await storage.user_settings(user_id)).dm_reminders
