"""Forteresse Solo's computer player at its three levels (easy, normal, strong) and the strong
level's search hooks (games/forteresse/strong.py).

Each level plays from the player's view only: what that view does not show (the order of the
deck, of the Fortress and of the Doors pile, the game's generator) never changes a decision.
Same seed and same budget in iterations, same decision. Every decision is legal. Strength is
measured apart (bench/strength.py), not asserted here.
"""

import pytest

from games.core import LEVELS, Budget, Rng
from games.forteresse import ENGINE, strong
from games.forteresse.cards import FORTRESS, PLAYER, full_deck
from games.forteresse.models import ForteresseState, Mulligan, Pass
from tests.games.rule_book import check_quotes

SMALL = Budget(iterations=8)  # enough to search, small enough for many decisions


def game(seed: int, level: str) -> list[ForteresseState]:
    """Every state of a game the computer plays at ``level``; each move is checked legal."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while not ENGINE.is_over(state):
        legal = ENGINE.legal_actions(state, 0)
        action = ENGINE.choose(ENGINE.view(state, 0), legal, rng, level, SMALL)  # type: ignore[arg-type]
        assert action in legal, (level, action)
        state = ENGINE.apply(state, 0, action).state
        states.append(state)
    return states


def hidden_moved(state: ForteresseState, seed: int) -> ForteresseState:
    """The same position with what the player cannot see changed: the deck, the Fortress and
    the Doors pile in other orders, and another generator."""
    decks = [list(state.deck), list(state.fortress), list(state.doors)]
    shuffler = Rng.from_seed(seed)
    for cards in decks:
        shuffler.shuffle(cards)
    deck, fortress, doors = decks
    return state.model_copy(
        update={"deck": deck, "fortress": fortress, "doors": doors, "rng": Rng.from_seed(state.rng.state ^ 0xBADC0FFEE)}
    )


@pytest.fixture(scope="module")
def positions() -> list[ForteresseState]:
    """Positions of games played at each level where the player has a choice the search weighs."""
    found = []
    for seed, level in enumerate(["normal", "easy", "normal", "normal"]):
        for state in game(seed, level)[:-1]:
            prompt = state.prompt
            if prompt is not None and len(ENGINE.legal_actions(state, 0)) > 1 and len(state.deck) > 2:
                found.append(state)
    searched = [s for s in found if s.prompt is not None and s.prompt.kind in strong.SEARCHED]
    return searched[::3] + found[::9]


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "001_cf94b1fa1b9067fc.txt", minimum=3)


def test_the_game_offers_three_levels() -> None:
    assert ENGINE.levels == LEVELS == ("easy", "normal", "strong")


def test_no_level_peeks(positions: list[ForteresseState]) -> None:
    """« Mélangez votre paquet de 52 cartes et posez-le face cachée devant vous. »
    Checks: the player's view shows no order of a face-down pile; reordering the deck, the
    Fortress and the Doors pile and changing the generator leaves the view as it was, and no
    level's decision changes (same seed, same budget in iterations, no clock)."""
    assert len(positions) > 20
    for number, state in enumerate(positions):
        twin = hidden_moved(state, number)
        assert twin.deck != state.deck or len(state.deck) < 2
        view, twin_view = ENGINE.view(state, 0), ENGINE.view(twin, 0)
        assert view == twin_view
        legal = ENGINE.legal_actions(state, 0)
        assert legal == ENGINE.legal_actions(twin, 0)
        for level in LEVELS:
            mine = ENGINE.choose(view, legal, Rng.from_seed(5), level, SMALL)
            assert ENGINE.choose(twin_view, legal, Rng.from_seed(5), level, SMALL) == mine, (level, state.prompt)


def test_same_seed_and_budget_same_decision(positions: list[ForteresseState]) -> None:
    """Checks: a decision depends on the view, the seed and the budget's iterations only."""
    for state in positions[::2]:
        view = ENGINE.view(state, 0)
        legal = ENGINE.legal_actions(state, 0)
        for level in LEVELS:
            first = ENGINE.choose(view, legal, Rng.from_seed(11), level, SMALL)
            assert ENGINE.choose(view.model_copy(deep=True), list(legal), Rng.from_seed(11), level, SMALL) == first


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_to_the_end(level: str) -> None:
    """« Si le joueur pille trois Trésors de la Forteresse, il gagne la partie. »
    Checks: every decision of a level is among the legal actions and its games end, won or lost."""
    for seed in range(3):
        states = game(100 + seed, level)
        assert ENGINE.is_over(states[-1])
        assert states[-1].result in ("won", "lost")


def test_a_sample_is_a_state_the_view_allows(positions: list[ForteresseState]) -> None:
    """« La Forteresse contient 44 cartes en début de partie »
    Checks: ``determinize`` deals the cards the view does not show into the deck, the Fortress
    and the Doors pile (both decks whole: 52 cards each), keeps everything else, and the
    player would see exactly its view in the sample; the public view is not sampled."""
    for state in positions:
        view = ENGINE.view(state, 0)
        sample = ENGINE.determinize(view, Rng.from_seed(3))
        assert sample is not None
        assert ENGINE.view(sample, 0) == view
        assert sorted(sample.deck) == sorted(state.deck)
        assert sorted(sample.fortress) == sorted(state.fortress)
        assert sorted(sample.doors) == sorted(state.doors)
        assert ENGINE.legal_actions(sample, 0) == ENGINE.legal_actions(state, 0)
        mine = sample.hand + sample.deck + sample.discard + sample.played
        mine += [c for c in sample.out if c[0] == PLAYER] + [c for h in sample.heroes for c in [h.card, *h.stats]]
        assert sorted(mine) == sorted(full_deck(PLAYER))
        theirs = sample.fortress + sample.fortress_discard + sample.reserve + sample.doors
        theirs += [c for c in sample.out if c[0] == FORTRESS] + [c for e in sample.enemies for c in [e.card, *e.stats]]
        theirs += [c for s in sample.sites for c in [s.treasure, *s.lieux, *([s.door] if s.door else [])]]
        assert sorted(theirs) == sorted(full_deck(FORTRESS))
    assert ENGINE.determinize(ENGINE.view(positions[0], None), Rng.from_seed(3)) is None


def test_samples_differ_where_the_view_is_silent(positions: list[ForteresseState]) -> None:
    """Checks: two samples of one view deal the deck in different orders."""
    view = ENGINE.view(positions[0], 0)
    decks = {tuple(ENGINE.determinize(view, Rng.from_seed(seed)).deck) for seed in range(5)}  # type: ignore[union-attr]
    assert len(decks) == 5


def test_the_light_view_is_the_view(positions: list[ForteresseState]) -> None:
    """Checks: the play-outs' light view holds what the engine's view of the player holds."""
    for state in positions:
        view = ENGINE.view(state, 0)
        light = strong.fast_view(state)
        for name, value in view:
            if name == "outcome":
                continue
            if isinstance(value, list) and value and hasattr(value[0], "model_dump"):
                assert [vars(item) for item in getattr(light, name)] == [item.model_dump() for item in value], name
            elif hasattr(value, "model_dump") and name == "exploration":
                assert vars(light.exploration) == value.model_dump()
            else:
                assert getattr(light, name) == value, name


def test_evaluate_is_a_chance() -> None:
    """Checks: ``evaluate`` gives one number in [0, 1] for the one seat, higher with a Treasure pillaged."""
    state = ENGINE.new_game(1, ENGINE.make_options({}), 4)
    (start,) = ENGINE.evaluate(state)
    assert 0.0 <= start <= 1.0
    sites = [s.model_copy(update={"pillaged": i == 0}) for i, s in enumerate(state.sites)]
    (later,) = ENGINE.evaluate(state.model_copy(update={"sites": sites}))
    assert later > start


def test_the_search_keeps_the_normal_move_on_a_forced_choice(positions: list[ForteresseState]) -> None:
    """Checks: outside the choices it searches, the strong level plays as the normal one."""
    for state in positions:
        assert state.prompt is not None
        if state.prompt.kind in strong.SEARCHED:
            continue
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        normal = ENGINE.choose(view, legal, Rng.from_seed(2))
        assert ENGINE.choose(view, legal, Rng.from_seed(2), "strong", SMALL) == normal


def test_easy_keeps_its_first_hand() -> None:
    """« Lors du premier Tour le joueur a droit à un Mulligan »
    Checks: the easy level never takes it; every level answers the question with a legal move."""
    for seed in range(6):
        state = ENGINE.new_game(1, ENGINE.make_options({}), seed)
        assert state.prompt is not None and state.prompt.kind == "mulligan"
        legal = ENGINE.legal_actions(state, 0)
        assert ENGINE.choose(ENGINE.view(state, 0), legal, Rng.from_seed(seed), "easy") == Mulligan(take=False)
        assert ENGINE.choose(ENGINE.view(state, 0), legal, Rng.from_seed(seed), "strong", SMALL) in legal
    assert Pass() not in ENGINE.legal_actions(state, 0)


def test_the_search_weighs_few_legal_moves_the_normal_one_first(positions: list[ForteresseState]) -> None:
    """Checks: the candidates are legal, distinct, at most ``CANDIDATES``, the normal player's
    move first and the Pass among them when it is legal."""
    for state in positions:
        view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
        moves = ENGINE.search_actions(state, 0)
        assert all(move in legal for move in moves) and len(set(moves)) == len(moves)
        if state.prompt is not None and state.prompt.kind in strong.SEARCHED:
            assert len(moves) <= strong.CANDIDATES
            assert moves[0] == ENGINE.choose(view, legal, Rng.from_seed(0))
            assert (Pass() in legal) == (Pass() in moves)
