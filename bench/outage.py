"""A PostgreSQL restart under the session service and the shard lease (not part of the test run).

On a throwaway local server (PostgreSQL 15 installed), stopped as a restart stops it then
started again, with the bot's own timings:

1. how soon a click gets its "try again" answer while the server is down;
2. from the server's return (ready for connections), how soon the next click is applied;
3. how soon the shard lease is held again, renewed every ``RENEW_EVERY`` seconds.

Run: .venv/bin/python bench/outage.py
"""

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.sessions import SessionService
from bot.shard_leases import RENEW_EVERY, ShardLeases
from bot.storage import DatabaseUnreachable, PostgresStorage, Shards
from tests.bot.pg_cluster import Cluster

ROUNDS = 5


async def click(service: SessionService, sid: int) -> None:
    """The player to act plays their first legal action, as the UI does."""
    async with service.lock(sid):
        record = await service.get(sid)
        engine, state = service.engine(record), service.state(record)
        seat = min(engine.to_act(state))
        token = engine.legal_actions(state, seat)[0].token()
        await service.act(sid, record.seats[seat].user_id or 0, record.version, token)


async def rounds(cluster: Cluster) -> list[tuple[float, float, float]]:
    service = SessionService(PostgresStorage(cluster.url(), pool_size=3))
    await service.storage.open()
    leases = ShardLeases(service.storage, Shards())
    await leases.wait_for_them(print)
    keeper = asyncio.create_task(leases.keep())
    record = await service.open_lobby("fortissimo", 1, 10, 1, "ann", {}, seed=7)
    await service.join(record.id, 2, "ben")
    await service.start(record.id, 1)
    figures = []
    for _ in range(ROUNDS):
        await click(service, record.id)
        cluster.halt()
        began = time.perf_counter()
        try:
            await click(service, record.id)
        except DatabaseUnreachable:
            refused = time.perf_counter() - began
        else:
            raise SystemExit("a click was applied while the server was down")
        await asyncio.sleep(RENEW_EVERY + 1)  # the keeper finds the server gone
        cluster.resume()
        back = time.perf_counter()
        await click(service, record.id)
        served = time.perf_counter() - back
        while leases.lost_since is not None:
            await asyncio.sleep(0.01)
        figures.append((refused, served, time.perf_counter() - back))
    keeper.cancel()
    await service.storage.close()
    return figures


def main() -> None:
    cluster = Cluster().start()
    try:
        figures = asyncio.run(rounds(cluster))
    finally:
        cluster.stop()
    refused, served, leased = (statistics.median(column) for column in zip(*figures, strict=True))
    print(f"A PostgreSQL restart, {ROUNDS} times (medians):")
    print(f"1. a click while the server is down, refused as an outage ('try again') in {refused * 1000:7.1f} ms")
    print(f"2. the first click after the server's return, applied in                 {served * 1000:7.1f} ms")
    print(f"3. the shard lease held again after the return, in  {leased:5.2f} s (renewed every {RENEW_EVERY:.0f} s)")


if __name__ == "__main__":
    main()
