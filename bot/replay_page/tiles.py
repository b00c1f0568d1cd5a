"""A game's pictures, step after step, as shared tiles: most of a board stays put from one step
to the next, so each picture is cut into squares and a square seen before is stored once.

The squares go into a few sheets (lossless WebP). A frame is the grid of squares of one picture,
written as its differences from a recent frame (the one it differs least from: a piece selected
then moved tints cells, then clears them), in a compact text of numbers (``numbers``). The page
rebuilds each grid and draws it on a canvas.
"""

import io
import string
from typing import Any

from PIL import Image, ImageChops

TILE = 32  # pixels a side
SHEET_COLUMNS = 32  # tiles across a sheet (1,024 pixels)
SHEET_ROWS = 16_383 // TILE  # WebP's largest side, in tiles
WEBP_METHOD = 2  # the encoder's effort, 0-6: beyond 2 the sheets barely shrink and take far longer
LOOK_BACK = 16  # the recent frames a new one may be written against
DIGITS = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"  # 64: 5 bits and a "more" bit


def numbers(values: list[int]) -> str:
    """Whole numbers (0 or more) as text: base 32, lowest digit first, each digit but a number's
    last one marked "more" (+32), in 64 characters that need no escaping in JSON or HTML."""
    out = []
    for value in values:
        while value >= 32:
            out.append(DIGITS[32 | value & 31])
            value >>= 5
        out.append(DIGITS[value])
    return "".join(out)


def zigzag(value: int) -> int:
    """A signed number as a whole one: 0, -1, 1, -2, 2... as 0, 1, 2, 3, 4..."""
    return value * 2 if value >= 0 else -value * 2 - 1


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
        self._grids: list[tuple[tuple[int, int], list[int]]] = []  # each frame's size and tiles
        self._last: tuple[Image.Image, list[int]] | None = None  # the last picture added, and its tiles

    def add(self, picture: Image.Image) -> int:
        """The frame of ``picture``: a new one, or a recent one showing the same."""
        picture = picture.convert("RGB")
        size, columns, rows = picture.size, -(-picture.width // TILE), -(-picture.height // TILE)
        if self._last is not None and self._last[0].size == size:
            grid = list(self._last[1])
            for at in changed_tiles(self._last[0], picture):
                grid[at] = self._tile(picture, at % columns, at // columns)
        else:
            grid = [self._tile(picture, x, y) for y in range(rows) for x in range(columns)]
        self._last = (picture, grid)
        nearest = self._nearest(size, grid)
        if nearest is not None and not nearest[1]:
            return len(self.frames) - nearest[0]
        if nearest is None:
            steps = [zigzag(tile - before) for before, tile in zip([0, *grid], grid)]
            self.frames.append({"w": size[0], "h": size[1], "g": numbers(steps)})
        else:
            back, changed = nearest
            values, at, tile = [], -1, 0
            for position in changed:
                values += [position - at - 1, zigzag(grid[position] - tile)]
                at, tile = position, grid[position]
            self.frames.append({"r": back, "d": numbers(values)} if back > 1 else {"d": numbers(values)})
        self._grids.append((size, grid))
        return len(self.frames) - 1

    def _nearest(self, size: tuple[int, int], grid: list[int]) -> tuple[int, list[int]] | None:
        """Of the recent frames of that size, the one ``grid`` differs least from: how many frames
        back, and the positions that differ (None: no such frame)."""
        best: tuple[int, list[int]] | None = None
        for back, (seen, earlier) in enumerate(reversed(self._grids[-LOOK_BACK:]), start=1):
            if seen == size:
                changed = [at for at, (old, new) in enumerate(zip(earlier, grid)) if old != new]
                if best is None or len(changed) < len(best[1]):
                    best = (back, changed)
        return best

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
