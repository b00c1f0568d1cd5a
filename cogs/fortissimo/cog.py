"""The ``/fortissimo`` command group."""

from bot.i18n import command_text as text
from bot.ui.game_cog import GameCog, start_command
from cogs.fortissimo.board import FortissimoUI


class FortissimoCog(GameCog, group_name=text("cmd.fortissimo.name"), group_description=text("cmd.fortissimo.desc")):
    ui = FortissimoUI()
    start = start_command(ui)
