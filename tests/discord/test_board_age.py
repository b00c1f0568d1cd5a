"""Discord refuses edits to messages older than an hour: the board is re-posted."""

from bot.ui.publishing import BOARD_MAX_AGE
from tests.discord.driver import board_messages, custom_ids, open_table, play_channel, session


async def test_an_old_board_is_posted_again_and_the_old_one_retired(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    record, _ = await open_table(env, channel, alice, [bob], first_player="lobby")
    thread = play_channel(env, channel, record)
    old_first, old_second = board_messages(thread, env)
    service = env.bot.service
    real_clock = service.clock
    service.clock = lambda: real_clock() + BOARD_MAX_AGE + 60  # an hour later

    flip = next(cid for cid in custom_ids(old_first) if cid.endswith(":fA1"))
    result = await alice.click(old_first, custom_id=flip)

    assert not result.ephemeral
    new_first, new_second = board_messages(thread, env)
    assert {new_first.id, new_second.id}.isdisjoint({old_first.id, old_second.id})
    assert "flips A1" in new_first.embeds[0].fields[-1].value
    retired = {m.id: m for m in thread.history() if m.id in (old_first.id, old_second.id)}
    assert all(not m.components for m in retired.values())
    record = await session(env, record.id)
    assert record.board_message_ids == [new_first.id, new_second.id]


async def test_the_bot_keeps_time_with_the_simulated_clock(env) -> None:
    """Stored times come from the clock SimCord advances, so timers can be tested without waiting."""
    before = env.bot.service.clock()
    await env.advance_time(3600)
    assert 3600 <= env.bot.service.clock() - before < 3601
