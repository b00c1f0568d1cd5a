"""The ``/fortissimo`` command group."""

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.i18n import command_text as text
from bot.ui.game_cog import TURN_CLOCK, GameCog
from cogs.fortissimo.board import FortissimoUI


class FortissimoCog(GameCog, group_name=text("cmd.fortissimo.name"), group_description=text("cmd.fortissimo.desc")):
    ui = FortissimoUI()

    @app_commands.command(name=text("cmd.start.name"), description=text("cmd.fortissimo.start.desc"))
    @app_commands.rename(
        variant=text("cmd.fortissimo.variant.name"),
        crow_cap=text("cmd.fortissimo.crow_cap.name"),
        first_player=text("cmd.fortissimo.first_player.name"),
        turn_clock=text("cmd.start.turn_clock.name"),
    )
    @app_commands.describe(
        variant=text("cmd.fortissimo.variant.desc"),
        crow_cap=text("cmd.fortissimo.crow_cap.desc"),
        first_player=text("cmd.fortissimo.first_player.desc"),
        turn_clock=text("cmd.start.turn_clock.desc"),
    )
    @app_commands.choices(
        variant=[
            Choice(name=text("fortissimo.variant.basic"), value="basic"),
            Choice(name=text("fortissimo.variant.advanced"), value="advanced"),
        ],
        first_player=[
            Choice(name=text("fortissimo.first_player.random"), value="random"),
            Choice(name=text("fortissimo.first_player.lobby"), value="lobby"),
        ],
    )
    async def start(
        self,
        interaction: discord.Interaction,
        variant: str = "basic",
        crow_cap: bool = False,
        first_player: str = "random",
        turn_clock: TURN_CLOCK | None = None,
    ) -> None:
        options = {"variant": variant, "crow_cap": crow_cap, "first_player": first_player}
        await self.open_table(interaction, options, turn_clock)
