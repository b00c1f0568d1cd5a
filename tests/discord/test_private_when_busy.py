"""Private answers stay private whatever the timing: a command or a button that waits
behind another request on the same game (a click, a computer move, the clock, a picture
being drawn) is acknowledged privately, and its answer reaches only its user."""

import asyncio
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager

import pytest
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.storage import SessionRecord
from games.fortboyard import ENGINE
from games.fortboyard.models import Roll
from tests.discord.driver import at_once, bot_messages, custom_ids, open_game_table, play_channel
from tests.discord.fortboyard_driver import Driver as FortBoyardDriver

PRIVATE_COMMAND = {
    "forteresse": "forteresse hand",
    "fortboyard": "fortboyard codeword",
    "labyrinthe": "labyrinthe box",
    "fireship": "fireship cards",
}


@asynccontextmanager
async def busy(env: Env, session_id: int) -> AsyncIterator[None]:
    """The game is busy with another request for as long as this block runs."""
    async with env.bot.service.lock(session_id):
        yield


async def queued(env: Env, session_id: int, request: Awaitable[InteractionResult]) -> InteractionResult:
    """Send ``request`` while the game is busy; free the game once it waits; its result."""
    lock = env.bot.service.lock(session_id)
    await lock.acquire()
    task = asyncio.ensure_future(request)
    for _ in range(2000):  # until the request waits for the game (the database answers from a thread)
        if lock._waiters:
            break
        await asyncio.to_thread(lambda: None)
    assert lock._waiters, "the request never waited for the busy game"
    lock.release()
    return await task


def public_messages(env: Env, *places: ChannelHandle) -> list[int]:
    return [m.id for place in places for m in bot_messages(place, env) if not m.flags.ephemeral]


def assert_private(result: InteractionResult, clicked: bool = False) -> str:
    """Everything the request answered is ephemeral and not the "thinking…" placeholder; its text.
    A click (``clicked``) was only acknowledged: its answers are follow-ups, the response being
    the message clicked."""
    messages = result.followups if clicked else [m for m in [result.response, *result.followups] if m]
    assert messages, result
    assert (clicked or result.ephemeral) and all(m.ephemeral for m in messages), result
    text = "\n".join(
        part
        for m in messages
        for part in [
            m.content or "",
            *(e.description or "" for e in m.embeds),
            *(f.value for e in m.embeds for f in e.fields),
        ]
    )
    assert text.strip(), "the answer is empty"
    return text


async def table(env: Env, game: str) -> tuple[SessionRecord, ChannelHandle, ChannelHandle, list[MemberActor]]:
    """A running table of ``game`` with two people (one for the solitaire), in English."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben")]
    if game == "forteresse":
        result = await players[0].slash(channel, "forteresse start")
        assert not result.ephemeral
        (record,) = await env.bot.storage.find_sessions(game=game, channel_id=channel.id)
        return record, channel, play_channel(env, channel, record), players[:1]
    record, thread, _ = await open_game_table(env, channel, game, players[0], players[1:])
    return record, channel, thread, players


@pytest.mark.parametrize("game", sorted(PRIVATE_COMMAND))
async def test_private_command_sent_while_the_game_is_busy_stays_private(env, game) -> None:
    record, channel, thread, players = await table(env, game)
    before = public_messages(env, channel, thread)
    for n in range(10):  # ten times in each game, by each player in turn
        player = players[n % len(players)]
        result = await queued(env, record.id, player.slash(thread, PRIVATE_COMMAND[game]))
        assert_private(result)
    assert public_messages(env, channel, thread) == before  # nothing new for the table


@pytest.mark.parametrize("game", sorted(PRIVATE_COMMAND))
async def test_the_private_view_button_while_the_game_is_busy_answers_privately(env, game) -> None:
    record, channel, thread, players = await table(env, game)
    record = await env.bot.storage.get_session(record.id)
    board = [m for m in bot_messages(thread, env) if m.id in record.board_message_ids]
    (message,) = [m for m in board if f"p:{game}:{record.id}" in custom_ids(m)]
    before = public_messages(env, channel, thread)
    for player in players:
        result = await queued(env, record.id, player.click(message, custom_id=f"p:{game}:{record.id}"))
        assert_private(result, clicked=True)
    assert public_messages(env, channel, thread) == before


@pytest.mark.parametrize("game", ["fortissimo", *sorted(PRIVATE_COMMAND)])
async def test_shared_commands_while_the_game_is_busy_answer_privately(env, game) -> None:
    record, channel, thread, players = await table(env, game)
    host = players[0]
    before = public_messages(env, channel, thread)

    resumed = await queued(env, record.id, host.slash(thread, f"{game} resume"))
    assert "already playing in person" in assert_private(resumed)
    assert public_messages(env, channel, thread) == before

    status = await queued(env, record.id, host.slash(thread, f"{game} status"))
    assert "posted again" in assert_private(status).lower()
    reposted = await env.bot.storage.get_session(record.id)
    assert set(public_messages(env, channel, thread)) - set(before) == set(reposted.board_message_ids)

    last = players[-1]
    quit_or_cancel = "quit" if len(players) > 1 else "cancel"
    ended = await queued(env, record.id, last.slash(thread, f"{game} {quit_or_cancel}"))
    assert_private(ended)
    assert (await env.bot.storage.get_session(record.id)).status != "active" or len(players) > 2


async def test_the_code_word_asked_during_a_dice_roll_stays_private(env) -> None:
    """The case found by hand: ``/fortboyard codeword`` sent while another player rolls the die."""
    record, channel, thread, (ann, ben) = await table(env, "fortboyard")
    driver = FortBoyardDriver(env, thread, [ann, ben], record.id)

    def may_roll(state: object) -> bool:
        return Roll() in ENGINE.legal_actions(state, state.current)  # type: ignore[attr-defined]

    for _ in range(10):
        record = await driver.play_until(may_roll)
        state = env.bot.service.state(record)
        roller = driver.actor(record, state.current)
        asker = ben if roller is ann else ann
        token = f":{Roll().token()}"
        board = next(
            m for m in bot_messages(thread, env) if m.id in record.board_message_ids and token in str(custom_ids(m))
        )
        roll = next(cid for cid in custom_ids(board) if cid.endswith(token))
        before = public_messages(env, channel, thread)
        _rolled, asked = await at_once(
            env,
            lambda roller=roller, board=board, roll=roll: roller.click(board, custom_id=roll),
            lambda asker=asker: asker.slash(thread, "fortboyard codeword"),
        )
        assert (await env.bot.storage.get_session(record.id)).version > record.version  # the die was rolled
        assert_private(asked)
        new = [m for m in bot_messages(thread, env) if m.id not in before and not m.flags.ephemeral]
        assert not [m for m in new if any("code" in (e.title or "").lower() for e in m.embeds)]
