"""Fortissimo! rule scenarios, each quoting the rule-book sentence it checks.

The rule book is shared/seeds/003_ed59d4e42ba0786e.txt; the house rules are in
shared/HOUSE_RULES.md (Fortissimo section) and games/fortissimo/cards.py.
Every quotation between « and » in a docstring below is copied verbatim from
the rule book; ``test_quotes_are_verbatim`` checks it when the book is at hand.

Scenarios are built exactly: a game is created, then its grid, ramparts, turn
and phase are set by ``build`` (cards not listed stay in the grid).
"""

import itertools
from typing import Any

import pytest

from games.core import Event, GameOver, IllegalAction, NotYourTurn, Rng, RuleError
from games.fortissimo import ENGINE
from games.fortissimo.cards import CARDS, SLOTS, START
from games.fortissimo.models import (
    CannonFired,
    CannonLost,
    CardFlipped,
    CardInserted,
    CardReturned,
    CardTaken,
    Fire,
    Flip,
    FortissimoState,
    GameEnded,
    GridOpened,
    Insert,
    MagicienLost,
    PlayerResigned,
    PutBack,
    Take,
    TurnPassed,
)
from games.fortissimo.scoring import score
from tests.games.rule_book import check_quotes

# =============================================================================
# Helpers
# =============================================================================


def build(
    ramparts: list[list[int]],
    *,
    variant: str = "basic",
    crow_cap: bool = False,
    current: int = 0,
    grid: list[int] | None = None,
    discard: list[int] | None = None,
    **fields: Any,
) -> FortissimoState:
    """An exact position. ``grid``: the cards left, in slots 0, 1, 2...; else every
    card not in a rampart or the discard stays where the seed-7 shuffle put it."""
    options = ENGINE.make_options({"variant": variant, "crow_cap": crow_cap, "first_player": "lobby"})
    base = ENGINE.new_game(len(ramparts), options, seed=7)
    used = {card for rampart in ramparts for card in rampart if card != START} | set(discard or [])
    if grid is None:
        cells = [0 if card in used else card for card in base.grid]
    else:
        assert not set(grid) & used, "a card cannot be in the grid and in a rampart"
        cells = list(grid) + [0] * (SLOTS - len(grid))
    update = {
        "grid": cells,
        "ramparts": [list(r) for r in ramparts],
        "current": current,
        "discard": list(discard or []),
        **fields,
    }
    state = base.model_copy(update=update)
    return ENGINE.load(ENGINE.dump(state))  # validated, and no shared lists


def slot_of(state: FortissimoState, card: int) -> int:
    return state.grid.index(card)


def act(state: FortissimoState, action: Any) -> tuple[FortissimoState, list[Event]]:
    """The current seat plays ``action``; the input state must be left untouched."""
    before = ENGINE.dump(state)
    step = ENGINE.apply(state, state.current, action)
    assert ENGINE.dump(state) == before
    return step.state, step.events


def flip(state: FortissimoState, card: int) -> tuple[FortissimoState, list[Event]]:
    return act(state, Flip(slot=slot_of(state, card)))


def refused(
    state: FortissimoState, action: Any, error: type[RuleError] = IllegalAction, seat: int | None = None
) -> RuleError:
    """Playing ``action`` raises ``error`` and changes nothing."""
    before = ENGINE.dump(state)
    with pytest.raises(error) as info:
        ENGINE.apply(state, state.current if seat is None else seat, action)
    assert ENGINE.dump(state) == before
    return info.value


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def playout(players: int, variant: str, seed: int, bots: bool = False) -> list[FortissimoState]:
    """Every state of a random (or computer-played) game."""
    state = ENGINE.new_game(players, ENGINE.make_options({"variant": variant}), seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while not ENGINE.is_over(state):
        seat = state.current
        legal = ENGINE.legal_actions(state, seat)
        action = ENGINE.choose(ENGINE.view(state, seat), legal, rng) if bots else rng.choice(legal)
        state = ENGINE.apply(state, seat, action).state
        states.append(state)
    return states


# =============================================================================
# The quotations themselves
# =============================================================================


def test_quotes_are_verbatim() -> None:
    """Every quotation in guillemets in this module's docstrings appears word for word in the rule book."""
    check_quotes(__name__, "003_ed59d4e42ba0786e.txt", minimum=60)


# =============================================================================
# Setting up
# =============================================================================


def test_setup() -> None:
    """« Chaque joueur reçoit une carte de départ portant le numéro 1 qu'il pose devant lui. »
    « Les 45 cartes Rempart sont mélangées et posées face cachée au centre de la table pour
    former la zone de pioche (grille de 5 x 9 cartes). »
    Checks: every rampart starts as [1]; the 5 x 9 grid holds 2..46 shuffled, all face down."""
    for players in (2, 3, 4):
        state = ENGINE.new_game(players, ENGINE.make_options({}), seed=players)
        assert state.ramparts == [[1]] * players
        assert len(state.grid) == 45 == SLOTS
        assert sorted(state.grid) == list(CARDS) == list(range(2, 47))
        for seat in [None, *range(players)]:
            view = ENGINE.view(state, seat)
            assert view.slots == [None] * 45
            assert view.remaining == list(range(2, 47))
    grids = {tuple(ENGINE.new_game(2, ENGINE.make_options({}), seed).grid) for seed in range(5)}
    assert len(grids) == 5


def test_first_player() -> None:
    """« Le jeu se déroule dans le sens horaire en commençant par le plus jeune. »
    Checks the house rule for what a bot cannot know: lobby order starts with seat 0,
    else a seeded random seat (every seat gets to start over a few seeds)."""
    lobby = ENGINE.make_options({"first_player": "lobby"})
    assert {ENGINE.new_game(3, lobby, seed).current for seed in range(10)} == {0}
    random_first = ENGINE.make_options({})
    assert {ENGINE.new_game(3, random_first, seed).current for seed in range(40)} == {0, 1, 2}


# =============================================================================
# A turn: flip, then take or put back
# =============================================================================


def test_higher_card_can_be_taken() -> None:
    """« 27 est plus grand que 17. »
    Checks: with 17 on top, a flipped 27 can be taken; it goes to the right end of
    the player's own rampart and its slot empties."""
    state = build([[1, 17], [1, 5]])
    state, events = flip(state, 27)
    slot = state.flipped
    assert ENGINE.legal_actions(state, 0) == [Take(), PutBack()]
    state, events = act(state, Take())
    assert state.ramparts == [[1, 17, 27], [1, 5]]
    assert state.grid[slot] == 0
    assert ENGINE.view(state, None).slots[slot] == 0
    taken = of(events, CardTaken)
    assert taken == [CardTaken(seat=0, slot=slot, card=27)] and taken[0].audience is None


def test_lower_card_cannot_be_taken() -> None:
    """« Cette carte ne peut pas être prise, car 13 est inférieur à 17. »
    Checks: with 17 on top, a flipped 13 can only be put back; Take raises
    IllegalAction "fortissimo.error.not_higher" and changes nothing."""
    state = build([[1, 17], [1, 5]])
    state, _ = flip(state, 13)
    assert ENGINE.legal_actions(state, 0) == [PutBack()]
    error = refused(state, Take())
    assert error.key == "fortissimo.error.not_higher"


def test_new_card_goes_right_and_higher() -> None:
    """« Une nouvelle carte récupérée doit toujours être posée à droite de la dernière carte de
    votre rempart et porter un numéro supérieur à la carte la plus à droite de votre rempart. »
    Checks: a card above the top is appended at the right; one just below the top is refused."""
    state = build([[1, 20, 30], [1, 2]])
    low, _ = flip(state, 29)
    refused(low, Take())
    high, _ = flip(state, 31)
    high, _ = act(high, Take())
    assert high.ramparts[0] == [1, 20, 30, 31]


def test_only_your_own_rampart() -> None:
    """« Vous ne pouvez pas poser des cartes sur les remparts des autres joueurs. »
    Checks: taking only ever changes the taker's rampart, and nobody else may act."""
    state = build([[1, 10], [1, 3], [1, 4]])
    state, _ = flip(state, 12)
    for seat in (1, 2):
        assert ENGINE.legal_actions(state, seat) == []
        refused(state, Take(), NotYourTurn, seat=seat)
    after, _ = act(state, Take())
    assert after.ramparts == [[1, 10, 12], [1, 3], [1, 4]]


def test_cards_never_move_once_placed() -> None:
    """« Vous ne pouvez jamais déplacer une carte posée précédemment. »
    Checks over random basic games: each rampart only ever grows by one card at its right end."""
    for seed in range(4):
        states = playout(3, "basic", seed)
        for before, after in itertools.pairwise(states):
            for old, new in zip(before.ramparts, after.ramparts):
                assert new == old or (new == old + [new[-1]] and new[-1] > old[-1])


def test_rampart_always_ascending() -> None:
    """« Votre rempart doit toujours être classé en ordre croissant. »
    Checks over random advanced games (cannons and Magicien included): every rampart is
    strictly ascending and starts with the start card at every step."""
    for seed in range(4):
        for state in playout(3, "advanced", seed):
            for rampart in state.ramparts:
                assert rampart[0] == START
                assert all(a < b for a, b in itertools.pairwise(rampart))


def test_flipped_card_is_shown_to_all() -> None:
    """« Lorsque c'est votre tour, retournez face visible une carte de la zone de pioche en la
    laissant à la même place sur la table. Tous les joueurs ont donc la possibilité de voir cette carte. »
    Checks: a public CardFlipped event; the card shows in its own slot in the public view
    and in every seat's view; the other cards stay face down."""
    state = build([[1, 5], [1, 8], [1, 9]])
    slot = slot_of(state, 30)
    state, events = flip(state, 30)
    assert events == [CardFlipped(seat=0, slot=slot, card=30)]
    assert events[0].audience is None
    assert all(events[0].visible_to(seat) for seat in (None, 0, 1, 2))
    assert state.grid[slot] == 30
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(state, seat)
        assert view.slots[slot] == 30
        assert view.flipped == slot
        assert [s for s, c in enumerate(view.slots) if c not in (None, 0)] == [slot]


def test_flip_then_choose_one_of_two() -> None:
    """« Vous pouvez maintenant choisir entre deux actions : »
    Checks: once a card is flipped, a second flip is refused ("already_flipped");
    before any flip, taking or putting back is refused."""
    state = build([[1, 5], [1, 8]])
    refused(state, Take())
    refused(state, PutBack())
    flipped, _ = flip(state, 30)
    other = next(s for s, c in enumerate(flipped.grid) if c and s != flipped.flipped)
    error = refused(flipped, Flip(slot=other))
    assert error.key == "fortissimo.error.already_flipped"


def test_put_back_face_down_in_place() -> None:
    """« Retournez-la simplement face cachée là où elle se trouve. »
    Checks: after putting back, the card is still in the same slot, face down again. The
    public CardReturned event says where, not which; the public view no longer shows it
    anywhere; every seat, which saw it flipped, still remembers it (``seen``)."""
    state = build([[1, 5], [1, 8]])
    slot = slot_of(state, 30)
    state, _ = flip(state, 30)
    state, events = act(state, PutBack())
    assert of(events, CardReturned) == [CardReturned(seat=0, slot=slot)]
    assert events[0].audience is None and "30" not in events[0].model_dump_json()
    assert state.grid[slot] == 30
    assert state.flipped is None and state.phase == "flip"
    public = ENGINE.view(state, None)
    assert public.slots[slot] is None and public.seen == {}
    assert 30 in public.remaining  # which cards are left is no secret, only where they lie
    for seat in (0, 1):
        assert ENGINE.view(state, seat).seen == {slot: 30}


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_cards_put_back_are_not_readable_in_public(variant: str) -> None:
    """« Retournez-la simplement face cachée là où elle se trouve. »
    Checks, over computer-played games: after every step, no face-down card (put back or never
    shown) is tied to its slot by the public view, and no public event of the step carries
    its number; the seats' views remember the cards flipped and put back (``seen``)."""
    put_back = 0
    for seed in range(3):
        state = ENGINE.new_game(3, ENGINE.make_options({"variant": variant}), seed)
        rng = Rng.from_seed(seed)
        while not ENGINE.is_over(state):
            seat = state.current
            action = ENGINE.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
            state, events = act(state, action)
            if ENGINE.is_over(state) or state.open_grid:
                continue  # every card left shows
            face_down = {c for s, c in enumerate(state.grid) if c and s != state.flipped}
            public = ENGINE.view(state, None)
            assert not face_down & {c for c in public.slots if c} and public.seen == {}
            assert not [e for e in events if e.audience is None and getattr(e, "card", None) in face_down]
            put_back += len(of(events, CardReturned))
            assert all(ENGINE.view(state, other).seen == state.seen for other in range(3))
            on_show = set() if state.flipped is None else {state.grid[state.flipped]}
            assert set(state.seen.values()) <= face_down | on_show  # taken cards are forgotten
    assert put_back > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_passes_to_the_left(players: int) -> None:
    """« Puis, c'est au joueur à votre gauche de jouer son tour. »
    Checks: after a take or a put-back, the next seat plays, wrapping from the last seat to 0."""
    ramparts = [[1, 2 + seat] for seat in range(players)]
    state = build(ramparts, current=players - 2)
    order = []
    for i in range(2 * players):
        order.append(state.current)
        top = state.ramparts[state.current][-1]
        card = min(c for c in state.grid if c > top)
        state, _ = flip(state, card)
        state, events = act(state, Take() if i % 2 else PutBack())
        assert "passed" not in kinds(events)
    assert order == [(players - 2 + i) % players for i in range(2 * players)]


# =============================================================================
# The end: ten cards
# =============================================================================


def test_ten_cards_end_the_game_at_once() -> None:
    """« La partie prend fin immédiatement dès qu'un joueur réussit à faire un rempart de 10 cartes
    (incluant sa carte de départ portant le numéro 1). »
    Checks: the 9th card does not end the game; the 10th (start card included) ends it at once:
    nobody is to act, reason "ten_cards", a public GameEnded event."""
    nine = [1, 3, 5, 7, 9, 11, 13, 15]  # 8 cards
    state = build([nine, [1, 2]])
    state, _ = flip(state, 17)
    state, events = act(state, Take())
    assert len(state.ramparts[0]) == 9 and not ENGINE.is_over(state)
    state, _ = flip(state, 40)  # seat 1
    state, _ = act(state, PutBack())
    state, _ = flip(state, 20)
    state, events = act(state, Take())
    assert len(state.ramparts[0]) == 10
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == frozenset()
    assert state.end_reason == "ten_cards" and state.finisher == 0
    assert events[-1] == GameEnded(reason="ten_cards", winners=[0])
    refused(state, Flip(slot=slot_of(state, 40)), GameOver, seat=1)


def test_basic_finisher_wins() -> None:
    """« Ce joueur remporte la partie. »
    Checks, basic variant: the player who completes ten cards wins, even against a rampart
    of nine cards topped by a higher card (only the finisher can hold ten)."""
    state = build([[1, 3, 5, 7, 9, 11, 13, 15, 17], [1, 2, 4, 6, 8, 10, 12, 14, 46]])
    state, _ = flip(state, 20)
    state, _ = act(state, Take())
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "ten_cards"
    assert outcome.winners == [0]
    assert outcome.ranking == [[0], [1]]
    assert outcome.scores is None


# =============================================================================
# The end: nobody can take
# =============================================================================


def test_blocked_end_most_cards_wins() -> None:
    """« Cas particulier : La partie prend fin également si plus aucun joueur ne peut prendre de carte,
    car toutes les cartes Rempart restantes ont un nombre plus petit que la carte la plus élevée
    du rempart de chaque joueur. »
    « Dans ce cas, le joueur dont le rempart est composé du plus grand nombre de cartes gagne la partie. »
    Checks: once every card left is lower than every top, the game ends ("blocked"); the longest
    rampart wins although the other holds the highest card."""
    state = build([[1, 30, 44], [1, 10, 12, 14, 16]], grid=[45, 3, 5])
    state, _ = flip(state, 45)
    state, events = act(state, Take())
    assert ENGINE.is_over(state)
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "blocked" == state.end_reason
    assert outcome.winners == [1] and outcome.ranking == [[1], [0]]
    assert events[-1] == GameEnded(reason="blocked", winners=[1])
    assert ENGINE.view(state, None).slots[1:3] == [3, 5]  # the game is over: nothing hidden


def test_blocked_end_tie_broken_by_highest_card() -> None:
    """« En cas d'égalité, le joueur ayant la carte Rempart dont le nombre est le plus élevé gagne. »
    Checks: two ramparts of three cards at a blocked end: the one topped by 40 beats 30."""
    state = build([[1, 20], [1, 5, 40]], grid=[30, 2])
    state, _ = flip(state, 30)
    state, _ = act(state, Take())
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "blocked"
    assert outcome.winners == [1] and outcome.ranking == [[1], [0]]


def test_blocked_end_when_nobody_ever_can() -> None:
    """« La partie prend fin également si plus aucun joueur ne peut prendre de carte, car toutes les
    cartes Rempart restantes ont un nombre plus petit que la carte la plus élevée du rempart de chaque joueur. »
    Checks over random basic games: a "blocked" end happens exactly when no card left is
    above any player's top, and a player to act can always take something."""
    for seed in range(6):
        states = playout(3, "basic", seed)
        for state in states[:-1]:
            top = state.ramparts[state.current][-1]
            assert any(card > top for card in state.grid if card), "a player who cannot take is to act"
        final = states[-1]
        left = [card for card in final.grid if card]
        if final.end_reason == "blocked":
            assert all(card < rampart[-1] for card in left for rampart in final.ramparts)
        else:
            assert final.end_reason == "ten_cards"
            assert max(map(len, final.ramparts)) == 10


def test_player_who_cannot_take_passes() -> None:
    """« Un joueur passe son tour s'il ne peut plus piocher de carte. »
    Checks: seat 1 (top 45, only lower cards and 46 gone) is skipped with a public
    TurnPassed event and seat 2 plays."""
    state = build([[1, 20], [1, 45], [1, 10]], grid=[30, 12, 2])
    state, _ = flip(state, 2)
    state, events = act(state, PutBack())
    assert of(events, TurnPassed) == [TurnPassed(seat=1)]
    assert of(events, TurnPassed)[0].audience is None
    assert state.current == 2 and not state.open_grid
    assert ENGINE.to_act(state) == frozenset({2})


def test_last_player_able_to_take_plays_face_up() -> None:
    """« S'il ne reste plus qu'un seul joueur à pouvoir piocher, il peut jouer en laissant les cartes face visible. »
    Checks: when only seat 1 can still take, a public GridOpened event; every view shows all
    values; its legal actions are Take(slot) of the higher cards (no flips); seat 0 passes
    until the game ends blocked."""
    state = build([[1, 44], [1, 10]], grid=[45, 12, 15, 3])
    state, _ = flip(state, 45)
    state, events = act(state, Take())
    assert of(events, GridOpened) == [GridOpened(seat=1)]
    assert state.open_grid and state.current == 1
    for seat in (None, 0, 1):
        assert ENGINE.view(state, seat).slots[:4] == [0, 12, 15, 3]
    assert ENGINE.legal_actions(state, 1) == [Take(slot=1), Take(slot=2)]
    refused(state, Flip(slot=1))
    refused(state, Take(slot=3))  # 3 is below 10
    state, events = act(state, Take(slot=1))
    assert of(events, TurnPassed) == [TurnPassed(seat=0)]
    assert not of(events, GridOpened)  # opened once
    assert state.current == 1 and state.ramparts[1] == [1, 10, 12]
    state, events = act(state, Take(slot=2))
    assert ENGINE.outcome(state).reason == "blocked"
    assert ENGINE.outcome(state).winners == [1]  # four cards against three


def test_a_passing_player_is_announced_once() -> None:
    """« Un joueur passe son tour s'il ne peut plus piocher de carte. »
    Checks: while the last taker plays the open grid, the blocked seat's pass is said
    once (the first time), not on every one of its turns."""
    state = build([[1, 44], [1, 10]], grid=[45, 12, 15, 16, 3])
    state, _ = flip(state, 45)
    state, _ = act(state, Take())
    state, events = act(state, Take(slot=1))
    assert of(events, TurnPassed) == [TurnPassed(seat=0)]
    state, events = act(state, Take(slot=2))
    assert of(events, TurnPassed) == []
    assert state.current == 1


def test_a_resignation_opens_the_grid_at_once() -> None:
    """« S'il ne reste plus qu'un seul joueur à pouvoir piocher, il peut jouer en laissant les cartes face visible. »
    Checks: when a player who is not playing quits and leaves the current player the only
    one able to take (the third is stuck at 45), the grid opens right away."""
    state = build([[1, 5], [1, 6], [1, 45]], grid=[30, 12, 2])
    step = ENGINE.resign(state, 1)
    assert of(step.events, GridOpened) == [GridOpened(seat=0)]
    assert step.state.open_grid and step.state.current == 0
    assert ENGINE.legal_actions(step.state, 0) == [Take(slot=0), Take(slot=1)]


# =============================================================================
# Advanced variant: points
# =============================================================================


def test_one_point_per_card() -> None:
    """« Les points : chaque carte vaut 1 point de base + les points bonus éventuels. »
    Checks: plain cards score 1 each, the start card included (house rule)."""
    assert score([1]).total == 1
    assert score([1, 2, 4, 5]).total == 4
    assert score([1, 2, 4, 5]).base == 4


def test_queen_and_king() -> None:
    """« Reine (N°21) : 3 points bonus en fin de la partie. »
    « Roi (N°41) : 3 points bonus en fin de la partie. »
    Checks: 21 and 41 add 3 each to their base point."""
    assert score([1, 21]).total == 2 + 3
    assert score([1, 41]).total == 2 + 3
    assert score([1, 21, 41]).king_queen == 6
    assert score([1, 21, 41]).total == 3 + 6


def test_princes_and_princesses() -> None:
    """« Chaque Prince ou Princesse vaut 1 point bonus en fin de partie. »
    « Les paires n'ont pas besoin d'être adjacentes. »
    « Ainsi, un joueur ayant 2 Princes et 2 Princesses aura 6 points bonus. »
    Checks: 1 bonus each, plus 1 per prince-princess pair, adjacent or not."""
    assert score([1, 17]).total == 2 + 1
    assert score([1, 13]).total == 2 + 1
    assert score([1, 13, 17]).total == 3 + 3
    assert score([1, 13, 14, 15, 16, 17]).total == 6 + 3  # not adjacent
    two_and_two = score([1, 13, 17, 23, 27])
    assert two_and_two.total - two_and_two.base == 6
    assert score([1, 17, 27, 37]).total == 4 + 3  # no princess, no pair
    assert score([1, 13, 17, 23, 27, 33, 37]).total == 7 + 6 + 3


def test_crows() -> None:
    """« Chaque Corbeau rapporte 1 point bonus par Corbeau affiché. »
    « (les cartes avec deux Corbeaux rapportent donc 2 points bonus). »
    Checks: 3, 9 and 19 add 1; 39 and 43 add 2 (house rule on which cards show two)."""
    for card in (3, 9, 19):
        assert score([1, card]).crows == 1
    for card in (39, 43):
        assert score([1, card]).crows == 2
    everything = score([1, 3, 9, 19, 39, 43])
    assert everything.crows == 7 and everything.total == 6 + 7


def test_crow_cap_option() -> None:
    """« Les corbeaux : chaque corbeau rapporte 1 point bonus. Maximum de 5 points boni par joueur (5 corbeaux). »
    Checks: with the crow_cap option the crow bonus stops at 5 (not below); off by default,
    and the engine's outcome and views follow the option."""
    assert score([1, 3, 9, 19, 39, 43], crow_cap=True).crows == 5
    assert score([1, 3, 9, 19], crow_cap=True).crows == 3
    assert score([1, 39, 43], crow_cap=True).crows == 4
    assert ENGINE.make_options({}).crow_cap is False
    for cap, crow_points in ((False, 7), (True, 5)):
        state = build([[1, 3, 9, 19, 39, 43], [1, 45]], variant="advanced", crow_cap=cap, grid=[44, 4])
        state, _ = flip(state, 44)
        state, _ = act(state, Take())
        outcome = ENGINE.outcome(state)
        assert outcome.reason == "blocked"
        assert outcome.scores == {0: 7 + crow_points, 1: 2}
        assert ENGINE.view(state, None).scores[0].crows == crow_points


def test_advanced_winner_has_most_points() -> None:
    """« Le gagnant n'est pas nécessairement celui qui a terminé le premier. »
    « Le gagnant est le joueur qui a le plus de points. »
    Checks: the finisher's ten plain cards (10 points) lose to four cards with Queen, King
    and a double crow (4 + 3 + 3 + 2 = 12 points)."""
    state = build([[1, 2, 4, 5, 6, 8, 10, 12, 14], [1, 21, 41, 43]], variant="advanced")
    state, _ = flip(state, 15)
    state, _ = act(state, Take())
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "ten_cards"
    assert outcome.scores == {0: 10, 1: 12}
    assert outcome.winners == [1] and outcome.ranking == [[1], [0]]


def test_advanced_tie_broken_by_highest_card() -> None:
    """« Les égalités sont encore départagées par le rempart ayant la carte dont le nombre est le plus élevé (qui est gagnant). »
    Checks: 10 points each; the rampart topped by 29 beats the finisher's, topped by 15;
    with the tops the other way round, the finisher wins."""
    state = build([[1, 2, 4, 5, 6, 8, 10, 12, 14], [1, 21, 22, 24, 25, 28, 29]], variant="advanced")
    state, _ = flip(state, 15)
    state, _ = act(state, Take())
    outcome = ENGINE.outcome(state)
    assert outcome.scores == {0: 10, 1: 10}
    assert outcome.winners == [1]
    state = build([[1, 30, 32, 34, 38, 40, 42, 44, 45], [1, 21, 22, 24, 25, 28, 29]], variant="advanced")
    state, _ = flip(state, 46)
    state, _ = act(state, Take())
    outcome = ENGINE.outcome(state)
    assert outcome.scores == {0: 10, 1: 10}
    assert outcome.winners == [0]


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_other_places_and_shared_places(variant: str) -> None:
    """« Les égalités sont encore départagées par le rempart ayant la carte dont le nombre est le plus élevé (qui est gagnant). »
    Checks the house rule ``ties``: the places after the first follow the same order (cards or
    points, then the highest card); only ramparts holding just their start card can still
    tie, and they share their place."""
    finisher = [1, 2, 4, 5, 6, 8, 10, 12, 14]
    for others, ranking in (([[1, 20], [1, 30]], [[0], [2], [1]]), ([[1], [1]], [[0], [1, 2]])):
        state = build([finisher, *others], variant=variant)
        state, _ = flip(state, 15)
        state, _ = act(state, Take())
        assert ENGINE.outcome(state).ranking == ranking


# =============================================================================
# Advanced variant: cannons and towers
# =============================================================================


def test_cannon_is_mandatory_and_immediate() -> None:
    """« Canons (N° 7, 16, 36) : Après avoir placé la carte Canon dans votre rempart, vous devez activer immédiatement son effet. »
    Checks: after taking 7 the same seat stays to act in phase "cannon", where only Fire
    actions are legal; putting back, flipping or taking is refused."""
    state = build([[1, 5], [1, 20, 30]], variant="advanced")
    state, events = flip(state, 7)
    state, events = act(state, Take())
    assert state.phase == "cannon" and ENGINE.to_act(state) == frozenset({0})
    assert kinds(events) == ["taken"]
    assert ENGINE.legal_actions(state, 0) == [Fire(target=1, card=20), Fire(target=1, card=30)]
    assert ENGINE.view(state, None).cannon_targets == [(1, 20), (1, 30)]
    refused(state, PutBack())
    refused(state, Take())
    refused(state, Flip(slot=slot_of(state, 40)))
    refused(state, Fire(target=1, card=20), NotYourTurn, seat=1)


@pytest.mark.parametrize("cannon", [7, 16, 36])
def test_cannon_destroys_an_opponent_card(cannon: int) -> None:
    """« Détruisez une carte du rempart d'un de vos adversaires (défausser la carte). »
    Checks: each cannon card destroys the chosen card, which goes to the discard (public
    CannonFired event); the cannon's own rampart is never a target; then the turn passes."""
    state = build([[1, 5], [1, 37, 40], [1, 38, 45]], variant="advanced")
    state, _ = flip(state, cannon)
    state, _ = act(state, Take())
    legal = ENGINE.legal_actions(state, 0)
    assert {(a.target, a.card) for a in legal} == {(1, 37), (1, 40), (2, 38), (2, 45)}
    refused(state, Fire(target=0, card=5))
    refused(state, Fire(target=0, card=cannon))
    refused(state, Fire(target=1, card=38))  # not in that rampart
    state, events = act(state, Fire(target=2, card=38))
    assert state.ramparts == [[1, 5, cannon], [1, 37, 40], [1, 45]]
    assert state.discard == [38]
    assert of(events, CannonFired) == [CannonFired(seat=0, target=2, card=38)]
    assert all(e.audience is None for e in events)
    assert state.current == 1 and state.phase == "flip"
    assert 38 not in state.grid


def test_cannon_lost_when_nothing_can_be_destroyed() -> None:
    """« L'action est perdue si vous ne pouvez pas la réaliser immédiatement. »
    Checks: when every opponent card is protected, taking a cannon gives a public CannonLost
    event, nothing is destroyed and play passes to the next seat."""
    state = build([[1, 5], [1, 8, 11]], variant="advanced")
    state, _ = flip(state, 16)
    state, events = act(state, Take())
    assert of(events, CannonLost) == [CannonLost(seat=0)]
    assert state.phase == "flip" and state.current == 1
    assert state.ramparts == [[1, 5, 16], [1, 8, 11]] and state.discard == []


def test_cannon_has_no_power_in_basic() -> None:
    """« Certaines cartes ont un pouvoir ou rapportent des points bonus. »
    Checks: this is the advanced variant only: in the basic game a 7 is a plain card."""
    state = build([[1, 5], [1, 20, 30]])
    state, _ = flip(state, 7)
    state, events = act(state, Take())
    assert state.phase == "flip" and state.current == 1
    assert state.ramparts[1] == [1, 20, 30]
    assert not of(events, CannonLost)


def test_cannon_resolves_before_the_ten_card_end() -> None:
    """« Après avoir placé la carte Canon dans votre rempart, vous devez activer immédiatement son effet. »
    « Comme dans la version de base, la partie prend fin immédiatement dès qu'un joueur réussit à faire un rempart de 10 cartes. »
    Checks the house rule joining the two: a cannon taken as the 10th card fires first, then
    the game ends, and the destroyed King no longer scores."""
    state = build([[1, 2, 4, 5, 6, 8, 10, 12, 14], [1, 21, 41]], variant="advanced")
    state, _ = flip(state, 36)
    state, _ = act(state, Take())
    assert state.phase == "cannon" and not ENGINE.is_over(state)
    state, events = act(state, Fire(target=1, card=41))
    assert kinds(events) == ["cannon_fired", "ended"]
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "ten_cards"
    assert outcome.scores == {0: 10, 1: 2 + 3}
    # A cannon lost as the 10th card still ends the game.
    state = build([[1, 2, 4, 5, 6, 8, 10, 12, 14], [1, 11]], variant="advanced")
    state, _ = flip(state, 36)
    state, events = act(state, Take())
    assert kinds(events) == ["taken", "cannon_lost", "ended"]
    assert ENGINE.outcome(state).reason == "ten_cards"


def test_towers_protect() -> None:
    """« Vous ne pouvez pas détruire une carte Tour ni une carte placée entre deux Tours. »
    « Les tours ainsi que les cartes se trouvant entre elles ne peuvent être détruites par les canons ennemis. »
    Checks: in [1, 5, 11, 20, 26, 30, 40] only 30 and 40 (right of the rightmost Tower 26)
    can be hit; aiming at a Tower or a card between Towers raises "fortissimo.error.protected"."""
    state = build([[1, 2], [1, 5, 11, 20, 26, 30, 40]], variant="advanced")
    state, _ = flip(state, 7)
    state, _ = act(state, Take())
    assert ENGINE.legal_actions(state, 0) == [Fire(target=1, card=30), Fire(target=1, card=40)]
    for card in (1, 5, 11, 20, 26):
        error = refused(state, Fire(target=1, card=card))
        assert error.key == "fortissimo.error.protected"


@pytest.mark.parametrize(
    ("rampart", "targets"),
    [
        ([1, 5, 8], [5, 8]),  # only the start card (a Tower) to its left
        ([1, 5, 35, 40], [40]),  # 5 lies between the start card and Tower 35
        ([1, 5, 46], []),  # a Tower on top: nothing to hit
        ([1, 11, 26, 35, 46], []),
    ],
)
def test_start_card_counts_as_a_tower(rampart: list[int], targets: list[int]) -> None:
    """« Chaque joueur reçoit une carte de départ portant le numéro 1 qu'il pose devant lui. »
    « Vous ne pouvez pas détruire une carte Tour ni une carte placée entre deux Tours. »
    Checks the house rule that the start card is a Tower (the first printing's "Tours
    numérotées 1"): protected are every Tower and every card left of the rightmost Tower."""
    state = build([[1, 2], rampart], variant="advanced")
    state, events = flip(state, 7)
    state, events = act(state, Take())
    legal = ENGINE.legal_actions(state, state.current)
    if targets:
        assert legal == [Fire(target=1, card=c) for c in targets]
    else:
        assert of(events, CannonLost) == [CannonLost(seat=0)]


# =============================================================================
# Advanced variant: the Magicien
# =============================================================================


def test_magicien_inserts_once_on_a_later_turn() -> None:
    """« Il permet au joueur qui le possède d'insérer une et une seule carte dans son rempart lors d'un tour ultérieur (une seule fois dans la partie), tout en respectant l'ordre croissant. »
    Checks: placing 31 ends the turn; on a later turn a flipped lower card may be inserted
    in ascending place (public CardInserted event); a second lower card cannot."""
    state = build([[1, 20], [1, 45]], variant="advanced", grid=[31, 10, 5, 2, 40, 46])
    state, _ = flip(state, 31)
    state, _ = act(state, Take())
    assert state.magicien_turn[0] == 0 and state.current == 1
    state, _ = flip(state, 46)  # seat 1 shows the 46 and leaves it: something to take later
    state, _ = act(state, PutBack())
    assert state.current == 0
    assert ENGINE.view(state, 0).magicien_ready == [True, False]
    state, _ = flip(state, 10)
    assert ENGINE.legal_actions(state, 0) == [Insert(), PutBack()]
    slot = state.flipped
    state, events = act(state, Insert())
    assert state.ramparts[0] == [1, 10, 20, 31]
    assert of(events, CardInserted) == [CardInserted(seat=0, slot=slot, card=10)]
    assert events[0].audience is None and state.grid[slot] == 0
    assert state.magicien_used[0]
    state, _ = flip(state, 46)
    state, _ = act(state, PutBack())
    state, _ = flip(state, 5)
    assert ENGINE.legal_actions(state, 0) == [PutBack()]
    assert refused(state, Insert()).key == "fortissimo.error.no_magicien"


def test_magicien_not_on_the_turn_it_is_placed() -> None:
    """« Il permet au joueur qui le possède d'insérer une et une seule carte dans son rempart lors d'un tour ultérieur (une seule fois dans la partie), tout en respectant l'ordre croissant. »
    Checks "ultérieur": with the Magicien placed on the current turn, a lower card cannot be
    inserted; placed on an earlier turn, it can. Only its owner may insert."""
    same = build([[1, 20, 31], [1, 5]], variant="advanced", turn=6, magicien_turn=[6, None])
    same, _ = flip(same, 10)
    assert ENGINE.legal_actions(same, 0) == [PutBack()]
    assert ENGINE.view(same, None).magicien_ready == [False, False]
    later = build([[1, 20, 31], [1, 5]], variant="advanced", turn=6, magicien_turn=[5, None])
    later, _ = flip(later, 10)
    assert ENGINE.legal_actions(later, 0) == [Insert(), PutBack()]
    other = build([[1, 5], [1, 20, 31]], variant="advanced", turn=6, magicien_turn=[None, 3], current=0)
    other, _ = flip(other, 3)
    assert ENGINE.legal_actions(other, 0) == [PutBack()]


def test_magicien_on_the_open_grid() -> None:
    """« S'il ne reste plus qu'un seul joueur à pouvoir piocher, il peut jouer en laissant les cartes face visible. »
    Checks: a ready Magicien on the open grid offers Insert(slot) for the lower cards
    beside Take(slot) for the higher ones; the insertion keeps the rampart ascending."""
    state = build(
        [[1, 20, 31], [1, 46]],
        variant="advanced",
        grid=[5, 40],
        open_grid=True,
        turn=4,
        magicien_turn=[2, None],
    )
    assert ENGINE.legal_actions(state, 0) == [Take(slot=1), Insert(slot=0)]
    after, events = act(state, Insert(slot=0))
    assert after.ramparts[0] == [1, 5, 20, 31]
    assert of(events, CardInserted) == [CardInserted(seat=0, slot=0, card=5)]


def test_magicien_lost_when_destroyed() -> None:
    """« Le magicien : n'ajoute aucun point bonus, mais permet au joueur qui le possède d'insérer une carte dans son rempart lors d'un tour ultérieur (n'importe quelle carte, une seule fois). »
    « La carte enlevée est défaussée. »
    Checks the house rule "lost if destroyed before use" (``magicien_destroyed``): who no longer
    holds the Magicien cannot use it; a cannon hitting an unused Magicien gives a public
    MagicienLost event and its owner can no longer insert."""
    state = build([[1, 5], [1, 20, 31]], variant="advanced", turn=4, magicien_turn=[None, 2])
    assert ENGINE.view(state, None).magicien_ready == [False, True]
    state, _ = flip(state, 7)
    state, _ = act(state, Take())
    state, events = act(state, Fire(target=1, card=31))
    assert kinds(events)[:2] == ["cannon_fired", "magicien_lost"]
    assert of(events, MagicienLost) == [MagicienLost(seat=1)]
    assert ENGINE.view(state, None).magicien_ready == [False, False]
    state, _ = flip(state, 10)  # seat 1, top 20
    assert ENGINE.legal_actions(state, 1) == [PutBack()]
    # Destroyed after its one use: nothing is lost.
    used = build(
        [[1, 5], [1, 20, 31]],
        variant="advanced",
        turn=4,
        magicien_turn=[None, 2],
        magicien_used=[False, True],
    )
    used, _ = flip(used, 7)
    used, _ = act(used, Take())
    used, events = act(used, Fire(target=1, card=31))
    assert not of(events, MagicienLost)


def test_magicien_destroyed_before_it_is_ready() -> None:
    """« Il permet au joueur qui le possède d'insérer une et une seule carte dans son rempart lors d'un tour ultérieur »
    Checks: a Magicien destroyed on the turn after it was placed, before its owner's later turn,
    is lost too (MagicienLost): its owner never inserts, on any later turn."""
    state = build([[1, 5], [1, 20]], variant="advanced", grid=[31, 7, 10, 12, 45])
    state, _ = flip(state, 45)
    state, _ = act(state, PutBack())
    state, _ = flip(state, 31)  # seat 1 places the Magicien
    state, _ = act(state, Take())
    state, _ = flip(state, 7)  # seat 0's Cannon
    state, _ = act(state, Take())
    state, events = act(state, Fire(target=1, card=31))
    assert of(events, MagicienLost) == [MagicienLost(seat=1)] and 31 in state.discard
    for card in (10, 12):  # seat 1, top 20, on two later turns
        state, _ = flip(state, card)
        assert ENGINE.legal_actions(state, 1) == [PutBack()]
        assert refused(state, Insert()).key == "fortissimo.error.no_magicien"
        state, _ = act(state, PutBack())
        state, _ = flip(state, 45)
        state, _ = act(state, PutBack())


def test_magicien_lost_leaves_its_owner_stuck() -> None:
    """« Un joueur passe son tour s'il ne peut plus piocher de carte. »
    Checks: a ready Magicien keeps its owner in play while lower cards are left (it may insert
    one); once a Cannon destroys it, the owner can take nothing and passes (the last one able
    to take then plays face up)."""
    state = build(
        [[1, 5], [1, 20, 31, 44]],
        variant="advanced",
        grid=[7, 10],
        turn=4,
        magicien_turn=[None, 2],
    )
    assert ENGINE.can_take(state, 1)
    state, _ = flip(state, 7)
    state, _ = act(state, Take())
    state, events = act(state, Fire(target=1, card=31))
    assert kinds(events) == ["cannon_fired", "magicien_lost", "grid_opened", "passed"]
    assert of(events, TurnPassed) == [TurnPassed(seat=1)] and state.current == 0
    assert not ENGINE.can_take(state, 1) and ENGINE.legal_actions(state, 0) == [Take(slot=1)]


def test_no_magicien_in_basic() -> None:
    """« Note 2 : En cours de partie, il est interdit de réorganiser votre rempart. »
    Checks: in the basic game 31 is a plain card: later on, a lower card can only be put back."""
    state = build([[1, 20], [1, 45]], grid=[31, 10, 5, 46])
    state, _ = flip(state, 31)
    state, _ = act(state, Take())
    assert state.magicien_turn == [None, None]
    state, _ = flip(state, 46)
    state, _ = act(state, PutBack())
    state, _ = flip(state, 10)
    assert ENGINE.legal_actions(state, 0) == [PutBack()]
    assert ENGINE.view(state, 0).magicien_ready == [False, False]
    refused(state, Insert())


# =============================================================================
# Leaving a game (not in the book: the engine contract)
# =============================================================================


def test_resign_others_play_on() -> None:
    """« Dans les deux cas, son tour de jeu prend fin, et c'est au joueur situé à sa gauche de jouer. »
    The book says nothing about leaving; this checks the engine contract: the others play on,
    the turn order skips the seat that left, and it can neither act nor be a cannon target."""
    state = build([[1, 5], [1, 20], [1, 30]], variant="advanced")
    step = ENGINE.resign(state, 1)
    state = step.state
    assert step.events == [PlayerResigned(seat=1)]
    assert state.current == 0 and not ENGINE.is_over(state)
    state, _ = flip(state, 40)
    state, _ = act(state, PutBack())
    assert state.current == 2
    assert ENGINE.legal_actions(state, 1) == []
    state, _ = flip(state, 40)
    state, _ = act(state, PutBack())
    assert state.current == 0
    state, _ = flip(state, 7)
    state, _ = act(state, Take())
    assert ENGINE.legal_actions(state, 0) == [Fire(target=2, card=30)]  # not seat 1's 20
    refused(state, Fire(target=1, card=20))


def test_resign_on_your_turn() -> None:
    """« Retournez-la simplement face cachée là où elle se trouve. »
    Checks (engine contract): a seat leaving with a card flipped puts it back face down in
    its slot, and the next seat plays."""
    state = build([[1, 5], [1, 20], [1, 30]])
    slot = slot_of(state, 40)
    state, _ = flip(state, 40)
    step = ENGINE.resign(state, 0)
    state = step.state
    assert kinds(step.events) == ["resigned"]
    assert state.grid[slot] == 40 and state.flipped is None
    assert ENGINE.view(state, None).slots[slot] is None
    assert state.current == 1 and state.phase == "flip"


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_last_player_left_wins_by_forfeit(variant: str) -> None:
    """« Ce joueur remporte la partie. »
    Checks (engine contract): when only one player is left the game ends, reason "forfeit",
    and that player wins even with fewer cards and points; those who left rank last."""
    state = build([[1, 5], [1, 20, 21, 41], [1, 30, 39, 43]], variant=variant)
    state = ENGINE.resign(state, 1).state
    assert not ENGINE.is_over(state)
    step = ENGINE.resign(state, 2)
    state = step.state
    assert ENGINE.is_over(state)
    assert kinds(step.events) == ["resigned", "ended"]
    outcome = ENGINE.outcome(state)
    assert outcome.reason == "forfeit"
    assert outcome.winners == [0]
    assert outcome.ranking == [[0], [1, 2]]
    assert step.events[-1] == GameEnded(reason="forfeit", winners=[0])
    with pytest.raises(GameOver):
        ENGINE.resign(state, 0)
    two = build([[1, 5], [1, 46]])
    two = ENGINE.resign(two, 0).state
    assert ENGINE.outcome(two).winners == [1] and ENGINE.outcome(two).reason == "forfeit"


def test_resign_twice_or_out_of_range() -> None:
    """« Note 1 : Chaque joueur construit son propre rempart. »
    Checks (engine contract): a seat that left, or a seat that does not exist, cannot leave."""
    state = ENGINE.resign(build([[1], [1], [1]]), 2).state
    for seat in (2, 3, -1):
        before = ENGINE.dump(state)
        with pytest.raises(IllegalAction):
            ENGINE.resign(state, seat)
        assert ENGINE.dump(state) == before


def test_resign_removes_the_only_cannon_target() -> None:
    """« L'action est perdue si vous ne pouvez pas la réaliser immédiatement. »
    Checks: while seat 0 must fire, the only player it could hit leaves: the cannon is lost
    (CannonLost) and play goes on."""
    state = build([[1, 5], [1, 20], [1, 11]], variant="advanced")
    state, _ = flip(state, 7)
    state, _ = act(state, Take())
    assert ENGINE.legal_actions(state, 0) == [Fire(target=1, card=20)]
    step = ENGINE.resign(state, 1)
    assert kinds(step.events)[:2] == ["resigned", "cannon_lost"]
    assert step.state.phase == "flip" and step.state.current == 2


# =============================================================================
# The computer player
# =============================================================================


def _twin(state: FortissimoState) -> FortissimoState:
    """The same position with the face-down, never-shown cards moved around."""
    if state.open_grid:  # every card shows: nothing is hidden
        return state
    hidden = [s for s, c in enumerate(state.grid) if c and s != state.flipped and s not in state.seen]
    grid = list(state.grid)
    values = [grid[s] for s in hidden]
    for slot, card in zip(hidden, values[::-1]):
        grid[slot] = card
    return state.model_copy(update={"grid": grid})


def test_bot_never_illegal() -> None:
    """« Vous pouvez maintenant choisir entre deux actions : »
    Checks: over computer-played games of both variants, every choice is legal (the play-out
    helper applies it, which raises otherwise) and the games end."""
    for variant in ("basic", "advanced"):
        for seed in range(4):
            states = playout(4 - seed % 3, variant, seed, bots=True)
            assert ENGINE.is_over(states[-1])


def test_bot_legal_in_special_phases() -> None:
    """« Canons (N° 7, 16, 36) : Après avoir placé la carte Canon dans votre rempart, vous devez activer immédiatement son effet. »
    Checks: in the cannon phase, with a ready Magicien, and on the open grid, the computer
    player picks a legal action; its cannon aims at the leader."""
    cannon = build([[1, 5], [1, 6], [1, 21, 41, 43]], variant="advanced")
    cannon, _ = flip(cannon, 7)
    cannon, _ = act(cannon, Take())
    for seed in range(5):
        legal = ENGINE.legal_actions(cannon, 0)
        choice = ENGINE.choose(ENGINE.view(cannon, 0), legal, Rng.from_seed(seed))
        assert choice in legal and choice.target == 2
    magic = build([[1, 20, 31], [1, 5]], variant="advanced", turn=6, magicien_turn=[5, None])
    magic, _ = flip(magic, 13)
    legal = ENGINE.legal_actions(magic, 0)
    assert ENGINE.choose(ENGINE.view(magic, 0), legal, Rng.from_seed(1)) in legal
    opened = build(
        [[1, 20, 31], [1, 46]],
        variant="advanced",
        grid=[5, 40, 25],
        open_grid=True,
        turn=4,
        magicien_turn=[2, None],
    )
    legal = ENGINE.legal_actions(opened, 0)
    assert ENGINE.choose(ENGINE.view(opened, 0), legal, Rng.from_seed(1)) in legal


def test_bot_takes_the_card_it_wants() -> None:
    """« ❷ SI CETTE CARTE VOUS INTÉRESSE, PRENEZ-LA, mais elle doit respecter la RÈGLE DE PLACEMENT : »
    Checks: with 17 on top, the computer player takes a flipped 20 and puts back a flipped 46
    (far too high this early) and a flipped 13 (not allowed)."""
    state = build([[1, 17], [1, 5]])
    for card, expected in ((20, Take()), (46, PutBack()), (13, PutBack())):
        shown, _ = flip(state, card)
        legal = ENGINE.legal_actions(shown, 0)
        for seed in range(3):
            assert ENGINE.choose(ENGINE.view(shown, 0), legal, Rng.from_seed(seed)) == expected


def test_bot_remembers_cards_seen() -> None:
    """« Retournez-la simplement face cachée là où elle se trouve. »
    Checks: a card once shown and put back is remembered (view.seen): with 10 on top, the
    computer player flips the slot it knows holds 11; it does not flip a slot it knows holds
    a card it cannot use, but an unknown one."""
    base = build([[1, 10], [1, 5]])
    good = slot_of(base, 11)
    useless = slot_of(base, 6)
    state = base.model_copy(update={"seen": {useless: 6, good: 11}})
    legal = ENGINE.legal_actions(state, 0)
    for seed in range(10):
        assert ENGINE.choose(ENGINE.view(state, 0), legal, Rng.from_seed(seed)) == Flip(slot=good)
    state = base.model_copy(update={"seen": {useless: 6}})
    for seed in range(10):
        choice = ENGINE.choose(ENGINE.view(state, 0), legal, Rng.from_seed(seed))
        assert isinstance(choice, Flip) and choice.slot != useless


def test_bot_remembers_what_it_saw_flipped() -> None:
    """« Tous les joueurs ont donc la possibilité de voir cette carte. »
    Checks: the computer player's memory comes from play, through its own seat's view: seat 0
    flips the 11 and puts it back; seat 1 (10 on top) knows where it lies and flips it, while
    the public view names it nowhere. The card taken, nobody's view remembers that slot."""
    state = build([[1, 30], [1, 10]])
    slot = slot_of(state, 11)
    state, _ = act(state, Flip(slot=slot))
    state, _ = act(state, PutBack())
    assert ENGINE.view(state, None).seen == {} and ENGINE.view(state, None).slots[slot] is None
    view = ENGINE.view(state, 1)
    assert view.seen == {slot: 11}
    legal = ENGINE.legal_actions(state, 1)
    for seed in range(5):
        assert ENGINE.choose(view, legal, Rng.from_seed(seed)) == Flip(slot=slot)
    state, _ = act(state, Flip(slot=slot))
    state, _ = act(state, Take())
    assert all(ENGINE.view(state, seat).seen == {} for seat in (0, 1))


def test_bot_does_not_peek() -> None:
    """« Tous les joueurs ont donc la possibilité de voir cette carte. »
    Checks: only shown cards are known. In positions from computer-played games, moving the
    never-shown face-down cards around changes neither the view nor the computer's choice
    (same rng seed)."""
    checked = 0
    for variant in ("basic", "advanced"):
        for seed in range(3):
            for state in playout(3, variant, seed, bots=True)[:-1:3]:
                twin = _twin(state)
                if twin.grid == state.grid:
                    continue
                seat = state.current
                view, twin_view = ENGINE.view(state, seat), ENGINE.view(twin, seat)
                assert view == twin_view
                legal = ENGINE.legal_actions(state, seat)
                assert legal == ENGINE.legal_actions(twin, seat)
                for rng_seed in range(2):
                    a = ENGINE.choose(view, legal, Rng.from_seed(rng_seed))
                    b = ENGINE.choose(twin_view, legal, Rng.from_seed(rng_seed))
                    assert a == b
                checked += 1
    assert checked > 50
