"""The engine contract (shared/DESIGN.md sections 2 and 6), for every registered engine.

Only the generic ``Engine`` API is used here, so a new game under ``games/`` is
covered as soon as the registry finds it. Per-game knowledge lives in the hooks of
``contract_hooks.py`` and nowhere else; the cases and the shared play-outs are in
``contract.py``; whole games with mixed seats, every state checked, in
``test_contract_mixed.py``.
"""

import json
import random
from collections.abc import Iterator

import pytest

from games.core import (
    Action,
    Engine,
    Event,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    Rng,
    RuleError,
)
from tests.games.contract import (
    DEEP_SEEDS,
    ENGINES,
    POLICY_SEEDS,
    RANDOM_SEEDS,
    RESIGN_SEEDS,
    Trace,
    action_pool,
    case,
    check_outcome,
    deep_traces,
    engine_params,
    new_state,
    policy_trace,
    random_trace,
    resign_trace,
)
from tests.games.contract_hooks import (
    EXTRA_GARBAGE,
    FREE_TEXT,
    GENERIC_GARBAGE,
    SECRET_PROBES,
    _forteresse_probe,  # noqa: F401 - test_forteresse_rules checks it from here
    _fortissimo_probe,
)


def test_registry_finds_engines() -> None:
    assert ENGINES, "registry.engines() found no game"
    for name, engine in ENGINES.items():
        assert engine.name == name
        assert 1 <= engine.min_players <= engine.max_players


# =============================================================================
# Play-outs terminate and report their outcome consistently
# =============================================================================


def _check_trace_consistency(engine: Engine, trace: Trace) -> None:
    assert trace.finished, f"no end within {len(trace.moves)} actions"
    for state in trace.states:
        over = not engine.to_act(state)
        assert engine.is_over(state) == over
        assert (engine.outcome(state) is not None) == over
    check_outcome(engine, trace.states[-1])
    for batch in trace.events:
        for event in batch:
            assert isinstance(event, Event)
            assert event.audience is None or event.audience <= frozenset(range(trace.states[0].seats))


@case
def test_random_playouts_terminate(name: str, players: int, opts: str) -> None:
    engine = ENGINES[name]
    for seed in RANDOM_SEEDS:
        _check_trace_consistency(engine, random_trace(name, players, opts, seed))


@case
def test_computer_player_playouts(name: str, players: int, opts: str) -> None:
    engine = ENGINES[name]
    for seed in POLICY_SEEDS:
        _check_trace_consistency(engine, policy_trace(name, players, opts, seed))


@case
def test_resign_playouts(name: str, players: int, opts: str) -> None:
    """Resigned seats never act again; the game ends at the latest when one seat is left."""
    engine = ENGINES[name]
    for seed in RESIGN_SEEDS:
        trace = resign_trace(name, players, opts, seed)
        _check_trace_consistency(engine, trace)
        gone: set[int] = set()
        for (seat, action), state in zip(trace.moves, trace.states[1:]):
            if action is None:
                gone.add(seat)
            assert not (engine.to_act(state) & gone), "a resigned seat is to act"
            for quitter in gone:
                assert engine.legal_actions(state, quitter) == []
            if gone and len(gone) >= players - 1:
                assert engine.is_over(state), "at most one seat left, yet the game goes on"
                if players > 1:
                    last = [s for s in range(players) if s not in gone]
                    assert check_outcome(engine, state).winners == last


@case
def test_turns_count_up_and_belong_to_their_seats(name: str, players: int, opts: str) -> None:
    """The turn clock relies on it: the turn number never goes back, and while it
    stays the same no new seat comes to act (the turn's seats finish it)."""
    engine = ENGINES[name]
    for trace in deep_traces(name, players, opts):
        numbers = [engine.turn_number(state) for state in trace.states]
        assert all(isinstance(n, int) and n >= 0 for n in numbers)
        assert numbers == sorted(numbers), "the turn number went back"
        for before, after in zip(trace.states, trace.states[1:]):
            if engine.turn_number(before) == engine.turn_number(after):
                assert engine.to_act(after) <= engine.to_act(before), "a seat joined a turn in progress"


@case
def test_resign_twice_is_refused(name: str, players: int, opts: str) -> None:
    """A seat that has left cannot leave again (GameOver if its leaving ended the game)."""
    engine = ENGINES[name]
    state = engine.resign(new_state(name, players, opts, 5), 0).state
    before = engine.dump(state)
    with pytest.raises(RuleError):
        engine.resign(state, 0)
    assert engine.dump(state) == before


@pytest.mark.parametrize("name", engine_params("test_player_count_bounds"))
def test_player_count_bounds(name: str) -> None:
    engine = ENGINES[name]
    options = engine.make_options({})
    for players in (engine.min_players - 1, engine.max_players + 1):
        with pytest.raises(RuleError):
            engine.new_game(players, options, 1)


# =============================================================================
# Determinism and JSON round trip
# =============================================================================


@case
def test_determinism(name: str, players: int, opts: str) -> None:
    """Same seed and same actions give the same dumps and events; apply never mutates."""
    engine = ENGINES[name]
    for seed, trace in [
        (DEEP_SEEDS[0], random_trace(name, players, opts, DEEP_SEEDS[0])),
        (POLICY_SEEDS[0], policy_trace(name, players, opts, POLICY_SEEDS[0])),
    ]:
        saved = random.getstate()
        random.seed(seed + 1)  # module-level randomness must play no part
        try:
            state = new_state(name, players, opts, seed)
        finally:
            random.setstate(saved)
        assert engine.dump(state) == engine.dump(trace.states[0])
        for (seat, action), expected, events in zip(trace.moves, trace.states[1:], trace.events):
            before = engine.dump(state)
            engine.legal_actions(state, seat)
            engine.view(state, seat)
            engine.view(state, None)
            step = engine.apply(state, seat, action)
            assert engine.dump(state) == before, "apply() changed its input state"
            assert engine.dump(step.state) == engine.dump(expected)
            assert step.events == events
            state = step.state


@case
def test_seed_reaches_the_generator(name: str, players: int, opts: str) -> None:
    states = [new_state(name, players, opts, seed) for seed in range(8)]
    assert len({s.rng.state for s in states}) == 8
    assert new_state(name, players, opts, 3) == new_state(name, players, opts, 3)


@case
def test_json_round_trip(name: str, players: int, opts: str) -> None:
    """``load(dump(s))`` equals ``s``, dumps identically and plays identically, at every step."""
    engine = ENGINES[name]
    for trace in deep_traces(name, players, opts) + [resign_trace(name, players, opts, RESIGN_SEEDS[0])]:
        for i, state in enumerate(trace.states):
            text = engine.dump(state)
            assert isinstance(json.loads(text), dict)
            loaded = engine.load(text)
            assert type(loaded) is type(state)
            assert loaded == state
            assert engine.dump(loaded) == text
            assert engine.to_act(loaded) == engine.to_act(state)
            assert engine.outcome(loaded) == engine.outcome(state)
            if i % 5:
                continue
            for seat in [None, *range(players)]:
                assert engine.view(loaded, seat) == engine.view(state, seat)
            for seat in range(players):
                assert engine.legal_actions(loaded, seat) == engine.legal_actions(state, seat)
            if i < len(trace.moves):
                seat, action = trace.moves[i]
                step = engine.resign(loaded, seat) if action is None else engine.apply(loaded, seat, action)
                assert engine.dump(step.state) == engine.dump(trace.states[i + 1])


# =============================================================================
# Turn discipline, tokens, illegal input, finished games
# =============================================================================


@case
def test_seats_not_to_act(name: str, players: int, opts: str) -> None:
    """A seat not to act has no legal action; its move raises NotYourTurn and changes nothing."""
    engine = ENGINES[name]
    for trace in deep_traces(name, players, opts):
        for state, (_, move) in zip(trace.states, trace.moves):
            acting = engine.to_act(state)
            before = engine.dump(state)
            for seat in range(players):
                if seat in acting:
                    continue
                assert engine.legal_actions(state, seat) == []
                with pytest.raises(NotYourTurn) as info:
                    engine.apply(state, seat, move)
                assert isinstance(info.value, RuleError)
                assert engine.dump(state) == before


@case
def test_tokens_round_trip(name: str, players: int, opts: str) -> None:
    """Every legal action's token is short, parses back to it, and tells it from the others."""
    engine = ENGINES[name]
    for trace in deep_traces(name, players, opts):
        for state in trace.states:
            for seat in engine.to_act(state):
                legal = engine.legal_actions(state, seat)
                tokens = [action.token() for action in legal]
                assert len(set(tokens)) == len(tokens), "two legal actions share a token"
                for action, token in zip(legal, tokens):
                    assert isinstance(token, str) and 0 < len(token) <= 60, token
                    assert engine.parse_action(token) == action


@case
def test_illegal_actions_change_nothing(name: str, players: int, opts: str) -> None:
    """An action legal elsewhere but not here raises a RuleError and leaves the state as it was."""
    engine = ENGINES[name]
    pool = action_pool(name, players, opts)
    rng = Rng.from_seed(99)
    tried = 0
    for trace in deep_traces(name, players, opts):
        for state in trace.states[:-1]:
            before = engine.dump(state)
            for seat in sorted(engine.to_act(state)):
                legal = {a.token() for a in engine.legal_actions(state, seat)}
                free = FREE_TEXT.get(name, lambda action: False)
                illegal = [a for a in pool if a.token() not in legal and not free(a)]
                if not illegal:
                    continue
                action = rng.choice(illegal)  # one per state: apply() costs a deep copy
                with pytest.raises(RuleError) as info:
                    engine.apply(state, seat, action)
                assert isinstance(info.value, (IllegalAction, MalformedAction)), info.value
                assert info.value.key
                assert engine.dump(state) == before
                tried += 1
    assert tried > 0


@pytest.mark.parametrize("name", engine_params("test_garbage_tokens"))
def test_garbage_tokens(name: str) -> None:
    engine = ENGINES[name]
    for token in GENERIC_GARBAGE + EXTRA_GARBAGE.get(name, []):
        with pytest.raises(MalformedAction):
            engine.parse_action(token)


def _mutations(token: str) -> Iterator[str]:
    yield token + token
    yield token + "0"
    yield token[:-1]
    yield token[1:]
    yield token.upper()
    yield token.lower()
    yield " " + token
    for digit in "0123456789":
        for odd in ("²", "٣", "１", "⑤"):  # superscript, Arabic-Indic, full-width, circled
            yield token.replace(digit, odd)


@pytest.mark.parametrize("name", engine_params("test_parse_never_crashes"))
def test_parse_never_crashes(name: str) -> None:
    """Any text either parses to an action or raises MalformedAction: nothing else escapes."""
    engine = ENGINES[name]
    players = ENGINES[name].min_players
    tokens = {a.token() for a in action_pool(name, players, "{}")}
    for token in sorted(tokens):
        for variant in _mutations(token):
            try:
                action = engine.parse_action(variant)
            except MalformedAction:
                continue
            except Exception as error:
                pytest.fail(f"parse_action({variant!r}) raised {type(error).__name__}: {error}")
            assert isinstance(action, Action)


@case
def test_actions_after_the_end(name: str, players: int, opts: str) -> None:
    """Once over: nobody to act, no legal action, every move and resignation raises GameOver."""
    engine = ENGINES[name]
    pool = action_pool(name, players, opts)[:40]
    for trace in deep_traces(name, players, opts) + [resign_trace(name, players, opts, RESIGN_SEEDS[0])]:
        final = trace.states[-1]
        before = engine.dump(final)
        assert engine.to_act(final) == frozenset()
        for seat in range(players):
            assert engine.legal_actions(final, seat) == []
            for action in pool[:5] + [a for s, a in trace.moves[-3:] if a is not None]:
                with pytest.raises(GameOver):
                    engine.apply(final, seat, action)
            with pytest.raises(GameOver):
                engine.resign(final, seat)
        assert engine.dump(final) == before


# =============================================================================
# Secrecy
# =============================================================================


@case
def test_secrecy(name: str, players: int, opts: str) -> None:
    """No view for a seat (or the public), nor any event it sees, holds what is hidden from it.
    (That no view changes when what it hides changes is checked on every state of the mixed
    games, test_contract_mixed.py.)"""
    engine = ENGINES[name]
    probe = SECRET_PROBES.get(name)
    if probe is None:
        pytest.fail(
            f"no secret probe for {name!r}: add one to SECRET_PROBES in {__file__} "
            "(a function returning the leaks of a view and of the events it sees)"
        )
    checked = 0
    for trace in deep_traces(name, players, opts):
        for i, state in enumerate(trace.states):
            events = trace.events[i - 1] if i else []
            for seat in [None, *range(players)]:
                view = engine.view(state, seat)
                for event in events:
                    expected = event.audience is None or (seat is not None and seat in event.audience)
                    assert event.visible_to(seat) == expected
                visible = [e for e in events if e.visible_to(seat)]
                problems = probe(engine, state, seat, view, visible)
                assert not problems, f"step {i}, seat {seat}: {problems}"
                checked += 1
    assert checked


def test_fortissimo_probe_catches_a_leak() -> None:
    """The probe itself works: a view showing a face-down card, or a card event, is reported."""
    engine = ENGINES["fortissimo"]
    state = engine.new_game(2, engine.make_options({}), 1)
    view = engine.view(state, 0)
    assert _fortissimo_probe(engine, state, 0, view, []) == []
    leaky = view.model_copy(update={"slots": [state.grid[0], *view.slots[1:]]})
    assert _fortissimo_probe(engine, state, 0, leaky, [])
    remembered = view.model_copy(update={"seen": {3: state.grid[3]}})
    assert _fortissimo_probe(engine, state, 0, remembered, [])

    class Leak(Event):
        card: int

    assert _fortissimo_probe(engine, state, 0, view, [Leak(kind="x", card=state.grid[5])])
    assert _fortissimo_probe(engine, state, 0, view, [Leak(kind="x", card=state.ramparts[0][0])]) == []


# =============================================================================
# The generator
# =============================================================================


def test_rng_same_seed_same_sequence() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next_u64() for _ in range(100)] == [b.next_u64() for _ in range(100)]
    c = Rng.from_seed(43)
    assert [Rng.from_seed(42).next_u64() for _ in range(3)] != [c.next_u64() for _ in range(3)]


def test_rng_round_trips_mid_sequence() -> None:
    a = Rng.from_seed(7)
    for _ in range(10):
        a.below(6)
    b = Rng.model_validate_json(a.model_dump_json())
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 45, 1000, 2**40 + 3, 2**64 - 1])
def test_rng_below_in_range(n: int) -> None:
    rng = Rng.from_seed(n)
    for _ in range(500):
        assert 0 <= rng.below(n) < n


def test_rng_below_rejects_empty_range() -> None:
    for n in (0, -1):
        with pytest.raises(ValueError):
            Rng.from_seed(1).below(n)


@pytest.mark.parametrize("n", [2, 6, 10])
def test_rng_below_roughly_uniform(n: int) -> None:
    rng = Rng.from_seed(2024 + n)
    draws = 6000
    counts = [0] * n
    for _ in range(draws):
        counts[rng.below(n)] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    # chi-square with n-1 degrees of freedom: 40 is far beyond the 99.9th percentile for n <= 10.
    assert chi2 < 40, counts


def test_rng_between_inclusive() -> None:
    rng = Rng.from_seed(5)
    seen = {rng.between(3, 5) for _ in range(200)}
    assert seen == {3, 4, 5}


def test_rng_choice() -> None:
    rng = Rng.from_seed(9)
    items = ["a", "b", "c"]
    assert {rng.choice(items) for _ in range(100)} == set(items)


def test_rng_shuffle_is_a_permutation() -> None:
    rng = Rng.from_seed(11)
    orders = set()
    for _ in range(200):
        items = list(range(10))
        rng.shuffle(items)
        assert sorted(items) == list(range(10))
        orders.add(tuple(items))
    assert len(orders) > 150
    # Every position receives every value over many shuffles.
    positions = [set() for _ in range(4)]
    for _ in range(400):
        items = list(range(4))
        rng.shuffle(items)
        for i, value in enumerate(items):
            positions[i].add(value)
    assert all(p == set(range(4)) for p in positions)


def test_rng_shuffle_same_seed_same_order() -> None:
    a, b = list(range(45)), list(range(45))
    Rng.from_seed(3).shuffle(a)
    Rng.from_seed(3).shuffle(b)
    assert a == b
    c = list(range(45))
    Rng.from_seed(4).shuffle(c)
    assert a != c
