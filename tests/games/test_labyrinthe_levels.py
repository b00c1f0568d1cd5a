"""Le labyrinthe secret: the computer player's three levels (issue 17).

A computer never peeks (what its view hides never changes its decision), decides the same way
from the same seed and budget, and only ever plays legal moves; the strong level's search hooks
sample states its view allows and score them sensibly.
"""

from functools import cache

import pytest

from games.core import Budget, Rng
from games.labyrinthe import ENGINE, bots
from games.labyrinthe.models import SIGNS, Choose, LabyrintheState, Move, Take
from tests.games.test_labyrinthe_rules import build

LEVELS = ("easy", "normal", "strong")
FAST = Budget(50)  # iterations: enough to exercise the search, and quick


def decide(state: LabyrintheState, seat: int, level: str, seed: int = 7) -> object:
    legal = ENGINE.legal_actions(state, seat)
    return ENGINE.choose(ENGINE.view(state, seat), legal, Rng.from_seed(seed), level, FAST)  # type: ignore[arg-type]


@cache
def sampled_states() -> tuple[LabyrintheState, ...]:
    """Positions from games between normal players (two to four seats, boxes closed), every
    phase included: each seventh state, and every duel where one duellist has chosen."""
    found = []
    for players in (2, 3, 4):
        for seed in range(3):
            state = ENGINE.new_game(players, ENGINE.make_options({}), seed)
            rng = Rng.from_seed(seed)
            for step in range(400):
                if ENGINE.is_over(state):
                    break
                seat = min(ENGINE.to_act(state))
                if step % 7 == 0 or (state.phase == "choose" and state.duel and state.duel.choices):
                    found.append(state)
                legal = ENGINE.legal_actions(state, seat)
                state = ENGINE.apply(state, seat, ENGINE.choose(ENGINE.view(state, seat), legal, rng)).state
    return tuple(found)


def hidden_changed(state: LabyrintheState, seat: int, salt: int) -> LabyrintheState:
    """The same position with what ``seat`` cannot see changed: the bag's order, the generator,
    the rivals' treasures dealt otherwise among them, a rival's secret duel sign."""
    rng = Rng.from_seed(salt)
    changed = ENGINE.copy_state(state)
    rng.shuffle(changed.bag)
    changed.rng = Rng.from_seed(salt * 31 + 5)
    rivals = [s for s in range(state.seats) if s != seat and not state.resigned[s]]
    held = [t for s in rivals for t in state.boxes[s]]
    rng.shuffle(held)
    for s in rivals:  # the same counts, other treasures: nobody else's count is shown either
        count = len(state.boxes[s])
        changed.boxes[s], held = held[:count], held[count:]
    if changed.duel is not None:
        for s in list(changed.duel.choices):
            if s != seat:
                changed.duel.choices[s] = SIGNS[(SIGNS.index(changed.duel.choices[s]) + 1 + salt % 2) % 3]
    return changed


def acting(state: LabyrintheState) -> list[int]:
    return sorted(ENGINE.to_act(state))


def test_levels_offered_and_normal_by_default() -> None:
    assert ENGINE.levels == ("easy", "normal", "strong")
    state = sampled_states()[3]
    seat = acting(state)[0]
    view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
    assert ENGINE.choose(view, legal, Rng.from_seed(4)) == bots.choose(view, legal, Rng.from_seed(4))


@pytest.mark.parametrize("level", LEVELS)
def test_a_computer_never_peeks(level: str) -> None:
    """Changing only what the view hides changes neither the view nor the decision."""
    checked = 0
    for index, state in enumerate(sampled_states()[::3]):
        for seat in acting(state):
            twin = hidden_changed(state, seat, index)
            assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
            assert decide(twin, seat, level, index) == decide(state, seat, level, index)
            checked += 1
    assert checked > 30


def test_a_duel_sign_stays_secret_from_the_strong_player() -> None:
    """The rival's sign, already chosen, does not sway the strong player's own."""
    duels = [s for s in sampled_states() if s.phase == "choose" and s.duel and s.duel.choices]
    assert duels
    for state in duels:
        for seat in acting(state):
            picks = {decide(hidden_changed(state, seat, salt), seat, "strong") for salt in range(3)}
            assert len(picks) == 1


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_budget_same_decision(level: str) -> None:
    for state in sampled_states()[::5]:
        for seat in acting(state):
            assert decide(state, seat, level, 11) == decide(ENGINE.load(ENGINE.dump(state)), seat, level, 11)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_legal_moves_to_the_end(players: int) -> None:
    """Mixed tables play whole games; each choice is among the legal actions, and every move the
    search weighs is legal too."""
    for seed in range(2):
        state = ENGINE.new_game(players, ENGINE.make_options({"open_boxes": seed == 1}), 100 + seed)
        rng = Rng.from_seed(seed)
        levels = [LEVELS[(seat + seed) % 3] for seat in range(players)]
        for _ in range(1500):
            if ENGINE.is_over(state):
                break
            seat = min(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            action = ENGINE.choose(ENGINE.view(state, seat), legal, rng, levels[seat], Budget(20))  # type: ignore[arg-type]
            assert action in legal
            assert all(a in legal for a in ENGINE.search_actions(state, seat))
            state = ENGINE.apply(state, seat, action).state
        assert ENGINE.is_over(state)


def test_a_sampled_state_shows_the_same_view() -> None:
    """``determinize`` draws a whole state whose view, for the seat that asked, is its own view,
    and which the engine accepts as a state."""
    for index, state in enumerate(sampled_states()):
        for seat in acting(state):
            view = ENGINE.view(state, seat)
            sample = ENGINE.determinize(view, Rng.from_seed(index))
            assert sample is not None
            assert ENGINE.view(sample, seat) == view
            assert ENGINE.load(ENGINE.dump(sample)) == sample
            held = sorted(t for box in sample.boxes for t in box) + sample.bag + [sample.target]
            assert sorted(t for t in held if t is not None) == list(range(18))
            assert all(len(box) < 7 for box in sample.boxes)


def test_evaluate_favours_who_reaches_the_treasure() -> None:
    """Two equal boxes: the seat to move that reaches the sought treasure (F11) is ahead, and behind
    when the rival is the one next to it; the shares sum to one."""
    near = build(["F10", "F4"], target=16, boxes=[[1, 2], [3, 4]], phase="move", current=0)
    far = build(["F4", "F10"], target=16, boxes=[[1, 2], [3, 4]], phase="move", current=0)
    for state in (near, far):
        values = ENGINE.evaluate(state)
        assert all(0.0 <= v <= 1.0 for v in values) and sum(values) == pytest.approx(1.0)
    assert ENGINE.evaluate(near)[0] > 0.6 > ENGINE.evaluate(far)[0]


def test_evaluate_counts_treasures() -> None:
    ahead = build(["F10", "F4"], target=0, boxes=[[1, 2, 3, 5, 6], [4]], phase="change", current=1)
    assert ENGINE.evaluate(ahead)[0] > 0.8


def test_strong_takes_the_treasure_in_reach_and_draws_signs_evenly() -> None:
    state = build(["F10", "F4"], target=16, phase="move", current=0)
    assert decide(state, 0, "strong") == Move(to=(5, 10))
    on_it = build(["F11", "F4"], target=16, phase="change", current=0)
    assert decide(on_it, 0, "strong") == Take()
    duel = next(s for s in sampled_states() if s.phase == "choose")
    seat = acting(duel)[0]
    picks = [decide(duel, seat, "strong", seed).sign for seed in range(60)]  # type: ignore[attr-defined]
    assert {picks.count(sign) for sign in SIGNS} <= set(range(10, 31))


def test_easy_picks_its_signs_in_a_fixed_order() -> None:
    duel = next(s for s in sampled_states() if s.phase == "choose")
    seat = acting(duel)[0]
    picks = {decide(duel, seat, "easy", seed) for seed in range(10)}
    assert len(picks) == 1 and isinstance(next(iter(picks)), Choose)


def test_easy_players_end_their_duels_and_their_games() -> None:
    """Two beginners in a duel must not choose alike for ever (they once did: the same fixed order of
    signs, round after round): seeded four-player games of Easy computers all reach their end."""
    for seed in range(12):
        state = ENGINE.new_game(4, ENGINE.make_options({}), seed)
        rng = Rng.from_seed(seed)
        for _ in range(5000):
            if ENGINE.is_over(state):
                break
            seat = min(ENGINE.to_act(state))
            legal = ENGINE.legal_actions(state, seat)
            state = ENGINE.apply(state, seat, ENGINE.choose(ENGINE.view(state, seat), legal, rng, "easy")).state
        assert ENGINE.is_over(state), seed
