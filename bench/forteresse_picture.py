"""Forteresse Solo table picture figures (not part of the test run).

Renders about 200 public views taken from seeded play-outs of the computer
player (every state of each game, evenly sampled, the finished tables
included) and prints the render time, p50 and p99 in milliseconds (caches
warm; the very first render, which fills the card and text caches, is printed
apart), and the PNG size.

Run: .venv/bin/python bench/forteresse_picture.py [views]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pictures import report
from cogs.forteresse.picture import HEIGHT, LABEL_KEYS, WIDTH, render
from games.core import Rng
from games.forteresse import ENGINE

LABELS = {key: key.rsplit(".", 1)[-1].capitalize() for key in LABEL_KEYS}
LABELS["forteresse.picture.reserve"] = "Réserve"  # one accented word, drawn by hand


def views(count: int, games: int = 20) -> list:
    states = []
    for seed in range(games):
        state = ENGINE.new_game(1, ENGINE.make_options({}), seed)
        rng = Rng.from_seed(seed)
        states.append(state)
        while not ENGINE.is_over(state):
            legal = ENGINE.legal_actions(state, 0)
            state = ENGINE.apply(state, 0, ENGINE.choose(ENGINE.view(state, 0), legal, rng)).state
            states.append(state)
    step = max(1, len(states) // count)
    picked = states[::step][:count]
    picked[-1] = states[-1]  # a finished table
    return [ENGINE.view(state, None) for state in picked]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sample = views(count)
    report(sample, lambda view: render(view, LABELS), f"{len(sample)} views, {WIDTH}x{HEIGHT} px")


if __name__ == "__main__":
    main()
