"""Fireship's chance: the mystery deck, the wheel, the badges and the dice (groundwork for issue 6).

Counts and faces follow shared/HOUSE_RULES.md. The book says « Certaines cartes
peuvent se garder ... Certaines cartes doivent être jouées immédiatement »
without listing them: ``KEEPABLE`` decides it per card, from what each card
does (a card that helps later is kept; a gain, a loss or a penalty happens at
once).
"""

from games.core import Rng

# The 55 mystery cards, by kind.
DECK: dict[str, int] = {
    "wheel": 6,  # « Tourne la roue »
    "gain_boat": 6,
    "gain_plane": 3,
    "lose_boat": 5,
    "lose_plane": 3,
    "non": 5,  # cancels any action once
    "boum": 5,  # destroys a boat of the player's choice
    "plus_one": 6,  # +1 power in an attack or a defence
    "updraft": 4,  # « Vent Ascendant »: planes fly twice as fast for a turn
    "fog": 4,  # « Brouillard »: cannot be attacked until the player's next turn
    "bermuda": 4,  # « Deep Hole Bermuda »: the player skips their next turn
    "whirlpool": 4,  # « Tourbillon »: strikes around its pawn on the player's next turn
}
KEEPABLE = frozenset({"non", "boum", "plus_one", "updraft", "fog", "whirlpool"})
AT_START = ("updraft", "gulf_stream")  # « le joueur joue cette carte au début d’un tour »
IN_ACT = ("boum", "fog", "whirlpool")  # played in the act phase
REACTIONS = frozenset({"non", "plus_one"})  # may answer an action that hits the holder (house rule)

# The wheel's 11 equal segments, in order around it.
WHEEL = (
    "gain_boat", "gain_plane", "lose_boat", "lose_plane", "draw_card", "spin_again",
    "kraken", "badge_boum", "badge_gulf_stream", "badge_fog", "badge_updraft",
)  # fmt: skip
# Badges: « Les badges ont les mêmes effets que les cartes du même nom »; Gulf Stream:
# the player's boats move two cells a point for one turn (house rule).
BADGES: dict[str, int] = {"boum": 6, "gulf_stream": 6, "fog": 6, "updraft": 6}

D10_FACES = range(1, 11)
# The win/lose dice: the plain one (equal powers) wins on 3 faces of 6, the blue-edged
# one (greater attack) on 4 of 6.
WIN_FACES = {"plain": 3, "blue": 4}


def new_deck(rng: Rng) -> list[str]:
    deck = [kind for kind, count in DECK.items() for _ in range(count)]
    rng.shuffle(deck)
    return deck


def roll_movement(rng: Rng) -> tuple[int, int, int]:
    """« le joueur doit lancer les 3 dés »: three d10."""
    return tuple(rng.choice(D10_FACES) for _ in range(3))  # type: ignore[return-value]


def roll_win(rng: Rng, die: str) -> bool:
    """A throw of the plain or the blue-edged win/lose die."""
    return rng.below(6) < WIN_FACES[die]


def spin(rng: Rng) -> str:
    return rng.choice(WHEEL)
