"""A change in the making: the table's state played forward move by move, with what it told
and the log lines it will commit (``Change.play``, as python-chess's ``Board.push``)."""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.replays import RESIGN
from bot.sessions.table import Table
from bot.storage import ActionRecord
from games.core import Action, Event, Outcome, Step


@dataclass
class Change:
    table: Table  # the table as it stood before the change
    before: Any | None  # its state then (None: a game starting)
    state: Any  # the state so far
    clock: Callable[[], float]
    events: list[Event] = field(default_factory=list)
    log: list[ActionRecord] = field(default_factory=list)
    ended: Outcome | None = None  # an end the rules do not see (everyone left the computers): its result

    @classmethod
    def on(cls, table: Table, clock: Callable[[], float]) -> "Change":
        """A change of a running table, from its state."""
        return cls(table, table.state, table.state, clock)

    def play(self, seat: int, action: Action, user_id: int | None = None, token: str | None = None) -> None:
        """``seat`` plays ``action`` (``token``: as clicked, when it came so); the engine refuses
        it out of turn."""
        self._add(self.table.engine.apply(self.state, seat, action), seat, user_id, token or action.token())

    def resign(self, seat: int, user_id: int | None) -> None:
        self._add(self.table.engine.resign(self.state, seat), seat, user_id, RESIGN)

    def _add(self, step: Step, seat: int, user_id: int | None, token: str) -> None:
        self.state = step.state
        self.events = self.events + list(step.events)
        record = self.table.record
        line = ActionRecord(
            session_id=record.id,
            seq=record.version + len(self.log) + 1,
            seat=seat,
            user_id=user_id,
            token=token,
            created_at=self.clock(),
        )
        self.log.append(line)
