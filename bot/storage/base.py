"""What the session service needs from a database.

SQLite (one process) and PostgreSQL (one or several processes serving one bot)
implement the same ``Storage`` protocol; the version check in ``save`` keeps
writers honest, and ``lock`` keeps a request whole across processes.
"""

from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from bot.ratings import Skill
from games.core import Level

Status = Literal["lobby", "active", "finished", "cancelled", "abandoned"]
OPEN: tuple[Status, ...] = ("lobby", "active")  # a table still waiting for someone


class Seat(BaseModel):
    """A player at the table: a Discord user, or a computer player (user_id None)."""

    user_id: int | None
    name: str
    left: bool = False  # quit the game; the seat stays for the record
    deadline: float | None = None  # when this seat's turn times out
    reminded: bool = False  # the one reminder of this deadline was sent
    window: float | None = None  # when this seat's reaction window (secret) or trial clock (shown) closes
    missed: int = 0  # turns timed out in a row
    auto: bool = False  # the computer plays for this absent player (at the normal level)
    level: Level = "normal"  # a computer player's level
    notice: int | None = None  # the clock's message about this seat's missed turns, until they play again
    pinged_at: float | None = None  # when a message last notified this player of their turn
    pinged_turn: int | None = None  # the engine's turn number it notified them of

    @property
    def computer(self) -> bool:
        return self.user_id is None


MAX_TURN_MINUTES = 7 * 24 * 60  # a week a turn at most


class TableClock(BaseModel):
    """A table's clocks, fixed when its lobby opens (from the start option and
    the server's settings), so a settings change never rewrites a running game."""

    turn_minutes: int = Field(default=0, ge=0, le=MAX_TURN_MINUTES)  # 0: no turn clock
    missed_turns: int = Field(default=3, ge=1)  # in a row, before the computer takes the seat
    abandon_days: int = Field(default=7, ge=1)  # without a human action, then the game is closed


class Tutorial(BaseModel):
    """A table that is a tutorial (``bot/tutorials.py``): its lesson, and the learner's language,
    which its board and guide speak. Never rated nor counted; it keeps no one's seat busy."""

    lesson: str
    lang: Literal["fr", "en"]


class SessionRecord(BaseModel):
    id: int = 0
    game: str
    guild_id: int | None
    lobby_channel_id: int
    lobby_message_id: int | None = None
    channel_id: int  # where play happens: the game's thread, or the lobby channel
    board_message_ids: list[int] = []
    board_posted_at: float | None = None
    board_version: int | None = None  # the version the board on screen shows; behind ``version`` after a crash
    host_id: int
    status: Status = "lobby"
    seats: list[Seat] = []
    options: dict[str, Any] = {}
    seed: int
    version: int = 0
    state: str | None = None  # the engine's JSON
    recent: list[dict[str, Any]] = []  # the last public events, for the board's log
    clock: TableClock = TableClock()
    created_at: float
    updated_at: float
    last_human_at: float | None = None  # a player's last click or command
    wake_at: float | None = None  # the next reminder, deadline or abandonment; set on save
    archive_at: float | None = None  # when a closed table's thread is to be archived
    pings: dict[int, list[int]] = {}  # a turn notification's message id -> the seats it pinged
    tutorial: Tutorial | None = None  # None: a real game
    hints: bool = True  # the players get the 💡 Hint control (the host may turn it off before the start)
    news: list[dict[str, Any]] = Field(default=[], exclude=True)  # the last change's public events; not stored
    asked: list[int] = Field(default=[], exclude=True)  # seats the last change asked to react in secret; not stored
    held_back: bool = Field(default=False, exclude=True)  # a computer's turn not yet shown (``turn_clock.held_back``)
    # the last change's events addressed to some seats only (a new secret), per seat; not stored
    whispers: dict[int, list[dict[str, Any]]] = Field(default={}, exclude=True)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


class ActionRecord(BaseModel):
    """One line of the append-only log: who did what, at which version."""

    session_id: int
    seq: int  # the session version this action produced
    seat: int | None
    user_id: int | None
    token: str  # the engine's action token, or "!resign"
    created_at: float


class SeatResult(BaseModel):
    seat: int
    user_id: int | None  # None: a computer player
    name: str
    place: int  # 1 for the winners; tied seats share a place
    won: bool
    score: int | None = None


class GameResult(BaseModel):
    """How a game ended, kept for stats, leaderboards and history."""

    session_id: int
    game: str
    guild_id: int | None
    ending: Literal["finished", "forfeited", "abandoned"]
    reason: str  # the engine's own word, e.g. "ten_cards"
    started_at: float
    ended_at: float
    seats: list[SeatResult]


class PlayerStats(BaseModel):
    game: str
    user_id: int
    games: int
    wins: int


class PlayerRating(BaseModel):
    """A player's rating at one game on one server (``bot/ratings.py``), with the rated games
    and wins it comes from."""

    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma)


class RatingChange(BaseModel):
    """What one rated game did to a player's rating."""

    session_id: int
    game: str
    ended_at: float
    won: bool
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    seat: int = 0  # the player's seat at that table
    user_id: int = 0
    games: int = 0  # the player's rated games of that title, this one included (``game_rating_changes``)

    @property
    def before(self) -> Skill:
        return Skill(self.mu_before, self.sigma_before)

    @property
    def after(self) -> Skill:
        return Skill(self.mu, self.sigma)


class GuildSettings(BaseModel):
    """A server's settings; a server that never changed any gets these defaults."""

    language: Literal["fr", "en"] | None = None  # None: follow the server's locale
    use_threads: bool = True
    dm_notifications: bool = True
    turn_clock_minutes: int = Field(default=1440, ge=0)  # 0: no clock
    missed_turns: int = Field(default=3, ge=1)  # before the computer takes the seat over
    abandon_days: int = Field(default=7, ge=1)  # a game nobody touched this long is closed
    game_channels: list[int] = []  # where games may start; empty: anywhere
    archive_hours: int = Field(default=1, ge=0)  # a finished game's thread is archived after; 0: kept open


class UserSettings(BaseModel):
    """One player's own choices, the same on every server."""

    dm_reminders: bool = False  # turn reminders by direct message, where the server allows DMs
    turn_pings: bool = True  # a mention in the game's thread when a turn passes to this player


class VersionConflict(Exception):
    """Someone else saved the session first."""


class StorageUnavailable(Exception):
    """The database cannot be opened; the message is one sentence for the admin."""


class DatabaseUnreachable(Exception):
    """The open database cannot be used for now: the server is down, restarting or out of reach,
    or the disk is full or the file locked. What the failed call would have written is not
    written (a commit whose answer was lost may have been), and the same call may succeed once
    the database is back: a pause, not an end."""


@dataclass(frozen=True)
class Shards:
    """The Discord shards one process serves. A server's tables belong to the shard
    Discord gives the server, ``(guild_id >> 22) % count``; tables without a server to shard 0."""

    count: int = 1
    ids: frozenset[int] | None = None  # None: every shard

    @staticmethod
    def of(guild_id: int | None, count: int) -> int:
        return ((guild_id or 0) >> 22) % count

    def owns(self, guild_id: int | None) -> bool:
        return self.ids is None or self.of(guild_id, self.count) in self.ids

    @property
    def numbers(self) -> list[int]:
        return sorted(self.ids) if self.ids is not None else list(range(self.count))


EVERY_SHARD = Shards()


class Sql(Protocol):
    """One connection, in a backend's own dialect but with ``?`` marks."""

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]: ...

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None: ...


class Storage(Protocol):
    shared: bool  # other processes may write the same database

    async def open(self, *, create: bool = True) -> None:
        """Connect and migrate; a second call does nothing. Raises ``StorageUnavailable``, having
        written nothing, for a database that is damaged or not the bot's: one with other tables,
        or an empty one unless ``create`` (the bot's first start) lets it become the bot's."""

    async def close(self) -> None: ...

    def lock(
        self, session_id: int, on_wait: Callable[[], Awaitable[None]] | None = None
    ) -> AbstractAsyncContextManager[None]:
        """Hold the session against every other process for one request, awaiting ``on_wait``
        first if another holds it (with SQLite, one process, the service's own lock is enough)."""

    async def create_session(self, record: SessionRecord) -> SessionRecord: ...

    async def get_session(self, session_id: int) -> SessionRecord | None: ...

    async def save(
        self,
        record: SessionRecord,
        expected_version: int,
        actions: Sequence[ActionRecord] = (),
        result: GameResult | None = None,
    ) -> None:
        """Write ``record``, append ``actions`` and store ``result`` in one transaction.

        Raises ``VersionConflict`` unless the stored version is ``expected_version``.
        """

    async def find_sessions(
        self,
        *,
        game: str | None = None,
        channel_id: int | None = None,
        statuses: tuple[Status, ...] = (),
        guild_id: int | None = None,
    ) -> list[SessionRecord]: ...

    async def actions(self, session_id: int) -> list[ActionRecord]: ...

    async def claim_due(self, now: float, until: float, owner: str, shards: Shards = EVERY_SHARD) -> list[int]:
        """Claim, until ``until``, the open sessions of ``shards`` whose ``wake_at`` has come and
        that no other owner's claim holds; their ids, oldest first. A claim lapses at its time."""

    async def release(self, session_id: int, owner: str) -> None:
        """Give back ``owner``'s claim on a session."""

    async def next_wake(self, shards: Shards = EVERY_SHARD) -> float | None:
        """The earliest time one of ``shards``' open sessions needs looking at: its
        ``wake_at``, or when another owner's claim on it lapses."""

    def watch(self, wake: Callable[[float], None]) -> None:
        """Have ``wake`` told each ``wake_at`` that another process saves (SQLite: none)."""

    async def take_shards(self, shards: Shards, owner: str, now: float, until: float) -> list[int]:
        """Take, or renew, ``owner``'s leases on ``shards`` until ``until``, all or none: [] once
        taken, else the shards a lease of another owner still holds at ``now`` (any shard, when
        that other process counts shards otherwise)."""

    async def release_shards(self, owner: str) -> None:
        """Give back ``owner``'s leases (a process that stops cleanly)."""

    async def drop_claims(self, shards: Shards) -> None:
        """Forget every timer claim on ``shards``' tables (their process is gone: this one took
        the shards over)."""

    async def postpone(self, session_id: int, wake_at: float) -> None:
        """Move a session's ``wake_at`` without touching the rest (a retry after a failure)."""

    async def results(self, guild_id: int, game: str | None = None, limit: int = 10) -> list[GameResult]:
        """The server's latest results, newest first."""

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerStats]: ...

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[PlayerStats]:
        """Human players who won at least once, most wins first."""

    async def ratings(
        self,
        guild_id: int,
        *,
        game: str | None = None,
        user_id: int | None = None,
        users: Sequence[int] | None = None,
        limit: int = 10,
    ) -> list[PlayerRating]:
        """Ratings on a server (of one game, of one player or of ``users``), the highest
        conservative rating first."""

    async def rating_changes(self, guild_id: int, user_id: int, game: str, limit: int) -> list[RatingChange]:
        """A player's last rated games of ``game``, newest first."""

    async def game_rating_changes(self, session_id: int) -> list[RatingChange]:
        """What one game did to the ratings of the people at it, by seat (none: not rated)."""

    async def recompute_ratings(self) -> tuple[int, int]:
        """Build every rating again from the stored results: the games rated, the ratings written."""

    async def guild_settings(self, guild_id: int) -> GuildSettings: ...

    async def save_guild_settings(self, guild_id: int, settings: GuildSettings) -> None: ...

    async def user_settings(self, user_id: int) -> UserSettings: ...

    async def save_user_settings(self, user_id: int, settings: UserSettings) -> None: ...
