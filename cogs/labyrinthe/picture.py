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
painted on a fixed palette (``SHADES``: every flat colour and the antialiasing
shades between the colours that meet, in its first half; in its second, the
same shades on the floors tinted for the current player), from layers and
sprites drawn once at twice the size, halved and put on the palette: the
castle cut into rings that each turn with one ring of cells (its walls), the
start chambers, the outlines, tiles and pawns. A picture is a copy of the
castle for its rotation plus pastes; the cells the current player reaches
move to their tinted twins by an offset added to their pixels. It is safe to
call from several threads (``asyncio.to_thread``): painting holds a module
lock because the FreeType faces and the caches are shared; PNG encoding runs
outside it. About 1.8 ms a picture (1 of them encoding), 46 KiB; the first
picture of a ring's turn not seen yet draws its layer, about 10 ms, and of
the outer corridor's its chambers too (``bench/labyrinthe_picture.py``).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.ui import lettering, png
from bot.ui.png import RGB, blend
from games.labyrinthe import maze
from games.labyrinthe.maze import CENTRE, CHAMBERS, INNER, OUTER, PLACES, QUARTERS, RINGS, TURNING, Cell
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


@lru_cache(maxsize=1024)
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


# -- drawing in RGB, at SCALE (cached layers and sprites only) ------------------------------
Origin = tuple[int, int]  # where a canvas's top left corner stands in the picture, in output pixels
WHOLE: Origin = (0, 0)


def _s(xy: tuple[float, float], origin: Origin = WHOLE) -> tuple[float, float]:
    return (xy[0] - origin[0]) * SCALE, (xy[1] - origin[1]) * SCALE


def _moved(points: tuple[tuple[float, float], ...], origin: Origin) -> list[tuple[float, float]]:
    """Points at SCALE on a canvas whose corner stands at ``origin``."""
    dx, dy = origin[0] * SCALE, origin[1] * SCALE
    return [(x - dx, y - dy) for x, y in points]


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


def _text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: RGB,
    bold: bool = False,
    origin: Origin = WHOLE,
) -> None:
    mask, left, top = _glyphs(text, size, bold)
    x, y = _s(xy, origin)
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


def _chambers(seats: int) -> dict[Cell, int]:
    """The start chambers of the seats in the game, and their seat."""
    return {CHAMBERS[seat]: seat for seat in range(min(seats, len(CHAMBERS)))}


@lru_cache(maxsize=1)
def _floors() -> Image.Image:
    """What never changes, at SCALE: floors, faint lines on every boundary, labels, the outer wall."""
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


def _castle(rotation: maze.Rotation, seats: int) -> Image.Image:
    """The castle without tiles, pawns or reachable cells, drawn at SCALE and halved (RGB):
    floors, faint lines, labels, the seats' start chambers, joints, walls and pillars."""
    image = _floors().copy()
    draw = ImageDraw.Draw(image)
    chambers = _chambers(seats)
    for pos, seat in chambers.items():
        draw.polygon(_cell(pos, GRID / 2), fill=blend(_floor(pos), PAWN_COLOURS[seat], CHAMBER_TINT))
        _text(image, _label_point(pos), maze.label(pos), LABEL_SIZE, LABEL_INK)
    for pos, seat in chambers.items():
        draw.polygon(_band(pos), fill=PAWN_COLOURS[seat])
    # Joints of the outer corridor's two-cell parts (piece cells 2k and 2k+1 ride together).
    r0, r1 = radii(OUTER)
    for part in range(PLACES // 2):
        degrees = ((2 * part + rotation[OUTER]) % PLACES) * 30
        for start, end in ((r0, r0 + 8), (r1 - 8, r1)):
            draw.line([_s(point(start, degrees)), _s(point(end, degrees))], fill=JOINT, width=2 * SCALE)
    links = maze.paths(rotation)
    for a, b in NEIGHBOURS:
        if b not in links[a]:
            _boundary_line(draw, a, b, WALL_COLOUR, WALL)
    _pillars(draw)
    return image.reduce(SCALE)


def _band(pos: Cell) -> tuple[tuple[float, float], ...]:
    """A start chamber's band along the outer wall, at SCALE."""
    a0, a1 = span(pos)
    return _sector(R_OUTER - CHAMBER_BAND - WALL / 2, R_OUTER, a0, a1)


# -- the palette -------------------------------------------------------------------------
# Every colour of the picture is ``over`` laid on ``under`` by ``amount``: the flat colours
# (amount 0) and the antialiasing shades between the colours that meet. Those laid on a floor
# (``FLOORS``) have a twin in the palette's second half, on that floor tinted as a cell the
# current player reaches; the others' twins are themselves. A reachable cell's pixels move to
# their twins: ``TWIN`` added to their index.
Shade = tuple[RGB, RGB, float]  # under, over, amount
CHAMBER_FLOORS: tuple[RGB, ...] = tuple(blend(FLOOR_FIXED, colour, CHAMBER_TINT) for colour in PAWN_COLOURS)
FLOORS: tuple[RGB, ...] = (FLOOR_FIXED, FLOOR_TURNING, *CHAMBER_FLOORS)
THIRDS = (1 / 3, 2 / 3)
ON_FLOOR: dict[RGB, tuple[float, ...]] = {  # over a floor of rings A to F
    WALL_COLOUR: tuple(k / 7 for k in range(1, 7)),
    LABEL_INK: (0.2, 0.4, 0.6, 0.8),
    GRID_LINE: THIRDS,
    TARGET: THIRDS,
    GOLD_EDGE: THIRDS,
    HALO: (0.5,),
    DUEL: (0.5,),
}
ON_CHAMBER: dict[RGB, tuple[float, ...]] = {WALL_COLOUR: THIRDS, LABEL_INK: THIRDS, GRID_LINE: (0.5,), HALO: (0.5,)}
PAIRS: tuple[tuple[RGB, RGB, tuple[float, ...]], ...] = (  # under, over, amounts: off the floors
    (BACKGROUND, WALL_COLOUR, THIRDS),
    *((colour, ink, THIRDS) for colour, ink in zip(PAWN_COLOURS, PAWN_INKS)),
    *((PAWN_EDGE, colour, (0.5,)) for colour in PAWN_COLOURS),
    *((WALL_COLOUR, colour, (0.5,)) for colour in PAWN_COLOURS),  # a chamber's band on the outer wall
    (PAWN_EDGE, HALO, (0.5,)),
    (GOLD, GOLD_INK, THIRDS),
    (GOLD_EDGE, GOLD, (0.5,)),
    (FADED, FADED_INK, THIRDS),
    (FADED_EDGE, FADED, (0.5,)),
    (HALO, TARGET, THIRDS),
    (GOLD_EDGE, HALO, (0.5,)),
)
TWIN = 128


def _shades() -> list[Shade]:
    shades: list[Shade] = []
    for floor in FLOORS:
        shades.append((floor, floor, 0.0))
        chamber = CHAMBER_FLOORS.index(floor) if floor in CHAMBER_FLOORS else None
        overs = dict(ON_FLOOR) if chamber is None else ON_CHAMBER | {PAWN_COLOURS[chamber]: THIRDS, DUEL: (0.5,)}
        if floor == FLOOR_TURNING:
            overs[JOINT] = THIRDS
        shades += [(floor, over, amount) for over, amounts in overs.items() for amount in amounts]
    flat = (
        BACKGROUND,
        WALL_COLOUR,
        LABEL_INK,
        GRID_LINE,
        JOINT,
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
    )
    shades += [(colour, colour, 0.0) for colour in dict.fromkeys(flat)]
    shades += [(under, over, amount) for under, over, amounts in PAIRS for amount in amounts]
    assert len(shades) <= TWIN, len(shades)
    return shades


SHADES: tuple[Shade, ...] = tuple(_shades())
COLOURS: tuple[RGB, ...] = tuple(blend(under, over, amount) for under, over, amount in SHADES)
CASTLE_PALETTE = png.palette_image(COLOURS)  # cached layers and sprites are put on it


def _twins(seat: int) -> list[RGB]:
    """The second half of the palette: each shade on a floor tinted as reachable by ``seat``."""
    tint = PAWN_COLOURS[seat]
    twins = [
        blend(blend(under, tint, REACH_TINT), over, amount) if under in FLOORS else blend(under, over, amount)
        for under, over, amount in SHADES
    ]
    return twins + [BACKGROUND] * (TWIN - len(SHADES))


# The picture's palette, by the current seat (the tint of the cells it reaches)
PALETTES: tuple[bytes, ...] = tuple(
    bytes(channel for colour in (*COLOURS, *[BACKGROUND] * (TWIN - len(COLOURS)), *_twins(seat)) for channel in colour)
    for seat in range(len(PAWN_COLOURS))
)


def _indices(image: Image.Image) -> Image.Image:
    """An RGB drawing on ``CASTLE_PALETTE``, as an "L" image of palette indices."""
    return Image.frombytes("L", image.size, png.on_palette(image, CASTLE_PALETTE).tobytes())


# -- cached layers ---------------------------------------------------------------------
# The castle is cut into rings of pixels that each depend on one turning ring's rotation
# (A, C, E; the cuts run through the middle of the fixed rings B, D and F, clear of every wall
# that turns) and the outer part, fixed. Each layer holds its ring's pixels, 0 elsewhere: the
# castle is their sum, pixel by pixel.
ZONES: tuple[tuple[int, float, float], ...] = (  # turning ring, inner and outer radius
    (CENTRE, 0.0, R_CENTRE + RING_W / 2),
    (INNER, R_CENTRE + RING_W / 2, R_CENTRE + RING_W * 5 / 2),
    (OUTER, R_CENTRE + RING_W * 5 / 2, R_CENTRE + RING_W * 9 / 2),
)
_LAYERS: dict[tuple[int, int], tuple[Image.Image, tuple[int, int]]] = {}  # (ring, turn): at most 28


def _disc_mask(radius: float) -> Image.Image:
    """Pixels whose centre lies within ``radius`` of the castle's centre."""
    mask = Image.new("1", (WIDTH, HEIGHT), 0)
    ImageDraw.Draw(mask).ellipse((CX - radius, CY - radius, CX + radius - 1, CY + radius - 1), fill=1)
    return mask


def _cut(castle: Image.Image, inner: float, outer: float) -> tuple[Image.Image, tuple[int, int]]:
    """The castle's pixels between two radii, 0 elsewhere, cropped: the layer and its corner."""
    mask = _disc_mask(outer)
    if inner > 0:
        mask.paste(0, mask=_disc_mask(inner))
    box = mask.getbbox() or (0, 0, 1, 1)
    layer = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    layer.paste(castle.crop(box), mask=mask.crop(box))
    return layer, box[:2]


@lru_cache(maxsize=1)
def _outside() -> Image.Image:
    """The fixed part, beyond the last zone, with 0 within it."""
    castle = _indices(_castle(maze.START, 0))
    castle.paste(0, mask=_disc_mask(ZONES[-1][2]))
    return castle


def _layers(rotation: maze.Rotation) -> list[tuple[Image.Image, tuple[int, int]]]:
    missing = [(ring, inner, outer) for ring, inner, outer in ZONES if (ring, rotation[ring]) not in _LAYERS]
    if missing:
        castle = _indices(_castle(rotation, 0))
        for ring, inner, outer in missing:
            _LAYERS[ring, rotation[ring]] = _cut(castle, inner, outer)
    return [_LAYERS[ring, rotation[ring]] for ring, _, _ in ZONES]


@lru_cache(maxsize=4)
def _walls(rotation: maze.Rotation) -> Image.Image:
    """Floors, faint lines, labels, joints, walls and pillars for ``rotation`` (indices)."""
    image = _outside().copy()
    for layer, corner in _layers(rotation):
        box = (*corner, corner[0] + layer.width, corner[1] + layer.height)
        image.paste(ImageChops.add_modulo(image.crop(box), layer), corner)
    return image


def _polygon(points: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """A polygon at SCALE in output pixels."""
    return [(x / SCALE, y / SCALE) for x, y in points]


def _footprint(shape: Image.Image) -> Image.Image:
    """Where a drawing at SCALE (its coverage, "L") touches the output pixels ("1")."""
    return shape.reduce(SCALE).point([0] + [255] * 255).convert("1")


@lru_cache(maxsize=len(CHAMBERS))
def _chamber_mask(seat: int) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """A start chamber's pixels (its cell and its band) and their box."""
    pos = CHAMBERS[seat]
    shape = Image.new("L", (WIDTH * SCALE, HEIGHT * SCALE), 0)
    ImageDraw.Draw(shape).polygon(_band(pos), fill=255)
    mask = _footprint(shape)
    ImageDraw.Draw(mask).polygon(_outline(pos), fill=1)
    box = mask.getbbox() or (0, 0, 1, 1)
    return mask.crop(box), box


_CHAMBERS: dict[tuple[int, int], Image.Image] = {}  # (seat, E's turn): at most 48, each a chamber's box


def _start_chambers(image: Image.Image, view: LabyrintheView) -> None:
    """The seats' start chambers, tinted, with their band (their walls follow the outer corridor)."""
    turn = view.rotation[OUTER]
    for seat in range(min(view.seats, len(CHAMBERS))):
        mask, box = _chamber_mask(seat)
        if (seat, turn) not in _CHAMBERS:
            castle = _indices(_castle((0, 0, 0, 0, turn, 0), len(CHAMBERS)))
            for each in range(len(CHAMBERS)):
                _CHAMBERS[each, turn] = castle.crop(_chamber_mask(each)[1])
        image.paste(_CHAMBERS[seat, turn], box[:2], mask)


# -- cached sprites ----------------------------------------------------------------------
Sprite = tuple[Image.Image, Image.Image]  # palette indices ("L") and where to paste them ("1")


def _on_floor(picture: Image.Image, shape: Image.Image, floor: RGB) -> Sprite:
    """A drawing at SCALE (RGB and its coverage) laid on ``floor``, halved, on the palette."""
    canvas = Image.new("RGB", picture.size, floor)
    canvas.paste(picture, (0, 0), shape)
    return _indices(canvas.reduce(SCALE)), _footprint(shape)


def _new_sprite(half: float) -> tuple[Image.Image, Image.Image, tuple[float, float], int]:
    side = math.ceil(half * SCALE) + 1
    centre = side / SCALE
    return Image.new("RGB", (2 * side, 2 * side)), Image.new("L", (2 * side, 2 * side)), (centre, centre), side


@lru_cache(maxsize=64)
def _tile_drawing(number: int, faded: bool, target: bool) -> tuple[Image.Image, Image.Image, int]:
    """A treasure tile at SCALE; the sought one in a magenta frame."""
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
def _pawn_drawing(seat: int, current: bool) -> tuple[Image.Image, Image.Image, int]:
    """A pawn at SCALE; the current player's in a white halo."""
    image, mask, xy, side = _new_sprite(PAWN_R + 3)
    draw, shape = ImageDraw.Draw(image), ImageDraw.Draw(mask)
    if current:
        _disc(draw, xy, PAWN_R + 3, HALO)
    _disc(shape, xy, PAWN_R + 3 if current else PAWN_R, 255)
    _disc(draw, xy, PAWN_R, PAWN_EDGE)
    _disc(draw, xy, PAWN_R - 1.5, PAWN_COLOURS[seat])
    _text(image, xy, str(seat + 1), NUMBER_SIZE, PAWN_INKS[seat], bold=True)
    return image, mask, side


Piece = tuple[str, int, bool, bool]  # ("tile", number, faded, sought) or ("pawn", seat, current, False)


def _drawing(piece: Piece) -> tuple[Image.Image, Image.Image, int]:
    kind, number, flag, sought = piece
    return _tile_drawing(number, flag, sought) if kind == "tile" else _pawn_drawing(number, flag)


@lru_cache(maxsize=512)
def _sprite(piece: Piece, floor: RGB, odd: tuple[int, int]) -> Sprite:
    """A tile or pawn on ``floor``, its corner ``odd`` pixels at SCALE past a whole output pixel."""
    picture, shape, _ = _drawing(piece)
    size = (picture.width + SCALE, picture.height + SCALE)
    moved_picture, moved_shape = Image.new("RGB", size), Image.new("L", size, 0)
    moved_picture.paste(picture, odd)
    moved_shape.paste(shape, odd)
    return _on_floor(moved_picture, moved_shape, floor)


def _stamp(image: Image.Image, piece: Piece, floor: RGB, xy: tuple[float, float]) -> None:
    x, y = _s(xy)
    half = _drawing(piece)[2]
    left, top = round(x) - half, round(y) - half
    indices, mask = _sprite(piece, floor, (left % SCALE, top % SCALE))
    image.paste(indices, (left // SCALE, top // SCALE), mask)


@lru_cache(maxsize=256)
def _outlines(pos: Cell, floor: RGB, target: bool, duel: bool) -> tuple[Sprite, Origin]:
    """The sought treasure's cell outline and/or the duel's, over the cell's floor and label."""
    cell = Image.new("1", (WIDTH, HEIGHT), 0)
    ImageDraw.Draw(cell).polygon(_polygon(_cell(pos)), fill=1)
    left, top, right, bottom = cell.getbbox() or (0, 0, 1, 1)
    origin = (left, top)
    size = ((right - left) * SCALE, (bottom - top) * SCALE)
    picture, shape = Image.new("RGB", size, floor), Image.new("L", size, 0)
    _text(picture, _label_point(pos), maze.label(pos), LABEL_SIZE, LABEL_INK, origin=origin)
    for inset, colour in ((WALL / 2 + 2, TARGET), (WALL / 2 + 6, DUEL))[1 - target : 1 + duel]:
        outline = _moved(_cell(pos, inset), origin)
        ImageDraw.Draw(picture).polygon(outline, outline=colour, width=3 * SCALE)
        ImageDraw.Draw(shape).polygon(outline, outline=255, width=3 * SCALE)
    return _on_floor(picture, shape, floor), origin


# -- the layers that change --------------------------------------------------------------
def _cells_floor(view: LabyrintheView) -> dict[Cell, RGB]:
    """The floor of each start chamber in the game."""
    return {pos: CHAMBER_FLOORS[seat] for pos, seat in _chambers(view.seats).items()}


def _pieces(image: Image.Image, view: LabyrintheView) -> None:
    floors = _cells_floor(view)
    treasure_at = {pos: number for number, pos in enumerate(view.treasures)}
    pawns_at: dict[Cell, list[int]] = {}
    for seat, pos in enumerate(view.pawns):
        if pos is not None:
            pawns_at.setdefault(pos, []).append(seat)
    target = view.treasures[view.target] if view.target is not None else None
    duel = view.pawns[view.duel.challenger] if view.duel is not None else None
    for pos in sorted(cell for cell in {target, duel} if cell is not None):
        (indices, mask), corner = _outlines(pos, floors.get(pos, _floor(pos)), pos == target, pos == duel)
        image.paste(indices, corner, mask)
    collected = set(view.collected)
    for pos in sorted(set(treasure_at) | set(pawns_at)):
        floor = floors.get(pos, _floor(pos))
        number = treasure_at.get(pos)
        pieces: list[Piece] = (
            [] if number is None else [("tile", number + 1, number in collected, number == view.target)]
        )
        over = view.phase == "over"
        pieces += [("pawn", seat, seat == view.current and not over, False) for seat in pawns_at.get(pos, [])]
        for piece, slot in zip(pieces, _slots(pos, number is not None, len(pieces) - (number is not None))):
            _stamp(image, piece, floor, _offset(pos, *slot))


@lru_cache(maxsize=len(NEIGHBOURS))
def _outline(pos: Cell) -> list[tuple[float, float]]:
    """A cell's boundaries, in output pixels."""
    return _polygon(_cell(pos))


def _reach(image: Image.Image, view: LabyrintheView) -> Image.Image:
    """During the move phase, the cells the current player reaches, on their tinted twins."""
    if view.phase != "move" or not view.reachable:
        return image
    cells = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(cells)
    for ring, place in view.reachable:
        draw.polygon(_outline((ring, place)), fill=TWIN)
    return ImageChops.add_modulo(image, cells)  # every index is below TWIN: nothing wraps


@lru_cache(maxsize=1024)
def _slots(pos: Cell, tile: bool, pawns: int) -> tuple[tuple[float, float], ...]:
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
    return tuple(slots)


class LabyrinthePicture(png.Picture):
    """The castle on its palette, from the public view; ``labels`` is accepted for the common
    picture interface and unused: the picture draws no words."""

    title, lock = "Labyrinthe", threading.Lock()

    def paint(self, view: LabyrintheView, labels: Mapping[str, str] | None = None) -> Image.Image:
        a, b, c, d, e, f = view.rotation
        image = _walls((a, b, c, d, e, f)).copy()
        _start_chambers(image, view)
        _pieces(image, view)
        image = _reach(image, view)
        image.putpalette(PALETTES[view.current])
        return image


PICTURE = LabyrinthePicture()
render, draw = PICTURE.render, PICTURE.rgb
