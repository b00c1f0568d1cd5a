"""Fortissimo!'s computer players at their three levels (easy, normal, strong) and the strong
level's search hooks (games/fortissimo/strong.py).

Each level plays from its own seat's view only: what that view does not show (the face-down
cards nobody has seen, the game's generator) never changes a decision. Same seed and same
budget in iterations, same decision. Every decision is legal. Strength is measured apart
(bench), not asserted here.
"""

from itertools import cycle

import pytest

from games.core import LEVELS, Budget, Rng
from games.core.search import search
from games.fortissimo import ENGINE, bots, strong
from games.fortissimo.cards import CARDS
from games.fortissimo.models import Fire, Flip, FortissimoState, Insert, PutBack, Take
from games.fortissimo.scoring import score
from tests.games.rule_book import check_quotes
from tests.games.test_fortissimo_rules import build, flip, slot_of

SMALL = Budget(iterations=40)  # enough to search, small enough for many decisions


def mixed_game(players: int, variant: str, seed: int, levels: tuple[str, ...]) -> list[FortissimoState]:
    """Every state of a game between computers of the given levels (seat by seat, in turn)."""
    state = ENGINE.new_game(players, ENGINE.make_options({"variant": variant}), seed)
    seats = [level for level, _ in zip(cycle(levels), range(players))]
    rng = Rng.from_seed(seed)
    states = [state]
    while not ENGINE.is_over(state):
        seat = state.current
        legal = ENGINE.legal_actions(state, seat)
        action = ENGINE.choose(ENGINE.view(state, seat), legal, rng, seats[seat], SMALL)
        assert action in legal, (seats[seat], action)
        state = ENGINE.apply(state, seat, action).state
        states.append(state)
    return states


def hidden_moved(state: FortissimoState) -> FortissimoState:
    """The same position with what no seat has seen changed: the face-down cards nobody saw
    moved around, and the game's generator."""
    hidden = [s for s, c in enumerate(state.grid) if c and s != state.flipped and s not in state.seen]
    grid = list(state.grid)
    if not state.open_grid:
        for slot, card in zip(hidden, [grid[s] for s in hidden][::-1]):
            grid[slot] = card
    return state.model_copy(update={"grid": grid, "rng": Rng.from_seed(state.rng.state ^ 0xBADC0FFEE)})


@pytest.fixture(scope="module")
def positions() -> list[FortissimoState]:
    """Positions of computer-played games of both variants, two to four players, every level
    at the table, where something is hidden and the seat to act has a choice."""
    found = []
    for variant in ("basic", "advanced"):
        for seed, players in enumerate((2, 3, 4, 2)):
            for state in mixed_game(players, variant, seed, LEVELS)[:-1]:
                if len(ENGINE.legal_actions(state, state.current)) > 1 and hidden_moved(state).grid != state.grid:
                    found.append(state)
    return found[::4]


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "003_ed59d4e42ba0786e.txt", minimum=3)


def test_the_game_offers_three_levels() -> None:
    assert ENGINE.levels == LEVELS == ("easy", "normal", "strong")


def test_no_level_peeks(positions: list[FortissimoState]) -> None:
    """« Tous les joueurs ont donc la possibilité de voir cette carte. »
    Checks: only cards shown are known. Moving the face-down cards nobody saw and changing
    the game's generator leaves the seat's view as it was, and no level's decision changes
    (same seed, same budget in iterations, no clock)."""
    assert len(positions) > 40
    for state in positions:
        twin = hidden_moved(state)
        seat = state.current
        view, twin_view = ENGINE.view(state, seat), ENGINE.view(twin, seat)
        assert view == twin_view
        legal = ENGINE.legal_actions(state, seat)
        assert legal == ENGINE.legal_actions(twin, seat)
        for level in LEVELS:
            mine = ENGINE.choose(view, legal, Rng.from_seed(5), level, SMALL)
            assert ENGINE.choose(twin_view, legal, Rng.from_seed(5), level, SMALL) == mine


def test_same_seed_and_budget_same_decision(positions: list[FortissimoState]) -> None:
    """Checks: a decision depends on the view, the seed and the budget's iterations only."""
    for state in positions[::3]:
        view = ENGINE.view(state, state.current)
        legal = ENGINE.legal_actions(state, state.current)
        for level in LEVELS:
            first = ENGINE.choose(view, legal, Rng.from_seed(11), level, SMALL)
            assert ENGINE.choose(view.model_copy(deep=True), list(legal), Rng.from_seed(11), level, SMALL) == first


@pytest.mark.parametrize("variant", ["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_legal_moves_to_the_end(variant: str, players: int) -> None:
    """« Vous pouvez maintenant choisir entre deux actions : »
    Checks: at tables mixing the levels (each seat in turn a different one), every decision is
    among the legal actions and the games end."""
    for seed in range(2):
        levels = LEVELS[seed:] + LEVELS[:seed]
        states = mixed_game(players, variant, 40 + seed, levels)
        assert ENGINE.is_over(states[-1])


def test_a_sample_is_a_state_the_view_allows(positions: list[FortissimoState]) -> None:
    """Checks: ``determinize`` deals the cards the seat never saw over the slots it never saw,
    keeps everything else, and the seat would see exactly its view in the sample; the public
    view (no seat) is not sampled."""
    for state in positions:
        seat = state.current
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, Rng.from_seed(3))
        assert sample is not None
        assert ENGINE.view(sample, seat) == view
        assert sorted(c for c in sample.grid if c) == sorted(c for c in state.grid if c)
        assert sample.ramparts == state.ramparts and sample.seen == state.seen
        assert ENGINE.legal_actions(sample, seat) == ENGINE.legal_actions(state, seat)
    assert ENGINE.determinize(ENGINE.view(positions[0], None), Rng.from_seed(3)) is None


def test_samples_differ_where_the_view_is_silent() -> None:
    """Checks: at the start nothing is known, so samples deal the grid differently; a card
    once shown stays where the seat saw it in every sample."""
    state = build([[1], [1]])
    slot = slot_of(state, 30)
    state = state.model_copy(update={"seen": {slot: 30}})
    view = ENGINE.view(state, 0)
    grids = {tuple(ENGINE.determinize(view, Rng.from_seed(seed)).grid) for seed in range(5)}  # type: ignore[union-attr]
    assert len(grids) == 5
    assert all(grid[slot] == 30 for grid in grids)


def test_evaluate_gives_shares_of_the_win() -> None:
    """Checks: ``evaluate`` plays the game out and gives each seat its share (they sum to one,
    only seats still playing win); a seat one card from ten with its card known wins it."""
    for players in (2, 3, 4):
        for variant in ("basic", "advanced"):
            state = ENGINE.new_game(players, ENGINE.make_options({"variant": variant}), players)
            for seed in range(20):
                shares = ENGINE.evaluate(state.model_copy(update={"rng": Rng.from_seed(seed)}))
                assert len(shares) == players and abs(sum(shares) - 1) < 1e-9
                assert all(0 <= share <= 1 for share in shares)
    gone = ENGINE.resign(ENGINE.new_game(3, ENGINE.make_options(), 1), 1).state
    assert all(ENGINE.evaluate(gone.model_copy(update={"rng": Rng.from_seed(s)}))[1] == 0 for s in range(10))
    near = build([[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 20]], current=0)
    near = near.model_copy(update={"seen": {slot_of(near, 10): 10}})
    assert ENGINE.evaluate(near) == [1.0, 0.0]


def test_search_weighs_each_known_card_and_one_blind_flip() -> None:
    """Checks: the moves the search weighs on a flip: each card known to lie above the seat's
    top, one known card below it (a turn that shows nothing new), and the first slot nobody
    has seen; every legal move once a card is shown."""
    state = build([[1, 20], [1, 5]])
    seen = {slot_of(state, card): card for card in (30, 25, 10, 12)}
    state = state.model_copy(update={"seen": seen})
    moves = ENGINE.search_actions(state, 0)
    flipped = [state.grid[m.slot] for m in moves if isinstance(m, Flip)]
    assert len(moves) == len(flipped) == 4
    assert set(flipped[:2]) == {30, 25} and flipped[2] in (10, 12)
    blind = moves[3].slot  # type: ignore[union-attr]
    assert blind not in seen and blind == min(s for s, c in enumerate(state.grid) if c and s not in seen)
    shown, _ = flip(state, 30)
    assert ENGINE.search_actions(shown, 0) == ENGINE.legal_actions(shown, 0) == [Take(), PutBack()]


def test_strong_takes_the_winning_card() -> None:
    """« La partie prend fin immédiatement dès qu'un joueur réussit à faire un rempart de 10 cartes »
    Checks: one card from ten, with a card it can take known to lie face down, the strong
    player flips it, then takes it."""
    state = build([[1, 3, 5, 7, 9, 11, 13, 15, 17], [1, 40, 41, 42, 43, 44]])
    slot = slot_of(state, 30)
    state = state.model_copy(update={"seen": {slot: 30, slot_of(state, 2): 2}})
    legal = ENGINE.legal_actions(state, 0)
    assert ENGINE.choose(ENGINE.view(state, 0), legal, Rng.from_seed(1), "strong", Budget(200)) == Flip(slot=slot)
    shown, _ = flip(state, 30)
    assert ENGINE.choose(ENGINE.view(shown, 0), [Take(), PutBack()], Rng.from_seed(1), "strong", Budget(200)) == Take()


def test_strong_puts_back_a_card_that_would_block_it() -> None:
    """« Votre rempart doit toujours être classé en ordre croissant. »
    Checks: early on, with 5 on top, the strong player puts back a flipped 44 (nine cards to go,
    two left above it) and takes a flipped 8."""
    state = build([[1, 5], [1, 6]])
    for card, expected in ((44, PutBack()), (8, Take())):
        shown, _ = flip(state, card)
        legal = ENGINE.legal_actions(shown, 0)
        assert ENGINE.choose(ENGINE.view(shown, 0), legal, Rng.from_seed(2), "strong", Budget(300)) == expected


def test_easy_forgets_some_cards_and_takes_eagerly() -> None:
    """« Retournez-la simplement face cachée là où elle se trouve. »
    Checks: the normal player always flips the slot it knows holds the 11 it wants; the easy one
    sometimes forgets it. With 17 on top, a flipped 32 is too high for the normal player; the
    easy one takes it."""
    base = build([[1, 10], [1, 5]])
    good = slot_of(base, 11)
    state = base.model_copy(update={"seen": {good: 11}})
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    normal = {ENGINE.choose(view, legal, Rng.from_seed(seed), "normal") for seed in range(20)}
    easy = [ENGINE.choose(view, legal, Rng.from_seed(seed), "easy") for seed in range(20)]
    assert normal == {Flip(slot=good)}
    assert Flip(slot=good) in easy and any(choice != Flip(slot=good) for choice in easy)
    shown, _ = flip(build([[1, 17], [1, 5]]), 32)
    legal = ENGINE.legal_actions(shown, 0)
    assert ENGINE.choose(ENGINE.view(shown, 0), legal, Rng.from_seed(1), "normal") == PutBack()
    assert ENGINE.choose(ENGINE.view(shown, 0), legal, Rng.from_seed(1), "easy") == Take()


def test_every_level_aims_its_cannon_and_uses_its_magicien_legally() -> None:
    """« Détruisez une carte du rempart d'un de vos adversaires (défausser la carte). »
    Checks: in the cannon phase and with a ready Magicien, every level picks a legal action;
    the normal and strong cannons aim at the leader."""
    cannon = build([[1, 5], [1, 6], [1, 21, 41, 43]], variant="advanced")
    cannon, _ = flip(cannon, 7)
    cannon = ENGINE.apply(cannon, 0, Take()).state
    legal = ENGINE.legal_actions(cannon, 0)
    for level in LEVELS:
        choice = ENGINE.choose(ENGINE.view(cannon, 0), legal, Rng.from_seed(1), level, SMALL)
        assert choice in legal and isinstance(choice, Fire)
        if level != "easy":
            assert choice.target == 2
    magic = build([[1, 20, 31], [1, 5]], variant="advanced", turn=6, magicien_turn=[5, None])
    magic, _ = flip(magic, 13)
    legal = ENGINE.legal_actions(magic, 0)
    assert Insert() in legal
    for level in LEVELS:
        assert ENGINE.choose(ENGINE.view(magic, 0), legal, Rng.from_seed(1), level, SMALL) in legal


def test_fast_legality_check_agrees_with_the_list(positions: list[FortissimoState]) -> None:
    """Checks: a move is played exactly when it is among ``legal_actions`` (the engine checks
    it without listing them, for the search's sake)."""
    for state in positions:
        seat = state.current
        legal = ENGINE.legal_actions(state, seat)
        tries = [Flip(slot=s) for s in (-1, 0, 7, 44, 45)] + [Take(), PutBack(), Insert()]
        tries += [Take(slot=s) for s in (0, 13, 44)] + [Insert(slot=s) for s in (0, 13, 44)]
        tries += [Fire(target=t, card=c) for t in range(state.seats) for c in (3, 20, 41)] + legal
        for action in tries:
            assert ENGINE._allowed(state, seat, action) == (action in legal), action


def test_points_match_the_score() -> None:
    """« Les points : chaque carte vaut 1 point de base + les points bonus éventuels. »
    Checks: the play-outs' quick count of points is the score's total, crow cap or not."""
    rng = Rng.from_seed(9)
    for _ in range(500):
        cards = list(CARDS)
        rng.shuffle(cards)
        rampart = [1, *sorted(cards[: rng.below(12)])]
        for cap in (False, True):
            assert bots.points(rampart, cap) == score(rampart, cap).total


def test_the_search_samples_only_this_turn() -> None:
    """Checks: the search's own samples differ only in the first slot nobody has seen (the only
    one it flips) and agree with the view everywhere else."""
    state = build([[1, 12], [1, 7]])
    view = ENGINE.view(state, 0)
    sampler = strong.Sampler(view)
    samples = [sampler.draw_for_turn(Rng.from_seed(seed)) for seed in range(30)]
    blind = sampler.hidden[0]
    assert len({sample.grid[blind] for sample in samples}) > 10
    for sample in samples:
        assert ENGINE.view(sample, 0) == view


def test_early_stop_changes_no_decision(positions: list[FortissimoState]) -> None:
    """Checks: the strong player stops searching once the iterations left could not change its
    choice; it picks what the whole budget's search picks."""
    for state in positions[::4]:
        seat = state.current
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        whole = search(strong.TurnSearch(ENGINE, view, 150), view, legal, Rng.from_seed(4), 150)
        assert ENGINE.choose(view, legal, Rng.from_seed(4), "strong", Budget(150)) == whole


def test_worth_taking_is_what_it_says() -> None:
    """« Une nouvelle carte récupérée doit toujours être posée à droite de la dernière carte de votre rempart et porter un numéro supérieur à la carte la plus à droite de votre rempart. »
    Checks: the cards worth taking are higher than the top card, and exactly those with at least
    ``per_card`` higher cards left per card still needed after them (up to 3 fewer for a
    bonus card in the advanced variant), or every higher card when none has."""
    rng = Rng.from_seed(8)
    for _ in range(3000):
        cards = list(CARDS)
        rng.shuffle(cards)
        remaining = sorted(cards[: rng.below(46)])
        top, length, advanced = rng.between(1, 46), rng.between(1, 9), bool(rng.below(2))
        per_card = rng.choice([1.0, 2.0, 2.25, 3.0, 3.75, 4.0])
        higher = [c for c in remaining if c > top]

        def enough(card: int, remaining=remaining, per_card=per_card, length=length, advanced=advanced) -> bool:
            above = sum(c > card for c in remaining)
            return above >= per_card * (10 - length - 1) - (bots.BONUS[card] if advanced else 0)

        expected = {c for c in higher if enough(c)} or set(higher)
        assert bots.worth_taking(remaining, top, length, advanced, per_card) == expected
