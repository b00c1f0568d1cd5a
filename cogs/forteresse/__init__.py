"""Forteresse Solo in Discord: ``/forteresse start``, a public board and a private hand."""

from discord.ext import commands

from cogs.forteresse.cog import ForteresseCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ForteresseCog(bot))
