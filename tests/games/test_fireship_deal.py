"""Fireship's prepared position (the ``deal`` option, which the tutorial uses): a game already under
way laid out as it says, only positions the rules could reach accepted, and the deck's order hidden
from every view."""

from typing import Any

import pytest
from pydantic import ValidationError

from cogs.fireship.tutorial import DEAL, OPTIONS
from games.fireship import ENGINE
from games.fireship.board import label
from games.fireship.models import FLEET


def position(**changes: Any) -> dict[str, Any]:
    """A small legal position for two: a white island with its boat, a boat of each colour (one at
    home), blue's island; changed as asked."""
    base: dict[str, Any] = {
        "pieces": [
            {"owner": None, "kind": "boat", "cell": "J6"},
            {"owner": 0, "kind": "boat", "cell": "A1"},
            {"owner": 0, "kind": "plane", "cell": "C3"},
            {"owner": 1, "kind": "boat", "cell": "S19"},
        ],
        "islands": [0, None, None, None, None, None, None, None, None],
        "round": 5,
        "first": 1,
        "hands": [["non"], []],
        "deck": ["plus_one", "wheel"],
    }
    return base | changes


def test_the_position_is_laid_out_as_the_deal_says() -> None:
    state = ENGINE.new_game(2, ENGINE.make_options({"deal": position()}), 3)
    assert [(p.id, p.owner, p.kind, label(p.cell)) for p in state.pieces] == [
        (0, None, "boat", "J6"),
        (1, 0, "boat", "A1"),
        (2, 0, "plane", "C3"),
        (3, 1, "boat", "S19"),
    ]
    assert state.islands == [0] + [None] * 8
    assert (state.round, state.current, state.first, state.phase, state.throw_off) == (5, 1, 1, "roll", [])
    assert state.hands == [["non"], []]
    # The deck: its first cards as the deal says, every other card of the 55 below them.
    assert state.deck[-2:] == ["wheel", "plus_one"]  # drawn from the end
    assert len(state.deck) == 55 - 1 and state.deck.count("non") == 4
    # What the box still holds for each seat: the fleet less what stands on the board.
    assert state.supply == [
        {"boat": FLEET["boat"] - 1, "plane": FLEET["plane"] - 1, "battleship": FLEET["battleship"]},
        {"boat": FLEET["boat"] - 1, "plane": FLEET["plane"], "battleship": FLEET["battleship"]},
    ]
    # The rest of the deck follows the seed, and so does the game.
    other = ENGINE.new_game(2, ENGINE.make_options({"deal": position()}), 4)
    assert other.deck[-2:] == state.deck[-2:] and other.deck != state.deck


@pytest.mark.parametrize(
    "changes",
    [
        {
            "pieces": [{"owner": 0, "kind": "boat", "cell": "E5"}, {"owner": 1, "kind": "boat", "cell": "S19"}]
        },  # an island
        {
            "pieces": [{"owner": 0, "kind": "boat", "cell": "T1"}, {"owner": 1, "kind": "boat", "cell": "S19"}]
        },  # off the map
        {
            "pieces": [{"owner": 0, "kind": "boat", "cell": "C3"}, {"owner": 1, "kind": "boat", "cell": "C3"}]
        },  # one cell, two
        {
            "pieces": [{"owner": None, "kind": "boat", "cell": "C3"}, {"owner": 1, "kind": "boat", "cell": "S19"}]
        },  # white, astray
        {
            "pieces": [{"owner": None, "kind": "plane", "cell": "J6"}, {"owner": 1, "kind": "boat", "cell": "S19"}]
        },  # a white plane
        {
            "pieces": [{"owner": None, "kind": "boat", "cell": "E6"}, {"owner": 1, "kind": "boat", "cell": "S19"}]
        },  # blue's island
        {"pieces": [{"owner": 0, "kind": "plane", "cell": "A1"}] * 4},  # more planes than the box holds
        {"hands": [["wheel"], []]},  # a card that acts at once, in a hand
        {"hands": [["non"] * 6, []]},  # more No cards than the deck has
        {"deck": ["joker"]},
        {"islands": [0, None]},
        {"round": 0},
    ],
)
def test_a_position_the_rules_could_not_reach_is_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        ENGINE.make_options({"deal": position(**changes)})


@pytest.mark.parametrize(
    ("players", "changes"),
    [
        (
            2,
            {"pieces": [{"owner": 0, "kind": "boat", "cell": "S1"}, {"owner": 1, "kind": "boat", "cell": "S19"}]},
        ),  # another's home
        (
            2,
            {"pieces": [{"owner": 0, "kind": "boat", "cell": "A1"}, {"owner": 2, "kind": "boat", "cell": "S19"}]},
        ),  # no such seat
        (2, {"pieces": [{"owner": 0, "kind": "boat", "cell": "A1"}], "islands": [0] + [None] * 8}),  # green is nowhere
        (3, {}),  # the third seat is nowhere
        (2, {"first": 2}),
        (2, {"round": 21}),  # past the 20 rounds
    ],
)
def test_a_position_for_other_seats_is_refused(players: int, changes: dict[str, Any]) -> None:
    options = ENGINE.make_options({"deal": position(**changes)})
    with pytest.raises(ValueError, match="prepared"):
        ENGINE.new_game(players, options, 3)


def test_no_view_tells_the_deal_or_the_decks_order() -> None:
    state = ENGINE.new_game(2, ENGINE.make_options(OPTIONS), 1)
    other = ENGINE.new_game(2, ENGINE.make_options(OPTIONS), 2)
    assert state.options.deal == DEAL and state.deck != other.deck
    for seat in (0, 1, None):
        view = ENGINE.view(state, seat)
        assert view.options.deal is None and view.deck == 55
        assert view == ENGINE.view(other, seat)  # another order of the deck: the same view
