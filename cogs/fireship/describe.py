"""The Fireship sea in words (``GameUI.describe``), from the public view only.

The first lines sum the position up: whose turn it is and what to do, the round, each
fleet (home, islands held, every piece's cell, badges, fog), who holds each island, the
white boats, and where the piece being steered can go or which attacks are open. Then
the whirlpools laid, the special cells and the deck: with the footer's powers, enough
to play without the picture. Nothing a player keeps secret is read here.
"""

from collections import Counter
from typing import TYPE_CHECKING

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_name
from cogs.fireship.names import (
    KIND_EMOJI,
    attack_text,
    card_text,
    dot,
    piece_text,
)
from games.fireship import ENGINE
from games.fireship.board import (
    BATTLESHIP_CELLS,
    HOMES,
    ISLANDS,
    MYSTERY_CELLS,
    WHEEL_CELLS,
    Cell,
    label,
    parse_label,
)
from games.fireship.models import FireshipState, FireshipView

KINDS = ("boat", "plane", "battleship")


def cells_text(cells: list[Cell]) -> str:
    """ "A1 ×3, B3, K7": labels row by row, then column; pieces sharing a cell (a home) counted."""
    counts = Counter(cells)
    return ", ".join(
        label(cell) + (f" ×{counts[cell]}" if counts[cell] > 1 else "")
        for cell in sorted(counts, key=lambda c: (c[1], c[0]))
    )


class DescribesSea:
    """``describe`` for the Fireship UI, whose own helpers name seats, pieces and attacks."""

    if TYPE_CHECKING:  # the UI's own

        def _prompt(self, record: SessionRecord, view: FireshipView, lang: Language) -> str: ...
        def public_view(self, state: FireshipState) -> FireshipView: ...

    def describe(self, record: SessionRecord, state: FireshipState, lang: Language) -> list[str]:
        state = ENGINE.seen_by(state, None)  # a secret reaction window shows nothing here
        view = self.public_view(state)
        rounds = view.options.rounds
        lines = [self._prompt(record, view, lang).replace("**", "")]
        lines.append(
            t(lang, "fireship.describe.round", round=min(view.round, rounds), rounds=rounds)
            if rounds
            else t(lang, "fireship.describe.round_unlimited", round=view.round)
        )
        lines += [self._fleet_line(record, view, seat, lang) for seat in range(view.seats)]
        lines.append(self._islands_line(record, view, lang))
        white = [p.cell for p in view.pieces if p.owner is None]
        if white:
            lines.append(t(lang, "fireship.describe.white", count=len(white), cells=cells_text(white)))
        lines += self._now_lines(view, lang)
        for owner, cell in view.whirlpools:
            lines.append(
                t(lang, "fireship.describe.whirlpool", player=seat_name(record, owner, lang), cell=label(cell))
            )
        lines.append(
            t(
                lang,
                "fireship.describe.specials",
                battleship=cells_text(list(BATTLESHIP_CELLS)),
                wheel=cells_text(list(WHEEL_CELLS)),
                mystery=cells_text(list(MYSTERY_CELLS)),
            )
        )
        lines.append(t(lang, "fireship.describe.deck", count=view.deck))
        lines.append(t(lang, "fireship.board.footer"))
        return lines

    def _fleet_line(self, record: SessionRecord, view: FireshipView, seat: int, lang: Language) -> str:
        """ "🔵 ann · home A1 · 2 islands · ⛵ 2 boats: A1, C5 · ✈️ 1 plane: A1 · badges: 💣 Boum"."""
        parts = [
            f"{dot(view, seat)} {seat_name(record, seat, lang)}",
            t(lang, "fireship.describe.home", cell=label(HOMES[view.corners[seat]])),
        ]
        if view.out[seat]:
            parts.append(t(lang, "fireship.board.left" if view.resigned[seat] else "fireship.board.sunk"))
            return " · ".join(parts)
        parts.append(t(lang, "fireship.describe.held", count=view.islands.count(seat)))
        for kind in KINDS:
            cells = [p.cell for p in view.pieces if p.owner == seat and p.kind == kind]
            if cells:
                parts.append(
                    KIND_EMOJI[kind]
                    + " "
                    + t(lang, f"fireship.describe.kind.{kind}", count=len(cells), cells=cells_text(cells))
                )
        if view.badges[seat]:
            badges = ", ".join(card_text(b, lang) for b in view.badges[seat])
            parts.append(t(lang, "fireship.describe.badges", badges=badges))
        if view.phase != "over":  # what a next turn would bring means nothing once the game is over
            if view.fog[seat]:
                parts.append(t(lang, "fireship.board.fog"))
            if view.skip[seat]:
                parts.append(t(lang, "fireship.board.skip"))
        return " · ".join(parts)

    def _islands_line(self, record: SessionRecord, view: FireshipView, lang: Language) -> str:
        """Each island, its cell and who holds it (the green dot is the cell below)."""
        held = []
        for number, (cell, owner) in enumerate(zip(ISLANDS, view.islands), 1):
            who = t(lang, "fireship.describe.white_flag") if owner is None else seat_name(record, owner, lang)
            held.append(f"{number} {label(cell)} {dot(view, owner)} {who}")
        return t(lang, "fireship.describe.islands", islands=" · ".join(held))

    def _now_lines(self, view: FireshipView, lang: Language) -> list[str]:
        """What the player to act may do that the picture shows: the cells the steered piece
        reaches (nearest first), or the attacks open."""
        if view.phase == "steer" and view.moving is not None:
            piece = next(p for p in view.pieces if p.id == view.moving)
            by_cost: dict[int, list[Cell]] = {}
            for text, cost in view.reachable.items():
                cell = parse_label(text)
                assert cell is not None
                by_cost.setdefault(cost, []).append(cell)
            groups = " · ".join(
                t(lang, "fireship.describe.cost", count=cost, cells=cells_text(cells))
                for cost, cells in sorted(by_cost.items())
            )
            return [
                t(
                    lang,
                    "fireship.describe.reach",
                    piece=piece_text(view, piece, lang),
                    cells=groups or t(lang, "fireship.describe.nowhere"),
                )
            ]
        if view.phase == "act" and not view.specials:
            shown = [attack_text(view, o, lang) for o in view.attacks if not o.plus]
            return [
                t(
                    lang,
                    "fireship.describe.attacks",
                    attacks=" · ".join(shown) if shown else t(lang, "fireship.describe.no_attack"),
                )
            ]
        return []
