"""Fort Boyard in Discord: ``/fortboyard start``, a public board with the Fort's track,
trials played in the thread, clues by DM."""

from discord.ext import commands

from cogs.fortboyard.cog import FortBoyardCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FortBoyardCog(bot))
