"""The engine contract suite's machinery: the registered engines, the cases each test
runs over (engine, player count, option set), and the play-outs the tests share.

Play-outs are built once per (engine, players, options, seed, policy) and shared
between tests through a cache; tests only read them.
"""

import json
from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

import pytest
from pydantic import ValidationError

from games.core import Action, Engine, Event, GameState, Outcome, Rng, registry
from tests.games.contract_hooks import (
    DEFAULT_STEP_LIMIT,
    EXTRA_OPTIONS,
    KNOWN_BUGS,
    STEP_LIMITS,
)

ENGINES: dict[str, Engine] = registry.engines()

# How many seeds each kind of check runs over, per (engine, players, options) case:
# all-random tables, all-computer tables, random tables where seats resign now and then.
# Whole games with both kinds of seats at one table, and resignations, are played in
# test_contract_mixed.py. A step costs a deep copy of the state (Fireship and the
# labyrinth play thousands): that is where the time goes, so raise these with care.
RANDOM_SEEDS = range(3)
POLICY_SEEDS = range(100, 101)
RESIGN_SEEDS = range(200, 202)
DEEP_SEEDS = range(1)  # seeds of the random play-outs checked state by state


# =============================================================================
# Parametrization
# =============================================================================


def option_sets(name: str) -> list[dict[str, Any]]:
    return [{}] + EXTRA_OPTIONS.get(name, [])


def marks(test: str, name: str) -> list[Any]:
    reason = KNOWN_BUGS.get((test, name))
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


def case(test: Callable[..., None]) -> Any:
    """Parametrize ``test`` over (engine, player count, option set), as ``name, players, opts``."""
    params = []
    for name in sorted(ENGINES):
        engine = ENGINES[name]
        for players in range(engine.min_players, engine.max_players + 1):
            for raw in option_sets(name):
                key = json.dumps(raw, sort_keys=True)
                label = "-".join(f"{k}={v}" for k, v in sorted(raw.items())) or "default"
                params.append(
                    pytest.param(name, players, key, id=f"{name}-{players}p-{label}", marks=marks(test.__name__, name))
                )
    return pytest.mark.parametrize(("name", "players", "opts"), params)(test)


def engine_params(test: str) -> list[Any]:
    return [pytest.param(name, id=name, marks=marks(test, name)) for name in sorted(ENGINES)]


# =============================================================================
# Play-outs (cached, read-only)
# =============================================================================


class Trace(NamedTuple):
    """``states[i + 1]`` is ``states[i]`` after ``moves[i]``, which emitted ``events[i]``."""

    states: list[GameState]
    moves: list[tuple[int, Action | None]]  # (seat, action); action None: seat resigned
    events: list[list[Event]]
    finished: bool


def new_state(name: str, players: int, opts: str, seed: int) -> GameState:
    engine = ENGINES[name]
    return engine.new_game(players, engine.make_options(json.loads(opts)), seed)


def step_limit(name: str) -> int:
    return STEP_LIMITS.get(name, DEFAULT_STEP_LIMIT)


def legal_for_acting(engine: Engine, state: GameState) -> dict[int, list[Action]]:
    legal = {}
    for seat in sorted(engine.to_act(state)):
        actions = engine.legal_actions(state, seat)
        assert actions, f"seat {seat} is to act but has no legal action"
        legal[seat] = actions
    return legal


def _play_out(name: str, players: int, opts: str, seed: int, rng: Rng, move) -> Trace:
    """Plays from a new game until it ends or the step limit; ``move`` returns
    ``(seat, action)`` to apply, or ``(seat, None)`` for that seat to resign."""
    engine = ENGINES[name]
    state = new_state(name, players, opts, seed)
    states, moves, events = [state], [], []
    for _ in range(step_limit(name)):
        if engine.is_over(state):
            return Trace(states, moves, events, True)
        seat, action = move(engine, state, rng)
        step = engine.resign(state, seat) if action is None else engine.apply(state, seat, action)
        state = step.state
        states.append(state)
        moves.append((seat, action))
        events.append(step.events)
    return Trace(states, moves, events, engine.is_over(state))


def random_move(engine: Engine, state: GameState, rng: Rng) -> tuple[int, Action]:
    legal = legal_for_acting(engine, state)
    seat = rng.choice(sorted(legal))
    return seat, rng.choice(legal[seat])


@cache
def random_trace(name: str, players: int, opts: str, seed: int) -> Trace:
    """Uniform choice among the acting seats, then among their legal actions."""
    return _play_out(name, players, opts, seed, Rng.from_seed(seed * 1_000_003 + 17), random_move)


@cache
def policy_trace(name: str, players: int, opts: str, seed: int) -> Trace:
    """Every seat played by the engine's own computer player, from its own view."""

    def policy_move(engine: Engine, state: GameState, rng: Rng) -> tuple[int, Action]:
        legal = legal_for_acting(engine, state)
        seat = min(legal)
        action = engine.choose(engine.view(state, seat), legal[seat], rng)
        assert action in legal[seat], f"choose() picked {action!r}, not legal for seat {seat}"
        return seat, action

    return _play_out(name, players, opts, seed, Rng.from_seed(seed), policy_move)


@cache
def resign_trace(name: str, players: int, opts: str, seed: int) -> Trace:
    """Random play in which, now and then, a random seat still in the game resigns."""
    present = list(range(players))

    def move_or_resign(engine: Engine, state: GameState, rng: Rng) -> tuple[int, Action | None]:
        if rng.below(25) == 0:
            seat = rng.choice(present)
            present.remove(seat)
            return seat, None
        return random_move(engine, state, rng)

    return _play_out(name, players, opts, seed, Rng.from_seed(seed), move_or_resign)


def deep_traces(name: str, players: int, opts: str) -> list[Trace]:
    """The play-outs checked state by state: a few random ones and a few bot ones."""
    return [random_trace(name, players, opts, s) for s in DEEP_SEEDS] + [
        policy_trace(name, players, opts, s) for s in list(POLICY_SEEDS)[: len(DEEP_SEEDS)]
    ]


def check_outcome(engine: Engine, state: GameState) -> Outcome:
    outcome = engine.outcome(state)
    assert isinstance(outcome, Outcome)
    seats = list(range(state.seats))
    flat = [seat for group in outcome.ranking for seat in group]
    assert sorted(flat) == seats, f"ranking {outcome.ranking} is not a partition of the seats"
    assert all(outcome.ranking), "empty group in the ranking"
    if state.seats > 1 and outcome.reason not in engine.no_winner_reasons:  # a solo game may end lost
        assert outcome.winners, "a finished game has winners"
    if outcome.winners:
        assert outcome.winners == outcome.ranking[0]
    assert outcome.reason
    if outcome.scores is not None:
        assert set(outcome.scores) == set(seats)
    return outcome


# =============================================================================
# Near misses: actions close to the legal ones (test_contract_near_miss.py)
# =============================================================================


@cache
def action_pool(name: str, players: int, opts: str) -> list[Action]:
    """Actions legal somewhere: other seeds, other seats, other moments of the game."""
    engine = ENGINES[name]
    pool: dict[str, Action] = {}
    for trace in [random_trace(name, players, opts, s) for s in RANDOM_SEEDS[-3:]]:
        for state in trace.states:
            for seat in engine.to_act(state):
                for action in engine.legal_actions(state, seat):
                    pool.setdefault(action.token(), action)
    return [pool[token] for token in sorted(pool)]


FieldValues = dict[tuple[type, str], list[Any]]


@cache
def field_values(name: str, players: int, opts: str) -> FieldValues:
    """Per (action class, field): the values that field takes in the pool's actions, in order."""
    values: dict[tuple[type, str], dict[str, Any]] = {}
    for action in action_pool(name, players, opts):
        for field, value in action.model_dump().items():
            values.setdefault((type(action), field), {}).setdefault(repr(value), value)
    return {key: list(seen.values()) for key, seen in values.items()}


def _nearby(value: Any) -> list[Any]:
    """Values close to ``value``, of its kind or just outside it: one step off, below zero,
    far out, empty; each part of a tuple or of a nested model changed alone."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value - 1, value + 1, value + 2, -1, -99, 0, 99, 10**6]
    if isinstance(value, str):
        near = ["", value + value[-1:], value[:-1], value.upper(), " " + value]
        if value.isdigit():
            near += [str(int(value) + 1), str(int(value) - 1), "-1"]
        return near
    if isinstance(value, tuple):
        return [value[:i] + (other,) + value[i + 1 :] for i, item in enumerate(value) for other in _nearby(item)]
    if isinstance(value, dict):
        return [{**value, key: other} for key, item in value.items() for other in _nearby(item)]
    return []


def one_field_changed(action: Action, values: FieldValues) -> list[Action]:
    """Copies of ``action`` with one field changed: to a value it takes elsewhere in the pool,
    to a nearby value, or to None; only copies that validate (as a button's action would)."""
    dumped = action.model_dump()
    copies: dict[str, Action] = {}
    for field, value in dumped.items():
        others = values.get((type(action), field), []) + _nearby(value) + [None]
        for other in others:
            if other == value and type(other) is type(value):
                continue
            try:
                copy = type(action).model_validate({**dumped, field: other})
            except ValidationError:
                continue
            if copy != action:
                copies.setdefault(repr(copy), copy)
    return list(copies.values())
