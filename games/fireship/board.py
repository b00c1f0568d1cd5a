"""The Fireship sea: a 19 x 19 grid of cells, as proposed by shared/HOUSE_RULES.md.

Groundwork for issue 6 (the engine is not written yet, so the registry does not
list Fireship). Cells are ``(column, row)`` from 0; labels read "A1" (top
left) to "S19" (bottom right), columns A-S left to right, rows 1-19 top to
bottom. Homes sit in the corners and count as one cell that holds any number
of their owner's pieces; islands are land, where no piece may stand; each
island has its green-dot cell just below it.
"""

import heapq
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from games.core.labels import split_label

Cell = tuple[int, int]

SIZE = 19
COLUMNS = "ABCDEFGHIJKLMNOPQRS"
OVERFLY_COST = 4  # « Le survol d’une île coûte 4 déplacements »

# H home, I island, g green dot, C battleship cell, R wheel, M mystery card.
MAP = (
    "H........C........H",
    "...................",
    ".........M.........",
    "...................",
    "....I....I....I....",
    "....g....g....g....",
    "......R.....R......",
    "...................",
    "...................",
    "C.M.I....I....I.M.C",
    "....g....g....g....",
    "...................",
    "......R.....R......",
    "...................",
    "....I....I....I....",
    "....g....g....g....",
    ".........M.........",
    "...................",
    "H........C........H",
)


def _cells(mark: str) -> tuple[Cell, ...]:
    return tuple((col, row) for row, line in enumerate(MAP) for col, char in enumerate(line) if char == mark)


# Seats in the book's order of colours (« bleu, rouge, vert et jaune »), homes clockwise from top left.
COLOURS = ("blue", "red", "green", "yellow")
HOMES: tuple[Cell, ...] = ((0, 0), (SIZE - 1, 0), (SIZE - 1, SIZE - 1), (0, SIZE - 1))
ISLANDS = _cells("I")  # reading order: island n is the n-th from the top left
GREEN_DOTS: tuple[Cell, ...] = tuple((col, row + 1) for col, row in ISLANDS)
BATTLESHIP_CELLS = _cells("C")
WHEEL_CELLS = _cells("R")
MYSTERY_CELLS = _cells("M")
SPECIAL_CELLS = {**dict.fromkeys(BATTLESHIP_CELLS, "battleship"), **dict.fromkeys(WHEEL_CELLS, "wheel"),
                 **dict.fromkeys(MYSTERY_CELLS, "mystery")}  # fmt: skip


def label(cell: Cell) -> str:
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def parse_label(text: str) -> Cell | None:
    """ "C7" -> (2, 6); None if the text names no cell."""
    if (found := split_label(text, COLUMNS)) is None:
        return None
    column, row = found
    return (column, row - 1) if row <= SIZE else None


def on_board(cell: Cell) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def is_sea(cell: Cell) -> bool:
    """A cell a piece may stand on (everything but the islands)."""
    return on_board(cell) and cell not in ISLANDS


def steps(cell: Cell) -> Iterator[Cell]:
    """The orthogonal neighbours: « Les pions ne peuvent se déplacer en diagonale »."""
    col, row = cell
    for nxt in ((col, row - 1), (col + 1, row), (col, row + 1), (col - 1, row)):
        if on_board(nxt):
            yield nxt


@cache
def around(cell: Cell) -> tuple[Cell, ...]:
    """The 8 surrounding cells: « à une case de distance » for support and reach (house rule)."""
    col, row = cell
    near = ((col + dc, row + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dc, dr) != (0, 0))
    return tuple(c for c in near if on_board(c))


def overflights(cell: Cell) -> Iterator[tuple[Cell, Cell]]:
    """(island, landing cell) pairs a plane at ``cell`` may fly: over an island next to it,
    « atterrir où il veut à côté de l’ile »."""
    for island in ISLANDS:
        if cell in around(island):
            for landing in around(island):
                if landing != cell and is_sea(landing):
                    yield island, landing


@cache
def sea_steps(cell: Cell) -> tuple[Cell, ...]:
    """The orthogonal neighbours a piece may sail or fly to."""
    return tuple(nxt for nxt in steps(cell) if is_sea(nxt))


@cache
def landings(cell: Cell) -> tuple[Cell, ...]:
    """Where a plane at ``cell`` may land after flying over an island."""
    return tuple(dict.fromkeys(landing for _, landing in overflights(cell)))


def reachable(
    start: Cell, points: int, blocked: Iterable[Cell], plane: bool = False, per_point: int = 1
) -> dict[Cell, int]:
    """Every cell a piece at ``start`` can end on with ``points`` movement points, with the
    fewest points it costs. ``blocked`` cells hold another piece (one piece per cell, and
    pieces do not pass through others: house rule); homes are the owner's business, so the
    caller leaves its own home out of ``blocked``. ``per_point`` cells per point (2 under
    Vent ascendant for planes, Gulf Stream for boats); a plane may also fly over an island
    for ``OVERFLY_COST`` points."""
    stop = set(blocked)
    budget = points * per_point  # in cells
    fly = OVERFLY_COST * per_point
    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        used, cell = heapq.heappop(frontier)
        if used > best[cell]:
            continue
        moves = [(nxt, used + 1) for nxt in sea_steps(cell)]
        if plane and used + fly <= budget:
            moves += [(landing, used + fly) for landing in landings(cell)]
        for nxt, total in moves:
            if total <= budget and nxt not in stop and total < best.get(nxt, budget + 1):
                best[nxt] = total
                heapq.heappush(frontier, (total, nxt))
    return {cell: -(-cost // per_point) for cell, cost in best.items() if cell != start}


@lru_cache(maxsize=4096)
def reachable_from(start: Cell, points: int, blocked: frozenset[Cell], plane: bool, per_point: int) -> dict[Cell, int]:
    """``reachable``, remembered: the computer players and the engine ask the same question
    many times a turn. The answer is shared: read it, never change it."""
    return reachable(start, points, blocked, plane, per_point)


def can_leave(start: Cell, points: int, blocked: set[Cell], plane: bool = False) -> bool:
    """Whether ``reachable`` would find anything: a free neighbour, or a landing for a plane."""
    if points >= 1 and any(nxt not in blocked for nxt in sea_steps(start)):
        return True
    return plane and points >= OVERFLY_COST and any(c not in blocked for c in landings(start))
