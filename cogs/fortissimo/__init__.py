"""Fortissimo! in Discord: ``/fortissimo start`` and a grid of buttons."""

from discord.ext import commands

from cogs.fortissimo.cog import FortissimoCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FortissimoCog(bot))
