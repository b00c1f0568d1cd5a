"""Whole games of Le labyrinthe secret in a simulated Discord, by clicks and selects only."""

import discord

from games.labyrinthe import ENGINE
from games.labyrinthe.engine import TREASURES_TO_WIN
from tests.conftest import set_locale
from tests.discord.driver import bot_messages, check_log_and_replay, controls_left, items, public_text
from tests.discord.labyrinthe_driver import Driver, board, open_table


async def test_whole_game_between_two_humans_in_french(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    for member in (alice, bob):
        set_locale(member, "fr")
    record, thread, lobby = await open_table(env, channel, alice, [bob], lang="fr")
    assert thread.id != channel.id  # play moved to the game's thread
    shown = board(env, thread, record)
    embed = shown.embeds[0]
    assert embed.title == f"🏰 Le labyrinthe secret — table n°\xa0{record.id}"
    assert embed.image.url == "attachment://board.png" and shown.attachments  # the castle's picture
    assert "Trésor cherché" in public_text(shown)
    labels = [getattr(i, "label", "") for i in items(shown)]
    assert {"Centre ↻ ¼", "Centre ½ tour", "Couloir intérieur ↺", "Couloir extérieur ↻", "Ma boîte"} <= set(labels)

    pictures = set()

    async def watch(driver: Driver) -> None:
        current = await driver.record()
        if current.status == "active":
            pictures.add(board(env, thread, current).attachments[0].id)

    driver = Driver(env, thread, [alice, bob], record.id, after_click=watch)
    record = await driver.play_to_end()
    state = env.bot.service.state(record)
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "seven" and len(state.boxes[outcome.winners[0]]) >= TREASURES_TO_WIN
    assert len(pictures) > 10  # a new picture after the changes
    await check_log_and_replay(env, record, driver.tokens)

    result = [m for m in bot_messages(thread, env) if m.embeds and m.embeds[0].title.startswith("🏆")]
    assert result, "no result message"
    text = public_text(result[-1])
    assert "a réuni 7 trésors et gagne" in text and "Toutes les boîtes s'ouvrent" in text
    final = board(env, thread, await driver.record())
    assert not controls_left(final), "the finished board keeps buttons"
    assert [i.label for i in items(final)] == ["Revanche", "Règles", "Historique", "Décrire", "Revoir la partie"]
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    assert not [
        i for i in items(lobby_now) if isinstance(i, discord.Button) and i.custom_id and i.custom_id.startswith("l:")
    ]


async def test_whole_game_with_computer_players_in_english(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    carol = guild.add_member(env.create_user("carol"))
    record, thread, _ = await open_table(env, channel, carol, [], computers=2, lang="en")
    assert [s.computer for s in record.seats] == [False, True, True]
    driver = Driver(env, thread, [carol], record.id)
    record = await driver.play_to_end()
    state = env.bot.service.state(record)
    assert ENGINE.outcome(state).reason == "seven"
    actions = await env.bot.storage.actions(record.id)
    assert {a.seat for a in actions if a.user_id is None} == {1, 2}  # the computers played their turns
    await check_log_and_replay(env, record, driver.tokens)
    result = [m for m in bot_messages(thread, env) if m.embeds and m.embeds[0].title.startswith("🏆")]
    assert "gathered 7 treasures and wins" in public_text(result[-1])
