"""Finished games feed /stats, /leaderboard, /history and /replay."""

from bot import replays
from games.fortissimo import ENGINE
from tests.conftest import set_locale
from tests.discord.driver import Driver, jump, open_table, play_channel
from tests.discord.forteresse_driver import Driver as ForteresseDriver
from tests.discord.forteresse_driver import start as forteresse_start
from tests.discord.test_forteresse_play import LOST_SEED, use_seed


async def play_game(env, channel, host, others, computers=0, **options):
    record, _ = await open_table(env, channel, host, others, computers=computers, **options)
    driver = Driver(env, play_channel(env, channel, record), [host, *others], record.id)
    return await driver.play_to_end()


async def test_stats_leaderboard_history_and_replay(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    games = [
        await play_game(env, channel, ann, [ben], first_player="lobby"),
        await play_game(env, channel, ben, [ann], first_player="lobby"),
        await play_game(env, channel, ann, [], computers=1, variant="advanced"),
    ]
    results = {r.session_id: r for r in await env.bot.storage.results(guild.id)}
    assert sorted(results) == sorted(g.id for g in games)
    wins = {ann.id: 0, ben.id: 0}
    for game in games:
        outcome = ENGINE.outcome(env.bot.service.state(game))
        stored = results[game.id]
        assert stored.ending == "finished" and stored.reason == outcome.reason
        assert [s.won for s in stored.seats] == [i in outcome.winners for i in range(len(game.seats))]
        assert stored.ended_at >= stored.started_at
        for seat in outcome.winners:
            if game.seats[seat].user_id is not None:
                wins[game.seats[seat].user_id] += 1
    # The advanced game keeps its scores; the computer's seat is stored but has no user.
    assert all(s.score is not None for s in results[games[2].id].seats)
    assert results[games[2].id].seats[1].user_id is None

    stats = await ann.slash(channel, "stats")
    assert stats.ephemeral
    line = stats.response.embeds[0].description
    assert line == f"**Fortissimo!**: 3 games played, {wins[ann.id]} won ({round(100 * wins[ann.id] / 3)}%)"
    set_locale(cat, "fr")
    about_ben = await cat.slash(channel, "stats", user=ben)
    assert about_ben.response.embeds[0].title == "Statistiques\xa0: ben"  # not « de ben », « de alice »
    won = wins[ben.id]
    assert about_ben.response.embeds[0].description == (
        f"**Fortissimo!**\xa0: 2 parties jouées, {won} {'gagnées' if won > 1 else 'gagnée'}"
        f" ({round(100 * won / 2)}\xa0%)"  # one plural form per number, the percent written the French way
    )
    nothing = await cat.slash(channel, "stats")
    assert nothing.response.embeds[0].description == "Aucune partie terminée sur ce serveur pour l'instant."

    board = (await ann.slash(channel, "leaderboard", game="fortissimo")).response.embeds[0]
    lines = board.description.splitlines()
    assert len(lines) == sum(1 for won in wins.values() if won)  # the computer never ranks, nor who never won
    ranked = sorted(wins.items(), key=lambda item: (-item[1], -item[1] / (3 if item[0] == ann.id else 2)))
    played = 3 if ranked[0][0] == ann.id else 2
    plural = "wins" if ranked[0][1] > 1 else "win"
    rate = round(100 * ranked[0][1] / played)
    assert lines[0] == f"1. <@{ranked[0][0]}> — {ranked[0][1]} {plural} in {played} games ({rate}%)"

    history = (await ben.slash(channel, "history")).response.embeds[0].description.splitlines()
    assert [line.split(" · ")[0] for line in history] == [f"#{g.id}" for g in reversed(games)]

    exported = await ann.slash(channel, "replay", number=games[0].id)
    page, record = exported.response.attachments
    assert exported.ephemeral and [page.filename, record.filename] == [
        f"fortissimo-{games[0].id}.html", f"fortissimo-{games[0].id}.txt",
    ]  # fmt: skip
    text = (await record.read()).decode()
    assert text == replays.export(games[0], await env.bot.storage.actions(games[0].id))
    assert ENGINE.dump(replays.replay(text)) == games[0].state  # the replay ends where the game did
    missing = await ann.slash(channel, "replay", number=999)
    assert missing.response.content == "There is no finished game #999 on this server."


async def test_a_forfeit_is_recorded_as_such(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, _ = await open_table(env, channel, ann, [ben])
    await ben.slash(play_channel(env, channel, record), "fortissimo quit")
    (result,) = await env.bot.storage.results(guild.id)
    assert result.ending == "forfeited"
    assert [(s.name, s.won, s.place) for s in result.seats] == [("ann", True, 1), ("ben", False, 2)]


async def test_a_lost_solitaire_and_a_computer_read_right_in_both_languages(env, monkeypatch) -> None:
    """ann loses a Forteresse Solo game and a Fortissimo! game against a strong computer: her stats
    give each number its own plural form, nobody ranks with no win, the history names the computer
    by its seat and says who lost the solitaire (no empty winner)."""
    use_seed(monkeypatch, LOST_SEED)
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "cat"))
    set_locale(cat, "fr")
    record, thread, _ = await forteresse_start(env, channel, ann)
    solitaire = await ForteresseDriver(env, thread, ann, record.id).play_to_end()
    record, _ = await open_table(env, channel, ann, computers=1, level="strong")
    thread = play_channel(env, channel, record)
    lost = await Driver(env, thread, [ann], record.id, choose=jump).play_to_end()  # she soon gets stuck
    assert [s.won for s in (await env.bot.storage.results(guild.id))[0].seats] == [False, True]

    async def shown(member, command: str, **options) -> tuple[str, str]:
        embed = (await member.slash(channel, command, **options)).response.embeds[0]
        return embed.title, embed.description

    assert await shown(ann, "stats") == (
        "Stats: ann",
        "**Forteresse Solo**: 1 game played, 0 won (0%)\n**Fortissimo!**: 1 game played, 0 won (0%)",
    )
    assert await shown(cat, "stats", user=ann) == (
        "Statistiques\xa0: ann",
        "**Forteresse Solo**\xa0: 1 partie jouée, 0 gagnée (0\xa0%)\n**Fortissimo!**\xa0: 1 partie jouée, 0 gagnée (0\xa0%)",
    )
    assert await shown(ann, "leaderboard", game="fortissimo") == (
        "Leaderboard — Fortissimo!",
        "Nobody has won a game of this kind here yet.",
    )
    assert (await shown(cat, "leaderboard", game="forteresse"))[
        1
    ] == "Personne n'a encore gagné de partie de ce jeu ici."
    ended = f"<t:{int(lost.updated_at)}:R>"
    title, history = await shown(ann, "history")
    assert title == "Last finished games" and "🏆  ·" not in history
    assert history.splitlines()[0].startswith(f"#{lost.id} · Fortissimo! · 🏆 🤖 Computer 1 (strong) · finished · ")
    assert history.splitlines()[1].startswith(f"#{solitaire.id} · Forteresse Solo · ann lost · finished · ")
    _, histoire = await shown(cat, "history")
    assert histoire.splitlines() == [
        f"n°\xa0{lost.id} · Fortissimo! · 🏆 🤖 Ordinateur 1 (fort) · terminée · {history.splitlines()[0][-len(ended) :]}",
        f"n°\xa0{solitaire.id} · Forteresse Solo · ann a perdu · terminée · {history.splitlines()[1][-len(ended) :]}",
    ]
