"""A table before its game starts: opening it, each lobby operation, the host's options, and
a rematch of a finished game."""

from typing import Any

from pydantic import ValidationError

from bot import turn_clock, tutorials
from bot.errors import StaleBoard, UserError
from bot.i18n import Language
from bot.sessions.change import Change
from bot.sessions.commit import Committer
from bot.sessions.table import Table
from bot.storage import Seat, SessionRecord, TableClock, Tutorial
from bot.tutorials import Lesson
from games.core import registry


class LobbyService(Committer):
    async def open_lobby(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
        seed: int,
        clock: TableClock = TableClock(),
        hints: bool = True,
    ) -> SessionRecord:
        engine = registry.get(game)
        engine.make_options(options)  # refuse bad options now, not at start
        now = self.clock()
        record = SessionRecord(
            game=game,
            guild_id=guild_id,
            lobby_channel_id=channel_id,
            channel_id=channel_id,
            host_id=host_id,
            seats=[Seat(user_id=host_id, name=host_name)],
            options=options,
            seed=seed,
            clock=clock,
            hints=hints,
            created_at=now,
            updated_at=now,
            last_human_at=now,
        )
        record.wake_at = turn_clock.next_wake(record)
        created = await self.storage.create_session(record)
        if record.wake_at is not None:
            self.on_wake(record.wake_at)
        return created

    async def open_tutorial(
        self,
        lesson: Lesson,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        user_name: str,
        lang: Language,
        clock: TableClock = TableClock(),
    ) -> SessionRecord:
        """A tutorial's table, to start at once (``start``: then it stands at ``tutorials.FIRST_VERSION``,
        no action played): the learner in seat 0, the lesson's computers at the easy level, its seed
        and options (those of its translation for ``lang``, if it has one)."""
        lesson = lesson.in_language(lang)
        record = await self.open_lobby(
            lesson.game, guild_id, channel_id, user_id, user_name, dict(lesson.options), lesson.seed, clock
        )
        computers = [Seat(user_id=None, name="", level=tutorials.COMPUTER_LEVEL) for _ in range(lesson.computers)]
        tutorial = Tutorial(lesson=lesson.name, lang=lang)
        return await self.update(record, seats=record.seats + computers, tutorial=tutorial)

    # -- the lobby's operations: each refused on an older lobby, given the ``version`` its button carries
    async def join(self, session_id: int, user_id: int, user_name: str, version: int | None = None) -> SessionRecord:
        record = await self._in_lobby(session_id, user_id, version)
        if record.seat_of(user_id) is not None:
            raise UserError("error.already_joined")
        self._check_room(record)
        record.seats.append(Seat(user_id=user_id, name=user_name))
        return await self._lobby_changed(record)

    async def leave(self, session_id: int, user_id: int, version: int | None = None) -> SessionRecord:
        """A player leaves; the next person hosts if the host left, and a lobby left with
        nobody is cancelled."""
        record = await self._in_lobby(session_id, user_id, version)
        if record.seat_of(user_id) is None:
            raise UserError("error.not_in_game")
        record.seats = [s for s in record.seats if s.user_id != user_id]
        humans = [s for s in record.seats if not s.computer]
        if not humans:
            record.status = "cancelled"
        elif user_id == record.host_id:
            record.host_id = humans[0].user_id or 0
        return await self._lobby_changed(record)

    async def add_computer(
        self, session_id: int, user_id: int, level: str | None, version: int | None = None
    ) -> SessionRecord:
        """The host adds a computer player at ``level`` (the normal one if the game has no such level)."""
        record = await self._in_lobby(session_id, user_id, version, host_only=True)
        self._check_room(record)
        levels = Table.of(record).engine.levels
        record.seats.append(Seat(user_id=None, name="", level=level if level in levels else "normal"))
        return await self._lobby_changed(record)

    async def remove_computer(self, session_id: int, user_id: int, version: int | None = None) -> SessionRecord:
        """The host removes the last computer player."""
        record = await self._in_lobby(session_id, user_id, version, host_only=True)
        computers = [i for i, s in enumerate(record.seats) if s.computer]
        if not computers:
            raise UserError("error.no_computer")
        del record.seats[computers[-1]]
        return await self._lobby_changed(record)

    async def kick(
        self, session_id: int, user_id: int, target: str | None, version: int | None = None
    ) -> SessionRecord:
        """The host removes a player (``target``: their user id, as the menu gives it)."""
        record = await self._in_lobby(session_id, user_id, version, host_only=True)
        kicked = int(target) if target and target.isdigit() else None
        if kicked is None or kicked == record.host_id or record.seat_of(kicked) is None:
            raise UserError("error.not_at_table")
        record.seats = [s for s in record.seats if s.user_id != kicked]
        return await self._lobby_changed(record)

    async def cancel_lobby(
        self, session_id: int, user_id: int, is_admin: bool, version: int | None = None
    ) -> SessionRecord:
        """The lobby's own Cancel button (``cancel``: a lobby or a running game, by command)."""
        record = await self._in_lobby(session_id, user_id, version)
        self._cancel(record, user_id, is_admin)
        return await self._lobby_changed(record)

    async def start(self, session_id: int, user_id: int, version: int | None = None) -> SessionRecord:
        """The host starts the game; computer players then play their turns on their own."""
        record = await self._in_lobby(session_id, user_id, version, host_only=True)
        engine = Table.of(record).engine
        if not engine.min_players <= len(record.seats) <= engine.max_players:
            raise UserError("error.player_count", low=engine.min_players, high=engine.max_players)
        state = engine.new_game(len(record.seats), engine.make_options(record.options), record.seed)
        record.status = "active"
        record.state = engine.dump(state)
        return await self._play_on(Change(Table(record, engine), None, state, self.clock))

    async def _in_lobby(
        self, session_id: int, user_id: int, version: int | None, host_only: bool = False
    ) -> SessionRecord:
        """The table, refused unless still in its lobby and (given ``version``) unchanged since;
        ``host_only``: unless ``user_id`` hosts it. The click counts as a person's."""
        record = await self.get(session_id)
        if record.status != "lobby":
            raise UserError("error.lobby_closed")
        if version is not None and version != record.version:
            raise StaleBoard("error.lobby_changed")
        record.last_human_at = self.clock()
        if host_only and user_id != record.host_id:
            raise UserError("error.host_only")
        return record

    @staticmethod
    def _check_room(record: SessionRecord) -> None:
        engine = Table.of(record).engine
        if len(record.seats) >= engine.max_players:
            raise UserError("error.table_full", count=engine.max_players)

    async def _lobby_changed(self, record: SessionRecord) -> SessionRecord:
        old = record.version
        record.version += 1
        await self._save(record, old)
        return record

    # -- the host's options, a rematch, cancelling -------------------------------------
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
        self,
        session_id: int,
        user_id: int,
        version: int | None = None,
        options: dict[str, Any] | None = None,
        turn_minutes: int | None = None,
        hints: bool | None = None,
    ) -> SessionRecord:
        """The host changes some of the game's ``options`` (checked by the game's options model), the
        turn clock or the hints, before the start; a refused value changes nothing."""
        record = await self.hosted_lobby(session_id, user_id, version)
        if options:
            merged = {**record.options, **options}
            try:
                checked = Table.of(record).engine.make_options(merged)
            except ValidationError:
                raise UserError("error.bad_option") from None
            record.options = merged | {name: getattr(checked, name) for name in options}
        if turn_minutes is not None:
            try:
                record.clock = TableClock.model_validate(record.clock.model_dump() | {"turn_minutes": turn_minutes})
            except ValidationError:
                raise UserError("error.bad_option") from None
        if hints is not None:
            record.hints = hints
        record.last_human_at = self.clock()
        return await self._lobby_changed(record)

    async def rematch(self, session_id: int, user_id: int, user_name: str, seed: int) -> SessionRecord:
        """A new lobby for a finished game, opened by one of its players: the same game, options,
        clock, hints and computer players, in the same channel; the clicker hosts it."""
        old = await self.get(session_id)
        if old.status != "finished":
            raise UserError("error.no_rematch")
        if old.seat_of(user_id) is None:
            raise UserError("error.not_in_game")
        record = await self.open_lobby(
            old.game, old.guild_id, old.lobby_channel_id, user_id, user_name, old.options, seed, old.clock, old.hints
        )
        computers = [Seat(user_id=None, name="", level=seat.level) for seat in old.seats if seat.computer]
        return await self.update(record, seats=record.seats + computers)

    async def cancel(self, session_id: int, user_id: int, is_admin: bool) -> SessionRecord:
        """Cancel a lobby or a running game (the lobby's own button: ``cancel_lobby``)."""
        record = await self.get(session_id)
        if record.status not in ("lobby", "active"):
            raise UserError("error.game_over")
        self._cancel(record, user_id, is_admin)
        return await self._lobby_changed(record)

    @staticmethod
    def _cancel(record: SessionRecord, user_id: int, is_admin: bool) -> None:
        if user_id != record.host_id and not is_admin:
            raise UserError("error.host_or_admin")
        record.status = "cancelled"
