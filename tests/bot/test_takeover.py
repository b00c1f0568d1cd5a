"""Take-over in SimCord: a bot process on PostgreSQL dies mid-game; another, started on the
same database, carries the game on, the buttons posted before included."""

from collections.abc import AsyncIterator

import pytest

from bot.app import GameBot
from bot.config import Settings
from tests.discord.driver import Driver, board_messages, check_log_and_replay, open_table, play_channel, session

_made: list[GameBot] = []


def process(url: str) -> GameBot:
    bot = GameBot(Settings(discord_token="test", database_url=url, database_pool_size=3))
    _made.append(bot)
    return bot


@pytest.fixture
async def simcord_bot(pg_url: str) -> AsyncIterator[GameBot]:
    """Overrides the SQLite bot of tests/conftest.py for this module."""
    yield process(pg_url)
    while _made:
        await _made.pop().storage.close()


async def test_another_process_takes_a_game_over_buttons_included(env, pg_url: str) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    record, _ = await open_table(env, channel, ann, [ben])
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    for _ in range(3):
        await driver.play_turn()
    before = await session(env, record.id)
    posted = [m.id for m in board_messages(thread, env)]

    env.bot.storage.pool.terminate()  # the first process dies: its connections go
    await env.restart_bot(process(pg_url))  # another one, on the same database

    assert await session(env, record.id) == before  # nothing lost, nothing played twice
    await driver.play_turn()  # on the buttons the first process posted
    assert [m.id for m in board_messages(thread, env)] == posted
    record = await driver.play_to_end()
    assert record.status == "finished"
    await check_log_and_replay(env, record, driver.tokens)
