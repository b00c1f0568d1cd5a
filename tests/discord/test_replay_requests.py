"""Replay requests under load: pages are built in worker processes the bot owns, so another table's
click is applied and its picture drawn while pages build; a person has one request under way at a
time, and the builder's line is bounded: a request beyond either is answered at once, privately,
in one sentence."""

import asyncio
from typing import Any

import pytest
from simcord import Env, InteractionResult

from bot import worker_process
from bot.replay_builder import PageBuilder
from bot.storage import SessionRecord
from tests.conftest import set_locale
from tests.discord.driver import at_once, custom_ids, items, open_game_table, session
from tests.discord.forteresse_driver import message
from tests.discord.test_replay import play_whole_game

pytestmark = pytest.mark.simcord(settle_timeout=30)  # real builds, on a machine that may be busy


def answered_with_page(result: InteractionResult) -> bool:
    return result.ephemeral and result.response is not None and len(result.response.attachments) == 2


def said(result: InteractionResult) -> str:
    """A private answer in words, with no file."""
    assert result.ephemeral and result.response is not None and not result.response.attachments
    return result.response.content


async def test_a_second_request_while_the_first_builds_is_answered_at_once(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    record, _ = await play_whole_game(env, "fortissimo", channel, ann)
    builds = []
    start = PageBuilder.start

    def counted(builder: PageBuilder, *args: Any) -> Any:
        builds.append(args[0].id)
        return start(builder, *args)

    monkeypatch.setattr(PageBuilder, "start", counted)
    first, second = await at_once(
        env,
        lambda: ann.slash(channel, "replay", number=record.id),
        lambda: ann.slash(channel, "replay", number=record.id),
    )
    (page,) = [r for r in (first, second) if answered_with_page(r)]
    (refused,) = [r for r in (first, second) if r is not page]
    assert said(refused) == "Your last replay request is still being prepared: ask again once it has arrived."
    # Once it has arrived, she may ask again: the page just built is served from the bot's cache.
    assert answered_with_page(await ann.slash(channel, "replay", number=record.id))
    assert builds == [record.id]


async def test_a_request_beyond_the_builders_line_is_told_how_many_are_ahead(env: Env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, zoe = guild.add_member(env.create_user("ann")), guild.add_member(env.create_user("zoe"))
    set_locale(zoe, "fr")
    record, _ = await play_whole_game(env, "fortissimo", channel, ann)
    builder = env.bot.replay_builder
    builder.at_once, builder.waiting = 1, 0  # a builder with room for one page only
    # The same game in two languages: two pages to build.
    first, second = await at_once(
        env,
        lambda: ann.slash(channel, "replay", number=record.id),
        lambda: zoe.slash(channel, "replay", number=record.id),
    )
    (built,) = [r for r in (first, second) if answered_with_page(r)]
    refused = second if built is first else first
    told = {
        "ann": "1 replay page is being built or waiting ahead of yours: please ask again in a minute.",
        "zoe": "1 page de partie est en préparation ou en attente avant la vôtre\u00a0: redemandez dans une minute,"
        " s'il vous plaît.",
    }
    assert said(refused) == told["ann" if refused is first else "zoe"]
    assert builder.queued == 0


def offered(shown: Any, record: SessionRecord, tokens: list[str]) -> str:
    """The custom id of a board button that plays one of ``tokens``."""
    for token in tokens:
        for version in (record.version, 0):
            found = f"g:labyrinthe:{record.id}:{version}:{token}"
            if found in custom_ids(shown) and not next(i for i in items(shown) if i.custom_id == found).disabled:
                return found
    raise AssertionError(f"the board offers none of {tokens}")


async def until(check: Any) -> None:
    """Until ``check()`` is true (the bot works meanwhile), a minute at most."""

    async def poll() -> None:
        while not await check():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), 60)


async def test_another_tables_picture_is_drawn_while_pages_build(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two pages are under way in worker processes (their answers held back until the click is
    shown); meanwhile a click at a Labyrinthe table is applied and its board's picture drawn again."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, zoe = guild.add_member(env.create_user("ann")), guild.add_member(env.create_user("zoe"))
    bea, cal = guild.add_member(env.create_user("bea")), guild.add_member(env.create_user("cal"))
    set_locale(zoe, "fr")
    done, _ = await play_whole_game(env, "fortissimo", channel, ann)
    table, thread, _ = await open_game_table(env, guild.create_text_channel("maze"), "labyrinthe", bea, [cal])
    shown = message(env, thread, table.board_message_ids[-1])
    assert shown.attachments, "the Labyrinthe board has a picture"

    released = asyncio.Event()
    receive = worker_process.WorkerProcess.receive

    async def held(worker: Any, seconds: float) -> Any:
        await released.wait()
        return await receive(worker, seconds)

    monkeypatch.setattr(worker_process.WorkerProcess, "receive", held)
    settle = env._settle_internal

    async def later(**_: Any) -> None:
        return None

    env._settle_internal = later  # type: ignore[method-assign]  # the requests do not wait for the pages
    try:
        asks = [await who.slash(channel, "replay", number=done.id) for who in (ann, zoe)]
        builder = env.bot.replay_builder

        async def building() -> bool:
            return len(builder.pids) == 2

        await until(building)
        state = env.bot.service.state(table)
        seat = min(env.bot.service.engine(table).to_act(state))
        player = bea if table.seats[seat].user_id == bea.id else cal
        legal = [action.token() for action in env.bot.service.engine(table).legal_actions(state, seat)]
        before = shown.attachments[0].id
        await player.click(shown, custom_id=offered(shown, table, legal))

        async def drawn() -> bool:
            now = message(env, thread, table.board_message_ids[-1])
            return (await session(env, table.id)).version > table.version and now.attachments[0].id != before

        await until(drawn)
        assert len(builder.pids) == 2 and not any(answered_with_page(ask) for ask in asks)
    finally:
        released.set()
        env._settle_internal = settle  # type: ignore[method-assign]
    await env.settle()
    assert all(answered_with_page(ask) for ask in asks)
    assert not env.bot.replay_builder.pids
