"""The castle in words (``GameUI.describe``), from the public view only.

The first lines sum the position up: whose turn it is and what to do, the sought
treasure, each pawn's cell, where the player to move can go, a duel under way. Then
the treasures still printed on the board, the turning rings' positions, the start
chambers, and for every cell the neighbours an open passage leads to, ring by ring:
the whole maze as it stands, so that the game can be played without the picture.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_name
from cogs.labyrinthe.names import PAWNS, treasure_name
from games.labyrinthe import ENGINE
from games.labyrinthe.maze import CENTRE, CHAMBERS, INNER, OUTER, RINGS, Cell, label, paths, reachable, size
from games.labyrinthe.models import LabyrintheState, LabyrintheView


def cells_text(cells: list[Cell]) -> str:
    """ "A2, B1, C12": labels in the board's order (ring, then clock position)."""
    return ", ".join(label(cell) for cell in sorted(cells))


class DescribesCastle:
    """``describe`` for the labyrinth's UI, whose ``_prompt`` says what to do now."""

    if TYPE_CHECKING:  # the UI's own

        def _prompt(
            self,
            record: SessionRecord,
            view: LabyrintheView,
            lang: Language,
            name: Callable[[SessionRecord, int, Language], str] = ...,
        ) -> str: ...

    def describe(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> list[str]:
        view = ENGINE.view(state, None)
        return [self._prompt(record, view, lang, name=seat_name), *self.picture_words(record, state, lang)]

    def picture_words(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> list[str]:
        """The description without what to do now (the board's text, which changes without the picture)."""
        view = ENGINE.view(state, None)
        lines = [target_line(view, lang)]
        lines += [pawn_line(record, view, seat, lang) for seat in range(view.seats)]
        lines += filter(None, [reach_line(record, view, lang), duel_line(record, view, lang)])
        lines += treasure_lines(view, lang)
        lines.append(
            t(
                lang,
                "labyrinthe.describe.rings",
                centre=view.rotation[CENTRE],
                inner=view.rotation[INNER],
                outer=view.rotation[OUTER],
            )
        )
        chambers = ", ".join(f"{PAWNS[seat]} {label(CHAMBERS[seat])}" for seat in range(view.seats))
        lines.append(t(lang, "labyrinthe.describe.chambers", chambers=chambers))
        lines.append(t(lang, "labyrinthe.describe.paths"))
        lines += passage_lines(view, lang)
        lines.append(t(lang, "labyrinthe.board.footer"))
        return lines


def target_line(view: LabyrintheView, lang: Language) -> str:
    if view.target is None:
        return t(lang, "labyrinthe.describe.over" if view.outcome else "labyrinthe.describe.no_target")
    return t(
        lang,
        "labyrinthe.describe.target",
        treasure=treasure_name(view.target, lang),
        cell=label(view.treasures[view.target]),
        bag=view.bag,
    )


def pawn_line(record: SessionRecord, view: LabyrintheView, seat: int, lang: Language) -> str:
    """ "🔵 Bob on C4", with the box's treasures when boxes are open."""
    player, where = f"{PAWNS[seat]} {seat_name(record, seat, lang)}", view.pawns[seat]
    if view.resigned[seat] or where is None:
        return f"{player} · {t(lang, 'labyrinthe.board.left')}"
    line = t(lang, "labyrinthe.describe.pawn", player=player, cell=label(where))
    if view.boxes is not None:
        box = view.boxes[seat]
        names = ", ".join(treasure_name(n, lang) for n in box)
        line += " · " + t(
            lang, "labyrinthe.describe.box" if box else "labyrinthe.board.treasures", count=len(box), treasures=names
        )
    return line


def reach_line(record: SessionRecord, view: LabyrintheView, lang: Language) -> str | None:
    """Where the player to move can go now (while the paths change, and for the move)."""
    here = view.pawns[view.current]
    if view.phase not in ("change", "move") or here is None:
        return None
    player = seat_name(record, view.current, lang)
    cells = [cell for cell in reachable(here, view.rotation) if cell != here]
    if not cells:
        return t(lang, "labyrinthe.describe.stuck", player=player, cell=label(here))
    line = t(lang, "labyrinthe.describe.reach", player=player, cell=label(here), cells=cells_text(cells))
    if view.target is not None and view.treasures[view.target] in cells:
        line += " " + t(lang, "labyrinthe.describe.within_reach", cell=label(view.treasures[view.target]))
    return line


def duel_line(record: SessionRecord, view: LabyrintheView, lang: Language) -> str | None:
    duel = view.duel
    if duel is None:
        return None
    names = {"challenger": seat_name(record, duel.challenger, lang), "defender": seat_name(record, duel.defender, lang)}
    if duel.for_target:
        return t(lang, "labyrinthe.describe.duel_target", **names)
    if duel.stake is None:
        stake = t(lang, "labyrinthe.describe.stake_open")
    elif duel.die is None:
        stake = t(lang, "labyrinthe.describe.stake_one")
    else:
        stake = t(lang, "labyrinthe.describe.stake_die", count=duel.stake, die=duel.die)
    return t(lang, "labyrinthe.describe.duel", stake=stake, **names)


def treasure_lines(view: LabyrintheView, lang: Language) -> list[str]:
    """The treasures still on the board, the sought one marked, then those already taken."""
    collected = set(view.collected)
    on_board = []
    for number, where in enumerate(view.treasures):
        if number in collected:
            continue
        name = treasure_name(number, lang)
        if number == view.target:
            name = t(lang, "labyrinthe.menu.sought", treasure=name)
        on_board.append(t(lang, "labyrinthe.describe.treasure_at", treasure=name, cell=label(where)))
    lines = [t(lang, "labyrinthe.describe.treasures", treasures=", ".join(on_board))] if on_board else []
    if collected:
        taken = ", ".join(treasure_name(n, lang) for n in sorted(collected))
        lines.append(t(lang, "labyrinthe.describe.collected", count=len(collected), treasures=taken))
    return lines


def passage_lines(view: LabyrintheView, lang: Language) -> list[str]:
    """One line per ring: "C1 → B1, C2 · C2 → C1 · C3 → none …"."""
    links = paths(view.rotation)
    none = t(lang, "labyrinthe.describe.none")
    lines = []
    for ring in range(len(RINGS)):
        cells = [
            f"{label((ring, place))} → {cells_text(list(links[ring, place])) or none}" for place in range(size(ring))
        ]
        lines.append(t(lang, "labyrinthe.describe.ring", ring=RINGS[ring], cells=" · ".join(cells)))
    return lines
