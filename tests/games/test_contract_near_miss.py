"""The engine contract's near misses: the rules engine is the arbiter, not the buttons.

At states of the suite's random and computer play-outs, drawn by Hypothesis (derandomized:
every run checks the same states; a failure is shrunk to the earliest state that shows it),
each seat to act is offered every action legal anywhere in the pool (other seats, other
seeds, other moments) and every copy of one of its legal actions with one field changed
(``contract.one_field_changed``). Each of them that is not legal now must be refused by
``apply`` with ``IllegalAction``, or ``MalformedAction`` when no token stands for it (its
token does not parse back to it: a value outside the action's kind); the state unchanged,
never another exception. A seat not to act is refused every legal action of the seats
that are (``NotYourTurn``).
"""

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from games.core import Action, Engine, GameState, IllegalAction, MalformedAction, NotYourTurn
from tests.games.contract import (
    ENGINES,
    action_pool,
    case,
    deep_traces,
    field_values,
    one_field_changed,
)
from tests.games.contract_hooks import FREE_TEXT

STATES_PER_CASE = 12  # states drawn per (engine, players, options) case


def _token(action: Action) -> str | None:
    """``action``'s token; None where a value has no text (a cell off the board)."""
    try:
        return action.token()
    except (IndexError, KeyError, ValueError):
        return None


def _refused(engine: Engine, state: GameState, seat: int, action: Action, expected: tuple[type, ...], where: str):
    before = engine.dump(state)
    try:
        engine.apply(state, seat, action)
    except expected as error:
        assert error.key, f"{where}: {action!r} refused without a text key"
    except Exception as error:
        pytest.fail(f"{where}: {action!r} raised {type(error).__name__}: {error!r}, not {expected[0].__name__}")
    else:
        pytest.fail(f"{where}: {action!r} ({_token(action)!r}) is not legal, yet apply() accepted it")
    assert engine.dump(state) == before, f"{where}: refusing {action!r} changed the state"


def check_near_misses(name: str, players: int, opts: str, state: GameState, where: str) -> int:
    """Every near miss at ``state`` refused; returns how many were tried."""
    engine = ENGINES[name]
    pool = action_pool(name, players, opts)
    values = field_values(name, players, opts)
    free = FREE_TEXT.get(name, lambda action: False)
    acting = sorted(engine.to_act(state))
    tried = 0
    for seat in acting:
        legal = engine.legal_actions(state, seat)
        allowed = set(legal)
        candidates = dict.fromkeys(pool)
        for action in legal:
            if not free(action):
                candidates.update(dict.fromkeys(one_field_changed(action, values)))
        for action in candidates:
            if action in allowed or free(action):
                continue
            expected = (IllegalAction, MalformedAction) if engine.has_token(action) else (MalformedAction,)
            _refused(engine, state, seat, action, expected, f"{where}, seat {seat}")
            tried += 1
        for other in range(state.seats):
            if other not in acting:
                for action in legal:
                    _refused(engine, state, other, action, (NotYourTurn,), f"{where}, seat {other} not to act")
    return tried


@case
def test_near_misses_are_refused(name: str, players: int, opts: str) -> None:
    traces = deep_traces(name, players, opts)

    @settings(
        max_examples=STATES_PER_CASE,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(data=st.data())
    def near_misses(data: st.DataObject) -> None:
        which = data.draw(st.integers(0, len(traces) - 1), label="trace")
        states = traces[which].states[:-1]
        step = data.draw(st.integers(0, len(states) - 1), label="step")
        note(f"replay: check_near_misses({name!r}, {players}, {opts!r}, deep_traces(...)[{which}].states[{step}], ...)")
        check_near_misses(name, players, opts, states[step], f"trace {which}, step {step}")

    near_misses()


def test_one_field_changed_covers_fields_and_kinds() -> None:
    """The generator itself: every field is changed, to nearby values and to those seen elsewhere."""
    from games.labyrinthe.models import Move, Turn

    values = {(Turn, "ring"): [0, 2, 4], (Turn, "by"): [1, 2, 3, -1]}
    copies = one_field_changed(Turn(ring=4, by=1), values)
    assert Turn(ring=4, by=2) in copies and Turn(ring=0, by=1) in copies
    assert Turn(ring=3, by=1) in copies and Turn(ring=4, by=-1) in copies and Turn(ring=4, by=99) in copies
    assert Turn(ring=4, by=1) not in copies
    moves = one_field_changed(Move(to=(2, 5)), {})
    assert Move(to=(2, 6)) in moves and Move(to=(-1, 5)) in moves and Move(to=(2, 10**6)) in moves


def test_has_token_tells_malformed_actions() -> None:
    """``Engine.has_token``: true for an action a button can carry, false for a value outside
    the action's kind (a ring that does not turn, a cell off the board, a seat below 0)."""
    from games.labyrinthe.models import Challenge, Move, Turn

    engine = ENGINES["labyrinthe"]
    assert engine.has_token(Turn(ring=4, by=1)) and engine.has_token(Move(to=(2, 5)))
    assert not engine.has_token(Turn(ring=1, by=1)) and not engine.has_token(Turn(ring=0, by=4))
    assert not engine.has_token(Move(to=(2, 12))) and not engine.has_token(Challenge(opponent=-1))
