"""Replay pages are built in worker processes (``bot.replay_builder``): the page and the public
record a worker builds are those this process would build; the worker exits once it has answered;
``close`` kills a worker in the middle of a build; a worker dies with its parent however it dies."""

import asyncio
import signal
import textwrap
from pathlib import Path

import pytest

from bot import replay_page
from bot.replay_builder import BuildFailed, PageBuilder, make
from tests.bot.test_search_pool import alive, assert_dies_with_its_parent
from tests.replay.games import UIS, finished

ROOT = Path(__file__).resolve().parents[2]


async def test_a_worker_builds_the_page_this_process_would_and_exits() -> None:
    builder = PageBuilder()
    record, log = finished("fortissimo")
    try:
        built = await builder.start(record, list(log), UIS["fortissimo"], "fr")
    finally:
        await builder.close()
    here = make(record, list(log), UIS["fortissimo"], "fr")
    assert built == here and built.public.startswith(replay_page.PUBLIC_HEADER)
    assert builder.pids == [] and builder.queued == 0


async def test_closing_the_builder_kills_a_worker_mid_build() -> None:
    builder = PageBuilder()
    record, log = finished("fireship")  # seconds of work
    building = builder.start(record, list(log), UIS["fireship"], "en")
    for _ in range(1000):  # until its worker is under way (a failed start ends the test, not hangs it)
        if builder.pids or building.done():
            break
        await asyncio.sleep(0.01)
    assert not building.done(), building.exception()
    (worker,) = builder.pids
    await asyncio.wait_for(builder.close(), 2)
    assert not alive(worker)
    with pytest.raises(BuildFailed):
        await building
    with pytest.raises(BuildFailed):  # a closed builder builds nothing
        await builder.start(record, list(log), UIS["fireship"], "en")


# A bot-like parent: a long page under way, its worker's pid printed; then it waits to be killed.
PARENT = textwrap.dedent(
    """
    import asyncio
    from bot.replay_builder import PageBuilder
    from tests.replay.games import UIS, finished

    async def main():
        builder = PageBuilder()
        record, log = finished("fireship")
        asyncio.ensure_future(builder.start(record, list(log), UIS["fireship"], "en"))
        while not builder.pids:
            await asyncio.sleep(0.01)
        print(builder.pids[0], flush=True)
        await asyncio.sleep(3600)

    asyncio.run(main())
    """
)


@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGTERM])
def test_a_worker_ends_within_two_seconds_of_its_parents_death(kill: int) -> None:
    assert_dies_with_its_parent(PARENT, kill)
