"""Forteresse Solo's prepared deal (the ``deal`` option, which tutorials use): the piles laid out
in its order, only whole decks accepted, and the order hidden from every view."""

import dataclasses

import pytest
from pydantic import ValidationError

from cogs.forteresse.tutorial import LESSON
from games.forteresse import ENGINE
from games.forteresse.cards import FORTRESS, PLAYER, full_deck
from games.forteresse.models import PreparedDeal
from tests.games.test_contract import _forteresse_probe


def deal(**changes: tuple[str, ...]) -> dict:
    fortress = full_deck(FORTRESS)
    piles = {
        "treasures": tuple(reversed([c for c in fortress if c[1] == "T"])),
        "doors": tuple(c for c in fortress if c[1] == "A"),
        "fortress": tuple(reversed([c for c in fortress if c[1] not in "AT"])),
        "deck": tuple(reversed(full_deck(PLAYER))),
    }
    return piles | changes


def test_the_piles_are_laid_out_in_the_deals_order() -> None:
    piles = deal()
    state = ENGINE.new_game(1, ENGINE.make_options({"deal": piles}), 5)
    assert [site.treasure for site in state.sites] == list(piles["treasures"])
    assert state.doors == list(piles["doors"])
    assert state.fortress == list(piles["fortress"])
    assert state.hand + state.deck == list(piles["deck"])  # the first six drawn from the top
    assert state.prompt is not None and state.prompt.kind == "mulligan"
    # Only the piles are prepared: later shuffles still follow the seed.
    other = ENGINE.new_game(1, ENGINE.make_options({"deal": piles}), 6)
    mulligan = ENGINE.parse_action("mull")
    assert ENGINE.apply(state, 0, mulligan).state.hand != ENGINE.apply(other, 0, mulligan).state.hand


@pytest.mark.parametrize(
    "changes",
    [
        {"deck": tuple(full_deck(PLAYER)[1:])},  # a card short
        {"deck": tuple(full_deck(PLAYER)[1:] + ["pKH"])},  # a card twice
        {"doors": ("fAS", "fAH", "fAC", "fTD")},  # a Ten among the Doors
        {"treasures": ("pTD", "fTC", "fTH", "fTS")},  # a card of the player's deck
    ],
)
def test_only_whole_decks_make_a_deal(changes: dict) -> None:
    with pytest.raises(ValidationError):
        ENGINE.make_options({"deal": deal(**changes)})
    with pytest.raises(ValidationError):
        PreparedDeal(**deal(**changes))


def test_no_view_tells_the_deals_order() -> None:
    state = ENGINE.new_game(1, ENGINE.make_options({"deal": deal()}), 5)
    assert state.options.deal is not None
    for seat in (0, None):
        view = ENGINE.view(state, seat)
        assert view.options.deal is None
        assert _forteresse_probe(ENGINE, state, seat, view, []) == []


@pytest.mark.parametrize("seed", range(0, 200, 10))
def test_the_tutorial_does_not_hang_on_its_seed(seed: int) -> None:
    """The seed only shuffles the deck after the Boss's Key (the last draw): the script holds for any."""
    lesson = dataclasses.replace(LESSON, seed=seed)
    final = list(lesson.play())[-1][1]  # raises where the script and the game disagree
    assert (final.result, final.turn) == ("won", 3)
