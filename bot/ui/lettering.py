"""Text on board pictures with Pillow's built-in font, accents included.

The built-in font (``ImageFont.load_default``) needs no font file anywhere, but it covers
ASCII only: an accented letter is drawn as its base letter with the accent drawn by hand
(é, è, ê, ë, à, ç...), a few signs are replaced (œ, «, —), and a game may add symbols of
its own (card suits) through ``Symbols``. Text is cached as masks and pasted in any
colour. The FreeType faces and caches are shared: pictures draw under ``LOCK``.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

LOCK = threading.Lock()  # held while drawing: FreeType faces are not thread-safe


@dataclass(frozen=True, eq=False)
class Symbols:
    """Characters a picture draws as shapes of its own: ``chars`` maps each to a name;
    ``advance(size)`` is their width; ``paste(image, name, size, (x, y), fill)`` draws one
    with the text's top at y."""

    chars: Mapping[str, str] = field(default_factory=dict)
    advance: Callable[[int], float] = lambda size: 0.0
    paste: Callable[..., None] = lambda image, name, size, xy, fill: None


NO_SYMBOLS = Symbols()


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont:
    font = ImageFont.load_default(size=size)
    if not isinstance(font, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        raise RuntimeError("board pictures need Pillow with FreeType")
    return font


@lru_cache(maxsize=1)
def _notdef() -> bytes:
    return bytes(font(20).getmask("\u4e00"))


@lru_cache(maxsize=1024)
def _has_glyph(char: str) -> bool:
    if char == " ":
        return True
    return bytes(font(20).getmask(char)) != _notdef()


_SUBSTITUTES = {
    "œ": "oe",
    "Œ": "OE",
    "æ": "ae",
    "Æ": "AE",
    "ß": "ss",
    "–": "-",
    "—": "-",
    "‑": "-",
    "\u00a0": " ",
    "\u202f": " ",
    "“": '"',
    "”": '"',
    "«": '"',
    "»": '"',
}
_MARKS = {"\u0301", "\u0300", "\u0302", "\u0308", "\u0327", "\u0303", "\u030a"}

# A piece of text: ("t", text) drawn by the font, ("a", base, marks) a letter
# with hand-drawn accents, ("s", name) one of the picture's symbols.
Piece = tuple[str, ...]


@lru_cache(maxsize=512)
def _pieces(text: str, symbols: Symbols) -> tuple[Piece, ...]:
    out: list[Piece] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            out.append(("t", "".join(run)))
            run.clear()

    for char in unicodedata.normalize("NFC", text):
        if char in symbols.chars:
            flush()
            out.append(("s", symbols.chars[char]))
        elif _has_glyph(char):
            run.append(char)
        elif char in _SUBSTITUTES:
            run.extend(_SUBSTITUTES[char])
        else:
            decomposed = unicodedata.normalize("NFD", char)
            base, marks = decomposed[0], "".join(m for m in decomposed[1:] if m in _MARKS)
            if len(decomposed) > 1 and _has_glyph(base) and marks:
                flush()
                out.append(("a", base, marks))
            else:
                ascii_form = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
                run.extend(ascii_form if ascii_form and all(_has_glyph(c) for c in ascii_form) else "?")
    flush()
    return tuple(out)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, symbols: Symbols = NO_SYMBOLS) -> float:
    face = font(size)
    width = 0.0
    for piece in _pieces(text, symbols):
        width += face.getlength(piece[1]) if piece[0] in "ta" else symbols.advance(size)
    return width


def _draw_marks(draw: ImageDraw.ImageDraw, x: float, y: float, base: str, marks: str, size: int, fill) -> None:
    left, top, right, bottom = font(size).getbbox(base)
    cx = x + (left + right) / 2
    top_y = y + top
    base_y = y + bottom
    lw = max(1, round(size / 11))
    gap = size * 0.06
    h = size * 0.2  # accent height
    above = top_y - gap  # the accent's bottom
    if base in "ij":
        above = y + size * 0.26
    for mark in marks:
        if mark == "\u0301":  # acute
            draw.line([(cx - size * 0.07, above), (cx + size * 0.1, above - h)], fill=fill, width=lw)
        elif mark == "\u0300":  # grave
            draw.line([(cx + size * 0.07, above), (cx - size * 0.1, above - h)], fill=fill, width=lw)
        elif mark == "\u0302":  # circumflex
            w = size * 0.15
            draw.line([(cx - w, above), (cx, above - h), (cx + w, above)], fill=fill, width=lw, joint="curve")
        elif mark == "\u0308":  # diaeresis
            r = max(1.0, size * 0.055)
            for dx in (-size * 0.12, size * 0.12):
                draw.ellipse([cx + dx - r, above - h / 2 - r, cx + dx + r, above - h / 2 + r], fill=fill)
        elif mark == "\u0303":  # tilde
            w = size * 0.16
            mid = above - h / 2
            draw.line(
                [
                    (cx - w, mid + h * 0.2),
                    (cx - w / 2, mid - h * 0.3),
                    (cx + w / 2, mid + h * 0.3),
                    (cx + w, mid - h * 0.2),
                ],
                fill=fill,
                width=lw,
            )
        elif mark == "\u030a":  # ring
            r = size * 0.09
            draw.ellipse([cx - r, above - 2 * r, cx + r, above], outline=fill, width=lw)
        elif mark == "\u0327":  # cedilla
            draw.line(
                [(cx, base_y - 1), (cx + size * 0.06, base_y + size * 0.1), (cx - size * 0.08, base_y + size * 0.2)],
                fill=fill,
                width=lw,
            )


def _draw_pieces(image: Image.Image, x: float, y: float, text: str, size: int, fill, symbols: Symbols) -> float:
    face = font(size)
    draw = ImageDraw.Draw(image)
    for piece in _pieces(text, symbols):
        if piece[0] == "s":
            symbols.paste(image, piece[1], size, (x, y), fill)
            x += symbols.advance(size)
            continue
        draw.text((x, y), piece[1], font=face, fill=fill)
        if piece[0] == "a":
            _draw_marks(draw, x, y, piece[1], piece[2], size, fill)
        x += face.getlength(piece[1])
    return x


_TEXT_PAD = 3  # the mask's margin left of the text (glyphs may start at x = -1)


@lru_cache(maxsize=2048)
def _text_mask(text: str, size: int, symbols: Symbols) -> Image.Image:
    """``text`` drawn once as an anti-aliased mask, pasted in any colour afterwards."""
    width = int(text_width(text, size, symbols)) + 2 * _TEXT_PAD + 2
    mask = Image.new("L", (width, int(size * 1.45) + 2), 0)
    _draw_pieces(mask, _TEXT_PAD, 0, text, size, 255, symbols)
    return mask


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill,
    anchor: str = "l",
    symbols: Symbols = NO_SYMBOLS,
) -> float:
    """Draw ``text`` with its top (the font's ascender) at ``xy[1]``; ``anchor``
    "l", "m" or "r" places ``xy[0]`` at its left, middle or right. Returns the
    right edge."""
    x, y = xy
    width = text_width(text, size, symbols)
    if anchor != "l":
        x -= width / 2 if anchor == "m" else width
    mask = _text_mask(text, size, symbols)
    left, top = round(x) - _TEXT_PAD, round(y)
    image.paste(fill, (left, top, left + mask.width, top + mask.height), mask)
    return x + width
