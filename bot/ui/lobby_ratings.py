"""The ratings a waiting lobby shows beside its people's names (``lobby_message``): read once for each
person who sits down, when the lobby is drawn after they joined, and kept while the table waits, so
the lobby's other clicks (options, computers, leaving) read nothing more."""

from typing import Any

from bot.sessions import SessionService
from bot.storage import PlayerRating, SessionRecord
from games.core import registry

LOBBIES_KEPT = 256  # waiting lobbies whose people's ratings are kept, the latest ones

Seated = dict[int, PlayerRating | None]  # by user id; None: no rated game yet


def rated(record: SessionRecord) -> bool:
    """A table whose game rates its people: of two seats or more, on a server, not a tutorial."""
    return record.guild_id is not None and record.tutorial is None and registry.get(record.game).max_players > 1


class LobbyRatings:
    service: SessionService

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._seated: dict[int, Seated] = {}  # session id -> its people's ratings, as read

    async def seated_ratings(self, record: SessionRecord) -> Seated | None:
        """The ratings of the people waiting at ``record`` (None: a table that shows none, or one
        that no longer waits). Only people not seen at this table yet are read, in one query."""
        if record.status != "lobby" or not rated(record):
            self._seated.pop(record.id, None)
            return None
        assert record.guild_id is not None  # a rated table's
        known = self._seated.pop(record.id, {})
        self._seated[record.id] = known  # the latest drawn, last
        people = [seat.user_id for seat in record.seats if seat.user_id is not None]
        if missing := [user for user in people if user not in known]:
            storage = self.service.storage
            found = await storage.ratings(record.guild_id, game=record.game, users=missing, limit=len(missing))
            known |= dict.fromkeys(missing) | {entry.user_id: entry for entry in found}
        while len(self._seated) > LOBBIES_KEPT:
            del self._seated[next(iter(self._seated))]
        return {user: known[user] for user in people}
