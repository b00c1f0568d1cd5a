"""Fireship in Discord: ``/fireship start``, a public board with the map's picture."""

from discord.ext import commands

from cogs.fireship.cog import FireshipCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FireshipCog(bot))
