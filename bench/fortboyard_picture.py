"""Fort Boyard board picture figures (not part of the test run).

Renders about 200 public views taken from seeded play-outs of the computer
player (2, 3 and 4 seats; every state of each game, evenly sampled, the
finished games included), half in French and half in English, with six
names, and prints the render time, p50 and p99 in milliseconds (caches warm;
the very first render, which draws the cached background and makes the palette, is printed apart),
and the PNG size.

Run: .venv/bin/python bench/fortboyard_picture.py [views]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pictures import public_views, report
from cogs.fortboyard.picture import HEIGHT, WIDTH, render
from games.fortboyard import ENGINE

NAMES = ["Zoé", "Bob", "Marie-Hélène Dupont", "Octo", "Alexandre", "Lou"]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sample = public_views(ENGINE, count, games=12)
    rounds = sorted({view.round for view in sample})
    divers = sum(any(p.sea is not None for p in view.players) for view in sample)
    langs = {id(view): "fr" if index % 2 == 0 else "en" for index, view in enumerate(sample)}
    heading = f"{len(sample)} views (rounds {', '.join(map(str, rounds))}; {divers} with divers), fr and en, {WIDTH}x{HEIGHT} px"
    report(sample, lambda view: render(view, NAMES, langs[id(view)]), heading)


if __name__ == "__main__":
    main()
