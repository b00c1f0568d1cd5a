"""Fireship sea map picture figures (not part of the test run).

Renders about 200 public views taken from seeded play-outs of the computer
player (2, 3 and 4 seats; every state of each game, evenly sampled, the
finished sea included) and prints the render time, p50 and p99 in
milliseconds (the very first render, which draws the cached background, is
printed apart; the cells' tiles are drawn as the views first show them, so the
p99 holds those), and the PNG size. Targets: p50 about 1 ms (issue 33), p99
under 50 ms.

Run: .venv/bin/python bench/fireship_picture.py [views]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pictures import public_views, report
from cogs.fireship.picture import HEIGHT, WIDTH, render
from games.fireship import ENGINE


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sample = public_views(ENGINE, count, games=6)
    phases = sorted({view.phase for view in sample})
    report(sample, render, f"{len(sample)} views ({', '.join(phases)}), {WIDTH}x{HEIGHT} px")


if __name__ == "__main__":
    main()
