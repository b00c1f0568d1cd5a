"""What the board, the private view, the picture's text alternative and the narration call
things: pawns, cells, grid squares, signs; the game's name and colour."""

from bot.i18n import Language, t
from games.fortboyard import ENGINE
from games.fortboyard.track import FOURAS, TRACK

GAME = ENGINE.name
COLOUR = 0x9C4221

PAWNS = ("🔴", "🔵", "🟢", "🟡", "🟣", "🟠")  # the pawns' colours on the picture, seat by seat
SIGN_EMOJI = {"stone": "🪨", "paper": "📄", "scissors": "✂️", "well": "🕳️"}


def grid_label(cell: int, size: int) -> str:
    """A sea-battle cell: column letter, row number ("B2")."""
    return f"{'ABCD'[cell % size]}{cell // size + 1}"


def cell_name(cell: int, lang: Language) -> str:
    return t(lang, "fortboyard.cell.fouras") if cell == FOURAS else t(lang, f"fortboyard.cell.{TRACK[cell]}")
