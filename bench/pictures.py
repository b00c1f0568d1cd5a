"""What the picture benches share: timing a renderer over sample views."""

import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.run import percentiles
from games.core import Engine, Rng

MAX_ACTIONS = 5000  # a safety net: the computer players finish far sooner


def play(engine: Engine, seed: int, seats: int) -> list[Any]:
    """Every state of one game between computer players (the lowest seat to act first)."""
    state = engine.new_game(seats, engine.make_options({}), seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while not engine.is_over(state) and len(states) < MAX_ACTIONS:
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        state = engine.apply(state, seat, engine.choose(engine.view(state, seat), legal, rng)).state
        states.append(state)
    return states


def public_views(engine: Engine, count: int, games: int) -> list[Any]:
    """About ``count`` public views evenly sampled from ``games`` seeded games (2, 3 and 4
    seats in turn), the last one a finished game."""
    played = [play(engine, seed, 2 + seed % 3) for seed in range(games)]
    states = [state for game in played for state in game]
    step = max(1, len(states) // count)
    picked = states[::step][:count]
    picked[-1] = played[-1][-1]
    return [engine.view(state, None) for state in picked]


def report(sample: Sequence[Any], draw: Callable[[Any], bytes], heading: str) -> None:
    """Prints render p50/p99 (and the first, cold render) and PNG sizes over ``sample``."""
    start = time.perf_counter()
    draw(sample[0])
    cold = (time.perf_counter() - start) * 1000
    times, sizes = [], []
    for view in sample:
        start = time.perf_counter()
        png = draw(view)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    p50, p99 = percentiles(times)
    s50, s99 = percentiles([s / 1024 for s in sizes])
    print(heading)
    print(f"render: p50 {p50:.1f} ms, p99 {p99:.1f} ms (first render, cold caches: {cold:.1f} ms)")
    print(f"PNG size: p50 {s50:.0f} KiB, p99 {s99:.0f} KiB, max {max(sizes) / 1024:.0f} KiB")
