"""A game's pictures, step after step, as shared tiles: most of a board stays put from one step
to the next, so each picture is cut into squares and a square seen before is stored once.

The squares go into a few sheets (lossless WebP); a frame says which square goes where, as the
squares that changed since the frame before. The page draws a frame on a canvas from them.
"""

import io
from typing import Any

from PIL import Image, ImageChops

TILE = 32  # pixels a side
SHEET_COLUMNS = 32  # tiles across a sheet (1,024 pixels)
SHEET_ROWS = 16_383 // TILE  # WebP's largest side, in tiles
WEBP_METHOD = 2  # the encoder's effort, 0-6: beyond 2 the sheets barely shrink and take far longer


def changed_tiles(before: Image.Image, after: Image.Image) -> list[int]:
    """The tiles (row by row) where two pictures of the same size differ, by even one level."""
    red, green, blue = ImageChops.difference(before, after).split()
    mask = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(lambda level: 255 if level else 0)
    # Two reductions (4 then 8: a tile) keep a single changed pixel visible; one would round it away.
    mask = mask.reduce(4).point(lambda level: 255 if level else 0).reduce(TILE // 4)
    return [index for index, level in enumerate(mask.tobytes()) if level]


class Film:
    """Pictures added in step order; ``add`` tells which frame shows each."""

    def __init__(self) -> None:
        self._tiles: dict[bytes, int] = {}
        self._images: list[Image.Image] = []
        self.frames: list[dict[str, Any]] = []
        self._last: Image.Image | None = None

    def add(self, picture: Image.Image) -> int:
        """The frame of ``picture`` (the last frame again when nothing changed)."""
        picture = picture.convert("RGB")
        last = self._last
        if last is not None and last.size == picture.size:
            changes = changed_tiles(last, picture)
            if not changes:
                return len(self.frames) - 1
            columns = -(-picture.width // TILE)
            frame: dict[str, Any] = {"d": [[i, self._tile(picture, i % columns, i // columns)] for i in changes]}
        else:
            columns, rows = -(-picture.width // TILE), -(-picture.height // TILE)
            grid = [self._tile(picture, x, y) for y in range(rows) for x in range(columns)]
            frame = {"w": picture.width, "h": picture.height, "g": grid}
        self._last = picture
        self.frames.append(frame)
        return len(self.frames) - 1

    def _tile(self, picture: Image.Image, x: int, y: int) -> int:
        tile = picture.crop((x * TILE, y * TILE, (x + 1) * TILE, (y + 1) * TILE))  # past the edge: black
        key = tile.tobytes()
        index = self._tiles.get(key)
        if index is None:
            index = self._tiles[key] = len(self._images)
            self._images.append(tile)
        return index

    @property
    def tiles(self) -> int:
        return len(self._images)

    def sheets(self) -> list[bytes]:
        """Every tile, in order, on sheets of ``SHEET_COLUMNS`` across, as lossless WebP files."""
        per_sheet = SHEET_COLUMNS * SHEET_ROWS
        encoded = []
        for start in range(0, len(self._images), per_sheet):
            tiles = self._images[start : start + per_sheet]
            rows = -(-len(tiles) // SHEET_COLUMNS)
            sheet = Image.new("RGB", (SHEET_COLUMNS * TILE, rows * TILE))
            for n, tile in enumerate(tiles):
                sheet.paste(tile, ((n % SHEET_COLUMNS) * TILE, (n // SHEET_COLUMNS) * TILE))
            out = io.BytesIO()
            sheet.save(out, "WEBP", lossless=True, method=WEBP_METHOD)
            encoded.append(out.getvalue())
        return encoded
