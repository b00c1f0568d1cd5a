"""The commands every game shares: start, rules, learn, status, quit, resume and cancel.

A game's cog subclasses ``GameCog`` with its group name and sets ``ui``; its ``start`` command
is derived from the game's options declaration (``start_command``); it may add commands of its
own (a private hand, a code word).
"""

import inspect
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n import command_text
from bot.storage import MAX_TURN_MINUTES
from bot.ui.bot_cog import TablesAccess
from bot.ui.game_options import HINTS_OPTION, TURN_CLOCK_OPTION, default, model_options
from bot.ui.game_ui import GameUI

TURN_CLOCK = app_commands.Range[int, 0, MAX_TURN_MINUTES]  # minutes per turn; 0: no clock


def start_command(ui: GameUI) -> app_commands.Command:
    """``/<game> start``: one parameter per option of ``ui.command_options()`` then the turn
    clock and the hints (yes by default), all optional. A yes-or-no option is a boolean; a choice offers its values (the default
    first, then the model's order) worded as ``<game>.<option>.<value>``; a number has its bounds."""
    game, specs = ui.game, {spec.name: spec for spec in model_options(ui.game)}
    kinds: dict[str, Any] = {}  # each parameter's type
    renames, descriptions, choices = {}, {}, {}
    for option in ui.command_options():
        name, stem = option.field, f"cmd.{game}.{option.words or option.field}"
        renames[name], descriptions[name] = command_text(f"{stem}.name"), command_text(f"{stem}.desc")
        if option.bounds:
            kinds[name] = app_commands.Range[int, option.bounds[0], option.bounds[1]]
        elif (spec := specs[name]).choices == (True, False):
            kinds[name] = bool
        elif spec.choices:
            kinds[name], first = str, default(game, name)
            values = [first, *(value for value in spec.choices if value != first)]
            choices[name] = [Choice(name=command_text(f"{game}.{name}.{value}"), value=value) for value in values]
        else:
            kinds[name] = app_commands.Range[int, spec.low, spec.high]
    kinds[TURN_CLOCK_OPTION], kinds[HINTS_OPTION] = TURN_CLOCK, bool
    for name in (TURN_CLOCK_OPTION, HINTS_OPTION):
        renames[name] = command_text(f"cmd.start.{name}.name")
        descriptions[name] = command_text(f"cmd.start.{name}.desc")

    async def start(cog: "GameCog", interaction: discord.Interaction, **given: Any) -> None:
        turn_clock, hints = given.pop(TURN_CLOCK_OPTION), given.pop(HINTS_OPTION)
        options = await cog.start_options(interaction, given)
        await cog.open_table(interaction, options, turn_clock, hints is not False)

    # discord.py reads the parameters from the callback's signature: it is written from the declaration.
    first = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_ONLY) for name in ("cog", "interaction")]
    given = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=kind | None, default=None)
        for name, kind in kinds.items()
    ]
    start.__signature__ = inspect.Signature([*first, *given])  # type: ignore[attr-defined]
    start.__qualname__ = "GameCog.start"  # a method: discord.py passes the cog first
    app_commands.rename(**renames)(start)
    app_commands.describe(**descriptions)(start)
    app_commands.choices(**choices)(start)
    description = command_text(f"cmd.{game}.start.desc")
    return app_commands.command(name=command_text("cmd.start.name"), description=description)(start)


class GameCog(TablesAccess, commands.GroupCog):
    ui: ClassVar[GameUI]

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.tables.register(self.ui)
        super().__init__()

    async def start_options(self, interaction: discord.Interaction, given: dict[str, Any]) -> dict[str, Any]:
        """The table's options from the start command's: an option left out takes the game's default."""
        return {name: default(self.ui.game, name) if value is None else value for name, value in given.items()}

    async def open_table(
        self, interaction: discord.Interaction, options: dict, turn_clock: int | None, hints: bool = True
    ) -> None:
        """Every game's ``start``: its own options, and the turn clock and hints every game has."""
        await self.tables.open_lobby(interaction, self.ui.game, options, turn_clock, hints)

    @app_commands.command(name=command_text("cmd.rules.name"), description=command_text("cmd.rules.desc"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.tables.show_rules(interaction, self.ui.game)

    @app_commands.command(name=command_text("cmd.learn.name"), description=command_text("cmd.learn.desc"))
    async def learn(self, interaction: discord.Interaction) -> None:
        """A tutorial: a guided first game (``bot/tutorials.py``), or "coming soon" for a game without one."""
        await self.tables.learn(interaction, self.ui.game)

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
