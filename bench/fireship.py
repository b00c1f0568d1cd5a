"""Fireship figures (not part of the test run).

1. Engine: ``apply`` + ``legal_actions`` per step, p50 and p99 in
   microseconds, over computer-player and random games.
2. The computer player: time per decision, p50 and p99 in milliseconds (it
   runs inside a human's click when computers play next).
3. Games between computer players (the default 20 rounds): how they end,
   islands held at the end, attacks and reaction windows per game.
4. A whole game's state: its JSON size, what SQLite stores per click.

Run: .venv/bin/python bench/fireship.py [games]
"""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.run import percentiles, report_engine, timed_step
from games.core import Rng
from games.fireship import ENGINE


def play(players: int, seed: int, computer: bool, steps: list[float], choices: list[float]) -> tuple[object, Counter]:
    """One game; returns its last state and counts of what happened."""
    state = ENGINE.new_game(players, ENGINE.make_options({}), seed)
    rng = Rng.from_seed(seed)
    seen: Counter = Counter()
    while not ENGINE.is_over(state):
        seat = min(ENGINE.to_act(state))
        step = timed_step(ENGINE, state, seat, rng, computer, steps, choices)
        seen["windows"] += step.state.phase == "react" and state.phase != "react"
        seen.update(e.kind for e in step.events)
        state = step.state
    return state, seen


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    steps: list[float] = []
    choices: list[float] = []
    sizes = []
    for players in (2, 3, 4):
        endings: Counter = Counter()
        islands, attacks, windows = [], 0, 0
        for seed in range(games):
            state, seen = play(players, seed, True, steps, choices)
            endings[state.end_reason] += 1
            islands.append(sum(owner is not None for owner in state.islands))
            attacks += seen["attacked"]
            windows += seen["windows"]
            sizes.append(len(ENGINE.dump(state)))
        p50, _ = percentiles(islands)
        print(
            f"{players} computer players, {games} games: endings {dict(endings)}; islands held at the end p50 {p50:.0f}; "
            f"{attacks / games:.0f} attacks and {windows / games:.1f} reaction windows a game"
        )
    for seed in range(games // 3):
        play(4, seed, False, steps, [])
    report_engine(steps, choices)
    p50, p99 = percentiles(sizes)
    print(f"final state JSON: p50 {p50 / 1024:.1f} KiB, p99 {p99 / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
