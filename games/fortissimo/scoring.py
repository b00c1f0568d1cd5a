"""Points of a rampart in the advanced variant: 1 per card plus the bonuses."""

from pydantic import BaseModel

from games.fortissimo.cards import (
    CROW_CAP,
    CROWS,
    KING,
    PRINCES,
    PRINCESSES,
    QUEEN,
    ROYAL_BONUS,
)


class Score(BaseModel):
    base: int
    king_queen: int
    princes_princesses: int
    pairs: int
    crows: int

    @property
    def total(self) -> int:
        return self.base + self.king_queen + self.princes_princesses + self.pairs + self.crows


def score(rampart: list[int], crow_cap: bool = False) -> Score:
    princes = sum(card in PRINCES for card in rampart)
    princesses = sum(card in PRINCESSES for card in rampart)
    crows = sum(CROWS.get(card, 0) for card in rampart)
    return Score(
        base=len(rampart),
        king_queen=ROYAL_BONUS * sum(card in (KING, QUEEN) for card in rampart),
        princes_princesses=princes + princesses,
        pairs=min(princes, princesses),
        crows=min(crows, CROW_CAP) if crow_cap else crows,
    )
