"""Computer players never hold up a click: the person's move is committed and shown as the answer,
then each computer turn is committed and shown on its own, the board saying meanwhile which
computer is thinking; a click then is refused like any click out of turn, and a restart in the
middle of the computers' turns resumes them.

The strong level's search is replaced here by a test double that takes 5 seconds (virtual ones:
SimCord parks the sleep until ``advance_time``) to decide what the real search would."""

import asyncio
import time

import pytest

from bot import search_pool
from bot.i18n import t
from bot.ui.computer_turns import STEP_SHARE
from tests.conftest import make_bot, set_locale
from tests.discord.driver import board_messages, items, open_game_table, play_channel, session
from tests.discord.test_fortissimo_refusals import refusal

THINKING = 5.0  # seconds the test double takes to decide
PAUSE = 12.0  # seconds between two computer turns shown, where a test sets one
THINKING_LINE = {"en": "🤖 Computer {n} (strong) is thinking…", "fr": "🤖 Ordinateur {n} (fort) réfléchit…"}


class SlowSearch:
    """The strong level's decision, after ``THINKING`` seconds; each ask's (simulated) time, table
    and wait noted."""

    def __init__(self) -> None:
        self.asked = 0
        self.asks: list[tuple[float, int | None, float]] = []

    async def think(self, game, view, legal, rng, level, iterations, seconds, *, table=None, wait=0.0):
        self.asked += 1
        self.asks.append((time.monotonic(), table, wait))
        await asyncio.sleep(THINKING)
        return search_pool.choose(game, view, legal, rng, level, 20, 60.0)


def slow(bot):
    bot.service.search = SlowSearch()
    return bot


def the_board(env, thread) -> str:
    """What the board's first message says: its text and its embed (whose prompt says who plays)."""
    first = board_messages(thread, env)[0]
    return "\n".join([first.content or "", *(embed.description or "" for embed in first.embeds)])


def a_flip(env, thread, record) -> tuple[object, str]:
    """A face-down card's button on the board as it is now."""
    for message in board_messages(thread, env):
        for item in items(message):
            if item.custom_id.startswith(f"g:fortissimo:{record.id}:{record.version}:f") and not item.disabled:
                return message, item.custom_id
    raise AssertionError("no card to flip")


async def played_by(env, sid: int) -> list[int | None]:
    return [action.seat for action in await env.bot.storage.actions(sid)]


async def strong_table(env, lang):
    """ann, reading the server's language, against two strong computers that take 5 s to decide; she
    plays first."""
    env.settle_timeout = 1.0  # a computer's 5 seconds are parked, not waited for
    slow(env.bot)
    guild = env.create_guild(preferred_locale="fr" if lang == "fr" else "en-US")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, lang)
    record, thread, _ = await open_game_table(
        env, channel, "fortissimo", ann, [], computers=2, lang=lang, level="strong", first_player="lobby"
    )
    return ann, channel, record, thread


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_click_is_answered_before_the_computers_think_and_each_turn_shows_on_its_own(
    env, simcord_bot, db_path, lang
) -> None:
    ann, _, record, thread = await strong_table(env, lang)
    sid = record.id

    # ann flips, then puts the card back: her turn ends and the computers' begin.
    message, flip = a_flip(env, thread, record)
    assert not (await ann.click(message, custom_id=flip)).ephemeral
    record = await session(env, sid)
    board = board_messages(thread, env)[1]
    started = time.perf_counter()
    result = await ann.click(board, custom_id=f"g:fortissimo:{sid}:{record.version}:r")
    answered = time.perf_counter() - started
    assert answered < 1.0 and not result.ephemeral  # answered at once, by the board's own edit
    assert await played_by(env, sid) == [0, 0]  # her move is committed; no computer move yet
    shown = the_board(env, thread)
    assert THINKING_LINE[lang].format(n=1) in shown
    assert THINKING_LINE[lang].format(n=2) not in shown

    # While Computer 1 thinks, ann's click is refused kindly and changes nothing.
    record = await session(env, sid)
    message, flip = a_flip(env, thread, record)
    assert refusal(await ann.click(message, custom_id=flip)) == t(lang, "error.not_your_turn")
    assert (await session(env, sid)).version == record.version and await played_by(env, sid) == [0, 0]

    # Computer 1's turn (two decisions) is committed and shown alone; then Computer 2 thinks.
    await env.advance_time(2 * THINKING)
    assert await played_by(env, sid) == [0, 0, 1, 1]
    shown = the_board(env, thread)
    assert THINKING_LINE[lang].format(n=2) in shown and THINKING_LINE[lang].format(n=1) not in shown

    await env.advance_time(2 * THINKING)
    assert await played_by(env, sid) == [0, 0, 1, 1, 2, 2]
    shown = the_board(env, thread)
    assert not any(THINKING_LINE[lang].format(n=n) in shown for n in (1, 2))
    record = await session(env, sid)
    assert env.bot.service.engine(record).to_act(env.bot.service.state(record)) == {0}
    assert env.bot.service.search.asked == 4


async def test_a_strong_computer_thinks_during_the_pause_before_its_turn_is_shown(env, simcord_bot) -> None:
    """With a pause between computer turns, a computer's search is asked as soon as its seat is
    to act, and may wait in line for the rest of the pause without losing its own time: the
    pause is time to think, not dead time. Its turn is shown when the pause ends, move by move."""
    ann, _, record, thread = await strong_table(env, "en")
    env.bot.computers.pause = PAUSE
    sid = record.id
    message, flip = a_flip(env, thread, record)
    await ann.click(message, custom_id=flip)
    record = await session(env, sid)
    await ann.click(board_messages(thread, env)[1], custom_id=f"g:fortissimo:{sid}:{record.version}:r")
    search = env.bot.service.search
    (asked, table, wait), *_ = search.asks
    assert table == sid and wait == pytest.approx(PAUSE)  # asked at once, the whole pause to wait in line

    await env.advance_time(2 * THINKING)  # Computer 1's two decisions are made, the pause not over
    assert await played_by(env, sid) == [0, 0]
    assert [(round(at - asked, 3), wait) for at, _, wait in search.asks] == [
        (0.0, pytest.approx(PAUSE)),
        (THINKING, pytest.approx(PAUSE - THINKING)),  # the turn's second decision: the rest of it
    ]
    await env.advance_time(PAUSE - 2 * THINKING)
    assert await played_by(env, sid) == [0, 0, 1]  # its first move shown when the pause ends, not after it
    await env.advance_time(PAUSE * STEP_SHARE)
    assert await played_by(env, sid) == [0, 0, 1, 1]  # its second a shorter pause later
    at, table, wait = search.asks[-1]  # and Computer 2 thinks at once, the next pause to wait
    assert len(search.asks) == 3 and round(at - asked, 3) == PAUSE * (1 + STEP_SHARE)
    assert wait == pytest.approx(PAUSE)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_restart_in_the_middle_of_the_computers_turns_resumes_them(env, simcord_bot, db_path, lang) -> None:
    ann, channel, record, thread = await strong_table(env, lang)
    sid = record.id
    message, flip = a_flip(env, thread, record)
    await ann.click(message, custom_id=flip)
    record = await session(env, sid)
    await ann.click(board_messages(thread, env)[1], custom_id=f"g:fortissimo:{sid}:{record.version}:r")
    await env.advance_time(2 * THINKING)  # Computer 1 has played; Computer 2 is thinking...
    assert await played_by(env, sid) == [0, 0, 1, 1]

    await env.bot.computers.stop()  # ... when the process dies: its thinking is lost
    await env.restart_bot(slow(make_bot(db_path)))
    await env.advance_time(2 * THINKING)
    assert await played_by(env, sid) == [0, 0, 1, 1, 2, 2]  # Computer 2 played once, after the restart
    record = await session(env, sid)
    assert env.bot.service.engine(record).to_act(env.bot.service.state(record)) == {0}
    thread = play_channel(env, channel, record)
    assert not any(THINKING_LINE[lang].format(n=n) in the_board(env, thread) for n in (1, 2))


async def test_computers_that_could_not_play_try_again_a_minute_later(env, simcord_bot, caplog) -> None:
    """A fault while a computer thinks (here: its search breaks once) loses nothing and strands
    no table: the error is logged, and the computers play a minute later."""

    class BreaksOnce(SlowSearch):
        async def think(self, *request, table=None, wait=0.0):
            self.asked += 1
            if self.asked == 1:
                raise RuntimeError("a fault")
            return search_pool.choose(*request[:5], 20, 60.0)

    ann, _, record, thread = await strong_table(env, "en")
    env.bot.service.search = BreaksOnce()
    message, flip = a_flip(env, thread, record)
    await ann.click(message, custom_id=flip)
    record = await session(env, record.id)
    await ann.click(board_messages(thread, env)[1], custom_id=f"g:fortissimo:{record.id}:{record.version}:r")
    assert await played_by(env, record.id) == [0, 0]
    assert "the computer players of session 1 could not play" in caplog.text
    assert THINKING_LINE["en"].format(n=1) in the_board(env, thread)  # the table still says who is to play
    await env.advance_time(60)
    assert await played_by(env, record.id) == [0, 0, 1, 1, 2, 2]
