"""/help presents every game and shared command; /games lists this server's tables."""

from discord import app_commands

from bot.i18n import t
from tests.conftest import set_locale
from tests.discord.driver import Driver, open_game_table, open_table, play_channel


async def test_help_lists_every_command_per_game_in_both_languages(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ben, "fr")
    english = (await ann.slash(channel, "help")).response
    french = (await ben.slash(channel, "help")).response
    assert english.ephemeral and french.ephemeral
    en, fr = english.embeds[0], french.embeds[0]
    assert len(en) <= 6000 and len(fr) <= 6000  # Discord's limit for an embed
    en_text = "\n".join(f"{f.name}\n{f.value}" for f in en.fields)
    fr_text = "\n".join(f"{f.name}\n{f.value}" for f in fr.fields)

    # Every command a user can type, as Discord lists it in each language, is in /help.
    for command in env.bot.tree.get_commands():
        if isinstance(command, app_commands.Group):
            english_names = [f"/{command.name} {sub.name}" for sub in command.commands]
            french_names = [
                f"/{t('fr', command._locale_name.extras['key'])} {t('fr', sub._locale_name.extras['key'])}"
                for sub in command.commands
            ]
        else:
            english_names = [f"/{command.name}"]
            french_names = [f"/{t('fr', command._locale_name.extras['key'])}"]
        for name in english_names:
            assert f"`{name}` — " in en_text, name
        for name in french_names:
            assert f"`{name}` — " in fr_text, name
    assert en.fields[0].name == "Fireship (2 to 4 players)" and fr.fields[0].name == "Fireship (2 à 4 joueurs)"
    assert "`/fortissimo start` — " in en_text and "`/fortissimo commencer` — " in fr_text
    assert "`/forteresse hand` — " in en_text and "`/forteresse main` — " in fr_text
    assert "`/notifications` — " in en_text and "`/aide` — " in fr_text
    assert "Forteresse Solo (solitaire)" in en_text
    # a game's name as its makers write it, in a sentence that reads in each language
    assert "`/labyrinthe start` — Open a table of Le labyrinthe secret (2 to 4 players)" in en_text
    assert "`/labyrinthe commencer` — Ouvrir une table du Labyrinthe secret (2 à 4 joueurs)" in fr_text
    assert "Labyrinthe secret table" not in en_text
    assert en.fields[-1].name == "How a game unfolds" and fr.fields[-1].name == "Comment se déroule une partie"


async def test_games_lists_open_and_running_tables_of_this_server(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    assert (await cat.slash(channel, "games")).response.embeds[0].description == "No open table and no running game."
    running, _ = await open_table(env, channel, ann, [ben], first_player="lobby")
    await cat.slash(channel, "fortissimo start")
    other = env.create_guild().create_text_channel("elsewhere")  # another server's table stays out
    dan = other.guild.add_member(env.create_user("dan"))
    await dan.slash(other, "fortissimo start")

    lines = (await cat.slash(channel, "games")).response.embeds[0].description.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"#{running.id} · Fortissimo! · ann, ben · to play: ann · https://discord.com/channels/")
    assert lines[1].startswith(f"#{running.id + 1} · Fortissimo! · open table: cat · ")
    driver = Driver(env, play_channel(env, channel, running), [ann, ben], running.id)
    await driver.play_turn()
    lines = (await cat.slash(channel, "games")).response.embeds[0].description.splitlines()
    assert "to play: ben" in lines[0]


async def test_french_game_names_take_their_article(env) -> None:
    """« La partie du Labyrinthe secret commence ! », not « La partie de Le labyrinthe secret »."""
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    _, thread, _ = await open_game_table(env, channel, "labyrinthe", ann, [ben], lang="fr")
    kickoff = thread.history()[0].content
    assert kickoff == f"🎲 La partie du Labyrinthe secret commence ! Joueurs : {ann.mention}, {ben.mention}"
    await ann.slash(thread, "labyrinthe cancel")
    assert thread.history()[-1].content == "❌ La partie du Labyrinthe secret a été annulée."
