"""The lobby's host removes a player; anyone reads the rules from a button; a finished game's
board offers a rematch with the same players invited and the same options."""

import discord

from tests.conftest import set_locale
from tests.discord.driver import LOBBY_LABELS, Driver, board_messages, items, open_table, play_channel, session


async def test_the_host_removes_a_player_and_only_the_host(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    lobby = (await ann.slash(channel, "fortissimo start")).response.message
    for member in (ben, cat):
        await member.click(lobby, label=LOBBY_LABELS["en"]["join"])
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    (menu,) = [i for i in items(lobby) if isinstance(i, discord.SelectMenu) and i.custom_id.endswith(":kick")]
    assert menu.placeholder == "Remove a player…" and [o.label for o in menu.options] == ["ben", "cat"]

    refused = await ben.select(lobby, [str(cat.id)], custom_id=menu.custom_id)
    assert refused.ephemeral and refused.response.content == "⛔ Only the table's host can do that."

    await ann.select(lobby, [str(ben.id)], custom_id=menu.custom_id)
    (record,) = await env.bot.storage.find_sessions(channel_id=channel.id)
    assert [s.name for s in record.seats] == ["ann", "cat"]
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].fields[0].value == "1. ann\n2. cat"


async def test_the_rules_button_answers_anyone_privately_in_their_language(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, dan = (guild.add_member(env.create_user(name)) for name in ("ann", "dan"))
    set_locale(dan, "fr")
    lobby = (await ann.slash(channel, "labyrinthe start")).response.message
    shown = await dan.click(lobby, custom_id="r:labyrinthe")  # dan is not even at the table
    assert shown.ephemeral
    assert shown.response.embeds[0].title == (await dan.slash(channel, "labyrinthe rules")).response.embeds[0].title
    assert shown.response.embeds[0].title == "Le labyrinthe secret : la règle" and shown.response.embeds[0].fields


async def test_a_rematch_invites_the_same_players_with_the_same_options(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben, eve = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "eve"))
    record, _ = await open_table(env, channel, ann, [ben], computers=1, variant="advanced", first_player="lobby")
    thread = play_channel(env, channel, record)
    record = await Driver(env, thread, [ann, ben], record.id).play_to_end()
    assert record.status == "finished"
    final = next(m for m in thread.history() if m.id == record.board_message_ids[-1])
    rematch = f"l:{record.id}:{record.version}:rematch"

    refused = await eve.click(final, custom_id=rematch)  # not a player of that game
    assert refused.ephemeral and refused.response.content == "⛔ You are not playing in this game."

    opened = await ben.click(final, custom_id=rematch)
    assert opened.ephemeral and opened.response.content.startswith("The rematch table is open: https://discord.com/")
    tables = await env.bot.storage.find_sessions(game="fortissimo", channel_id=channel.id, statuses=("lobby",))
    (new,) = tables
    assert new.host_id == ben.id and new.options == record.options and new.clock == record.clock
    assert [s.computer for s in new.seats] == [False, True]  # ben, and the computer player again
    invite = next(m for m in channel.history() if m.id == new.lobby_message_id)
    assert invite.content == f"🔁 Rematch of table #{record.id}: {ann.mention}, join the new table below."
    assert [u.id for u in invite.mentions] == [ann.id]
    assert (
        invite.embeds[0]
        .fields[1]
        .value.startswith("Variant: advanced game · Crow cap: no · First player: joining order")
    )

    again = await ann.click(final, custom_id=rematch)  # a second click finds the table open
    assert (
        again.response.content
        == f"A rematch table is already open: https://discord.com/channels/{guild.id}/{channel.id}/{new.lobby_message_id}"
    )
    await ann.click(invite, label=LOBBY_LABELS["en"]["join"])
    await ben.click(invite, label=LOBBY_LABELS["en"]["start"])
    started = await session(env, new.id)
    assert started.status == "active" and len(started.seats) == 3
    assert board_messages(play_channel(env, channel, started), env)
