"""What the board, the picture's text alternative and the narration call things: pawns,
cells, grid squares, the hourglass."""

from babel.lists import format_list
from babel.units import format_unit

from bot.i18n import Language, t
from games.fortboyard.track import FOURAS, TRACK

PAWNS = ("🔴", "🔵", "🟢", "🟡", "🟣", "🟠")  # the pawns' colours on the picture, seat by seat
SIGN_EMOJI = {"stone": "🪨", "paper": "📄", "scissors": "✂️", "well": "🕳️"}


def grid_label(cell: int, size: int) -> str:
    """A sea-battle cell: column letter, row number ("B2")."""
    return f"{'ABCD'[cell % size]}{cell // size + 1}"


def cell_name(cell: int, lang: Language) -> str:
    return t(lang, "fortboyard.cell.fouras") if cell == FOURAS else t(lang, f"fortboyard.cell.{TRACK[cell]}")


def seconds_text(seconds: int, lang: Language) -> str:
    """The hourglass written out: "30 secondes", "1 minute and 30 seconds" (``bot.i18n.duration``
    stops at minutes)."""
    minutes, rest = divmod(seconds, 60)
    units = (("duration-minute", minutes), ("duration-second", rest))
    parts = [format_unit(n, unit, length="long", locale=lang) for unit, n in units if n]
    return format_list(parts, locale=lang) if parts else format_unit(0, "duration-second", length="long", locale=lang)
