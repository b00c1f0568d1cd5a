"""Faults that must not leave a table broken: a channel where the bot may not attach its
board's picture, a crash between saving a move and showing it, a double click on a
private menu."""

import discord
import pytest

from cogs.fireship.private import MENU
from games.fireship import ENGINE
from tests.conftest import make_bot, set_locale
from tests.discord.driver import (
    LOBBY_LABELS,
    Driver,
    board_messages,
    bot_messages,
    custom_ids,
    open_game_table,
    open_table,
    play_channel,
    session,
)
from tests.discord.fireship_driver import Driver as FireshipDriver
from tests.discord.fireship_driver import board as fireship_board
from tests.discord.test_private_when_busy import assert_private, queued

NO_FILES = discord.PermissionOverwrite(attach_files=False)


@pytest.mark.parametrize(
    ("game", "lang"), [("labyrinthe", "en"), ("forteresse", "fr"), ("fireship", "en"), ("fortboyard", "fr")]
)
async def test_a_game_with_a_picture_is_refused_where_the_bot_may_not_attach_files(env, game, lang) -> None:
    guild = env.create_guild(preferred_locale="en-US" if lang == "en" else "fr")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, lang)
    channel = guild.create_text_channel("no-files", overwrites={guild.me: NO_FILES})

    result = await ann.slash(channel, f"{game} start")

    assert result.ephemeral
    expected = {
        "en": "⛔ The bot cannot play a game here: it needs the “Attach Files” permission in this channel",
        "fr": "⛔ Le bot ne peut pas jouer ici : il lui faut la permission « Joindre des fichiers » dans ce salon",
    }[lang]
    assert result.response.content.startswith(expected)
    assert await env.bot.storage.find_sessions(channel_id=channel.id) == []  # no table, so no dead game
    assert channel.threads == [] and bot_messages(channel, env) == []


async def test_a_game_without_a_picture_plays_where_files_are_refused(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    channel = guild.create_text_channel("no-files", overwrites={guild.me: NO_FILES})
    record, _ = await open_table(env, channel, ann, [ben])
    assert record.status == "active"
    assert [m.id for m in board_messages(play_channel(env, channel, record), env)] == record.board_message_ids


async def test_start_is_refused_when_the_permission_went_away_after_the_lobby_opened(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    channel = guild.create_text_channel("games")
    lobby = (await ann.slash(channel, "labyrinthe start")).response.message
    await ben.click(lobby, label=LOBBY_LABELS["en"]["join"])
    bot_side = env.bot.get_channel(channel.id)
    await bot_side.set_permissions(bot_side.guild.me, overwrite=NO_FILES)

    refused = await ann.click(lobby, label=LOBBY_LABELS["en"]["start"])

    assert refused.ephemeral and "“Attach Files”" in refused.response.content
    (record,) = await env.bot.storage.find_sessions(channel_id=channel.id)
    assert record.status == "lobby" and record.state is None  # still waiting: nothing started
    assert channel.threads == []


async def click_then_crash(env, monkeypatch, owner: object, name: str, why: str):
    """A two-person Fortissimo! table whose player to act flips A1 while ``owner.name`` raises (the
    process dies there); the table as it was, its thread and the board message clicked."""
    guild = env.create_guild(preferred_locale="en-US")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    channel = guild.create_text_channel("games")
    record, _ = await open_table(env, channel, ann, [ben])
    thread = play_channel(env, channel, record)
    shown = board_messages(thread, env)
    seat = env.bot.service.state(record).current
    (to_act,) = [p for p in (ann, ben) if p.id == record.seats[seat].user_id]

    async def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError(why)

    monkeypatch.setattr(owner, name, crash)
    flip = next(cid for m in shown for cid in custom_ids(m) if cid.endswith(":fA1"))
    message = next(m for m in shown if flip in custom_ids(m))
    await to_act.click(message, custom_id=flip)
    return record, thread, message


async def test_a_move_saved_just_before_a_crash_is_shown_after_the_restart(env, db_path, monkeypatch) -> None:
    record, thread, _ = await click_then_crash(
        env, monkeypatch, env.bot.tables, "publish", "the process dies before the board is edited"
    )
    saved = await session(env, record.id)
    assert saved.version > record.version and saved.board_version == record.version  # saved, not shown

    await env.restart_bot(make_bot(db_path))

    after = await session(env, record.id)
    assert after.board_version == after.version == saved.version
    boards = board_messages(thread, env)
    assert [m.id for m in boards] == after.board_message_ids != saved.board_message_ids
    assert all(f":{after.version}:" in cid for m in boards for cid in custom_ids(m) if cid.startswith("g:"))


async def test_a_crash_after_the_board_is_edited_loses_no_move_and_keeps_the_board(env, db_path, monkeypatch) -> None:
    """A click's change is committed, the board edited in place (the click answered) and the next
    player pinged; the process dies before its pending bookkeeping (the board version it shows,
    the ping's id) is written with a later save. The move stays; at start-up the board itself says
    it is up to date (the version its controls carry), so it stays where it is."""
    record, thread, message = await click_then_crash(
        env, monkeypatch, env.bot.service, "write_pending", "the process dies before its bookkeeping is written"
    )
    saved = await env.bot.storage.get_session(record.id)
    assert saved.version > record.version and saved.board_version == record.version  # committed; its showing not kept
    edited = next(m for m in thread.history() if m.id == message.id)
    assert any(f":{saved.version}:" in cid for cid in custom_ids(edited))  # the click was answered on the board

    await env.restart_bot(make_bot(db_path))

    after = await env.bot.service.get(record.id)  # as the bot sees it: what it read on the board kept
    assert after.version == saved.version and after.board_version == after.version
    assert env.bot.service.state(after).grid == env.bot.service.state(saved).grid  # the move is there
    boards = board_messages(thread, env)
    assert [m.id for m in boards] == after.board_message_ids == saved.board_message_ids
    assert all(f":{after.version}:" in cid for m in boards for cid in custom_ids(m) if cid.startswith("g:"))


async def test_a_double_click_on_a_zone_button_opens_the_menu_privately(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    channel = guild.create_text_channel("games")
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben])
    driver = FireshipDriver(env, thread, [ann, ben], record.id)
    record = await driver.play_until(lambda s: s.phase == "steer" and len(ENGINE.view(s, s.current).reachable) > MENU)
    board = fireship_board(env, thread, record)
    zones = [cid for cid in custom_ids(board) if ":more-z" in cid]
    assert zones, "the board offers no zone button"
    seat = min(env.bot.service.engine(record).to_act(env.bot.service.state(record)))
    (player,) = [p for p in (ann, ben) if p.id == record.seats[seat].user_id]

    first = await player.click(board, custom_id=zones[0])
    second = await queued(env, record.id, player.click(board, custom_id=zones[0]))  # while the game is busy

    assert first.ephemeral and first.response is not None
    assert_private(second, clicked=True)
    (menu,) = second.followups  # the same menu again, not an error
    assert menu.content == first.response.content and menu.content.startswith("🗺️ Reachable cells in")
    assert menu.components == first.response.components


async def test_a_clean_stop_writes_what_showing_the_last_change_left(env) -> None:
    """The board version a click's change shows, and the next player's ping, ride with the table's
    next commit; a clean stop (SIGTERM) writes them, so a restart finds the board up to date."""
    guild = env.create_guild(preferred_locale="en-US")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    channel = guild.create_text_channel("games")
    record, _ = await open_table(env, channel, ann, [ben])
    await Driver(env, play_channel(env, channel, record), [ann, ben], record.id).play_turn()
    stored = await session(env, record.id)
    assert stored.board_version != stored.version  # pending: written with the next commit

    await env.bot.stop_work()

    stored = await session(env, record.id)
    assert stored.board_version == stored.version and stored.pings
