"""Fast path questions for the computer players, on piece cells (what pawns and treasures stand on).

A turn's two path changes amount to one of twenty rotations of the rings (``PAIRS``: the centre
by one to three quarters with a corridor notch, or two corridor notches); the order of the two
changes does not matter, as nobody moves in between. The rings have 576 rotations, so each
rotation's connected regions, and each goal's table of chances, are computed once and cached.
"""

from functools import lru_cache

from games.labyrinthe.maze import (
    CENTRE,
    INNER,
    OUTER,
    Cell,
    Rotation,
    all_positions,
    paths,
    piece,
    position,
    turn,
)
from games.labyrinthe.models import Turn

PIECES: tuple[Cell, ...] = tuple(all_positions())  # every piece cell (same numbering as positions)


def _pairs() -> tuple[tuple[Turn, Turn], ...]:
    """One ordered pair of changes per reachable rotation: a corridor first, then the centre,
    the same corridor again, or (after the inner one) the outer one."""
    found = []
    for ring in (INNER, OUTER):
        for by in (1, -1):
            first = Turn(ring=ring, by=by)
            seconds = [Turn(ring=CENTRE, by=q) for q in (1, 2, 3)] + [first]
            if ring == INNER:
                seconds += [Turn(ring=OUTER, by=1), Turn(ring=OUTER, by=-1)]
            found += [(first, second) for second in seconds]
    return tuple(found)


PAIRS = _pairs()


def after(rotation: Rotation, changes: tuple[Turn, ...] | list[Turn]) -> Rotation:
    for change in changes:
        rotation = turn(rotation, change.ring, change.by)
    return rotation


@lru_cache(maxsize=576)
def regions(rotation: Rotation) -> dict[Cell, int]:
    """Each piece cell's connected region under ``rotation`` (a number per region)."""
    links = paths(rotation)
    region: dict[Cell, int] = {}
    for start in links:
        if start in region:
            continue
        number = len(region)
        region[start] = number
        todo = [start]
        while todo:
            for nxt in links[todo.pop()]:
                if nxt not in region:
                    region[nxt] = number
                    todo.append(nxt)
    return {piece(pos, rotation): number for pos, number in region.items()}


def joined(a: Cell, b: Cell, rotation: Rotation) -> bool:
    """Whether piece cells ``a`` and ``b`` are on one unbroken path under ``rotation``."""
    found = regions(rotation)
    return found[a] == found[b]


@lru_cache(maxsize=576)
def pair_rotations(rotation: Rotation) -> tuple[Rotation, ...]:
    """The rotation each of ``PAIRS`` leads to from ``rotation``."""
    return tuple(after(rotation, pair) for pair in PAIRS)


@lru_cache(maxsize=576)
def _region_row(rotation: Rotation) -> tuple[int, ...]:
    """``regions`` as a row in the order of ``PIECES``."""
    found = regions(rotation)
    return tuple(found[cell] for cell in PIECES)


_INDEX = {cell: index for index, cell in enumerate(PIECES)}


@lru_cache(maxsize=8192)
def chances(rotation: Rotation, goal: Cell) -> dict[Cell, int]:
    """For each piece cell, how many of the twenty rotations a turn can reach from ``rotation``
    join it to the piece cell ``goal``: a pawn there finds a path that often."""
    at = _INDEX[goal]
    rows = [_region_row(turned) for turned in pair_rotations(rotation)]
    marks = [[number == row[at] for number in row] for row in rows]
    return dict(zip(PIECES, map(sum, zip(*marks))))


@lru_cache(maxsize=576)
def areas(rotation: Rotation) -> dict[Cell, frozenset[Cell]]:
    """For each piece cell, the positions on an unbroken path from it under ``rotation``."""
    found = regions(rotation)
    members: dict[int, set[Cell]] = {}
    for cell, number in found.items():
        members.setdefault(number, set()).add(position(cell, rotation))
    frozen = {number: frozenset(cells) for number, cells in members.items()}
    return {cell: frozen[number] for cell, number in found.items()}
