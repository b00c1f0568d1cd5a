"""Finished games feed /stats, /leaderboard, /history and /replay."""

from bot import replays
from games.fortissimo import ENGINE
from tests.conftest import set_locale
from tests.discord.driver import Driver, open_table, play_channel


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
    assert about_ben.response.embeds[0].title == "Statistiques de ben"
    assert about_ben.response.embeds[0].description.startswith("**Fortissimo!** : 2 parties jouées")
    nothing = await cat.slash(channel, "stats")
    assert nothing.response.embeds[0].description == "Aucune partie terminée sur ce serveur pour l'instant."

    board = (await ann.slash(channel, "leaderboard", game="fortissimo")).response.embeds[0]
    lines = board.description.splitlines()
    assert len(lines) == 2  # ann and ben; the computer player never ranks
    ranked = sorted(wins.items(), key=lambda item: (-item[1], -item[1] / (3 if item[0] == ann.id else 2)))
    assert lines[0].startswith(f"1. <@{ranked[0][0]}> — {ranked[0][1]} wins")

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
