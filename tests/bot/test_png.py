"""The board pictures' PNG writer (bot/ui/png.py): what it writes decodes to the very pixels drawn,
and a fixed palette (its lookup already filled by other pictures) maps every shade as a new one does."""

import io
import random

import pytest
from PIL import Image, ImageDraw

from bot.ui import png

FLAT = ((30, 82, 58), (255, 255, 255), (198, 28, 40), (24, 24, 28))


def drawing(seed: int, size: tuple[int, int] = (301, 203)) -> Image.Image:
    """Flat shapes with anti-aliased edges (text and a downscaled disc), as a board is drawn."""
    rng = random.Random(seed)
    image = Image.new("RGB", size, FLAT[0])
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        draw.rectangle((x, y, x + rng.randrange(5, 60), y + rng.randrange(5, 40)), fill=rng.choice(FLAT))
        draw.text((rng.randrange(size[0]), rng.randrange(size[1])), "Fort 1 234", fill=rng.choice(FLAT))
    disc = Image.new("RGB", (160, 160), FLAT[1])
    ImageDraw.Draw(disc).ellipse((10, 10, 150, 150), fill=FLAT[2])
    image.paste(disc.resize((40, 40), Image.Resampling.LANCZOS), (rng.randrange(200), rng.randrange(100)))
    return image


@pytest.mark.parametrize("mode", ["RGB", "P"])
def test_a_picture_decodes_to_the_pixels_drawn(mode: str) -> None:
    image = drawing(1, (1500, 90))  # rows wider than a band: one row a band
    if mode == "P":
        image = png.on_palette(image, png.palette_image(FLAT))
    written = png.encode(image)
    assert png.chunks(written) == ([b"IHDR", b"PLTE", b"IDAT", b"IEND"] if mode == "P" else [b"IHDR", b"IDAT", b"IEND"])
    decoded = Image.open(io.BytesIO(written))
    assert decoded.mode == mode and decoded.size == image.size
    assert decoded.tobytes() == image.tobytes()
    assert png.encode(drawing(1, (1500, 90)).convert(mode) if mode == "RGB" else image) == written


def test_a_palette_maps_the_shades_whatever_it_converted_before() -> None:
    """A game's fixed palette serves every sprite: what it converted before (the lookup Pillow fills
    on it) never changes how it maps a shade, so a picture is a pure function of its view."""
    full = FLAT + tuple((i, 255 - i, i * 7 % 256) for i in range(256 - len(FLAT)))
    pictures = [drawing(seed) for seed in range(6)]
    fresh = [png.on_palette(picture, png.palette_image(full)).tobytes() for picture in pictures]
    kept = png.palette_image(full)
    assert [png.on_palette(picture, kept).tobytes() for picture in reversed(pictures)] == fresh[::-1]


def test_a_palette_holds_one_to_256_colours() -> None:
    with pytest.raises(ValueError, match="1 to 256 colours, not 257"):
        png.palette_image(FLAT * 64 + FLAT[:1])
    assert png.palette_image(FLAT).getpalette()[: 3 * len(FLAT)] == [c for colour in FLAT for c in colour]
