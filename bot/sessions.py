"""The session service: the one path from a click to a committed rule change.

Callers hold ``lock(session_id)`` around a whole request (load, check, apply,
commit, render), so two clicks on one game never interleave, in this process or
in another one on the same database; the version check in storage also refuses
a write based on an old state (the writer is told its board is stale).
"""

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, NamedTuple, Protocol

from pydantic import BaseModel, ValidationError

from bot import replays, turn_clock
from bot.errors import StaleBoard, UserError
from bot.replays import RESIGN
from bot.search_pool import SearchFailed, SearchPool
from bot.storage import ActionRecord, GameResult, Seat, SeatResult, SessionRecord, Storage, TableClock, VersionConflict
from games.core import Action, Engine, Event, IllegalAction, Level, Outcome, Rng, registry

RECENT_EVENTS = 12  # the public events the board narrates: one click may bring several
# A control whose action says itself what it answers (a duel's round) carries no board
# version: another player's simultaneous choice must not make it stale.
ANY_VERSION = 0
FORFEIT = "forfeit"  # an outcome's reason when everyone else left
ABANDONED = "abandoned"  # the result's ending and reason of a game nobody came back to
MAX_TURN_ACTIONS = 100  # a timed-out turn played by the computer stops here in any case


def shown_version(engine: Engine, record: SessionRecord, state: Any) -> int:
    """The version a table's controls carry: its actions the table saw played. A secret reaction
    window's steps are not among them (``Engine.unseen_steps``), so nothing shown to those it does
    not ask (custom ids included) changes with it, nor shows afterwards that there was one."""
    return record.version - engine.unseen_steps(state)


class SessionLock(asyncio.Lock):
    """A session's lock: ``async with`` holds it in this process (the ``asyncio.Lock``), then
    in the database, which other processes on the same database hold it through too."""

    def __init__(self, storage: Storage, session_id: int) -> None:
        super().__init__()
        self._storage = storage
        self._session_id = session_id
        self._held: AbstractAsyncContextManager[None] | None = None  # the holder's, while held

    def holding(self, on_wait: Callable[[], Awaitable[None]]) -> AbstractAsyncContextManager[None]:
        """``async with`` the lock, awaiting ``on_wait`` once first if another request holds the
        session, in this process or another (the place to acknowledge an interaction)."""
        return _Holding(self, on_wait)

    async def _enter(self, on_wait: Callable[[], Awaitable[None]] | None) -> None:
        if on_wait is not None and self.locked():
            await on_wait()
            on_wait = None
        await self.acquire()
        try:
            held = self._storage.lock(self._session_id, on_wait)
            await held.__aenter__()
        except BaseException:
            self.release()
            raise
        self._held = held

    async def __aenter__(self) -> None:
        await self._enter(None)

    async def __aexit__(self, *error: object) -> None:
        held, self._held = self._held, None
        try:
            if held is not None:
                await held.__aexit__(None, None, None)
        finally:
            self.release()


class _Holding:
    def __init__(self, lock: SessionLock, on_wait: Callable[[], Awaitable[None]]) -> None:
        self._lock, self._on_wait = lock, on_wait

    async def __aenter__(self) -> None:
        await self._lock._enter(self._on_wait)

    async def __aexit__(self, *error: object) -> None:
        await self._lock.__aexit__(*error)


class ComputerTurn(NamedTuple):
    """A computer turn as ``think`` decided it, for the state it was decided on."""

    version: int
    tokens: list[str]


class Searcher(Protocol):
    async def think(
        self, game: str, view: BaseModel, legal: list[Any], rng: Rng, level: Level, iterations: int, seconds: float,
        *, table: int | None = None, wait: float = 0.0,
    ) -> Any: ...  # fmt: skip


class SessionService:
    def __init__(
        self, storage: Storage, clock: Callable[[], float] = time.time, search_seconds: float = 0.25,
        search_iterations: int = 2000, search: Searcher | None = None,
        on_computers: Callable[[int], None] = lambda session_id: None,
        on_wake: Callable[[float], None] = lambda when: None,
    ) -> None:  # fmt: skip
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
        self._locks: weakref.WeakValueDictionary[int, SessionLock] = weakref.WeakValueDictionary()

    def lock(self, session_id: int) -> SessionLock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = SessionLock(self.storage, session_id)
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

    def shown_version(self, record: SessionRecord) -> int:
        """The version the table's controls carry (``shown_version``)."""
        if record.state is None:
            return record.version
        return shown_version(self.engine(record), record, self.state(record))

    def is_current(self, record: SessionRecord, version: int, state: Any = None) -> bool:
        """A control carrying ``version`` was shown with the table as it stands (``ANY_VERSION``:
        whatever the version); ``state``: the record's, when already loaded."""
        if version == ANY_VERSION or record.state is None:
            return version in (ANY_VERSION, record.version)
        state = self.state(record) if state is None else state
        return version == shown_version(self.engine(record), record, state)

    async def _save(
        self, record: SessionRecord, old_version: int, actions: Sequence[ActionRecord] = (),
        result: GameResult | None = None,
    ) -> None:  # fmt: skip
        record.updated_at = self.clock()
        record.wake_at = turn_clock.next_wake(record)
        try:
            await self.storage.save(record, old_version, list(actions), result)
        except VersionConflict:  # another process saved first: this change is refused whole
            raise StaleBoard("error.lobby_changed" if record.status == "lobby" else StaleBoard.key) from None
        if record.wake_at is not None:
            self.on_wake(record.wake_at)

    # -- the lobby ------------------------------------------------------------
    async def open_lobby(
        self, game: str, guild_id: int | None, channel_id: int, host_id: int, host_name: str,
        options: dict[str, Any], seed: int, clock: TableClock = TableClock(),
    ) -> SessionRecord:  # fmt: skip
        engine = registry.get(game)
        engine.make_options(options)  # refuse bad options now, not at start
        now = self.clock()
        record = SessionRecord(
            game=game, guild_id=guild_id, lobby_channel_id=channel_id, channel_id=channel_id,
            host_id=host_id, seats=[Seat(user_id=host_id, name=host_name)], options=options,
            seed=seed, clock=clock, created_at=now, updated_at=now, last_human_at=now,
        )  # fmt: skip
        record.wake_at = turn_clock.next_wake(record)
        created = await self.storage.create_session(record)
        if record.wake_at is not None:
            self.on_wake(record.wake_at)
        return created

    async def update(self, record: SessionRecord, **changes: Any) -> SessionRecord:
        """Save bookkeeping (message ids, channel) without a new game version."""
        for name, value in changes.items():
            setattr(record, name, value)
        await self._save(record, record.version)
        return record

    async def lobby(
        self, session_id: int, user_id: int, user_name: str, op: str,
        version: int | None = None, is_admin: bool = False, value: str | None = None,
    ) -> SessionRecord:  # fmt: skip
        """join, leave, add_bot (``value``: its level), remove_bot, kick (``value``: a user id),
        start or cancel, on a table still in its lobby.

        With ``version`` (a lobby button's), a click on an older lobby is refused.
        """
        record = await self.get(session_id)
        if record.status != "lobby":
            raise UserError("error.lobby_closed")
        if version is not None and version != record.version:
            raise StaleBoard("error.lobby_changed")
        engine = self.engine(record)
        old = record.version
        record.last_human_at = self.clock()
        seated = record.seat_of(user_id) is not None
        if op in ("add_bot", "remove_bot", "kick", "start") and user_id != record.host_id:
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
            record.seats.append(Seat(user_id=None, name="", level=value if value in engine.levels else "normal"))
        elif op == "remove_bot":
            computers = [i for i, s in enumerate(record.seats) if s.computer]
            if not computers:
                raise UserError("error.no_computer")
            del record.seats[computers[-1]]
        elif op == "kick":
            target = int(value) if value and value.isdigit() else None
            if target is None or target == record.host_id or record.seat_of(target) is None:
                raise UserError("error.not_at_table")
            record.seats = [s for s in record.seats if s.user_id != target]
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
            return await self._play_on(record, None, state, events, log)
        else:
            raise UserError("error.generic")
        record.version += 1
        await self._save(record, old)
        return record

    async def hosted_lobby(self, session_id: int, user_id: int, version: int | None = None) -> SessionRecord:
        """The table, refused unless it is still in its lobby, ``user_id`` hosts it, and (given
        ``version``) nothing changed there since."""
        record = await self.get(session_id)
        if record.status != "lobby":
            raise UserError("error.lobby_closed")
        if user_id != record.host_id:
            raise UserError("error.host_only")
        if version is not None and version != record.version:
            raise StaleBoard("error.lobby_changed")
        return record

    async def lobby_options(
        self, session_id: int, user_id: int, version: int | None = None, options: dict[str, Any] | None = None,
        turn_minutes: int | None = None,
    ) -> SessionRecord:  # fmt: skip
        """The host changes some of the game's ``options`` (checked by the game's options model) or
        the turn clock, before the start; a refused value changes nothing."""
        record = await self.hosted_lobby(session_id, user_id, version)
        old = record.version
        if options:
            merged = {**record.options, **options}
            try:
                checked = self.engine(record).make_options(merged)
            except ValidationError:
                raise UserError("error.bad_option") from None
            record.options = merged | {name: getattr(checked, name) for name in options}
        if turn_minutes is not None:
            try:
                record.clock = TableClock.model_validate(record.clock.model_dump() | {"turn_minutes": turn_minutes})
            except ValidationError:
                raise UserError("error.bad_option") from None
        record.last_human_at = self.clock()
        record.version += 1
        await self._save(record, old)
        return record

    async def rematch(self, session_id: int, user_id: int, user_name: str, seed: int) -> SessionRecord:
        """A new lobby for a finished game, opened by one of its players: the same game, options,
        clock and computer players, in the same channel; the clicker hosts it."""
        old = await self.get(session_id)
        if old.status != "finished":
            raise UserError("error.no_rematch")
        if old.seat_of(user_id) is None:
            raise UserError("error.not_in_game")
        record = await self.open_lobby(
            old.game, old.guild_id, old.lobby_channel_id, user_id, user_name, old.options, seed, old.clock
        )
        computers = [Seat(user_id=None, name="", level=seat.level) for seat in old.seats if seat.computer]
        return await self.update(record, seats=record.seats + computers)

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

    async def act(self, session_id: int, user_id: int, version: int, token: str) -> SessionRecord:
        """Apply one click (the engine refuses it out of turn); computer players then play."""
        record = await self.get(session_id)
        seat = self.check_playing(record, user_id)
        if record.seats[seat].auto:
            raise UserError("error.on_autopilot")
        before = self.state(record)
        engine = self.engine(record)
        if seat not in engine.to_act(before) and turn_clock.computers_playing(record, engine, before):
            # refused as out of turn whatever board it comes from, as any click while computers
            # play: a board left behind by a turn held back (``turn_clock.held_back``) looks no different
            engine.apply(before, seat, engine.parse_action(token))
        if not self.is_current(record, version, before):
            raise StaleBoard()
        action = engine.parse_action(token)
        if not engine.human_may_play(action):
            raise IllegalAction()
        closes = record.seats[seat].window
        if closes is not None and closes <= self.clock():
            raise UserError("error.too_late")  # the clock has run out; the timekeeper settles it
        step = engine.apply(before, seat, action)
        record.seats[seat].missed = 0
        record.last_human_at = self.clock()
        log = [self._log(record, 1, seat, user_id, token)]
        return await self._play_on(record, before, step.state, list(step.events), log)

    async def resign(self, session_id: int, user_id: int) -> SessionRecord:
        record = await self.get(session_id)
        seat = self.check_playing(record, user_id)
        engine = self.engine(record)
        before = self.state(record)
        step = engine.resign(before, seat)
        record.seats[seat].left = True
        record.last_human_at = self.clock()
        log = [self._log(record, 1, seat, user_id, RESIGN)]
        if all(s.computer or s.left for s in record.seats):
            record.status = "cancelled"  # nobody left to play for
        return await self._play_on(record, before, step.state, list(step.events), log)

    # -- the turn clock ---------------------------------------------------------
    async def time_out(self, session_id: int) -> tuple[SessionRecord, list[int], list[int]] | None:
        """The computer plays the turns whose deadline has passed.

        Returns the record, the seats that timed out and the seats now handed to
        the computer; None when no deadline has passed (a deadline fires once:
        playing the turn replaces it).
        """
        record = await self.get(session_id)
        late = turn_clock.due(record, self.clock()).late
        if record.status != "active" or not late:
            return None
        engine = self.engine(record)
        before = state = self.state(record)
        events: list[Event] = []
        log: list[ActionRecord] = []
        taken = []
        for seat in late:
            if seat not in engine.to_act(state):
                continue  # another late seat's play ended this one's turn too
            turn = engine.turn_number(state)
            for _ in range(MAX_TURN_ACTIONS):
                if seat not in engine.to_act(state) or engine.turn_number(state) != turn:
                    break
                state = self._computer_move(record, state, seat, events, log)
            entry = record.seats[seat]
            entry.missed += 1
            if entry.missed >= record.clock.missed_turns:
                entry.auto = True
                taken.append(seat)
        return await self._play_on(record, before, state, events, log), late, taken

    async def close_windows(self, session_id: int) -> SessionRecord | None:
        """Seats whose reaction window has closed let it pass (``legal_actions[0]``): no
        missed turn, and nothing said. None when no window has closed."""
        record = await self.get(session_id)
        unanswered = turn_clock.due(record, self.clock()).unanswered
        if record.status != "active" or not unanswered:
            return None
        engine = self.engine(record)
        before = state = self.state(record)
        log: list[ActionRecord] = []
        events: list[Event] = []
        for seat in unanswered:
            if engine.reaction_window(state) is not None and seat in engine.to_act(state):
                action = engine.legal_actions(state, seat)[0]
                step = engine.apply(state, seat, action)
                state, events = step.state, events + step.events
                log.append(self._log(record, len(log) + 1, seat, record.seats[seat].user_id, action.token()))
        return await self._play_on(record, before, state, events, log)

    async def remind(self, session_id: int) -> tuple[SessionRecord, list[int]]:
        """The seats to remind now, marked as reminded before anyone is told:
        a crash may lose a reminder, but never sends one twice."""
        record = await self.get(session_id)
        seats = turn_clock.due(record, self.clock()).remind
        for seat in seats:
            record.seats[seat].reminded = True
        if seats:
            await self._save(record, record.version)
        return record, seats

    async def abandon(self, session_id: int) -> SessionRecord | None:
        """Close a table no human has touched for its ``abandon_days``; None if one has."""
        record = await self.get(session_id)
        if not turn_clock.due(record, self.clock()).abandon:
            return None
        old = record.version
        result = None
        if record.status == "active":
            record.status = "abandoned"
            everyone = list(range(len(record.seats)))
            result = self._result(record, Outcome(reason=ABANDONED, winners=[], ranking=[everyone]))
        else:
            record.status = "cancelled"  # a lobby nobody started
        record.version += 1
        await self._save(record, old, result=result)
        return record

    async def resume(self, session_id: int, user_id: int) -> SessionRecord:
        """A player takes back the seat the computer was playing for them."""
        record = await self.get(session_id)
        seat = self.check_playing(record, user_id)
        entry = record.seats[seat]
        if not entry.auto:
            raise UserError("error.not_on_autopilot")
        entry.auto, entry.missed = False, 0
        record.last_human_at = self.clock()
        state = self.state(record)
        return await self._play_on(record, state, state, [], [])

    def _log(self, record: SessionRecord, offset: int, seat: int, user_id: int | None, token: str) -> ActionRecord:
        return ActionRecord(
            session_id=record.id, seq=record.version + offset, seat=seat, user_id=user_id,
            token=token, created_at=self.clock(),
        )  # fmt: skip

    async def _play_on(
        self, record: SessionRecord, before: Any | None, state: Any, events: list[Event], log: list[ActionRecord]
    ) -> SessionRecord:
        """Commit a change; computer seats to act then play on their own (``on_computers``),
        but for a secret reaction window, which they answer within this change."""
        state = self._answer_in_secret(record, state, events, log)
        record = await self._commit(record, record.version, before, state, events, log)
        if self.next_computer(record) is not None:
            self.on_computers(record.id)
        return record

    # -- computer players ----------------------------------------------------------
    def next_computer(self, record: SessionRecord) -> int | None:
        """The first seat to act that the computer plays, None while only people may act."""
        if record.status != "active" or record.state is None:
            return None
        state = self.state(record)
        return self._computer_seat(record, state)

    def _computer_seat(self, record: SessionRecord, state: Any) -> int | None:
        seats = sorted(s for s in self.engine(record).to_act(state) if turn_clock.played_by_computer(record, s))
        return seats[0] if seats else None

    async def think(self, record: SessionRecord, due: float = 0.0) -> ComputerTurn | None:
        """The next computer turn, decided from each seat's own view without holding the table
        (another request may change it meanwhile: ``play_turn`` then refuses it). A turn runs
        until its number changes or only people may act: a Fireship turn whole, a reaction
        window a computer answers included. ``due``: when the turn is to be shown at the
        earliest (``time.monotonic``); its searches may wait in line until then without losing
        any of their own time (``_decide``)."""
        if (seat := self.next_computer(record)) is None:
            return None
        engine = self.engine(record)
        state = self.state(record)
        turn = engine.turn_number(state)
        tokens: list[str] = []
        while seat is not None and engine.turn_number(state) == turn and len(tokens) < MAX_TURN_ACTIONS:
            action = await self._decide(record, state, seat, len(tokens) + 1, due)
            state = engine.apply(state, seat, action).state
            tokens.append(action.token())
            seat = self._computer_seat(record, state)
            await asyncio.sleep(0)  # a long turn of quick moves lets other tables in between
        return ComputerTurn(record.version, tokens)

    async def play_turn(self, session_id: int, turn: ComputerTurn) -> SessionRecord:
        """Commit a computer turn decided by ``think``; ``StaleBoard`` if the table changed since."""
        record = await self.get(session_id)
        if record.version != turn.version:
            raise StaleBoard()
        engine = self.engine(record)
        before = state = self.state(record)
        events: list[Event] = []
        log: list[ActionRecord] = []
        for token in turn.tokens:
            seat = self._computer_seat(record, state)
            assert seat is not None  # the same state as when it was decided
            step = engine.apply(state, seat, engine.parse_action(token))
            state, events = step.state, events + step.events
            log.append(self._log(record, len(log) + 1, seat, None, token))
        return await self._play_on(record, before, state, events, log)

    def _answer_in_secret(self, record: SessionRecord, state: Any, events: list[Event], log: list[ActionRecord]) -> Any:
        """Computer seats a secret reaction window asks answer it at once, at the normal level, in
        the change that opened it: a change of their own, or a moment spent thinking, would tell
        the table that they hold a card to answer with."""
        engine = self.engine(record)
        for _ in range(MAX_TURN_ACTIONS):
            window = engine.reaction_window(state)
            seat = self._computer_seat(record, state)
            if window is None or window.shown or seat is None:
                break
            state = self._computer_move(record, state, seat, events, log)
        return state

    async def _decide(self, record: SessionRecord, state: Any, seat: int, number: int, due: float) -> Action:
        """A computer move for ``seat``: easy and normal at once, strong in the search pool (the
        normal level if no worker could search, or at once in a secret reaction window). Its
        search may wait in line until the turn is ``due``, and at least its own time (a busy pool
        then delays the move rather than play it at the normal level), without losing any of
        it."""
        engine = self.engine(record)
        entry = record.seats[seat]
        level = entry.level if entry.computer and entry.level in engine.levels else "normal"  # a taken seat: normal
        if (window := engine.reaction_window(state)) is not None and not window.shown:
            level = "normal"  # as quick as a seat with nothing to answer (``_answer_in_secret``)
        view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
        rng = Rng.from_seed(record.seed + record.version + number)
        if level == "strong":
            try:
                return await self.search.think(
                    record.game, view, legal, rng, level, self.search_iterations, self.search_seconds,
                    table=record.id, wait=max(due - time.monotonic(), self.search_seconds),
                )  # fmt: skip
            except SearchFailed:
                level = "normal"
        return engine.choose(view, legal, rng, level)

    def _computer_move(
        self, record: SessionRecord, state: Any, seat: int, events: list[Event], log: list[ActionRecord]
    ) -> Any:
        """One move of the normal level for ``seat``, at once (a timed-out turn, a secret window)."""
        engine = self.engine(record)
        rng = Rng.from_seed(record.seed + record.version + len(log) + 1)
        action = engine.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        step = engine.apply(state, seat, action)
        events += step.events
        log.append(self._log(record, len(log) + 1, seat, None, action.token()))
        return step.state

    async def _commit(
        self, record: SessionRecord, old: int, before: Any | None, state: Any, events: list[Event],
        log: list[ActionRecord],
    ) -> SessionRecord:  # fmt: skip
        engine = self.engine(record)
        record.state = engine.dump(state)
        record.version = old + max(len(log), 1)
        result = None
        if record.status == "active" and engine.is_over(state):
            record.status = "finished"
            outcome = engine.outcome(state)
            assert outcome is not None  # a game over has its outcome
            result = self._result(record, outcome)
        turn_clock.schedule(record, engine, before, state, self.clock())
        record.asked = turn_clock.asked_in_secret(record, engine, before, state)
        record.held_back = turn_clock.held_back(record, engine, before, state)
        public = [e.model_dump(mode="json") for e in events if e.audience is None]
        record.recent = (record.recent + public)[-RECENT_EVENTS:]
        record.news = public
        record.whispers = {}
        for event in events:
            for seat in sorted(event.audience or ()):
                record.whispers.setdefault(seat, []).append(event.model_dump(mode="json"))
        await self._save(record, old, log, result)
        return record

    def _result(self, record: SessionRecord, outcome: Outcome) -> GameResult:
        """The stored result of a game that just ended: places, winners, scores."""
        places: dict[int, int] = {}
        place = 1
        for group in outcome.ranking:
            places |= dict.fromkeys(group, place)
            place += len(group)
        return GameResult(
            session_id=record.id, game=record.game, guild_id=record.guild_id,
            ending={FORFEIT: "forfeited", ABANDONED: "abandoned"}.get(outcome.reason, "finished"),
            reason=outcome.reason,
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
