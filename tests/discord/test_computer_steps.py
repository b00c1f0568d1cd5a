"""A computer's turn shown move by move (issue 32): in Fireship (a roll, moves, an attack, a card)
and Le labyrinthe secret (two ring turns and a move), each move of the computer is committed and
shown on its own, the first a pause after the person's move and the next ones a shorter pause
apart, not in one edit after "is thinking…"; and the board's latest moves keep the whole last turn
of every seat: every line that came while the computer played, and while the person did, is still
on the board when the person's turn comes again.

Time is SimCord's virtual clock, moved on by ``advance_time``; nothing waits on the wall clock.
"""

import itertools
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord import Env

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.computer_turns import STEP_SHARE
from tests.conftest import set_locale
from tests.discord.driver import SeatDriver, open_game_table
from tests.discord.fireship_driver import Driver as FireshipDriver
from tests.discord.forteresse_driver import message
from tests.discord.labyrinthe_driver import Driver as LabyrintheDriver

LOCALES = {"fr": "fr", "en": "en-US"}
DRIVERS: dict[str, type[SeatDriver]] = {"fireship": FireshipDriver, "labyrinthe": LabyrintheDriver}
PAUSE = 2.0  # seconds between two computer turns shown
TICK = 0.5  # the virtual clock moves on this much at a time
TURNS = 3  # computer turns watched


@dataclass
class Shown:
    at: float  # SimCord's clock
    version: int
    by_computer: bool  # the move it shows is the computer's
    newest: str  # the last line of the board's latest moves


@dataclass
class Watch:
    shown: list[Shown] = field(default_factory=list)


def lines_of(board: discord.Message, lang: Language) -> list[str]:
    lines: list[str] = []
    taking = False
    for embed in board.embeds:
        for embed_field in embed.fields:
            if embed_field.name == t(lang, "common.recent"):
                taking = True
            elif embed_field.name != "…":
                taking = False
            if taking:
                lines += (embed_field.value or "").splitlines()
    return lines


async def watched_table(env: Env, game: str, lang: Language) -> tuple[SeatDriver, Watch]:
    guild = env.create_guild(preferred_locale=LOCALES[lang])
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    env.bot.computers.pause = PAUSE
    record, thread, _ = await open_game_table(env, channel, game, ann, [], 1, lang)
    driver = DRIVERS[game](env, thread, [ann], record.id)
    watch = Watch()
    tables = env.bot.tables
    publish = tables.publish

    async def publish_and_note(record: SessionRecord, *args: Any, **kwargs: Any) -> None:
        await publish(record, *args, **kwargs)
        if record.status != "active" or record.board_version != env.bot.service.shown_version(record):
            return  # not shown: a move that opened a secret window
        (last,) = [a for a in await env.bot.storage.actions(record.id) if a.seq == record.version] or [None]
        board = message(env, thread, record.board_message_ids[-1])
        lines = lines_of(board, lang)
        newest = lines[-1] if lines else ""
        watch.shown.append(Shown(env.bot.service.clock(), record.version, bool(last and last.user_id is None), newest))

    tables.publish = publish_and_note
    return driver, watch


async def computer_plays(env: Env, driver: SeatDriver) -> None:
    """The virtual clock runs until the person is to act again (or the game is over)."""
    for _ in range(2000):
        record = await driver.record()
        if record.status != "active" or env.bot.service.next_computer(record) is None:
            return
        await env.advance_time(TICK)
    raise AssertionError("the computer did not finish its turn")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["fireship", "labyrinthe"])
async def test_a_computers_turn_is_shown_move_by_move_and_stays_on_the_board(env, game: str, lang: Language) -> None:
    driver, watch = await watched_table(env, game, lang)
    await computer_plays(env, driver)  # a computer that begins plays its first turn
    turns = 0
    longest = 0
    mine_from = len(watch.shown)  # where the person's turn began among the boards shown
    for _ in range(400):
        before = await driver.record()
        if before.status != "active" or turns == TURNS:
            break
        from_shown = len(watch.shown)
        await driver.step()
        await computer_plays(env, driver)
        actions = [a for a in await env.bot.storage.actions(before.id) if a.seq > before.version]
        played = [a for a in actions if a.user_id is None]
        if not played:
            continue  # her turn goes on
        turns += 1
        moved_at = max(a.created_at for a in actions if a.user_id is not None)
        computer = [s for s in watch.shown[from_shown:] if s.by_computer]
        assert computer, "the computer's turn was shown"
        # each move shown on its own (a move that opens a secret window waits for it to close)
        assert len({s.version for s in computer}) == len(computer) >= min(len(played), 3)
        assert computer[0].at - moved_at >= PAUSE  # a pause after the person's move
        gaps = [later.at - earlier.at for earlier, later in itertools.pairwise(computer)]
        assert all(gap >= PAUSE * STEP_SHARE for gap in gaps), gaps  # a shorter pause between its moves
        longest = max(longest, len(computer))
        # the whole last turn of each seat stays on the board: every newest line since her turn began
        record = await driver.record()
        if record.status != "active":
            break
        board = lines_of(message(env, driver.channel, record.board_message_ids[-1]), lang)
        came = [s.newest for s in watch.shown[mine_from:] if s.newest]
        assert set(came) <= set(board), (came, board)
        mine_from = len(watch.shown)
    assert turns == TURNS or (await driver.record()).status != "active"
    assert longest >= 3  # a turn of several moves (a roll and moves; two ring turns and a move) shown one by one
