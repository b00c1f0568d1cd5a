"""The /fortboyard commands around a game: rules in both languages, options, status, quit."""

from bot.i18n import t
from cogs.fortboyard.board import house_rule
from games.fortboyard.deck import KINDS
from games.fortboyard.engine import HOUSE_RULES
from tests.conftest import set_locale
from tests.discord.driver import add_computer, bot_messages, public_text
from tests.discord.test_fortboyard_trials import two_players

EMBED_SIZE = 6000  # Discord: the characters of one embed, all its texts together


async def test_rules_in_both_languages_list_every_house_rule(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ben, "fr")
    english = (await ann.slash(channel, "fortboyard rules")).response
    french = (await ben.slash(channel, "fortboyard rules")).response
    assert english.ephemeral and french.ephemeral
    en, fr = public_text(english), public_text(french)
    assert "Round 3: the treasure" not in en and "**3. Treasure:**" in en and "**3. Le trésor :**" in fr
    assert "The sea: a 10-cell loop" in en and "La mer : une boucle de 10 cases" in fr
    lines = len(HOUSE_RULES) + sum(len(kinds) for kinds in KINDS.values())  # every house rule and trial kind
    assert en.count("• ") == fr.count("• ") == lines
    for lang, message in (("en", english), ("fr", french)):
        (embed,) = message.embeds
        assert len(embed) <= EMBED_SIZE and len(embed.fields) <= 25
        text = public_text(message)
        for key in HOUSE_RULES:  # stated whole, its numbers filled in
            assert house_rule(key, lang) in text and "{" not in house_rule(key, lang)
        for kinds in KINDS.values():
            assert all(t(lang, f"fortboyard.kind.{kind}").split(":")[0] in text for kind in kinds)


async def test_the_rules_state_the_duels_bounds_the_idle_cards_and_the_track_from_the_engine(env) -> None:
    """The decisions the rules text must state, with the numbers taken from the engine's constants."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ben, "fr")
    en = public_text((await ann.slash(channel, "fortboyard rules")).response)
    fr = public_text((await ben.slash(channel, "fortboyard rules")).response)
    assert "**Nim**: 10 to 21 sticks; in turn take 1 up to the card's maximum (2 to 4)" in en
    assert "**Nim** : 10 à 21 bâtonnets ; chacun son tour en prend de 1 au maximum de la carte (2 à 4)" in fr
    assert "a grid of 3×3 to 4×4" in en and "une grille de 3×3 à 4×4" in fr
    assert "The box's character, cover and Fort Boyard cards: the book gives them no use, so they have no effect" in en
    assert "Les cartes PERSONNAGE, CACHE et FORT BOYARD : la règle ne leur donne aucun usage" in fr
    assert "the stake announced before a duel goes to whoever wins it, challenger or challenged" in en
    assert "l'enjeu annoncé avant un duel va à qui le gagne, défieur ou défié" in fr
    assert "Each code word's 4 clues evoke it in 4 different senses." in en
    assert "Les 4 indices d'un mot-code l'évoquent dans 4 sens différents." in fr
    assert (
        "24 cells played clockwise (Gate × 1, Concentration × 5, Strength × 5, Duel × 4, Riddle × 5, Prison × 2, "
        "Master key × 2)" in en
    )
    assert "(Porte × 1, Concentration × 5, Force × 5, Duel × 4, Énigme × 5, Prison × 2, Passe-partout × 2)" in fr
    assert "The bag: 10 stones (worth nothing) and 60 × 10, 20 × 20, 10 × 50 Boyards" in en
    for name in (
        "Sequence",
        "Letter count",
        "Intruder",
        "Mental arithmetic",
        "Typing",
        "Push your luck",
        "Tapping",
        "Reaction light",
        "First right answer",
        "Stone-paper-scissors-well",
        "Nim",
        "Sea battle",
        "Riddle",
    ):
        assert f"• **{name}**:" in en, name


async def test_start_options_show_in_the_lobby(env) -> None:
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "fr")
    lobby = (
        await ann.slash(channel, "fortboyard start", cards="en", side="blue", hourglass=45, computer_skill=80)
    ).response
    text = public_text(lobby)
    assert "Cartes en anglais · Cartes épreuves\xa0: énoncés bleus · Sablier\xa0: 45\xa0secondes" in text  # written out
    assert "ordinateur" not in text and "%" not in text  # no computer at the table: no computer's rates
    await add_computer(channel, ann, lobby.message, "strong")
    await add_computer(channel, ann, lobby.message, "easy")
    options = next(f.value for f in lobby_now(channel, lobby.message).embeds[0].fields if f.name == "Options")
    assert options.splitlines()[3:] == [  # each level's own rates, from the 80 % the command set
        "🤖 Au niveau fort, l'ordinateur réussit 100\xa0% de ses épreuves de concentration, 100\xa0% de ses épreuves de force,"
        " 100\xa0% de ses duels et 100\xa0% de ses énigmes.",
        "🤖 Au niveau facile, l'ordinateur réussit 55\xa0% de ses épreuves de concentration, 55\xa0% de ses épreuves de force,"
        " 55\xa0% de ses duels et 55\xa0% de ses énigmes.",
    ]


async def test_the_computers_rates_follow_their_level_in_english(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    lobby = (await ann.slash(channel, "fortboyard start")).response
    assert "computer" not in public_text(lobby).lower().replace("add a computer player", "")
    for level in ("normal", "easy", "strong", "easy"):
        await add_computer(channel, ann, lobby.message, level)
    options = next(f.value for f in lobby_now(channel, lobby.message).embeds[0].fields if f.name == "Options")
    assert options.splitlines()[3:] == [
        "🤖 At the normal level, the computer wins 60% of its concentration trials, 60% of its strength trials, 50% of its duels"
        " and 40% of its riddles.",
        "🤖 At the easy level, the computer wins 35% of its concentration trials, 35% of its strength trials, 25% of its duels"
        " and 15% of its riddles.",
        "🤖 At the strong level, the computer wins 85% of its concentration trials, 85% of its strength trials, 75% of its duels"
        " and 65% of its riddles.",
    ]


def lobby_now(channel, lobby):
    return next(m for m in channel.history() if m.id == lobby.id)


async def test_a_player_who_quits_mid_game_leaves_the_other_the_win(env) -> None:
    driver, ann, ben, thread = await two_players(env)
    await driver.play_until(lambda state: state.phase == "trial")
    shown = await ben.slash(thread, "fortboyard status")
    assert shown.ephemeral
    await ann.slash(thread, "fortboyard quit")
    record = await driver.record()
    assert record.status == "finished"
    result = public_text(bot_messages(thread, env)[-1])
    assert "**ben** wins: the other players left." in result
