"""The Fort in words (``GameUI.describe``), from the public view only.

The first lines sum the position up as the picture shows it: the round, each pawn's
place (a cell of the Fort, the sea, the start or the Fort's inside) with its keys, clues
and Boyards, the keys in stock, the last die; then what to do now and the trial under
way as the board shows it (a sequence to memorise left out: it must vanish with the
board's); last, the track itself, cell by cell, and the sea. The picture's text alternative is
the same without what to do now and the trial (``picture_words``).
"""

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_name
from cogs.fortboyard.names import PAWNS, cell_name
from games.fortboyard import ENGINE
from games.fortboyard.models import FortBoyardState, FortBoyardView, TrialView
from games.fortboyard.track import CELLS, FOURAS, SEA_CELLS

MARKUP = re.compile(r"^(>>> |# )|\*\*")  # quotes, headings and bold: the words only


def plain(text: str) -> list[str]:
    """A board text without its markdown, one entry per non-empty line."""
    return [line for raw in text.split("\n") if (line := MARKUP.sub("", raw).strip())]


class DescribesFort:
    """``describe`` for Fort Boyard's UI, whose ``_prompt``, ``_trial`` and ``_where`` the board uses too."""

    if TYPE_CHECKING:  # the UI's own

        def _prompt(
            self,
            record: SessionRecord,
            view: FortBoyardView,
            lang: Language,
            name: Callable[[SessionRecord, int, Language], str] = ...,
            timed: bool = ...,
        ) -> str: ...
        def _trial(self, record: SessionRecord, trial: TrialView, lang: Language, in_words: bool = ...) -> str: ...
        @staticmethod
        def _where(cell: int | None, sea: int | None, lang: Language) -> str: ...

    def describe(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> list[str]:
        view = ENGINE.view(state, None)
        lines = self._position(record, view, lang)
        lines += plain(self._prompt(record, view, lang, name=seat_name, timed=False))
        if view.trial is not None:
            lines += plain(self._trial(record, view.trial, lang, in_words=True))
        return lines + self._track(view, lang)

    def picture_words(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> list[str]:
        """What the picture shows (the position and the track), not what to do now nor the trial,
        which the board's text tells and which change without the picture."""
        view = ENGINE.view(state, None)
        return self._position(record, view, lang) + self._track(view, lang)

    def _position(self, record: SessionRecord, view: FortBoyardView, lang: Language) -> list[str]:
        lines = [t(lang, f"fortboyard.round.{view.round}")]
        lines += [self._seat_words(record, view, seat, lang) for seat in range(len(view.players))]
        if view.round < 3:
            lines.append(t(lang, "fortboyard.board.footer", count=view.stock))
        if view.last_die and view.phase != "over":
            lines.append(t(lang, "fortboyard.describe.die", die=view.last_die))
        return lines

    @staticmethod
    def _track(view: FortBoyardView, lang: Language) -> list[str]:
        if view.round == 3 or view.phase == "over":
            return []
        track = ", ".join(f"{cell} {cell_name(cell, lang)}" for cell in range(CELLS))
        return [
            t(lang, "fortboyard.describe.track", cells=CELLS, track=track),
            t(lang, "fortboyard.describe.sea", sea=SEA_CELLS, fouras=FOURAS),
        ]

    def _seat_words(self, record: SessionRecord, view: FortBoyardView, seat: int, lang: Language) -> str:
        """ "🔵 Bob: cell 5 (Strength) · 2 keys · 1 clue of 4"."""
        player = view.players[seat]
        facts = []
        if player.resigned:
            facts.append(t(lang, "fortboyard.where.left"))
        elif view.round < 3:
            facts.append(self._where(player.cell, player.sea, lang))
            if player.skip:
                facts.append(t(lang, "fortboyard.where.prison"))
        elif player.found is False:
            facts.append(t(lang, "fortboyard.player.out"))
        else:
            facts.append(t(lang, "fortboyard.describe.found" if player.found else "fortboyard.where.inside"))
        facts.append(t(lang, "fortboyard.describe.keys", count=player.keys))
        if view.round >= 2:
            facts.append(t(lang, "fortboyard.describe.clues", count=player.clues))
        if view.phase == "level" and not player.resigned:
            facts.append(t(lang, "fortboyard.player.chose" if player.level_chosen else "fortboyard.player.choosing"))
        if view.round == 3 or player.boyards:
            facts.append(t(lang, "fortboyard.describe.boyards", count=player.boyards))
        return t(
            lang,
            "fortboyard.describe.seat",
            player=f"{PAWNS[seat]} {seat_name(record, seat, lang)}",
            facts=" · ".join(facts),
        )
