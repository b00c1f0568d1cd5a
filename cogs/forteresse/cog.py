"""The ``/forteresse`` command group: start, hand, and the commands every game shares."""

import discord
from discord import app_commands

from bot.i18n import command_text as text
from bot.ui.game_cog import GameCog, start_command
from cogs.forteresse.board import ForteresseUI


class ForteresseCog(GameCog, group_name=text("cmd.forteresse.name"), group_description=text("cmd.forteresse.desc")):
    ui = ForteresseUI()
    start = start_command(ui)  # a solitaire: the table opens and the game starts at once

    @app_commands.command(name=text("cmd.forteresse.hand.name"), description=text("cmd.forteresse.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """The player's hand and the controls of the step, privately."""
        await self.tables.show_private_here(interaction, self.ui.game)
