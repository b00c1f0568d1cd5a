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

The picture is a pure function of its arguments: the same view and labels
give the same bytes (the PNG holds IHDR, IDAT and IEND only: no time, no
text). Caching per state version is the caller's business. It is safe to call
from several threads (``asyncio.to_thread``): drawing holds a module lock,
because the FreeType faces and the tile caches are shared; PNG encoding
runs outside it. About 8 ms a picture once the card and
text caches are warm (``bench/forteresse_picture.py``).

Text uses Pillow's built-in font (``ImageFont.load_default``), so no font file
is needed anywhere. That font covers ASCII but not the suit symbols nor
accented letters: suits are drawn as shapes, and an accented letter is drawn
as its base letter plus the accent drawn by hand (é, è, ê, ë, à, ç...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.ui import lettering, png
from games.forteresse.cards import is_card
from games.forteresse.models import EnemyView, ForteresseView, HeroView, SiteView

__all__ = ["LABEL_KEYS", "render"]

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
FELT = (30, 82, 58)
PANEL = (24, 66, 47)
PANEL_EDGE = (70, 120, 92)
TITLE_BG = (18, 40, 30)
WHITE = (255, 255, 255)
INK = (24, 24, 28)
SOFT = (196, 222, 206)  # secondary text on the felt
RED = (198, 28, 40)
BLACK = (22, 22, 26)
CARD_FACE = (252, 252, 248)
FIGURE_FACE = (250, 238, 200)
CARD_EDGE = (70, 70, 78)
BACK = (46, 66, 130)
BACK_LINE = (76, 100, 170)
GOLD = (236, 186, 40)
HILITE = (255, 224, 64)
STATUS_COLOURS = {
    "incomplete": (120, 128, 134),
    "open": (46, 150, 80),
    "explored": (196, 140, 24),
}
WON_BG = (40, 140, 70)
LOST_BG = (170, 40, 40)
BOSS_RED = (200, 36, 36)
TAPPED_GREY = (150, 150, 150)


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


def text_width(text: str, size: int) -> float:
    return lettering.text_width(text, size, SUITS)


def draw_text(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill, anchor: str = "l") -> float:
    """``lettering.draw_text`` with the suits drawn as shapes."""
    return lettering.draw_text(image, xy, text, size, fill, anchor, SUITS)


# =============================================================================
# Suits and cards
# =============================================================================


def _is_red(suit: str) -> bool:
    return suit in "HD"


def _suit_colour(suit: str):
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


@lru_cache(maxsize=256)
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
        grey = Image.new("RGBA", tile.size, TAPPED_GREY + (120,))
        tile = Image.alpha_composite(tile, Image.composite(grey, Image.new("RGBA", tile.size, (0, 0, 0, 0)), tile))
        tile = tile.rotate(90, expand=True)
    return tile


@lru_cache(maxsize=4)
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
    d.rounded_rectangle((6, 6, CARD_W - 7, CARD_H - 7), radius=5, outline=(220, 226, 240), width=1)
    return tile


@lru_cache(maxsize=64)
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


# =============================================================================
# Drawing helpers on the table
# =============================================================================


class _Table:
    def __init__(self, view: ForteresseView, labels: Mapping[str, str]) -> None:
        self.view = view
        self.labels = labels
        self.image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
        self.draw = ImageDraw.Draw(self.image)
        self.focus = view.prompt.focus if view.prompt is not None else None

    def word(self, key: str) -> str:
        return self.labels[_PREFIX + key]

    # -- primitives -------------------------------------------------------
    def panel(self, box, title: str | None = None) -> None:
        _rounded(self.draw, box, PANEL, PANEL_EDGE, width=2, radius=12)
        if title:
            draw_text(self.image, (box[0] + 12, box[1] + 6), title.upper(), 18, SOFT)

    def paste(self, tile: Image.Image, x: float, y: float) -> None:
        self.image.paste(tile, (round(x), round(y)), tile)

    def card(self, card: str, x: float, y: float) -> None:
        if card == self.focus:
            _rounded(self.draw, (x - 4, y - 4, x + CARD_W + 3, y + CARD_H + 3), None, HILITE, width=4, radius=10)
        self.paste(_card_tile(card), x, y)

    def pill(self, x: float, y: float, text: str, size: int, bg, fg=WHITE, anchor: str = "l") -> tuple[float, float]:
        """A rounded label with its top at ``y``; returns its (left, right)."""
        w = text_width(text, size) + 14
        left = x if anchor == "l" else (x - w / 2 if anchor == "m" else x - w)
        _rounded(self.draw, (left, y, left + w, y + size + 8), bg, None, radius=(size + 8) // 2)
        draw_text(self.image, (left + 7, y + 3), text, size, fg)
        return left, left + w

    def count_badge(self, x: float, y: float, n: int) -> None:
        """A count centred on (x, y)."""
        text = str(n)
        w = max(30, text_width(text, 22) + 14)
        _rounded(self.draw, (x - w / 2, y - 15, x + w / 2, y + 15), WHITE, INK, width=2, radius=15)
        draw_text(self.image, (x, y - 11), text, 22, INK, anchor="m")

    def pile(self, x: float, y: float, label: str, count: int, top: str | None = None) -> None:
        """A pile: its top card face up (``top``) or a back, its size, its name under it."""
        if count == 0:
            self.draw.rounded_rectangle((x, y, x + CARD_W - 1, y + CARD_H - 1), radius=RADIUS, outline=SOFT, width=2)
            draw_text(self.image, (x + CARD_W / 2, y + CARD_H / 2 - 9), self.word("empty"), 14, SOFT, anchor="m")
        else:
            if count > 1:
                self.paste(_back_tile(), x + 4, y + 3)
            if top is None:
                self.paste(_back_tile(), x, y)
            else:
                self.card(top, x, y)
            self.count_badge(x + CARD_W / 2, y + CARD_H - 6, count)
        draw_text(self.image, (x + CARD_W / 2, y + CARD_H + 12), label, 16, WHITE, anchor="m")

    def slot(self, x: float, y: float) -> None:
        """An empty place for a card (dashed outline)."""
        step = 8
        for k in range(0, CARD_W - 4, step * 2):
            for yy in (y, y + CARD_H - 1):
                self.draw.line([(x + k, yy), (x + min(k + step, CARD_W - 1), yy)], fill=SOFT, width=2)
        for k in range(0, CARD_H - 4, step * 2):
            for xx in (x, x + CARD_W - 1):
                self.draw.line([(xx, y + k), (xx, y + min(k + step, CARD_H - 1))], fill=SOFT, width=2)

    def mini(self, x: float, y: float, card: str, size: int = 18) -> float:
        """A card named inline (a small white chip with its index); returns the right edge."""
        w = _index_width(card, size)
        _rounded(self.draw, (x, y, x + w + 8, y + size + 6), CARD_FACE, None, radius=5)
        _index(self.image, card, x + 4, y + 2, size)
        return x + w + 8

    def line_of(self, x: float, y: float, parts: Iterable[str], size: int = 16, fill=WHITE) -> float:
        """Words and card codes on one line (cards as chips)."""
        for part in parts:
            if is_card(part):
                x = self.mini(x, y - 2, part, size) + 5
            else:
                x = draw_text(self.image, (x, y), part, size, fill) + 5
        return x

    def crown(self, cx: float, bottom: float, w: float = 40, h: float = 20) -> None:
        x0 = cx - w / 2
        pts = [
            (x0, bottom),
            (x0, bottom - h),
            (x0 + w * 0.25, bottom - h * 0.45),
            (cx, bottom - h * 1.05),
            (x0 + w * 0.75, bottom - h * 0.45),
            (x0 + w, bottom - h),
            (x0 + w, bottom),
        ]
        self.draw.polygon(pts, fill=GOLD, outline=(120, 80, 0))
        for px, py in pts[1:6:2]:
            self.draw.ellipse((px - 3, py - 3, px + 3, py + 3), fill=BOSS_RED)

    # -- sections ---------------------------------------------------------
    def title(self) -> None:
        v = self.view
        bg = TITLE_BG if v.result is None else (WON_BG if v.result == "won" else LOST_BG)
        self.draw.rectangle((0, 0, WIDTH, 58), fill=bg)
        phase = self.word(f"phase.{v.phase}") if 1 <= v.phase <= 4 else ""  # « Phase I : Organisation », as the board
        parts = (f"{self.word('turn')} {v.turn + 1}", phase, f"{self.word('step')} {v.step}")
        text = "  ·  ".join(part for part in parts if part)
        draw_text(self.image, (MARGIN + 4, 14), text, 28, WHITE)
        right: float = WIDTH - MARGIN - 4
        if v.result is not None:
            word = self.word("won" if v.result == "won" else "lost").upper()
            left, _ = self.pill(right, 10, word, 26, WHITE, fg=bg, anchor="r")
            right = left - 16
        treasures = f"{self.word('treasures')} {v.pillaged}/3"
        draw_text(self.image, (right, 16), treasures, 24, GOLD, anchor="r")

    def fortress(self, top: int) -> int:
        v = self.view
        bottom = top + FORTRESS_H
        split = 470
        self.panel((MARGIN, top, split, bottom), self.word("fortress"))
        x, y = MARGIN + 24, top + 30
        self.pile(x, y, self.word("fortress"), v.fortress_size)
        discard_top = v.fortress_discard[-1] if v.fortress_discard else None
        self.pile(x + 150, y, self.word("discard"), len(v.fortress_discard), discard_top)
        self.pile(x + 300, y, self.word("doors"), v.doors_left)
        self.panel((split + 12, top, WIDTH - MARGIN, bottom), self.word("reserve"))
        left = split + 30
        cards = v.reserve
        if cards:
            step = min(CARD_W + 14, (WIDTH - MARGIN - 18 - left - CARD_W) / max(1, len(cards) - 1))
            for i, card in enumerate(cards):
                self.card(card, left + i * step, y)
        else:
            draw_text(self.image, (left, y + 40), self.word("empty"), 18, SOFT)
        return bottom

    def paths(self, top: int) -> int:
        bottom = top + PATH_H
        gap = 10
        col_w = (WIDTH - 2 * MARGIN - 3 * gap) / 4
        for i, site in enumerate(self.view.sites):
            self.path(site, MARGIN + i * (col_w + gap), top, col_w, bottom)
        return bottom

    def path(self, site: SiteView, x: float, top: int, w: float, bottom: int) -> None:
        v = self.view
        exploring = v.exploration is not None and v.exploration.path == site.suit
        edge, width = (HILITE, 4) if exploring else (PANEL_EDGE, 2)
        _rounded(self.draw, (x, top, x + w, bottom), PANEL, edge, width=width, radius=12)
        # Header: the suit, the status, the difficulty (the Lieux' total).
        _rounded(self.draw, (x + 10, top + 8, x + 40, top + 38), CARD_FACE, None, radius=6)
        _paste_suit(self.image, site.suit, 22, (round(x + 14), top + 12), _suit_colour(site.suit))
        self.pill(x + 48, top + 10, self.word(f"path_{site.status}"), 16, STATUS_COLOURS[site.status])
        if site.lieux:
            draw_text(
                self.image,
                (x + w - 10, top + 13),
                f"{self.word('difficulty')} {site.difficulty}",
                16,
                WHITE,
                anchor="r",
            )
        # The two Lieu places (face down once explored), then the Treasure and its Door.
        y = top + 46
        for k in range(2):
            lx = x + 10 + k * (CARD_W + 4)
            if k < len(site.lieux):
                if site.status == "explored":
                    self.paste(_known_back_tile(site.lieux[k]), lx, y)
                else:
                    self.card(site.lieux[k], lx, y)
            else:
                self.slot(lx, y)
        ax = x + 10 + 2 * (CARD_W + 4) + 1
        tx = ax + 17
        self.draw.polygon([(ax, y + 44), (ax + 12, y + 53), (ax, y + 62)], fill=SOFT)
        if site.pillaged:
            self.paste(_known_back_tile(site.treasure), tx, y)
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
        tile = _card_tile(card, tapped=True)
        tx, ty = x - (CARD_H - CARD_W) / 2, y + PEEK
        if card == self.focus:
            _rounded(
                self.draw, (tx - 4, ty - 4, tx + tile.width + 3, ty + tile.height + 3), None, HILITE, width=4, radius=10
            )
        self.paste(tile, tx, ty)

    def under(self, cx: float, ty: float, power: int, room: float) -> float:
        """The "Power n" line under a character (its initial only when the
        characters stand close); returns where markers go."""
        text = f"{self.word('power')} {power}"
        if text_width(text, 16) > room - 8:
            text = f"{self.word('power')[:1]} {power}"
        draw_text(self.image, (cx, ty), text, 16, WHITE, anchor="m")
        return ty + LINE + 2

    def enemies(self, top: int) -> int:
        v = self.view
        bottom = top + ENEMIES_H
        self.panel((MARGIN, top, WIDTH - MARGIN, bottom), self.word("enemies"))
        n = len(v.enemies)
        if n == 0:
            draw_text(self.image, (MARGIN + 24, top + 60), self.word("empty"), 18, SOFT)
        step = 0 if n <= 1 else min(CARD_W + 34, (WIDTH - 2 * MARGIN - 48 - CARD_W) / (n - 1))
        order = {card: i + 1 for i, card in enumerate(v.combat_order)}
        for i, enemy in enumerate(v.enemies):
            self.enemy(enemy, MARGIN + 24 + i * step, top + 52, order.get(enemy.card), step or WIDTH)
        return bottom

    def enemy(self, e: EnemyView, x: float, y: float, order: int | None, room: float) -> None:
        cx = x + CARD_W / 2
        if e.boss:
            _rounded(
                self.draw,
                (x - 5, y - 5, x + CARD_W + 4, y + CARD_H + 4 + PEEK * len(e.stats)),
                BOSS_RED,
                None,
                radius=11,
            )
            self.crown(cx, y - 2)
        self.character(x, y, e.card, e.stats)
        if order is not None:  # 3.4: the order of the attacks still to resolve
            self.draw.ellipse((x + CARD_W - 16, y - 12, x + CARD_W + 12, y + 16), fill=HILITE, outline=INK, width=2)
            draw_text(self.image, (x + CARD_W - 2, y - 9), str(order), 20, INK, anchor="m")
        ty = self.under(cx, y + CARD_H + 2 * PEEK + 6, e.power, room)
        if e.boss:
            self.pill(cx, ty, self.word("boss").upper(), 14, BOSS_RED, anchor="m")
            ty += PILL
        if e.boost is not None:
            self.pill(cx, ty, f"{self.word('boost')} +{e.boost}", 14, (70, 84, 170), anchor="m")
        elif e.bribed:
            self.pill(cx, ty, self.word("bribed"), 14, (70, 84, 170), anchor="m")

    def player(self, top: int) -> int:
        v = self.view
        bottom = top + HEROES_H
        piles_x = WIDTH - MARGIN - 4 * 96 - 12
        self.panel((MARGIN, top, piles_x - 12, bottom), self.word("heroes"))
        self.panel((piles_x, top, WIDTH - MARGIN, bottom))
        n = len(v.heroes)
        if n == 0:
            draw_text(self.image, (MARGIN + 24, top + 60), self.word("empty"), 18, SOFT)
        first = MARGIN + 14 + (CARD_H - CARD_W) / 2
        last = piles_x - 12 - 14 - (CARD_H + CARD_W) / 2
        step = 0 if n <= 1 else min(CARD_H + 22, (last - first) / (n - 1))
        for i, hero in enumerate(v.heroes):
            self.hero(hero, first + i * step, top + 38, step or WIDTH)
        # The player's piles: deck, discard, hand (its size only), out of the game.
        y = top + 38
        x = piles_x + 16
        self.pile(x, y, self.word("deck"), v.deck_size)
        self.pile(x + 96, y, self.word("discard"), len(v.discard), v.discard[-1] if v.discard else None)
        self.hand(x + 192, y, v.hand_size)
        self.pile(x + 288, y, self.word("out"), len(v.out_of_game), v.out_of_game[-1] if v.out_of_game else None)
        return bottom

    def hand(self, x: float, y: float, size: int) -> None:
        """The hand as face-down cards: its size, never its cards."""
        if size == 0:
            self.pile(x, y, self.word("hand"), 0)
            return
        for k in range(min(size, 4)):
            self.paste(_back_tile(), x + k * 3, y + k * 2)
        self.count_badge(x + CARD_W / 2 + 4, y + CARD_H, size)
        draw_text(self.image, (x + CARD_W / 2, y + CARD_H + 12), self.word("hand"), 16, WHITE, anchor="m")

    def hero(self, h: HeroView, x: float, y: float, room: float) -> None:
        self.character(x, y, h.card, h.stats, tapped=h.tapped)
        cx = x + CARD_W / 2
        ty = self.under(cx, y + CARD_H + 2 * PEEK + 6, h.power, room)
        if h.explorer:
            self.pill(cx, ty, self.word("explorer"), 14, HILITE, fg=INK, anchor="m")
            ty += PILL
        elif h.tapped:
            self.pill(cx, ty, self.word("tapped"), 14, (96, 96, 96), anchor="m")
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
    """The table in RGB, from the public view: its ``hand`` is None, and the picture shows the
    hand's size only. ``labels`` maps every key of ``LABEL_KEYS`` to its text in the reader's
    language. Encoded in RGB (no palette)."""

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
render, draw = PICTURE.render, PICTURE.draw
