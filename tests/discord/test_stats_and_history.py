"""Finished games feed /stats, /leaderboard, /history and /replay."""

import pytest
from openskill.models import PlackettLuce

from bot import replays
from bot.ratings import COMPUTER_MU, COMPUTER_SIGMA
from bot.storage import SessionRecord
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


LIB = PlackettLuce()  # the library as it comes, to check the bot against
NEWCOMER_SIGMA = 3.0  # the bot's newcomer (bot/ratings.py): the library's skill, a smaller uncertainty


async def library_ratings(env, guild_id: int, records: list[SessionRecord]) -> dict[int, list[int]]:
    """Each person's conservative rating as players read it (1000 + 50 × the library's ordinal, from
    a newcomer's), after each of their games, rated one after another by OpenSkill itself from the
    stored results."""
    results = sorted(await env.bot.storage.results(guild_id, limit=100), key=lambda r: (r.ended_at, r.session_id))
    tables = {record.id: record for record in records}
    now: dict[int, object] = {}
    shown: dict[int, list[int]] = {}
    for result in results:
        if len(result.seats) < 2:
            continue  # a solitaire is not rated
        table = tables[result.session_id]
        teams = [
            [now.get(s.user_id) or LIB.rating(sigma=NEWCOMER_SIGMA)]  # the library updates in place
            if s.user_id is not None
            else [LIB.rating(COMPUTER_MU[table.seats[s.seat].level], COMPUTER_SIGMA)]
            for s in result.seats
        ]
        rated = LIB.rate(teams, ranks=[s.place for s in result.seats])
        for s, [after] in zip(result.seats, rated):
            if s.user_id is not None:
                now[s.user_id] = after
                shown.setdefault(s.user_id, [1000]).append(
                    round(1000 + 50 * (after.ordinal() - LIB.rating(sigma=NEWCOMER_SIGMA).ordinal()))
                )
    return shown


@pytest.mark.simcord(settle_timeout=30)  # a real build, on a machine that may be busy
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
    assert line.startswith(f"**Fortissimo!**: 3 games played, {wins[ann.id]} won ({round(100 * wins[ann.id] / 3)}%) · ")
    set_locale(cat, "fr")
    about_ben = await cat.slash(channel, "stats", user=ben)
    assert about_ben.response.embeds[0].title == "Statistiques\xa0: ben"  # not « de ben », « de alice »
    won = wins[ben.id]
    assert about_ben.response.embeds[0].description.startswith(
        f"**Fortissimo!**\xa0: 2 parties jouées, {won} {'gagnées' if won > 1 else 'gagnée'}"
        f" ({round(100 * won / 2)}\xa0%) · cote "  # one plural form per number, the percent written the French way
    )
    nothing = await cat.slash(channel, "stats")
    assert nothing.response.embeds[0].description == "Aucune partie terminée sur ce serveur pour l'instant."

    board = (await ann.slash(channel, "leaderboard", game="fortissimo")).response.embeds[0]
    lines = board.description.splitlines()
    assert len(lines) == 2 and "Computer" not in board.description  # ann and ben; the computer never ranks
    ranked = sorted((-shown[-1], user) for user, shown in (await library_ratings(env, guild.id, games)).items())
    assert [line.split(" — ")[0] for line in lines] == [f"{i}. <@{user}>" for i, (_, user) in enumerate(ranked, 1)]

    history = (await ben.slash(channel, "history")).response.embeds[0].description.splitlines()
    assert [line.split(" · ")[0] for line in history] == [f"#{g.id}" for g in reversed(games)]

    exported = await ann.slash(channel, "replay", number=games[0].id)
    page, record = exported.response.attachments
    assert exported.ephemeral and [page.filename, record.filename] == [
        f"fortissimo-{games[0].id}.html",
        f"fortissimo-{games[0].id}.txt",
    ]
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
    give each number its own plural form, the solitaire's leaderboard (by wins) has nobody with no
    win while the rated one has her, the history names the computer by its seat and says who lost
    the solitaire (no empty winner)."""
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

    (_, now) = (await library_ratings(env, guild.id, [solitaire, lost]))[ann.id]  # the solitaire is not rated
    assert now < 1000  # a newcomer's first game, lost
    assert await shown(ann, "stats") == (
        "Stats: ann",
        "**Forteresse Solo**: 1 game played, 0 won (0%)\n**Fortissimo!**: 1 game played, 0 won (0%)"
        f" · rating **{now}** (provisional), −{1000 - now} over the last game",
    )
    assert await shown(cat, "stats", user=ann) == (
        "Statistiques\xa0: ann",
        "**Forteresse Solo**\xa0: 1 partie jouée, 0 gagnée (0\xa0%)\n**Fortissimo!**\xa0: 1 partie jouée, 0 gagnée"
        f" (0\xa0%) · cote **{now}** (provisoire), −{1000 - now} sur la dernière partie",
    )
    assert await shown(ann, "leaderboard", game="fortissimo") == (
        "Leaderboard — Fortissimo!",
        f"1. <@{ann.id}> — **{now}** (provisional) · 0 wins in 1 game",
    )
    assert await shown(ann, "leaderboard", game="forteresse") == (
        "Leaderboard — Forteresse Solo",
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


def french(number: int) -> str:
    return f"{number:,}".replace(",", "\u202f")  # thousands apart by a narrow no-break space


def signed(change: int) -> str:
    return "±0" if change == 0 else f"+{change}" if change > 0 else f"−{-change}"


async def test_ratings_rank_the_leaderboard_and_show_in_stats_in_both_languages(env) -> None:
    """After a few games (ann and ben twice, ben leaving the second; ann against a computer of each
    level), /leaderboard ranks by the conservative rating OpenSkill gives, marks whoever played fewer
    than 5 games as provisional, and shows wins and games; /stats shows each player's rating and its
    change over their last games; in English and in French. Built again from the results, the
    ratings give the same leaderboard."""
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann, ben, cat = (guild.add_member(env.create_user(name)) for name in ("ann", "ben", "cat"))
    set_locale(cat, "fr")
    records = [await play_game(env, channel, ann, [ben], first_player="lobby")]
    record, _ = await open_table(env, channel, ann, [ben])
    await ben.slash(play_channel(env, channel, record), "fortissimo quit")  # ann wins by forfeit
    records.append(await env.bot.service.get(record.id))
    for level in ("easy", "normal", "strong"):
        record, _ = await open_table(env, channel, ann, computers=1, level=level)
        records.append(await Driver(env, play_channel(env, channel, record), [ann], record.id).play_to_end())
    shown = await library_ratings(env, guild.id, records)
    results = await env.bot.storage.results(guild.id, limit=100)
    wins = {user: sum(s.won for r in results for s in r.seats if s.user_id == user) for user in shown}
    played = {ann.id: 5, ben.id: 2}
    ranked = sorted(shown, key=lambda user: -shown[user][-1])

    board = (await ann.slash(channel, "leaderboard", game="fortissimo")).response.embeds[0]
    plural, pluriel = {1: ""}, {0: "", 1: ""}  # French writes 0 in the singular
    assert board.title == "Leaderboard — Fortissimo!"
    assert board.description.splitlines() == [
        f"{place}. <@{user}> — **{shown[user][-1]:,}**{' (provisional)' if played[user] < 5 else ''}"
        f" · {wins[user]} win{plural.get(wins[user], 's')} in {played[user]} games"
        for place, user in enumerate(ranked, 1)
    ]
    assert board.footer.text == (
        "Ranked by rating: a cautious estimate of skill (OpenSkill), 1,000 for a newcomer, that grows as results"
        " confirm it; beating a stronger player, or a stronger computer, counts for more. Provisional: fewer than"
        " 5 games."
    )
    classement = (await cat.slash(channel, "leaderboard", game="fortissimo")).response.embeds[0]
    assert classement.title == "Classement — Fortissimo!"
    assert classement.description.splitlines() == [
        f"{place}. <@{user}> — **{french(shown[user][-1])}**{' (provisoire)' if played[user] < 5 else ''} · {wins[user]} victoire{pluriel.get(wins[user], 's')}"
        f" sur {played[user]} parties"
        for place, user in enumerate(ranked, 1)
    ]
    assert classement.footer.text.startswith(
        "Classé par cote\xa0: une estimation prudente du niveau (OpenSkill), 1\u202f000"
    )
    assert classement.footer.text.endswith("Provisoire\xa0: moins de 5 parties.")

    # ann's last 5 games are all she played: her change runs from a newcomer's 1000
    now = shown[ann.id][-1]
    stats = (await ann.slash(channel, "stats")).response.embeds[0].description
    assert stats == (
        f"**Fortissimo!**: 5 games played, {wins[ann.id]} won ({20 * wins[ann.id]}%)"
        f" · rating **{now:,}**, {signed(now - 1000)} over the last 5 games"
    )
    then, now = shown[ben.id][-3], shown[ben.id][-1]
    statistiques = (await cat.slash(channel, "stats", user=ben)).response.embeds[0].description
    assert (
        statistiques
        == (
            f"**Fortissimo!**\xa0: 2 parties jouées, {wins[ben.id]} gagnée ({50 * wins[ben.id]}\xa0%)"  # ben won one at most
            f" · cote **{french(now)}** (provisoire), {signed(now - then)} sur les 2 dernières parties"
        )
    )

    assert await env.bot.storage.recompute_ratings() == (5, 2)
    again = (await ann.slash(channel, "leaderboard", game="fortissimo")).response.embeds[0]
    assert again.description == board.description
