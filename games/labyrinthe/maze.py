"""The castle: six concentric rings of cells, three of which turn.

Geometry (shared/HOUSE_RULES.md): ring A is the centre, four quadrants that
turn by quarters (« autant de positions que souhaitées »); B, D and F are
fixed; C (the inner corridor) and E (the outer corridor, six parts of two
cells) turn one notch, a twelfth of a turn, at a time. F holds the four start
chambers. Rings B to F have twelve cells each, numbered like a clock face:
cell 1 lies between 12 and 1 o'clock. The centre's quadrants are A1 (top
right) to A4 (top left), clockwise.

Two kinds of coordinates:

- a *piece* cell ``(ring, index)`` is a cell of a ring's part; treasures are
  printed on pieces and pawns ride on them, so both are stored this way;
- a *position* ``(ring, place)`` is where a piece cell stands now, given the
  rings' rotations; labels ("C7") and moves name positions.

Walls: each piece cell has a clockwise side (towards the next cell of its
ring), an inner side and an outer side, open or walled. Two cells of
neighbouring rings connect when both facing sides are open. The layout below
is fixed data; ``check_layout`` proves that every treasure can be reached from
every start chamber under some rotation, and that every single notch of a
turning ring changes the paths (a test runs it).
"""

from collections.abc import Iterator
from functools import lru_cache

from games.core.labels import split_label

Cell = tuple[int, int]
Rotation = tuple[int, int, int, int, int, int]  # per ring: quarters for A, notches for C and E, else 0

RINGS = "ABCDEF"
CENTRE, INNER, OUTER = 0, 2, 4  # the rings that turn
TURNING = (CENTRE, INNER, OUTER)
PLACES = 12  # cells in rings B to F
QUARTERS = 4  # quadrants of the centre
START = (0, 0, 0, 0, 0, 0)

# The layout, as drawn on the pieces. Per ring: ``CLOCKWISE_SIDES`` tells for each cell
# whether its clockwise side is open ("." open, "|" wall); ``inner`` and
# ``outer`` whether its inner and outer sides are ("." open, "#" wall). The
# centre's ``OUTER_SIDES`` has three sides per quadrant, clockwise from A1's first.
CLOCKWISE_SIDES = (
    "|.|.",
    "|||..|......",
    ".||......|||",
    ".|.|..|...|.",
    "|||..|.||.|.",
    ".|..|.......",
)
INNER_SIDES = (
    "",
    ".##....#.###",
    "#.###.####..",
    "...##.##..##",
    ".###.###.###",
    "....##.##...",
)
OUTER_SIDES = (
    "##.#.#..#..#",
    "#..#####....",
    "#...##.#.#..",
    "#.#.#.##..#.",
    "...#.#.###.#",
    "############",
)

# Start chambers, on the fixed ring F: seat k starts in chamber k (a position).
CHAMBERS: tuple[Cell, ...] = ((5, 0), (5, 3), (5, 6), (5, 9))

# Where the 18 treasures are printed (piece cells), by treasure number.
TREASURE_CELLS: tuple[Cell, ...] = (
    (0, 1), (0, 2),
    (1, 4), (1, 8), (1, 9),
    (2, 1), (2, 5), (2, 6), (2, 8),
    (3, 0), (3, 1), (3, 11),
    (4, 0), (4, 1), (4, 4), (4, 10),
    (5, 10), (5, 11),
)  # fmt: skip


def size(ring: int) -> int:
    return QUARTERS if ring == CENTRE else PLACES


def all_positions() -> list[Cell]:
    return [(ring, place) for ring in range(len(RINGS)) for place in range(size(ring))]


def position(cell: Cell, rotation: Rotation) -> Cell:
    """Where a piece cell stands under ``rotation``."""
    ring, index = cell
    return ring, (index + rotation[ring]) % size(ring)


def piece(pos: Cell, rotation: Rotation) -> Cell:
    """The piece cell standing at a position."""
    ring, place = pos
    return ring, (place - rotation[ring]) % size(ring)


def turn(rotation: Rotation, ring: int, by: int) -> Rotation:
    """The rotation after turning ``ring`` by ``by`` steps clockwise (negative: the other way)."""
    turned = list(rotation)
    turned[ring] = (turned[ring] + by) % size(ring)
    a, b, c, d, e, f = turned
    return a, b, c, d, e, f


def label(pos: Cell) -> str:
    return f"{RINGS[pos[0]]}{pos[1] + 1}"


def parse_label(text: str) -> Cell | None:
    """ "C7" -> (2, 6); None if the text names no cell."""
    if (found := split_label(text, RINGS)) is None:
        return None
    ring, number = found
    return (ring, number - 1) if number <= size(ring) else None


def sector_of(pos: Cell) -> tuple[int, int]:
    """The twelfths of the circle a position covers, as [first, last]."""
    ring, place = pos
    return (place * 3, place * 3 + 2) if ring == CENTRE else (place, place)


def _open(walls: str, index: int) -> bool:
    return walls[index] == "."


def _centre_outer_open(quadrant_piece: int, twelfth: int) -> bool:
    """The centre's outer side at a twelfth of its quadrant piece (0..2)."""
    return _open(OUTER_SIDES[CENTRE], quadrant_piece * 3 + twelfth)


def _edges(rotation: Rotation) -> Iterator[tuple[Cell, Cell]]:
    # Within a ring: a cell's clockwise side, on the piece.
    for ring in range(len(RINGS)):
        count = size(ring)
        for place in range(count):
            if _open(CLOCKWISE_SIDES[ring], piece((ring, place), rotation)[1]):
                yield (ring, place), (ring, (place + 1) % count)
    # Between the centre and ring B: B cell ``place`` faces twelfth ``place`` of the centre.
    for place in range(PLACES):
        quadrant = place // 3
        quadrant_piece = piece((CENTRE, quadrant), rotation)[1]
        b_piece = piece((1, place), rotation)[1]
        if _centre_outer_open(quadrant_piece, place % 3) and _open(INNER_SIDES[1], b_piece):
            yield (CENTRE, quadrant), (1, place)
    # Between rings B..F.
    for ring in range(1, len(RINGS) - 1):
        for place in range(PLACES):
            if _open(OUTER_SIDES[ring], piece((ring, place), rotation)[1]) and _open(
                INNER_SIDES[ring + 1], piece((ring + 1, place), rotation)[1]
            ):
                yield (ring, place), (ring + 1, place)


@lru_cache(maxsize=PLACES * PLACES * QUARTERS)
def paths(rotation: Rotation) -> dict[Cell, frozenset[Cell]]:
    """Each position's open neighbours under ``rotation``."""
    links: dict[Cell, set[Cell]] = {pos: set() for pos in all_positions()}
    for a, b in _edges(rotation):
        links[a].add(b)
        links[b].add(a)
    return {pos: frozenset(found) for pos, found in links.items()}


def reachable(start: Cell, rotation: Rotation) -> frozenset[Cell]:
    """Every position on an unbroken path from ``start`` (``start`` included)."""
    links = paths(rotation)
    seen, todo = {start}, [start]
    while todo:
        for nxt in links[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


def all_rotations() -> Iterator[Rotation]:
    for a in range(QUARTERS):
        for c in range(PLACES):
            for e in range(PLACES):
                yield (a, 0, c, 0, e, 0)


def check_layout() -> list[str]:
    """What is wrong with the layout (nothing, if it is right)."""
    problems = []
    for ring, walls in enumerate(CLOCKWISE_SIDES):
        if len(walls) != size(ring) or len(INNER_SIDES[ring]) != (0 if ring == CENTRE else PLACES):
            problems.append(f"ring {RINGS[ring]}: wrong number of walls")
        if len(OUTER_SIDES[ring]) != PLACES:
            problems.append(f"ring {RINGS[ring]}: wrong number of outer sides")
    if problems:
        return problems
    if len(set(TREASURE_CELLS)) != len(TREASURE_CELLS):
        problems.append("two treasures share a cell")
    rotations = list(all_rotations())
    # Chambers (on the fixed ring F) stand still; a cell of a turning ring moves with it.
    # Every cell, treasures' included, must connect to every chamber under some rotation:
    # a pawn the duel's winner puts anywhere can always come back into the game.
    treasures = {cell: number for number, cell in enumerate(TREASURE_CELLS)}
    for chamber in CHAMBERS:
        if chamber in treasures:
            problems.append(f"a treasure lies on chamber {label(chamber)}")
        regions = [reachable(chamber, r) for r in rotations]
        for cell in all_positions():  # piece cells: positions under the start rotation
            if not any(position(cell, r) in region for r, region in zip(rotations, regions)):
                what = f"treasure {treasures[cell]}" if cell in treasures else f"cell {label(cell)}"
                problems.append(f"{what} never reachable from {label(chamber)}")
    for rotation in rotations:
        links = paths(rotation)
        for ring in TURNING:
            if paths(turn(rotation, ring, 1)) == links:
                problems.append(f"turning {RINGS[ring]} at {rotation} changes nothing")
    return problems
