"""How long a 💡 Hint searches, per title (printed, not part of the tests).

A hint is the strong level's ``strong_analysis`` of the player's own view, within the level's own
budget in iterations (``bot/ui/hints.py``: the engine's ``strong_budget``, at most the bot's
``SEARCH_ITERATIONS``, 2,000 by default) and a 2-second clock as a safety net. This plays GAMES games
of each title at the normal level (two seats; Forteresse Solo: one) and asks a hint at every decision
of the first seat to act: the time of one hint in CPU time, p50 and p99 in milliseconds (what a
worker spends; the clock adds the line and the pipes), how many hit the safety clock, and how the
hints were grounded (searched, only, forced, random, rule, withheld).

Run: .venv/bin/python bench/hints.py [--games 3] [--only fortissimo,labyrinthe]
"""

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.ui.hints import HINT_SECONDS, hint_iterations
from games.core import Budget, Rng, registry

GAMES = ("fortissimo", "forteresse", "labyrinthe", "fireship", "fortboyard")
SEARCH_ITERATIONS = 2000  # the bot's default


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(game: str, games: int) -> tuple[list[float], int, Counter[str]]:
    engine = registry.get(game)
    iterations = hint_iterations(engine, SEARCH_ITERATIONS)
    times: list[float] = []
    clocked = 0
    grounds: Counter[str] = Counter()
    for seed in range(games):
        state = engine.new_game(1 if engine.max_players == 1 else 2, engine.make_options({}), seed)
        rng = Rng.from_seed(seed)
        while acting := sorted(engine.to_act(state)):
            seat = acting[0]
            view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
            deadline = time.monotonic() + HINT_SECONDS
            hit = []

            def stop(deadline: float = deadline, hit: list[bool] = hit) -> bool:
                if time.monotonic() > deadline:
                    hit.append(True)
                    return True
                return False

            began = time.process_time()
            found = engine.strong_analysis(
                view, legal, Rng.from_seed(seed * 1_000_003 + len(times)), Budget(iterations, stop)
            )
            times.append((time.process_time() - began) * 1000)
            clocked += bool(hit)
            grounds[found.grounds] += 1
            state = engine.apply(state, seat, engine.choose(view, legal, rng)).state
    return times, clocked, grounds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", default=",".join(GAMES))
    args = parser.parse_args()
    print("| Title | Iterations | Hints | CPU p50 / p99 | On the safety clock | Grounds |")
    print("|---|---|---|---|---|---|")
    for game in args.only.split(","):
        times, clocked, grounds = measure(game, args.games)
        iterations = hint_iterations(registry.get(game), SEARCH_ITERATIONS)
        told = ", ".join(f"{name} {count}" for name, count in grounds.most_common())
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        print(f"| {game} | {iterations} | {len(times)} | {p50:.0f} / {p99:.0f} ms | {clocked} | {told} |", flush=True)


if __name__ == "__main__":
    main()
