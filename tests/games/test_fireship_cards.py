"""Fireship's chance (groundwork for issue 6): deck, wheel, badges and dice as the house rules set them."""

from collections import Counter

from games.core import Rng
from games.fireship import cards
from tests.games.rule_book import check_quotes


def test_quotes_are_verbatim() -> None:
    check_quotes(__name__, "002_0bf5331d1c49f2cc.txt", minimum=3)


def test_the_deck_holds_55_cards_of_12_kinds() -> None:
    """« 55 cartes mystères », of the 12 kinds the book lists."""
    deck = cards.new_deck(Rng.from_seed(1))
    assert len(deck) == 55 and len(set(deck)) == 12
    assert Counter(deck) == cards.DECK
    assert deck != cards.new_deck(Rng.from_seed(2))  # shuffled by the game's generator
    assert cards.REACTIONS <= cards.KEEPABLE <= set(cards.DECK)


def test_the_wheel_has_eleven_outcomes_and_badges_count_24() -> None:
    """« 24 badges », and the wheel's 11 actions, the Kraken among them."""
    assert len(cards.WHEEL) == 11 == len(set(cards.WHEEL)) and "kraken" in cards.WHEEL
    assert sum(cards.BADGES.values()) == 24
    assert {f"badge_{name}" for name in cards.BADGES} <= set(cards.WHEEL)
    rng = Rng.from_seed(3)
    assert {cards.spin(rng) for _ in range(500)} == set(cards.WHEEL)


def test_dice() -> None:
    """« le joueur doit lancer les 3 dés »: three d10 reading 1 to 10; the blue-edged
    win/lose die wins more often than the plain one (4 faces of 6 against 3)."""
    rng = Rng.from_seed(4)
    rolls = [cards.roll_movement(rng) for _ in range(2000)]
    assert all(len(r) == 3 and all(1 <= d <= 10 for d in r) for r in rolls)
    assert {d for r in rolls for d in r} == set(range(1, 11))
    plain = sum(cards.roll_win(rng, "plain") for _ in range(6000)) / 6000
    blue = sum(cards.roll_win(rng, "blue") for _ in range(6000)) / 6000
    assert abs(plain - 0.5) < 0.03 and abs(blue - 2 / 3) < 0.03
