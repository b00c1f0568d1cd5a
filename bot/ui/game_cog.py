"""The commands every game shares: rules, status, quit, resume and cancel.

A game's cog subclasses ``GameCog`` with its group name, sets ``ui`` and adds
its own ``start`` command (its options differ per game), which ends with the
``turn_clock`` option every game has (``TURN_CLOCK``).
"""

from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import command_text
from bot.storage import MAX_TURN_MINUTES
from bot.ui.bot_cog import TablesAccess
from bot.ui.game_ui import GameUI

TURN_CLOCK = app_commands.Range[int, 0, MAX_TURN_MINUTES]  # minutes per turn; 0: no clock


class GameCog(TablesAccess, commands.GroupCog):
    ui: ClassVar[GameUI]

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.tables.register(self.ui)
        super().__init__()

    async def open_table(self, interaction: discord.Interaction, options: dict, turn_clock: int | None) -> None:
        """Every game's ``start``: its own options, and the turn clock every game has."""
        await self.tables.open_lobby(interaction, self.ui.game, options, turn_clock)

    @app_commands.command(name=command_text("cmd.rules.name"), description=command_text("cmd.rules.desc"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.tables.show_rules(interaction, self.ui.game)

    @app_commands.command(name=command_text("cmd.status.name"), description=command_text("cmd.status.desc"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self.tables.status(interaction, self.ui.game)

    @app_commands.command(name=command_text("cmd.quit.name"), description=command_text("cmd.quit.desc"))
    async def quit(self, interaction: discord.Interaction) -> None:
        await self.tables.quit(interaction, self.ui.game)

    @app_commands.command(name=command_text("cmd.resume.name"), description=command_text("cmd.resume.desc"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.tables.resume(interaction, self.ui.game)

    @app_commands.command(name=command_text("cmd.cancel.name"), description=command_text("cmd.cancel.desc"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.tables.cancel(interaction, self.ui.game)
