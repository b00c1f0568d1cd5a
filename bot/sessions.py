"""The session service: the one path from a click to a committed rule change.

Callers hold ``lock(session_id)`` around a whole request (load, check, apply,
commit, render), so two clicks on one game never interleave; the version
check in storage also refuses a write based on an old state.
"""

import asyncio
import time
import weakref
from collections.abc import Callable
from typing import Any

from games.core import Engine, Event, Outcome, Rng, registry

from bot import replays
from bot.errors import StaleBoard, UserError
from bot.replays import RESIGN
from bot.storage import ActionRecord, GameResult, Seat, SeatResult, SessionRecord, Storage

RECENT_EVENTS = 8
FORFEIT = "forfeit"  # an outcome's reason when everyone else left


class SessionService:
    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, session_id: int) -> asyncio.Lock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[session_id] = lock
        return lock

    @staticmethod
    def engine(record: SessionRecord) -> Engine:
        return registry.get(record.game)

    async def get(self, session_id: int) -> SessionRecord:
        record = await self.storage.get_session(session_id)
        if record is None:
            raise UserError("error.unknown_game")
        return record

    def state(self, record: SessionRecord) -> Any:
        return self.engine(record).load(record.state or "")

    async def _save(
        self, record: SessionRecord, old_version: int, actions: list[ActionRecord] = (),
        result: GameResult | None = None,
    ) -> None:  # fmt: skip
        record.updated_at = self.clock()
        await self.storage.save(record, old_version, list(actions), result)

    # -- the lobby ------------------------------------------------------------
    async def open_lobby(
        self, game: str, guild_id: int | None, channel_id: int, host_id: int, host_name: str,
        options: dict[str, Any], seed: int,
    ) -> SessionRecord:  # fmt: skip
        engine = registry.get(game)
        engine.make_options(options)  # refuse bad options now, not at start
        now = self.clock()
        record = SessionRecord(
            game=game, guild_id=guild_id, lobby_channel_id=channel_id, channel_id=channel_id,
            host_id=host_id, seats=[Seat(user_id=host_id, name=host_name)], options=options,
            seed=seed, created_at=now, updated_at=now,
        )  # fmt: skip
        return await self.storage.create_session(record)

    async def update(self, record: SessionRecord, **changes: Any) -> SessionRecord:
        """Save bookkeeping (message ids, channel) without a new game version."""
        for name, value in changes.items():
            setattr(record, name, value)
        await self._save(record, record.version)
        return record

    async def lobby(
        self, session_id: int, user_id: int, user_name: str, op: str,
        version: int | None = None, is_admin: bool = False,
    ) -> SessionRecord:  # fmt: skip
        """join, leave, add_bot, remove_bot, start or cancel, on a table still in its lobby.

        With ``version`` (a lobby button's), a click on an older lobby is refused.
        """
        record = await self.get(session_id)
        if record.status != "lobby":
            raise UserError("error.lobby_closed")
        if version is not None and version != record.version:
            raise StaleBoard("error.lobby_changed")
        engine = self.engine(record)
        old = record.version
        seated = record.seat_of(user_id) is not None
        if op in ("add_bot", "remove_bot", "start") and user_id != record.host_id:
            raise UserError("error.host_only")
        if op == "join":
            if seated:
                raise UserError("error.already_joined")
            if len(record.seats) >= engine.max_players:
                raise UserError("error.table_full", count=engine.max_players)
            record.seats.append(Seat(user_id=user_id, name=user_name))
        elif op == "leave":
            if not seated:
                raise UserError("error.not_in_game")
            record.seats = [s for s in record.seats if s.user_id != user_id]
            humans = [s for s in record.seats if not s.computer]
            if not humans:
                record.status = "cancelled"
            elif user_id == record.host_id:
                record.host_id = humans[0].user_id or 0
        elif op == "add_bot":
            if len(record.seats) >= engine.max_players:
                raise UserError("error.table_full", count=engine.max_players)
            record.seats.append(Seat(user_id=None, name=""))
        elif op == "remove_bot":
            computers = [i for i, s in enumerate(record.seats) if s.computer]
            if not computers:
                raise UserError("error.no_computer")
            del record.seats[computers[-1]]
        elif op == "cancel":
            self._cancel(record, user_id, is_admin)
        elif op == "start":
            if not engine.min_players <= len(record.seats) <= engine.max_players:
                raise UserError("error.player_count", low=engine.min_players, high=engine.max_players)
            state = engine.new_game(len(record.seats), engine.make_options(record.options), record.seed)
            record.status = "active"
            record.state = engine.dump(state)
            log: list[ActionRecord] = []
            events: list[Event] = []
            state = self._computers_play(record, state, events, log)
            return await self._commit(record, old, state, events, log)
        else:
            raise UserError("error.generic")
        record.version += 1
        await self._save(record, old)
        return record

    async def cancel(self, session_id: int, user_id: int, is_admin: bool) -> SessionRecord:
        """Cancel a lobby or a running game (the lobby's own button: ``lobby(op="cancel")``)."""
        record = await self.get(session_id)
        if record.status not in ("lobby", "active"):
            raise UserError("error.game_over")
        old = record.version
        self._cancel(record, user_id, is_admin)
        record.version += 1
        await self._save(record, old)
        return record

    @staticmethod
    def _cancel(record: SessionRecord, user_id: int, is_admin: bool) -> None:
        if user_id != record.host_id and not is_admin:
            raise UserError("error.host_or_admin")
        record.status = "cancelled"

    # -- play -----------------------------------------------------------------
    def _check_playing(self, record: SessionRecord, user_id: int) -> int:
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

    async def act(self, session_id: int, user_id: int, version: int, token: str) -> SessionRecord:
        """Apply one click (the engine refuses it out of turn); computer players then play."""
        record = await self.get(session_id)
        seat = self._check_playing(record, user_id)
        if version != record.version:
            raise StaleBoard()
        engine = self.engine(record)
        step = engine.apply(self.state(record), seat, engine.parse_action(token))
        log = [self._log(record, 1, seat, user_id, token)]
        return await self._play_on(record, step.state, list(step.events), log)

    async def resign(self, session_id: int, user_id: int) -> SessionRecord:
        record = await self.get(session_id)
        seat = self._check_playing(record, user_id)
        engine = self.engine(record)
        step = engine.resign(self.state(record), seat)
        record.seats[seat].left = True
        log = [self._log(record, 1, seat, user_id, RESIGN)]
        if all(s.computer or s.left for s in record.seats):
            record.status = "cancelled"  # nobody left to play for
        return await self._play_on(record, step.state, list(step.events), log)

    def _log(self, record: SessionRecord, offset: int, seat: int, user_id: int | None, token: str) -> ActionRecord:
        return ActionRecord(
            session_id=record.id, seq=record.version + offset, seat=seat, user_id=user_id,
            token=token, created_at=self.clock(),
        )  # fmt: skip

    async def _play_on(
        self, record: SessionRecord, state: Any, events: list[Event], log: list[ActionRecord]
    ) -> SessionRecord:
        old = record.version
        if record.status == "active":
            state = self._computers_play(record, state, events, log)
        return await self._commit(record, old, state, events, log)

    def _computers_play(
        self, record: SessionRecord, state: Any, events: list[Event], log: list[ActionRecord]
    ) -> Any:
        """Computer seats to act play until a human must act or the game ends."""
        engine = self.engine(record)
        while True:
            seats = sorted(s for s in engine.to_act(state) if record.seats[s].computer)
            if not seats:
                return state
            seat = seats[0]
            rng = Rng.from_seed(record.seed + record.version + len(log))
            action = engine.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
            step = engine.apply(state, seat, action)
            state = step.state
            events += step.events
            log.append(self._log(record, len(log) + 1, seat, None, action.token()))

    async def _commit(
        self, record: SessionRecord, old: int, state: Any, events: list[Event], log: list[ActionRecord]
    ) -> SessionRecord:
        engine = self.engine(record)
        record.state = engine.dump(state)
        record.version = old + max(len(log), 1)
        result = None
        if record.status == "active" and engine.is_over(state):
            record.status = "finished"
            result = self._result(record, engine.outcome(state))
        public = [e.model_dump(mode="json") for e in events if e.audience is None]
        record.recent = (record.recent + public)[-RECENT_EVENTS:]
        await self._save(record, old, log, result)
        return record

    def _result(self, record: SessionRecord, outcome: Outcome) -> GameResult:
        """The stored result of a game that just ended: places, winners, scores."""
        places, place = {}, 1
        for group in outcome.ranking:
            places |= {seat: place for seat in group}
            place += len(group)
        return GameResult(
            session_id=record.id, game=record.game, guild_id=record.guild_id,
            ending="forfeited" if outcome.reason == FORFEIT else "finished", reason=outcome.reason,
            started_at=record.created_at, ended_at=self.clock(),
            seats=[
                SeatResult(
                    seat=index, user_id=seat.user_id, name=seat.name, place=places[index],
                    won=index in outcome.winners, score=(outcome.scores or {}).get(index),
                )
                for index, seat in enumerate(record.seats)
            ],
        )  # fmt: skip

    # -- replays --------------------------------------------------------------
    async def replay(self, record: SessionRecord) -> Any:
        """The state rebuilt from the seed and the action log, as a replay file does it."""
        return replays.replay(replays.export(record, await self.storage.actions(record.id)))
