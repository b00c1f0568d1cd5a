"""Clicks the bot must refuse: a private note in the clicker's language, and no change."""

import asyncio

import pytest

from tests.conftest import add_admin, set_locale
from tests.discord.driver import (
    Driver,
    add_computer,
    at_once,
    board_messages,
    custom_ids,
    game_state,
    items,
    open_table,
    play_channel,
    session,
)


@pytest.fixture
def table(env):
    """An English server: ann (host) and ben play, cat watches; cat reads French."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    set_locale(cat, "fr")
    return guild, channel, ann, ben, cat


async def running(env, channel, ann, ben):
    record, _ = await open_table(env, channel, ann, [ben])
    thread = play_channel(env, channel, record)
    return record, thread, Driver(env, thread, [ann, ben], record.id)


def enabled_flip(thread, env, record):
    """A face-down card's button that the player to act could click now."""
    for message in board_messages(thread, env):
        for item in items(message):
            if item.custom_id.startswith(f"g:fortissimo:{record.id}:{record.version}:f") and not item.disabled:
                return message, item.custom_id
    raise AssertionError("no flip button")


def lobby_button(channel, lobby, label: str):
    """The lobby's button as it shows now."""
    current = next(m for m in channel.history() if m.id == lobby.id)
    return next(item for item in items(current) if getattr(item, "label", None) == label)


def refusal(result) -> str:
    """The private refusal: the reply itself, or, for a click that waited behind
    another and was deferred to answer in time, its private follow-up."""
    if result.ephemeral:
        text = result.response.content
    else:
        assert result.deferred and "⛔" not in (result.response.content or "")
        (followup,) = result.followups
        assert followup.ephemeral
        text = followup.content
    assert text.startswith("⛔ ")
    return text[2:]


async def unchanged(env, before) -> None:
    """Same version (so no new action: the log only grows with it), state and seats."""
    after = await session(env, before.id)
    assert (after.version, after.state, after.status, after.seats) == (
        before.version,
        before.state,
        before.status,
        before.seats,
    )


async def test_a_click_from_someone_not_in_the_game(env, table) -> None:
    _, channel, ann, ben, cat = table
    record, thread, _ = await running(env, channel, ann, ben)
    message, custom_id = enabled_flip(thread, env, record)
    result = await cat.click(message, custom_id=custom_id)
    assert refusal(result) == "Vous ne jouez pas dans cette partie."  # cat reads French
    await unchanged(env, record)
    assert await env.bot.storage.actions(record.id) == []
    # Nobody else sees the note.
    assert all(m.content != result.response.content for m in thread.history(viewer=ann))


async def test_a_click_out_of_turn(env, table) -> None:
    _, channel, ann, ben, _ = table
    record, thread, driver = await running(env, channel, ann, ben)
    _, _state, current = await driver.current()
    waiting = ben if current is ann else ann
    message, custom_id = enabled_flip(thread, env, record)
    result = await waiting.click(message, custom_id=custom_id)
    assert refusal(result) == "It is not your turn."
    await unchanged(env, record)


async def test_a_stale_board_is_refused_and_refreshed(env, table) -> None:
    _, channel, ann, ben, _ = table
    record, thread, driver = await running(env, channel, ann, ben)
    _, _, player = await driver.current()
    first, second = board_messages(thread, env)
    flip = next(i.custom_id for i in items(first) if not i.disabled)
    stale = next(i.custom_id for i in items(second) if not i.disabled)
    # Discord fails to edit the board's second message: it keeps the old buttons.
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/{second.id}", status=500)
    moved = await player.click(first, custom_id=flip)
    assert moved.followups[0].content == (
        "Your move is saved, but the board could not be updated. The game's “status” command posts it again."
    )
    record = await session(env, record.id)
    assert game_state(env, record).phase == "decide"
    second = next(m for m in thread.history() if m.id == second.id)
    assert stale in [i.custom_id for i in items(second)]

    result = await player.click(second, custom_id=stale)
    text = refusal(result)
    link = f"https://discord.com/channels/{record.guild_id}/{thread.id}/{record.board_message_ids[0]}"
    assert text == f"This board is out of date: nothing was played. Here is the current board: {link}"
    await unchanged(env, record)
    # The stale click brought the board up to date: Take and Put back are there.
    second = next(m for m in thread.history() if m.id == second.id)
    ids = [i.custom_id for i in items(second)]
    assert stale not in ids
    assert f"g:fortissimo:{record.id}:{record.version}:r" in ids


async def test_a_double_click_plays_once(env, table) -> None:
    _, channel, ann, ben, _ = table
    record, thread, driver = await running(env, channel, ann, ben)
    _, _, player = await driver.current()
    message, custom_id = enabled_flip(thread, env, record)
    set_locale(player, "fr")
    first, second = await at_once(env, *[lambda: player.click(message, custom_id=custom_id)] * 2)
    assert not first.ephemeral
    assert refusal(second).startswith("Ce plateau n'est plus à jour : rien n'a été joué.")
    after = await session(env, record.id)
    assert after.version == record.version + 1
    assert [a.token for a in await env.bot.storage.actions(record.id)] == [custom_id.rsplit(":", 1)[1]]


def board_edits(env, record, since: int) -> int:
    """How many times the bot changed the board's messages after the ``since``-th request: edits in
    place, and answers to a click that edit the clicked message."""
    edits = [
        entry
        for entry in env.http_requests[since:]
        if (entry.method == "PATCH" and any(entry.path.endswith(f"/messages/{i}") for i in record.board_message_ids))
        or (entry.path.endswith("/callback") and (entry.json or {}).get("type") == 7)  # UPDATE_MESSAGE
    ]
    return len(edits)


async def test_fifty_clicks_at_once_play_once_and_edit_the_board_once(env, table) -> None:
    _, channel, ann, ben, _ = table
    record, thread, driver = await running(env, channel, ann, ben)
    _, _, player = await driver.current()
    message, custom_id = enabled_flip(thread, env, record)
    since = len(env.http_requests)
    results = await at_once(env, *[lambda: player.click(message, custom_id=custom_id)] * 50)
    after = await session(env, record.id)
    assert after.version == record.version + 1
    assert len(await env.bot.storage.actions(record.id)) == 1
    assert all(refusal(r).startswith("This board is out of date") for r in results[1:])
    assert board_edits(env, after, since) <= len(after.board_message_ids)  # one edit of each of its messages


async def test_a_refused_acknowledgement_still_answers_the_click(env, table) -> None:
    """Discord answers 500 to the acknowledgement of a click that waits behind another: the click
    is still played, and nothing fails in the bot."""
    _, channel, ann, ben, _ = table
    record, thread, driver = await running(env, channel, ann, ben)
    _, _, player = await driver.current()
    message, custom_id = enabled_flip(thread, env, record)
    env.inject_error("POST", "/interactions/*/callback", status=500, times=1)
    cursor = env.error_cursor
    async with env.bot.service.lock(record.id):  # another request holds the table: the click must wait
        click = asyncio.ensure_future(player.click(message, custom_id=custom_id))
        await asyncio.sleep(0)
        for _ in range(200):
            await asyncio.to_thread(lambda: None)
    await click
    assert (await session(env, record.id)).version == record.version + 1
    assert env.errors_since(cursor) == ()


async def test_clicks_after_the_end_are_refused(env, table) -> None:
    _, channel, ann, ben, cat = table
    record, thread, driver = await running(env, channel, ann, ben)
    old_first, _ = board_messages(thread, env)
    # /fortissimo status re-posts the board; Discord fails to retire the old one,
    # whose buttons stay on screen.
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/*", status=500, times=2)
    assert (await ann.slash(thread, "fortissimo status")).ephemeral
    old_first = next(m for m in thread.history() if m.id == old_first.id)
    old_flip = next(i.custom_id for i in items(old_first) if not i.disabled)
    _, _, player = await driver.current()

    await driver.play_turn()  # on the new board
    record = await session(env, record.id)
    assert refusal(await player.click(old_first, custom_id=old_flip)).startswith("This board is out of date")
    await unchanged(env, record)

    record = await driver.play_to_end()
    assert record.status == "finished"
    # The stale refusal refreshed the current board only: the retired one still
    # shows its buttons, which are now clicks after the end.
    old_first = next(m for m in thread.history() if m.id == old_first.id)
    leftover = [i.custom_id for i in items(old_first) if not i.disabled]
    assert leftover, "the retired board should still show its buttons"
    for member, text in ((ann, "This game is over."), (cat, "Cette partie est terminée.")):
        result = await member.click(old_first, custom_id=leftover[0])
        assert refusal(result) == text
    await unchanged(env, record)


async def test_lobby_refusals(env, table) -> None:
    guild, channel, ann, ben, cat = table
    result = await ann.slash(channel, "fortissimo start")
    lobby = result.response.message

    async def lobby_state():
        (record,) = await env.bot.storage.find_sessions(channel_id=channel.id)
        return record

    before = await lobby_state()
    assert refusal(await ann.click(lobby, label="Start the game")) == "The game needs 2 to 4 players to start."
    await unchanged(env, before)

    await ben.click(lobby, label="Join")
    before = await lobby_state()
    assert refusal(await ben.click(lobby, label="Start the game")) == "Only the table's host can do that."
    assert refusal(await add_computer(channel, ben, lobby)) == "Only the table's host can do that."
    assert refusal(await cat.click(lobby, label="Start the game")) == "Seul l'hôte de la table peut faire cela."
    assert refusal(await ben.click(lobby, label="Join")) == "You are already at this table."
    assert lobby_button(channel, lobby, "Remove a computer player").disabled  # no computer to remove
    await unchanged(env, before)

    dan, _eve = (guild.add_member(env.create_user(name)) for name in ("dan", "eve"))
    await cat.click(lobby, label="Join")
    await dan.click(lobby, label="Join")
    before = await lobby_state()
    assert len(before.seats) == 4
    # A full table greys out Join and has no computer menu (the service refuses both too:
    # tests/bot/test_sessions.py).
    assert lobby_button(channel, lobby, "Join").disabled
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert not [cid for cid in custom_ids(shown) if cid.endswith(":add_bot")]
    await unchanged(env, before)
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].fields[0].name == "Players: 4 (2 to 4)"


async def test_cancel_needs_the_host_or_an_admin(env, table) -> None:
    guild, channel, ann, ben, cat = table
    # In the lobby: ben may not cancel, ann (the host) may.
    lobby = (await ann.slash(channel, "fortissimo start")).response.message
    await ben.click(lobby, label="Join")
    (before,) = await env.bot.storage.find_sessions(channel_id=channel.id)
    text = refusal(await ben.click(lobby, label="Cancel"))
    assert text == "Only the table's host or a server admin can cancel the game."
    await unchanged(env, before)
    assert not (await ann.click(lobby, label="Cancel")).ephemeral
    assert (await session(env, before.id)).status == "cancelled"
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.components == [] and lobby.embeds[0].description == "This table was cancelled."

    # During a game: ben and cat may not, an admin who does not play may.
    record, thread, _ = await running(env, channel, ann, ben)
    for member in (ben, cat):
        result = await member.slash(thread, "fortissimo cancel")
        assert refusal(result) in (
            "Only the table's host or a server admin can cancel the game.",
            "Seul l'hôte de la table ou un administrateur du serveur peut annuler la partie.",
        )
    await unchanged(env, record)
    mod = add_admin(guild, env, "mod")
    result = await mod.slash(thread, "fortissimo cancel")
    assert result.ephemeral and result.response.content == "The game is cancelled."
    record = await session(env, record.id)
    assert record.status == "cancelled"
    assert thread.history()[-1].content == "❌ The game of Fortissimo! was cancelled."
    assert all(m.components == [] for m in thread.history())
    lobby = next(m for m in channel.history() if m.id == record.lobby_message_id)
    assert lobby.embeds[0].title == f"Fortissimo! — table #{record.id}"
    assert lobby.embeds[0].description == "This table was cancelled."


async def test_cancel_racing_the_start_cancels_the_started_game(env, table) -> None:
    _, channel, ann, ben, _ = table
    lobby = (await ann.slash(channel, "fortissimo start")).response.message
    await ben.click(lobby, label="Join")
    start, cancel = await at_once(
        env, lambda: ann.click(lobby, label="Start the game"), lambda: ann.slash(channel, "fortissimo cancel")
    )
    assert not start.ephemeral and cancel.response.content == "The game is cancelled."
    (record,) = await env.bot.storage.find_sessions(channel_id=channel.id)
    assert record.status == "cancelled"
    thread = play_channel(env, channel, record)
    assert thread.history()[-1].content == "❌ The game of Fortissimo! was cancelled."
    assert all(m.components == [] for place in (channel, thread) for m in place.history())
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].description == "This table was cancelled."


async def test_a_double_click_in_the_lobby_adds_one_computer(env, table) -> None:
    _, channel, ann, _, _ = table
    result = await ann.slash(channel, "fortissimo start")
    lobby = result.response.message
    menu = next(cid for cid in custom_ids(lobby) if cid.endswith(":add_bot"))
    first, second = await at_once(env, *[lambda: ann.select(lobby, ["normal"], custom_id=menu)] * 2)
    assert not first.ephemeral
    assert refusal(second) == "The table changed in the meantime: nothing was done. Look at it again before clicking."
    record = (await env.bot.storage.find_sessions(channel_id=channel.id))[0]
    assert [seat.computer for seat in record.seats] == [False, True]
