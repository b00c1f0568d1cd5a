"""Fort Boyard stays calm (issue 32): a person is called once a turn that passes to them, never
twice within a minute while they play, however many steps a trial or a duel takes; and a duel's
board has one clock, naming who must act now, and says who has already answered only where the
duellists answer at the same time.

The players take their time on SimCord's virtual clock (``advance_time``), never the wall clock's.
"""

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from simcord import Env

from bot.i18n import Language, t
from bot.ui.turn_pings import CALM
from games.fortboyard import ENGINE
from tests.conftest import set_locale
from tests.discord.driver import open_game_table, public_text
from tests.discord.fortboyard_driver import Driver, board
from tests.discord.test_fortboyard_mechanics import stage

LOCALES = {"fr": "fr", "en": "en-US"}
HOURGLASS = 180  # seconds: the longest the table allows, so that players may take a minute a move
NIM = {"kind": "nim", "sticks": 21, "most": 2}  # ten moves or so each


@dataclass
class Call:
    at: float  # SimCord's clock
    users: frozenset[int]  # whom the message notified
    turn: int  # the game's turn number as it stood


@contextmanager
def calls(env: Env, session_id: int) -> Iterator[list[Call]]:
    """Every message of the table that notifies someone, as it is posted."""
    tables = env.bot.tables
    post = tables.post
    found: list[Call] = []

    async def posting(channel_id: int, content: str | None = None, *, ping: Any = (), **fields: Any) -> Any:
        if users := frozenset(ping):
            record = await env.bot.service.get(session_id)
            turn = ENGINE.turn_number(env.bot.service.state(record))
            found.append(Call(env.bot.service.clock(), users, turn))
        return await post(channel_id, content, ping=ping, **fields)

    tables.post = posting
    try:
        yield found
    finally:
        del tables.post


def to(calls: list[Call], user_id: int) -> list[Call]:
    return [call for call in calls if user_id in call.users]


def never_twice_a_minute(calls: list[Call]) -> None:
    times = [call.at for call in calls]
    assert all(later - earlier >= CALM for earlier, later in itertools.pairwise(times)), times


async def fort(env: Env, lang: Language, people: int, computers: int = 0) -> Driver:
    guild = env.create_guild(preferred_locale=LOCALES[lang])
    channel = guild.create_text_channel("jeux")
    players = [guild.add_member(env.create_user(name)) for name in ("ann", "ben")[:people]]
    for player in players:
        set_locale(player, LOCALES[lang])
    record, thread, _ = await open_game_table(
        env, channel, "fortboyard", players[0], players[1:], computers, lang, hourglass=HOURGLASS
    )
    return Driver(env, thread, players, record.id)


async def staged_duel(env: Env, driver: Driver, sample: dict[str, Any]) -> Any:
    """The table in a duel that ann (seat 0) begins, on her own turn."""
    await driver.play_until(lambda state: state.phase == "roll" and state.current == 0)
    return await stage(env, driver, driver.channel, "duel", sample)


async def computers_done(env: Env, driver: Driver) -> None:
    """Time passes until the computer has played what it had to (its pause between turns)."""
    for _ in range(50):
        if env.bot.service.next_computer(await driver.record()) is None:
            return
        await env.advance_time(env.bot.computers.pause)
    raise AssertionError("the computer did not play")


# -- pings -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_duel_against_the_computer_calls_the_player_once_however_long(env, lang: Language) -> None:
    """Nim against the computer: each of ann's moves is answered by the computer's, and the turn
    comes back to her each time; she is in the duel, and it is one turn: no call at each step,
    even when she takes a minute a move."""
    driver = await fort(env, lang, people=1, computers=1)
    ann = driver.players[0]
    with calls(env, driver.session_id) as found:
        await staged_duel(env, driver, NIM)
        moves = 0
        while env.bot.service.state(await driver.record()).trial is not None:
            await driver.step()  # the computer answers at once
            await env.advance_time(CALM + 1)
            moves += 1
    assert moves >= 4  # she had the turn back several times
    assert len(to(found, ann.id)) <= 1


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_duel_between_people_calls_each_once(env, lang: Language) -> None:
    driver = await fort(env, lang, people=2)
    ann, ben = driver.players
    with calls(env, driver.session_id) as found:
        await staged_duel(env, driver, NIM)
        moves = 0
        while env.bot.service.state(await driver.record()).trial is not None:
            await driver.step()
            await env.advance_time(CALM + 1)
            moves += 1
    assert moves >= 8
    assert len(to(found, ann.id)) <= 1 and len(to(found, ben.id)) <= 1


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_whole_game_against_the_computer_calls_the_player_at_most_once_a_minute(env, lang: Language) -> None:
    """The computer shows each of its turns after a short pause and ann plays every few seconds:
    a turn that passes back to her after the computer's is called at most once a minute, and
    called all the same once she has been away a while."""
    driver = await fort(env, lang, people=1, computers=1)
    env.bot.computers.pause = 1.5
    ann = driver.players[0]
    with calls(env, driver.session_id) as found:
        for _ in range(3000):
            if (await driver.record()).status != "active":
                break
            await driver.step()
            await env.advance_time(4)  # she reads the board before her next move
            await computers_done(env, driver)
    assert (await driver.record()).status == "finished"
    mine = to(found, ann.id)
    never_twice_a_minute(mine)
    assert mine, "called again once a minute had passed since the kickoff"
    assert len({call.turn for call in mine}) == len(mine)  # once a turn at most


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_whole_game_between_people_calls_each_once_a_turn_and_a_minute(env, lang: Language) -> None:
    driver = await fort(env, lang, people=2)
    with calls(env, driver.session_id) as found:
        for _ in range(3000):
            if (await driver.record()).status != "active":
                break
            await driver.step()
            await env.advance_time(10)
    assert (await driver.record()).status == "finished"
    for player in driver.players:
        theirs = to(found, player.id)
        never_twice_a_minute(theirs)
        assert len({call.turn for call in theirs}) == len(theirs)
        assert len(theirs) >= 2


# -- the duel's board ----------------------------------------------------------------------------------
def shown(env: Env, driver: Driver, record: Any) -> str:
    return public_text(board(env, driver.channel, record))


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_duel_in_turn_shows_one_clock_naming_who_must_act(env, lang: Language) -> None:
    driver = await fort(env, lang, people=2)
    ann, ben = driver.players
    record = await staged_duel(env, driver, NIM)
    for mover, waiter in ((ann, ben), (ben, ann)):
        text = shown(env, driver, record)
        prompt = text.splitlines()[1]  # under the title
        assert prompt.startswith(f"<@{mover.id}>") and f"<@{waiter.id}>" not in prompt
        assert text.count("<t:") == 1 and "⏰" not in text  # one clock: the hourglass
        assert t(lang, "fortboyard.trial.done", players="").split(":")[0].strip() not in text
        await driver.step()
        record = await driver.record()


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_already_answered_shows_only_where_duellists_answer_at_once(env, lang: Language) -> None:
    driver = await fort(env, lang, people=2)
    ann, ben = driver.players
    record = await staged_duel(env, driver, {"kind": "spsw", "wins": 1})
    text = shown(env, driver, record)
    prompt = text.splitlines()[1]
    assert f"<@{ann.id}>" in prompt and f"<@{ben.id}>" in prompt  # both choose at once
    await driver.step()  # ann shows her sign
    record = await driver.record()
    text = shown(env, driver, record)
    prompt = text.splitlines()[1]
    assert prompt.startswith(f"<@{ben.id}>") and f"<@{ann.id}>" not in prompt
    assert t(lang, "fortboyard.trial.done", players="ann") in text
    assert text.count("<t:") == 1 and "⏰" not in text


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_the_turn_clock_names_only_who_may_act(env, lang: Language) -> None:
    """Out of trials the turn clock shows again, for the player to act alone."""
    driver = await fort(env, lang, people=2)
    ann, ben = driver.players
    record = await driver.record()
    text = shown(env, driver, record)
    state = env.bot.service.state(record)
    to_act = [driver.players[seat] for seat in sorted(ENGINE.to_act(state))]
    clocks = [line for line in text.splitlines() if line.startswith("⏰")]
    assert len(clocks) == len(to_act) >= 1
    assert all(any(p.user.name in line for p in to_act) for line in clocks)
    idle = [p for p in (ann, ben) if p not in to_act]
    assert not any(p.user.name in line for p in idle for line in clocks)
