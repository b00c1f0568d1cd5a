"""The bot: storage, session service, persistent buttons and every cog."""

import logging
import pkgutil

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from bot.config import Settings
from bot.i18n import CatalogTranslator
from bot.sessions import SessionService
from bot.storage import SqliteStorage, Storage
from bot.ui.components import DYNAMIC_ITEMS, on_modal
from bot.ui.tables import Tables
from bot.ui.timekeeper import Timekeeper

log = logging.getLogger(__name__)


def extensions() -> list[str]:
    """Every cog package under ``cogs/``: a new game needs no change here."""
    return sorted(f"cogs.{info.name}" for info in pkgutil.iter_modules(cogs.__path__) if info.ispkg)


class GameBot(commands.Bot):
    def __init__(self, settings: Settings, storage: Storage | None = None) -> None:
        # Default intents only: no privileged intent is needed.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None)
        self.settings = settings
        self.storage = storage or SqliteStorage(settings.database_path)
        # discord.utils.utcnow is the real time in production and SimCord's virtual
        # time in tests, so stored times and deadlines follow env.advance_time().
        self.service = SessionService(self.storage, clock=lambda: discord.utils.utcnow().timestamp())
        self.tables = Tables(self, self.service, settings.default_language)
        self.timekeeper = Timekeeper(self.tables)
        self.tree.on_error = self.on_app_command_error
        self._caught_up = False

    async def setup_hook(self) -> None:
        await self.storage.open()
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogTranslator())
        for name in extensions():
            await self.load_extension(name)
        await self.sync_commands()
        self.timekeeper.start()

    async def sync_commands(self) -> None:
        """Globally by default; to one test server at once when DEV_GUILD_ID is set."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        self.timekeeper.stop()
        await super().close()
        await self.storage.close()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.exception("command failed", exc_info=error)
        await self.tables.reply_to(interaction).say("error.internal")

    async def on_ready(self) -> None:
        if not self._caught_up:  # once per process: boards a crash left behind
            self._caught_up = True
            await self.tables.catch_up()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.modal_submit:
            await on_modal(interaction)

    async def on_error(self, event: str, /, *args: object, **kwargs: object) -> None:
        log.exception("error in %s", event)
