"""Game tables in Discord: the lobby, clicks on boards, and publishing boards.

Every request holds the session's lock from loading to the last edit, so the
board on screen always shows the latest committed state, and nothing is
shown as done before it is committed.
"""

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.i18n import Language, clock_text, language_of, t
from bot.sessions import ANY_VERSION, SessionService
from bot.storage import SessionRecord, TableClock
from bot.errors import StaleBoard, UserError
from bot.ui.components import GameButton, LobbyButton, TextBox
from bot.ui.game_ui import BoardMessage, GameUI, seat_mention, seat_name
from games.core import registry
from games.core.errors import Refusal

log = logging.getLogger(__name__)
BOARD_MAX_AGE = 50 * 60  # re-post before Discord's one-hour limit on edits
REPOST_CODES = {30046, 10008}  # edits refused on old messages; the message is gone
PICTURES_KEPT = 32  # board pictures cached, the latest ones
ASK = "ask-"  # a button token ``ask-<token>`` asks "are you sure?" before playing ``<token>``
MORE = "more-"  # a button token ``more-<name>`` opens the game's private menu ``<name>`` (``GameUI.more``)
TYPE = "type-"  # a button token ``type-<name>`` opens the game's text box ``<name>`` (``GameUI.prompt``)
DM_CLOSED = 50007  # Discord: cannot send messages to this user


def is_admin(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return perms.manage_guild or perms.administrator


def jump_url(record: SessionRecord) -> str:
    message = record.board_message_ids[0] if record.board_message_ids else record.lobby_message_id
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}/{message}"


class Tables:
    def __init__(self, bot: discord.Client, service: SessionService, default_language: Language) -> None:
        self.bot = bot
        self.service = service
        self.default_language = default_language
        self.uis: dict[str, GameUI] = {}
        self._pictures: dict[tuple[int, int, str], bytes | None] = {}
        self._on_show: dict[int, bytes] = {}  # board message id -> the picture it shows (this process)

    def register(self, ui: GameUI) -> None:
        self.uis[ui.game] = ui

    # -- languages and replies ----------------------------------------------
    async def public_language(self, guild_id: int | None) -> Language:
        """The server's setting, else the server's own locale, else the default."""
        if guild_id is None:
            return self.default_language
        stored = (await self.service.storage.guild_settings(guild_id)).language
        if stored is not None:
            return stored
        guild = self.bot.get_guild(guild_id)
        return language_of(guild.preferred_locale, self.default_language) if guild else self.default_language

    def user_language(self, interaction: discord.Interaction) -> Language:
        return language_of(interaction.locale, self.default_language)

    async def reply(self, interaction: discord.Interaction, text: str, **extra: Any) -> None:
        """A private reply, whether or not the interaction was answered yet."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(text, ephemeral=True, **extra)

    async def refuse(self, interaction: discord.Interaction, error: Refusal) -> None:
        lang = self.user_language(interaction)
        await self.reply(interaction, "⛔ " + t(lang, error.key, **error.params))

    async def channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)

    # -- the lobby ------------------------------------------------------------
    async def open_lobby(
        self, interaction: discord.Interaction, game: str, options: dict[str, Any], turn_minutes: int | None = None
    ) -> None:
        """A new table; ``turn_minutes`` overrides the server's turn clock (0: none)."""
        if interaction.guild is None or interaction.channel is None:
            return await self.refuse(interaction, UserError("error.guild_only"))
        server = await self.service.storage.guild_settings(interaction.guild.id)
        here = {interaction.channel.id, getattr(interaction.channel, "parent_id", None)}
        if server.game_channels and not here & set(server.game_channels):
            channels = ", ".join(f"<#{c}>" for c in server.game_channels)
            return await self.refuse(interaction, UserError("error.channel_not_allowed", channels=channels))
        if turn_minutes is None:  # nobody waits on a solitaire player: no clock unless asked
            turn_minutes = 0 if registry.get(game).max_players == 1 else server.turn_clock_minutes
        clock = TableClock(
            turn_minutes=turn_minutes,
            missed_turns=server.missed_turns, abandon_days=server.abandon_days,
        )  # fmt: skip
        record = await self.service.open_lobby(
            game, interaction.guild.id, interaction.channel.id, interaction.user.id,
            interaction.user.display_name, options, secrets.randbits(62), clock,
        )  # fmt: skip
        lang = await self.public_language(record.guild_id)
        async with self.service.lock(record.id):
            await interaction.response.send_message(**self.lobby_message(record, lang).fields(sending=True))
            message = await interaction.original_response()
            record = await self.service.update(record, lobby_message_id=message.id)
            if registry.get(game).max_players == 1:  # a solitaire starts at once
                user = interaction.user
                record = await self.service.lobby(record.id, user.id, user.display_name, "start", version=record.version)
                await self._start_play(interaction, record, lang, lobby=message)

    def lobby_message(self, record: SessionRecord, lang: Language) -> BoardMessage:
        ui = self.uis[record.game]
        engine = registry.get(record.game)
        embed = discord.Embed(title=t(lang, "lobby.title", game=ui.title(lang)), colour=0x2B6CB0)
        players = "\n".join(f"{i + 1}. {seat_name(record, i, lang)}" for i in range(len(record.seats)))
        embed.add_field(
            name=t(lang, "lobby.players", count=len(record.seats), low=engine.min_players, high=engine.max_players),
            value=players or "—",
            inline=False,
        )
        clock = t(lang, "lobby.clock", time=clock_text(record.clock.turn_minutes, lang))
        embed.add_field(
            name=t(lang, "lobby.options"), value=f"{ui.describe_options(record.options, lang)}\n{clock}", inline=False
        )
        if record.status != "lobby":
            key = {"active": "lobby.started", "cancelled": "lobby.cancelled", "abandoned": "lobby.abandoned"}.get(
                record.status, "lobby.finished"
            )
            embed.description = t(lang, key, channel=f"<#{record.channel_id}>")
            return BoardMessage(embed=embed, view=None)
        embed.description = t(lang, "lobby.waiting", host=f"<@{record.host_id}>")
        view = discord.ui.View(timeout=None)
        full = len(record.seats) >= engine.max_players
        computers = any(seat.computer for seat in record.seats)
        buttons = [
            ("join", discord.ButtonStyle.primary, 0, not full),
            ("leave", discord.ButtonStyle.secondary, 0, True),
            ("add_bot", discord.ButtonStyle.secondary, 0, not full),
            ("remove_bot", discord.ButtonStyle.secondary, 0, computers),
            ("start", discord.ButtonStyle.success, 1, True),
            ("cancel", discord.ButtonStyle.danger, 1, True),
        ]
        for op, style, row, enabled in buttons:
            label = t(lang, f"lobby.button.{op}")
            view.add_item(
                LobbyButton(record.id, record.version, op, label=label, style=style, row=row, disabled=not enabled)
            )
        return BoardMessage(embed=embed, view=view)

    @asynccontextmanager
    async def _handling(self, interaction: discord.Interaction, session_id: int) -> AsyncIterator[None]:
        """Holds the session's lock for one request and answers it whatever happens.

        A request queued behind another is deferred first, so it is answered
        within Discord's 3 seconds; refusals and failures get a private reply.
        """
        lock = self.service.lock(session_id)
        if lock.locked() and not interaction.response.is_done():
            await interaction.response.defer()
        try:
            async with lock:
                yield
        except Refusal as error:
            await self.refuse(interaction, error)
        except Exception:
            log.exception("request on session %s failed", session_id)
            try:
                await self.reply(interaction, t(self.user_language(interaction), "error.internal"))
            except discord.HTTPException:
                pass

    async def lobby_click(self, interaction: discord.Interaction, session_id: int, version: int, op: str) -> None:
        user = interaction.user
        async with self._handling(interaction, session_id):
            record = await self.service.lobby(
                session_id, user.id, user.display_name, op, version=version, is_admin=is_admin(interaction)
            )
            lang = await self.public_language(record.guild_id)
            if record.status == "active":
                await self._start_play(interaction, record, lang)
            elif interaction.response.is_done():
                await interaction.edit_original_response(**self.lobby_message(record, lang).fields())
            else:
                await interaction.response.edit_message(**self.lobby_message(record, lang).fields())

    async def _start_play(
        self, interaction: discord.Interaction, record: SessionRecord, lang: Language,
        lobby: discord.Message | None = None,
    ) -> None:  # fmt: skip
        """Open a thread on the lobby message where allowed, then post the board."""
        if not interaction.response.is_done():
            await interaction.response.defer()  # opening a thread may take a while
        lobby = lobby or interaction.message
        channel = interaction.channel
        target = channel
        threads = (await self.service.storage.guild_settings(record.guild_id)).use_threads if record.guild_id else False
        if threads and isinstance(channel, discord.TextChannel) and lobby is not None:
            me = channel.permissions_for(channel.guild.me)
            if me.create_public_threads and me.send_messages_in_threads:
                name = t(lang, "table.thread_name", game=self.uis[record.game].title(lang), number=record.id)
                try:
                    target = await lobby.create_thread(name=name[:100], auto_archive_duration=1440)
                except discord.HTTPException:
                    log.warning("could not open a thread for session %s", record.id)
        record = await self.service.update(record, channel_id=target.id)
        await interaction.edit_original_response(**self.lobby_message(record, lang).fields())
        players = ", ".join(seat_mention(record, i, lang) for i in range(len(record.seats)))
        await target.send(t(lang, "table.kickoff", game=self.uis[record.game].title(lang), players=players))
        await self.publish(record, fresh=True)

    # -- play -----------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, session_id: int, version: int, token: str) -> None:
        """A click on the board, or on the controls of a player's private view (ephemeral, or
        sent by DM)."""
        if token.startswith(ASK):
            return await self._ask(interaction, session_id, version, token.removeprefix(ASK))
        if token.startswith(MORE):
            return await self._more(interaction, session_id, version, token.removeprefix(MORE))
        if token.startswith(TYPE):
            return await self._type(interaction, session_id, version, token.removeprefix(TYPE))
        await self._act(interaction, session_id, version, lambda record: token)

    async def typed(self, interaction: discord.Interaction, session_id: int, version: int, name: str, text: str) -> None:
        """A text box submitted: the game turns the text into its action, then it is played
        like a click."""

        def token(record: SessionRecord) -> str:
            seat = self.service.check_playing(record, interaction.user.id)
            if not text.strip():
                raise UserError("error.blank_answer")
            found = self.uis[record.game].typed_token(record, self.service.state(record), seat, name, text)
            if found is None:
                raise UserError("error.stale_answer")
            return found

        await self._act(interaction, session_id, version, token)

    async def _act(
        self, interaction: discord.Interaction, session_id: int, version: int, token_of: Callable[[SessionRecord], str]
    ) -> None:  # fmt: skip
        private = interaction.message is not None and (interaction.message.flags.ephemeral or interaction.guild_id is None)
        async with self._handling(interaction, session_id):
            try:
                token = token_of(await self.service.get(session_id))
                record = await self.service.act(session_id, interaction.user.id, version, token)
            except StaleBoard as error:
                record = await self.service.get(session_id)
                error.params["link"] = jump_url(record)
                if private:
                    await self._edit_private(interaction, record)
                    return await self.refuse(interaction, UserError("error.stale_private"))
                await self.refuse(interaction, error)
                await self.publish(record)  # a fresh board, in case an edit was missed
                return
            if private:
                await self._edit_private(interaction, record)
            await self.after_change(record, None if private else interaction)

    async def _ask(self, interaction: discord.Interaction, session_id: int, version: int, token: str) -> None:
        """A private "are you sure?" with one button that plays ``token`` on the same version."""
        async with self._handling(interaction, session_id):
            record = await self.service.get(session_id)
            if record.seat_of(interaction.user.id) is None:
                raise UserError("error.not_in_game")
            lang = self.user_language(interaction)
            ui = self.uis[record.game]
            view = discord.ui.View(timeout=None)
            label = t(lang, "common.confirm")
            view.add_item(GameButton(record.game, session_id, version, token, label=label, style=discord.ButtonStyle.danger))
            text = "❓ " + ui.confirm_text(record, self.service.state(record), token, lang)
            await self.reply(interaction, text, view=view)

    async def _type(self, interaction: discord.Interaction, session_id: int, version: int, name: str) -> None:
        """Opens the game's text box ``name``: it must be the first answer to the click, so
        nothing here waits on the session's lock (the submission is checked under it)."""
        try:
            record = await self.service.get(session_id)
            seat = self.service.check_playing(record, interaction.user.id)
            if version not in (ANY_VERSION, record.version):
                raise StaleBoard()
            ui = self.uis[record.game]
            prompt = ui.prompt(record, self.service.state(record), seat, name, self.user_language(interaction))
            if prompt is None:
                raise UserError("error.not_your_turn")
            # any version: the box's name says what it answers (two duellists type at once)
            await interaction.response.send_modal(TextBox(record.game, session_id, ANY_VERSION, name, prompt))
        except StaleBoard as error:
            error.params["link"] = jump_url(await self.service.get(session_id))
            await self.refuse(interaction, error)
        except Refusal as error:
            await self.refuse(interaction, error)

    async def _more(self, interaction: discord.Interaction, session_id: int, version: int, name: str) -> None:
        """A private follow-up menu of the board (too many choices for one message), for the
        player whose turn it is; its controls carry the board's version."""
        async with self._handling(interaction, session_id):
            record = await self.service.get(session_id)
            seat = self.service.check_playing(record, interaction.user.id)
            if version != record.version:
                raise StaleBoard()
            menu = self.uis[record.game].more(record, self.service.state(record), seat, name, self.user_language(interaction))
            if menu is None:
                raise UserError("error.not_your_turn")
            await interaction.response.send_message(ephemeral=True, **menu.fields(sending=True))

    # -- private views ----------------------------------------------------------
    def _private_view(self, interaction: discord.Interaction, record: SessionRecord) -> BoardMessage:
        """The clicking player's own view; refused to spectators and in games without secrets."""
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("error.not_in_game")
        if record.state is None:
            raise UserError("error.not_started")
        lang = self.user_language(interaction)
        private = self.uis[record.game].private(record, self.service.state(record), seat, lang)
        if private is None:
            raise UserError("error.no_private_view")
        return private

    async def show_private(self, interaction: discord.Interaction, session_id: int) -> None:
        """The player's private view with its controls, as an ephemeral reply."""
        async with self._handling(interaction, session_id):
            private = self._private_view(interaction, await self.service.get(session_id))
            if interaction.response.is_done():
                await interaction.followup.send(ephemeral=True, **private.fields(sending=True))
            else:
                await interaction.response.send_message(ephemeral=True, **private.fields(sending=True))

    async def show_private_here(self, interaction: discord.Interaction, game: str) -> None:
        """``show_private`` for the game ``find`` picks (a game's "hand" command)."""
        if (session_id := await self._find_or_refuse(interaction, game)) is not None:
            await self.show_private(interaction, session_id)

    async def _edit_private(self, interaction: discord.Interaction, record: SessionRecord) -> None:
        """Show the player's view in place of the private message clicked (a confirmation, too)."""
        try:
            fields = self._private_view(interaction, record).fields()
        except UserError:  # a game without private views: the confirmation only closes
            fields = {"content": t(self.user_language(interaction), "common.done"), "view": None, "embed": None}
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        else:
            await interaction.response.edit_message(**fields)

    async def after_change(self, record: SessionRecord, interaction: discord.Interaction | None = None) -> None:
        """Show a committed change: the board, and the result if the game ended.

        A board that could not be edited does not hold back the result, and the
        lobby message stops saying that the game is running.
        """
        try:
            await self.publish(record, interaction)
            await self._tell_news(record)
            await self._ask_in_secret(record)
            await self._whisper(record)
        except discord.HTTPException:
            log.exception("could not show session %s; its state is saved", record.id)
            if interaction is not None:
                await self.reply(interaction, t(self.user_language(interaction), "error.board_failed"))
        if record.status == "active":
            return
        try:
            await self.announce_end(record)
            await self._edit_lobby(record)
        except discord.HTTPException:
            log.exception("could not announce the end of session %s", record.id)

    async def _tell_news(self, record: SessionRecord) -> None:
        """The game's own message about what just happened, if it has one; players it names are pinged."""
        ui = self.uis[record.game]
        if not (record.news and ui.tells_news):
            return
        if text := ui.news(record, self.service.state(record), await self.public_language(record.guild_id)):
            channel = await self.channel(record.channel_id)
            mentions = discord.AllowedMentions(everyone=False, roles=False, users=True)
            await channel.send(text[:2000], allowed_mentions=mentions)

    async def _whisper(self, record: SessionRecord) -> None:
        """A DM to each player the last change told a secret (a new clue). If it cannot be
        sent, a public line asks them to open their private view; the secret stays there."""
        ui = self.uis[record.game]
        if not record.whispers:
            return
        state = self.service.state(record)
        lang = await self.public_language(record.guild_id)
        for seat, events in sorted(record.whispers.items()):
            user_id = record.seats[seat].user_id
            if user_id is None or record.seats[seat].left or not (text := ui.whisper(record, state, seat, events, lang)):
                continue
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(text[:2000])
            except discord.HTTPException as error:
                if error.code != DM_CLOSED:
                    log.warning("could not send session %s's secret by DM", record.id)
                channel = await self.channel(record.channel_id)
                mentions = discord.AllowedMentions(everyone=False, roles=False, users=True)
                await channel.send(t(lang, "table.dm_closed", player=seat_mention(record, seat, lang)),
                                   allowed_mentions=mentions)  # fmt: skip

    async def _ask_in_secret(self, record: SessionRecord) -> None:
        """A DM to each player a secret reaction window has just asked, with their private
        view, whose buttons answer it. Nobody else is told; if the DM cannot be sent, the
        window closes by itself (its ``My cards`` view still answers it meanwhile)."""
        if not record.asked:
            return
        ui = self.uis[record.game]
        state = self.service.state(record)
        lang = await self.public_language(record.guild_id)
        for seat in record.asked:
            user_id, closes = record.seats[seat].user_id, record.seats[seat].window
            text = t(lang, "table.asked_in_secret", game=ui.title(lang), deadline=f"<t:{int(closes or 0)}:R>",
                     link=jump_url(record))  # fmt: skip
            private = ui.private(record, state, seat, lang)
            if user_id is None or private is None:
                continue
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(**private._replace(content=text).fields(sending=True))
            except discord.HTTPException:
                log.info("could not send session %s's reaction window by DM", record.id)

    async def publish(
        self, record: SessionRecord, interaction: discord.Interaction | None = None, fresh: bool = False
    ) -> None:
        """Edit the board in place, or post it anew when old, missing or asked."""
        if record.state is None:
            return
        lang = await self.public_language(record.guild_id)
        messages = await self.render(record, lang)
        if record.status != "active":
            messages = [m._replace(view=None) for m in messages]
        if clocks := self.clock_lines(record, lang):
            first = messages[0]
            messages[0] = first._replace(content="\n".join(filter(None, [first.content, clocks])))
        channel = await self.channel(record.channel_id)
        age = self.service.clock() - (record.board_posted_at or 0)
        repost = fresh or age > BOARD_MAX_AGE or len(record.board_message_ids) != len(messages)
        clicked = interaction.message.id if interaction and interaction.message else None
        if not repost:
            # The clicked message first: that answers the interaction at once, and
            # a failed edit of the other message cannot leave the click unanswered.
            pairs = sorted(zip(record.board_message_ids, messages), key=lambda pair: pair[0] != clicked)
            try:
                for message_id, message in pairs:
                    if message.picture is not None and self._on_show.get(message_id) == message.picture:
                        message = message._replace(picture=None)  # the same picture: no new upload
                    if message_id == clicked and not interaction.response.is_done():
                        await interaction.response.edit_message(**message.fields())
                    else:
                        await channel.get_partial_message(message_id).edit(**message.fields())
                    if message.picture is not None:
                        self._remember_picture(message_id, message.picture)
            except discord.HTTPException as error:
                if error.code not in REPOST_CODES:
                    raise
                repost = True
        if interaction is not None and not interaction.response.is_done():
            await interaction.response.defer()
        if repost:
            old = record.board_message_ids
            posted = [await channel.send(**m.fields(sending=True)) for m in messages]
            if messages[0].picture is not None:
                self._remember_picture(posted[0].id, messages[0].picture)
            await self.service.update(
                record, board_message_ids=[m.id for m in posted], board_posted_at=self.service.clock()
            )
            for message_id in old:  # retire the old board's buttons
                try:
                    await channel.get_partial_message(message_id).edit(view=None)
                except discord.HTTPException:
                    pass

    def _remember_picture(self, message_id: int, picture: bytes) -> None:
        self._on_show[message_id] = picture
        while len(self._on_show) > PICTURES_KEPT:
            del self._on_show[next(iter(self._on_show))]

    async def render(self, record: SessionRecord, lang: Language) -> list[BoardMessage]:
        """The board's messages; its picture is drawn off the event loop, once per version."""
        ui = self.uis[record.game]
        state = self.service.state(record)
        messages = ui.board(record, state, lang)
        if not ui.has_picture:
            return messages
        key = (record.id, record.version, lang)
        if key not in self._pictures:
            self._pictures[key] = await asyncio.to_thread(ui.picture, record, state, lang)
            while len(self._pictures) > PICTURES_KEPT:
                del self._pictures[next(iter(self._pictures))]
        messages[0] = messages[0]._replace(picture=self._pictures[key])
        return messages

    @staticmethod
    def clock_lines(record: SessionRecord, lang: Language) -> str:
        """Who must play by when, as times every reader's client shows in their own words."""
        return "\n".join(
            t(lang, "clock.board", player=seat_name(record, i, lang), deadline=f"<t:{int(seat.deadline)}:R>")
            for i, seat in enumerate(record.seats)
            if seat.deadline is not None and record.status == "active"
        )

    async def announce_end(self, record: SessionRecord) -> None:
        lang = await self.public_language(record.guild_id)
        channel = await self.channel(record.channel_id)
        game = self.uis[record.game].title(lang)
        if record.status == "finished":
            state = self.service.state(record)
            await channel.send(embed=self.uis[record.game].result(record, state, lang))
        elif record.status == "abandoned":
            since = f"<t:{int(record.last_human_at or record.created_at)}:f>"
            await channel.send(t(lang, "table.abandoned", game=game, since=since))
        else:
            await channel.send(t(lang, "table.cancelled", game=game))

    # -- commands around a game ----------------------------------------------
    async def find(self, interaction: discord.Interaction, game: str) -> SessionRecord:
        """The open game of this kind here: in this thread or channel, the user's first."""
        found = await self.service.storage.find_sessions(
            game=game, channel_id=interaction.channel_id, statuses=("lobby", "active")
        )
        mine = [r for r in found if r.seat_of(interaction.user.id) is not None]
        if not (mine or found):
            raise UserError("error.no_game_here")
        return (mine or found)[0]

    async def _find_or_refuse(self, interaction: discord.Interaction, game: str) -> int | None:
        """The id of the game ``find`` picks, or None once the user was told there is none."""
        try:
            return (await self.find(interaction, game)).id
        except Refusal as error:
            await self.refuse(interaction, error)
            return None

    async def status(self, interaction: discord.Interaction, game: str) -> None:
        if (session_id := await self._find_or_refuse(interaction, game)) is None:
            return
        lang = self.user_language(interaction)
        async with self._handling(interaction, session_id):
            record = await self.service.get(session_id)
            if record.status == "lobby":
                return await self.reply(interaction, t(lang, "status.in_lobby", link=jump_url(record)))
            await self.publish(record, fresh=True)
            await self.reply(interaction, t(lang, "status.reposted", link=jump_url(await self.service.get(record.id))))

    async def quit(self, interaction: discord.Interaction, game: str) -> None:
        if (session_id := await self._find_or_refuse(interaction, game)) is None:
            return
        async with self._handling(interaction, session_id):
            record = await self.service.get(session_id)  # as it is now, not before the lock
            if record.status == "lobby":
                record = await self.service.lobby(record.id, interaction.user.id, "", "leave")
                await self.reply(interaction, t(self.user_language(interaction), "quit.done"))
                return await self._edit_lobby(record)
            record = await self.service.resign(record.id, interaction.user.id)
            await self.reply(interaction, t(self.user_language(interaction), "quit.done"))
            lang = await self.public_language(record.guild_id)
            seat = record.seat_of(interaction.user.id)
            try:  # a message, not only the board's log, so the thread notices
                channel = await self.channel(record.channel_id)
                await channel.send(t(lang, "quit.announce", player=seat_name(record, seat, lang)))
            except discord.HTTPException:
                log.warning("could not announce a player leaving session %s", record.id)
            await self.after_change(record)

    async def resume(self, interaction: discord.Interaction, game: str) -> None:
        """A player takes back the seat the computer was playing for them."""
        if (session_id := await self._find_or_refuse(interaction, game)) is None:
            return
        async with self._handling(interaction, session_id):
            record = await self.service.resume(session_id, interaction.user.id)
            await self.reply(interaction, t(self.user_language(interaction), "resume.done", link=jump_url(record)))
            lang = await self.public_language(record.guild_id)
            seat = record.seat_of(interaction.user.id)
            try:
                channel = await self.channel(record.channel_id)
                await channel.send(t(lang, "resume.announce", player=seat_name(record, seat, lang)))
            except discord.HTTPException:
                log.warning("could not announce a player back in session %s", record.id)
            await self.after_change(record)

    async def cancel(self, interaction: discord.Interaction, game: str) -> None:
        if (session_id := await self._find_or_refuse(interaction, game)) is None:
            return
        async with self._handling(interaction, session_id):
            record = await self.service.get(session_id)  # as it is now, not before the lock
            was_lobby = record.status == "lobby"
            record = await self.service.cancel(record.id, interaction.user.id, is_admin(interaction))
            await self.reply(interaction, t(self.user_language(interaction), "cancel.done"))
            if was_lobby:
                await self._edit_lobby(record)
            else:
                await self.after_change(record)

    async def _edit_lobby(self, record: SessionRecord) -> None:
        if record.lobby_message_id is None:
            return
        lang = await self.public_language(record.guild_id)
        channel = await self.channel(record.lobby_channel_id)
        await channel.get_partial_message(record.lobby_message_id).edit(**self.lobby_message(record, lang).fields())
