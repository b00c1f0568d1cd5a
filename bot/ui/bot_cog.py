"""How cogs reach the bot's tables (sessions, storage, languages)."""

from discord.ext import commands

from bot.ui.tables import Tables


class TablesAccess:
    bot: commands.Bot

    @property
    def tables(self) -> Tables:
        return self.bot.tables  # type: ignore[attr-defined]


class BotCog(TablesAccess, commands.Cog):
    """Base of the shared (non-game) cogs."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
