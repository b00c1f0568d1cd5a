"""Storage figures, SQLite beside PostgreSQL (not part of the test run).

1. A save (a game's new state and its log line, one transaction): p50 and p99 in ms.
2. Clicks per second through the session service (lock, load, apply, commit), with one
   and with two OS processes on one PostgreSQL database: each on its own games, and both
   on the same games (there, one click of two is refused as stale, as a user would see).

PostgreSQL: the server of DATABASE_URL (its database must be empty or hold only these
figures' games), else a throwaway local server (PostgreSQL 15 installed).
Run: .venv/bin/python bench/storage.py [seconds per click figure]
"""

import asyncio
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.run import percentiles
from bot.errors import StaleBoard
from bot.sessions import SessionService
from bot.storage import ActionRecord, PostgresStorage, SqliteStorage, Storage

SAVES = 500
GAMES = 16


async def new_game(service: SessionService, seed: int) -> int:
    record = await service.open_lobby("fortissimo", 1, 10, 1, "ann", {}, seed=seed)
    await service.join(record.id, 2, "ben")
    await service.start(record.id, 1)
    return record.id


async def save_times(storage: Storage) -> list[float]:
    """SAVES saves of one running game's record, each with one log line."""
    service = SessionService(storage)
    record = await service.get(await new_game(service, 7))
    times = []
    for _ in range(SAVES):
        old = record.version
        record.version += 1
        log = ActionRecord(session_id=record.id, seq=record.version, seat=0, user_id=1, token="fA1", created_at=0.0)
        start = time.perf_counter()
        await storage.save(record, old, [log])
        times.append(time.perf_counter() - start)
    return times


async def click(service: SessionService, sid: int) -> bool:
    """The player to act clicks their first legal action on the board as they see it (the
    version read before the lock, as a button carries it); False when refused as stale."""
    record = await service.get(sid)
    if record.status != "active":
        return False
    engine, state = service.engine(record), service.state(record)
    seat = min(engine.to_act(state))
    token = engine.legal_actions(state, seat)[0].token()
    try:
        async with service.lock(sid):
            await service.act(sid, record.seats[seat].user_id or 0, record.version, token)
    except StaleBoard:
        return False
    return True


async def clicking(url: str, games: list[int], seconds: float, start_at: float) -> tuple[int, int]:
    """Clicks round the games for ``seconds``; (applied, refused). A finished game starts again."""
    service = SessionService(PostgresStorage(url, pool_size=4))
    await service.storage.open()
    await asyncio.sleep(max(0.0, start_at - time.time()))
    applied = refused = 0
    games = list(games)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for index, sid in enumerate(games):
            if (await service.get(sid)).status != "active":
                games[index] = sid = await new_game(service, sid)
            if await click(service, sid):
                applied += 1
            else:
                refused += 1
    await service.storage.close()
    return applied, refused


def _process(url: str, games: list[int], seconds: float, start_at: float, out: multiprocessing.Queue) -> None:
    out.put(asyncio.run(clicking(url, games, seconds, start_at)))


def clicks_per_second(url: str, shares: list[list[int]], seconds: float) -> tuple[float, float]:
    """One OS process per share of games, started together; (applied, refused) per second."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    start_at = time.time() + 3.0  # every process connected and warm by then
    workers = [context.Process(target=_process, args=(url, games, seconds, start_at, out)) for games in shares]
    for worker in workers:
        worker.start()
    results = [out.get() for _ in workers]
    for worker in workers:
        worker.join()
    return sum(a for a, _ in results) / seconds, sum(r for _, r in results) / seconds


async def prepare_games(url: str) -> list[int]:
    service = SessionService(PostgresStorage(url, pool_size=2))
    await service.storage.open()
    games = [await new_game(service, seed) for seed in range(GAMES)]
    await service.storage.close()
    return games


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    cluster = None
    url = os.environ.get("DATABASE_URL")
    if not url:
        from tests.bot.pg_cluster import Cluster

        cluster = Cluster(durable=True).start()  # fsync on, as SQLite's synchronous=FULL
        url = cluster.url()
    try:
        with tempfile.TemporaryDirectory() as folder:
            print(f"1. A save (state + one log line, one transaction), {SAVES} saves")
            backends = (("SQLite", SqliteStorage(Path(folder) / "db.sqlite3")), ("PostgreSQL", PostgresStorage(url)))
            for name, storage in backends:

                async def timed(storage: Storage = storage) -> list[float]:
                    await storage.open()
                    try:
                        return await save_times(storage)
                    finally:
                        await storage.close()

                p50, p99 = percentiles(asyncio.run(timed()))
                print(f"   {name:<11} p50 {p50 * 1000:6.2f} ms   p99 {p99 * 1000:6.2f} ms")
        games = asyncio.run(prepare_games(url))
        half = len(games) // 2
        print(f"2. Clicks through the session service on PostgreSQL, {len(games)} two-player games, {seconds:.0f} s")
        for label, shares in (
            ("1 process              ", [games]),
            ("2 processes, own games ", [games[:half], games[half:]]),
            ("2 processes, same games", [games, games[::-1]]),
        ):
            applied, refused = clicks_per_second(url, shares, seconds)
            print(f"   {label} {applied:7.0f} clicks/s applied   {refused:6.0f}/s refused as stale")
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
