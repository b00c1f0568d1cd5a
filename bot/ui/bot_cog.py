"""How cogs reach the bot's tables (sessions, storage, languages)."""

import discord
from discord.ext import commands

from bot.ui.tables import Tables


def tables_of(client: discord.Client) -> Tables:
    """The tables of this client: the bot's (``bot.app.GameBot.tables``; the bot imports the cogs, so
    they find its tables here rather than import it)."""
    tables = getattr(client, "tables", None)
    assert isinstance(tables, Tables)
    return tables


class TablesAccess:
    bot: commands.Bot

    @property
    def tables(self) -> Tables:
        return tables_of(self.bot)


def guild_of(interaction: discord.Interaction) -> int:
    """The server a guild-only command was used in."""
    assert interaction.guild_id is not None  # discord.py refuses a guild-only command elsewhere
    return interaction.guild_id


class BotCog(TablesAccess, commands.Cog):
    """Base of the shared (non-game) cogs."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
