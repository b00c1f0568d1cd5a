"""Computer players take their turns after a person's move is shown, never inside the click.

The session service tells which tables have a computer seat to act once a change is committed
(``SessionService.on_computers``); each such table gets one task that plays its computers turn
by turn (``SessionService.play_computers``): each turn is decided without holding the table,
as soon as its seat is to act (the pause is time to think), then committed and shown on its
own, ``pause`` seconds at least after the one before, so people can follow. Meanwhile the board says which computer is thinking, and a person's click
is refused like any click out of turn. At start-up, every running game of this process's
shards whose next seat is a computer is played on, so a restart strands no table. While the
database cannot be used, they try again every ``OUTAGE_RETRY`` seconds.
"""

import asyncio
import logging

from bot.storage import DatabaseUnreachable
from bot.ui.tables import Tables

log = logging.getLogger(__name__)
RETRY_AFTER = 60.0  # seconds before computers that failed to play try again
OUTAGE_RETRY = 5.0  # the same, when the database could not be used


class ComputerTurns:
    def __init__(self, tables: Tables, pause: float = 0.0) -> None:
        self.tables = tables
        self.service = tables.service
        self.pause = pause  # seconds at least between two computer turns shown
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # tables changed while their task was finishing
        self._stopped = False
        self.service.on_computers = self.kick

    def kick(self, session_id: int) -> None:
        """Have this table's computers play (a no-op while they already do)."""
        if self._stopped:  # the bot is closing: the next start plays them
            return
        task = self._tasks.get(session_id)
        if task is not None and not task.done():
            self._again.add(session_id)
            return
        self._tasks[session_id] = asyncio.create_task(self._play(session_id), name=f"computers-{session_id}")

    async def _play(self, session_id: int) -> None:
        try:
            while True:
                self._again.discard(session_id)
                await self.service.play_computers(session_id, self.tables.after_change, self.pause)
                if session_id not in self._again:
                    return
        except DatabaseUnreachable:  # the table keeps its last committed state
            asyncio.get_running_loop().call_later(OUTAGE_RETRY, self.kick, session_id)
        except Exception:  # the table keeps its last committed state; they try again a little later
            log.exception("the computer players of session %s could not play", session_id)
            asyncio.get_running_loop().call_later(RETRY_AFTER, self.kick, session_id)
        finally:
            if self._tasks.get(session_id) is asyncio.current_task():
                del self._tasks[session_id]

    async def resume_all(self) -> None:
        """At start-up: every running game of this process's shards whose next seat is a computer."""
        for record in await self.service.storage.find_sessions(statuses=("active",)):
            if not any(seat.computer or seat.auto for seat in record.seats):
                continue  # people only: nothing to read further
            if self.tables.bot.shards_served.owns(record.guild_id) and self.service.next_computer(record) is not None:
                self.kick(record.id)

    async def stop(self) -> None:
        """Stop playing (the bot is closing): a turn not yet committed is played again at the next start."""
        self._stopped = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
