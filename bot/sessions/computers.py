"""The computers' policy: which seat they play, how they decide a move, and the turn they think
through before it is committed (``think``; ``SessionService.play_turn`` commits it)."""

import asyncio
import time
from typing import Any, NamedTuple, Protocol

from pydantic import BaseModel

from bot import tutorials
from bot.search_pool import SearchFailed
from bot.sessions.change import Change
from bot.sessions.table import Table
from games.core import Action, Analysis, Level, Rng

MAX_TURN_ACTIONS = 100  # a timed-out turn played by the computer stops here in any case


class ComputerTurn(NamedTuple):
    """A computer turn as ``think`` decided it, for the state it was decided on."""

    version: int
    tokens: list[str]


class Searcher(Protocol):
    async def think(
        self,
        game: str,
        view: BaseModel,
        legal: list[Any],
        rng: Rng,
        level: Level,
        iterations: int,
        seconds: float,
        *,
        table: int | None = None,
        wait: float = 0.0,
    ) -> Any: ...

    async def analyse(
        self,
        game: str,
        view: BaseModel,
        legal: list[Any],
        rng: Rng,
        iterations: int,
        seconds: float,
        *,
        table: int | None = None,
    ) -> Analysis: ...


class Search(NamedTuple):
    """Where strong computer players think, and how long at most."""

    searcher: Searcher
    iterations: int
    seconds: float


async def think(table: Table, search: Search, due: float = 0.0) -> ComputerTurn | None:
    """The next computer turn, decided from each seat's own view without holding the table
    (another request may change it meanwhile: ``play_turn`` then refuses it). A turn runs
    until its number changes or only people may act: a Fireship turn whole, a reaction
    window a computer answers included. ``due``: when the turn is to be shown at the
    earliest (``time.monotonic``); its searches may wait in line until then without losing
    any of their own time (``decide``)."""
    if (seat := table.next_computer()) is None:
        return None
    engine, state = table.engine, table.state
    turn = engine.turn_number(state)
    tokens: list[str] = []
    while seat is not None and engine.turn_number(state) == turn and len(tokens) < MAX_TURN_ACTIONS:
        action = await decide(table, state, seat, len(tokens) + 1, search, due)
        state = engine.apply(state, seat, action).state
        tokens.append(action.token())
        seat = table.computer_seat(state)
        await asyncio.sleep(0)  # a long turn of quick moves lets other tables in between
    return ComputerTurn(table.record.version, tokens)


async def decide(table: Table, state: Any, seat: int, number: int, search: Search, due: float) -> Action:
    """A computer move for ``seat``: easy and normal at once, strong in the search pool (the
    normal level if no worker could search, or at once in a secret reaction window). Its
    search may wait in line until the turn is ``due``, and at least its own time (a busy pool
    then delays the move rather than play it at the normal level), without losing any of
    it."""
    engine, record = table.engine, table.record
    if (lesson := tutorials.lesson_of(record)) is not None:  # a tutorial's computers follow its script
        return lesson.computer_action(state, seat, tutorials.step_index(record) + number - 1)
    entry = record.seats[seat]
    level = entry.level if entry.computer and entry.level in engine.levels else "normal"  # a taken seat: normal
    if (window := engine.reaction_window(state)) is not None and not window.shown:
        level = "normal"  # as quick as a seat with nothing to answer (``answer_in_secret``)
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    rng = Rng.from_seed(record.seed + record.version + number)
    if level == "strong":
        try:
            return await search.searcher.think(
                record.game,
                view,
                legal,
                rng,
                level,
                search.iterations,
                search.seconds,
                table=record.id,
                wait=max(due - time.monotonic(), search.seconds),
            )
        except SearchFailed:
            level = "normal"
    return engine.choose(view, legal, rng, level)


def answer_in_secret(change: Change) -> None:
    """Computer seats a secret reaction window asks answer it at once, at the normal level, in
    the change that opened it: a change of their own, or a moment spent thinking, would tell
    the table that they hold a card to answer with."""
    for _ in range(MAX_TURN_ACTIONS):
        window = change.table.engine.reaction_window(change.state)
        seat = change.table.computer_seat(change.state)
        if window is None or window.shown or seat is None:
            break
        computer_move(change, seat)


def computer_move(change: Change, seat: int) -> None:
    """One move of the normal level for ``seat``, at once (a timed-out turn, a secret window)."""
    engine, record, state = change.table.engine, change.table.record, change.state
    if (lesson := tutorials.lesson_of(record)) is not None:
        change.play(seat, lesson.computer_action(state, seat, tutorials.step_index(record) + len(change.log)))
        return
    rng = Rng.from_seed(record.seed + record.version + len(change.log) + 1)
    change.play(seat, engine.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng))
