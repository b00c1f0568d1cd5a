"""The /fortboyard commands around a game: rules in both languages, options, status, quit."""

from tests.conftest import set_locale
from tests.discord.driver import bot_messages, public_text
from tests.discord.test_fortboyard_trials import two_players


async def test_rules_in_both_languages_list_every_house_rule(env) -> None:  # noqa: ANN001
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ben, "fr")
    english = (await ann.slash(channel, "fortboyard rules")).response
    french = (await ben.slash(channel, "fortboyard rules")).response
    assert english.ephemeral and french.ephemeral
    en, fr = public_text(english), public_text(french)
    assert "Round 3: the treasure" not in en and "**3. Treasure:**" in en and "**3. Le trésor :**" in fr
    assert "The sea: a 10-cell loop" in en and "La mer : une boucle de 10 cases" in fr
    assert en.count("• ") == fr.count("• ") == 13


async def test_start_options_show_in_the_lobby(env) -> None:  # noqa: ANN001
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "fr")
    lobby = (await ann.slash(channel, "fortboyard start", cards="en", side="blue", hourglass=45, computer_skill=80)).response
    text = public_text(lobby)
    assert "cartes en anglais · Cartes épreuves : énoncés bleus · Sablier : 45 s" in text
    assert "80 % / 80 % / 80 % / 80 %" in text


async def test_a_player_who_quits_mid_game_leaves_the_other_the_win(env) -> None:  # noqa: ANN001
    driver, ann, ben, thread = await two_players(env)
    await driver.play_until(lambda state: state.phase == "trial")
    shown = await ben.slash(thread, "fortboyard status")
    assert shown.ephemeral
    await ann.slash(thread, "fortboyard quit")
    record = await driver.record()
    assert record.status == "finished"
    result = public_text(bot_messages(thread, env)[-1])
    assert "**ben** wins: the other players left." in result
