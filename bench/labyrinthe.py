"""Le labyrinthe secret figures (not part of the test run).

1. Engine: ``apply`` + ``legal_actions`` per step, p50 and p99 in
   microseconds, over random and computer-player games (target p99 < 1 ms).
2. The computer player: time per decision, p50 and p99 in milliseconds (it
   runs inside a human's click when computers play next).
3. Games between computer players: turns to the end, duels per game, and
   how often the first player wins, per player count.

Run: .venv/bin/python bench/labyrinthe.py [games]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.run import percentiles, report_engine, timed_step
from games.core import Rng
from games.labyrinthe import ENGINE


def play(players: int, seed: int, computer: bool, steps: list[float], choices: list[float]) -> tuple[int, int, int]:
    """One game; returns (turns, duels, winner's place after the first player)."""
    state = ENGINE.new_game(players, ENGINE.make_options({}), seed)
    first = state.current
    rng = Rng.from_seed(seed)
    duels = 0
    while not ENGINE.is_over(state):
        seat = min(ENGINE.to_act(state))
        step = timed_step(ENGINE, state, seat, rng, computer, steps, choices)
        duels += any(e.kind == "revealed" and e.winner is not None for e in step.events)
        state = step.state
    winner = ENGINE.outcome(state).winners[0]
    return state.turn, duels, (winner - first) % players


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    steps: list[float] = []
    choices: list[float] = []
    for players in (2, 3, 4):
        turns, duels, first_wins = [], 0, 0
        for seed in range(games):
            t, d, place = play(players, seed, True, steps, choices)
            turns.append(t)
            duels += d
            first_wins += place == 0
        p50, p99 = percentiles(turns)
        print(
            f"{players} computer players, {games} games: turns (duel stages included) p50 {p50:.0f} p99 {p99:.0f}; "
            f"{duels / games:.1f} duels a game; first player wins {first_wins / games:.0%} "
            f"(even share {1 / players:.0%})"
        )
    for seed in range(games // 4):
        play(4, seed, False, steps, [])
    report_engine(steps, choices)


if __name__ == "__main__":
    main()
