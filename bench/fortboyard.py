"""Fort Boyard figures (not part of the test run).

1. Engine: ``apply`` + ``legal_actions`` per step, p50 and p99 in microseconds
   (target p99 < 1 ms).
2. The computer player: time per decision, p50 and p99 in milliseconds.
3. Games between computer players: steps, trials and duels per game, how games end,
   and the state's size in JSON.

Run: .venv/bin/python bench/fortboyard.py [games]
"""

import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.run import report_engine, timed_step
from games.core import Rng
from games.fortboyard import ENGINE


def play(players: int, seed: int, steps: list[float], choices: list[float]) -> tuple[int, int, int, str, int]:
    """One game of computers; returns (steps, trials, duels, end reason, largest state in bytes)."""
    state = ENGINE.new_game(players, ENGINE.make_options({}), seed)
    rng = Rng.from_seed(seed)
    count = trials = duels = largest = 0
    while not ENGINE.is_over(state):
        seat = min(ENGINE.to_act(state))
        step = timed_step(ENGINE, state, seat, rng, True, steps, choices)
        for event in step.events:
            trials += event.kind == "trial_began"
            duels += event.kind == "trial_began" and len(event.players) > 1
        state = step.state
        count += 1
        if count % 10 == 0:
            largest = max(largest, len(ENGINE.dump(state)))
    return count, trials, duels, ENGINE.outcome(state).reason, largest


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    steps: list[float] = []
    choices: list[float] = []
    for players in (2, 4, 6):
        lengths, trial_counts, duel_counts, sizes = [], [], [], []
        ends: collections.Counter[str] = collections.Counter()
        for seed in range(games):
            n, t, d, reason, size = play(players, seed, steps, choices)
            lengths.append(n), trial_counts.append(t), duel_counts.append(d), sizes.append(size)
            ends[reason] += 1
        print(
            f"{players} players, {games} games: steps p50 {sorted(lengths)[games // 2]} max {max(lengths)}, "
            f"trials p50 {sorted(trial_counts)[games // 2]}, duels p50 {sorted(duel_counts)[games // 2]}, "
            f"ends {dict(ends)}, state up to {max(sizes) / 1024:.1f} KiB"
        )
    report_engine(steps, choices)


if __name__ == "__main__":
    main()
