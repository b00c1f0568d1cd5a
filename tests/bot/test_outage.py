"""A database outage is a pause, not an end: ``python -m bot``'s ``run`` over SimCord, its database
stopped (PostgreSQL) or locked (SQLite) under it, then back.

The outages here last far longer than a shard lease in the clocks that count: the leases' (the
clock ``run`` is given) and SimCord's (the timers'); the server itself stays down for as long as
the test takes to click through it.
"""

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.__main__ import run
from bot.app import GameBot
from bot.config import Settings
from bot.i18n import t
from bot.sessions import ComputerTurn
from bot.shard_leases import LEASE_SECONDS, ShardLeases
from bot.storage import DatabaseUnreachable, PostgresStorage, SessionRecord, Shards
from bot.storage.postgres import WAKE_CHANNEL
from bot.ui.computer_turns import OUTAGE_RETRY
from bot.ui.timekeeper import OUTAGE_NAP
from tests.bot.conftest import new_database
from tests.bot.pg_cluster import Cluster, ClusterError
from tests.bot.test_multiprocess import Clock
from tests.conftest import set_locale
from tests.discord.driver import (
    Driver,
    board_messages,
    bot_messages,
    custom_ids,
    game_state,
    open_table,
    play_channel,
    session,
)

OUTAGE = 150.0  # seconds in the leases' and the timers' clocks: the lease lasts LEASE_SECONDS


@pytest.fixture(scope="module")
def module_cluster() -> Iterator[Cluster]:
    """A server of this module's own, which its tests stop and start again."""
    cluster = Cluster()
    try:
        cluster.start()
    except ClusterError as error:
        cluster.stop()
        pytest.fail(str(error), pytrace=False)
    yield cluster
    cluster.stop()


@pytest.fixture
def own_cluster(module_cluster: Cluster) -> Iterator[Cluster]:
    """That server, running again after each test however the test ended."""
    yield module_cluster
    if not module_cluster.running:
        module_cluster.resume()


@pytest.fixture
def quick_leases(monkeypatch: pytest.MonkeyPatch) -> list[ShardLeases]:
    """Renewals and a standby's looks at once (the tests move the leases' clock themselves); the
    leases ``python -m bot`` takes, to look at."""
    monkeypatch.setattr("bot.shard_leases.RENEW_EVERY", 0.01)
    monkeypatch.setattr("bot.shard_leases.RETRY_EVERY", 0.01)
    made: list[ShardLeases] = []

    class Watched(ShardLeases):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr("bot.__main__.ShardLeases", Watched)
    return made


async def until(done: Callable[[], bool]) -> None:
    """Until a background task has done something (at most 10 s)."""
    for _ in range(1000):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not done in time")


def texts(channel, env) -> list[str]:
    return [m.content for m in bot_messages(channel, env) if m.content]


def settings(url: str) -> Settings:
    return Settings(discord_token="test", database_url=url, database_pool_size=3, computer_pause_ms=0)


async def test_a_database_stopped_for_longer_than_the_lease_is_a_pause(
    own_cluster: Cluster, quick_leases: list[ShardLeases], caplog: pytest.LogCaptureFixture
) -> None:
    """Clicks and commands during the outage get the try-again answer in their user's language and
    change nothing; the timers wait; once the server is back, the same process takes its lapsed
    lease back, says how long the database was gone, times the late turn out once and applies the
    next click, on connections opened again."""
    caplog.set_level(logging.INFO)
    clock = Clock()
    checked: list[bool] = []

    async def start(bot: GameBot) -> None:
        async with simcord.run(bot) as env:
            guild = env.create_guild(preferred_locale="en-US")
            channel = guild.create_text_channel("games")
            ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
            set_locale(ben, "fr")
            record, _ = await open_table(env, channel, ann, [ben], first_player="lobby", turn_clock=2)
            thread = play_channel(env, channel, record)
            driver = Driver(env, thread, [ann, ben], record.id)
            await driver.play_turn()
            before = await session(env, record.id)
            logged = [(a.seq, a.user_id, a.token) for a in await bot.storage.actions(record.id)]
            boards = [(m.id, m.content, custom_ids(m)) for m in board_messages(thread, env)]
            state = game_state(env, before)
            to_act = driver.actor(before.seats[state.current].user_id)
            other = ben if to_act is ann else ann
            flip = next(
                (m, c.custom_id)
                for m in board_messages(thread, env)
                for row in m.components
                for c in row.children
                if c.custom_id.startswith(f"g:fortissimo:{record.id}:{before.version}:f") and not c.disabled
            )
            asked: list[float] = []  # the times at which the leases were asked for
            take_shards = bot.storage.take_shards

            async def asking(shards: Shards, owner: str, now: float, until: float) -> list[int]:
                asked.append(now)
                return await take_shards(shards, owner, now, until)

            bot.storage.take_shards = asking  # type: ignore[method-assign]

            await asyncio.to_thread(own_cluster.halt)
            answers = {}
            for member in (to_act, other):
                result = await member.click(flip[0], custom_id=flip[1])
                assert result.ephemeral
                answers[member.name] = result.response.content
            status = await ann.slash(thread, "fortissimo status")
            assert status.ephemeral
            # (the command's error, answered by the bot, is one SimCord records)
            assert [type(error.__cause__) for error in env.errors] == [DatabaseUnreachable]
            assert answers == {"ann": t("en", "error.database"), "ben": t("fr", "error.database")}
            assert answers["ben"] == (
                "La base de données du bot est injoignable pour l'instant\u00a0: rien n'a été perdu, réessayez dans"
                " un moment."
            )
            assert status.response.content == t("en", "error.database")
            assert [(m.id, m.content, custom_ids(m)) for m in board_messages(thread, env)] == boards

            went = clock.now
            clock.now += OUTAGE
            await env.advance_time(OUTAGE)  # the turn's two minutes run out meanwhile
            await until(lambda: any(now >= went + OUTAGE for now in asked))  # asked for again, in vain
            assert quick_leases[0].held_until <= went + LEASE_SECONDS < clock.now  # lapsed
            assert not bot.is_closed()
            assert not any("ran out of time" in text for text in texts(thread, env))

            own_cluster.resume()  # from this thread: the server quits with the thread that starts it
            await until(lambda: quick_leases[0].held_until > went + OUTAGE)  # taken back
            await env.advance_time(OUTAGE_NAP)  # the clock looks again
            late = t("en", "clock.timed_out", player=to_act.name, missed=1, allowed=3)
            assert sum(text == late for text in texts(thread, env)) == 1
            after = await session(env, record.id)
            actions = [(a.seq, a.user_id, a.token) for a in await bot.storage.actions(record.id)]
            assert actions[: len(logged)] == logged  # what was saved stays, and only the computer played
            assert after.version > before.version and all(user is None for _, user, _ in actions[len(logged) :])
            await driver.play_turn()  # the next click is applied
            assert not bot.is_closed()
            checked.append(True)

    assert await run(settings(await new_database(own_cluster)), start, clock) == 0
    assert checked == [True]
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("bot")]
    lost = [line for line in lines if line.startswith("lost the database")]
    assert len(lost) == 2 and lost[0].endswith("): requests are answered “try again” until it is back")
    gone = re.fullmatch(r"lost the database for (\d+) s; it answers again", lost[1])
    assert gone is not None and int(gone[1]) >= OUTAGE
    assert not any("taken over" in line for line in lines)


class Cable:
    """One process's way to the server, which the test cuts (its connections dropped, new ones
    refused) and mends: a network outage of that process alone."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = 0
        self._server: asyncio.Server | None = None
        self._ends: set[asyncio.StreamWriter] = set()

    async def mend(self) -> None:
        self._server = await asyncio.start_server(self._link, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def cut(self) -> None:
        assert self._server is not None
        self._server.close()
        for end in self._ends:
            end.transport.abort()
        self._ends.clear()

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._ends |= {writer, up_writer}

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except OSError:
                pass
            finally:
                sink.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


@pytest.fixture
async def cable(own_cluster: Cluster) -> AsyncIterator[Cable]:
    cable = Cable(own_cluster.port)
    await cable.mend()
    yield cable
    await cable.cut()


async def test_a_process_whose_shards_another_took_over_meanwhile_stands_by(
    own_cluster: Cluster,
    cable: Cable,
    quick_leases: list[ShardLeases],
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Cut off from the database for longer than its lease while another process reaches it, a
    process whose shards that other took over says so once the database answers again, and waits
    as a standby; it serves again once they are free."""
    url = await new_database(own_cluster)
    clock = Clock()
    other = ShardLeases(PostgresStorage(url, pool_size=1), Shards(), clock)
    await other.storage.open()
    bots: list[GameBot] = []

    async def start(bot: GameBot) -> None:
        bots.append(bot)
        async with simcord.run(bot) as env:
            if len(bots) > 1:  # serving again: a new table opens
                guild = env.create_guild(preferred_locale="en-US")
                channel = guild.create_text_channel("games")
                ann = guild.add_member(env.create_user("ann"))
                assert not (await ann.slash(channel, "fortissimo start")).ephemeral
                return
            await cable.cut()
            await until(lambda: quick_leases[0].lost_since is not None)
            clock.now += OUTAGE
            assert await other.take() == []  # the lease lapsed: the other process takes the shard
            await cable.mend()
            await until(bot.is_closed)

    serving = asyncio.create_task(run(settings(url.replace(f":{own_cluster.port}/", f":{cable.port}/")), start, clock))
    try:
        await until(lambda: "Shard 0 is already served" in capsys.readouterr().err)
        assert len(bots) == 1 and bots[0].is_closed() and not serving.done()
        lines = [r.getMessage() for r in caplog.records if r.name.startswith("bot")]
        assert "shard 0 taken over by another process: standing by until free again" in lines
        await other.release()  # the other process stops
        assert await asyncio.wait_for(serving, 10) == 0
        assert len(bots) == 2
    finally:
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)
        await other.storage.close()


async def test_another_processs_wake_up_calls_are_heard_again_after_a_restart(
    own_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection that listens for other processes' wake-up calls goes with the server; it
    listens again once the server is back, and wakes the clock at once for the calls it missed."""
    monkeypatch.setattr("bot.storage.postgres.LISTEN_AGAIN", 0.01)
    url = await new_database(own_cluster)
    listening, calling = PostgresStorage(url, pool_size=1), PostgresStorage(url, pool_size=1)
    heard: list[float] = []
    listening.watch(heard.append)
    await listening.open()
    try:
        await asyncio.to_thread(own_cluster.halt)
        own_cluster.resume()  # from this thread: the server quits with the thread that starts it
        await until(lambda: heard == [0.0])  # calls were missed: look at the times now
        await calling.open()
        async with calling.pool.acquire() as conn:  # what another process's save with a wake-up time sends
            await conn.execute("SELECT pg_notify($1, $2)", WAKE_CHANNEL, "1750000100.0")
        await until(lambda: heard == [0.0, 1_750_000_100.0])
    finally:
        await listening.close()
        await calling.close()


async def test_a_locked_sqlite_file_during_a_click_is_a_pause(env, db_path: Path) -> None:
    """Another program holds the SQLite file's write lock during a click: the click gets the try-again
    answer and changes nothing; once the lock is gone, the same click is applied."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, _ = await open_table(env, channel, ann, [ben], first_player="lobby")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    await driver.play_turn()
    before = await session(env, record.id)
    boards = [(m.id, m.content, custom_ids(m)) for m in board_messages(thread, env)]
    state = game_state(env, before)
    to_act = driver.actor(before.seats[state.current].user_id)
    message, custom_id = next(
        (m, c.custom_id)
        for m in board_messages(thread, env)
        for row in m.components
        for c in row.children
        if c.custom_id.startswith(f"g:fortissimo:{record.id}:{before.version}:f") and not c.disabled
    )

    other_program = sqlite3.connect(db_path, isolation_level=None)
    try:
        other_program.execute("BEGIN IMMEDIATE")  # holds the write lock
        result = await to_act.click(message, custom_id=custom_id)
        assert result.ephemeral and result.response.content == t("en", "error.database")
        other_program.execute("ROLLBACK")
    finally:
        other_program.close()
    assert await session(env, record.id) == before
    assert [(m.id, m.content, custom_ids(m)) for m in board_messages(thread, env)] == boards
    result = await to_act.click(message, custom_id=custom_id)
    assert not result.ephemeral
    assert (await session(env, record.id)).version == before.version + 1


@pytest.fixture(autouse=True)
def _short_busy_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A locked SQLite file is waited for a moment only here (set before the bot opens it)."""
    monkeypatch.setattr("bot.storage.sqlite.BUSY_SECONDS", 0.05)


async def test_computers_whose_turn_meets_a_locked_file_play_it_once_it_is_free(
    env, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A computer's turn that cannot be saved (another program holds the file's write lock) is
    tried again a few seconds later, and played once."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record, _ = await open_table(env, channel, ann, computers=1, first_player="lobby")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann], record.id)
    state = game_state(env, record)
    assert record.seats[state.current].user_id == ann.id
    other_program = sqlite3.connect(db_path, isolation_level=None)
    tried: list[int] = []
    play_turn = env.bot.service.play_turn

    async def locked_once(session_id: int, turn: ComputerTurn) -> SessionRecord:
        if len(tried) < 2:  # the other program's lock, then none (a turn is saved move by move)
            other_program.execute("ROLLBACK" if tried else "BEGIN IMMEDIATE")
        tried.append(turn.version)
        return await play_turn(session_id, turn)

    env.bot.service.play_turn = locked_once  # type: ignore[method-assign]
    try:
        await driver.play_turn()
        before = await session(env, record.id)
        await env.advance_time(OUTAGE_RETRY)
    finally:
        other_program.close()
    assert tried[:2] == [before.version, before.version]  # the same turn, saved the second time
    after = await session(env, record.id)
    played = [a for a in await env.bot.storage.actions(record.id) if a.seq > before.version]
    assert after.version > before.version and played and all(a.user_id is None for a in played)
    assert record.seats[game_state(env, after).current].user_id == ann.id  # ann's turn again
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
