"""The 45 rampart cards (2 to 46), the start card 1, and what each special card is.

House rules (listed in ``engine.HOUSE_RULES``) fixed here: slots A1 to E9 (rows
A-E of 9 columns); crows 3, 9 and 19 show one crow, 39 and 43 two, the optional
cap is 5 points; the start card 1 counts as a Tower.
"""

from games.core.labels import split_label

START = 1
CARDS = tuple(range(2, 47))
ROWS = "ABCDE"
COLUMNS = 9
SLOTS = len(ROWS) * COLUMNS
TARGET_LENGTH = 10

QUEEN = 21
KING = 41
PRINCES = frozenset({17, 27, 37})
PRINCESSES = frozenset({13, 23, 33})
CROWS = {3: 1, 9: 1, 19: 1, 39: 2, 43: 2}
CROW_CAP = 5
CANNONS = frozenset({7, 16, 36})
TOWERS = frozenset({START, 11, 26, 35, 46})
MAGICIEN = 31
ROYAL_BONUS = 3


def kind(card: int) -> str | None:
    """The special role of a card in the advanced variant, or None."""
    if card == QUEEN:
        return "queen"
    if card == KING:
        return "king"
    if card in PRINCES:
        return "prince"
    if card in PRINCESSES:
        return "princess"
    if card in CROWS:
        return "crow"
    if card in CANNONS:
        return "cannon"
    if card in TOWERS:
        return "tower"
    if card == MAGICIEN:
        return "magicien"
    return None


def label(slot: int) -> str:
    """Slot index 0..44 to its name, A1..E9."""
    return f"{ROWS[slot // COLUMNS]}{slot % COLUMNS + 1}"


def parse_label(text: str) -> int | None:
    """A1..E9 to the slot index, or None."""
    if (found := split_label(text, ROWS)) is None or found[1] > COLUMNS:
        return None
    row, column = found
    return row * COLUMNS + column - 1
