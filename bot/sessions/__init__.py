"""The session service (``SessionService``): the one path from a click to a committed rule change.

Its parts: ``lock`` (a session's lock), ``table`` (a table and its state, parsed once),
``change`` (a change in the making), ``commit`` (saving one), ``lobby``, ``clock`` (what the
turn clock changes), ``computers`` (the computers' policy) and ``service`` (play, and the whole).
"""

from bot.sessions.change import Change
from bot.sessions.commit import ABANDONED, FORFEIT, RECENT_EVENTS
from bot.sessions.computers import MAX_TURN_ACTIONS, ComputerTurn, Searcher
from bot.sessions.lock import SessionLock
from bot.sessions.service import SessionService
from bot.sessions.table import ANY_VERSION, Table, shown_version

__all__ = [
    "ABANDONED", "ANY_VERSION", "FORFEIT", "MAX_TURN_ACTIONS", "RECENT_EVENTS", "Change", "ComputerTurn",
    "Searcher", "SessionLock", "SessionService", "Table", "shown_version",
]  # fmt: skip
