"""What the board, the private view, the picture's text alternative and the narration call
things: pawns, treasures, path changes, duel signs; the game's name and colour."""

from bot.i18n import Language, t
from games.labyrinthe import ENGINE
from games.labyrinthe.models import Turn

GAME = ENGINE.name
COLOUR = 0x2C5282

SIGN_EMOJI = {"rock": "🪨", "paper": "📄", "scissors": "✂️"}
PAWNS = ("🔴", "🔵", "🟢", "🟡")  # the pawns' colours on the picture, seat by seat
TREASURES = (
    ("crown", "👑"), ("ring", "💍"), ("key", "🗝️"), ("sword", "🗡️"), ("goblet", "🏆"), ("gem", "💎"),
    ("book", "📖"), ("potion", "🧪"), ("map", "🗺️"), ("hourglass", "⏳"), ("lantern", "🏮"), ("lute", "🪕"),
    ("bell", "🔔"), ("shield", "🛡️"), ("scroll", "📜"), ("coin", "🪙"), ("owl", "🦉"), ("egg", "🥚"),
)  # fmt: skip
TURN_KEYS = {
    "c1": "centre_cw", "c2": "centre_half", "c3": "centre_ccw",
    "icw": "inner_cw", "iccw": "inner_ccw", "ocw": "outer_cw", "occw": "outer_ccw",
}  # fmt: skip


def treasure_name(number: int, lang: Language) -> str:
    """ "👑 7 Couronne": the picture numbers treasures from 1."""
    key, emoji = TREASURES[number]
    return f"{emoji} {number + 1} {t(lang, f'labyrinthe.treasure.{key}')}"


def turn_text(ring: int, by: int, lang: Language) -> str:
    return t(lang, f"labyrinthe.turn.{TURN_KEYS[Turn(ring=ring, by=by).token()]}")
