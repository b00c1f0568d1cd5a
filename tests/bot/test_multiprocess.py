"""Several processes serving one bot on one PostgreSQL database, each played here by its
own SessionService and storage (its own connection pool): one click, one change; a
timer fires once; a dead process's locks and claims pass to another."""

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

from bot.app import GameBot, ShardedGameBot, create_bot
from bot.config import Settings
from bot.errors import StaleBoard
from bot.sessions import SessionService
from bot.storage import EVERY_SHARD, PostgresStorage, SessionRecord, Shards, TableClock
from bot.ui.timekeeper import CLAIM_SECONDS, Timekeeper
from tests.bot.test_sessions import started


class Clock:
    def __init__(self) -> None:
        self.now = 1_750_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def processes(pg_url: str) -> AsyncIterator[list[SessionService]]:
    """Two processes' session services on one database, on one shared clock."""
    clock = Clock()
    services = [SessionService(PostgresStorage(pg_url, pool_size=3), clock=clock) for _ in range(2)]
    for service in services:
        await service.storage.open()
    yield services
    for service in services:
        await service.storage.close()


async def click(service: SessionService, sid: int, version: int, token: str) -> SessionRecord:
    """A click of the host's on a board showing ``version``, as the UI handles it."""
    async with service.lock(sid):
        return await service.act(sid, 1, version, token)


async def test_one_click_in_two_processes_applies_once(processes: list[SessionService]) -> None:
    a, b = processes
    for game in range(5):
        sid = await started(a)
        version = (await b.get(sid)).version
        first, second = (a, b) if game % 2 else (b, a)
        clicks = (click(first, sid, version, "fA1"), click(second, sid, version, "fA2"))
        results = await asyncio.gather(*clicks, return_exceptions=True)
        applied = [r for r in results if isinstance(r, SessionRecord)]
        assert len(applied) == 1 and sum(isinstance(r, StaleBoard) for r in results) == 1, results
        assert [x.seq for x in await a.storage.actions(sid)] == [version + 1]
        assert (await a.get(sid)).version == applied[0].version


async def test_without_the_lock_the_version_check_still_refuses_the_second(processes: list[SessionService]) -> None:
    """Both load the same version and apply; the later commit is refused whole, as a stale board."""
    a, b = processes
    sid = await started(a)
    version = (await a.get(sid)).version
    results = await asyncio.gather(a.act(sid, 1, version, "fA1"), b.act(sid, 1, version, "fA2"), return_exceptions=True)
    assert sum(isinstance(r, SessionRecord) for r in results) == 1
    assert sum(isinstance(r, StaleBoard) for r in results) == 1
    assert len(await a.storage.actions(sid)) == 1


async def entered(service: SessionService, sid: int) -> None:
    async with service.lock(sid):
        await service.get(sid)  # the request's queries use the connection holding the lock


async def test_a_session_lock_holds_against_another_process_until_released(processes: list[SessionService]) -> None:
    a, b = processes
    sid, other = await started(a), await started(a)
    told: list[int] = []

    async def entered_telling(session_id: int) -> None:
        acknowledge = lambda: asyncio.sleep(0, told.append(session_id))  # noqa: E731 - a click's, here
        async with b.lock(session_id).holding(acknowledge):
            await b.get(session_id)

    async with a.lock(sid):
        waiting = asyncio.create_task(entered_telling(sid))
        await entered_telling(other)  # another table is not held up, and nothing to acknowledge
        await asyncio.sleep(0.2)
        assert not waiting.done() and told == [sid]
    await asyncio.wait_for(waiting, 5)
    assert told == [sid]


async def test_a_dead_processs_lock_goes_with_its_connection(processes: list[SessionService]) -> None:
    a, b = processes
    sid = await started(a)
    held = a.lock(sid)
    await held.__aenter__()
    a.storage.pool.terminate()  # the process is killed: its connections close
    await asyncio.wait_for(entered(b, sid), 5)


async def test_a_request_holding_every_connection_still_finishes(pg_url: str) -> None:
    """More tables busy at once than the pool has connections: each request runs its
    queries on the connection holding its lock, so none waits for a second one."""
    service = SessionService(PostgresStorage(pg_url, pool_size=2))
    await service.storage.open()
    sids = [await started(service) for _ in range(4)]

    async def click(sid: int) -> SessionRecord:
        async with service.lock(sid):
            record = await service.get(sid)
            return await service.act(sid, 1, record.version, "fA1")

    played = await asyncio.wait_for(asyncio.gather(*(click(sid) for sid in sids)), 10)
    assert [r.id for r in played] == sids
    await service.storage.close()


# -- timers ---------------------------------------------------------------------
class Channel:
    """What the timekeeper tells a game's channel, and which changes it shows."""

    def __init__(self, service: SessionService, shards: Shards = EVERY_SHARD) -> None:
        self.service = service
        self.shards = shards  # the tables of these shards' servers are this process's
        self.said: list[str] = []
        self.shown: list[int] = []
        self.uis = {"fortissimo": SimpleNamespace(title=lambda lang: "Fortissimo!")}

    async def public_language(self, guild_id: int | None) -> str:
        return "en"

    async def table_language(self, record: SessionRecord) -> str:
        return "en"

    async def channel(self, channel_id: int) -> "Channel":
        return self

    async def send(self, text: str, allowed_mentions: object = None) -> SimpleNamespace:
        self.said.append(text)
        return SimpleNamespace(id=len(self.said))  # the message

    async def post(self, channel_id: int, text: str, ping: object = ()) -> SimpleNamespace:
        return await self.send(text)

    async def post_notice(self, record: SessionRecord, seat: int, text: str, ping: bool = False) -> None:
        await self.send(text)  # the clock's message about a missed turn

    async def ping_turns(self, record: SessionRecord, told: object, by: int) -> None:
        """A reminder calls the player like a turn notification: nothing more to show here."""

    async def after_change(self, record: SessionRecord) -> None:
        self.shown.append(record.version)


async def timed_game(service: SessionService, guild_id: int = 1) -> int:
    record = await service.open_lobby(
        "fortissimo", guild_id, 10, 1, "host", {"first_player": "lobby"}, seed=3, clock=TableClock(turn_minutes=1)
    )
    await service.join(record.id, 2, "user2")
    await service.start(record.id, 1)
    return record.id


async def test_two_timekeepers_fire_a_timed_out_turn_once(processes: list[SessionService]) -> None:
    a, b = processes
    sid = await timed_game(a)
    before = await a.get(sid)
    channels = [Channel(a), Channel(b)]
    keepers = [Timekeeper(channel) for channel in channels]  # type: ignore[arg-type]
    a.clock.now += 61  # past the deadline of host's turn
    await asyncio.gather(*(keeper.tick() for keeper in keepers))
    said = [text for channel in channels for text in channel.said]
    assert said == ["⌛ host ran out of time: the computer played that turn. Missed turns in a row: 1 of 3."]  # once
    assert sum(len(channel.shown) for channel in channels) == 1
    after = await a.get(sid)
    assert after.seats[0].missed == 1
    assert len(await a.storage.actions(sid)) == after.version - before.version  # the turn, played once
    assert await a.replay(after) == a.state(after)
    # both even handle it at the same moment (a claim lapsed mid-way): the lock and the
    # stored deadline still let it fire once
    a.clock.now += 61
    await asyncio.gather(*(keeper.settle(sid) for keeper in keepers))
    assert sum(len(channel.said) for channel in channels) == 2


async def test_a_dead_processs_claim_lapses_and_another_takes_over(processes: list[SessionService]) -> None:
    a, b = processes
    sid = await timed_game(a)
    a.clock.now += 61
    dead = Timekeeper(Channel(a))  # type: ignore[arg-type]
    assert await a.storage.claim_due(a.clock(), a.clock() + CLAIM_SECONDS, dead.owner) == [sid]  # then it dies
    heir = Timekeeper(Channel(b))  # type: ignore[arg-type]
    await heir.tick()
    assert heir.tables.said == []  # the claim still holds
    assert await b.storage.next_wake() == a.clock() + CLAIM_SECONDS  # the heir wakes when it lapses
    a.clock.now += CLAIM_SECONDS
    await heir.tick()
    assert len(heir.tables.said) == 1 and (await b.get(sid)).seats[0].missed == 1


async def test_a_process_handles_only_its_shards_timers(processes: list[SessionService]) -> None:
    a, b = processes
    on_shard = {shard: await timed_game(a, guild_id=(5000 + shard) << 22) for shard in range(2)}
    a.clock.now += 61
    lower = Timekeeper(Channel(a, Shards(2, frozenset({0}))))  # type: ignore[arg-type]
    upper = Timekeeper(Channel(b, Shards(2, frozenset({1}))))  # type: ignore[arg-type]
    await lower.tick()
    assert (await a.get(on_shard[0])).seats[0].missed == 1
    assert (await a.get(on_shard[1])).seats[0].missed == 0  # not this process's server
    await upper.tick()
    assert (await a.get(on_shard[1])).seats[0].missed == 1


def test_shard_settings_make_a_sharded_bot(tmp_path) -> None:
    plain = create_bot(Settings(discord_token="x", database_path=tmp_path / "db"))
    assert type(plain) is GameBot and plain.timekeeper.shards == Shards()
    settings = Settings(discord_token="x", database_url="postgresql://bot@db/fortbot", shard_count=4, shard_ids=(2, 3))
    sharded = create_bot(settings)
    assert isinstance(sharded, ShardedGameBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])
    assert sharded.timekeeper.shards == Shards(4, frozenset({2, 3}))
    every = create_bot(Settings(discord_token="x", database_path=tmp_path / "db", shard_count=2))
    assert every.shard_ids is None and every.timekeeper.shards.owns(12345 << 22)
