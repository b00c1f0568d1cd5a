"""The lobby's host removes a player; anyone reads the rules from a button; a finished game's
board offers a rematch with the same players invited and the same options."""

import discord
import pytest

from tests.conftest import set_locale
from tests.discord.driver import LOBBY_LABELS, Driver, board_messages, items, open_table, play_channel, session
from tests.discord.forteresse_driver import Driver as ForteresseDriver
from tests.discord.forteresse_driver import message
from tests.discord.forteresse_driver import start as forteresse_start
from tests.discord.test_forteresse_play import LOST_SEED, use_seed


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
    assert lobby.embeds[0].fields[0].value == "1. ann · new\n2. cat · new"  # no rated game yet


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
    invite = next(m for m in channel.history() if m.id == new.lobby_message_id)
    assert not invite.content  # the call to its players goes once the table started
    started = await session(env, new.id)
    assert started.status == "active" and len(started.seats) == 3
    assert board_messages(play_channel(env, channel, started), env)


REMATCH_TEXTS = {
    "en": {
        "started": "Your new game has started: https://discord.com/channels/",
        "solitaire": "🔁 Rematch of table #{number}: ann plays again.",
        "lobby": "The game has started: <#{thread}>",
        "playing": "The rematch is already being played: https://discord.com/channels/",
        "computers": "🔁 Rematch of table #{number} against the same computer player: ann starts it below;"
        " anyone may join first.",
        "seats": "1. ann · **{rating}** (provisional)\n2. 🤖 Computer 1 (strong)",
    },
    "fr": {
        "started": "Votre nouvelle partie a commencé\xa0: https://discord.com/channels/",
        "solitaire": "🔁 Revanche de la table n°\xa0{number}\xa0: ann rejoue.",
        "lobby": "La partie a commencé\xa0: <#{thread}>",
        "playing": "La revanche est déjà en cours\xa0: https://discord.com/channels/",
        "computers": "🔁 Revanche de la table n°\xa0{number} contre le même ordinateur\xa0: ann la lance ci-dessous\u202f;"
        " chacun peut d'abord la rejoindre.",
        "seats": "1. ann · **{rating}** (provisoire)\n2. 🤖 Ordinateur 1 (fort)",
    },
}


async def player_in(env, lang: str):
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("jeux" if lang == "fr" else "games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "fr" if lang == "fr" else "en-US")
    return channel, ann


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_solitaire_rematch_starts_at_once(env, monkeypatch, lang: str) -> None:
    """Rematch on a finished Forteresse Solo board: the new game starts at once in its own thread, as
    `/forteresse start` does; no open table is left for anyone to join; a second click finds it."""
    use_seed(monkeypatch, LOST_SEED)
    texts = REMATCH_TEXTS[lang]
    channel, ann = await player_in(env, lang)
    record, thread, _ = await forteresse_start(env, channel, ann)
    record = await ForteresseDriver(env, thread, ann, record.id).play_to_end()
    final = message(env, thread, record.board_message_ids[-1])
    rematch = f"l:{record.id}:{record.version}:rematch"

    started = await ann.click(final, custom_id=rematch)
    (answer,) = [m for m in [started.response, *started.followups] if m is not None and m.content]
    assert answer.ephemeral and answer.content.startswith(texts["started"])
    (new,) = await env.bot.storage.find_sessions(game="forteresse", statuses=("lobby", "active"))
    assert new.status == "active" and new.host_id == ann.id and new.options == record.options
    again = play_channel(env, channel, new)
    assert again.id not in (channel.id, thread.id) and new.board_message_ids
    table = message(env, channel, new.lobby_message_id)
    assert table.content == texts["solitaire"].format(number=record.id) and table.mentions == []
    assert table.embeds[0].description == texts["lobby"].format(thread=again.id) and table.components == []
    assert again.history()[0].content.startswith("🎲 ")  # the kickoff, then the board
    assert ann.id in [u.id for u in again.history()[0].mentions]

    second = await ann.click(final, custom_id=rematch)
    assert second.ephemeral and second.response.content.startswith(texts["playing"])
    assert len(await env.bot.storage.find_sessions(game="forteresse", statuses=("lobby", "active"))) == 1
    listed = (await ann.slash(channel, "games")).response.embeds[0].description
    assert listed.count("Forteresse Solo") == 1 and ("au tour de" in listed or "to play" in listed)


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_rematch_against_computers_keeps_them_and_calls_nobody(env, lang: str) -> None:
    """ann played alone against a strong computer: the rematch seats the same computer, says so
    (no empty list of players, no dash) and pings nobody, and shows ann's rating from that game
    beside her name; ann starts it."""
    texts = REMATCH_TEXTS[lang]
    channel, ann = await player_in(env, lang)
    record, _ = await open_table(env, channel, ann, computers=1, lang=lang, level="strong")
    thread = play_channel(env, channel, record)
    record = await Driver(env, thread, [ann], record.id).play_to_end()
    final = next(m for m in thread.history() if m.id == record.board_message_ids[-1])

    opened = await ann.click(final, custom_id=f"l:{record.id}:{record.version}:rematch")
    assert opened.ephemeral
    (new,) = await env.bot.storage.find_sessions(game="fortissimo", channel_id=channel.id, statuses=("lobby",))
    assert [(s.user_id, s.level) for s in new.seats] == [(ann.id, "normal"), (None, "strong")]
    invite = next(m for m in channel.history() if m.id == new.lobby_message_id)
    assert invite.content == texts["computers"].format(number=record.id)
    assert "—" not in invite.content and invite.mentions == []
    (rated,) = await env.bot.storage.ratings(channel.guild.id, user_id=ann.id)  # after her first game
    shown = f"{rated.skill.shown:,}".replace(",", "\u202f" if lang == "fr" else ",")
    assert invite.embeds[0].fields[0].value == texts["seats"].format(rating=shown)
    await ann.click(invite, label=LOBBY_LABELS[lang]["start"])
    assert (await session(env, new.id)).status in ("active", "finished")
