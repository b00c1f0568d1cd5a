"""The ``/labyrinthe`` command group: start, box, and the commands every game shares."""

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.i18n import command_text as text
from bot.ui.game_cog import TURN_CLOCK, GameCog
from cogs.labyrinthe.board import LabyrintheUI


class LabyrintheCog(GameCog, group_name=text("cmd.labyrinthe.name"), group_description=text("cmd.labyrinthe.desc")):
    ui = LabyrintheUI()

    @app_commands.command(name=text("cmd.start.name"), description=text("cmd.labyrinthe.start.desc"))
    @app_commands.rename(
        open_boxes=text("cmd.labyrinthe.open_boxes.name"),
        first_player=text("cmd.labyrinthe.first_player.name"),
        turn_clock=text("cmd.start.turn_clock.name"),
    )
    @app_commands.describe(
        open_boxes=text("cmd.labyrinthe.open_boxes.desc"),
        first_player=text("cmd.labyrinthe.first_player.desc"),
        turn_clock=text("cmd.start.turn_clock.desc"),
    )
    @app_commands.choices(
        first_player=[
            Choice(name=text("labyrinthe.first_player.random"), value="random"),
            Choice(name=text("labyrinthe.first_player.lobby"), value="lobby"),
        ],
    )
    async def start(
        self,
        interaction: discord.Interaction,
        open_boxes: bool = False,
        first_player: str = "random",
        turn_clock: TURN_CLOCK | None = None,
    ) -> None:
        await self.open_table(interaction, {"open_boxes": open_boxes, "first_player": first_player}, turn_clock)

    @app_commands.command(name=text("cmd.labyrinthe.box.name"), description=text("cmd.labyrinthe.box.desc"))
    async def box(self, interaction: discord.Interaction) -> None:
        """The player's treasure box and, in a duel, the secret choice, privately."""
        await self.tables.show_private_here(interaction, self.ui.game)
