"""The Labyrinthe secret castle as a PNG picture, drawn from the PUBLIC view only.

``render(view)`` takes ``ENGINE.view(state, None)`` and returns PNG bytes. The
picture has no words (``LABEL_KEYS`` is empty): only cell labels and numbers,
in ASCII, which Pillow's built-in font covers.

Layout, 800 x 800 px: the castle seen from above, north up. The centre (ring
A) is cut into four quadrants, A1 top right to A4 top left, clockwise; around
it five rings of twelve cells, B (innermost) to F (outermost). Cell ``p`` of
rings B to F covers the twelfth ``p`` of the circle measured clockwise from 12
o'clock, like a clock face (B1 lies between 12 and 1 o'clock). The rings that
turn (A, C and E) have a darker floor than the fixed ones (B, D, F), of the
same hue, so that a tint still reads; small notches mark the joints of E's
six two-cell parts (piece cells 2k and 2k+1).

- Walls: a thick dark wall on every boundary between two neighbouring cells
  that ``maze.paths(view.rotation)`` does not link; an open boundary is a
  faint line; dark pillars stand at every corner; the outer wall is whole.
- Each cell shows its label ("C7") near its outer edge; its tile and pawns
  stand in a row across the cell, below the label.
- Treasures: gold square tiles numbered 1 to 18 (treasure ``n`` shows
  ``n + 1``); collected ones are faded grey; the sought one has a magenta
  frame, and its cell a magenta outline.
- Start chambers (on F) are tinted in their seat's colour, with a band of
  that colour along the outer wall (seats in the game only).
- Pawns: round discs in the seat's colour with the seat number (1-based);
  several on one cell sit side by side. The current player's pawn has a white
  halo. During the move phase, the cells the current player can reach are
  tinted in that player's colour; during a duel, the duel's cell has an
  orange outline.

The picture is a pure function of the view: the same view gives the same
bytes (the PNG holds IHDR, PLTE, IDAT and IEND only: no time, no text). It is
drawn at twice the size over a cached background (floors, faint lines,
labels), with tiles and pawns stamped from cached sprites, halved for
smooth edges, then put on a palette of 256 colours (every flat colour,
exact, then the most used edge shades). It is safe to call from several
threads (``asyncio.to_thread``): drawing holds a module lock because the
FreeType faces and the caches are shared; halving, palette and PNG encoding
run outside it. About 10 ms a picture, 46 KiB (``bench/labyrinthe_picture.py``).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.ui import lettering, png
from bot.ui.png import RGB, blend
from games.labyrinthe import maze
from games.labyrinthe.maze import CENTRE, CHAMBERS, OUTER, PLACES, QUARTERS, RINGS, TURNING, Cell
from games.labyrinthe.models import LabyrintheView

__all__ = [
    "HEIGHT",
    "LABEL_KEYS",
    "PAWN_COLOURS",
    "PAWN_COLOUR_NAMES",
    "WIDTH",
    "boundary_point",
    "cell_centre",
    "render",
]

LABEL_KEYS: tuple[str, ...] = ()  # the picture draws no words

# -- geometry, in output pixels (drawn at SCALE times this) ---------------------
WIDTH = HEIGHT = 800
SCALE = 2
CX = CY = WIDTH / 2
R_CENTRE = 110.0  # radius of ring A
R_OUTER = 388.0  # outer edge of ring F
RING_W = (R_OUTER - R_CENTRE) / (len(RINGS) - 1)  # radial width of rings B to F
LAST = len(RINGS) - 1  # ring F
WALL = 6.0
GRID = 1.0  # an open boundary's faint line
PILLAR = 4.0  # radius of the corner pillars
LABEL_SIZE = 11
LABEL_W, LABEL_H = 20.0, 8.0  # room for a label ("F12") near a cell's outer edge
TILE = 11.0  # half the side of a treasure tile
PAWN_R = 9.0
NUMBER_SIZE = 12
CHAMBER_BAND = 6.0

# -- colours ------------------------------------------------------------------------
BACKGROUND: RGB = (36, 42, 50)
FLOOR_FIXED: RGB = (238, 228, 202)  # rings B, D, F
FLOOR_TURNING: RGB = (214, 200, 170)  # rings A, C, E: the same stone, darker
GRID_LINE: RGB = (172, 166, 152)
JOINT: RGB = (110, 118, 130)
WALL_COLOUR: RGB = (54, 40, 32)
LABEL_INK: RGB = (110, 100, 88)
GOLD: RGB = (240, 186, 30)
GOLD_EDGE: RGB = (128, 86, 0)
GOLD_INK: RGB = (60, 36, 0)
FADED: RGB = (222, 222, 218)
FADED_EDGE: RGB = (172, 172, 168)
FADED_INK: RGB = (156, 156, 152)
TARGET: RGB = (226, 24, 156)  # the sought treasure's frame and cell outline
DUEL: RGB = (255, 120, 0)
HALO: RGB = (255, 255, 255)
PAWN_EDGE: RGB = (30, 24, 20)
# Seat colours, seat 0 to 3: red, blue, green, yellow (the cog uses the same order).
PAWN_COLOURS: tuple[RGB, ...] = ((214, 69, 69), (59, 111, 214), (58, 154, 74), (224, 176, 32))
PAWN_COLOUR_NAMES: tuple[str, ...] = ("red", "blue", "green", "yellow")
PAWN_INKS: tuple[RGB, ...] = ((255, 255, 255), (255, 255, 255), (255, 255, 255), (40, 30, 0))
CHAMBER_TINT = 0.22
REACH_TINT = 0.35


# -- geometry -------------------------------------------------------------------------
def radii(ring: int) -> tuple[float, float]:
    """Inner and outer radius of a ring."""
    if ring == CENTRE:
        return 0.0, R_CENTRE
    return R_CENTRE + (ring - 1) * RING_W, R_CENTRE + ring * RING_W


def span(pos: Cell) -> tuple[float, float]:
    """The cell's first and last angle, clockwise from 12 o'clock, in degrees."""
    ring, place = pos
    step = 360 / (QUARTERS if ring == CENTRE else PLACES)
    return place * step, (place + 1) * step


def point(radius: float, degrees: float) -> tuple[float, float]:
    """Output pixel at ``radius`` from the centre, ``degrees`` clockwise from 12 o'clock."""
    angle = math.radians(degrees)
    return CX + radius * math.sin(angle), CY - radius * math.cos(angle)


def _label_radius(pos: Cell) -> tuple[float, float]:
    """Radius of a cell's label, and how far the label reaches along the radius.

    The label is a box LABEL_W x LABEL_H, always upright: near 3 and 9 o'clock it
    stretches along the radius, so it stands further in."""
    a0, a1 = span(pos)
    if pos[0] == CENTRE:
        return R_CENTRE - 16, LABEL_H / 2
    angle = math.radians((a0 + a1) / 2)
    reach = LABEL_W / 2 * abs(math.sin(angle)) + LABEL_H / 2 * abs(math.cos(angle))
    band = CHAMBER_BAND if pos[0] == LAST else 0.0
    return radii(pos[0])[1] - WALL / 2 - band - 1.5 - reach, reach


def _anchor(pos: Cell) -> tuple[float, float]:
    """Radius and angle where a cell's treasure and pawns gather: between its inner wall and its label."""
    a0, a1 = span(pos)
    if pos[0] == CENTRE:
        return R_CENTRE * 0.5, (a0 + a1) / 2
    radius, reach = _label_radius(pos)
    return (radii(pos[0])[0] + WALL / 2 + radius - reach) / 2, (a0 + a1) / 2


def cell_centre(pos: Cell) -> tuple[int, int]:
    """Output pixel where a cell's treasure and pawns gather."""
    x, y = point(*_anchor(pos))
    return round(x), round(y)


def _offset(pos: Cell, radial: float, tangential: float) -> tuple[float, float]:
    """A point near the cell's anchor: ``radial`` outwards, ``tangential`` clockwise."""
    radius, degrees = _anchor(pos)
    sin, cos = math.sin(math.radians(degrees)), math.cos(math.radians(degrees))
    x, y = point(radius, degrees)
    return x + radial * sin + tangential * cos, y - radial * cos + tangential * sin


def _neighbours() -> list[tuple[Cell, Cell]]:
    """Every boundary between two neighbouring positions, once."""
    pairs = []
    for ring in range(len(RINGS)):
        count = maze.size(ring)
        pairs += [((ring, p), (ring, (p + 1) % count)) for p in range(count)]
    pairs += [((CENTRE, p // 3), (1, p)) for p in range(PLACES)]  # B cell p faces twelfth p of the centre
    pairs += [((ring, p), (ring + 1, p)) for ring in range(1, LAST) for p in range(PLACES)]
    return pairs


NEIGHBOURS: tuple[tuple[Cell, Cell], ...] = tuple(_neighbours())


def _boundary(a: Cell, b: Cell) -> tuple[str, float, float, float]:
    """A boundary as ("radial", angle, r0, r1) or ("arc", radius, a0, a1)."""
    if a[0] == b[0]:
        first = a if (a[1] + 1) % maze.size(a[0]) == b[1] else b
        r0, r1 = radii(a[0])
        return "radial", span(first)[1], r0, r1
    outer = a if a[0] > b[0] else b
    return "arc", radii(outer[0])[0], *span(outer)


def boundary_point(a: Cell, b: Cell) -> tuple[int, int]:
    """Output pixel in the middle of the boundary between two neighbouring positions."""
    kind, x, y, z = _boundary(a, b)
    px, py = point((y + z) / 2, x) if kind == "radial" else point(x, (y + z) / 2)
    return round(px), round(py)


# -- drawing primitives (at SCALE) -----------------------------------------------------
def _s(xy: tuple[float, float]) -> tuple[float, float]:
    return xy[0] * SCALE, xy[1] * SCALE


@lru_cache(maxsize=1024)
def _sector(r0: float, r1: float, a0: float, a1: float) -> tuple[tuple[float, float], ...]:
    """An annular sector as a polygon, at SCALE (``r0`` 0: a pie slice)."""
    steps = max(2, math.ceil((a1 - a0) / 2.5))
    angles = [a0 + (a1 - a0) * i / steps for i in range(steps + 1)]
    outer = [_s(point(r1, a)) for a in angles]
    inner = [_s(point(r0, a)) for a in reversed(angles)] if r0 > 0 else [_s((CX, CY))]
    return tuple(outer + inner)


def _cell(pos: Cell, inset: float = 0.0) -> tuple[tuple[float, float], ...]:
    """The cell's outline, ``inset`` pixels inside its boundaries."""
    r0, r1 = radii(pos[0])
    a0, a1 = span(pos)
    turn = math.degrees(inset / ((r0 + r1) / 2))
    return _sector(r0 + inset if r0 else 0.0, r1 - inset, a0 + turn, a1 - turn)


@lru_cache(maxsize=512)
def _boundary_shape(a: Cell, b: Cell, width: float) -> tuple[str, tuple[tuple[float, float], ...]]:
    kind, x, y, z = _boundary(a, b)
    if kind == "radial":
        return "line", (_s(point(y, x)), _s(point(z, x)))
    return "polygon", _sector(x - width / 2, x + width / 2, y, z)


def _boundary_line(draw: ImageDraw.ImageDraw, a: Cell, b: Cell, colour: RGB, width: float) -> None:
    kind, shape = _boundary_shape(a, b, width)
    if kind == "line":
        draw.line(shape, fill=colour, width=round(width * SCALE))
    else:
        draw.polygon(shape, fill=colour)


def _disc(draw: ImageDraw.ImageDraw, xy: tuple[float, float], radius: float, colour: RGB | int) -> None:
    x, y = _s(xy)
    r = radius * SCALE
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _square(draw: ImageDraw.ImageDraw, xy: tuple[float, float], half: float, colour: RGB | int) -> None:
    x, y = _s(xy)
    h = half * SCALE
    draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=h * 0.35, fill=colour)


def _font(size: int) -> ImageFont.FreeTypeFont:
    return lettering.font(size * SCALE)


@lru_cache(maxsize=256)
def _glyphs(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """ASCII text as a mask centred on its anchor, and the mask's offset from it."""
    font, stroke = _font(size), 1 if bold else 0
    # whole pixels with an integer stroke, though typed as floats
    left, top, right, bottom = (round(edge) for edge in font.getbbox(text, anchor="mm", stroke_width=stroke))
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, fill=255, font=font, anchor="mm", stroke_width=stroke, stroke_fill=255
    )
    return mask, left, top


def _text(image: Image.Image, xy: tuple[float, float], text: str, size: int, colour: RGB, bold: bool = False) -> None:
    mask, left, top = _glyphs(text, size, bold)
    x, y = _s(xy)
    image.paste(colour, (round(x) + left, round(y) + top), mask)


def _label_point(pos: Cell) -> tuple[float, float]:
    a0, a1 = span(pos)
    return point(_label_radius(pos)[0], (a0 + a1) / 2)


def _floor(pos: Cell) -> RGB:
    return FLOOR_TURNING if pos[0] in TURNING else FLOOR_FIXED


def _pillars(draw: ImageDraw.ImageDraw) -> None:
    for ring in range(1, len(RINGS)):
        for twelfth in range(PLACES):
            _disc(draw, point(radii(ring)[0], twelfth * 30), PILLAR, WALL_COLOUR)
    _disc(draw, (CX, CY), PILLAR + 1, WALL_COLOUR)


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """What never changes: floors, faint lines on every boundary, labels, the outer wall."""
    image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.polygon(_sector(R_OUTER - 1, R_OUTER + WALL / 2, 0, 360), fill=WALL_COLOUR)
    for pos in maze.all_positions():
        draw.polygon(_cell(pos), fill=_floor(pos))
    for a, b in NEIGHBOURS:
        _boundary_line(draw, a, b, GRID_LINE, GRID)
    draw.polygon(_sector(R_OUTER - WALL / 2, R_OUTER + WALL / 2, 0, 360), fill=WALL_COLOUR)
    for pos in maze.all_positions():
        _text(image, _label_point(pos), maze.label(pos), LABEL_SIZE, LABEL_INK)
    return image


# -- the layers that change --------------------------------------------------------------
def _tints(image: Image.Image, draw: ImageDraw.ImageDraw, view: LabyrintheView) -> None:
    """Start chambers in their seat's colour; in the move phase, the cells the current player reaches."""
    reach = set(view.reachable) if view.phase == "move" else set()
    chambers = {CHAMBERS[seat]: seat for seat in range(min(view.seats, len(CHAMBERS)))}
    for pos in sorted(reach | set(chambers)):
        colour = _floor(pos)
        if pos in chambers:
            colour = blend(colour, PAWN_COLOURS[chambers[pos]], CHAMBER_TINT)
        if pos in reach:
            colour = blend(colour, PAWN_COLOURS[view.current], REACH_TINT)
        draw.polygon(_cell(pos, GRID / 2), fill=colour)  # the faint boundary lines stay
        _text(image, _label_point(pos), maze.label(pos), LABEL_SIZE, LABEL_INK)
    for pos, seat in chambers.items():
        a0, a1 = span(pos)
        draw.polygon(_sector(R_OUTER - CHAMBER_BAND - WALL / 2, R_OUTER, a0, a1), fill=PAWN_COLOURS[seat])


def _walls(draw: ImageDraw.ImageDraw, view: LabyrintheView) -> None:
    links = maze.paths(view.rotation)
    # Joints of the outer corridor's two-cell parts (piece cells 2k and 2k+1 ride together).
    r0, r1 = radii(OUTER)
    for part in range(PLACES // 2):
        degrees = ((2 * part + view.rotation[OUTER]) % PLACES) * 30
        for start, end in ((r0, r0 + 8), (r1 - 8, r1)):
            draw.line([_s(point(start, degrees)), _s(point(end, degrees))], fill=JOINT, width=2 * SCALE)
    for a, b in NEIGHBOURS:
        if b not in links[a]:
            _boundary_line(draw, a, b, WALL_COLOUR, WALL)
    _pillars(draw)


def _slots(pos: Cell, tile: bool, pawns: int) -> list[tuple[float, float]]:
    """Offsets (radial, tangential) of a cell's tile (first, if any) and pawns.

    In one row across the cell when they fit; else the pawns stand in columns
    of two, beside the tile."""
    radius, _ = _anchor(pos)
    room = radius * 2 * math.pi / maze.size(pos[0]) - WALL - 2
    widths = [2 * TILE] * tile + [2 * PAWN_R] * pawns
    if sum(widths) + len(widths) - 1 > room:
        rows = [[(0.0, 0.0)]] * tile + [
            [(PAWN_R + 0.5, 0.0), (-PAWN_R - 0.5, 0.0)][: pawns - 2 * column] for column in range((pawns + 1) // 2)
        ]
        widths = [2 * TILE] * tile + [2 * PAWN_R] * len(rows[tile:])
    else:
        rows = [[(0.0, 0.0)] for _ in widths]
    slots, left = [], -(sum(widths) + len(widths) - 1) / 2
    for width, column in zip(widths, rows):
        slots += [(radial, left + width / 2) for radial, _ in column]
        left += width + 1
    return slots


Sprite = tuple[Image.Image, Image.Image, int]  # picture, mask, half its side (at SCALE)


def _new_sprite(half: float) -> tuple[Image.Image, Image.Image, tuple[float, float], int]:
    side = math.ceil(half * SCALE) + 1
    centre = side / SCALE
    return Image.new("RGB", (2 * side, 2 * side)), Image.new("L", (2 * side, 2 * side)), (centre, centre), side


@lru_cache(maxsize=128)
def _tile(number: int, faded: bool, target: bool) -> Sprite:
    """A treasure tile; the sought one in a magenta frame."""
    image, mask, xy, side = _new_sprite(TILE + 6)
    draw, shape = ImageDraw.Draw(image), ImageDraw.Draw(mask)
    if target:
        _square(draw, xy, TILE + 6, TARGET)
        _square(draw, xy, TILE + 3, HALO)
    _square(shape, xy, TILE + 6 if target else TILE, 255)
    fill, edge, ink = (FADED, FADED_EDGE, FADED_INK) if faded else (GOLD, GOLD_EDGE, GOLD_INK)
    _square(draw, xy, TILE, edge)
    _square(draw, xy, TILE - 2, fill)
    _text(image, xy, str(number), NUMBER_SIZE, ink, bold=not faded)
    return image, mask, side


@lru_cache(maxsize=16)
def _pawn(seat: int, current: bool) -> Sprite:
    """A pawn; the current player's in a white halo."""
    image, mask, xy, side = _new_sprite(PAWN_R + 3)
    draw, shape = ImageDraw.Draw(image), ImageDraw.Draw(mask)
    if current:
        _disc(draw, xy, PAWN_R + 3, HALO)
    _disc(shape, xy, PAWN_R + 3 if current else PAWN_R, 255)
    _disc(draw, xy, PAWN_R, PAWN_EDGE)
    _disc(draw, xy, PAWN_R - 1.5, PAWN_COLOURS[seat])
    _text(image, xy, str(seat + 1), NUMBER_SIZE, PAWN_INKS[seat], bold=True)
    return image, mask, side


def _stamp(image: Image.Image, sprite: Sprite, xy: tuple[float, float]) -> None:
    picture, mask, side = sprite
    x, y = _s(xy)
    image.paste(picture, (round(x) - side, round(y) - side), mask)


def _pieces(image: Image.Image, draw: ImageDraw.ImageDraw, view: LabyrintheView) -> None:
    treasure_at = {pos: number for number, pos in enumerate(view.treasures)}
    pawns_at: dict[Cell, list[int]] = {}
    for seat, pos in enumerate(view.pawns):
        if pos is not None:
            pawns_at.setdefault(pos, []).append(seat)
    if view.target is not None:
        draw.polygon(_cell(view.treasures[view.target], WALL / 2 + 2), outline=TARGET, width=3 * SCALE)
    if view.duel is not None and (where := view.pawns[view.duel.challenger]) is not None:
        draw.polygon(_cell(where, WALL / 2 + 6), outline=DUEL, width=3 * SCALE)
    collected = set(view.collected)
    for pos in sorted(set(treasure_at) | set(pawns_at)):
        seats = pawns_at.get(pos, [])
        number = treasure_at.get(pos)
        slots = _slots(pos, number is not None, len(seats))
        if number is not None:
            tile = _tile(number + 1, number in collected, number == view.target)
            _stamp(image, tile, _offset(pos, *slots.pop(0)))
        for seat, slot in zip(seats, slots):
            current = seat == view.current and view.phase != "over"
            _stamp(image, _pawn(seat, current), _offset(pos, *slot))


# -- the palette -------------------------------------------------------------------------
def _flat_colours() -> list[RGB]:
    """Every colour the picture fills areas with: they must stay exact."""
    colours = [
        BACKGROUND,
        FLOOR_FIXED,
        FLOOR_TURNING,
        GRID_LINE,
        JOINT,
        WALL_COLOUR,
        LABEL_INK,
        GOLD,
        GOLD_EDGE,
        GOLD_INK,
        FADED,
        FADED_EDGE,
        FADED_INK,
        TARGET,
        DUEL,
        HALO,
        PAWN_EDGE,
        *PAWN_COLOURS,
        *PAWN_INKS,
    ]
    for floor in (FLOOR_FIXED, FLOOR_TURNING):
        for chamber in (None, *PAWN_COLOURS):
            base = floor if chamber is None else blend(floor, chamber, CHAMBER_TINT)
            colours += [base] + [blend(base, seat, REACH_TINT) for seat in PAWN_COLOURS]
    return list(dict.fromkeys(colours))


FLAT_COLOURS: tuple[RGB, ...] = tuple(_flat_colours())


class LabyrinthePicture(png.Picture):
    """The castle in RGB, from the public view; ``labels`` is accepted for the common picture
    interface and unused: the picture draws no words."""

    title, lock, flat_colours = "Labyrinthe", threading.Lock(), FLAT_COLOURS

    def paint(self, view: LabyrintheView, labels: Mapping[str, str] | None = None) -> Image.Image:
        image = _background().copy()
        pen = ImageDraw.Draw(image)
        _tints(image, pen, view)
        _walls(pen, view)
        _pieces(image, pen, view)
        return image.reduce(SCALE)


PICTURE = LabyrinthePicture()
render, draw = PICTURE.render, PICTURE.draw
