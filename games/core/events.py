"""Typed records of what happened, each addressed to an audience."""

from pydantic import BaseModel, ConfigDict


class Event(BaseModel):
    """Something that happened. ``audience`` None means public; else those seats only."""

    model_config = ConfigDict(frozen=True)

    kind: str
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


class Outcome(BaseModel):
    """How a finished game ended.

    ``reason`` is a short catalog-friendly word (e.g. "ten_cards", "blocked");
    "forfeit" always means every other player left; ``ranking`` lists the seats from first to last, tied seats
    grouped; ``scores`` is per seat where the game keeps points.
    """

    reason: str
    winners: list[int]
    ranking: list[list[int]]
    scores: dict[int, int] | None = None
