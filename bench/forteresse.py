"""Forteresse Solo figures (not part of the test run).

1. The computer player's win rate over 1,000 seeded games (default options),
   with how many Treasures it pillaged in the games it lost.
2. Engine speed: whole games per second (random legal moves, and the
   computer player), and ``apply`` + ``legal_actions`` per step, p50 and p99
   in microseconds.

Run: .venv/bin/python bench/forteresse.py [games]
"""

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import Rng
from games.forteresse import ENGINE


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def play(seed: int, computer: bool, samples: list[float] | None = None, options: dict | None = None):
    state = ENGINE.new_game(1, ENGINE.make_options(options or {}), seed)
    rng = Rng.from_seed(seed)
    steps = 0
    while not ENGINE.is_over(state):
        start = time.perf_counter()
        legal = ENGINE.legal_actions(state, 0)
        if computer:
            pause = time.perf_counter()
            action = ENGINE.choose(ENGINE.view(state, 0), legal, rng)
            start += time.perf_counter() - pause  # the policy's own time is not the engine's
        else:
            action = rng.choice(legal)
        state = ENGINE.apply(state, 0, action).state
        if samples is not None:
            samples.append((time.perf_counter() - start) * 1e6)
        steps += 1
    return state, steps


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000

    wins, turns, steps = 0, 0, 0
    pillaged: Counter[int] = Counter()
    start = time.perf_counter()
    for seed in range(games):
        state, n = play(seed, computer=True)
        wins += state.result == "won"
        turns += state.turn
        steps += n
        if state.result != "won":
            pillaged[ENGINE.pillaged(state)] += 1
    elapsed = time.perf_counter() - start
    print(f"computer player: {wins}/{games} games won ({100 * wins / games:.1f}%)")
    print(f"  average {turns / games:.1f} turns and {steps / games:.1f} decisions per game")
    print(f"  lost games by Treasures pillaged: {dict(sorted(pillaged.items()))}")
    print(f"  {games / elapsed:.0f} games/s with the computer player (views and choices included)")

    samples: list[float] = []
    start = time.perf_counter()
    random_steps = 0
    for seed in range(games):
        _, n = play(10_000 + seed, computer=False, samples=samples)
        random_steps += n
    elapsed = time.perf_counter() - start
    print(f"engine, random legal moves: {games / elapsed:.0f} games/s ({random_steps / games:.1f} decisions per game)")
    p50, p99 = percentiles(samples)
    print(f"  apply + legal_actions per step: p50 {p50:.0f} us, p99 {p99:.0f} us, max {max(samples):.0f} us")

    samples = []
    for seed in range(min(games, 300)):
        play(20_000 + seed, computer=True, samples=samples)
    p50, p99 = percentiles(samples)
    print(f"engine, computer-player moves: apply + legal_actions p50 {p50:.0f} us, p99 {p99:.0f} us")


if __name__ == "__main__":
    main()
