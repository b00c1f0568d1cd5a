"""What every part of the tables shares: the Discord client, the sessions, the games' UIs,
languages, posting to a table and DMs, and handling one request under its session's lock."""

import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from typing import Any

import discord

from bot import tutorials
from bot.errors import UserError
from bot.i18n import Language, language_of, t
from bot.replay_builder import PageBuilder
from bot.sessions import SessionService
from bot.storage import EVERY_SHARD, DatabaseUnreachable, SessionRecord, Shards
from bot.ui.game_ui import GameUI
from bot.ui.permissions import missing_text
from bot.ui.replies import Reply
from games.core.errors import Refusal

log = logging.getLogger(__name__)
DM_CLOSED = 50007  # Discord: cannot send messages to this user
# what showing a change keeps on its record, known only once Discord answered: message ids (the
# board's, a ping's, a clock notice's), when the board was posted, the version it shows, the thread


def mentioning(users: Iterable[int] = ()) -> discord.AllowedMentions:
    """A message that notifies these users, and nobody else (no role, no @everyone)."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in users])


def is_admin(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return perms.manage_guild or perms.administrator


def jump_url(record: SessionRecord) -> str:
    message = record.board_message_ids[0] if record.board_message_ids else record.lobby_message_id
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}/{message}"


class TableCore:
    def __init__(
        self,
        client: discord.Client,
        service: SessionService,
        default_language: Language,
        shards: Shards = EVERY_SHARD,
        pages: PageBuilder | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.default_language = default_language
        self.shards = shards  # the tables of these shards' servers are this process's
        self.pages = pages or PageBuilder()  # where replay pages are built
        self.uis: dict[str, GameUI] = {}

    def register(self, ui: GameUI) -> None:
        self.uis[ui.game] = ui
        tutorials.register(ui.lessons)

    # -- bookkeeping ----------------------------------------------------------
    async def keep(self, record: SessionRecord, at_once: bool = False) -> None:
        """The bookkeeping just changed on ``record`` (``bot.sessions.bookkeeping``): written with the
        table's next save, or ``at_once`` (a new board: a crash must not leave two boards with live
        controls)."""
        if at_once:
            await self.service.update(record)
        else:
            self.service.note(record)

    # -- languages and replies ----------------------------------------------
    async def public_language(self, guild_id: int | None) -> Language:
        """The server's setting, else the server's own locale, else the default."""
        if guild_id is None:
            return self.default_language
        stored = (await self.service.storage.guild_settings(guild_id)).language
        if stored is not None:
            return stored
        guild = self.client.get_guild(guild_id)
        return language_of(guild.preferred_locale, self.default_language) if guild else self.default_language

    async def table_language(self, record: SessionRecord) -> Language:
        """What a table's public messages speak: the server's language, or a tutorial's learner's."""
        return record.tutorial.lang if record.tutorial else await self.public_language(record.guild_id)

    def user_language(self, interaction: discord.Interaction) -> Language:
        return language_of(interaction.locale, self.default_language)

    def reply_to(self, interaction: discord.Interaction) -> Reply:
        return Reply(interaction, self.user_language(interaction))

    async def channel(self, channel_id: int) -> Any:
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

    async def post(
        self, channel_id: int, content: str | None = None, *, ping: Iterable[int] = (), **fields: Any
    ) -> discord.Message:
        """A message in a table's channel that notifies the users of ``ping`` and nobody else."""
        channel = await self.channel(channel_id)
        return await channel.send(content, allowed_mentions=mentioning(ping), **fields)

    async def dm(self, user_id: int, content: str | None = None, **fields: Any) -> bool:
        """A direct message; False when the user's DMs are closed (``discord.HTTPException`` for other
        failures)."""
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        try:
            await user.send(content, **fields)
        except discord.HTTPException as error:
            if error.code == DM_CLOSED:
                return False
            raise
        return True

    @asynccontextmanager
    async def handling(self, reply: Reply, session_id: int) -> AsyncIterator[None]:
        """Holds the session's lock for one request and answers it whatever happens.

        A request queued behind another is acknowledged first (``Reply.wait``: nobody
        else sees it), so it is answered within Discord's 3 seconds; refusals and
        failures get a private reply.
        """

        async def acknowledge() -> None:  # a refused acknowledgement (Discord 5xx) does not drop the request
            try:
                await reply.wait()
            except discord.HTTPException as error:
                log.warning("could not acknowledge a request on session %s (%s)", session_id, error.status)

        try:
            async with self.service.lock(session_id).holding(acknowledge):  # held here, or by another process
                yield
            await reply.finish()
        except Refusal as error:
            await reply.refuse(error)
        except discord.Forbidden:
            log.warning("missing permissions for a request on session %s", session_id)
            await self._say_forbidden(reply, session_id)
        except DatabaseUnreachable:  # nothing was saved: the same click works once it is back
            with suppress(discord.HTTPException):
                await reply.say("error.database")
        except Exception:
            log.exception("request on session %s failed", session_id)
            with suppress(discord.HTTPException):
                await reply.say("error.internal")

    async def _say_forbidden(self, reply: Reply, session_id: int) -> None:
        """Discord refused the bot something in the game's channel: name what it lacks."""
        try:
            record = await self.service.get(session_id)
            text = missing_text(await self.channel(record.channel_id), self.uis[record.game], reply.lang)
            await reply.send("⛔ " + (text or t(reply.lang, "error.internal")))
        except (discord.HTTPException, Refusal):
            log.warning("could not explain missing permissions on session %s", session_id)

    async def find(self, interaction: discord.Interaction, game: str) -> SessionRecord:
        """The open game of this kind here: in this thread or channel, the user's first."""
        found = await self.service.storage.find_sessions(
            game=game, channel_id=interaction.channel_id, statuses=("lobby", "active")
        )
        # a tutorial keeps no seat busy: only its own thread finds it
        found = [r for r in found if r.tutorial is None or r.channel_id == interaction.channel_id]
        mine = [r for r in found if r.seat_of(interaction.user.id) is not None]
        if not (mine or found):
            raise UserError("error.no_game_here")
        return (mine or found)[0]
