"""A minimal PNG writer for the board pictures: the same image always gives the same bytes.

Pillow's own writer tries every row filter on each row, which costs two to
three times more than zlib itself on flat board pictures, and may add
chunks; this one writes IHDR, PLTE (palette images only), one IDAT with
unfiltered rows, and IEND: no time, no text. The rows are deflated by ISA-L
(``isal``), a zlib-compatible compressor about five times faster than zlib's
own on these pictures, for files a little larger (well under Discord's limits:
``bench/pictures.py`` prints their sizes).
"""

import struct
import threading
import zlib
from collections.abc import Sequence
from typing import Any

from isal import isal_zlib
from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 1  # ISA-L's levels go from 0 to 3; 3 costs four times 1 for a few percent smaller files
_COLOUR_TYPES = {"RGB": (2, 3), "P": (3, 1)}  # PNG colour type, bytes per pixel
RGB = tuple[int, int, int]
BAND = 64 * 1024  # bytes of rows deflated at a time
_ON_PALETTE = threading.Lock()


def blend(base: RGB, colour: RGB, amount: float) -> RGB:
    """``amount`` of ``colour`` over ``base``."""
    r, g, b = (round(low + (high - low) * amount) for low, high in zip(base, colour))
    return r, g, b


def palette_image(colours: Sequence[RGB]) -> Image.Image:
    """A fixed palette of at most 256 ``colours``, in this order: a picture painted from sprites
    already on it (``on_palette``) is encoded as it is, with no conversion (``Picture.render``)."""
    if not 0 < len(colours) <= 256:
        raise ValueError(f"a palette holds 1 to 256 colours, not {len(colours)}")
    palette = Image.new("P", (1, 1))
    palette.putpalette(bytes(channel for colour in colours for channel in colour))
    return palette


def on_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` (RGB) on ``palette``, each shade to its nearest colour (Pillow's lookup): for
    sprites put on a game's fixed palette once, then pasted on every picture."""
    with _ON_PALETTE:  # Pillow fills the palette's lookup as it converts
        return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def _deflated(image: Image.Image, depth: int, level: int) -> bytes:
    """The image's rows, each behind its filter byte (0: none), deflated band by band: a few
    dozen kilobytes at a time rather than megabyte-long copies of the whole picture."""
    width, height = image.size
    stride = width * depth
    compressor = isal_zlib.compressobj(level)
    parts = []
    step = max(1, BAND // stride)
    for top in range(0, height, step):
        band = memoryview(image.crop((0, top, width, min(top + step, height))).tobytes())
        rows = (band[at : at + stride] for at in range(0, len(band), stride))
        parts.append(compressor.compress(b"\0".join([b"", *rows])))
    parts.append(compressor.flush())
    return b"".join(parts)


def encode(image: Image.Image, level: int = LEVEL) -> bytes:
    """``image`` (RGB or palette) as PNG bytes."""
    if image.mode not in _COLOUR_TYPES:
        raise ValueError(f"cannot write a {image.mode} image")
    colour_type, depth = _COLOUR_TYPES[image.mode]
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    palette = _chunk(b"PLTE", bytes(image.getpalette() or [])) if image.mode == "P" else b""
    return (
        SIGNATURE
        + _chunk(b"IHDR", header)
        + palette
        + _chunk(b"IDAT", _deflated(image, depth, level))
        + _chunk(b"IEND", b"")
    )


def chunks(png: bytes) -> list[bytes]:
    """The chunk tags of a PNG, in order, each checked against its CRC."""
    assert png[: len(SIGNATURE)] == SIGNATURE
    tags, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        tag, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if struct.unpack(">I", png[at + 8 + length : at + 12 + length])[0] != zlib.crc32(tag + data):
            raise ValueError(f"bad CRC in chunk {tag!r}")
        tags.append(tag)
        at += 12 + length
    return tags


class Picture:
    """A game's board picture. ``draw`` refuses any view but the public one (a posted picture never
    depends on a seat's own knowledge) and paints under ``lock`` (the drawing's shared caches, and
    FreeType's faces for a picture with text: ``lettering.LOCK``), on the game's fixed palette
    (``palette_image``) from sprites put on it once (``on_palette``); ``render`` encodes it as
    painted, outside the lock, so that pictures are drawn from several threads
    (``asyncio.to_thread``)."""

    title: str  # the game's name, in the refusal of a seat's view
    lock: threading.Lock

    def public(self, view: Any) -> bool:
        return view.seat is None

    def paint(self, view: Any, *context: Any) -> Image.Image:
        """The picture of the public ``view``, in RGB or on a fixed palette (``context``: the words or
        names it shows)."""
        raise NotImplementedError

    def draw(self, view: Any, *context: Any) -> Image.Image:
        if not self.public(view):
            raise ValueError(f"the {self.title} picture draws the public view only (ENGINE.view(state, None))")
        with self.lock:
            return self.paint(view, *context)

    def rgb(self, view: Any, *context: Any) -> Image.Image:
        """The picture in RGB, a palette's exact colours: the replay page's (``GameUI.image``)."""
        return self.draw(view, *context).convert("RGB")

    def render(self, view: Any, *context: Any) -> bytes:
        """The picture as PNG bytes: the same view always gives the same bytes."""
        return encode(self.draw(view, *context))
