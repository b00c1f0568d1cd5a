"""How strong each computer level plays, for any game of the registry (printed, not part of the tests).

Players: the engine's levels (easy, normal, strong, those it has), "random" (a uniformly random legal
move) and "reference" (the computer player as it was at commit 46a4b48, loaded from git at run time:
today's normal player, kept fixed).

- Two-player tables (games for two): a round robin, N games per pairing on the same seeds, the seats
  swapped every game so that nobody always starts; each pairing's win rate with a 95% Wilson interval.
- ``--players 3`` or ``4``: each level at a table of weaker ones (those below it in strong, normal,
  easy, random, taken in turn), its seat rotating; its win share against the fair 1/n.
- A one-player game: each player's win rate over N seeded games.
- Each player's decision time, p50 and p99 in milliseconds, on the clock and in CPU time (the
  machine is shared: the clock counts others' work too).

Targets (two players): strong beats normal in at least 65% of games and the reference as often;
normal beats random in at least 95%; easy beats random in more than half and loses to normal in at
least 65%. More players: each level's win share at least 20 points above 1/n.

Run: .venv/bin/python bench/strength.py labyrinthe [--games 200] [--players 2|3|4] [--workers 2]
     [--iterations N (the strong level's budget; default: the engine's own)] [--only strong,normal]
"""

import argparse
import importlib.util
import math
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from itertools import combinations
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.core import Budget, Rng, registry

REFERENCE_COMMIT = "46a4b48"
ORDER = ("strong", "normal", "reference", "easy", "random")  # strongest first
MAX_STEPS = 50_000  # a game still running after this many moves counts as won by nobody

_reference: dict[str, ModuleType | None] = {}


def reference_bots(game: str) -> ModuleType | None:
    """games/<game>/bots.py as it was at the reference commit, as a fresh module (None if absent)."""
    if game not in _reference:
        shown = subprocess.run(
            ["git", "show", f"{REFERENCE_COMMIT}:games/{game}/bots.py"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        module = None
        if shown.returncode == 0:
            saved = Path(tempfile.mkdtemp()) / f"reference_{game}_bots.py"
            saved.write_text(shown.stdout, encoding="utf-8")
            spec = importlib.util.spec_from_file_location(saved.stem, saved)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        _reference[game] = module
    return _reference[game]


def players_of(game: str) -> list[str]:
    engine = registry.get(game)
    present = set(engine.levels) | {"random"} | ({"reference"} if reference_bots(game) else set())
    return [name for name in ORDER if name in present]


def decide(game: str, player: str, view: Any, legal: list[Any], rng: Rng, iterations: int | None) -> Any:
    engine = registry.get(game)
    if player == "random":
        return rng.choice(legal)
    if player == "reference":
        return reference_bots(game).choose(view, legal, rng)  # type: ignore[union-attr]
    if player == "normal":
        return engine.choose(view, legal, rng)
    if player == "strong" and iterations is not None:
        return engine.choose(view, legal, rng, player, Budget(iterations))
    return engine.choose(view, legal, rng, player)


def play(
    task: tuple[str, tuple[str, ...], int, int | None],
) -> tuple[tuple[str, ...], list[float], dict[str, list[float]]]:
    """One game with ``seating[s]`` at seat s; returns the seating, each seat's share of the win and
    each player's decision times (seconds, on the clock and in CPU time)."""
    game, seating, seed, iterations = task
    engine = registry.get(game)
    state = engine.new_game(len(seating), engine.make_options({}), seed)
    rng = Rng.from_seed(seed * 7919 + 13)
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(MAX_STEPS):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = min(seats)
        legal = engine.legal_actions(state, seat)
        start, cpu = time.perf_counter(), time.thread_time()
        action = decide(game, seating[seat], engine.view(state, seat), legal, rng, iterations)
        times[seating[seat]].append(time.perf_counter() - start)
        times[seating[seat] + " cpu"].append(time.thread_time() - cpu)
        state = engine.apply(state, seat, action).state
    outcome = engine.outcome(state)
    shares = [0.0] * len(seating)
    if outcome is not None and outcome.winners:
        for seat in outcome.winners:
            shares[seat] = 1.0 / len(outcome.winners)
    return seating, shares, dict(times)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def tables(game: str, players: int, games: int, only: list[str] | None) -> list[tuple[str, tuple[str, ...], int]]:
    """(whose figure, seating, seed) for every game to play."""
    names = players_of(game)
    chosen = [n for n in names if only is None or n in only]
    engine = registry.get(game)
    found = []
    if engine.max_players == 1:
        for name in chosen:
            found += [(name, (name,), seed) for seed in range(games)]
    elif players == 2:
        for a, b in combinations(chosen, 2):
            found += [(f"{a}|{b}", (a, b) if seed % 2 == 0 else (b, a), seed) for seed in range(games)]
    else:
        ladder = [n for n in names if n != "reference"]  # the levels, then random
        for name in (n for n in chosen if n in ladder[:-1]):
            weaker = ladder[ladder.index(name) + 1 :] or ["random"]
            rivals = [weaker[k % len(weaker)] for k in range(players - 1)]
            for seed in range(games):
                seat = seed % players
                others = rivals[seed % len(rivals) :] + rivals[: seed % len(rivals)]
                found.append((name, tuple(others[:seat] + [name] + others[seat:]), seed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(registry.engines()))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--only", default=None, help="comma-separated players to include")
    args = parser.parse_args()
    engine = registry.get(args.game)
    players = 1 if engine.max_players == 1 else args.players
    if not engine.min_players <= players <= engine.max_players:
        sys.exit(f"{args.game} is for {engine.min_players} to {engine.max_players} players")
    only = args.only.split(",") if args.only else None
    todo = tables(args.game, players, args.games, only)
    print(f"{args.game}: {len(todo)} games, {players} players a table, players {', '.join(players_of(args.game))}")
    results: dict[str, list[float]] = defaultdict(list)  # figure -> the first-named player's shares
    times: dict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        tasks = [(args.game, seating, seed, args.iterations) for _, seating, seed in todo]
        for done, ((figure, _, _), (seating, shares, spent)) in enumerate(
            zip(todo, pool.imap(play, tasks, chunksize=4))
        ):
            if done % max(1, len(todo) // 10) == 0:
                print(
                    f"... {done}/{len(todo)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True
                )
            first = figure.split("|")[0]
            results[figure].append(sum(s for name, s in zip(seating, shares) if name == first))
            for name, samples in spent.items():
                times[name] += samples
    report(results, times, players)
    print(f"({time.perf_counter() - started:.0f} s with {args.workers} workers)")


def report(results: dict[str, list[float]], times: dict[str, list[float]], players: int) -> None:
    for figure, shares in results.items():
        wins, games = sum(shares), len(shares)
        low, high = wilson(wins, games)
        if "|" in figure:
            a, b = figure.split("|")
            print(f"{a:>9} vs {b:<9}: {a} wins {wins / games:6.1%} [95% {low:.1%}-{high:.1%}] over {games} games")
        elif players > 1:
            print(
                f"{figure:>9} against weaker ones: win share {wins / games:6.1%} [95% {low:.1%}-{high:.1%}] "
                f"(fair {1 / players:.1%}) over {games} games"
            )
        else:
            print(f"{figure:>9}: wins {wins / games:6.1%} [95% {low:.1%}-{high:.1%}] over {games} games")
    for name in ORDER:
        if times.get(name):
            p50, p99 = percentiles(times[name])
            cpu50, cpu99 = percentiles(times[name + " cpu"])
            print(
                f"{name:>9} decision: p50 {p50 * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms over {len(times[name])} decisions "
                f"(CPU time: p50 {cpu50 * 1e3:.2f} ms, p99 {cpu99 * 1e3:.2f} ms)"
            )


if __name__ == "__main__":
    main()
