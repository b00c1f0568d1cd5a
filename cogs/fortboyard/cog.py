"""The ``/fortboyard`` command group: start, codeword, and the commands every game shares."""

from typing import Any

import discord
from discord import app_commands

from bot.i18n import command_text as text
from bot.ui.game_cog import GameCog, start_command
from cogs.fortboyard.board import FortBoyardUI
from games.fortboyard.deck import CATEGORIES


class FortBoyardCog(GameCog, group_name=text("cmd.fortboyard.name"), group_description=text("cmd.fortboyard.desc")):
    ui = FortBoyardUI()
    start = start_command(ui)

    async def start_options(self, interaction: discord.Interaction, given: dict[str, Any]) -> dict[str, Any]:
        """The cards in the server's language unless chosen; one computer skill for every category."""
        skill, language = given.pop("computer"), given["language"]
        options = await super().start_options(interaction, given)
        options["language"] = language or await self.tables.public_language(interaction.guild_id)
        if skill is not None:
            options["computer"] = dict.fromkeys(CATEGORIES, skill)
        return options

    @app_commands.command(name=text("cmd.fortboyard.codeword.name"), description=text("cmd.fortboyard.codeword.desc"))
    async def codeword(self, interaction: discord.Interaction) -> None:
        """The player's clues so far, privately (also when DMs are closed)."""
        await self.tables.show_private_here(interaction, self.ui.game)
