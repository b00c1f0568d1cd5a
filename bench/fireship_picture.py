"""Fireship sea map picture figures (not part of the test run).

Renders about 200 public views taken from seeded play-outs of the computer
player (2, 3 and 4 seats; every state of each game, evenly sampled, the
finished sea included) and prints the render time, p50 and p99 in
milliseconds (caches warm; the very first render, which draws the cached
background, is printed apart), and the PNG size. Target: p99 under 50 ms.

Run: .venv/bin/python bench/fireship_picture.py [views]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pictures import report  # noqa: E402
from cogs.fireship.picture import HEIGHT, WIDTH, render  # noqa: E402
from games.core import Rng  # noqa: E402
from games.fireship import ENGINE  # noqa: E402

MAX_ACTIONS = 5000  # a safety net: the computer players finish far sooner


def play(seed: int, seats: int) -> list:
    """Every state of one game; the lowest seat to act acts first (reaction windows ask one at a time)."""
    state = ENGINE.new_game(seats, ENGINE.make_options({}), seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while not ENGINE.is_over(state) and len(states) < MAX_ACTIONS:
        seat = min(ENGINE.to_act(state))
        legal = ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, ENGINE.choose(ENGINE.view(state, seat), legal, rng)).state
        states.append(state)
    return states


def views(count: int, games: int = 6) -> list:
    played = [play(seed, 2 + seed % 3) for seed in range(games)]
    states = [state for game in played for state in game]
    step = max(1, len(states) // count)
    picked = states[::step][:count]
    picked[-1] = played[-1][-1]  # a finished sea
    return [ENGINE.view(state, None) for state in picked]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sample = views(count)
    phases = sorted({view.phase for view in sample})
    report(sample, render, f"{len(sample)} views ({', '.join(phases)}), {WIDTH}x{HEIGHT} px")


if __name__ == "__main__":
    main()
