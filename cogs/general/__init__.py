"""Commands shared by every game. Issue 3 grows this into the full settings panel."""

from discord.ext import commands

from cogs.general.settings import SettingsCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
