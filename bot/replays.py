"""Replays: a finished game as text, every action in order, from the seed and the log.

The text is enough to rebuild the game: ``replay(export(...))`` gives the
final state again, move for move, through the engine; ``walk`` gives every
state on the way (the replay page shows them).
"""

import json
from collections.abc import Iterator
from typing import Any, NamedTuple

from bot.storage import ActionRecord, SessionRecord
from games.core import Event, registry

HEADER = "# fortbot replay 1"
RESIGN = "!resign"


class Move(NamedTuple):
    """One action of a replay and where it led: ``seat`` None for the state before the first."""

    seat: int | None
    state: Any
    events: list[Event]


def export(record: SessionRecord, actions: list[ActionRecord]) -> str:
    lines = [
        HEADER,
        f"game: {record.game}",
        f"session: {record.id}",
        f"seed: {record.seed}",
        f"seats: {len(record.seats)}",
        f"options: {json.dumps(record.options, sort_keys=True)}",
        "# seq seat action",
    ]
    lines += [f"{a.seq} {a.seat} {a.token}" for a in actions if a.seat is not None]
    return "\n".join(lines) + "\n"


def walk(text: str) -> Iterator[Move]:
    """The game a replay text describes, through the engine: its first state, then each action's."""
    head: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if ": " in line:
            key, _, value = line.partition(": ")
            head[key] = value
        else:
            _, seat_text, token = line.split(" ", 2)
            moves.append((int(seat_text), token))
    engine = registry.get(head["game"])
    options = engine.make_options(json.loads(head["options"]))
    state = engine.new_game(int(head["seats"]), options, int(head["seed"]))
    yield Move(None, state, [])
    for seat, token in moves:
        step = engine.resign(state, seat) if token == RESIGN else engine.apply(state, seat, engine.parse_action(token))
        state = step.state
        yield Move(seat, state, step.events)


def replay(text: str) -> Any:
    """The final state of the game a replay text describes."""
    state = None
    for move in walk(text):
        state = move.state
    return state
