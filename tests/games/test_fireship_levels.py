"""Fireship's computer players at their three levels (easy, normal, strong) and the strong
level's search hooks (games/fireship/strong.py).

Each level plays from its own seat's view only: what that view does not show (the others'
kept cards, the deck's order, the game's generator) never changes a decision. Same seed and
same budget in iterations, same decision. Every decision is legal. Strength is measured apart
(bench/strength.py), not asserted here.
"""

from functools import cache
from itertools import cycle

import pytest

from games.core import LEVELS, Budget, Rng
from games.fireship import ENGINE, bots, strong
from games.fireship.models import Attack, EndMoves, EndTurn, FireshipState, Select, Steer, Use
from tests.games.contract_hooks import PERTURBATIONS
from tests.games.rule_book import check_quotes
from tests.games.test_fireship_rules import at, build

SMALL = Budget(iterations=24)  # enough to search, small enough for many decisions


def decide(state: FireshipState, seat: int, level: str, seed: int = 7, budget: Budget = SMALL) -> object:
    legal = ENGINE.legal_actions(state, seat)
    return ENGINE.choose(ENGINE.view(state, seat), legal, Rng.from_seed(seed), level, budget)  # type: ignore[arg-type]


def mixed_game(players: int, seed: int, levels: tuple[str, ...], rounds: int = 3) -> list[FireshipState]:
    """Every state of a short game between computers of the given levels, seat by seat."""
    state = ENGINE.new_game(players, ENGINE.make_options({"rounds": rounds}), seed)
    seats = [level for level, _ in zip(cycle(levels), range(players))]
    rng = Rng.from_seed(seed)
    states = [state]
    for _ in range(5000):
        if ENGINE.is_over(state):
            return states
        (seat,) = ENGINE.to_act(state)
        legal = ENGINE.legal_actions(state, seat)
        action = ENGINE.choose(ENGINE.view(state, seat), legal, rng, seats[seat], Budget(8))  # type: ignore[arg-type]
        assert action in legal, (seats[seat], state.phase, action)
        state = ENGINE.apply(state, seat, action).state
        states.append(state)
    raise AssertionError("no end")


@cache
def positions() -> tuple[FireshipState, ...]:
    """Positions of computer games of two to four players, every level at the table, where the
    seat to act has a choice: each fourth such state."""
    found = []
    for seed, players in enumerate((2, 3, 4, 2)):
        for state in mixed_game(players, seed, LEVELS, rounds=5)[:-1]:
            (seat,) = ENGINE.to_act(state)
            if len(ENGINE.legal_actions(state, seat)) > 1:
                found.append(state)
    return tuple(found[::4])


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "002_0bf5331d1c49f2cc.txt", minimum=3)


def test_the_game_offers_three_levels_normal_by_default() -> None:
    assert ENGINE.levels == LEVELS == ("easy", "normal", "strong")
    for state in positions()[:20]:
        (seat,) = ENGINE.to_act(state)
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        assert ENGINE.choose(view, legal, Rng.from_seed(3)) == bots.choose(view, legal, Rng.from_seed(3))


def test_no_level_peeks() -> None:
    """Checks: the others' kept cards dealt anew, the deck in another order, the game's generator
    changed (and, in a secret window, the seat asked changed, as the contract suite does): the
    seat's view stays as it was, and no level's decision changes (same seed, same budget in
    iterations, no clock)."""
    perturb = PERTURBATIONS["fireship"]
    changed = 0
    for index, state in enumerate(positions()):
        (seat,) = ENGINE.to_act(state)
        twin, parts = perturb(state, seat, Rng.from_seed(index))
        twin = twin.model_copy(update={"rng": Rng.from_seed(state.rng.state ^ 0xBADC0FFEE)})
        changed += bool(parts)
        view = ENGINE.view(state, seat)
        assert ENGINE.view(twin, seat) == view
        assert ENGINE.legal_actions(twin, seat) == ENGINE.legal_actions(state, seat)
        for level in LEVELS:
            assert decide(twin, seat, level, index) == decide(state, seat, level, index), (level, state.phase)
    assert len(positions()) > 60 and changed > 60


def test_same_seed_and_budget_same_decision() -> None:
    """Checks: a decision depends on the view, the seed and the budget's iterations only."""
    for state in positions()[::3]:
        (seat,) = ENGINE.to_act(state)
        again = ENGINE.load(ENGINE.dump(state))
        for level in LEVELS:
            assert decide(again, seat, level, 11) == decide(state, seat, level, 11)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_legal_moves_to_the_end(players: int) -> None:
    """« A chaque tour, le joueur doit lancer les 3 dés »
    Checks: at tables mixing the levels (each seat in turn another), every decision is among the
    legal actions (``mixed_game`` asserts it), every move the search weighs is legal too, and
    the games end."""
    for seed in range(2):
        levels = LEVELS[seed:] + LEVELS[:seed]
        states = mixed_game(players, 40 + seed, levels, rounds=4)
        assert ENGINE.is_over(states[-1])
        for state in states[:-1:7]:
            (seat,) = ENGINE.to_act(state)
            legal = ENGINE.legal_actions(state, seat)
            assert all(a in legal for a in ENGINE.search_actions(state, seat))


def test_a_sample_is_a_state_the_view_allows() -> None:
    """Checks: ``determinize`` keeps the board and the seat's own hand, deals the 55 cards less
    that hand over the deck (its size as shown), the others' hands and the discard, and the seat
    would see exactly its view in the sample; nothing is sampled for the public."""
    checked = 0
    for index, state in enumerate(positions()):
        (seat,) = ENGINE.to_act(state)
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, Rng.from_seed(index))
        if state.phase == "react":
            assert sample is None
            continue
        assert sample is not None
        assert ENGINE.view(sample, seat) == view
        assert sample.hands[seat] == state.hands[seat] and len(sample.deck) == len(state.deck)
        everything = sorted(sample.deck + sample.discard + [c for hand in sample.hands for c in hand])
        assert len(everything) == 55
        assert ENGINE.determinize(ENGINE.view(state, None), Rng.from_seed(index)) is None
        checked += 1
    assert checked > 30


def test_evaluate_counts_islands_first() -> None:
    """« Conquérir toutes les îles / le maximum en un temps imparti. »
    Checks: the shares are chances summing to one; a seat holding more islands is ahead, a seat
    that is out has none."""
    even = build([(0, "boat", "B2"), (1, "boat", "R18")], rounds=20)
    ahead = build([(0, "boat", "B2"), (1, "boat", "R18")], islands={1: 0, 2: 0}, rounds=20)
    for state in (even, ahead):
        shares = ENGINE.evaluate(state)
        assert all(0.0 <= s <= 1.0 for s in shares) and sum(shares) == pytest.approx(1.0)
    assert ENGINE.evaluate(ahead)[0] > ENGINE.evaluate(even)[0] > 0.3
    out = build([(0, "boat", "B2"), (1, "boat", "R18"), (2, "boat", "A19")], seats=3, out=[False, False, True])
    assert ENGINE.evaluate(out)[2] == 0.0


def test_strong_gathers_its_fleet_before_an_island() -> None:
    """« Seuls les pions qui sont à une case de distance de ce dernier et de sa couleur lui
    confèrent de la puissance d’attaque. »
    Checks: a plane beside a white island (defence 3: the island and its white boat) and two
    boats a few cells away; the strong player sails both boats beside the plane, then attacks
    the island at greater power (the blue-edged die)."""
    state = build(
        [(0, "plane", "D4"), (0, "boat", "B8"), (0, "boat", "H2"), (None, "boat", "E6"), (1, "boat", "R18")],
        phase="move",
        points=12,
    )
    rng = Rng.from_seed(1)
    for _ in range(12):
        if state.phase == "act":
            break
        legal = ENGINE.legal_actions(state, 0)
        state = ENGINE.apply(state, 0, ENGINE.choose(ENGINE.view(state, 0), legal, rng, "strong", SMALL)).state
    assert state.phase == "act"
    assert ENGINE.power(state, "0") == 4 and ENGINE.power(state, "i1") == 3
    choice = decide(state, 0, "strong", budget=Budget(60))
    assert isinstance(choice, Attack) and choice.target in ("i1", "3")


def test_strong_attacks_before_using_a_special_cell() -> None:
    """« Les actions de cases spéciales s’effectuent après les attaques. »
    Checks: with an attack at greater power on offer and a wheel cell under another piece, the
    strong player attacks first (a special cell used ends the attacks)."""
    state = build([(0, "battleship", "J8"), (0, "boat", "G7"), (1, "boat", "K8"), (1, "boat", "R18")])
    assert Use(piece=1) in ENGINE.legal_actions(state, 0)
    assert decide(state, 0, "strong", budget=Budget(80)) == Attack(leader="0", target="2")


def test_easy_sails_one_piece_a_turn_and_keeps_to_greater_power() -> None:
    """« Le joueur n’est pas obligé de faire tous ses déplacements. »
    Checks: once a piece has moved this turn, the easy player ends its moves; it leaves an attack
    at equal power alone (the plain die) and ends its turn."""
    moving = build([(0, "boat", "B2"), (0, "boat", "C3"), (1, "boat", "R18")], phase="move", points=10, dice=(4, 3, 3))
    first = decide(moving, 0, "easy")
    assert isinstance(first, Select)
    state = ENGINE.apply(moving, 0, first).state
    steer = decide(state, 0, "easy")
    assert isinstance(steer, Steer)
    state = ENGINE.apply(state, 0, steer).state
    assert state.phase == "move" and decide(state, 0, "easy") == EndMoves()
    equal = build([(0, "boat", "J8"), (1, "boat", "K8"), (1, "boat", "R18")])
    assert [o.die for o in ENGINE.view(equal, 0).attacks] == ["plain"]
    assert {decide(equal, 0, "easy", seed) for seed in range(8)} == {EndTurn()}
    strong_move = decide(build([(0, "boat", "J8"), (0, "boat", "I8"), (1, "boat", "K8")], seed=1), 0, "easy")
    assert strong_move == Attack(leader="0", target="2") or strong_move == Attack(leader="1", target="2")


def test_the_planner_ends_its_moves_when_nothing_gains() -> None:
    """Checks: pieces already beside the island they attack at greater power stay where they are."""
    state = build(
        [(0, "battleship", "D4"), (0, "boat", "D5"), (None, "boat", "E6"), (1, "boat", "R18")],
        phase="move",
        points=3,
    )
    assert strong.plan_move(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)) == EndMoves()
    assert at("D4") in {p.cell for p in state.pieces}
