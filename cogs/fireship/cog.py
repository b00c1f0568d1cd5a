"""The ``/fireship`` command group: start, cards, and the commands every game shares."""

import discord
from discord import app_commands

from bot.i18n import command_text as text
from bot.ui.game_cog import TURN_CLOCK, GameCog
from cogs.fireship.board import FireshipUI

ROUNDS = app_commands.Range[int, 0, 99]


class FireshipCog(GameCog, group_name=text("cmd.fireship.name"), group_description=text("cmd.fireship.desc")):
    ui = FireshipUI()

    @app_commands.command(name=text("cmd.start.name"), description=text("cmd.fireship.start.desc"))
    @app_commands.rename(rounds=text("cmd.fireship.rounds.name"), turn_clock=text("cmd.start.turn_clock.name"))
    @app_commands.describe(rounds=text("cmd.fireship.rounds.desc"), turn_clock=text("cmd.start.turn_clock.desc"))
    async def start(
        self, interaction: discord.Interaction, rounds: ROUNDS = 20, turn_clock: TURN_CLOCK | None = None
    ) -> None:
        await self.open_table(interaction, {"rounds": rounds}, turn_clock)

    @app_commands.command(name=text("cmd.fireship.cards.name"), description=text("cmd.fireship.cards.desc"))
    async def cards(self, interaction: discord.Interaction) -> None:
        """The player's kept cards and badges, and the plays they allow, privately."""
        await self.tables.show_private_here(interaction, self.ui.game)
