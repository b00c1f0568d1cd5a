"""The Fort Boyard board as a PNG picture, drawn from the PUBLIC view only.

``render(view, names, lang)`` takes ``ENGINE.view(state, None)``, the players'
display names (seat order) and the reader's language ("fr" or "en"; any other
reads as English) and returns PNG bytes. It draws nothing secret: no clue, no
code word, no trial text or answer; the view's ``word`` (revealed at the end)
and ``trial`` are not read at all.

Layout, 860 x 900 px, on a deep-sea background:

- The Fort seen from above, a stone oval with its courtyard, in the middle;
  around it the 24 cells of the track as a square ring of tiles (7 a side),
  clockwise, cell 0 (PORTE) at the bottom centre and cell 12 (the Père
  Fouras, an ÉNIGME) at the top centre. Each tile has its kind's colour, its
  kind's name at the top, a small icon of the kind bottom left and the cell
  number bottom right. The Père Fouras tile has a gold frame, his bearded
  face for icon, and a caption on the Fort's wall just below it.
- DÉPART: a pontoon below PORTE, outside the ring, an arrow up to PORTE.
- The sea loop above the ring: ten water cells on two rows, 0 (the sunken
  key, gold-framed, with a key) just above the Père Fouras tile, then 1 to 9
  clockwise round the loop (left along the bottom row, right along the top
  row, back down), on a faint line that shows the loop.
- Pawns: a disc per seat in the seat's colour (``PAWN_COLOURS``, Okabe-Ito,
  colour-blind friendly, in the order of the board's emoji) with the seat
  number (1-6); on their cell, side by side (two rows of three when more
  than three); divers on their sea cell;
  at DÉPART when on no cell and not diving, except in round 3, when they
  stand in the Fort's courtyard (the treasure room). A resigned player's pawn
  is not drawn. A pawn that must skip its next turn (prison) wears a padlock.
  The current player's pawn has a white halo (not once the game is over).
- Top left, the last die thrown as a die face; top right, the round.
- In the courtyard, the keys left in the Fort's stock (rounds 1 and 2).
- The legend strip at the bottom, two rows of three: each seat's colour and
  number, name (12 characters at most), keys (a key drawing and the count)
  and clues (a card drawing and the count: how many, never which); in round
  3, the boyards too. The current player's entry is framed; a resigned
  player's is greyed and struck through.

Text uses Pillow's built-in font, which has no accented letters:
``bot.ui.lettering.draw_text`` draws them (the accents by hand) and
falls back to "?" for what the font lacks (emoji in a name).

The picture is a pure function of its arguments: the same view, names and
language give the same bytes (the PNG holds IHDR, PLTE, IDAT and IEND only),
whatever was drawn before. The ring, the Fort, the sea, DÉPART and the labels
are drawn once per language into a cached background, at twice the size and
halved; pawns, the die and icons are cached sprites made the same way. Each
language has a fixed palette of 256 colours, made once (every flat colour
exact, then the shades most used on its background and on the sprites'
edges), and the background is put on it once. What changes (the pawns of a
place, the die, the round, the courtyard, a seat's legend entry) is drawn over
the background in RGB as before, put on the palette and cached by what it
shows; a picture is a copy of the background with those pasted (only the
pixels they change), encoded as it is. It is safe to call from several threads
(``asyncio.to_thread``): drawing holds ``lettering.LOCK``; PNG encoding runs
outside it. About 1.5 ms a picture, 35 KiB (``bench/fortboyard_picture.py``).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from bot.ui import lettering, png
from bot.ui.lettering import LOCK as DRAWING
from bot.ui.lettering import draw_text, text_width
from bot.ui.png import RGB, blend
from games.fortboyard.models import FortBoyardView
from games.fortboyard.track import CELLS, FOURAS, SEA_CELLS, TRACK, Cell, Kind

__all__ = [
    "BACKGROUND",
    "HEIGHT",
    "KIND_COLOURS",
    "LABELS",
    "LEGEND_BAND",
    "NAME_LENGTH",
    "PAWN_COLOURS",
    "WIDTH",
    "cell_box",
    "cell_centre",
    "die_box",
    "display_name",
    "fort_centre",
    "legend_box",
    "render",
    "sea_box",
    "sea_centre",
    "start_box",
    "start_centre",
]

# -- geometry, in output pixels (the background and sprites are drawn at SCALE times this) --
WIDTH, HEIGHT = 860, 900
SCALE = 2
SIDE = 7  # tiles a side of the ring: 4 * (SIDE - 1) == CELLS
TILE_W, TILE_H = 100, 84
RING_X, RING_Y = (WIDTH - SIDE * TILE_W) // 2, 168  # the ring's top left corner
GAP = 2  # between two tiles
SEA_W, SEA_H, SEA_GAP = 76, 42, 8  # a sea cell
SEA_KEY_ROOM = 30  # the sunken key's room, on the left of sea cell 0
SEA_ROWS_Y = (RING_Y - 30 - SEA_H // 2, RING_Y - 30 - SEA_H // 2 - SEA_H - SEA_GAP)  # bottom row, top row (centres)
START_W, START_H = 250, 48
START_Y = RING_Y + SIDE * TILE_H + 12  # DÉPART's top
START_LABEL = 84  # the room of DÉPART's label, on its left
LEGEND_Y = HEIGHT - 84  # the legend strip's top
LEGEND_ROW, LEGEND_COLUMNS = 42, 3
PAWN_R = 10  # a pawn's radius
PAWN_STEP = 23  # between two pawns side by side
ROW_STEP = 22  # between two rows of pawns
LOCK_AT = (9, 6)  # a padlock's offset from its pawn's centre
NAME_LENGTH = 12
DIE = 50  # the die face's side

# -- colours ------------------------------------------------------------------------------
SpriteArg = int | tuple[int, bool] | None  # what a sprite's painter is given: a size, a die's face, (seat, current)
BACKGROUND: RGB = (28, 62, 94)  # the sea round the Fort
LEGEND_BAND: RGB = (16, 36, 56)
LIGHT_INK: RGB = (240, 238, 228)
DIM_INK: RGB = (128, 140, 152)
DARK_INK: RGB = (38, 30, 22)
STONE: RGB = (150, 138, 118)
STONE_EDGE: RGB = (86, 76, 62)
COURTYARD: RGB = (202, 188, 156)
WATER: RGB = (120, 186, 214)
WATER_EDGE: RGB = (70, 132, 170)
WAVE: RGB = (150, 204, 226)
SEA_INK: RGB = (36, 90, 130)
LOOP_LINE: RGB = (70, 120, 160)
GOLD: RGB = (236, 184, 40)
GOLD_EDGE: RGB = (124, 84, 10)
WOOD: RGB = (164, 118, 74)
WOOD_EDGE: RGB = (96, 64, 36)
HALO: RGB = (255, 255, 255)
PAWN_EDGE: RGB = (24, 20, 18)
PAPER: RGB = (244, 236, 212)
SKIN: RGB = (238, 200, 164)
BEARD: RGB = HALO
LOCK: RGB = (60, 62, 70)
COIN_MIDDLE: RGB = (197, 150, 30)
KIND_COLOURS: dict[Kind, RGB] = {
    "porte": (176, 132, 88),
    "concentration": (168, 204, 236),
    "force": (240, 168, 118),
    "duel": (198, 174, 230),
    "enigme": (244, 218, 118),
    "prison": (96, 98, 110),
    "passe": (160, 210, 148),
}
KIND_INKS: dict[Kind, RGB] = {kind: LIGHT_INK if kind in ("porte", "prison") else DARK_INK for kind in KIND_COLOURS}
# Seat colours, seat 0 to 5, from the Okabe-Ito colour-blind-safe palette: vermilion, blue, bluish green,
# yellow, reddish purple, orange (the board's emoji say 🔴 🔵 🟢 🟡 🟣 🟠, cogs.fortboyard.board.PAWNS).
PAWN_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),
    (0, 114, 178),
    (0, 158, 115),
    (240, 228, 66),
    (204, 121, 167),
    (230, 159, 0),
)
PAWN_INKS: tuple[RGB, ...] = (LIGHT_INK, LIGHT_INK, LIGHT_INK, DARK_INK, DARK_INK, DARK_INK)

LABELS: dict[str, dict[str, str]] = {
    "fr": {
        "porte": "Porte", "concentration": "Concentration", "force": "Force", "duel": "Duel", "enigme": "Énigme",
        "prison": "Prison", "passe": "Passe-partout", "fouras": "Père Fouras", "start": "Départ",
        "round": "Manche {n}", "over": "Partie finie", "fort": "FORT BOYARD", "treasure": "Salle du trésor",
    },
    "en": {
        "porte": "Gate", "concentration": "Concentration", "force": "Strength", "duel": "Duel", "enigme": "Riddle",
        "prison": "Prison", "passe": "Master key", "fouras": "Father Fouras", "start": "Start",
        "round": "Round {n}", "over": "Game over", "fort": "FORT BOYARD", "treasure": "Treasure room",
    },
}  # fmt: skip


Box = tuple[int, int, int, int]
Point = tuple[float, float]


def _labels(lang: str) -> dict[str, str]:
    return LABELS.get(lang, LABELS["en"])


# -- where things are ------------------------------------------------------------------------
def _grid(cell: Cell) -> tuple[int, int]:
    """(column, row) of a track cell on the 7 x 7 square, clockwise from PORTE at the bottom centre."""
    last = SIDE - 1
    # Clockwise from the bottom left corner (cell 3): up the left side, along the top, down the right, back along the bottom.
    walk = (cell - last // 2) % CELLS
    if walk < last:
        return 0, last - walk
    if walk < 2 * last:
        return walk - last, 0
    if walk < 3 * last:
        return last, walk - 2 * last
    return last - (walk - 3 * last), last


def cell_box(cell: Cell) -> Box:
    """A track tile's box (left, top, right, bottom), gaps included."""
    column, row = _grid(cell)
    x, y = RING_X + column * TILE_W, RING_Y + row * TILE_H
    return x, y, x + TILE_W, y + TILE_H


def cell_centre(cell: Cell) -> tuple[int, int]:
    """Where a tile's pawns gather (below its label)."""
    x0, y0, x1, _ = cell_box(cell)
    return (x0 + x1) // 2, y0 + 46


def _sea_grid(sea: int) -> tuple[int, int]:
    """(column from -2 to 2, row: 0 the bottom row, next to the Fort, 1 the top row)."""
    half = SEA_CELLS // 4  # 2: the bottom row holds cells 2, 1, 0, 9, 8
    if sea <= half:
        return -sea, 0
    if sea >= SEA_CELLS - half:
        return SEA_CELLS - sea, 0
    return sea - SEA_CELLS // 2, 1  # the top row holds cells 3 to 7


def sea_centre(sea: int) -> tuple[int, int]:
    column, row = _sea_grid(sea)
    return WIDTH // 2 + column * (SEA_W + SEA_GAP), SEA_ROWS_Y[row]


def sea_box(sea: int) -> Box:
    x, y = sea_centre(sea)
    return x - SEA_W // 2, y - SEA_H // 2, x + SEA_W // 2, y + SEA_H // 2


def start_box() -> Box:
    x0, _, x1, _ = cell_box(0)
    middle = (x0 + x1) // 2
    return middle - START_W // 2, START_Y, middle + START_W // 2, START_Y + START_H


def start_centre() -> tuple[int, int]:
    """Where the pawns at DÉPART gather (right of the label)."""
    x0, y0, x1, y1 = start_box()
    return (x0 + START_LABEL + x1) // 2, (y0 + y1) // 2


def fort_box() -> Box:
    """The Fort's oval, inside the ring."""
    inset = 18
    x0, y0 = RING_X + TILE_W + inset, RING_Y + TILE_H + inset
    return x0, y0, RING_X + (SIDE - 1) * TILE_W - inset, RING_Y + (SIDE - 1) * TILE_H - inset


def fort_centre() -> tuple[int, int]:
    """Where the pawns stand in the treasure room, in round 3."""
    x0, y0, x1, y1 = fort_box()
    return (x0 + x1) // 2, (y0 + y1) // 2 + 26


def die_box() -> Box:
    return 24, 24, 24 + DIE, 24 + DIE


def legend_box(seat: int) -> Box:
    column, row = seat % LEGEND_COLUMNS, seat // LEGEND_COLUMNS
    width = (WIDTH - 16) // LEGEND_COLUMNS
    x, y = 8 + column * width, LEGEND_Y + 2 + row * LEGEND_ROW
    return x, y, x + width, y + LEGEND_ROW - 2


def _slots(count: int, row: int = 3) -> list[Point]:
    """Offsets of ``count`` pawns gathered round a point: one row of ``row`` at most, else two."""
    rows = [count] if count <= row else [(count + 1) // 2, count // 2]
    slots = []
    for index, size in enumerate(rows):
        dy = 0.0 if len(rows) == 1 else (index - 0.5) * ROW_STEP
        slots += [((k - (size - 1) / 2) * PAWN_STEP, dy) for k in range(size)]
    return slots


# -- text ----------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _middle(size: int) -> float:
    """How far below the text's top (``draw_text``'s y) the middle of a capital letter is."""
    _, top, _, bottom = lettering.font(size).getbbox("H")
    return (top + bottom) / 2


def _text(image: Image.Image, xy: Point, text: str, size: int, colour: tuple[int, ...], anchor: str = "m") -> float:
    """``text`` with its capitals' middle at ``xy[1]``; ``anchor`` "l", "m" or "r" at ``xy[0]``."""
    return draw_text(image, (xy[0], xy[1] - _middle(size)), text, size, colour, anchor)


def _fit(text: str, size: int, room: float) -> int:
    """The largest font size at most ``size`` that fits ``text`` in ``room`` pixels."""
    while size > 8 and text_width(text, size) > room:
        size -= 1
    return size


# -- drawing at SCALE -------------------------------------------------------------------------
def _s(value: float) -> float:
    return value * SCALE


def _sbox(box: Sequence[float]) -> tuple[float, ...]:
    return tuple(v * SCALE for v in box)


def _disc(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float, colour: tuple[int, ...]) -> None:
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)


def _rgba(colour: RGB) -> tuple[int, int, int, int]:
    return (*colour, 255)


def _key_shape(draw: ImageDraw.ImageDraw, x: float, y: float, size: float) -> None:
    """A key lying flat, its bow on the left, about ``size`` wide (at SCALE units already)."""
    edge, gold = _rgba(GOLD_EDGE), _rgba(GOLD)
    r = size * 0.2
    bx = x - size * 0.3
    shaft = (bx, y - size * 0.065, x + size * 0.46, y + size * 0.065)
    draw.rectangle((shaft[0], shaft[1] - size * 0.04, shaft[2] + size * 0.04, shaft[3] + size * 0.04), fill=edge)
    for tooth in (0.22, 0.36):
        tx = x + size * tooth
        draw.rectangle((tx - size * 0.05, y, tx + size * 0.05, y + size * 0.22), fill=edge)
        draw.rectangle((tx - size * 0.015, y, tx + size * 0.015, y + size * 0.18), fill=gold)
    draw.rectangle(shaft, fill=gold)
    _disc(draw, bx, y, r + size * 0.05, edge)
    _disc(draw, bx, y, r, gold)
    _disc(draw, bx, y, r * 0.42, edge)


@lru_cache(maxsize=64)
def _sprite(name: str, half: int, arg: SpriteArg = None) -> tuple[Image.Image, Image.Image, int]:
    """A cached sprite: (picture, mask, half its side), drawn at SCALE and halved."""
    paint, edge = _PAINTERS[name]
    side = 2 * half * SCALE
    canvas = Image.new("RGBA", (side, side), (*edge, 0))
    paint(canvas, half * SCALE, arg)
    small = canvas.reduce(SCALE)
    return small.convert("RGB"), small.getchannel("A"), half


def _stamp(image: Image.Image, sprite: tuple[Image.Image, Image.Image, int], xy: Point) -> None:
    picture, mask, half = sprite
    image.paste(picture, (round(xy[0]) - half, round(xy[1]) - half), mask)


def _paint_pawn(canvas: Image.Image, c: float, arg: SpriteArg) -> None:
    assert isinstance(arg, tuple)  # (seat, current)
    seat, current = arg
    draw = ImageDraw.Draw(canvas)
    r = _s(PAWN_R)
    if current:
        _disc(draw, c, c, r + _s(5), _rgba(PAWN_EDGE))
        _disc(draw, c, c, r + _s(4), _rgba(HALO))
    _disc(draw, c, c, r, _rgba(PAWN_EDGE))
    _disc(draw, c, c, r - _s(1.5), _rgba(PAWN_COLOURS[seat]))
    _text(canvas, (c, c), str(seat + 1), 13 * SCALE, _rgba(PAWN_INKS[seat]))


def _paint_die(canvas: Image.Image, c: float, arg: SpriteArg) -> None:
    assert isinstance(arg, int)  # the die's face
    value = arg
    draw = ImageDraw.Draw(canvas)
    h = _s(DIE / 2 - 1)
    draw.rounded_rectangle((c - h, c - h, c + h, c + h), radius=h * 0.25, fill=_rgba(PAWN_EDGE))
    h2 = h - _s(2)
    draw.rounded_rectangle((c - h2, c - h2, c + h2, c + h2), radius=h2 * 0.22, fill=_rgba(HALO))
    step = h * 0.5
    pips = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    for dx, dy in pips:
        _disc(draw, c + dx * step, c + dy * step, h * 0.15, _rgba(PAWN_EDGE))


def _paint_key(canvas: Image.Image, c: float, arg: SpriteArg) -> None:
    assert isinstance(arg, int)  # the key's size
    _key_shape(ImageDraw.Draw(canvas), c, c, _s(arg))


def _paint_clue(canvas: Image.Image, c: float, arg: SpriteArg) -> None:
    """A clue card: a sheet with a few lines of writing."""
    draw = ImageDraw.Draw(canvas)
    w, h = _s(6), _s(8)
    draw.rounded_rectangle((c - w, c - h, c + w, c + h), radius=_s(1.5), fill=_rgba(PAWN_EDGE))
    draw.rounded_rectangle(
        (c - w + _s(1.2), c - h + _s(1.2), c + w - _s(1.2), c + h - _s(1.2)), radius=_s(1), fill=_rgba(PAPER)
    )
    for k in range(3):
        y = c - h * 0.45 + k * h * 0.42
        draw.line((c - w * 0.55, y, c + w * (0.55 if k < 2 else 0.1), y), fill=_rgba(DIM_INK), width=round(_s(1.2)))


def _paint_lock(canvas: Image.Image, c: float, arg: SpriteArg) -> None:
    """A padlock: prison, the next turn is lost."""
    draw = ImageDraw.Draw(canvas)
    w, h = _s(5.5), _s(4.5)  # half the body
    top = c - h * 0.2
    for colour, grow in ((PAWN_EDGE, _s(1.2)), (LOCK, 0.0)):  # an outline, then the lock
        shackle = (c - w * 0.65 - grow, top - h * 1.6 - grow, c + w * 0.65 + grow, top + h * 0.6)
        draw.rounded_rectangle(shackle, radius=w * 0.65 + grow, outline=_rgba(colour), width=round(_s(2.2) + 2 * grow))
        body = (c - w - grow, top - grow, c + w + grow, top + 2 * h + grow)
        draw.rounded_rectangle(body, radius=_s(1.5) + grow, fill=_rgba(colour))
    draw.rectangle((c - _s(0.8), top + h * 0.6, c + _s(0.8), top + h * 1.4), fill=_rgba(GOLD))


def _paint_coin(canvas: Image.Image, c: float, arg: SpriteArg) -> None:
    draw = ImageDraw.Draw(canvas)
    _disc(draw, c, c, _s(7.5), _rgba(GOLD_EDGE))
    _disc(draw, c, c, _s(6), _rgba(GOLD))
    _disc(draw, c, c, _s(3.5), _rgba(COIN_MIDDLE))


_PAINTERS: dict[str, tuple[Callable[[Image.Image, float, SpriteArg], None], RGB]] = {
    "pawn": (_paint_pawn, PAWN_EDGE),
    "die": (_paint_die, PAWN_EDGE),
    "key": (_paint_key, GOLD_EDGE),
    "clue": (_paint_clue, PAWN_EDGE),
    "coin": (_paint_coin, GOLD_EDGE),
    "lock": (_paint_lock, PAWN_EDGE),
}


def _pawn(seat: int, current: bool) -> tuple[Image.Image, Image.Image, int]:
    return _sprite("pawn", PAWN_R + 6, (seat, current))


# -- kind icons, drawn on the background (at SCALE) ----------------------------------------------
def _icon(image: Image.Image, draw: ImageDraw.ImageDraw, kind: Kind, x: float, y: float, ink: RGB) -> None:
    """A small icon of the kind round (x, y) (at SCALE), about 14 px (output) across."""
    u = _s(1)
    w = round(1.6 * u)
    if kind == "porte":  # an arched door
        draw.rounded_rectangle((x - 5 * u, y - 7 * u, x + 5 * u, y + 7 * u), radius=5 * u, fill=ink)
        draw.rectangle((x - 5 * u, y, x + 5 * u, y + 7 * u), fill=ink)
        draw.line((x, y - 6 * u, x, y + 7 * u), fill=KIND_COLOURS["porte"], width=w)
    elif kind == "concentration":  # an hourglass
        for sign in (-1, 1):
            draw.polygon([(x - 5 * u, y + sign * 7 * u), (x + 5 * u, y + sign * 7 * u), (x, y)], fill=ink)
        draw.polygon(
            [(x - 2.5 * u, y - 4.5 * u), (x + 2.5 * u, y - 4.5 * u), (x, y - 1.5 * u)], fill=KIND_COLOURS[kind]
        )  # sand
    elif kind == "force":  # a dumbbell
        draw.rectangle((x - 6 * u, y - u, x + 6 * u, y + u), fill=ink)
        for side in (-1, 1):
            draw.rounded_rectangle(
                (x + side * 6 * u - 2 * u, y - 5 * u, x + side * 6 * u + 2 * u, y + 5 * u), radius=u, fill=ink
            )
    elif kind == "duel":  # two crossed swords
        for side in (-1, 1):
            draw.line((x - side * 6 * u, y - 6 * u, x + side * 5 * u, y + 5 * u), fill=ink, width=w)
            draw.line((x + side * 2 * u, y + 5 * u, x + side * 6 * u, y + 1 * u), fill=ink, width=w)
    elif kind == "enigme":
        _text(image, (x, y), "?", 18 * SCALE, ink)
    elif kind == "prison":  # bars
        draw.rectangle((x - 6 * u, y - 7 * u, x + 6 * u, y + 7 * u), outline=ink, width=w)
        for k in (-2, 2):
            draw.line((x + k * u, y - 7 * u, x + k * u, y + 7 * u), fill=ink, width=w)
    elif kind == "passe":
        _key_shape(draw, x, y, 18 * u)


def _fouras(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The Père Fouras: a bald head and a long white beard, round (x, y) (at SCALE)."""
    u = _s(0.95)
    draw.ellipse((x - 8 * u, y - 10 * u, x + 8 * u, y + 6 * u), fill=PAWN_EDGE)
    draw.ellipse((x - 7 * u, y - 9 * u, x + 7 * u, y + 5 * u), fill=SKIN)
    outline = [(-8, -1), (8, -1), (4, 10), (0, 14), (-4, 10)]
    beard = [(-7, 0), (7, 0), (3.5, 9.5), (0, 12.5), (-3.5, 9.5)]
    draw.polygon([(x + dx * u, y + dy * u) for dx, dy in outline], fill=PAWN_EDGE)
    draw.polygon([(x + dx * u, y + dy * u) for dx, dy in beard], fill=BEARD)
    draw.ellipse((x - 7 * u, y - 2 * u, x + 7 * u, y + 4 * u), fill=BEARD)  # moustache and cheeks
    for side in (-1, 1):
        _disc(draw, x + side * 3 * u, y - 3.5 * u, 1.1 * u, PAWN_EDGE)
        draw.line(
            (x + side * 5 * u, y - 6 * u, x + side * 1.5 * u, y - 5.5 * u), fill=BEARD, width=round(1.5 * u)
        )  # eyebrows


# -- the background, once per language --------------------------------------------------------
def _inset(box: Box, by: float) -> tuple[float, ...]:
    return _sbox((box[0] + by, box[1] + by, box[2] - by, box[3] - by))


def _tile(image: Image.Image, draw: ImageDraw.ImageDraw, cell: Cell, words: dict[str, str]) -> None:
    kind = TRACK[cell]
    colour, ink = KIND_COLOURS[kind], KIND_INKS[kind]
    box = cell_box(cell)
    fouras = cell == FOURAS
    draw.rounded_rectangle(_inset(box, GAP), radius=_s(7), fill=GOLD_EDGE if fouras else blend(colour, PAWN_EDGE, 0.45))
    if fouras:
        draw.rounded_rectangle(_inset(box, GAP + 1.5), radius=_s(6), fill=GOLD)
        draw.rounded_rectangle(_inset(box, GAP + 4.5), radius=_s(4), fill=colour)
    else:
        draw.rounded_rectangle(_inset(box, GAP + 1.5), radius=_s(6), fill=colour)
    label = words[kind]
    size = _fit(label, 12, TILE_W - 2 * GAP - 12)
    x0, y0, x1, y1 = box
    _text(image, (_s((x0 + x1) / 2), _s(y0 + 15)), label, size * SCALE, ink)
    number = blend(ink, colour, 0.25)
    _text(image, (_s(x1 - 9), _s(y1 - 13)), str(cell), 11 * SCALE, number, anchor="r")
    if fouras:
        _fouras(draw, _s(x0 + 16), _s(y1 - 20))
    else:
        _icon(image, draw, kind, _s(x0 + 16), _s(y1 - 16), blend(ink, colour, 0.15))


def _sea(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    # The loop's line through the cells' centres, a rounded rectangle.
    left, right = sea_centre(2)[0], sea_centre(SEA_CELLS - 2)[0]
    top, bottom = SEA_ROWS_Y[1], SEA_ROWS_Y[0]
    loop = _sbox((left - 30, top, right + 30, bottom))
    draw.rounded_rectangle(loop, radius=_s((bottom - top) / 2), outline=LOOP_LINE, width=round(_s(4)))
    # From the Père Fouras down to the sunken key.
    kx, ky = sea_centre(0)
    draw.line(_sbox((kx, ky + SEA_H / 2, kx, RING_Y + GAP)), fill=LOOP_LINE, width=round(_s(4)))
    for sea in range(SEA_CELLS):
        box = sea_box(sea)
        key = sea == 0
        draw.rounded_rectangle(_inset(box, 0), radius=_s(10), fill=GOLD_EDGE if key else WATER_EDGE)
        draw.rounded_rectangle(_inset(box, 2 if key else 1.5), radius=_s(9), fill=WATER)
        x, y = sea_centre(sea)
        if key:
            _key_shape(draw, _s(x - SEA_W / 2 + 4 + SEA_KEY_ROOM / 2), _s(y), _s(SEA_KEY_ROOM))
        else:
            for dy in (-11, 11):  # waves
                wave = [
                    _sbox((x + dx, y + dy + 2.5 * math.sin(dx / 4)))[:2]
                    for dx in range(-SEA_W // 2 + 8, SEA_W // 2 - 7, 2)
                ]
                draw.line(wave, fill=WAVE, width=round(_s(1.2)), joint="curve")
            _text(image, (_s(x + SEA_W / 2 - 9), _s(y + SEA_H / 2 - 10)), str(sea), 10 * SCALE, SEA_INK, anchor="r")


def _fort(image: Image.Image, draw: ImageDraw.ImageDraw, words: dict[str, str]) -> None:
    """The Fort: an oval stone wall, crenellated, round a sandy courtyard."""
    box = fort_box()
    x0, y0, x1, _ = box
    draw.ellipse(_inset(box, 0), fill=STONE_EDGE)
    draw.ellipse(_inset(box, 2), fill=STONE)
    for start in range(0, 360, 8):  # the merlons along the wall's outer edge
        draw.arc(_inset(box, 4), start, start + 4, fill=STONE_EDGE, width=round(_s(5)))
    draw.ellipse(_inset(box, 40), fill=STONE_EDGE)
    draw.ellipse(_inset(box, 43), fill=COURTYARD)
    middle = (x0 + x1) / 2
    _text(image, (_s(middle), _s(y0 + 23)), words["fouras"], 12 * SCALE, LIGHT_INK)
    _text(image, (_s(middle), _s(y0 + 76)), words["fort"], 22 * SCALE, STONE_EDGE)


def _start(image: Image.Image, draw: ImageDraw.ImageDraw, words: dict[str, str]) -> None:
    box = start_box()
    x0, y0, x1, y1 = box
    middle = (cell_box(0)[0] + cell_box(0)[2]) / 2
    arrow = [_sbox((middle - 9, y0 + 1)), _sbox((middle + 9, y0 + 1)), _sbox((middle, y0 - 10))]
    draw.polygon(arrow, fill=WOOD)  # up to PORTE
    draw.rounded_rectangle(_inset(box, 0), radius=_s(8), fill=WOOD_EDGE)
    draw.rounded_rectangle(_inset(box, 2), radius=_s(6), fill=WOOD)
    for k in range(1, 8):  # planks
        x = x0 + (x1 - x0) * k / 8
        draw.line(_sbox((x, y0 + 3, x, y1 - 3)), fill=blend(WOOD, WOOD_EDGE, 0.4), width=SCALE)
    label = words["start"]
    size = _fit(label, 16, START_LABEL - 20)
    left = x0 + 6
    draw.rounded_rectangle(
        _sbox((left, y0 + 10, left + text_width(label, size) + 12, y1 - 10)), radius=_s(5), fill=WOOD_EDGE
    )
    _text(image, (_s(left + 6), _s((y0 + y1) / 2)), label, size * SCALE, LIGHT_INK, anchor="l")


@lru_cache(maxsize=2)
def _background_rgb(lang: str) -> Image.Image:
    """The board without what changes, in RGB: drawn at SCALE and halved, once per language."""
    words = _labels(lang)
    image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle(_sbox((0, LEGEND_Y, WIDTH, HEIGHT)), fill=LEGEND_BAND)
    _sea(image, draw)
    _fort(image, draw, words)
    for cell in range(CELLS):
        _tile(image, draw, cell, words)
    _start(image, draw, words)
    return image.reduce(SCALE)


# -- what changes: drawn over the background in RGB, once, then pasted from the palette ------------
Overlay = tuple[Image.Image, Image.Image, int, int]  # on the palette, its mask ("1"), its top left
Painter = Callable[..., None]  # paint(image, origin, *args): draws as on the whole board, shifted by -origin
_CHANGED = [0] + [255] * 255


@lru_cache(maxsize=1024)
def _overlay(lang: str, box: Box, paint: Painter, *args: object) -> Overlay:
    """What ``paint`` draws within ``box`` over the background of ``lang``, on the palette: the
    pixels it changes, with the shades they get over the background, as the board's own. The box's
    left and top are made even, so that a coordinate shifted by them rounds as the unshifted one
    (Python rounds halves to even)."""
    left, top = box[0] - box[0] % 2, box[1] - box[1] % 2
    base = _background_rgb(lang).crop((left, top, box[2], box[3]))
    canvas = base.copy()
    paint(canvas, (left, top), *args)
    bands = [band.point(_CHANGED) for band in ImageChops.difference(base, canvas).split()]
    changed = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    inside = changed.getbbox() or (0, 0, 1, 1)
    return (
        png.on_palette(canvas.crop(inside), _palette(lang)),
        changed.crop(inside).convert("1", dither=Image.Dither.NONE),
        left + inside[0],
        top + inside[1],
    )


def _put(image: Image.Image, overlay: Overlay) -> None:
    picture, mask, left, top = overlay
    image.paste(picture, (left, top), mask)


def _shift(xy: Point, origin: tuple[int, int]) -> Point:
    return xy[0] - origin[0], xy[1] - origin[1]


def _where(view: FortBoyardView) -> dict[tuple[str, int], list[int]]:
    """The seats on each place: ("cell", n), ("sea", n), ("start", 0) or ("fort", 0)."""
    places: dict[tuple[str, int], list[int]] = {}
    for seat, player in enumerate(view.players):
        if player.resigned:
            continue
        if player.sea is not None:
            place = ("sea", min(player.sea, SEA_CELLS - 1))
        elif player.cell is not None:
            place = ("cell", player.cell % CELLS)
        else:
            place = ("fort", 0) if view.round == 3 else ("start", 0)
        places.setdefault(place, []).append(seat)
    return places


def _anchor(place: tuple[str, int]) -> tuple[int, int]:
    kind, n = place
    if kind == "cell":
        return cell_centre(n)
    if kind == "sea":
        x, y = sea_centre(n)
        return x + (SEA_KEY_ROOM // 2 if n == 0 else -4), y
    return start_centre() if kind == "start" else fort_centre()


def _paint_pawns(image: Image.Image, origin: tuple[int, int], place: tuple[str, int], pawns: tuple) -> None:
    """The pawns on one place: ``pawns`` holds (seat, current, skips) of each, in seat order."""
    x, y = _anchor(place)
    slots = _slots(len(pawns), 6 if place[0] in ("start", "fort") else 3)
    if place[0] == "sea" and len(pawns) > 3:  # a sea cell is low: squeeze the two rows
        slots = [(dx, dy * 0.75) for dx, dy in slots]
    for (seat, current, _), (dx, dy) in zip(pawns, slots):
        _stamp(image, _pawn(seat, current), _shift((x + dx, y + dy), origin))
    for (_, _, skips), (dx, dy) in zip(pawns, slots):  # over the pawns, so that a neighbour does not hide it
        if skips:
            _stamp(image, _sprite("lock", 9), _shift((x + dx + LOCK_AT[0], y + dy + LOCK_AT[1]), origin))


_PAWNS_ROOM = (3 * PAWN_STEP + 2 * PAWN_R, ROW_STEP + 2 * PAWN_R)  # round a place's anchor, each way


def _pawns(image: Image.Image, view: FortBoyardView, lang: str) -> None:
    over = view.phase == "over"
    for place, seats in sorted(_where(view).items()):
        x, y = _anchor(place)
        box = (x - _PAWNS_ROOM[0], y - _PAWNS_ROOM[1], x + _PAWNS_ROOM[0], y + _PAWNS_ROOM[1])
        pawns = tuple((seat, seat == view.current and not over, view.players[seat].skip) for seat in seats)
        _put(image, _overlay(lang, box, _paint_pawns, place, pawns))


def _paint_last_die(image: Image.Image, origin: tuple[int, int], face: int) -> None:
    x0, y0, x1, y1 = die_box()
    _stamp(image, _sprite("die", DIE // 2 + 1, face), _shift(((x0 + x1) / 2, (y0 + y1) / 2), origin))


def _paint_words(
    image: Image.Image, origin: tuple[int, int], xy: Point, text: str, size: int, ink: RGB, anchor: str
) -> None:
    _text(image, _shift(xy, origin), text, size, ink, anchor)


def _corners(image: Image.Image, view: FortBoyardView, lang: str) -> None:
    if view.last_die is not None and 1 <= view.last_die <= 6:
        x0, y0, x1, y1 = die_box()
        _put(image, _overlay(lang, (x0 - 2, y0 - 2, x1 + 2, y1 + 2), _paint_last_die, view.last_die))
    words = _labels(lang)
    text = words["over"] if view.phase == "over" else words["round"].format(n=view.round)
    box = (WIDTH // 2, 49 - 20, WIDTH - 16, 49 + 20)
    _put(image, _overlay(lang, box, _paint_words, (WIDTH - 24, 49), text, 18, LIGHT_INK, "r"))


def _paint_courtyard(image: Image.Image, origin: tuple[int, int], treasure: str | None, stock: int) -> None:
    """The treasure room's name (``treasure``: round 3), else the keys left in the Fort."""
    x, y = fort_centre()
    if treasure is not None:
        _text(image, _shift((x, y - 32), origin), treasure, 14, STONE_EDGE)
    elif stock > 0:
        width = text_width(str(stock), 16)
        _stamp(image, _sprite("key", 14, 26), _shift((x - width / 2 - 8, y), origin))
        _text(image, _shift((x + 12, y), origin), str(stock), 16, STONE_EDGE)


def _courtyard(image: Image.Image, view: FortBoyardView, lang: str) -> None:
    if view.round == 3 or view.stock > 0:
        x, y = fort_centre()
        box = (x - 120, y - 50, x + 120, y + 30)
        treasure = _labels(lang)["treasure"] if view.round == 3 else None
        _put(image, _overlay(lang, box, _paint_courtyard, treasure, view.stock))


def _drawable(char: str) -> bool:
    """Not an emoji, a symbol, a control or format character, nor a variation selector."""
    category = unicodedata.category(char)
    return not (category[0] == "C" or category in ("So", "Sk") or "\ufe00" <= char <= "\ufe0f")


def display_name(names: Sequence[str], seat: int) -> str:
    """The seat's name as the legend shows it: what the font can draw, 12 characters at most
    (the seat number when nothing is left)."""
    name = unicodedata.normalize("NFC", str(names[seat])) if seat < len(names) else ""
    name = " ".join("".join(filter(_drawable, name)).split())[:NAME_LENGTH].rstrip()
    return name or str(seat + 1)


def _paint_entry(
    image: Image.Image, origin: tuple[int, int], seat: int, framed: bool, resigned: bool, name: str, counts: tuple
) -> None:
    """A seat's entry in the legend: ``counts`` holds (sprite name, half its side, count) of each."""
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = legend_box(seat)
    x0, y0, x1, y1 = x0 - origin[0], y0 - origin[1], x1 - origin[0], y1 - origin[1]
    y = (y0 + y1) / 2
    if framed:
        draw.rounded_rectangle((x0, y0, x1 - 4, y1), radius=7, outline=HALO, width=2)
    _stamp(image, _pawn(seat, False), (x0 + 18, y))
    ink = DIM_INK if resigned else LIGHT_INK
    right = _text(image, (x0 + 34, y), name, 14, ink, anchor="l")
    if resigned:
        draw.line((x0 + 32, y, right + 2, y), fill=DIM_INK, width=2)
    at = x1 - 12 - 44 * len(counts)
    for sprite_name, half, count in counts:
        sprite = _sprite(sprite_name, half, 20) if sprite_name == "key" else _sprite(sprite_name, half)
        _stamp(image, sprite, (at + 10, y))
        _text(image, (at + 22, y), str(count), 14, ink, anchor="l")
        at += 44


def _legend(image: Image.Image, view: FortBoyardView, names: Sequence[str], lang: str) -> None:
    over = view.phase == "over"
    for seat, player in enumerate(view.players):
        framed = seat == view.current and not over and not player.resigned
        counts = [("key", 12, player.keys), ("clue", 9, player.clues)]
        if view.round == 3 or player.boyards:
            counts.append(("coin", 9, player.boyards))
        entry = (seat, framed, player.resigned, display_name(names, seat), tuple(counts))
        _put(image, _overlay(lang, legend_box(seat), _paint_entry, *entry))


# -- the palette ------------------------------------------------------------------------------------
def _flat_colours() -> list[RGB]:
    """Every colour the picture fills areas with: they must stay exact."""
    colours = [
        BACKGROUND,
        LEGEND_BAND,
        LIGHT_INK,
        DIM_INK,
        DARK_INK,
        STONE,
        STONE_EDGE,
        COURTYARD,
        WATER,
        WATER_EDGE,
        LOOP_LINE,
        WAVE,
        SEA_INK,
        GOLD,
        GOLD_EDGE,
        WOOD,
        WOOD_EDGE,
        HALO,
        PAWN_EDGE,
        PAPER,
        SKIN,
        BEARD,
        LOCK,
        COIN_MIDDLE,
        *PAWN_COLOURS,
        *PAWN_INKS,
        *KIND_COLOURS.values(),
        blend(WOOD, WOOD_EDGE, 0.4),
    ]
    for kind, colour in KIND_COLOURS.items():
        colours += [
            blend(colour, PAWN_EDGE, 0.45),
            blend(KIND_INKS[kind], colour, 0.25),
            blend(KIND_INKS[kind], colour, 0.15),
        ]
    return list(dict.fromkeys(colours))


FLAT_COLOURS: tuple[RGB, ...] = tuple(_flat_colours())


def _sprite_sheet() -> Image.Image:
    """Every sprite over every ground it meets, for the palette to hold their edges' shades."""
    grounds = [BACKGROUND, LEGEND_BAND, WATER, WOOD, COURTYARD, *KIND_COLOURS.values()]
    sprites = [_pawn(seat, current) for seat in range(len(PAWN_COLOURS)) for current in (False, True)]
    sprites += [_sprite("lock", 9), _sprite("key", 14, 26), _sprite("key", 12, 20), _sprite("clue", 9)]
    sprites += [_sprite("coin", 9), *(_sprite("die", DIE // 2 + 1, face) for face in range(1, 7))]
    cell = 2 * max(half for _, _, half in sprites)
    sheet = Image.new("RGB", (cell * len(sprites), cell * len(grounds)))
    for row, ground in enumerate(grounds):
        sheet.paste(ground, (0, row * cell, sheet.width, (row + 1) * cell))
        for column, sprite in enumerate(sprites):
            _stamp(sheet, sprite, (column * cell + cell / 2, row * cell + cell / 2))
    return sheet


@lru_cache(maxsize=2)
def _palette(lang: str) -> Image.Image:
    """The board's palette in ``lang``, the same for every picture: ``FLAT_COLOURS``, then the
    shades most used on the background and on the sprites' edges (ties by colour)."""
    counts: dict[RGB, int] = {}
    for image in (_background_rgb(lang), _sprite_sheet()):
        for count, colour in image.getcolors(image.width * image.height) or []:
            assert isinstance(colour, tuple) and len(colour) == 3  # an RGB image's colours are triples
            r, g, b = colour
            counts[r, g, b] = counts.get((r, g, b), 0) + count
    shades = sorted((colour for colour in counts if colour not in FLAT_COLOURS), key=lambda c: (-counts[c], c))
    return png.palette_image([*FLAT_COLOURS, *shades][:256])


@lru_cache(maxsize=2)
def _background(lang: str) -> Image.Image:
    """The background on the palette."""
    return png.on_palette(_background_rgb(lang), _palette(lang))


class FortBoyardPicture(png.Picture):
    """The board on its palette, from the public view. ``names`` are the players' display names in
    seat order (a missing one shows the seat number); ``lang`` is "fr" or "en"."""

    title, lock = "Fort Boyard", DRAWING  # the lock every picture with text shares

    def paint(self, view: FortBoyardView, names: list[str], lang: str) -> Image.Image:
        lang = lang if lang in LABELS else "en"
        image = _background(lang).copy()
        _courtyard(image, view, lang)
        _pawns(image, view, lang)
        _corners(image, view, lang)
        _legend(image, view, names, lang)
        return image


PICTURE = FortBoyardPicture()
render, draw = PICTURE.render, PICTURE.rgb
