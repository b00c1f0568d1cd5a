"""Le labyrinthe secret in Discord: ``/labyrinthe start``, a public board with the castle's picture."""

from discord.ext import commands

from cogs.labyrinthe.cog import LabyrintheCog


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LabyrintheCog(bot))
