"""Whole games through the engine contract only, with every kind of seat at one table.

In each game some seats play uniformly random legal moves and the others are the
engine's own computer player at one of its levels (``choose`` on the seat's own view),
now and then slipping into a random move; seats resign at random moments. Every player
count from the game's minimum to its maximum, every option set of the suite.

Every state along the way is checked: it round-trips through ``dump``/``load`` (equal
state, equal text); its outcome is set exactly when nobody is to act; and no view
changes when only what that seat cannot see changes (the game's perturbation in
``contract_hooks.PERTURBATIONS``, plus the generator), nor do the legal actions of a
seat to act. The game must end within ``STEP_LIMITS`` with a valid outcome.

The games are ``Plan``s drawn by Hypothesis, derandomized: every run plays the same
games, and a failure is shrunk to a small plan and printed with its case, for
``play_mixed(name, players, opts, plan)`` to replay exactly.
"""

import json
from collections import Counter
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from games.core import Action, Budget, Engine, Event, GameState, Rng
from tests.games.contract import (
    DEEP_SEEDS,
    ENGINES,
    POLICY_SEEDS,
    RANDOM_SEEDS,
    case,
    check_outcome,
    engine_params,
    new_state,
    option_sets,
    policy_trace,
    random_trace,
    step_limit,
)
from tests.games.contract_hooks import (
    KNOWN_BUGS,
    PERTURBATIONS,
    PERTURBED_PARTS,
    Perturbation,
)

# Games per (engine, players, options) case, within the suite's minute on this machine: a
# game of Fireship checked state by state takes about a second (its view is the cost).
MIXED_GAMES: dict[str, int] = {"fireship": 2, "labyrinthe": 4, "fortboyard": 4, "fortissimo": 5, "forteresse": 12}
SEARCH = Budget(iterations=10)  # a computer seat at the ``strong`` level searches this much


class Plan(NamedTuple):
    seed: int  # the game's seed, and the random choices'
    seats: tuple[str, ...]  # per seat: "random", or the level of the computer player it is
    slips: int  # per mille: the chance that a computer seat plays a random move instead
    resignations: tuple[tuple[int, int], ...]  # (moment, seat), the moment in per mille of a reference game


@st.composite
def plans(draw: Any, players: int, levels: tuple[str, ...]) -> Plan:
    """At least one random and one computer seat when there are two seats or more."""
    seed = draw(st.integers(0, 2**32 - 1))
    order = draw(st.permutations(range(players)))
    computers = draw(st.integers(1, players - 1) if players > 1 else st.integers(0, 1))
    seats = ["random"] * players
    for seat in order[:computers]:
        seats[seat] = draw(st.sampled_from(levels))
    slips = draw(st.sampled_from((0, 50, 250)))
    moments = st.tuples(st.integers(0, 999), st.integers(0, players - 1))
    resignations = draw(st.lists(moments, max_size=players, unique_by=lambda r: r[1]))
    return Plan(seed, tuple(seats), slips, tuple(sorted(resignations)))


def _computer_move(engine: Engine, state: GameState, seat: int, legal: list[Action], level: str, rng: Rng) -> Action:
    view = engine.view(state, seat)
    if level == "normal":  # as the bot calls it
        return engine.choose(view, legal, rng)
    return engine.choose(view, legal, rng, level, SEARCH)  # type: ignore[arg-type]


def check_state(
    engine: Engine, perturb: Perturbation, state: GameState, rng: Rng, parts: Counter[str], where: str
) -> None:
    """Round trip, outcome, and view invariance for every seat and the public."""
    text = engine.dump(state)
    loaded = engine.load(text)
    assert loaded == state, f"{where}: load(dump(state)) differs from the state"
    assert engine.dump(loaded) == text, f"{where}: the state dumps differently once loaded"
    acting = engine.to_act(state)
    assert (engine.outcome(state) is not None) == (not acting), (
        f"{where}: outcome set {not acting and 'not '}at the end"
    )
    for seat in [None, *range(state.seats)]:
        view = engine.view(state, seat)
        twin, changed = perturb(state, seat, rng)
        assert (twin != state) == bool(changed), f"{where}, seat {seat}: the perturbation says {changed}"
        twin = twin.model_copy(update={"rng": Rng(state=state.rng.state ^ (1 + rng.below(2**63)))})
        assert engine.view(twin, seat) == view, f"{where}: seat {seat}'s view changes with {changed + ['rng']}"
        if seat in acting:
            assert engine.legal_actions(twin, seat) == engine.legal_actions(state, seat), (
                f"{where}: seat {seat}'s legal actions change with {changed + ['rng']}"
            )
        parts.update(changed)
    assert engine.dump(state) == text, f"{where}: a perturbation changed the state itself"


def play_mixed(name: str, players: int, opts: str, plan: Plan) -> Counter[str]:
    """Plays ``plan`` to the end, checking every state; returns how often each hidden part
    was perturbed."""
    engine = ENGINES[name]
    perturb = PERTURBATIONS[name]
    reference = len(random_trace(name, players, opts, DEEP_SEEDS[0]).moves)
    due = [(moment * reference // 1000, seat) for moment, seat in plan.resignations]
    rng = Rng.from_seed(plan.seed)
    state = new_state(name, players, opts, plan.seed)
    gone: set[int] = set()
    parts: Counter[str] = Counter()
    for step in range(step_limit(name) + 1):
        where = f"step {step}"
        check_state(engine, perturb, state, rng, parts, where)
        acting = engine.to_act(state)
        assert not acting & gone, f"{where}: a seat that left is to act"
        assert all(engine.legal_actions(state, seat) == [] for seat in gone), f"{where}: a seat that left may act"
        if len(gone) >= max(players - 1, 1):
            assert not acting, f"{where}: {len(gone)} of {players} seats left, yet the game goes on"
        if not acting:
            break
        while due and due[0][0] <= step and due[0][1] in gone:
            due.pop(0)
        if due and due[0][0] <= step:
            seat = due.pop(0)[1]
            gone.add(seat)
            result = engine.resign(state, seat)
        else:
            seat = rng.choice(sorted(acting))
            legal = engine.legal_actions(state, seat)
            assert legal, f"{where}: seat {seat} is to act but has no legal action"
            level = plan.seats[seat]
            if level == "random" or rng.below(1000) < plan.slips:
                action = rng.choice(legal)
            else:
                action = _computer_move(engine, state, seat, legal, level, rng)
                assert action in legal, f"{where}: the computer player chose {action!r}, not legal for seat {seat}"
            result = engine.apply(state, seat, action)
        for event in result.events:
            assert isinstance(event, Event)
            assert event.audience is None or event.audience <= frozenset(range(players)), f"{where}: {event!r}"
        state = result.state
    else:
        pytest.fail(f"no end within {step_limit(name)} actions")
    outcome = check_outcome(engine, state)
    if players > 1 and len(gone) == players - 1:
        assert outcome.winners == [s for s in range(players) if s not in gone], "the last seat left does not win"
    return parts


@case
def test_mixed_games(name: str, players: int, opts: str) -> None:
    engine = ENGINES[name]
    if name not in PERTURBATIONS:
        pytest.fail(f"no perturbation for {name!r}: add one to PERTURBATIONS in contract_hooks.py")
    known = ("test_mixed_games", name) in KNOWN_BUGS
    phases = [Phase.explicit, Phase.generate] + ([] if known else [Phase.shrink])  # a known bug is not shrunk again

    @settings(
        max_examples=MIXED_GAMES.get(name, 3),
        derandomize=True,
        database=None,
        deadline=None,
        phases=phases,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(plan=plans(players, ("normal", *(level for level in engine.levels if level != "normal"))))
    def mixed_game(plan: Plan) -> None:
        note(f"replay: play_mixed({name!r}, {players}, {opts!r}, {plan!r})")
        play_mixed(name, players, opts, plan)

    mixed_game()


# =============================================================================
# The perturbations themselves
# =============================================================================


@pytest.mark.parametrize("name", engine_params("test_perturbations_reach_every_hidden_part"))
def test_perturbations_reach_every_hidden_part(name: str) -> None:
    """Over the suite's play-outs, each game's perturbation changes every part it names at
    least once (for the public, who sees the least), and only into states that validate
    (a JSON round trip): no part of it is dead code that the mixed games never run."""
    engine = ENGINES[name]
    perturb = PERTURBATIONS[name]
    rng = Rng.from_seed(5)
    seen: Counter[str] = Counter()
    for players in range(engine.min_players, engine.max_players + 1):
        for raw in option_sets(name):
            opts = json.dumps(raw, sort_keys=True)
            for trace in [random_trace(name, players, opts, s) for s in RANDOM_SEEDS] + [
                policy_trace(name, players, opts, POLICY_SEEDS[0])
            ]:
                for i, state in enumerate(trace.states):
                    twin, changed = perturb(state, None, rng)
                    seen.update(changed)
                    if changed and i % 7 == 0:
                        assert engine.load(engine.dump(twin)) == twin
    assert set(seen) == PERTURBED_PARTS[name], f"perturbed: {dict(seen)}"


@case
def test_determinize_agrees_with_the_view(name: str, players: int, opts: str) -> None:
    """The strong computer player's search samples whole states from a seat's view
    (``Engine.determinize``): each must show that seat the very same view, and offer it
    the same legal actions when it is to decide. (A seat that waits on a secret reaction
    window, Fireship's, sees the table as before it opened: its sample cannot know that it
    waits, and the computer is only asked when it has actions.) A game that cannot sample
    (None) has nothing to check."""
    engine = ENGINES[name]
    rng = Rng.from_seed(11)
    sampled = 0
    for trace in [random_trace(name, players, opts, DEEP_SEEDS[0]), policy_trace(name, players, opts, POLICY_SEEDS[0])]:
        for i, state in enumerate(trace.states[::3]):
            for seat in range(players):
                view = engine.view(state, seat)
                sample = engine.determinize(view, rng)
                if sample is None:
                    continue
                sampled += 1
                assert engine.view(sample, seat) == view, f"state {3 * i}, seat {seat}"
                if legal := engine.legal_actions(state, seat):
                    assert engine.legal_actions(sample, seat) == legal, f"state {3 * i}"
    if not sampled:
        pytest.skip(f"{name} does not sample its hidden parts (determinize returns None)")
