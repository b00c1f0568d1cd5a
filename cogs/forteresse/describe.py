"""The table in words (``GameUI.describe``) and both discard piles in full, from the public view only.

« Les défausses peuvent être consultées à tout moment pour vérifier leur contenu »:
the discards are face up, so they are public. Anyone may read them with the
board's Describe button (the table in words ends with both piles, whole); the
player also has a Discards button on the board (``more-discards``), which
answers privately (private.py) with both piles and the cards out of the game. Piles are
listed oldest first: the last card named is the one on top.
"""

import re
from typing import TYPE_CHECKING

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_name
from cogs.forteresse.names import ROMAN, cards_text
from games.forteresse.cards import TREASURES_TO_WIN
from games.forteresse.models import ForteresseState, ForteresseView

BOLD = re.compile(r"\*\*")


def piles(view: ForteresseView, lang: Language) -> list[tuple[str, str]]:
    """(name, cards) of the player's discard, the Fortress's, and the cards out of the game, oldest first."""
    found = (("player", view.discard), ("fortress", view.fortress_discard), ("out", view.out_of_game))
    return [
        (t(lang, f"forteresse.discards.{pile}", count=len(cards)), cards_text(cards, lang)) for pile, cards in found
    ]


class DescribesTable:
    """``describe`` for the Forteresse UI (whose table fields it reuses)."""

    if TYPE_CHECKING:  # the UI's own

        def public_view(self, state: ForteresseState) -> ForteresseView: ...

    def describe(self, record: SessionRecord, state: ForteresseState, lang: Language) -> list[str]:
        view = self.public_view(state)
        phase = t(lang, f"forteresse.phase.{view.phase}")
        step = t(lang, f"forteresse.step.{view.step.replace('.', '_')}.name")
        lines = [
            t(
                lang,
                "forteresse.describe.summary",
                turn=view.turn + 1,
                numeral=ROMAN[view.phase],
                phase=phase,
                step=view.step,
                name=step,
                pillaged=view.pillaged,
                needed=TREASURES_TO_WIN,
                heroes=len(view.heroes),
                enemies=len(view.enemies),
            )
        ]
        if view.result is None and view.prompt is not None and record.status == "active":
            lines.append(
                t(
                    lang,
                    "forteresse.board.waiting",
                    player=seat_name(record, 0, lang),
                    prompt=self._prompt_text(view, lang, in_sentence=True),  # type: ignore[attr-defined]
                )
            )
        for name, text in self._table_fields(view, lang):  # type: ignore[attr-defined]
            lines.append(t(lang, "forteresse.describe.heading", name=name))
            lines += [f"• {line}" for line in BOLD.sub("", text).split("\n")]
        lines.append(
            t(
                lang,
                "forteresse.describe.counts",
                hand=view.hand_size,
                deck=view.deck_size,
                fortress=view.fortress_size,
                doors=view.doors_left,
            )
        )
        lines.append(t(lang, "forteresse.discards.order"))
        lines += [t(lang, "forteresse.describe.pile", name=name, cards=cards) for name, cards in piles(view, lang)]
        return lines
