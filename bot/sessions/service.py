"""The session service: the one path from a click to a committed rule change.

Callers hold ``lock(session_id)`` around a whole request (load, check, apply,
commit, render), so two clicks on one game never interleave, in this process or
in another one on the same database; the version check in storage also refuses
a write based on an old state (the writer is told its board is stale).
"""

import time
import weakref
from collections.abc import Callable
from typing import Any

from bot import replays, turn_clock
from bot.errors import StaleBoard, UserError
from bot.search_pool import SearchPool
from bot.sessions.bookkeeping import Pending
from bot.sessions.change import Change
from bot.sessions.clock import ClockService
from bot.sessions.commit import FORFEIT
from bot.sessions.computers import ComputerTurn, Search, Searcher, think
from bot.sessions.lobby import LobbyService
from bot.sessions.lock import SessionLock
from bot.sessions.table import Table
from bot.storage import SessionRecord, Storage
from games.core import IllegalAction, Outcome


def left_to_computers(record: SessionRecord) -> Outcome:
    """The end of a game its last person left while computers played on: they win by forfeit,
    and everyone who left shares the last place (as quitting the last rival does)."""
    staying = [i for i, seat in enumerate(record.seats) if not seat.left]
    gone = [i for i, seat in enumerate(record.seats) if seat.left]
    return Outcome(reason=FORFEIT, winners=staying, ranking=[staying, gone])


class SessionService(LobbyService, ClockService):
    def __init__(
        self,
        storage: Storage,
        clock: Callable[[], float] = time.time,
        search_seconds: float = 0.25,
        search_iterations: int = 2000,
        search: Searcher | None = None,
        on_computers: Callable[[int], None] = lambda session_id: None,
        on_wake: Callable[[float], None] = lambda when: None,
    ) -> None:
        """``on_computers`` is told each session whose committed change leaves a computer seat to act
        (the tables play it: ``ComputerTurns``), ``on_wake`` each wake-up time saved (the clock:
        ``Timekeeper``)."""
        self.storage = storage
        self.clock = clock
        self.search: Searcher = search or SearchPool()  # where strong computer players think
        self.on_computers = on_computers
        self.on_wake = on_wake
        self.search_seconds = search_seconds  # a strong computer player's time to think, at most
        self.search_iterations = search_iterations  # and its search's iterations, at most
        self.bookkeeping = Pending()  # what showing the tables left, written with their next save
        self._locks: weakref.WeakValueDictionary[int, SessionLock] = weakref.WeakValueDictionary()

    def lock(self, session_id: int) -> SessionLock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = SessionLock(self.storage, session_id)
            self._locks[session_id] = lock
        return lock

    # -- reading a table (its state parsed once: ``Table``) --------------------------
    def state(self, record: SessionRecord) -> Any:
        return Table.of(record).state

    def shown_version(self, record: SessionRecord) -> int:
        """The version the table's controls carry (``shown_version``)."""
        return Table.of(record).shown_version()

    def is_current(self, record: SessionRecord, version: int) -> bool:
        """A control carrying ``version`` was shown with the table as it stands (``Table.is_current``)."""
        return Table.of(record).is_current(version)

    def next_computer(self, record: SessionRecord) -> int | None:
        """The first seat to act that the computer plays, None while only people may act."""
        return Table.of(record).next_computer()

    # -- play -----------------------------------------------------------------
    def check_playing(self, record: SessionRecord, user_id: int) -> int:
        if record.status == "lobby":
            raise UserError("error.not_started")
        if record.status != "active":
            raise UserError("error.game_over")
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError("error.not_in_game")
        if record.seats[seat].left:
            raise UserError("error.left_game")
        return seat

    async def act(
        self, session_id: int, user_id: int, version: int, token: str, record: SessionRecord | None = None
    ) -> SessionRecord:
        """Apply one click (the engine refuses it out of turn); computer players then play.
        ``record``: the session as the request already read it, under its lock."""
        record = record or await self.get(session_id)
        seat = self.check_playing(record, user_id)
        if record.seats[seat].auto:
            raise UserError("error.on_autopilot")
        table = Table.of(record)
        engine, before = table.engine, table.state
        if seat not in engine.to_act(before) and turn_clock.computers_playing(record, engine, before):
            # refused as out of turn whatever board it comes from, as any click while computers
            # play: a board left behind by a turn held back (``turn_clock.held_back``) looks no different
            engine.apply(before, seat, engine.parse_action(token))
        if not table.is_current(version):
            raise StaleBoard()
        action = engine.parse_action(token)
        if not engine.human_may_play(action):
            raise IllegalAction()
        closes = record.seats[seat].window
        if closes is not None and closes <= self.clock():
            raise UserError("error.too_late")  # the clock has run out; the timekeeper settles it
        change = Change.on(table, self.clock)
        change.play(seat, action, user_id, token)
        record.seats[seat].missed = 0
        record.last_human_at = self.clock()
        return await self._play_on(change)

    async def resign(self, session_id: int, user_id: int) -> SessionRecord:
        record = await self.get(session_id)
        seat = self.check_playing(record, user_id)
        change = Change.on(Table.of(record), self.clock)
        change.resign(seat, user_id)
        record.seats[seat].left = True
        record.last_human_at = self.clock()
        if all(s.computer or s.left for s in record.seats):
            record.status = "cancelled"  # nobody left to play for: a loss for those who left
            change.ended = change.table.engine.outcome(change.state) or left_to_computers(record)
        return await self._play_on(change)

    async def resume(self, session_id: int, user_id: int) -> SessionRecord:
        """A player takes back the seat the computer was playing for them."""
        record = await self.get(session_id)
        seat = self.check_playing(record, user_id)
        entry = record.seats[seat]
        if not entry.auto:
            raise UserError("error.not_on_autopilot")
        entry.auto, entry.missed = False, 0
        record.last_human_at = self.clock()
        return await self._play_on(Change.on(Table.of(record), self.clock))

    # -- computer players ----------------------------------------------------------
    async def think(self, record: SessionRecord, due: float = 0.0) -> ComputerTurn | None:
        """The next computer turn (``computers.think``), decided without holding the table."""
        search = Search(self.search, self.search_iterations, self.search_seconds)
        return await think(Table.of(record), search, due)

    async def play_turn(self, session_id: int, turn: ComputerTurn) -> SessionRecord:
        """Commit a computer turn decided by ``think``; ``StaleBoard`` if the table changed since."""
        record = await self.get(session_id)
        if record.version != turn.version:
            raise StaleBoard()
        change = Change.on(Table.of(record), self.clock)
        for token in turn.tokens:
            seat = change.table.computer_seat(change.state)
            assert seat is not None  # the same state as when it was decided
            change.play(seat, change.table.engine.parse_action(token), None, token)
        return await self._play_on(change)

    # -- replays --------------------------------------------------------------
    async def replay(self, record: SessionRecord) -> Any:
        """The state rebuilt from the seed and the action log, as a replay file does it."""
        return replays.replay(replays.export(record, await self.storage.actions(record.id)))
