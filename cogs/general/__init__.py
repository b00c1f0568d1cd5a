"""Commands shared by every game: settings, stats, leaderboards, history and replays."""

from discord.ext import commands

from cogs.general.settings import SettingsCog
from cogs.general.stats import StatsCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
    await bot.add_cog(StatsCog(bot))
