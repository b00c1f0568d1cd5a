"""A table as one request sees it: its record, its game's engine and its state, parsed once."""

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot import turn_clock
from bot.storage import SessionRecord
from games.core import Engine, registry

PARSED_KEPT = 64  # states kept parsed, the latest ones
_PARSED: OrderedDict[tuple[str, str], Any] = OrderedDict()
# A control whose action says itself what it answers (a duel's round) carries no board
# version: another player's simultaneous choice must not make it stale.
ANY_VERSION = 0


def shown_version(engine: Engine, record: SessionRecord, state: Any) -> int:
    """The version a table's controls carry: its actions the table saw played. A secret reaction
    window's steps are not among them (``Engine.unseen_steps``), so nothing shown to those it does
    not ask (custom ids included) changes with it, nor shows afterwards that there was one."""
    return record.version - engine.unseen_steps(state)


def parsed(engine: Engine, text: str) -> Any:
    """A state parsed once for the text it comes from: the service, the clock and the UI that read
    a table in one request share it (the latest ones are kept, by game and text)."""
    key = (engine.name, text)
    state = _PARSED.get(key)
    if state is None:
        state = engine.load(text)
    remember(engine, text, state)
    return state


def remember(engine: Engine, text: str, state: Any) -> None:
    """``state`` is what ``text`` holds (a state just dumped: no need to parse it again)."""
    key = (engine.name, text)
    _PARSED[key] = state
    _PARSED.move_to_end(key)
    while len(_PARSED) > PARSED_KEPT:
        _PARSED.popitem(last=False)


@dataclass(frozen=True)
class Table:
    record: SessionRecord
    engine: Engine

    @classmethod
    def of(cls, record: SessionRecord) -> "Table":
        return cls(record, registry.get(record.game))

    @property
    def state(self) -> Any:
        return parsed(self.engine, self.record.state or "")

    def shown_version(self) -> int:
        """The version the table's controls carry (``shown_version``)."""
        if self.record.state is None:
            return self.record.version
        return shown_version(self.engine, self.record, self.state)

    def is_current(self, version: int) -> bool:
        """A control carrying ``version`` was shown with the table as it stands (``ANY_VERSION``:
        whatever the version)."""
        if version == ANY_VERSION or self.record.state is None:
            return version in (ANY_VERSION, self.record.version)
        return version == self.shown_version()

    def computer_seat(self, state: Any) -> int | None:
        """The first seat to act in ``state`` that the computer plays."""
        seats = sorted(s for s in self.engine.to_act(state) if turn_clock.played_by_computer(self.record, s))
        return seats[0] if seats else None

    def next_computer(self) -> int | None:
        """The first seat to act that the computer plays, None while only people may act."""
        if self.record.status != "active" or self.record.state is None:
            return None
        return self.computer_seat(self.state)
