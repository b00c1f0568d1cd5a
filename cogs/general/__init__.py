"""Commands shared by every game: help, running games, settings, stats, history, replays."""

from discord.ext import commands

from cogs.general.help import HelpCog
from cogs.general.settings import SettingsCog
from cogs.general.stats import StatsCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
    await bot.add_cog(SettingsCog(bot))
    await bot.add_cog(StatsCog(bot))
