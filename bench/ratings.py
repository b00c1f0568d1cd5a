"""Rating figures, on SQLite (not part of the test run).

1. Saving a finished game's result: p50 and p99 in ms, a four-seat game that is rated
   beside the same save of a solitaire (not rated).
2. ``recompute_ratings`` over GAMES stored four-seat games of PLAYERS players: seconds.
3. Opening that file again, as the bot at start or ``recompute``: ms, of which the check that
   it is the bot's and whole (``PRAGMA quick_check``, reading every page) before anything is written.

Run: .venv/bin/python bench/ratings.py [games]
"""

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.run import percentiles
from bot.storage import GameResult, Seat, SeatResult, SessionRecord, SqliteStorage

GAMES = 10_000
PLAYERS = 200
SAVES = 300


async def finish(
    storage: SqliteStorage, people: list[int | None], game: str, ended: float, rng: random.Random
) -> float:
    """One finished game stored, its save timed (seconds)."""
    seats = [Seat(user_id=p, name=f"p{p}" if p else "", level=rng.choice(["easy", "normal", "strong"])) for p in people]
    record = await storage.create_session(
        SessionRecord(
            game=game,
            guild_id=1,
            lobby_channel_id=2,
            channel_id=2,
            host_id=1,
            status="active",
            seats=seats,
            seed=1,
            created_at=ended,
            updated_at=ended,
        )
    )
    places = list(range(1, len(seats) + 1))
    rng.shuffle(places)
    result = GameResult(
        session_id=record.id,
        game=game,
        guild_id=1,
        ending="finished",
        reason="bench",
        started_at=ended,
        ended_at=ended,
        seats=[
            SeatResult(seat=i, user_id=s.user_id, name=s.name, place=places[i], won=places[i] == 1)
            for i, s in enumerate(seats)
        ],
    )
    start = time.perf_counter()
    await storage.save(record.model_copy(update={"status": "finished", "version": 1}), 0, [], result)
    return time.perf_counter() - start


def table(rng: random.Random) -> list[int | None]:
    people: list[int | None] = rng.sample(range(1, PLAYERS + 1), rng.randint(1, 4))
    return people + [None] * (4 - len(people))  # computers fill the table


async def main(games: int) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        storage = SqliteStorage(path)
        await storage.open()
        rated = [await finish(storage, table(rng), "fortissimo", float(i), rng) for i in range(SAVES)]
        solitaire = [await finish(storage, [1], "forteresse", float(i), rng) for i in range(SAVES)]
        for label, times in (("rated four-seat game", rated), ("solitaire, not rated", solitaire)):
            p50, p99 = percentiles(times)
            print(f"save of a result, {label}: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms")
        for i in range(SAVES, games):
            await finish(storage, table(rng), "fortissimo", float(i), rng)
        start = time.perf_counter()
        counted, ratings = await storage.recompute_ratings()
        took = time.perf_counter() - start
        print(
            f"recompute: {counted:,} games, {ratings:,} ratings in {took:.2f} s ({took / counted * 1e6:.0f} µs a game)"
        )
        await storage.close()
        start = time.perf_counter()
        await storage.open(create=False)
        opened = time.perf_counter() - start
        await storage.close()
        start = time.perf_counter()
        storage._inspect(create=False)
        checked = time.perf_counter() - start
        size = path.stat().st_size / 1e6
        print(f"opening the {size:.1f} MB file: {opened * 1000:.0f} ms, of which the check {checked * 1000:.0f} ms")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES))
