"""/help presents every game and shared command; /games lists this server's tables."""

from tests.conftest import set_locale
from tests.discord.driver import Driver, open_table, play_channel


async def test_help_in_both_languages(env) -> None:  # noqa: ANN001
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    set_locale(ben, "fr")
    english = (await ann.slash(channel, "help")).response
    french = (await ben.slash(channel, "help")).response
    assert english.ephemeral and french.ephemeral
    en, fr = english.embeds[0], french.embeds[0]
    en_games, fr_games = en.fields[0].value.split("\n"), fr.fields[0].value.split("\n")
    assert en_games[0].startswith("**Fireship** (`/fireship`, 2 to 4 players) — fleets of boats")
    assert en_games[1].startswith("**Fort Boyard** (`/fortboyard`, 2 to 6 players) — race round the Fort")
    assert fr_games[1].startswith("**Fort Boyard** (`/fortboyard`, 2 à 6 joueurs) — faites le tour du Fort")
    assert en_games[2].startswith("**Forteresse Solo** (`/forteresse`, solitaire) — ")
    assert en_games[3].startswith("**Fortissimo!** (`/fortissimo`, 2 to 4 players) — flip cards")
    assert fr_games[3].startswith("**Fortissimo!** (`/fortissimo`, 2 à 4 joueurs) — retournez")
    for shared in ("/help", "/games", "/settings", "/stats", "/leaderboard", "/history", "/replay"):
        assert f"`{shared}`" in en.fields[1].value
    assert "`/aide`" in fr.fields[1].value and "`/classement`" in fr.fields[1].value
    assert en.fields[2].name == "How a game unfolds" and fr.fields[2].name == "Comment se déroule une partie"


async def test_games_lists_open_and_running_tables_of_this_server(env) -> None:  # noqa: ANN001
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
