"""The bot: storage, session service, persistent buttons and every cog.

One process runs every shard unless SHARD_COUNT is set; then it runs the shards of
SHARD_IDS (all of them without it), and other processes on the same PostgreSQL database
run the rest.
"""

import logging
import pkgutil
from contextlib import AsyncExitStack
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from bot.config import Settings
from bot.i18n import CatalogTranslator
from bot.replay_builder import PageBuilder
from bot.search_pool import SearchPool
from bot.sessions import SessionService
from bot.storage import EVERY_SHARD, DatabaseUnreachable, Shards, Storage, storage_for
from bot.ui.components import DYNAMIC_ITEMS, on_modal
from bot.ui.computer_turns import ComputerTurns
from bot.ui.tables import Tables
from bot.ui.timekeeper import Timekeeper

log = logging.getLogger(__name__)


def extensions() -> list[str]:
    """Every cog package under ``cogs/``: a new game needs no change here."""
    return sorted(f"cogs.{info.name}" for info in pkgutil.iter_modules(cogs.__path__) if info.ispkg)


def shards_of(settings: Settings) -> Shards:
    """The shards this process serves, for the tables whose timers it handles."""
    if settings.shard_count is None:
        return EVERY_SHARD
    return Shards(settings.shard_count, frozenset(settings.shard_ids) if settings.shard_ids else None)


def create_bot(settings: Settings, storage: Storage | None = None) -> "GameBot":
    """A sharded bot when SHARD_COUNT is set, else one connection as a small bot has."""
    return (ShardedGameBot if settings.shard_count else GameBot)(settings, storage)


class GameBot(commands.Bot):
    """The bot, assembled here: each part gets what it needs, and each listener is passed where the
    part that calls it is built. What it opens it closes, in the reverse order (``close``)."""

    def __init__(self, settings: Settings, storage: Storage | None = None, **client_options: Any) -> None:
        """``storage``: an opened database the caller closes (``python -m bot`` holds it for its shard
        leases); without it, the bot opens and closes its own."""
        # The bot uses no voice: discord.py's warnings that voice is not supported (no PyNaCl, no
        # davey) would only look like errors at every start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # The servers, channels and threads only: the bot reads no message (its controls and
        # commands come as interactions), so Discord sends it no message event to parse.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            **client_options,
        )
        self.settings = settings
        self.shards_served = shards_of(settings)
        self.owns_storage = storage is None
        self.storage = storage or storage_for(
            settings.database_url, settings.database_path, settings.database_pool_size
        )
        self.search = SearchPool()  # strong computer players' worker processes, started when first needed
        self.replay_builder = PageBuilder()  # replay pages' worker processes, one per page under way
        # discord.utils.utcnow is the real time in production and SimCord's virtual
        # time in tests, so stored times and deadlines follow env.advance_time().
        self.service = SessionService(
            self.storage,
            clock=lambda: discord.utils.utcnow().timestamp(),
            search_seconds=settings.search_ms / 1000,
            search_iterations=settings.search_iterations,
            search=self.search,
            on_computers=lambda session_id: self.computers.kick(session_id),
            on_wake=lambda when: self.timekeeper.wake_by(when),
        )
        self.tables = Tables(self, self.service, settings.default_language, self.shards_served, self.replay_builder)
        self.timekeeper = Timekeeper(self.tables)
        self.storage.watch(self.timekeeper.wake_by)  # wake-up times other processes save
        self.computers = ComputerTurns(self.tables, pause=settings.computer_pause_ms / 1000)
        self.work = AsyncExitStack()  # what the bot runs, stopped in the reverse order (``stop_work``)
        self.tree.error(self.on_app_command_error)
        self._caught_up = False

    async def setup_hook(self) -> None:
        if self.owns_storage:
            await self.storage.open()
        self.work.push_async_callback(self.service.write_pending)  # last: once nothing plays any more
        self.work.push_async_callback(self.search.close)
        self.work.push_async_callback(self.replay_builder.close)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogTranslator())
        for name in extensions():
            await self.load_extension(name)
        if self.shards_served.owns(None):  # the process with shard 0 syncs for every process
            await self.sync_commands()
        self.timekeeper.start()
        self.work.push_async_callback(self.timekeeper.stop)
        self.work.push_async_callback(self.computers.stop)  # they play from the first change or ``on_ready``
        if self.settings.shard_count:
            shown = ", ".join(map(str, self.settings.shard_ids or range(self.settings.shard_count)))
            log.info("serving shards %s of %s", shown, self.settings.shard_count)

    async def sync_commands(self) -> None:
        """Globally by default; to one test server at once when DEV_GUILD_ID is set."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def stop_work(self) -> None:
        """Stop the computer players and the clock, end the replay and search workers, each task
        awaited, and write the tables' pending bookkeeping."""
        await self.work.aclose()

    async def close(self) -> None:
        await self.stop_work()
        await super().close()
        if self.owns_storage:
            await self.storage.close()

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error.__cause__, DatabaseUnreachable):  # nothing was saved: try again once it is back
            await self.tables.reply_to(interaction).say("error.database")
            return
        log.exception("command failed", exc_info=error)
        await self.tables.reply_to(interaction).say("error.internal")

    async def on_ready(self) -> None:
        if not self._caught_up:  # once per process: boards a crash left behind
            self._caught_up = True
            await self.tables.catch_up()
            await self.computers.resume_all()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.modal_submit:
            await on_modal(interaction)

    async def on_error(self, event: str, /, *args: object, **kwargs: object) -> None:
        log.exception("error in %s", event)


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The same bot over discord.py's shards: SHARD_COUNT in all, SHARD_IDS here."""

    def __init__(self, settings: Settings, storage: Storage | None = None) -> None:
        ids = list(settings.shard_ids) if settings.shard_ids else None
        super().__init__(settings, storage, shard_count=settings.shard_count, shard_ids=ids)
