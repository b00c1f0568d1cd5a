"""Results that count right and ratings where players are (issue 32, points 1, 5 and 9), in both
languages: a game nobody wins and a shared win in /history, /stats and the ratings; each person's
rating beside their name in a lobby (read once per person who sits down); each rated person's change
under a result; the History button's whole game, in pages."""

import pytest

from bot import ratings, replays
from bot.sessions import commit
from bot.storage import ActionRecord, Seat, SessionRecord
from bot.ui.history_pages import PAGE_LINES, public_events
from cogs.fortissimo.board import FortissimoUI
from games.fireship import ENGINE as FIRESHIP
from games.fortboyard import ENGINE as FORT_BOYARD
from games.fortboyard.models import Answer
from games.fortissimo import ENGINE as FORTISSIMO
from tests.conftest import set_locale
from tests.discord.driver import LOBBY_LABELS, Driver, add_computer, items, open_table, play_channel
from tests.games.test_fortboyard_rules import act, round_3

NOW = 1_767_225_600.0


def french(number: int) -> str:
    return f"{number:,}".replace(",", "\u202f")


def written(number: int, lang: str) -> str:
    return french(number) if lang == "fr" else f"{number:,}"


def people(env, lang: str, *names: str):
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("jeux" if lang == "fr" else "games")
    members = [guild.add_member(env.create_user(name)) for name in names]
    for member in members:
        set_locale(member, "fr" if lang == "fr" else "en-US")
    return guild, channel, members


async def ended(env, guild, game: str, members, state, ended_at: float) -> SessionRecord:
    """A finished game of ``members`` stored as the bot stores one: its result derived from the
    engine's outcome of ``state`` (places and wins as the session service derives them)."""
    storage, service = env.bot.storage, env.bot.service
    seats = [Seat(user_id=m.id, name=m.name) for m in members]
    record = await storage.create_session(
        SessionRecord(
            game=game,
            guild_id=guild.id,
            lobby_channel_id=1,
            channel_id=1,
            host_id=members[0].id,
            status="active",
            seats=seats,
            seed=1,
            created_at=ended_at - 60,
            updated_at=ended_at - 60,
        )
    )
    result = service._result(record, registry_outcome(game, state)).model_copy(update={"ended_at": ended_at})
    await storage.save(record.model_copy(update={"status": "finished", "version": 1}), 0, [], result)
    return record


def registry_outcome(game: str, state):
    engine = {"fortboyard": FORT_BOYARD, "fireship": FIRESHIP}[game]
    outcome = engine.outcome(state)
    assert outcome is not None
    return outcome


def nobody_found_the_treasure():
    state, _ = round_3([1, 1], fourth=0)
    state, _ = act(state, 0, Answer(text="parapluie"))
    state, _ = act(state, 1, Answer(text="parapluie"))
    assert state.end_reason == "no_treasure"
    return state


def tied_when_time_is_up():
    """A Fireship game whose rounds ran out with both fleets level: a shared win."""
    state = FIRESHIP.new_game(2, FIRESHIP.make_options({"rounds": 1}), 5)
    return state.model_copy(update={"phase": "over", "winners": [0, 1], "end_reason": "rounds"})


ENDINGS = {
    "en": {
        "nobody": "Fort Boyard · no winner · finished",
        "shared": "Fireship · 🏆 shared win: ann and ben · finished",
        "stats": [
            "**Fireship**: 1 game played, 1 won (100%)",
            "**Fort Boyard**: 1 game played, 0 won (0%)",
        ],
    },
    "fr": {
        "nobody": "Fort Boyard · sans gagnant · terminée",
        "shared": "Fireship · 🏆 victoire partagée\xa0: ann et ben · terminée",
        "stats": [
            "**Fireship**\xa0: 1 partie jouée, 1 gagnée (100\xa0%)",
            "**Fort Boyard**\xa0: 1 partie jouée, 0 gagnée (0\xa0%)",
        ],
    },
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_game_nobody_wins_is_no_win_and_a_tie_shares_it(env, lang: str) -> None:
    """A Fort Boyard game in which nobody found their code word is a shared place and no win for
    anyone: /history says there is no winner, /stats counts it a game not won, and the ratings take
    it as a tie (a newcomer's moves by a few points, never the 40 it rose before); a Fireship game
    tied when time is up is a win for both, worded as shared."""
    guild, channel, (ann, ben) = people(env, lang, "ann", "ben")
    nobody = await ended(env, guild, "fortboyard", [ann, ben], nobody_found_the_treasure(), NOW)
    shared = await ended(env, guild, "fireship", [ann, ben], tied_when_time_is_up(), NOW + 1)
    (result,) = [r for r in await env.bot.storage.results(guild.id) if r.session_id == nobody.id]
    assert [(s.place, s.won) for s in result.seats] == [(1, False), (1, False)]

    history = (await ann.slash(channel, "history")).response.embeds[0].description.splitlines()
    number = "n°\xa0{}" if lang == "fr" else "#{}"
    assert [line.rsplit(" · ", 1)[0] for line in history] == [
        f"{number.format(shared.id)} · {ENDINGS[lang]['shared']}",
        f"{number.format(nobody.id)} · {ENDINGS[lang]['nobody']}",
    ]
    stats = (await ben.slash(channel, "stats")).response.embeds[0].description.splitlines()
    assert [line.split(" · ")[0] for line in stats] == ENDINGS[lang]["stats"]
    for member in (ann, ben):
        (change,) = await env.bot.storage.rating_changes(guild.id, member.id, "fortboyard", 5)
        assert not change.won and abs(change.after.shown - change.before.shown) < 10
        (won,) = await env.bot.storage.rating_changes(guild.id, member.id, "fireship", 5)
        assert won.won


RESULT_TEXTS = {
    "en": ("📈 Ratings", "ann **{rating}** ({change}) · provisional", "*Provisional: from fewer than 5 rated games;"),
    "fr": ("📈 Cotes", "ann **{rating}** ({change}) · provisoire", "*Provisoire\xa0: établie sur moins de 5 parties"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_result_gives_each_rated_persons_change(env, lang: str) -> None:
    """ann's first game, against the Easy computer: under the result, her new rating and its change,
    marked provisional and explained; a first game moves it by less than 100 points."""
    guild, channel, (ann,) = people(env, lang, "ann")
    record, _ = await open_table(env, channel, ann, computers=1, lang=lang, level="easy")
    thread = play_channel(env, channel, record)
    record = await Driver(env, thread, [ann], record.id).play_to_end()
    (message,) = [m for m in thread.history() if len(m.embeds) == 2]
    outcome, rated = message.embeds
    assert outcome.title == FortissimoUI().result(record, env.bot.service.state(record), lang).title
    (change,) = await env.bot.storage.rating_changes(guild.id, ann.id, "fortissimo", 5)
    moved = change.after.shown - change.before.shown
    assert change.before.shown == 1000 and 0 < abs(moved) < 100
    title, line, note = RESULT_TEXTS[lang]
    sign = f"+{moved}" if moved > 0 else f"−{-moved}"
    assert rated.title == title
    assert rated.description.splitlines()[0] == line.format(rating=written(change.after.shown, lang), change=sign)
    assert rated.description.splitlines()[1].startswith(note)
    stats = (await ann.slash(channel, "stats")).response.embeds[0]  # provisional there too, and explained
    marked = {"en": "(provisional)", "fr": "(provisoire)"}[lang]
    assert f"**{written(change.after.shown, lang)}** {marked}" in stats.description
    assert stats.footer.text.startswith(note.lstrip("*"))


LOBBY_TEXTS = {
    "en": ("1. ann · **{rating}** (provisional)", "2. ben · new", "Ratings at this game on this server"),
    "fr": ("1. ann · **{rating}** (provisoire)", "2. ben · nouveau", "Cotes à ce jeu sur ce serveur"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_lobby_shows_ratings_read_once_per_person(env, monkeypatch, lang: str) -> None:
    """A lobby of a rated game shows each person's rating beside their name (« new » before their
    first rated game) and explains them; they are read when someone sits down, not on the lobby's
    other clicks (computers added and removed, someone leaving and coming back)."""
    guild, channel, (ann, ben) = people(env, lang, "ann", "ben")
    state = tied_when_time_is_up()
    await ended(env, guild, "fireship", [ann, env.create_user("cat")], state, NOW)  # ann's one rated game
    (rating,) = await env.bot.storage.ratings(guild.id, game="fireship", user_id=ann.id)
    reads = []
    storage = env.bot.storage
    read = storage.ratings

    async def counted(*args, **kwargs):
        reads.append(kwargs.get("users"))
        return await read(*args, **kwargs)

    monkeypatch.setattr(storage, "ratings", counted)
    lobby = (await ann.slash(channel, "fireship start")).response.message
    assert reads == [[ann.id]]
    await ben.click(lobby, label=LOBBY_LABELS[lang]["join"])
    assert reads == [[ann.id], [ben.id]]  # only the newcomer to the table is read
    await add_computer(channel, ann, lobby, "easy")
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    await ann.click(lobby, label=LOBBY_LABELS[lang]["remove_bot"])
    await ben.click(lobby, label=LOBBY_LABELS[lang]["leave"])
    await ben.click(lobby, label=LOBBY_LABELS[lang]["join"])
    assert reads == [[ann.id], [ben.id]]  # nothing more read
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    first, second, note = LOBBY_TEXTS[lang]
    shown = written(rating.skill.shown, lang)
    assert ratings.is_provisional(rating.games)
    assert lobby.embeds[0].fields[0].value == f"{first.format(rating=shown)}\n{second}"
    assert lobby.embeds[0].footer.text.startswith(note)
    await ann.click(lobby, label=LOBBY_LABELS[lang]["start"])
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].fields[0].value == "1. ann\n2. ben"  # a table at play: the names alone
    assert lobby.embeds[0].footer.text is None


HISTORY_TEXTS = {
    "en": ("📜 Fortissimo! #{number}: the whole game", "Page {page} of {pages} · newest first", "Newer", "Older"),
    "fr": (
        "📜 Fortissimo! n°\xa0{number}\xa0: toute la partie",
        "Page {page} sur {pages} · les plus récents d'abord",
        "Plus récents",
        "Plus anciens",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_history_is_the_whole_game_in_pages(env, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The 📜 History button shows every move of the game, not only the events the board keeps: privately, in
    pages, the newest first, with buttons to page back and forth (disabled at either end); pages stay
    where they were while the game goes on."""
    _, channel, (ann, ben) = people(env, lang, "ann", "ben")
    record, _ = await open_table(env, channel, ann, [ben], lang=lang, first_player="lobby")
    thread = play_channel(env, channel, record)
    driver = Driver(env, thread, [ann, ben], record.id)
    monkeypatch.setattr(commit, "RECENT_EVENTS", 12)  # the board keeps fewer events than this game has
    turns = PAGE_LINES + 1  # two pages of History
    for _ in range(turns):
        await driver.play_turn()
    record = await driver.record()
    assert record.status == "active"
    text = replays.export(record, await env.bot.storage.actions(record.id))
    every = record.model_copy(update={"recent": public_events(text, "fortissimo", record.state)})  # as played
    whole = FortissimoUI().history_lines(every, env.bot.service.state(record), lang)
    assert len(whole) == turns and len(every.recent) > len(
        record.recent
    )  # one line a turn; the board keeps the last few
    board = next(m for m in thread.history() if m.id == record.board_message_ids[-1])
    title, footer, newer, older = HISTORY_TEXTS[lang]

    shown = await ben.click(board, custom_id=f"h:fortissimo:{record.id}")
    assert shown.ephemeral
    page = shown.response
    pages = []
    for number in (1, 2):
        embed = page.embeds[0]
        assert embed.title == title.format(number=record.id)
        assert embed.footer.text == footer.format(page=number, pages=2)
        buttons = {button.label: button for button in items(page.message)}
        assert list(buttons) == [newer, older]
        assert buttons[newer].disabled == (number == 1) and buttons[older].disabled == (number == 2)
        pages.append(embed.description.splitlines())
        if number == 1:
            await driver.play_turn()  # the game goes on: the pages stay as they were
            page = (await ben.click(page, custom_id=buttons[older].custom_id)).response
    assert pages[0] + pages[1] == list(reversed(whole))  # every line, the newest first
    back = await ben.click(page, custom_id={b.label: b for b in items(page.message)}[newer].custom_id)
    assert back.response.embeds[0].description.splitlines() == pages[0]


def test_a_log_that_does_not_lead_to_the_table_is_not_told() -> None:
    """History replays the action log; a log that does not lead to the table's stored state (an
    engine that no longer plays it the same) is not told as the game: History falls back on the
    board's latest moves (``HistoryPages.whole_history``)."""
    record = SessionRecord(
        id=7, game="fortissimo", guild_id=1, lobby_channel_id=1, channel_id=1, host_id=1, status="active",
        seats=[Seat(user_id=1, name="ann"), Seat(user_id=2, name="ben")], seed=3, created_at=0, updated_at=0,
        options={"first_player": "lobby"},
    )  # fmt: skip
    state = FORTISSIMO.new_game(2, FORTISSIMO.make_options(record.options), 3)
    flip = FORTISSIMO.legal_actions(state, 0)[0]
    after = FORTISSIMO.apply(state, 0, flip).state
    text = replays.export(
        record, [ActionRecord(session_id=7, seq=1, seat=0, user_id=1, token=flip.token(), created_at=0)]
    )
    assert public_events(text, "fortissimo", FORTISSIMO.dump(after)) == [
        e.model_dump(mode="json") for e in FORTISSIMO.apply(state, 0, flip).events if e.audience is None
    ]
    assert public_events(text, "fortissimo", FORTISSIMO.dump(state)) is None  # not where the table is
    assert public_events(text.replace(flip.token(), "zz"), "fortissimo") is None  # a move it refuses
