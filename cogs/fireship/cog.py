"""The ``/fireship`` command group: start, cards, and the commands every game shares."""

import discord
from discord import app_commands

from bot.i18n import command_text as text
from bot.ui.game_cog import GameCog, start_command
from cogs.fireship.board import FireshipUI


class FireshipCog(GameCog, group_name=text("cmd.fireship.name"), group_description=text("cmd.fireship.desc")):
    ui = FireshipUI()
    start = start_command(ui)

    @app_commands.command(name=text("cmd.fireship.cards.name"), description=text("cmd.fireship.cards.desc"))
    async def cards(self, interaction: discord.Interaction) -> None:
        """The player's kept cards and badges, and the plays they allow, privately."""
        await self.tables.show_private_here(interaction, self.ui.game)
