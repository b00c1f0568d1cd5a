"""The lobby: opening a table, its buttons, and starting play in a thread."""

import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.errors import StaleBoard, UserError
from bot.i18n import Language, t
from bot.storage import GuildSettings, SessionRecord, TableClock
from bot.ui.components import NumberBox, Prompt
from bot.ui.game_options import HINTS_OPTION
from bot.ui.game_ui import seat_mention
from bot.ui.lobby_message import (
    TURN_CLOCK_OPTION,
    OptionSpec,
    choice_token,
    current_values,
    lobby_edit,
    lobby_message,
    number_prompt,
    option_name,
    option_specs,
    options_panel,
)
from bot.ui.permissions import may_open_thread, missing_text
from bot.ui.publishing import Publishing
from bot.ui.replies import Reply
from bot.ui.table_core import is_admin, jump_url
from bot.ui.turn_pings import mentioned
from games.core import registry
from games.core.errors import Refusal

log = logging.getLogger(__name__)
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


class Lobby(Publishing):
    async def may_open_here(self, interaction: discord.Interaction, game: str, reply: Reply) -> GuildSettings | None:
        """The server's settings if a table of ``game`` may open where ``interaction`` asks;
        otherwise the user is told why, and None."""
        if interaction.guild is None or interaction.channel is None:
            await reply.refuse(UserError("error.guild_only"))
            return None
        server = await self.service.storage.guild_settings(interaction.guild.id)
        here = {interaction.channel.id, getattr(interaction.channel, "parent_id", None)}
        if server.game_channels and not here & set(server.game_channels):
            channels = ", ".join(f"<#{c}>" for c in server.game_channels)
            await reply.refuse(UserError("error.channel_not_allowed", channels=channels))
            return None
        if lacking := self._lacking(interaction.channel, game, server.use_threads, reply.lang):
            await reply.send("⛔ " + lacking)
            return None
        return server

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        game: str,
        options: dict[str, Any],
        turn_minutes: int | None = None,
        hints: bool = True,
    ) -> None:
        """A new table; ``turn_minutes`` overrides the server's turn clock (0: none); ``hints``: the
        players get the 💡 Hint control."""
        reply = self.reply_to(interaction)
        if (server := await self.may_open_here(interaction, game, reply)) is None:
            return
        assert interaction.guild is not None and interaction.channel is not None  # checked there
        if turn_minutes is None:  # nobody waits on a solitaire player: no clock unless asked
            turn_minutes = 0 if registry.get(game).max_players == 1 else server.turn_clock_minutes
        clock = TableClock(
            turn_minutes=turn_minutes,
            missed_turns=server.missed_turns,
            abandon_days=server.abandon_days,
        )
        record = await self.service.open_lobby(
            game,
            interaction.guild.id,
            interaction.channel.id,
            interaction.user.id,
            interaction.user.display_name,
            options,
            secrets.randbits(62),
            clock,
            hints,
        )
        lang = await self.table_language(record)
        async with self.handling(reply, record.id):
            ratings = await self.seated_ratings(record)
            message = await reply.announce(**lobby_message(record, self.uis[game], lang, ratings).fields(sending=True))
            record = await self.service.update(record, lobby_message_id=message.id)
            if registry.get(game).max_players == 1:  # a solitaire starts at once
                user = interaction.user
                record = await self.service.start(record.id, user.id, version=record.version)
                await self._start_play(reply, record, lang, lobby=message)

    async def _rematch(self, reply: Reply, session_id: int) -> None:
        """A new table for the same game, options and computers, in the channel of the old one. A
        solitaire starts at once; otherwise the other players are mentioned there so they can join.
        A second click finds the new table."""
        user = reply.interaction.user
        async with self.handling(reply, session_id):
            old = await self.service.get(session_id)
            lang = await self.public_language(old.guild_id)
            players = {seat.user_id for seat in old.seats if seat.user_id is not None}
            open_here = await self.service.storage.find_sessions(
                game=old.game, channel_id=old.lobby_channel_id, statuses=("lobby", "active")
            )
            if mine := [r for r in open_here if r.host_id in players and r.created_at >= (old.updated_at or 0)]:
                key = "rematch.already" if mine[0].status == "lobby" else "rematch.playing"
                return await reply.say(key, link=jump_url(mine[0]))
            channel = await self.channel(old.lobby_channel_id)
            if lacking := self._lacking(channel, old.game, True, reply.lang):
                return await reply.send("⛔ " + lacking)
            record = await self.service.rematch(session_id, user.id, user.display_name, secrets.randbits(62))
            invited = sorted(players - {user.id})
            message = await self.post(
                old.lobby_channel_id,
                self._rematch_text(old, record, invited, lang),
                ping=invited,
                **lobby_message(record, self.uis[old.game], lang, await self.seated_ratings(record)).fields(
                    sending=True
                ),
            )
            record = await self.service.update(record, lobby_message_id=message.id)
            if registry.get(old.game).max_players == 1:  # a solitaire starts at once, as with its command
                record = await self.service.start(record.id, user.id, version=record.version)
                await self._start_play(reply, record, lang, lobby=message, channel=channel)
                return await reply.say("rematch.started", link=jump_url(await self.service.get(record.id)))
            await reply.say("rematch.opened", link=jump_url(record))

    @staticmethod
    def _rematch_text(old: SessionRecord, record: SessionRecord, invited: list[int], lang: Language) -> str:
        """Who the new table calls: the other players, by mention; with nobody to call, what it holds."""
        if invited:
            players = ", ".join(f"<@{user_id}>" for user_id in invited)
            return t(lang, "rematch.invite", number=old.id, players=players)
        host = record.seats[0].name
        computers = sum(seat.computer for seat in record.seats)
        if computers:
            return t(lang, "rematch.computers", number=old.id, host=host, count=computers)
        return t(lang, "rematch.solitaire", number=old.id, player=host)

    def _lacking(self, channel: Any, game: str, threads: bool, lang: Language) -> str | None:
        """Why the game could not show its board here (where it would be played), or None."""
        in_thread = threads and may_open_thread(channel)
        return missing_text(channel, self.uis[game], lang, in_thread=in_thread or None)

    async def lobby_click(
        self, interaction: discord.Interaction, session_id: int, version: int, op: str, value: str | None = None
    ) -> None:
        reply = self.reply_to(interaction)
        if op == "rematch":
            return await self._rematch(reply, session_id)
        if op == "options":
            return await self._options(reply, session_id, version)
        async with self.handling(reply, session_id):
            if op == "start":  # a game that could not show its board does not start
                record = await self.service.get(session_id)
                threads = (
                    (await self.service.storage.guild_settings(record.guild_id)).use_threads
                    if record.guild_id
                    else False
                )
                if lacking := self._lacking(interaction.channel, record.game, threads, reply.lang):
                    return await reply.send("⛔ " + lacking)
            record = await self._lobby_operation(interaction, session_id, version, op, value)
            lang = await self.table_language(record)
            if record.status == "active":
                await self._start_play(reply, record, lang)
            else:
                await reply.edit(**lobby_edit(record, self.uis[record.game], lang, await self.seated_ratings(record)))

    def _lobby_operation(
        self, interaction: discord.Interaction, session_id: int, version: int, op: str, value: str | None
    ) -> Awaitable[SessionRecord]:
        """The service's operation a lobby control's op token names (``value``: a menu's choice)."""
        user, service = interaction.user, self.service
        operations: dict[str, Callable[[], Awaitable[SessionRecord]]] = {
            "join": lambda: service.join(session_id, user.id, user.display_name, version),
            "leave": lambda: service.leave(session_id, user.id, version),
            "add_bot": lambda: service.add_computer(session_id, user.id, value, version),
            "remove_bot": lambda: service.remove_computer(session_id, user.id, version),
            "kick": lambda: service.kick(session_id, user.id, value, version),
            "start": lambda: service.start(session_id, user.id, version),
            "cancel": lambda: service.cancel_lobby(session_id, user.id, is_admin(interaction), version),
        }
        if op not in operations:
            raise UserError("error.generic")
        return operations[op]()

    # -- the host's options panel ----------------------------------------------------
    async def _options(self, reply: Reply, session_id: int, version: int) -> None:
        """The Options button: the host's private panel."""
        async with self.handling(reply, session_id):
            record = await self.service.hosted_lobby(session_id, reply.interaction.user.id, version)
            await reply.send(**options_panel(record, reply.lang).fields(sending=True))

    async def ask_lobby_number(
        self, interaction: discord.Interaction, session_id: int, version: int, name: str
    ) -> None:
        """The text box of a number option: it must be the first answer to the click, so nothing
        here waits on the session's lock (the answer is checked under it)."""
        reply = self.reply_to(interaction)
        try:
            record = await self.service.hosted_lobby(session_id, interaction.user.id)
            spec = _spec(record.game, name)
            if version != record.version:
                return await self._stale_panel(reply, record)
            title, label, placeholder = number_prompt(record.game, spec, reply.lang)
            value = current_values(record)[name]
            await reply.modal(NumberBox(session_id, version, name, Prompt(title, label, placeholder), value))
        except Refusal as error:
            await reply.refuse(error)

    async def lobby_option(
        self, interaction: discord.Interaction, session_id: int, version: int, name: str, value: str
    ) -> None:
        """A choice picked in the panel, or a number typed in its box: saved, then shown on the
        panel and on the public lobby."""
        reply = self.reply_to(interaction)
        user_id = interaction.user.id
        async with self.handling(reply, session_id):
            record = await self.service.hosted_lobby(session_id, user_id)
            spec = _spec(record.game, name)
            chosen = _parse(record.game, spec, value, reply.lang)
            if version != record.version:
                return await self._stale_panel(reply, record)
            if name == TURN_CLOCK_OPTION:
                record = await self.service.lobby_options(session_id, user_id, version, turn_minutes=chosen)
            elif name == HINTS_OPTION:
                record = await self.service.lobby_options(session_id, user_id, version, hints=chosen)
            else:
                record = await self.service.lobby_options(session_id, user_id, version, {name: chosen})
            await reply.edit(**options_panel(record, reply.lang).fields())
            await self.edit_lobby(record)

    async def _stale_panel(self, reply: Reply, record: SessionRecord) -> None:
        """The table changed since the panel was shown: the panel shows it as it is now, nothing saved."""
        await reply.edit(**options_panel(record, reply.lang).fields())
        await reply.refuse(StaleBoard("error.lobby_changed"))

    async def _start_play(
        self,
        reply: Reply,
        record: SessionRecord,
        lang: Language,
        lobby: discord.Message | None = None,
        channel: Any = None,
    ) -> None:
        """Open a thread on the lobby message (by default the one clicked, in the interaction's
        channel) where allowed, then post the board."""
        await reply.wait()  # opening a thread may take a while
        lobby = lobby or reply.clicked
        channel = channel or reply.interaction.channel  # the lobby's channel: a text channel or a thread
        target = channel
        threads = (await self.service.storage.guild_settings(record.guild_id)).use_threads if record.guild_id else False
        if threads and may_open_thread(channel) and lobby is not None:
            key = "tutorial.thread_name" if record.tutorial else "table.thread_name"
            name = t(lang, key, game=self.uis[record.game].title(lang), number=record.id)
            try:
                target = await lobby.create_thread(name=name[:100], auto_archive_duration=1440)
            except discord.HTTPException:
                log.warning("could not open a thread for session %s", record.id)
        record = await self.service.update(record, channel_id=target.id)
        shown = lobby_edit(record, self.uis[record.game], lang, await self.seated_ratings(record))  # none: it started
        if lobby is not None and lobby is not reply.clicked and not reply.is_command:
            await lobby.edit(**shown)  # a rematch's new lobby, posted in the channel
        else:
            await reply.edit(**shown)
        players = ", ".join(seat_mention(record, i, lang) for i in range(len(record.seats)))
        try:
            kickoff = t(
                lang,
                "table.kickoff",
                the_game=self.uis[record.game].the_game(lang),
                players=players,
                count=len(record.seats),
            )
            await target.send(kickoff)
            self.callable(record, mentioned(kickoff))  # it calls everyone: the next call waits a while
            await self.publish(record, fresh=True)
            await self.ping_turns(record, told=mentioned(kickoff))
        except discord.HTTPException:  # no game stays active without a board: it is called off
            record = await self.service.cancel(record.id, record.host_id, is_admin=True)
            await self.edit_lobby(record)
            raise


def _spec(game: str, name: str) -> OptionSpec:
    spec = next((s for s in option_specs(game) if s.name == name), None)
    if spec is None:
        raise UserError("error.bad_option")
    return spec


def _parse(game: str, spec: OptionSpec, text: str, lang: Language) -> Any:
    """A menu's value back to its choice, or a typed whole number within the option's bounds."""
    if spec.choices:
        found = {choice_token(choice): choice for choice in spec.choices}
        if text not in found:
            raise UserError("error.bad_option")
        return found[text]
    number = text.strip()
    if not WHOLE_NUMBER.fullmatch(number) or not spec.low <= int(number) <= spec.high:
        raise UserError("error.option_number", option=option_name(game, spec.name, lang), low=spec.low, high=spec.high)
    return int(number)
