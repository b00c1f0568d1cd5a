"""Replay page figures (not part of the test run): the time to build the page of the longest games
and its size, against Discord's upload limit (10 MiB for a bot on a server without boosts).

For each title, seeded games between computer players are played to the end (Easy players for
Fireship over 99 rounds and for Fort Boyard at six: beginners make the longest games); the longest
finished one is stored as the bot stores a game, then its page is built as ``/replay`` builds it.

Run: .venv/bin/python bench/replay_page.py [seeds]
"""

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import replay_page
from bot.storage import ActionRecord, Seat, SessionRecord
from bot.ui.game_ui import GameUI
from cogs.fireship.board import FireshipUI
from cogs.fortboyard.board import FortBoyardUI
from cogs.forteresse.board import ForteresseUI
from cogs.fortissimo.board import FortissimoUI
from cogs.labyrinthe.board import LabyrintheUI
from games.core import Level, Rng, registry

UIS: dict[str, GameUI] = {
    ui.game: ui for ui in (FortissimoUI(), ForteresseUI(), LabyrintheUI(), FireshipUI(), FortBoyardUI())
}
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
MAX_ACTIONS = 30_000
# title, seats, options, the computer players' level
LONG_GAMES: list[tuple[str, int, dict[str, Any], Level]] = [
    ("fireship", 4, {"rounds": 99}, "easy"),
    ("fireship", 4, {}, "normal"),
    ("fortboyard", 6, {}, "easy"),
    ("labyrinthe", 4, {}, "normal"),  # two Easy players' duel repeats the same signs for ever
    ("fortissimo", 4, {"variant": "advanced"}, "easy"),
    ("forteresse", 1, {}, "normal"),
]


def stored_game(
    game: str, seats: int, seed: int, options: dict[str, Any], level: Level = "normal", computers: tuple[int, ...] = ()
) -> tuple[SessionRecord, list[ActionRecord]]:
    """A whole game between the engine's computer players (the lowest seat to act first), as the bot
    stores it: the record, finished, and the action log. Seats in ``computers`` are computer
    players; the others are named people."""
    engine = registry.get(game)
    state = engine.new_game(seats, engine.make_options(options), seed)
    rng = Rng.from_seed(seed)
    log: list[ActionRecord] = []
    while not engine.is_over(state) and len(log) < MAX_ACTIONS:
        seat = min(engine.to_act(state))
        action = engine.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng, level)
        state = engine.apply(state, seat, action).state
        user = None if seat in computers else 1000 + seat
        log.append(
            ActionRecord(session_id=41, seq=len(log) + 1, seat=seat, user_id=user, token=action.token(), created_at=0)
        )
    players = [
        Seat(user_id=None, name="", level=level) if seat in computers else Seat(user_id=1000 + seat, name=NAMES[seat])
        for seat in range(seats)
    ]
    record = SessionRecord(
        id=41,
        game=game,
        guild_id=1,
        lobby_channel_id=2,
        channel_id=3,
        host_id=1000,
        status="finished",
        seats=players,
        options=options,
        seed=seed,
        version=len(log),
        state=engine.dump(state),
        created_at=0,
        updated_at=0,
    )
    return record, log


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    limit = replay_page.UPLOAD_LIMIT
    print(f"The longest of {seeds} seeded games per line; Discord's limit: {limit / 2**20:.0f} MiB")
    for game, seats, options, level in LONG_GAMES:
        games = [stored_game(game, seats, seed, options, level) for seed in range(seeds)]
        finished = [(record, log) for record, log in games if len(log) < MAX_ACTIONS]
        record, log = max(finished, key=lambda found: len(found[1]))
        start = time.perf_counter()
        page = replay_page.build(record, log, UIS[game], "en")
        seconds = time.perf_counter() - start
        shown = ", ".join(f"{key} {value}" for key, value in options.items())
        pictures = {0: "no pictures", 1: "a picture each step"}.get(page.every, f"a picture every {page.every} steps")
        print(
            f"{game:<10} {seats} seat{'s' if seats > 1 else ''}{', ' + shown if shown else ''}, {level}, "
            f"seed {record.seed}: "
            f"{len(log)} actions, {page.steps} steps; built in {seconds:.1f} s; "
            f"{len(page.html) / 2**20:.2f} MiB ({100 * len(page.html) / limit:.0f}% of the limit), {pictures}"
        )


if __name__ == "__main__":
    main()
