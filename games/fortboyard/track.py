"""The track around the Fort and the sea loop beneath it (house rules: shared/HOUSE_RULES.md).

Twenty-four cells played clockwise, PORTE at 0 and the Père Fouras (an ÉNIGME) opposite
at 12; no two neighbours alike. DÉPART sits outside the loop, next to PORTE: a roll of 1
from DÉPART lands on PORTE. The sea is a loop of ten cells from the sunken key, beneath
the Père Fouras cell, back to it.
"""

from typing import Literal

Cell = int
Kind = Literal["porte", "concentration", "force", "duel", "enigme", "prison", "passe"]

TRACK: tuple[Kind, ...] = (
    "porte", "concentration", "force", "duel", "enigme", "concentration", "prison", "force",
    "passe", "duel", "concentration", "force", "enigme", "concentration", "duel", "force",
    "enigme", "prison", "concentration", "passe", "force", "enigme", "duel", "enigme",
)  # fmt: skip
CELLS = len(TRACK)
PORTE: Cell = 0
FOURAS: Cell = 12  # the Père Fouras cell, above the sunken key
SEA_CELLS = 10  # the sea loop; a diver who gets round it reaches the key again
TRIALS: frozenset[Kind] = frozenset({"concentration", "force", "duel", "enigme"})


def advance(cell: Cell | None, die: int) -> Cell:
    """Where a pawn lands ``die`` cells on (from DÉPART when ``cell`` is None)."""
    return die - 1 if cell is None else (cell + die) % CELLS


def passe_targets() -> list[Cell]:
    """A passe-partout may go to any cell of the Fort but another passe-partout."""
    return [cell for cell, kind in enumerate(TRACK) if kind != "passe"]
