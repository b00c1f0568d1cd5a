"""Computer players take their turns after a person's move is shown, never inside the click.

The session service tells which tables have a computer seat to act once a change is committed
(``SessionService.on_computers``, wired to ``kick`` where the bot is assembled); each such table
gets one task that plays its computers turn by turn: each turn is decided without holding the
table (``SessionService.think``), as soon as its seat is to act (the pause is time to think), then
committed and shown move by move (``play_turn``: a roll, a move, an attack, a card, a ring turned),
``pause`` seconds at least after the turn before and half as long between its moves, so people can
follow. Meanwhile the board says which computer is thinking, and a person's click is
refused like any click out of turn. At start-up, every running game of this process's shards whose
next seat is a computer is played on, so a restart strands no table. While the database cannot be
used, they try again every ``OUTAGE_RETRY`` seconds.
"""

import asyncio
import logging
import time

from bot.errors import StaleBoard
from bot.sessions import ComputerTurn
from bot.storage import DatabaseUnreachable
from bot.ui.tables import Tables

log = logging.getLogger(__name__)
RETRY_AFTER = 60.0  # seconds before computers that failed to play try again
OUTAGE_RETRY = 5.0  # the same, when the database could not be used
STEP_SHARE = 0.5  # the pause between two moves of a turn, as a share of the pause between turns


class ComputerTurns:
    sleep = staticmethod(asyncio.sleep)  # how a pause is waited (the tests wait on SimCord's virtual clock)

    def __init__(self, tables: Tables, pause: float = 0.0) -> None:
        self.tables = tables
        self.service = tables.service
        self.pause = pause  # seconds at least between two computer turns shown
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # tables changed while their task was thinking
        self._stopped = False

    @property
    def step_pause(self) -> float:
        """Seconds between two moves of one computer turn shown."""
        return self.pause * STEP_SHARE

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
            await self.play_turns(session_id)
        except DatabaseUnreachable:  # the table keeps its last committed state
            asyncio.get_running_loop().call_later(OUTAGE_RETRY, self.kick, session_id)
        except Exception:  # the table keeps its last committed state; they try again a little later
            log.exception("the computer players of session %s could not play", session_id)
            asyncio.get_running_loop().call_later(RETRY_AFTER, self.kick, session_id)
        finally:
            if self._tasks.get(session_id) is asyncio.current_task():
                del self._tasks[session_id]

    async def play_turns(self, session_id: int) -> None:
        """Computer seats play turn after turn, each committed and shown on its own, ``pause`` seconds
        at least after the one before, until people must act. A turn is thought as soon as its seat
        is to act, the pause before it is shown included; the table's lock is held only to commit."""
        due = time.monotonic() + self.pause
        while True:
            self._again.discard(session_id)
            turn = await self.service.think(await self.service.get(session_id), due)
            if turn is None:
                if session_id in self._again:  # the table changed while the computers looked at it
                    continue
                return
            await self.sleep(max(0.0, due - time.monotonic()))
            try:
                await self._show_step_by_step(session_id, turn)
            except StaleBoard:  # someone acted meanwhile: think again, a pause after that
                due = time.monotonic() + self.pause
                continue
            due = time.monotonic() + self.pause

    async def _show_step_by_step(self, session_id: int, turn: ComputerTurn) -> None:
        """Each move of a computer's turn committed and shown on its own (a roll, a move, an attack,
        a ring turned), ``step_pause`` seconds apart; the table's lock is held only to commit one."""
        version = turn.version
        for number, token in enumerate(turn.tokens):
            if number:
                await self.sleep(self.step_pause)
            async with self.service.lock(session_id):
                record = await self.service.play_turn(session_id, ComputerTurn(version, [token]))
                await self.tables.after_change(record)
            version = record.version

    async def resume_all(self) -> None:
        """At start-up: every running game of this process's shards whose next seat is a computer."""
        for record in await self.service.storage.find_sessions(statuses=("active",)):
            if not any(seat.computer or seat.auto for seat in record.seats):
                continue  # people only: nothing to read further
            if self.tables.shards.owns(record.guild_id) and self.service.next_computer(record) is not None:
                self.kick(record.id)

    async def stop(self) -> None:
        """Stop playing (the bot is closing): a turn not yet committed is played again at the next start."""
        self._stopped = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
