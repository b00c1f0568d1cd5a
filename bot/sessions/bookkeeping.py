"""What showing a table on Discord leaves on its record (the board's message ids and the
version it shows, turn pings, missed-turn notices, the thread): kept in memory and written with
the table's next commit, which saves the whole record anyway, instead of a write of its own
after each change.

A clean stop writes what is still pending (``Pending.flush``). A crash loses it: the stored board
version is then behind, and start-up posts that board again (``Publishing.catch_up``); a lost
turn ping's id leaves that one notification in the thread.
"""

import copy
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.errors import Refusal
from bot.storage import DatabaseUnreachable, SessionRecord

log = logging.getLogger(__name__)
BOOKKEEPING = ("board_message_ids", "board_posted_at", "board_version", "pings", "seats", "channel_id")


class Pending:
    """Each table's bookkeeping not yet written, with the version it was noted on: it applies to
    that version only (a table another process changed since has its own)."""

    def __init__(self) -> None:
        self._noted: dict[int, tuple[int, dict[str, Any]]] = {}

    def note(self, record: SessionRecord) -> None:
        self._noted[record.id] = (record.version, {name: copy.deepcopy(getattr(record, name)) for name in BOOKKEEPING})

    def apply(self, record: SessionRecord) -> SessionRecord:
        """``record`` as read from storage, with this process's bookkeeping of its version."""
        noted = self._noted.get(record.id)
        if noted is None:
            return record
        version, fields = noted
        if version != record.version:
            del self._noted[record.id]
            return record
        for name, value in fields.items():
            setattr(record, name, copy.deepcopy(value))
        return record

    def written(self, session_id: int) -> None:
        self._noted.pop(session_id, None)

    async def flush(
        self, read: Callable[[int], Awaitable[SessionRecord]], write: Callable[[SessionRecord], Awaitable[Any]]
    ) -> None:
        """Write every table's pending bookkeeping (a clean stop); a table changed meanwhile, or a
        database that does not answer or is already closed, keeps what it has (as after a crash)."""
        for session_id in list(self._noted):
            try:
                await write(await read(session_id))
            except (Refusal, DatabaseUnreachable, RuntimeError) as error:  # changed since, gone, or closed
                log.warning("could not write session %s's bookkeeping (%s)", session_id, type(error).__name__)
        self._noted.clear()
