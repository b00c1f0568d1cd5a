"""The ``/labyrinthe`` command group: start, box, and the commands every game shares."""

import discord
from discord import app_commands

from bot.i18n import command_text as text
from bot.ui.game_cog import GameCog, start_command
from cogs.labyrinthe.board import LabyrintheUI


class LabyrintheCog(GameCog, group_name=text("cmd.labyrinthe.name"), group_description=text("cmd.labyrinthe.desc")):
    ui = LabyrintheUI()
    start = start_command(ui)

    @app_commands.command(name=text("cmd.labyrinthe.box.name"), description=text("cmd.labyrinthe.box.desc"))
    async def box(self, interaction: discord.Interaction) -> None:
        """The player's treasure box and, in a duel, the secret choice, privately."""
        await self.tables.show_private_here(interaction, self.ui.game)
