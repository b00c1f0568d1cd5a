"""The Fireship sea map as a PNG picture, drawn from the PUBLIC view only.

``render(view)`` takes ``ENGINE.view(state, None)`` and returns PNG bytes. The
picture has no words (``LABEL_KEYS`` is empty): only cell labels and numbers,
in ASCII, which Pillow's built-in font covers.

Layout, 805 x 865 px: the 19 x 19 sea, north up, cells of 40 px between
1 px grid lines, framed by a dark band with the column letters A-S above and
below and the row numbers 1-19 left and right (cell "A1" top left, as in
``games.fireship.board``). Below the frame, a band of 60 px: the current
player's panel in their colour (the three d10 faces, then a double chevron
and the movement points left) and, on the right, one chip per seat (a flag
in the seat's colour and its island count; a cross when the seat is out, a
black hole when Deep Hole Bermuda makes it skip its next turn, a gold star
for a winner, a white frame for the current player).

- Sea cells are pale blue; the home corners in use are tinted in their seat's
  colour. Islands are sandy land with a flag in the owner's colour (white:
  nobody's); each green-dot cell, just below its island, has a green dot.
- Special cells have a disc each: an anchor on steel grey (battleship cell),
  a ship's wheel on wood (wheel), a white "?" on purple (mystery card).
- Pieces are silhouettes with a dark outline, filled with the owner's colour
  (white: a neutral boat): a sailing boat (hull and two sails), a plane seen
  from above, a battleship (long hull, decks and guns, no sails). A home cell
  shows each kind once, in a quarter of the cell, with its count when more
  than one. The current player's pieces stand on a white disc ringed in
  their colour; a seat under Brouillard (fog) has a wreath of cloud puffs
  around its pieces.
- While a piece is steered, the cells it can reach are tinted in the current
  player's colour and its own cell (and its quarter, at home) is framed in
  black.
- A Tourbillon (whirlpool) is a spiral in its owner's colour, under the
  piece on its cell. An action being settled draws nothing: the public view
  never shows a reaction window (the table sees the position before it).

The picture is a pure function of the view: the same view gives the same
bytes (the PNG holds IHDR, PLTE, IDAT and IEND only: no time, no text). It is
painted on a fixed palette (``COLOURS``: every flat colour, the landmarks
tinted as reachable, then the antialiasing shades between the colours that
meet). The frame, sea, grid, labels, islands, dots and special cells are drawn
once in RGB and put on it; flags, pieces, spirals, dice and arrows are RGB
sprites drawn 4 times larger and reduced, so their edges are smooth. Each cell
that differs from the background (its tints, flag, whirlpools, pieces, badges,
steered frame) is a tile drawn once per look from those sprites, in RGB as
before, and put on the palette; so are the dice panel's parts and the seats'
chips. A picture is a copy of the background plus pastes of cached tiles (a
plain reachable cell: a flat fill). It is safe to call from several threads
(``asyncio.to_thread``): painting holds a module lock because the FreeType
faces and the caches are shared; PNG encoding runs outside it. About 1.1 ms a
picture (0.8 of them encoding), 28 KiB; a cell's look not seen yet costs about
0.08 ms, the very first picture 20 ms (``bench/fireship_picture.py``).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.ui import lettering, png
from bot.ui.png import RGB, blend
from games.fireship.board import (
    COLUMNS,
    GREEN_DOTS,
    HOMES,
    ISLANDS,
    SIZE,
    SPECIAL_CELLS,
    Cell,
    parse_label,
)
from games.fireship.models import FireshipView, Piece

__all__ = [
    "HEIGHT",
    "LABEL_KEYS",
    "SEAT_COLOURS",
    "WIDTH",
    "blend",
    "cell_box",
    "cell_centre",
    "flag_point",
    "ref_cell",
    "render",
]

LABEL_KEYS: tuple[str, ...] = ()  # the picture draws no words

# -- geometry, in pixels -------------------------------------------------------------
CELL = 40  # from one grid line to the next
INSIDE = CELL - 1  # a cell's side between its grid lines
EDGE = 22  # the frame with the letters and numbers
BOARD = SIZE * CELL + 1  # the grid, with its last line
BAND = 60  # the dice, points and seats below the frame
WIDTH = 2 * EDGE + BOARD
HEIGHT = 2 * EDGE + BOARD + BAND
SS = 4  # sprites are drawn this many times larger, then reduced
LABEL_SIZE = 13
COUNT_SIZE = 11

# -- colours ------------------------------------------------------------------------
FRAME: RGB = (24, 40, 62)
LABEL_INK: RGB = (214, 226, 238)
SEA: RGB = (180, 215, 231)
GRID_LINE: RGB = (136, 180, 204)
SAND: RGB = (228, 206, 150)
SHORE: RGB = (160, 126, 72)
PALM: RGB = (86, 146, 72)
GREEN_DOT: RGB = (36, 150, 60)
OUTLINE: RGB = (26, 26, 34)
WHITE: RGB = (255, 255, 255)
NEUTRAL: RGB = (248, 248, 244)  # white boats and flags
STEEL: RGB = (104, 118, 134)
WOOD: RGB = (156, 104, 56)
PURPLE: RGB = (124, 66, 170)
FOG: RGB = (238, 243, 248)
FOG_EDGE: RGB = (140, 154, 172)
ACTION: RGB = (226, 24, 156)  # a seat out of the game: a cross on its chip
CHIP: RGB = (42, 62, 90)
IDLE: RGB = (72, 82, 98)  # the panel once the game is over
GOLD: RGB = (246, 190, 30)
# Seat colours by home corner, as board.COLOURS: blue, red, green, yellow.
SEAT_COLOURS: tuple[RGB, ...] = ((44, 92, 204), (214, 52, 52), (44, 156, 70), (242, 198, 36))
SEAT_INKS: tuple[RGB, ...] = (WHITE, WHITE, WHITE, OUTLINE)  # digits on a seat's colour
HOME_TINT = 0.45
REACH_TINT = 0.40


# -- geometry -------------------------------------------------------------------------
def _as_cell(cell: Sequence[int]) -> Cell:
    """A cell as a hashable pair, whatever sequence holds it."""
    x, y = cell
    return x, y


def cell_box(cell: Cell) -> tuple[int, int, int, int]:
    """The pixels inside a cell's grid lines: left, top, right, bottom (exclusive)."""
    left, top = EDGE + cell[0] * CELL + 1, EDGE + cell[1] * CELL + 1
    return left, top, left + INSIDE, top + INSIDE


def cell_centre(cell: Cell) -> tuple[int, int]:
    left, top, _, _ = cell_box(cell)
    return left + INSIDE // 2, top + INSIDE // 2


def flag_point(cell: Cell) -> tuple[int, int]:
    """A pixel of the flag's cloth on an island."""
    left, top, _, _ = cell_box(cell)
    return left + INSIDE // 2 + 2, top + INSIDE // 2 - 9


def ref_cell(ref: str | None, pieces: Sequence[Piece]) -> Cell | None:
    """The cell of a piece number ("12") or an island ("i3"); None if it is gone."""
    if not ref:
        return None
    if ref.startswith("i"):
        return ISLANDS[int(ref[1:]) - 1]
    return next((_as_cell(p.cell) for p in pieces if str(p.id) == ref), None)


def seat_colour(view: FireshipView, seat: int | None) -> RGB:
    return NEUTRAL if seat is None else SEAT_COLOURS[view.corners[seat]]


# -- text -----------------------------------------------------------------------------
_font = lettering.font


@lru_cache(maxsize=256)
def _glyphs(text: str, size: int, stroke: int) -> tuple[Image.Image, int, int]:
    """ASCII text as a mask centred on its anchor (thickened by ``stroke``), and its offset."""
    font = _font(size)
    # whole pixels with an integer stroke, though typed as floats
    left, top, right, bottom = (round(edge) for edge in font.getbbox(text, anchor="mm", stroke_width=stroke))
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, fill=255, font=font, anchor="mm", stroke_width=stroke, stroke_fill=255
    )
    return mask, left, top


def _text(
    image: Image.Image, xy: tuple[float, float], text: str, size: int, colour: RGB, edge: RGB | None = None
) -> None:
    """Bold ``text`` centred on ``xy``; ``edge``: a dark rim around it."""
    if edge is not None:
        mask, left, top = _glyphs(text, size, 3)
        image.paste(edge, (round(xy[0]) + left, round(xy[1]) + top), mask)
    mask, left, top = _glyphs(text, size, 1)
    image.paste(colour, (round(xy[0]) + left, round(xy[1]) + top), mask)


# -- sprites --------------------------------------------------------------------------
Sprite = tuple[Image.Image, Image.Image]  # picture and mask
Points = Sequence[tuple[float, float]]


class _Pen:
    """Draws on a sprite canvas SS times larger, in units of output pixels from its centre."""

    def __init__(self, side: int, scale: float = 1.0) -> None:
        self.image = Image.new("RGBA", (side * SS, side * SS), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)
        self.centre, self.unit = side * SS / 2, SS * scale

    def at(self, points: Points) -> list[tuple[float, float]]:
        return [(self.centre + x * self.unit, self.centre + y * self.unit) for x, y in points]

    def disc(self, radius: float, fill: RGB, x: float = 0, y: float = 0) -> None:
        (cx, cy), r = self.at([(x, y)])[0], radius * self.unit
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)

    def ring(self, radius: float, width: float, colour: RGB) -> None:
        (cx, cy), r, w = self.at([(0, 0)])[0], (radius + width / 2) * self.unit, width * self.unit
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=round(w))

    def silhouette(self, shapes: Iterable[Points], fill: RGB, edge: float = 1.5, outline: RGB = OUTLINE) -> None:
        """Polygons filled as one shape, ringed ``edge`` pixels wide (outside) in ``outline``."""
        drawn = [self.at(shape) for shape in shapes]
        for shape in drawn:
            self.draw.line(shape + shape[:1], fill=outline, width=round(2 * edge * SS), joint="curve")
            self.draw.polygon(shape, fill=outline)
        for shape in drawn:
            self.draw.polygon(shape, fill=fill)

    def stroke(self, points: Points, width: float, fill: RGB) -> None:
        self.draw.line(self.at(points), fill=fill, width=round(width * SS), joint="curve")

    def text(self, xy: tuple[float, float], text: str, size: int, fill: RGB) -> None:
        font = _font(size * SS)
        self.draw.text(
            self.at([xy])[0], text, fill=fill, font=font, anchor="mm", stroke_width=SS // 2, stroke_fill=fill
        )

    def sprite(self) -> Sprite:
        small = self.image.convert("RGBa").reduce(SS).convert("RGBA")  # premultiplied: no dark fringes
        return small.convert("RGB"), small.getchannel("A")


def _stamp(image: Image.Image, sprite: Sprite, xy: tuple[int, int]) -> None:
    picture, mask = sprite
    image.paste(picture, xy, mask)


# Piece outlines in pixels from the centre of a cell, the bow to the right, the nose up.
BOAT = (
    ((-15, 3), (15, 3), (10, 11), (-10, 11)),  # hull
    ((-1, -15), (1, -15), (1, 3), (-1, 3)),  # mast
    ((2, -14), (2, 0), (14, 0)),  # mainsail
    ((-3, -11), (-3, 0), (-12, 0)),  # jib
)
PLANE = (
    ((-17, 0), (-3, -5), (3, -5), (17, 0), (17, 4), (3, 2), (-3, 2), (-17, 4)),  # wings
    ((-7, 12), (-1, 9), (1, 9), (7, 12), (7, 15), (-7, 15)),  # tail
    ((0, -16), (3, -12), (3, 10), (1.5, 15), (-1.5, 15), (-3, 10), (-3, -12)),  # fuselage
)
BATTLESHIP = (
    ((-17, 2), (18, 2), (13, 10), (-15, 10)),  # hull
    ((-9, -4), (5, -4), (5, 2), (-9, 2)),  # deckhouse
    ((-5, -11), (1, -11), (1, -4), (-5, -4)),  # bridge
    ((8, -3), (13, -3), (13, 2), (8, 2)),  # fore turret
    ((12, -2), (18, -4), (18, -2), (12, 0)),  # its gun
    ((-15, -3), (-11, -3), (-11, 2), (-15, 2)),  # aft turret
)
SHAPES = {"boat": BOAT, "plane": PLANE, "battleship": BATTLESHIP}


def _halo(pen: _Pen, colour: RGB) -> None:
    pen.disc(18.5, colour)
    pen.disc(16.5, WHITE)


def _fog(pen: _Pen) -> None:
    """A wreath of cloud puffs around the piece: their rims first, so the puffs merge."""
    puffs = [(14.5 * math.cos(math.pi * k / 5), 14.5 * math.sin(math.pi * k / 5)) for k in range(10)]
    for radius, colour in ((5.5, FOG_EDGE), (4.5, FOG)):
        for x, y in puffs:
            pen.disc(radius, colour, x, y)


@lru_cache(maxsize=256)
def _piece(kind: str, colour: RGB, current: bool, fogged: bool) -> Sprite:
    """A piece filling a cell."""
    pen = _Pen(INSIDE)
    if current:
        _halo(pen, colour)
    if fogged:
        _fog(pen)
    pen.silhouette(SHAPES[kind], colour)
    return pen.sprite()


@lru_cache(maxsize=64)
def _icon(kind: str, colour: RGB, height: int) -> Sprite:
    """A piece ``height`` pixels high, for a row of a shared cell."""
    pen = _Pen(height, height / 34)
    pen.silhouette(SHAPES[kind], colour, edge=1.0)
    return pen.sprite()


@lru_cache(maxsize=16)
def _flag(colour: RGB, small: bool = False) -> Sprite:
    """A flag on its pole (the island's sand is in the background)."""
    pen = _Pen(24 if small else INSIDE, 24 / INSIDE if small else 1.0)
    pen.silhouette([((-8, -15), (-5, -15), (-5, 13), (-8, 13))], SHORE, edge=1.0, outline=OUTLINE)
    pen.silhouette([((-5, -15), (13, -15), (9, -9), (13, -3), (-5, -3))], colour, edge=1.5)
    return pen.sprite()


def _spiral_points(radius: float, turns: float) -> list[tuple[float, float]]:
    steps = round(36 * turns)
    return [
        (
            (0.1 + 0.9 * t / steps) * radius * math.cos(2 * math.pi * turns * t / steps),
            (0.1 + 0.9 * t / steps) * radius * math.sin(2 * math.pi * turns * t / steps),
        )
        for t in range(steps + 1)
    ]


@lru_cache(maxsize=8)
def _spiral(colour: RGB) -> Sprite:
    """A whirlpool: a spiral of two and a half turns in the owner's colour, dark-rimmed."""
    pen = _Pen(INSIDE)
    points = _spiral_points(17.5, 2.5)
    pen.stroke(points, 5.0, OUTLINE)
    pen.stroke(points, 3.0, colour)
    return pen.sprite()


@lru_cache(maxsize=8)
def _spiral_badge(colour: RGB) -> Sprite:
    """A whirlpool under a piece: a small disc in the owner's colour with a dark spiral, on top."""
    pen = _Pen(17)
    pen.disc(8, OUTLINE)
    pen.disc(7, colour)
    pen.stroke(_spiral_points(6, 2), 1.5, OUTLINE)
    return pen.sprite()


@lru_cache(maxsize=16)
def _die(value: int | None) -> Sprite:
    """A d10 seen from above: a kite with its number (blank before the roll)."""
    pen = _Pen(44)
    kite = ((0, -21), (17, -4), (0, 21), (-17, -4))
    pen.silhouette([kite], WHITE, edge=1.5)
    pen.stroke([(-17, -4), (0, 6), (17, -4)], 1.0, GRID_LINE)
    if value is not None:
        pen.text((0, -1), str(value), 15, OUTLINE)
    return pen.sprite()


@lru_cache(maxsize=4)
def _chevrons(colour: RGB) -> Sprite:
    pen = _Pen(24)
    for x in (-6, 3):
        pen.stroke([(x - 3, -7), (x + 4, 0), (x - 3, 7)], 3.0, colour)
    return pen.sprite()


@lru_cache(maxsize=1)
def _star() -> Sprite:
    pen = _Pen(20)
    points = [
        (
            (8 if k % 2 == 0 else 3.5) * math.sin(math.pi * k / 5),
            -(8 if k % 2 == 0 else 3.5) * math.cos(math.pi * k / 5),
        )
        for k in range(10)
    ]
    pen.silhouette([points], GOLD, edge=1.0)
    return pen.sprite()


@lru_cache(maxsize=1)
def _black_hole() -> Sprite:
    pen = _Pen(20)
    pen.disc(8.5, LABEL_INK)
    pen.disc(7, OUTLINE)
    pen.stroke([(3 * math.cos(a / 8), 3 * math.sin(a / 8)) for a in range(40)], 1.5, LABEL_INK)
    return pen.sprite()


# -- the background ------------------------------------------------------------------
def _special(kind: str) -> Sprite:
    """A special cell's disc: an anchor (battleship), a ship's wheel, or "?" (mystery card)."""
    pen = _Pen(INSIDE)
    if kind == "battleship":  # an anchor
        pen.disc(16, STEEL)
        pen.disc(4, WHITE, 0, -9)
        pen.disc(2, STEEL, 0, -9)
        pen.stroke([(0, -6), (0, 11)], 2.5, WHITE)
        pen.stroke([(-5, -3), (5, -3)], 2.5, WHITE)
        pen.stroke([(-9, 3), (-7, 8), (0, 11), (7, 8), (9, 3)], 2.5, WHITE)
    elif kind == "wheel":  # a ship's wheel
        pen.disc(16, WOOD)
        for k in range(8):
            angle = math.pi * k / 4
            pen.stroke([(0, 0), (14 * math.cos(angle), 14 * math.sin(angle))], 2.5, SAND)
        pen.disc(10, SAND)
        pen.disc(7.5, WOOD)
        pen.disc(3, SAND)
    else:  # a mystery card
        pen.disc(16, PURPLE)
        pen.text((0, 0), "?", 22, WHITE)
    return pen.sprite()


def _dot() -> Sprite:
    pen = _Pen(INSIDE)
    pen.disc(6, GREEN_DOT)
    return pen.sprite()


@lru_cache(maxsize=1)
def _island() -> Sprite:
    """Sand, its shore and three bushes; the flag is drawn over it each time."""
    pen = _Pen(INSIDE)
    blob = [
        (17 * math.cos(a) * (1 + 0.08 * math.sin(3 * a)), 16 * math.sin(a) * (1 + 0.08 * math.cos(2 * a)))
        for a in (2 * math.pi * k / 48 for k in range(48))
    ]
    pen.silhouette([blob], SAND, edge=1.5, outline=SHORE)
    for x, y, r in ((8, 9, 4.5), (12, 4, 3.5), (-11, 8, 3.5)):
        pen.disc(r, PALM, x, y)
    return pen.sprite()


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """What never changes: the frame and its labels, the sea and its grid, islands, dots, special cells."""
    image = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    draw = ImageDraw.Draw(image)
    draw.rectangle((EDGE, EDGE, EDGE + BOARD - 1, EDGE + BOARD - 1), fill=GRID_LINE)
    for col in range(SIZE):
        for row in range(SIZE):
            left, top, right, bottom = cell_box((col, row))
            draw.rectangle((left, top, right - 1, bottom - 1), fill=SEA)
    for k in range(SIZE):
        middle = EDGE + k * CELL + CELL // 2
        for edge in (EDGE // 2, EDGE + BOARD + EDGE // 2):
            _text(image, (middle, edge), COLUMNS[k], LABEL_SIZE, LABEL_INK)
            _text(image, (edge, middle), str(k + 1), LABEL_SIZE - (k >= 9), LABEL_INK)  # "10" a bit smaller
    for cell in ISLANDS:
        _stamp(image, _island(), cell_box(cell)[:2])
    for cell in GREEN_DOTS:
        _stamp(image, _dot(), cell_box(cell)[:2])
    for cell, kind in SPECIAL_CELLS.items():
        _stamp(image, _special(kind), cell_box(cell)[:2])
    return image


# -- the palette -----------------------------------------------------------------------
# Every colour of the picture: the flat colours first (exact), then the antialiasing shades
# between the colours that meet, ``over`` laid on ``under`` by ``amount`` (the most common
# first; Pillow puts every other shade on its nearest entry).
Shade = tuple[RGB, RGB, tuple[float, ...]]  # under, over, amounts
HOME_FLOORS: tuple[RGB, ...] = tuple(blend(SEA, colour, HOME_TINT) for colour in SEAT_COLOURS)
THIRDS = (1 / 3, 2 / 3)
HALF = (0.5,)
QUARTERS = (0.25, 0.5, 0.75)


LANDMARKS: tuple[RGB, ...] = (SAND, SHORE, PALM, GREEN_DOT, STEEL, WOOD, PURPLE, WHITE)  # tinted when reachable


def _floors(reach: bool) -> list[RGB]:
    """The sea, the homes' tints, and (``reach``) each of them tinted by each seat as reachable."""
    floors = [SEA, *HOME_FLOORS]
    return [blend(floor, seat, REACH_TINT) for floor in floors for seat in SEAT_COLOURS] if reach else floors


def _reach_on_sea(seat: RGB) -> RGB:
    return blend(SEA, seat, REACH_TINT)


def _flat_colours() -> list[RGB]:
    """Every colour the picture fills areas with: they stay exact."""
    colours = [
        FRAME,
        LABEL_INK,
        SEA,
        GRID_LINE,
        SAND,
        SHORE,
        PALM,
        GREEN_DOT,
        OUTLINE,
        WHITE,
        NEUTRAL,
        STEEL,
        WOOD,
        PURPLE,
        FOG,
        FOG_EDGE,
        ACTION,
        CHIP,
        IDLE,
        GOLD,
        *SEAT_COLOURS,
        *_floors(reach=False),
        *_floors(reach=True),
        *(blend(colour, seat, REACH_TINT) for seat in SEAT_COLOURS for colour in LANDMARKS),
    ]
    return list(dict.fromkeys(colours))


FILLS: tuple[RGB, ...] = (*SEAT_COLOURS, NEUTRAL, WHITE, FOG, SHORE)  # inside a dark outline
SHADES: tuple[Shade, ...] = (
    *((floor, OUTLINE, QUARTERS) for floor in (SEA, *HOME_FLOORS, *map(_reach_on_sea, SEAT_COLOURS))),
    *((OUTLINE, fill, QUARTERS) for fill in FILLS),
    (FRAME, LABEL_INK, (1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6)),
    *((floor, colour, THIRDS) for colour in SEAT_COLOURS for floor in (SEA, _reach_on_sea(colour))),  # halos
    *((colour, WHITE, HALF) for colour in SEAT_COLOURS),
    *((floor, FOG_EDGE, HALF) for floor in (SEA, *map(_reach_on_sea, SEAT_COLOURS))),
    (FOG_EDGE, FOG, HALF),
    (SEA, SHORE, QUARTERS),
    (SHORE, SAND, QUARTERS),
    (SAND, PALM, QUARTERS),
    (SAND, OUTLINE, THIRDS),
    (SEA, GREEN_DOT, THIRDS),
    (SEA, STEEL, QUARTERS),
    (STEEL, WHITE, QUARTERS),
    (SEA, WOOD, QUARTERS),
    (WOOD, SAND, QUARTERS),
    (SEA, PURPLE, QUARTERS),
    (PURPLE, WHITE, QUARTERS),
    (WHITE, OUTLINE, THIRDS),  # dice
    (OUTLINE, WHITE, (1 / 16,)),
    *((OUTLINE, fill, THIRDS) for fill in (NEUTRAL, WHITE)),  # white boats, flags and halos
    (WHITE, GRID_LINE, HALF),
    *((colour, OUTLINE, HALF) for colour in (*SEAT_COLOURS, IDLE, CHIP, PALM, SHORE)),
    *((colour, ink, THIRDS) for colour, ink in zip(SEAT_COLOURS, SEAT_INKS)),  # points and chevrons
    (CHIP, WHITE, THIRDS),
    (OUTLINE, GOLD, HALF),
    (OUTLINE, LABEL_INK, HALF),
    *((floor, OUTLINE, HALF) for floor in _floors(reach=True)),
    *((floor, FOG_EDGE, HALF) for floor in HOME_FLOORS),
    *((floor, colour, HALF) for colour in SEAT_COLOURS for floor in HOME_FLOORS),  # halos at home
)


def _colours() -> list[RGB]:
    colours = dict.fromkeys(_flat_colours())
    for under, over, amounts in SHADES:
        for amount in amounts:
            colours.setdefault(blend(under, over, amount))
    assert len(colours) <= 256, len(colours)
    return list(colours)


COLOURS: tuple[RGB, ...] = tuple(_colours())
PALETTE = png.palette_image(COLOURS)  # every tile and layer is put on it
INDEX = {colour: index for index, colour in enumerate(COLOURS)}


# -- cached tiles on the palette ---------------------------------------------------------------
@lru_cache(maxsize=1)
def _sea() -> Image.Image:
    """The background on the palette: a picture starts as a copy of it."""
    return png.on_palette(_background(), PALETTE)


def _tint(image: Image.Image, colour: RGB, amount: float) -> Image.Image:
    """``amount`` of ``colour`` over every pixel (exactly as ``blend``)."""
    return image.point([round(v + (c - v) * amount) for c in colour for v in range(256)])


PLAIN: Cell = (1, 1)  # a sea cell with nothing drawn on it: every plain cell looks like it
DECORATED = frozenset([*ISLANDS, *GREEN_DOTS, *SPECIAL_CELLS, *HOMES])
Row = tuple[str, RGB, bool, bool, int, bool]  # kind, colour, current, fogged, count, steered


@lru_cache(maxsize=2048)
def _cell(
    base: Cell,
    home: RGB | None,
    reach: RGB | None,
    flag: RGB | None,
    spirals: tuple[RGB, ...],
    rows: tuple[Row, ...],
    badges: tuple[RGB, ...],
    steered: bool,
) -> Image.Image:
    """A cell as the picture shows it, and the grid lines to its right and below (a count's dark
    rim reaches them), drawn over ``base``'s background in RGB then put on the palette: its tints
    (home, then reachable), its island's flag, whirlpools, pieces, badges and the steered frame."""
    left, top, _, _ = cell_box(base)
    tile = _background().crop((left, top, left + CELL, top + CELL))
    for colour, amount in ((home, HOME_TINT), (reach, REACH_TINT)):
        if colour is not None:
            tile.paste(_tint(tile.crop((0, 0, INSIDE, INSIDE)), colour, amount))
    if flag is not None:
        _stamp(tile, _flag(flag), (0, 0))
    for colour in spirals:
        _stamp(tile, _spiral(colour), (0, 0))
    if len(rows) > 1:
        _shelf(tile, rows)
    elif rows:
        kind, colour, current, fogged, count, _ = rows[0]
        _stamp(tile, _piece(kind, colour, current, fogged), (0, 0))
        if count > 1:
            _text(tile, (33, 32), str(count), COUNT_SIZE + 2, WHITE, OUTLINE)
    for colour in badges:
        _stamp(tile, _spiral_badge(colour), (0, 0))
    if steered:
        ImageDraw.Draw(tile).rectangle((0, 0, INSIDE - 1, INSIDE - 1), outline=OUTLINE, width=3)
    return png.on_palette(tile, PALETTE)


def _shelf(tile: Image.Image, rows: tuple[Row, ...]) -> None:
    """A row per kind: its icon and count. The current player's rows are white pills
    ringed in their colour, a fogged seat's are cloud grey, the steered piece's is framed."""
    draw = ImageDraw.Draw(tile)
    height = INSIDE // len(rows)
    for row, (kind, colour, current, fogged, count, steered) in enumerate(rows):
        y = row * height
        if current or fogged:
            fill, edge = (WHITE, colour) if current else (FOG, FOG_EDGE)
            draw.rounded_rectangle(
                (1, y + 1, INSIDE - 2, y + height - 2), radius=height // 2 - 1, fill=fill, outline=edge
            )
        if steered:
            draw.rectangle((1, y, INSIDE - 2, y + height - 1), outline=OUTLINE, width=2)
        _stamp(tile, _icon(kind, colour, height - 4), (3, y + 2))
        ink, rim = (OUTLINE, None) if current or fogged else (WHITE, OUTLINE)
        _text(tile, (height + 9, y + height // 2), str(count), min(COUNT_SIZE + height // 4, 15), ink, rim)


# -- what each cell shows ------------------------------------------------------------------
Group = tuple[int | None, str]  # owner and kind: the pieces a home shows as one
KIND_ORDER = {"boat": 0, "plane": 1, "battleship": 2}


def _groups(pieces: Sequence[Piece]) -> list[tuple[Group, list[Piece]]]:
    groups: dict[Group, list[Piece]] = {}
    for piece in sorted(pieces, key=lambda p: (p.owner is None, p.owner or 0, KIND_ORDER[p.kind], p.id)):
        groups.setdefault((piece.owner, piece.kind), []).append(piece)
    return list(groups.items())


def _reachable(view: FireshipView) -> set[Cell]:
    if view.moving is None:
        return set()
    return {cell for name in view.reachable if (cell := parse_label(name)) is not None}


def _rows(view: FireshipView, pieces: list[Piece]) -> tuple[Row, ...]:
    """A cell's pieces as rows of one owner and kind (a lone row: the piece fills the cell)."""
    groups = _groups(pieces)
    rows = []
    for (owner, kind), members in groups:
        current = view.phase != "over" and owner == view.current
        fogged = owner is not None and view.fog[owner]
        steered = len(groups) > 1 and any(p.id == view.moving for p in members)
        rows.append((kind, seat_colour(view, owner), current, fogged, len(members), steered))
    return tuple(rows)


def _cells(image: Image.Image, view: FireshipView) -> None:
    """Every cell that is not as in the background, from its cached tile."""
    homes = {HOMES[corner]: SEAT_COLOURS[corner] for corner in view.corners[: view.seats]}
    reach, colour = _reachable(view), seat_colour(view, view.current)
    flags = {cell: seat_colour(view, owner) for cell, owner in zip(ISLANDS, view.islands)}
    at: dict[Cell, list[Piece]] = {}
    for piece in view.pieces:
        at.setdefault(_as_cell(piece.cell), []).append(piece)
    spirals: dict[Cell, list[RGB]] = {}
    for owner, cell in view.whirlpools:
        spirals.setdefault(_as_cell(cell), []).append(seat_colour(view, owner))
    steered = ref_cell(None if view.moving is None else str(view.moving), view.pieces)
    busy = set(homes) | set(flags) | set(at) | set(spirals) | (reach & DECORATED)
    if steered is not None:
        busy.add(steered)
    if reach - busy:  # plain sea reached: a flat tint
        draw, tint = ImageDraw.Draw(image), INDEX[_reach_on_sea(colour)]
        for cell in reach - busy:
            left, top, right, bottom = cell_box(cell)
            draw.rectangle((left, top, right - 1, bottom - 1), fill=tint)
    for cell in sorted(busy):
        pool = tuple(spirals.get(cell, ()))
        tile = _cell(
            cell if cell in DECORATED else PLAIN,
            homes.get(cell),
            colour if cell in reach else None,
            flags.get(cell),
            pool,
            _rows(view, at[cell]) if cell in at else (),
            pool if cell in at else (),
            cell == steered,
        )
        image.paste(tile, cell_box(cell)[:2])


# -- the band below the frame --------------------------------------------------------
PANEL = (10, 2 * EDGE + BOARD + 6, 290, HEIGHT - 8)  # the current player's dice and points
CHIP_W, CHIP_GAP = 84, 8
CHIP_TOP, CHIP_BOTTOM = PANEL[1] + 4, PANEL[3] - 4


def _band(box: tuple[int, int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The background under ``box`` (inclusive corners), in RGB, to draw on in its own pixels."""
    left, top, right, bottom = box
    image = _background().crop((left, top, right + 1, bottom + 1))
    return image, ImageDraw.Draw(image)


PANEL_MIDDLE = (PANEL[3] - PANEL[1]) // 2
DIE_SIDE, POINTS_LEFT = 44, 146  # the dice's squares; where the points' part of the panel starts


def _die_left(k: int) -> int:
    return 8 + k * 46


@lru_cache(maxsize=len(SEAT_COLOURS) + 1)
def _panel_floor(colour: RGB) -> Image.Image:
    """The panel in the current player's colour (IDLE: the game is over), in RGB."""
    image, draw = _band(PANEL)
    draw.rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius=10, fill=colour, outline=OUTLINE, width=2)
    return image


@lru_cache(maxsize=len(SEAT_COLOURS) + 1)
def _panel(colour: RGB) -> Image.Image:
    return png.on_palette(_panel_floor(colour), PALETTE)


@lru_cache(maxsize=256)
def _panel_die(colour: RGB, k: int, value: int | None) -> Image.Image:
    """The panel's square of die ``k`` (blank before the roll)."""
    left, top = _die_left(k), PANEL_MIDDLE - DIE_SIDE // 2
    image = _panel_floor(colour).crop((left, top, left + DIE_SIDE, top + DIE_SIDE))
    _stamp(image, _die(value), (0, 0))
    return png.on_palette(image, PALETTE)


@lru_cache(maxsize=256)
def _panel_points(colour: RGB, ink: RGB, points: int) -> Image.Image:
    """The panel's right part: a double chevron and the movement points left."""
    floor = _panel_floor(colour)
    image = floor.crop((POINTS_LEFT, 0, *floor.size))
    _stamp(image, _chevrons(ink), (150 - POINTS_LEFT, PANEL_MIDDLE - 12))
    _text(image, (205 - POINTS_LEFT, PANEL_MIDDLE + 1), str(points), 30, ink)
    return png.on_palette(image, PALETTE)


@lru_cache(maxsize=64)
def _finished(winners: tuple[RGB, ...]) -> Image.Image:
    """The panel once the game is over: the winners' stars and flags."""
    image = _panel_floor(IDLE).copy()
    for k, colour in enumerate(winners[:4]):
        _stamp(image, _star(), (10 + k * 66, PANEL_MIDDLE - 10))
        _stamp(image, _flag(colour, small=True), (32 + k * 66, PANEL_MIDDLE - 12))
    return png.on_palette(image, PALETTE)


@lru_cache(maxsize=256)
def _chip(colour: RGB, islands: int, current: bool, out: bool, skip: bool, winner: bool) -> Image.Image:
    """A seat: its flag and island count; out, skipping, winner, current."""
    image, draw = _band((0, CHIP_TOP, CHIP_W, CHIP_BOTTOM))  # the band is all frame colour there
    bottom = CHIP_BOTTOM - CHIP_TOP
    middle = bottom // 2
    draw.rounded_rectangle((0, 0, CHIP_W, bottom), radius=8, fill=CHIP, outline=WHITE if current else CHIP, width=2)
    _stamp(image, _flag(colour, small=True), (6, middle - 12))
    _text(image, (44, middle), str(islands), 20, WHITE)
    if out:
        draw.line((8, 6, 28, bottom - 6), fill=ACTION, width=4)
        draw.line((8, bottom - 6, 28, 6), fill=ACTION, width=4)
    if skip:
        _stamp(image, _black_hole(), (CHIP_W - 24, middle - 10))
    if winner:
        _stamp(image, _star(), (CHIP_W - 24, middle - 10))
    return png.on_palette(image, PALETTE)


def _band_below(image: Image.Image, view: FireshipView) -> None:
    """The current player's panel (once over, the winners'), and a chip per seat."""
    winners = list(view.outcome.winners) if view.outcome is not None else []
    if view.phase == "over":
        image.paste(_finished(tuple(seat_colour(view, seat) for seat in winners)), PANEL[:2])
    else:
        colour, ink = seat_colour(view, view.current), SEAT_INKS[view.corners[view.current]]
        left, top = PANEL[:2]
        image.paste(_panel(colour), (left, top))
        for k, value in enumerate(view.dice or (None, None, None)):
            image.paste(_panel_die(colour, k, value), (left + _die_left(k), top + PANEL_MIDDLE - DIE_SIDE // 2))
        if view.dice is not None:
            image.paste(_panel_points(colour, ink, view.points), (left + POINTS_LEFT, top))
    first = WIDTH - 10 - view.seats * CHIP_W - (view.seats - 1) * CHIP_GAP
    for seat in range(view.seats):
        current = seat == view.current and view.phase != "over"
        chip = _chip(
            seat_colour(view, seat), view.islands.count(seat), current, view.out[seat], view.skip[seat], seat in winners
        )
        image.paste(chip, (first + seat * (CHIP_W + CHIP_GAP), CHIP_TOP))


class FireshipPicture(png.Picture):
    """The sea on its palette, from the public view; ``labels`` is accepted for the common
    picture interface and unused: the picture draws no words."""

    title, lock = "Fireship", threading.Lock()

    def paint(self, view: FireshipView, labels: Mapping[str, str] | None = None) -> Image.Image:
        image = _sea().copy()
        _cells(image, view)
        _band_below(image, view)
        return image


PICTURE = FireshipPicture()
render, draw = PICTURE.render, PICTURE.rgb
