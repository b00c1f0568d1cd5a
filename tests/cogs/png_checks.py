"""What every board picture's tests check of a PNG, and how they compare colours."""

import io

from PIL import Image

from bot.ui.png import chunks


def check_png(png: bytes, size: tuple[int, int], mode: str = "P", most_kib: int | None = None) -> None:
    """A plain PNG of ``size``: no time or text chunk, so equal boards give equal bytes."""
    expected = [b"IHDR", b"PLTE", b"IDAT", b"IEND"] if mode == "P" else [b"IHDR", b"IDAT", b"IEND"]
    assert chunks(png) == expected
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG" and image.mode == mode and image.size == size
    assert most_kib is None or len(png) < most_kib * 1024


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    """Colours equal but for ``tolerance`` levels a channel (a palette may shift a shade)."""
    return max(abs(x - y) for x, y in zip(a, b)) <= tolerance
