"""The ``/fortboyard`` command group: start, codeword, and the commands every game shares."""

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.i18n import command_text as text
from bot.ui.game_cog import TURN_CLOCK, GameCog
from cogs.fortboyard.board import FortBoyardUI
from games.fortboyard.deck import CATEGORIES
from games.fortboyard.models import CLOCK, CLOCK_RANGE


class FortBoyardCog(GameCog, group_name=text("cmd.fortboyard.name"), group_description=text("cmd.fortboyard.desc")):
    ui = FortBoyardUI()

    @app_commands.command(name=text("cmd.start.name"), description=text("cmd.fortboyard.start.desc"))
    @app_commands.rename(
        cards=text("cmd.fortboyard.cards.name"),
        side=text("cmd.fortboyard.side.name"),
        hourglass=text("cmd.fortboyard.clock.name"),
        computer_skill=text("cmd.fortboyard.skill.name"),
        turn_clock=text("cmd.start.turn_clock.name"),
    )
    @app_commands.describe(
        cards=text("cmd.fortboyard.cards.desc"),
        side=text("cmd.fortboyard.side.desc"),
        hourglass=text("cmd.fortboyard.clock.desc"),
        computer_skill=text("cmd.fortboyard.skill.desc"),
        turn_clock=text("cmd.start.turn_clock.desc"),
    )
    @app_commands.choices(
        cards=[
            Choice(name=text("fortboyard.language.fr"), value="fr"),
            Choice(name=text("fortboyard.language.en"), value="en"),
        ],
        side=[Choice(name=text(f"fortboyard.side.{side}"), value=side) for side in ("random", "red", "blue")],
    )
    async def start(
        self,
        interaction: discord.Interaction,
        cards: str | None = None,
        side: str = "random",
        hourglass: app_commands.Range[int, CLOCK_RANGE[0], CLOCK_RANGE[1]] = CLOCK,
        computer_skill: app_commands.Range[int, 0, 100] | None = None,
        turn_clock: TURN_CLOCK | None = None,
    ) -> None:
        options: dict = {
            "language": cards or await self.tables.public_language(interaction.guild_id),
            "side": side,
            "clock": hourglass,
        }
        if computer_skill is not None:
            options["computer"] = dict.fromkeys(CATEGORIES, computer_skill)
        await self.open_table(interaction, options, turn_clock)

    @app_commands.command(name=text("cmd.fortboyard.codeword.name"), description=text("cmd.fortboyard.codeword.desc"))
    async def codeword(self, interaction: discord.Interaction) -> None:
        """The player's clues so far, privately (also when DMs are closed)."""
        await self.tables.show_private_here(interaction, self.ui.game)
