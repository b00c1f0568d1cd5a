"""Turn clocks and absent players, as plain functions over a session record.

Each seat that must act has a deadline for its turn; the seat keeps it while
the turn lasts (several actions, or waiting for others' simultaneous choices)
and gets a new one when a new turn of its begins. The record's ``wake_at`` is
the next moment the bot must look at the table: a reminder, a deadline, or
the day the table counts as abandoned.
"""

from typing import Any, NamedTuple

from bot.storage.base import OPEN, SessionRecord
from games.core import Engine, ReactionWindow

DAY = 86_400
REMIND_WHEN_LEFT = 0.25  # the one reminder comes when a quarter of the turn's time is left


def someone_present(record: SessionRecord) -> bool:
    """A human still plays in person (not left, not handed to the computer)."""
    return any(not s.computer and not s.auto and not s.left for s in record.seats)


def played_by_computer(record: SessionRecord, seat: int) -> bool:
    """Computer seats always; an absent player's seat while someone is still there
    to play against (when everybody is absent, the table waits for them)."""
    entry = record.seats[seat]
    return entry.computer or (entry.auto and not entry.left and someone_present(record))


def in_person(record: SessionRecord, seat: int) -> bool:
    entry = record.seats[seat]
    return not (entry.computer or entry.auto or entry.left)


def schedule(record: SessionRecord, engine: Engine, before: Any | None, after: Any, now: float) -> None:
    """Set the deadlines of the seats that must act in ``after``, a state following ``before``.

    A secret reaction window gives the seats it asks a short ``window`` deadline of their
    own. For the turn clock the window does not exist: the turn it pauses keeps its seat
    and its deadline, so the board shows nothing of it."""
    active = record.status == "active"
    window = engine.reaction_window(after) if active else None
    earlier = engine.reaction_window(before) if before is not None else None
    # a secret window pauses a turn that keeps its deadline; a shown clock (a trial) is part of the turn
    windows = any(w is not None and not w.shown for w in (window, earlier))
    changed = before is None or engine.turn_number(before) != engine.turn_number(after)
    turn_changed = before is None or (changed and not windows)
    waiting = (window.seen_as if window else engine.to_act(after)) if active else frozenset()
    for index, seat in enumerate(record.seats):
        if not (record.clock.turn_minutes and index in waiting and in_person(record, index)):
            seat.deadline, seat.reminded = None, False
        elif seat.deadline is None or turn_changed:
            seat.deadline, seat.reminded = now + record.clock.turn_minutes * 60, False
        _schedule_window(record, engine, index, window, changed, after, now)


def _schedule_window(
    record: SessionRecord, engine: Engine, index: int, window: ReactionWindow | None, new: bool, after: Any, now: float
) -> None:
    seat = record.seats[index]
    # a tutorial waits for its learner: no hourglass runs out while they read the guide
    if (
        window is None
        or record.tutorial is not None
        or index not in engine.to_act(after)
        or not in_person(record, index)
    ):
        seat.window = None
        return
    if seat.window is None or new:
        seat.window = now + window.seconds
    if seat.deadline is not None and seat.deadline <= seat.window:
        seat.deadline = seat.window + 1  # a turn does not time out while its window is open


def asked_in_secret(record: SessionRecord, engine: Engine, before: Any | None, after: Any) -> list[int]:
    """The seats playing in person that ``after`` newly asks to answer a reaction window."""
    window = engine.reaction_window(after)
    if record.status != "active" or window is None or window.shown:
        return []
    if before is not None and engine.turn_number(before) == engine.turn_number(after):
        return []
    return [s for s in sorted(engine.to_act(after)) if in_person(record, s)]


def seen_acting(engine: Engine, state: Any) -> frozenset[int]:
    """The seats to act as the whole table sees them: during a secret reaction window, the seat
    whose turn it pauses (``seen_as``); else ``to_act``."""
    window = engine.reaction_window(state)
    return window.seen_as if window is not None and not window.shown else engine.to_act(state)


def computers_playing(record: SessionRecord, engine: Engine, state: Any) -> bool:
    """A computer plays, as the whole table sees the turn."""
    return any(played_by_computer(record, seat) for seat in seen_acting(engine, state))


def held_back(record: SessionRecord, engine: Engine, before: Any | None, after: Any) -> bool:
    """A computer's move that opens a secret reaction window to ask a person: the table is shown
    that move once the window has closed (the answer that closes it, the computer's turn going on),
    as if nobody had held a card to answer with; the turn then goes on move by move."""
    window = engine.reaction_window(after)
    if record.status != "active" or window is None or window.shown:
        return False
    return computers_playing(record, engine, after)


def reminder_at(record: SessionRecord, deadline: float) -> float:
    return deadline - record.clock.turn_minutes * 60 * REMIND_WHEN_LEFT


def abandoned_at(record: SessionRecord) -> float:
    return (record.last_human_at or record.created_at) + record.clock.abandon_days * DAY


def paused_until(record: SessionRecord) -> float:
    """When the last open window closes (0: none is open). No turn times out before: a secret
    window pauses the turn it interrupts, whose deadline the table still sees unchanged."""
    return max((seat.window for seat in record.seats if seat.window is not None), default=0.0)


def next_wake(record: SessionRecord) -> float | None:
    if record.status not in OPEN:
        return record.archive_at  # a closed table's thread still to archive
    times = [abandoned_at(record)] + [seat.window for seat in record.seats if seat.window is not None]
    for seat in record.seats:
        if seat.deadline is not None:
            times.append(
                max(seat.deadline, paused_until(record)) if seat.reminded else reminder_at(record, seat.deadline)
            )
    return min(times)


class Due(NamedTuple):
    """What the clock asks of a table now."""

    abandon: bool
    late: list[int]  # seats whose deadline has passed
    remind: list[int]  # seats to remind
    unanswered: list[int] = []  # seats whose reaction window has closed (never changed in place)
    archive: bool = False  # a closed table's thread is to be archived now


def due(record: SessionRecord, now: float) -> Due:
    if record.status not in OPEN:
        return Due(False, [], [], archive=record.archive_at is not None and record.archive_at <= now)
    deadlines = [(i, s.deadline, s.reminded) for i, s in enumerate(record.seats) if s.deadline is not None]
    return Due(
        abandon=now >= abandoned_at(record),
        late=[i for i, deadline, _ in deadlines if deadline <= now and paused_until(record) <= now],
        remind=[i for i, deadline, sent in deadlines if not sent and reminder_at(record, deadline) <= now < deadline],
        unanswered=[i for i, seat in enumerate(record.seats) if seat.window is not None and seat.window <= now],
    )
