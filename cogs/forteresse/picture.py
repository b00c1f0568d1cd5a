"""The Forteresse Solo table as a PNG picture, drawn from the PUBLIC view only.

``render(view, labels)`` takes ``ENGINE.view(state, None)`` (``view.hand`` is
None: the hand is shown as a face-down fan with its size, never its cards) and
the few words the picture needs in the reader's language (``LABEL_KEYS``,
catalog keys ``forteresse.picture.*``; the caller passes
``{key: t(lang, key) for key in LABEL_KEYS}``). It returns PNG bytes.

Layout, 1200 x 1068 px, top to bottom: the title line (turn, phase,
step, Treasures pillaged, the result once over); the Fortress (its deck, its
discard, the Doors pile, the Reserve); the four Paths (two Lieu places, the
Treasure, its Door, the status, the difficulty, the exploration under way);
the Fortress's Combat zone (Enemies with their Stats peeking out below,
Bosses crowned); the player's side (Heroes, tapped ones turned and greyed;
the deck, the discard, the hand's size, the cards out of the game).

The picture is painted on a fixed palette (``PALETTE``: the flat colours, then
the shades where text and suits meet what they are drawn on): a copy of the
table's background (panels, their titles, the piles' names; cached per set of
words), with sprites pasted (cards, words, pills, badges: each drawn once in
RGB, put on the palette and cached) and each Path's region (kept while nothing
it shows changes), then encoded as it is. The picture is a pure function of
its arguments: the same view and labels give the same bytes (the PNG holds
IHDR, PLTE, IDAT and IEND only: no time, no text), whatever was drawn before.
Caching per state version is the caller's business. It is safe to call from
several threads (``asyncio.to_thread``): drawing holds ``lettering.LOCK``,
because the FreeType faces and the caches are shared; PNG encoding runs
outside it. About 2 ms a picture, 0.7 ms to paint and 1.3 ms to encode, once
the caches are warm; 55 KiB (``bench/forteresse_picture.py``).

Text uses Pillow's built-in font (``ImageFont.load_default``), so no font file
is needed anywhere. That font covers ASCII but not the suit symbols nor
accented letters: suits are drawn as shapes, and an accented letter is drawn
as its base letter plus the accent drawn by hand (é, è, ê, ë, à, ç...).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.ui import lettering, png
from bot.ui.png import RGB, blend
from games.forteresse.cards import is_card
from games.forteresse.models import EnemyView, ForteresseView, HeroView, SiteView

__all__ = ["LABEL_KEYS", "PALETTE", "render"]

_PREFIX = "forteresse.picture."
LABEL_KEYS: tuple[str, ...] = tuple(
    _PREFIX + key
    for key in (
        "turn",
        "step",
        "phase.1",
        "phase.2",
        "phase.3",
        "phase.4",
        "treasures",
        "won",
        "lost",
        "fortress",
        "discard",
        "doors",
        "reserve",
        "path_incomplete",
        "path_open",
        "path_explored",
        "difficulty",
        "pillaged",
        "explorer",
        "points",
        "enemies",
        "boss",
        "power",
        "boost",
        "bribed",
        "heroes",
        "tapped",
        "defends",
        "attacks",
        "deck",
        "hand",
        "out",
        "empty",
    )
)

# -- geometry -----------------------------------------------------------------
WIDTH = 1200
MARGIN = 14
GAP = 8
CARD_W, CARD_H = 76, 106
PEEK = 30  # how much of each Stat shows below its character
RADIUS = 8
LINE = 19  # the "Power n" line under a character
PILL = 24  # one marker under a character
TITLE_H = 58
FORTRESS_H = 164
PATH_H = 192
ENEMIES_H = 52 + CARD_H + 2 * PEEK + 6 + LINE + 2 * PILL + 8
HEROES_H = 38 + CARD_H + 2 * PEEK + 6 + LINE + 3 * PILL + 8
HEIGHT = TITLE_H + GAP + FORTRESS_H + GAP + PATH_H + GAP + ENEMIES_H + GAP + HEROES_H + MARGIN

# -- colours ------------------------------------------------------------------
FELT: RGB = (30, 82, 58)
PANEL: RGB = (24, 66, 47)
PANEL_EDGE: RGB = (70, 120, 92)
TITLE_BG: RGB = (18, 40, 30)
WHITE: RGB = (255, 255, 255)
INK: RGB = (24, 24, 28)
SOFT: RGB = (196, 222, 206)  # secondary text on the felt
RED: RGB = (198, 28, 40)
BLACK: RGB = (22, 22, 26)
CARD_FACE: RGB = (252, 252, 248)
FIGURE_FACE: RGB = (250, 238, 200)
CARD_EDGE: RGB = (70, 70, 78)
BACK: RGB = (46, 66, 130)
BACK_LINE: RGB = (76, 100, 170)
BACK_FRAME: RGB = (220, 226, 240)
GOLD: RGB = (236, 186, 40)
HILITE: RGB = (255, 224, 64)
STATUS_COLOURS: dict[str, RGB] = {
    "incomplete": (120, 128, 134),
    "open": (46, 150, 80),
    "explored": (196, 140, 24),
}
WON_BG: RGB = (40, 140, 70)
LOST_BG: RGB = (170, 40, 40)
BOSS_RED: RGB = (200, 36, 36)
CROWN_EDGE: RGB = (120, 80, 0)
BOOST_BG: RGB = (70, 84, 170)
TAPPED_BG: RGB = (96, 96, 96)
TAPPED_GREY: RGB = (150, 150, 150)
TAPPED_ALPHA = 120  # how much grey veils a tapped card


# =============================================================================
# The palette: flat colours, then the shades where text and suits meet their ground
# =============================================================================


def _tapped(colour: RGB) -> RGB:
    return blend(colour, TAPPED_GREY, TAPPED_ALPHA / 255)


_CARD_INKS = tuple((ink, face) for face in (CARD_FACE, FIGURE_FACE) for ink in (RED, BLACK))
FLAT: tuple[RGB, ...] = (
    FELT, PANEL, PANEL_EDGE, TITLE_BG, WON_BG, LOST_BG, WHITE, INK, SOFT, RED, BLACK, CARD_FACE, FIGURE_FACE,
    CARD_EDGE, BACK, BACK_LINE, BACK_FRAME, GOLD, HILITE, *STATUS_COLOURS.values(), BOSS_RED, CROWN_EDGE, BOOST_BG,
    TAPPED_BG, *(_tapped(colour) for colour in (CARD_FACE, FIGURE_FACE, CARD_EDGE, GOLD, RED, BLACK)),
)  # fmt: skip
# (ink, ground) of every anti-aliased edge: the words and suits over what they are drawn on.
SHADED: tuple[tuple[RGB, RGB], ...] = (
    (SOFT, PANEL), (WHITE, PANEL), (HILITE, PANEL),
    *((ink, title) for title in (TITLE_BG, WON_BG, LOST_BG) for ink in (WHITE, GOLD)),  # and the result's pill
    (INK, WHITE), (INK, GOLD), (INK, HILITE),
    *((WHITE, pill) for pill in (*STATUS_COLOURS.values(), BOSS_RED, BOOST_BG, TAPPED_BG)),
    *_CARD_INKS, *((_tapped(ink), _tapped(face)) for ink, face in _CARD_INKS),
)  # fmt: skip


def _far(a: RGB, b: RGB) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def _palette(samples: int = 16) -> tuple[RGB, ...]:
    """``FLAT``, then shades of the ``SHADED`` pairs up to 256 colours: each time the blend (of
    ``samples`` per pair) farthest from every colour kept so far (the first of equals)."""
    blends = dict.fromkeys(blend(ground, ink, k / samples) for ink, ground in SHADED for k in range(1, samples))
    colours = list(dict.fromkeys(FLAT))
    points = [point for point in blends if point not in colours]
    nearest = [min(_far(point, colour) for colour in colours) for point in points]
    while len(colours) < 256 and points:
        worst = max(range(len(points)), key=nearest.__getitem__)
        colours.append(points[worst])
        nearest = [min(far, _far(point, points[worst])) for point, far in zip(points, nearest)]
    return tuple(colours)


COLOURS = _palette()
PALETTE = png.palette_image(COLOURS)
_INDEX = {colour: COLOURS.index(colour) for colour in FLAT}


def _ink(colour: RGB | None) -> int | None:
    """A flat colour's index on the palette."""
    return None if colour is None else _INDEX[colour]


# =============================================================================
# Sprites: drawn once in RGB(A), put on the palette, pasted on every picture
# =============================================================================

# (image on the palette, its mask: "1", None when whole, its offset in the canvas it was drawn on)
Sprite = tuple[Image.Image, Image.Image | None, int, int]
_PAINTED = [0] + [255] * 255


def _sprite(canvas: Image.Image) -> Sprite:
    """What was painted on an RGBA ``canvas`` (its alpha tells where), on the palette."""
    box = canvas.getchannel("A").getbbox() or (0, 0, 1, 1)
    part = canvas.crop(box)
    mask = part.getchannel("A").point(_PAINTED)
    whole = mask.getextrema() == (255, 255)
    return (
        png.on_palette(part.convert("RGB"), PALETTE),
        None if whole else mask.convert("1", dither=Image.Dither.NONE),
        box[0],
        box[1],
    )


def _inked(size: tuple[int, int], ground: RGB, ink: RGB, paint: Callable[[Image.Image, Any], object]) -> Sprite:
    """What ``paint(image, colour)`` draws in ``ink`` over ``ground`` (anti-aliased: Pillow
    blends a colour pasted on a transparent pixel with nothing, so the shades are painted on the
    ground, and where they are on a mask)."""
    canvas = Image.new("RGB", size, ground)
    paint(canvas, ink)
    where = Image.new("L", size, 0)
    paint(where, 255)
    canvas.putalpha(where)
    return _sprite(canvas)


def _put(image: Image.Image, sprite: Sprite, x: int, y: int) -> None:
    """``sprite`` with its canvas's top left at (x, y)."""
    picture, mask, dx, dy = sprite
    image.paste(picture, (x + dx, y + dy), mask)


# =============================================================================
# Fonts and text (the built-in font, accents drawn by hand)
# =============================================================================


_SUIT_CHARS = {"♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C", "♠": "S", "♤": "S"}


def _suit_advance(size: int) -> float:
    return round(size * 0.72) + 2


def _paste_suit_in_text(image: Image.Image, suit: str, size: int, xy: tuple[float, float], fill) -> None:
    _paste_suit(image, suit, round(size * 0.72), (round(xy[0] + 1), round(xy[1] + size * 0.3)), fill)


SUITS = lettering.Symbols(chars=_SUIT_CHARS, advance=_suit_advance, paste=_paste_suit_in_text)
_font = lettering.font
TEXT_PAD = 8  # room left of a word's sprite: more than lettering's own margin


def text_width(text: str, size: int) -> float:
    return lettering.text_width(text, size, SUITS)


def draw_text(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill, anchor: str = "l") -> float:
    """``lettering.draw_text`` with the suits drawn as shapes."""
    return lettering.draw_text(image, xy, text, size, fill, anchor, SUITS)


@lru_cache(maxsize=2048)
def _word(text: str, size: int, ink: RGB, ground: RGB) -> Sprite:
    """``text`` in ``ink`` over ``ground``, its origin at (TEXT_PAD, 0) of the sprite's canvas."""
    room = (int(text_width(text, size)) + 2 * TEXT_PAD + 4, int(size * 1.5) + 4)
    return _inked(room, ground, ink, lambda image, colour: draw_text(image, (TEXT_PAD, 0), text, size, colour))


def write(
    image: Image.Image, xy: tuple[float, float], text: str, size: int, ink: RGB, ground: RGB, anchor="l"
) -> float:
    """``draw_text`` on the palette: ``text`` in ``ink`` on ``ground`` (what it is written on).
    Returns the right edge."""
    x, y = xy
    width = text_width(text, size)
    if anchor != "l":
        x -= width / 2 if anchor == "m" else width
    _put(image, _word(text, size, ink, ground), round(x) - TEXT_PAD, round(y))
    return x + width


# =============================================================================
# Suits and cards
# =============================================================================


def _is_red(suit: str) -> bool:
    return suit in "HD"


def _suit_colour(suit: str) -> RGB:
    return RED if _is_red(suit) else BLACK


@lru_cache(maxsize=64)
def _suit_mask(suit: str, size: int) -> Image.Image:
    """The suit as an anti-aliased mask (drawn 4x larger, then reduced)."""
    s = size * 4
    mask = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(mask)

    def heart(top: float, height: float, flip: bool) -> None:
        r = s * 0.255
        lobe_y = top + height * 0.3
        tip_y = top + height
        if flip:
            lobe_y = top + height * 0.7
            tip_y = top
        for cx in (s * 0.27, s * 0.73):
            d.ellipse([cx - r, lobe_y - r, cx + r, lobe_y + r], fill=255)
        side = lobe_y + (r * 0.35 if not flip else -r * 0.35)
        d.polygon([(s * 0.03, side), (s * 0.97, side), (s / 2, tip_y)], fill=255)

    if suit == "H":
        heart(s * 0.04, s * 0.92, flip=False)
    elif suit == "D":
        d.polygon([(s / 2, 0), (s * 0.88, s / 2), (s / 2, s), (s * 0.12, s / 2)], fill=255)
    elif suit == "S":
        heart(0, s * 0.8, flip=True)
        d.polygon([(s / 2, s * 0.55), (s * 0.28, s), (s * 0.72, s)], fill=255)
    else:  # C
        r = s * 0.215
        for cx, cy in ((s / 2, s * 0.24), (s * 0.25, s * 0.55), (s * 0.75, s * 0.55)):
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255)
        d.rectangle([s * 0.4, s * 0.3, s * 0.6, s * 0.6], fill=255)
        d.polygon([(s / 2, s * 0.45), (s * 0.28, s), (s * 0.72, s)], fill=255)
    return mask.resize((size, size), Image.Resampling.LANCZOS)


def _paste_suit(image: Image.Image, suit: str, size: int, xy: tuple[int, int], fill) -> None:
    mask = _suit_mask(suit, size)
    image.paste(fill, (xy[0], xy[1], xy[0] + size, xy[1] + size), mask)


def _rank_text(card: str) -> str:
    return "10" if card[1] == "T" else card[1]


def _index(image: Image.Image, card: str, x: float, y: float, size: int, colour=None) -> float:
    """Rank then suit (``10`` + a heart shape) from (x, y); returns the right edge."""
    colour = colour or _suit_colour(card[2])
    x = draw_text(image, (x, y), _rank_text(card), size, colour)
    s = round(size * 0.72)
    _paste_suit(image, card[2], s, (round(x + 1), round(y + size * 0.3)), colour)
    return x + s + 2


def _index_width(card: str, size: int) -> float:
    return text_width(_rank_text(card), size) + round(size * 0.72) + 2


def _rounded(draw: ImageDraw.ImageDraw, box, fill, outline=None, width: int = 2, radius: int = RADIUS) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def _card_tile(card: str, tapped: bool = False) -> Image.Image:
    """A face-up card: its index top left and bottom right, a big suit in the middle."""
    tile = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    figure = card[1] in "JQK"
    _rounded(d, (0, 0, CARD_W - 1, CARD_H - 1), FIGURE_FACE if figure else CARD_FACE, CARD_EDGE)
    size = 24
    _index(tile, card, 6, 2, size)
    w = _index_width(card, size)
    _index(tile, card, CARD_W - 6 - w, CARD_H - size - 6, size)
    colour = _suit_colour(card[2])
    if figure:
        d.rectangle((12, 30, CARD_W - 13, CARD_H - 31), outline=GOLD, width=2)
        draw_text(tile, (CARD_W / 2, 36), card[1], 34, colour, anchor="m")
    else:
        big = 34
        _paste_suit(tile, card[2], big, ((CARD_W - big) // 2, (CARD_H - big) // 2), colour)
    if tapped:
        grey = Image.new("RGBA", tile.size, TAPPED_GREY + (TAPPED_ALPHA,))
        tile = Image.alpha_composite(tile, Image.composite(grey, Image.new("RGBA", tile.size, (0, 0, 0, 0)), tile))
        tile = tile.rotate(90, expand=True)
    return tile


@lru_cache(maxsize=1)
def _back_tile() -> Image.Image:
    tile = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    _rounded(d, (0, 0, CARD_W - 1, CARD_H - 1), BACK, CARD_EDGE)
    pattern = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    p = ImageDraw.Draw(pattern)
    for k in range(-CARD_H, CARD_W + CARD_H, 10):
        p.line([(k, 0), (k + CARD_H, CARD_H)], fill=BACK_LINE, width=2)
        p.line([(k, CARD_H), (k + CARD_H, 0)], fill=BACK_LINE, width=2)
    inner = Image.new("L", (CARD_W, CARD_H), 0)
    ImageDraw.Draw(inner).rounded_rectangle((6, 6, CARD_W - 7, CARD_H - 7), radius=5, fill=255)
    tile.paste(pattern, (0, 0), Image.composite(pattern, Image.new("RGBA", pattern.size), inner))
    d.rounded_rectangle((6, 6, CARD_W - 7, CARD_H - 7), radius=5, outline=BACK_FRAME, width=1)
    return tile


def _known_back_tile(card: str) -> Image.Image:
    """A face-down card everyone knows (an explored Lieu, a pillaged Treasure)."""
    tile = _back_tile().copy()
    d = ImageDraw.Draw(tile)
    size = 22
    w = _index_width(card, size)
    box = ((CARD_W - w) / 2 - 5, CARD_H / 2 - 16, (CARD_W + w) / 2 + 5, CARD_H / 2 + 14)
    d.rounded_rectangle(box, radius=6, fill=CARD_FACE)
    _index(tile, card, (CARD_W - w) / 2, CARD_H / 2 - 14, size)
    return tile


@lru_cache(maxsize=256)
def _card(card: str, tapped: bool = False) -> Sprite:
    return _sprite(_card_tile(card, tapped))


@lru_cache(maxsize=1)
def _back() -> Sprite:
    return _sprite(_back_tile())


@lru_cache(maxsize=64)
def _known_back(card: str) -> Sprite:
    return _sprite(_known_back_tile(card))


@lru_cache(maxsize=128)
def _chip(card: str, size: int) -> Sprite:
    """A card named inline: a small white chip with its index."""
    w = _index_width(card, size)
    canvas = Image.new("RGBA", (int(w) + 12, size + 10), (*PANEL, 0))
    _rounded(ImageDraw.Draw(canvas), (0, 0, w + 8, size + 6), CARD_FACE, None, radius=5)
    _index(canvas, card, 4, 2, size)
    return _sprite(canvas)


Box = tuple[float, float, float, float]


@lru_cache(maxsize=512)
def _boxed(box: Box, fill: RGB | None, outline: RGB | None, width: int, radius: int, word: tuple | None) -> Sprite:
    """A rounded box (``box`` within its first pixel), and maybe ``word``: (text, size, ink, x, y)
    written in it, its origin at (x, y)."""
    canvas = Image.new("RGBA", (math.ceil(box[2]) + 2, math.ceil(box[3]) + 2), (0, 0, 0, 0))
    _rounded(ImageDraw.Draw(canvas), box, fill, outline, width, radius)
    if word is not None:  # over the box's fill: blended with it
        text, size, ink, x, y = word
        draw_text(canvas, (x, y), text, size, ink)
    return _sprite(canvas)


@lru_cache(maxsize=4)
def _crown(x_fraction: float) -> Sprite:
    """A Boss's crown, its middle at (20 + x_fraction, 0) of a 48 x 26 canvas, its bottom at 24."""
    canvas = Image.new("RGBA", (48, 26), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    cx, bottom, w, h = 24 + x_fraction, 24, 40, 20
    x0 = cx - w / 2
    points = [
        (x0, bottom),
        (x0, bottom - h),
        (x0 + w * 0.25, bottom - h * 0.45),
        (cx, bottom - h * 1.05),
        (x0 + w * 0.75, bottom - h * 0.45),
        (x0 + w, bottom - h),
        (x0 + w, bottom),
    ]
    draw.polygon(points, fill=GOLD, outline=CROWN_EDGE)
    for px, py in points[1:6:2]:
        draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=BOSS_RED)
    return _sprite(canvas)


@lru_cache(maxsize=4)
def _suit(suit: str) -> Sprite:
    """A Path's suit, on its white box."""
    return _inked(
        (22, 22), CARD_FACE, _suit_colour(suit), lambda image, colour: _paste_suit(image, suit, 22, (0, 0), colour)
    )


@lru_cache(maxsize=4)
def _slot(x_fraction: float) -> Sprite:
    """An empty place for a card (dashed outline), drawn at ``x_fraction`` of a pixel."""
    canvas = Image.new("RGBA", (CARD_W + 4, CARD_H + 4), (*PANEL, 0))
    draw = ImageDraw.Draw(canvas)
    x, y, step = x_fraction, 0, 8
    for k in range(0, CARD_W - 4, step * 2):
        for yy in (y, y + CARD_H - 1):
            draw.line([(x + k, yy), (x + min(k + step, CARD_W - 1), yy)], fill=SOFT, width=2)
    for k in range(0, CARD_H - 4, step * 2):
        for xx in (x, x + CARD_W - 1):
            draw.line([(xx, y + k), (xx, y + min(k + step, CARD_H - 1))], fill=SOFT, width=2)
    return _sprite(canvas)


# =============================================================================
# Drawing on the table (palette indices, sprites)
# =============================================================================


class _Canvas:
    """A picture on the palette and its drawing primitives."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)

    def rounded(self, box, fill: RGB | None, outline: RGB | None = None, width: int = 2, radius: int = RADIUS) -> None:
        self.draw.rounded_rectangle(box, radius=radius, fill=_ink(fill), outline=_ink(outline), width=width)

    def text(self, xy: tuple[float, float], text: str, size: int, ink: RGB, ground: RGB, anchor: str = "l") -> float:
        return write(self.image, xy, text, size, ink, ground, anchor)

    def paste(self, sprite: Sprite, x: float, y: float) -> None:
        _put(self.image, sprite, round(x), round(y))

    def box(
        self,
        box: Box,
        fill: RGB | None,
        outline: RGB | None = None,
        width: int = 2,
        radius: int = RADIUS,
        word: tuple[str, int, RGB, float, float] | None = None,
    ) -> None:
        """A rounded box (and a ``word``: text, size, ink and where ``draw_text`` puts it), as
        ``ImageDraw.rounded_rectangle`` draws it, from a sprite."""
        left, top = math.floor(box[0]), math.floor(box[1])
        inside = (box[0] - left, box[1] - top, box[2] - left, box[3] - top)
        if word is not None:
            text, size, ink, x, y = word
            word = (text, size, ink, round(x) - left, round(y) - top)
        _put(self.image, _boxed(inside, fill, outline, width, radius, word), left, top)

    def pile_label(self, x: float, y: float, label: str) -> None:
        """The name under the pile at (x, y)."""
        self.text((x + CARD_W / 2, y + CARD_H + 12), label, 16, WHITE, PANEL, anchor="m")

    def panel(self, box, title: str | None = None) -> None:
        self.rounded(box, PANEL, PANEL_EDGE, width=2, radius=12)
        if title:
            self.text((box[0] + 12, box[1] + 6), title.upper(), 18, SOFT, PANEL)


def _path_x(i: int) -> tuple[float, float]:
    """The left edge and width of the i-th Path's column."""
    gap = 10
    col_w = (WIDTH - 2 * MARGIN - 3 * gap) / 4
    return MARGIN + i * (col_w + gap), col_w


_SPLIT = 470  # between the Fortress's piles and the Reserve
_FORTRESS_PILES = MARGIN + 24  # the Fortress's deck; its discard and the Doors 150 and 300 px right
_PILES_X = WIDTH - MARGIN - 4 * 96 - 12  # the player's panel: their deck, discard, hand, out 16 + 96 k px right


@lru_cache(maxsize=4)
def _background(words: tuple[str, ...]) -> Image.Image:
    """The felt, the panels and their titles, the Paths' frames, suit boxes and arrows: all that
    only the words change."""
    word = dict(zip(LABEL_KEYS, words))
    table = _Canvas(Image.new("P", (WIDTH, HEIGHT), _ink(FELT)))
    table.image.putpalette(PALETTE.getpalette() or [])
    top = TITLE_H + GAP
    table.panel((MARGIN, top, _SPLIT, top + FORTRESS_H), word[_PREFIX + "fortress"])
    for dx, key in ((0, "fortress"), (150, "discard"), (300, "doors")):
        table.pile_label(_FORTRESS_PILES + dx, top + 30, word[_PREFIX + key])
    table.panel((_SPLIT + 12, top, WIDTH - MARGIN, top + FORTRESS_H), word[_PREFIX + "reserve"])
    top += FORTRESS_H + GAP
    for i in range(4):
        x, w = _path_x(i)
        table.rounded((x, top, x + w, top + PATH_H), PANEL, PANEL_EDGE, radius=12)
        table.rounded((x + 10, top + 8, x + 40, top + 38), CARD_FACE, None, radius=6)
        ax, y = x + 10 + 2 * (CARD_W + 4) + 1, top + 46
        table.draw.polygon([(ax, y + 44), (ax + 12, y + 53), (ax, y + 62)], fill=_ink(SOFT))
    top += PATH_H + GAP
    table.panel((MARGIN, top, WIDTH - MARGIN, top + ENEMIES_H), word[_PREFIX + "enemies"])
    top += ENEMIES_H + GAP
    table.panel((MARGIN, top, _PILES_X - 12, top + HEROES_H), word[_PREFIX + "heroes"])
    table.panel((_PILES_X, top, WIDTH - MARGIN, top + HEROES_H))
    for dx, key in ((0, "deck"), (96, "discard"), (288, "out")):  # the hand's, over its count, on each picture
        table.pile_label(_PILES_X + 16 + dx, top + 38, word[_PREFIX + key])
    return table.image


PATHS_KEPT = 64  # Paths drawn lately, each a region of the table (about 55 KB)
_PATHS: dict[tuple, Image.Image] = {}


def _path_region(i: int, top: int) -> tuple[int, int, int, int]:
    """The i-th Path's part of the table: its panel, and the gap on its right (where its Door
    may stick out). Its left is even: a coordinate shifted by it rounds as the unshifted one
    (Python rounds halves to even)."""
    left = math.floor(_path_x(i)[0]) // 2 * 2
    right = math.floor(_path_x(i + 1)[0]) // 2 * 2 if i < 3 else WIDTH
    return left, top, right, top + PATH_H + 1


class _Table(_Canvas):
    def __init__(self, view: ForteresseView, labels: Mapping[str, str], image: Image.Image | None = None) -> None:
        self.words = tuple(labels[key] for key in LABEL_KEYS)
        super().__init__(_background(self.words).copy() if image is None else image)
        self.view = view
        self.labels = labels
        self.focus = view.prompt.focus if view.prompt is not None else None

    def word(self, key: str) -> str:
        return self.labels[_PREFIX + key]

    # -- primitives -------------------------------------------------------
    def card(self, card: str, x: float, y: float) -> None:
        if card == self.focus:
            self.box((x - 4, y - 4, x + CARD_W + 3, y + CARD_H + 3), None, HILITE, width=4, radius=10)
        self.paste(_card(card), x, y)

    def pill(
        self, x: float, y: float, text: str, size: int, bg: RGB, fg: RGB = WHITE, anchor: str = "l"
    ) -> tuple[float, float]:
        """A rounded label with its top at ``y``; returns its (left, right)."""
        w = text_width(text, size) + 14
        left = x if anchor == "l" else (x - w / 2 if anchor == "m" else x - w)
        self.box(
            (left, y, left + w, y + size + 8), bg, None, radius=(size + 8) // 2, word=(text, size, fg, left + 7, y + 3)
        )
        return left, left + w

    def count_badge(self, x: float, y: float, n: int) -> None:
        """A count centred on (x, y)."""
        text = str(n)
        w = max(30, text_width(text, 22) + 14)
        word = (text, 22, INK, x - text_width(text, 22) / 2, y - 11)  # its middle at x
        self.box((x - w / 2, y - 15, x + w / 2, y + 15), WHITE, INK, width=2, radius=15, word=word)

    def pile(self, x: float, y: float, count: int, top: str | None = None) -> None:
        """A pile: its top card face up (``top``) or a back, its size (its name under it is on
        the background)."""
        if count == 0:
            self.box((x, y, x + CARD_W - 1, y + CARD_H - 1), None, SOFT)
            self.text((x + CARD_W / 2, y + CARD_H / 2 - 9), self.word("empty"), 14, SOFT, PANEL, anchor="m")
        else:
            if count > 1:
                self.paste(_back(), x + 4, y + 3)
            if top is None:
                self.paste(_back(), x, y)
            else:
                self.card(top, x, y)
            self.count_badge(x + CARD_W / 2, y + CARD_H - 6, count)

    def slot(self, x: float, y: float) -> None:
        """An empty place for a card (dashed outline)."""
        self.paste(_slot(x - math.floor(x)), math.floor(x), y)

    def mini(self, x: float, y: float, card: str, size: int = 18) -> float:
        """A card named inline (a small white chip with its index); returns the right edge."""
        self.paste(_chip(card, size), x, y)
        return x + _index_width(card, size) + 8

    def line_of(self, x: float, y: float, parts: Iterable[str], size: int = 16, fill: RGB = WHITE) -> float:
        """Words and card codes on one line (cards as chips), on a panel."""
        for part in parts:
            if is_card(part):
                x = self.mini(x, y - 2, part, size) + 5
            else:
                x = self.text((x, y), part, size, fill, PANEL) + 5
        return x

    def crown(self, cx: float, bottom: float) -> None:
        _put(self.image, _crown(cx - math.floor(cx)), math.floor(cx) - 24, round(bottom) - 24)

    # -- sections ---------------------------------------------------------
    def title(self) -> None:
        v = self.view
        bg = TITLE_BG if v.result is None else (WON_BG if v.result == "won" else LOST_BG)
        self.draw.rectangle((0, 0, WIDTH, 58), fill=_ink(bg))
        phase = self.word(f"phase.{v.phase}") if 1 <= v.phase <= 4 else ""  # « Phase I : Organisation », as the board
        parts = [part for part in (f"{self.word('turn')} {v.turn + 1}", phase, f"{self.word('step')} {v.step}") if part]
        x: float = MARGIN + 4
        for k, part in enumerate(parts):  # piece by piece: each piece's sprite serves many titles
            x = self.text((x, 14), part, 28, WHITE, bg)
            if k < len(parts) - 1:
                x = self.text((x, 14), "  ·  ", 28, WHITE, bg)
        right: float = WIDTH - MARGIN - 4
        if v.result is not None:
            word = self.word("won" if v.result == "won" else "lost").upper()
            left, _ = self.pill(right, 10, word, 26, WHITE, fg=bg, anchor="r")
            right = left - 16
        treasures = f"{self.word('treasures')} {v.pillaged}/3"
        self.text((right, 16), treasures, 24, GOLD, bg, anchor="r")

    def fortress(self, top: int) -> int:
        v = self.view
        bottom = top + FORTRESS_H
        x, y = _FORTRESS_PILES, top + 30
        self.pile(x, y, v.fortress_size)
        self.pile(x + 150, y, len(v.fortress_discard), v.fortress_discard[-1] if v.fortress_discard else None)
        self.pile(x + 300, y, v.doors_left)
        left = _SPLIT + 30
        cards = v.reserve
        if cards:
            step = min(CARD_W + 14, (WIDTH - MARGIN - 18 - left - CARD_W) / max(1, len(cards) - 1))
            for i, card in enumerate(cards):
                self.card(card, left + i * step, y)
        else:
            self.text((left, y + 40), self.word("empty"), 18, SOFT, PANEL)
        return bottom

    def paths(self, top: int) -> int:
        """The four Paths, each from its region drawn lately when nothing it shows has changed."""
        v = self.view
        for i, site in enumerate(v.sites):
            exploring = v.exploration if v.exploration is not None and v.exploration.path == site.suit else None
            focus = self.focus if self.focus in (*site.lieux, site.treasure, site.door) else None
            explored = exploring.model_dump_json() if exploring is not None else None
            key = (self.words, i, top, site.model_dump_json(), explored, focus)
            region = _PATHS.pop(key, None)
            box = _path_region(i, top)
            if region is None:
                part = _Table(v, self.labels, _background(self.words).crop(box))
                x, w = _path_x(i)
                part.path(site, x - box[0], 0, w)
                region = part.image
            _PATHS[key] = region  # the latest last
            while len(_PATHS) > PATHS_KEPT:
                del _PATHS[next(iter(_PATHS))]
            self.image.paste(region, box[:2])
        return top + PATH_H

    def path(self, site: SiteView, x: float, top: int, w: float) -> None:
        v = self.view
        exploring = v.exploration is not None and v.exploration.path == site.suit
        if exploring:  # its frame, drawn wider in gold (the background holds the rest of the panel)
            self.rounded((x, top, x + w, top + PATH_H), None, HILITE, width=4, radius=12)
        # Header: the suit (its box on the background), the status, the difficulty (the Lieux' total).
        self.paste(_suit(site.suit), x + 14, top + 12)
        self.pill(x + 48, top + 10, self.word(f"path_{site.status}"), 16, STATUS_COLOURS[site.status])
        if site.lieux:
            self.text((x + w - 10, top + 13), f"{self.word('difficulty')} {site.difficulty}", 16, WHITE, PANEL, "r")
        # The two Lieu places (face down once explored), then the Treasure and its Door.
        y = top + 46
        for k in range(2):
            lx = x + 10 + k * (CARD_W + 4)
            if k < len(site.lieux):
                if site.status == "explored":
                    self.paste(_known_back(site.lieux[k]), lx, y)
                else:
                    self.card(site.lieux[k], lx, y)
            else:
                self.slot(lx, y)
        tx = x + 10 + 2 * (CARD_W + 4) + 1 + 17
        if site.pillaged:
            self.paste(_known_back(site.treasure), tx, y)
            self.pill(tx + CARD_W / 2, y + CARD_H + 6, self.word("pillaged"), 16, GOLD, fg=INK, anchor="m")
        else:
            self.card(site.treasure, tx, y)
        if site.door is not None:
            self.card(site.door, tx + 24, y + 30)
        if exploring and v.exploration is not None:
            e = v.exploration
            self.line_of(x + 10, y + CARD_H + 10, [e.hero, *e.lieux, f"= {e.points} {self.word('points')}"], 16, HILITE)

    def character(self, x: float, y: float, card: str, stats: list[str], tapped: bool = False) -> None:
        """A character with its Stats under it, each showing its bottom index.
        A tapped character is turned a quarter and greyed, over its Stats."""
        for k in range(len(stats) - 1, -1, -1):
            self.card(stats[k], x, y + (k + 1) * PEEK)
        if not tapped:
            self.card(card, x, y)
            return
        tx, ty = x - (CARD_H - CARD_W) / 2, y + PEEK
        if card == self.focus:
            self.box((tx - 4, ty - 4, tx + CARD_H + 3, ty + CARD_W + 3), None, HILITE, width=4, radius=10)
        self.paste(_card(card, tapped=True), tx, ty)

    def under(self, cx: float, ty: float, power: int, room: float) -> float:
        """The "Power n" line under a character (its initial only when the
        characters stand close); returns where markers go."""
        text = f"{self.word('power')} {power}"
        if text_width(text, 16) > room - 8:
            text = f"{self.word('power')[:1]} {power}"
        self.text((cx, ty), text, 16, WHITE, PANEL, anchor="m")
        return ty + LINE + 2

    def enemies(self, top: int) -> int:
        v = self.view
        bottom = top + ENEMIES_H
        n = len(v.enemies)
        if n == 0:
            self.text((MARGIN + 24, top + 60), self.word("empty"), 18, SOFT, PANEL)
        step = 0 if n <= 1 else min(CARD_W + 34, (WIDTH - 2 * MARGIN - 48 - CARD_W) / (n - 1))
        order = {card: i + 1 for i, card in enumerate(v.combat_order)}
        for i, enemy in enumerate(v.enemies):
            self.enemy(enemy, MARGIN + 24 + i * step, top + 52, order.get(enemy.card), step or WIDTH)
        return bottom

    def enemy(self, e: EnemyView, x: float, y: float, order: int | None, room: float) -> None:
        cx = x + CARD_W / 2
        if e.boss:
            self.box((x - 5, y - 5, x + CARD_W + 4, y + CARD_H + 4 + PEEK * len(e.stats)), BOSS_RED, radius=11)
            self.crown(cx, y - 2)
        self.character(x, y, e.card, e.stats)
        if order is not None:  # 3.4: the order of the attacks still to resolve
            self.draw.ellipse(
                (x + CARD_W - 16, y - 12, x + CARD_W + 12, y + 16), fill=_ink(HILITE), outline=_ink(INK), width=2
            )
            self.text((x + CARD_W - 2, y - 9), str(order), 20, INK, HILITE, anchor="m")
        ty = self.under(cx, y + CARD_H + 2 * PEEK + 6, e.power, room)
        if e.boss:
            self.pill(cx, ty, self.word("boss").upper(), 14, BOSS_RED, anchor="m")
            ty += PILL
        if e.boost is not None:
            self.pill(cx, ty, f"{self.word('boost')} +{e.boost}", 14, BOOST_BG, anchor="m")
        elif e.bribed:
            self.pill(cx, ty, self.word("bribed"), 14, BOOST_BG, anchor="m")

    def player(self, top: int) -> int:
        v = self.view
        bottom = top + HEROES_H
        n = len(v.heroes)
        if n == 0:
            self.text((MARGIN + 24, top + 60), self.word("empty"), 18, SOFT, PANEL)
        first = MARGIN + 14 + (CARD_H - CARD_W) / 2
        last = _PILES_X - 12 - 14 - (CARD_H + CARD_W) / 2
        step = 0 if n <= 1 else min(CARD_H + 22, (last - first) / (n - 1))
        for i, hero in enumerate(v.heroes):
            self.hero(hero, first + i * step, top + 38, step or WIDTH)
        # The player's piles: deck, discard, hand (its size only), out of the game.
        y = top + 38
        x = _PILES_X + 16
        self.pile(x, y, v.deck_size)
        self.pile(x + 96, y, len(v.discard), v.discard[-1] if v.discard else None)
        self.hand(x + 192, y, v.hand_size)
        self.pile(x + 288, y, len(v.out_of_game), v.out_of_game[-1] if v.out_of_game else None)
        return bottom

    def hand(self, x: float, y: float, size: int) -> None:
        """The hand as face-down cards: its size, never its cards."""
        if size == 0:
            self.pile(x, y, 0)
        for k in range(min(size, 4)):
            self.paste(_back(), x + k * 3, y + k * 2)
        if size:
            self.count_badge(x + CARD_W / 2 + 4, y + CARD_H, size)
        self.pile_label(x, y, self.word("hand"))

    def hero(self, h: HeroView, x: float, y: float, room: float) -> None:
        self.character(x, y, h.card, h.stats, tapped=h.tapped)
        cx = x + CARD_W / 2
        ty = self.under(cx, y + CARD_H + 2 * PEEK + 6, h.power, room)
        if h.explorer:
            self.pill(cx, ty, self.word("explorer"), 14, HILITE, fg=INK, anchor="m")
            ty += PILL
        elif h.tapped:
            self.pill(cx, ty, self.word("tapped"), 14, TAPPED_BG, anchor="m")
            ty += PILL
        for key, enemy in (("defends", h.blocking), ("attacks", h.attacking)):
            if enemy is not None:
                w = text_width(self.word(key), 14) + 5 + _index_width(enemy, 14) + 8
                self.line_of(cx - w / 2, ty + 3, [self.word(key), enemy], 14, HILITE)
                ty += PILL


# =============================================================================
# Entry point
# =============================================================================


class ForteressePicture(png.Picture):
    """The table on its palette (``PALETTE``), from the public view: its ``hand`` is None, and the
    picture shows the hand's size only. ``labels`` maps every key of ``LABEL_KEYS`` to its text
    in the reader's language."""

    title, lock = "Forteresse", lettering.LOCK

    def public(self, view: ForteresseView) -> bool:
        return view.hand is None and view.seat is None

    def draw(self, view: ForteresseView, labels: Mapping[str, str]) -> Image.Image:
        missing = [key for key in LABEL_KEYS if key not in labels]
        if self.public(view) and missing:
            raise KeyError(f"missing picture labels: {', '.join(missing)}")
        return super().draw(view, labels)

    def paint(self, view: ForteresseView, labels: Mapping[str, str]) -> Image.Image:
        table = _Table(view, labels)
        table.title()
        y = table.fortress(TITLE_H + GAP)
        y = table.paths(y + GAP)
        y = table.enemies(y + GAP)
        table.player(y + GAP)
        return table.image


PICTURE = ForteressePicture()
render, draw = PICTURE.render, PICTURE.rgb
