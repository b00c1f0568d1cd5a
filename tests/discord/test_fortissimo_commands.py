"""``/fortissimo rules``, ``status`` and ``quit``."""

import pytest

from bot.i18n import t
from games.fortissimo import ENGINE
from games.fortissimo.cards import label
from games.fortissimo.engine import HOUSE_RULES
from tests.conftest import set_locale
from tests.discord.driver import (
    Driver,
    board_messages,
    controls_left,
    game_state,
    items,
    open_table,
    play_channel,
    session,
)


def embed_text(embed) -> str:
    return "\n".join([embed.title, embed.description, *(f"{f.name}\n{f.value}" for f in embed.fields)])


async def test_rules_are_private_and_in_the_readers_language(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    set_locale(ann, "fr")

    french = await ann.slash(channel, "fortissimo rules")
    english = await bob.slash(channel, "fortissimo rules")
    assert french.ephemeral and english.ephemeral
    fr, en = embed_text(french.response.embeds[0]), embed_text(english.response.embeds[0])
    assert fr != en
    assert fr.startswith("Fortissimo! — les règles") and en.startswith("Fortissimo! — the rules")
    assert "Règles maison" in fr and "House rules" in en
    assert "Tour" in fr and "Tower" in en
    # Every house rule the engine implements is stated, whole, within Discord's limits.
    assert ENGINE.house_rules == HOUSE_RULES and len(set(HOUSE_RULES)) == len(HOUSE_RULES)
    for lang, shown in (("fr", french), ("en", english)):
        embed = shown.response.embeds[0]
        assert len(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)
        text = embed_text(embed)
        assert [key for key in HOUSE_RULES if t(lang, f"fortissimo.house.{key}") not in text] == []
    assert "Un Magicien détruit par un Canon avant d'avoir servi perd son pouvoir pour de bon." in fr
    assert "A Wizard destroyed by a Cannon before it was used loses its power for good." in en
    # Nobody else sees them.
    assert french.response.id not in [m.id for m in channel.history(viewer=bob)]


async def test_status_posts_the_board_again(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    record, _ = await open_table(env, channel, ann, [ben])
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    await driver.play_turn()
    before = await session(env, record.id)
    old = before.board_message_ids

    result = await ben.slash(thread, "fortissimo status")
    after = await session(env, record.id)
    link = f"https://discord.com/channels/{after.guild_id}/{thread.id}/{after.board_message_ids[0]}"
    assert result.ephemeral and result.response.content == f"The board has been posted again: {link}"
    assert (after.version, after.state) == (before.version, before.state)
    assert after.board_message_ids != old
    assert [m.id for m in board_messages(thread, env)] == after.board_message_ids
    assert [m.id for m in thread.history()[-2:]] == after.board_message_ids  # at the bottom
    for message in thread.history():
        if message.id in old:
            assert message.components == []  # the old board's buttons are gone
            assert message.embeds or message.content  # the old board itself stays
    # Play goes on from the new board.
    record = await driver.play_to_end()
    assert record.status == "finished"

    # Run from the lobby channel, the command also finds the game (in its thread).
    record, _ = await open_table(env, channel, ann, [ben])
    thread = play_channel(env, channel, record)
    old = record.board_message_ids
    result = await ann.slash(channel, "fortissimo status")
    assert result.ephemeral
    assert (await session(env, record.id)).board_message_ids != old
    assert [m.id for m in thread.history()[-2:]] == (await session(env, record.id)).board_message_ids


async def test_quit_in_a_three_player_game_the_others_play_on(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat")]
    record, _ = await open_table(env, channel, players[0], players[1:], variant="advanced")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, players, record.id)
    for _ in range(4):
        await driver.play_turn()
    # The player to act quits with a card flipped: it goes back, the next one plays.
    record, state, quitter = await driver.current()
    await driver.click("f" + label(driver.choose(state, state.current, 0)[0]))
    seat = record.seat_of(quitter.id)
    result = await quitter.slash(thread, "fortissimo quit")
    assert result.ephemeral and result.response.content == "You left the game."
    assert f"🚪 {quitter.name} leaves the game." in [m.content for m in thread.history()]

    record = await session(env, record.id)
    state = game_state(env, record)
    assert record.status == "active" and record.seats[seat].left and state.resigned[seat]
    assert state.current != seat and state.phase == "flip" and state.flipped is None
    first, _ = board_messages(thread, env)
    assert f"{quitter.name} — " in first.embeds[0].fields[seat].name
    assert first.embeds[0].fields[seat].name.endswith("left the game")
    flip = next(i for i in items(first) if not i.disabled)
    refused = await quitter.click(first, custom_id=flip.custom_id)
    assert refused.ephemeral and refused.response.content == "⛔ You have left this game."
    assert (await session(env, record.id)).version == record.version

    record = await driver.play_to_end()
    assert record.status == "finished"
    outcome = ENGINE.outcome(game_state(env, record))
    assert seat not in outcome.winners
    result = thread.history()[-1].embeds[0]
    assert result.fields[-1].name == f"3. {quitter.name} · left the game"
    replayed = await env.bot.service.replay(record)
    assert ENGINE.dump(replayed) == record.state


async def test_quit_in_a_two_player_game_ends_it(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    set_locale(ben, "fr")
    record, lobby = await open_table(env, channel, ann, [ben], lang="fr")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    await driver.play_turn()

    result = await ben.slash(thread, "fortissimo quit")
    assert result.ephemeral and result.response.content == "Vous avez quitté la partie."
    record = await session(env, record.id)
    assert record.status == "finished"
    messages = thread.history()
    assert messages[-2].content == "🚪 ben quitte la partie."
    result = messages[-1].embeds[0]
    assert result.description == "🏆 Victoire : **ann**\nTous les autres joueurs ont quitté la partie."
    assert [f.name for f in result.fields] == ["1. ann", "2. ben · a quitté la partie"]
    assert all(controls_left(m) == [] for m in thread.history())  # a rematch, the rules, the replay, nothing else
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].description == f"Cette partie est terminée : <#{thread.id}>"
    # Nothing is left to run here.
    again = await ann.slash(thread, "fortissimo status")
    assert again.ephemeral and again.response.content == "⛔ No game of this kind is running here."  # ann reads English


LEFT_TO_COMPUTERS = {
    "en": (
        "🏳️ The game of Fortissimo! is over: everyone left, and the computers still playing win by forfeit.",
        "📈 Ratings",
        "ann **{rating}** ({change}) · provisional",
        "🏆 shared win: 🤖 Computer 1 (normal) and 🤖 Computer 2 (normal) · by forfeit",
    ),
    "fr": (
        "🏳️ La partie de Fortissimo! est terminée\xa0: tout le monde est parti, et les ordinateurs encore en jeu"
        " gagnent par forfait.",
        "📈 Cotes",
        "ann **{rating}** ({change}) · provisoire",
        "🏆 victoire partagée\xa0: 🤖 Ordinateur 1 (normal) et 🤖 Ordinateur 2 (normal) · par abandon",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_quit_leaving_only_computers_loses_by_forfeit(env, lang: str) -> None:
    """ann leaves a game only computers would play on: the table closes (nothing more is played),
    and ann loses by forfeit: the thread says so with her rating's change, /history names the
    computers as sharing the win, /stats counts a game lost. Quitting is no way out of a loss."""
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "fr" if lang == "fr" else "en-US")
    record, _ = await open_table(env, channel, ann, computers=2, lang=lang)
    thread = play_channel(env, channel, record)
    await Driver(env, thread, [ann], record.id).play_turn()

    await ann.slash(thread, "fortissimo quit")
    record = await session(env, record.id)
    assert record.status == "cancelled"
    said, title, line, history = LEFT_TO_COMPUTERS[lang]
    last = thread.history()[-1]
    (change,) = await env.bot.storage.rating_changes(guild.id, ann.id, "fortissimo", 5)
    shown, moved = change.after.shown, change.after.shown - change.before.shown
    assert 900 < shown < 1000 and -100 < moved < 0  # a loss, and a newcomer's: by less than 100 points
    assert last.content == said
    assert last.embeds[0].title == title
    assert last.embeds[0].description.splitlines()[0] == line.format(rating=shown, change=f"−{-moved}")
    assert all(m.components == [] for m in thread.history())
    listed = (await ann.slash(channel, "history")).response.embeds[0].description
    number = f"n°\xa0{record.id}" if lang == "fr" else f"#{record.id}"
    assert listed.startswith(f"{number} · Fortissimo! · {history} · ")
    stats = (await ann.slash(channel, "stats")).response.embeds[0].description
    assert stats.startswith(
        "**Fortissimo!**" + ("\xa0: 1 partie jouée, 0 gagnée" if lang == "fr" else ": 1 game played, 0 won")
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "❌ This game was cancelled."), ("fr", "❌ Cette partie a été annulée.")],
)
async def test_a_cancelled_game_says_so_on_its_board(env, lang, said) -> None:
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, _ = await open_table(env, channel, ann, [ben], lang=lang)
    thread = play_channel(env, channel, record)

    await ann.slash(thread, "fortissimo cancel")

    record = await session(env, record.id)
    boards = [m for m in thread.history() if m.id in record.board_message_ids]
    assert said in boards[0].embeds[0].description and boards[1].content == said  # not "the game is over"
    lobby = next(m for m in channel.history() if m.id == record.lobby_message_id)
    assert lobby.embeds[0].description == t(lang, "lobby.cancelled")


async def test_lobby_leave_status_and_quit(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    lobby = (await ann.slash(channel, "fortissimo start")).response.message
    await ben.click(lobby, label="Join")
    await cat.click(lobby, label="Join")

    status = await ben.slash(channel, "fortissimo status")
    (record,) = await env.bot.storage.find_sessions(channel_id=channel.id)
    link = f"https://discord.com/channels/{guild.id}/{channel.id}/{lobby.id}"
    assert status.ephemeral and status.response.content == f"The table is still waiting for players: {link}"

    # The host leaves: the next player hosts the table.
    assert not (await ann.click(lobby, label="Leave")).ephemeral
    record = await session(env, record.id)
    assert record.host_id == ben.id and [s.name for s in record.seats] == ["ben", "cat"]
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].description.startswith(f"Host: {ben.mention}.")
    # /fortissimo quit in the lobby is the same as Leave.
    assert (await cat.slash(channel, "fortissimo quit")).response.content == "You left the game."
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].fields[0].value == "1. ben · new"
    refused = await cat.slash(channel, "fortissimo quit")
    assert refused.response.content == "⛔ You are not playing in this game."
    assert refused.ephemeral
