"""What every part of the session service shares: reading a table, and committing a change
(the version-checked save, the game's result, the turn clock's schedule, the news)."""

from collections.abc import Callable, Sequence
from typing import Any

from bot import turn_clock
from bot.errors import StaleBoard, UserError
from bot.sessions.bookkeeping import Pending
from bot.sessions.change import Change
from bot.sessions.computers import Searcher, answer_in_secret
from bot.sessions.table import Table, remember
from bot.storage import ActionRecord, GameResult, SeatResult, SessionRecord, Storage, VersionConflict
from games.core import Engine, Outcome

RECENT_EVENTS = 48  # the public events the board narrates: one click may bring several, a turn many
TURN, BY = "at_turn", "played_by"  # what each of them notes: the turn it was played in, and by which seat
FORFEIT = "forfeit"  # an outcome's reason when everyone else left
ABANDONED = "abandoned"  # the result's ending and reason of a game nobody came back to


class Committer:
    storage: Storage
    clock: Callable[[], float]
    search: Searcher
    search_seconds: float
    search_iterations: int
    on_computers: Callable[[int], None]
    on_wake: Callable[[float], None]
    bookkeeping: Pending

    @staticmethod
    def engine(record: SessionRecord) -> Engine:
        return Table.of(record).engine

    async def get(self, session_id: int) -> SessionRecord:
        record = await self.storage.get_session(session_id)
        if record is None:
            raise UserError("error.unknown_game")
        return self.bookkeeping.apply(record)

    @staticmethod
    def table(record: SessionRecord) -> Table:
        return Table.of(record)

    async def _save(
        self,
        record: SessionRecord,
        old_version: int,
        actions: Sequence[ActionRecord] = (),
        result: GameResult | None = None,
    ) -> None:
        record.updated_at = self.clock()
        record.wake_at = turn_clock.next_wake(record)
        if record.tutorial is not None:
            result = None  # a tutorial is never rated, nor counted in stats, leaderboards or history
        try:
            await self.storage.save(record, old_version, list(actions), result)
        except VersionConflict:  # another process saved first: this change is refused whole
            raise StaleBoard("error.lobby_changed" if record.status == "lobby" else StaleBoard.key) from None
        self.bookkeeping.written(record.id)
        if record.wake_at is not None:
            self.on_wake(record.wake_at)

    async def update(self, record: SessionRecord, **changes: Any) -> SessionRecord:
        """Save the record's bookkeeping (message ids, channel, the next wake-up) at once, without a
        new game version."""
        for name, value in changes.items():
            setattr(record, name, value)
        await self._save(record, record.version)
        return record

    def note(self, record: SessionRecord) -> None:
        """Bookkeeping changed on ``record``: written with the table's next save (``Pending``)."""
        self.bookkeeping.note(record)

    async def write_pending(self) -> None:
        """Write the bookkeeping still pending (a clean stop)."""
        await self.bookkeeping.flush(self.get, self.update)

    async def _play_on(self, change: Change) -> SessionRecord:
        """Commit a change; computer seats to act then play on their own (``on_computers``),
        but for a secret reaction window, which they answer within this change."""
        answer_in_secret(change)
        record = await self._commit(change)
        if Table.of(record).next_computer() is not None:
            self.on_computers(record.id)
        return record

    async def _commit(self, change: Change) -> SessionRecord:
        record, engine, before, state = change.table.record, change.table.engine, change.before, change.state
        old = record.version
        result = None
        record.state = engine.dump(state)
        remember(engine, record.state, state)
        record.version = old + max(len(change.log), 1)
        if record.status == "active" and engine.is_over(state):
            record.status = "finished"
            outcome = engine.outcome(state)
            assert outcome is not None  # a game over has its outcome
            result = self._result(record, outcome)
        elif change.ended is not None:
            result = self._result(record, change.ended)
        turn_clock.schedule(record, engine, before, state, self.clock())
        record.asked = turn_clock.asked_in_secret(record, engine, before, state)
        record.held_back = turn_clock.held_back(record, engine, before, state)
        played = {
            TURN: engine.turn_number(before) if before is not None else 0,
            BY: change.log[0].seat if change.log else None,
        }
        public = [e.model_dump(mode="json") | played for e in change.events if e.audience is None]
        record.recent = (record.recent + public)[-RECENT_EVENTS:]
        record.news = public
        record.whispers = {}
        for event in change.events:
            for seat in sorted(event.audience or ()):
                record.whispers.setdefault(seat, []).append(event.model_dump(mode="json"))
        await self._save(record, old, change.log, result)
        return record

    def _result(self, record: SessionRecord, outcome: Outcome) -> GameResult:
        """The stored result of a game that just ended: places, winners, scores."""
        places: dict[int, int] = {}
        place = 1
        for group in outcome.ranking:
            places |= dict.fromkeys(group, place)
            place += len(group)
        return GameResult(
            session_id=record.id,
            game=record.game,
            guild_id=record.guild_id,
            ending={FORFEIT: "forfeited", ABANDONED: "abandoned"}.get(outcome.reason, "finished"),
            reason=outcome.reason,
            started_at=record.created_at,
            ended_at=self.clock(),
            seats=[
                SeatResult(
                    seat=index,
                    user_id=seat.user_id,
                    name=seat.name,
                    place=places[index],
                    won=index in outcome.winners,
                    score=(outcome.scores or {}).get(index),
                )
                for index, seat in enumerate(record.seats)
            ],
        )
