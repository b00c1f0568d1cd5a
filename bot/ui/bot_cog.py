"""Base of the shared (non-game) cogs: they reach sessions, storage and texts through the tables."""

from discord.ext import commands

from bot.ui.tables import Tables


class BotCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def tables(self) -> Tables:
        return self.bot.tables  # type: ignore[attr-defined]
