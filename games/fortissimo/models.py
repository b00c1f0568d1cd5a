"""Fortissimo's options, state, actions, events and views."""

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.core import Action, Event, GameState, MalformedAction, Outcome
from games.fortissimo.cards import label, parse_label
from games.fortissimo.scoring import Score


class FortissimoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variant: Literal["basic", "advanced"] = "basic"
    # The second printing caps crow bonuses at 5 points; off by default.
    crow_cap: bool = False
    # The book starts with the youngest player, which a bot cannot know.
    first_player: Literal["random", "lobby"] = "random"


Phase = Literal["flip", "decide", "cannon", "over"]
EndReason = Literal["ten_cards", "blocked", "forfeit"]


class FortissimoState(GameState):
    schema_version: Literal[1] = 1
    options: FortissimoOptions
    grid: list[int]  # card per slot, 0 once the slot is empty
    flipped: int | None = None  # the slot turned face up this turn
    open_grid: bool = False  # the last player able to take plays face up
    ramparts: list[list[int]]
    resigned: list[bool]
    current: int
    phase: Phase = "flip"
    turn: int = 0  # turns played so far, for "a later turn"
    magicien_turn: list[int | None]  # the turn each seat placed its Magicien
    magicien_used: list[bool]
    seen: dict[int, int] = {}  # face-down slots whose card has been shown
    discard: list[int] = []  # cards destroyed by cannons
    passing: list[bool] = []  # seats already announced as passing
    end_reason: EndReason | None = None
    finisher: int | None = None


# -- actions ----------------------------------------------------------------
class Flip(Action):
    slot: int

    def token(self) -> str:
        return "f" + label(self.slot)


class Take(Action):
    """Take the flipped card; with ``slot``, a face-up card of the open grid."""

    slot: int | None = None

    def token(self) -> str:
        return "t" + ("" if self.slot is None else label(self.slot))


class PutBack(Action):
    def token(self) -> str:
        return "r"


class Insert(Action):
    """The Magicien's insertion of a lower card (``slot`` on the open grid)."""

    slot: int | None = None

    def token(self) -> str:
        return "m" + ("" if self.slot is None else label(self.slot))


class Fire(Action):
    """The cannon destroys ``card`` in the rampart of seat ``target``."""

    target: int
    card: int

    def token(self) -> str:
        return f"c{self.target}-{self.card}"


FortissimoAction = Flip | Take | PutBack | Insert | Fire
_FIRE = re.compile(r"([0-9])-([1-9][0-9]?)")


def parse_action(token: str) -> FortissimoAction:
    head, rest = token[:1], token[1:]
    slot = parse_label(rest) if rest else None
    if head == "f" and slot is not None:
        return Flip(slot=slot)
    if head == "t" and (not rest or slot is not None):
        return Take(slot=slot)
    if head == "m" and (not rest or slot is not None):
        return Insert(slot=slot)
    if token == "r":
        return PutBack()
    if head == "c" and (match := _FIRE.fullmatch(rest)):
        return Fire(target=int(match[1]), card=int(match[2]))
    raise MalformedAction(token=token[:20])


# -- events (all public: every card flipped is shown to the whole table, at that
# moment; once it is face down again no event names it) -------------------------
class CardFlipped(Event):
    kind: Literal["flipped"] = "flipped"
    seat: int
    slot: int
    card: int
    again: bool = False  # the card was shown before (flipped and put back): everyone saw it then


class CardTaken(Event):
    kind: Literal["taken"] = "taken"
    seat: int
    slot: int
    card: int


class CardReturned(Event):
    """A card put back face down: where, never which (the slot hides it again)."""

    kind: Literal["returned"] = "returned"
    seat: int
    slot: int


class CardInserted(Event):
    kind: Literal["inserted"] = "inserted"
    seat: int
    slot: int
    card: int


class CannonFired(Event):
    kind: Literal["cannon_fired"] = "cannon_fired"
    seat: int
    target: int
    card: int


class CannonLost(Event):
    kind: Literal["cannon_lost"] = "cannon_lost"
    seat: int


class MagicienLost(Event):
    kind: Literal["magicien_lost"] = "magicien_lost"
    seat: int


class TurnPassed(Event):
    kind: Literal["passed"] = "passed"
    seat: int


class GridOpened(Event):
    kind: Literal["grid_opened"] = "grid_opened"
    seat: int  # the last player still able to take


class PlayerResigned(Event):
    kind: Literal["resigned"] = "resigned"
    seat: int


class GameEnded(Event):
    kind: Literal["ended"] = "ended"
    reason: str
    winners: list[int]


# -- views ------------------------------------------------------------------
class FortissimoView(BaseModel):
    """What a seat (or the public, ``seat`` None) may know.

    ``slots``: None for a face-down card, 0 for an empty slot, else the card
    shown face up. ``seen``: the face-down cards once shown, where they lie. A
    seat saw them flipped and may remember them (the computer player does);
    the public view leaves it empty, as the table shows them no more
    (remembering is the game).
    """

    seat: int | None
    seats: int
    options: FortissimoOptions
    slots: list[int | None]
    flipped: int | None
    open_grid: bool
    ramparts: list[list[int]]
    resigned: list[bool]
    current: int
    phase: Phase
    remaining: list[int]  # values still in the grid: public, as every card is known
    magicien_ready: list[bool]
    cannon_targets: list[tuple[int, int]]
    seen: dict[int, int]
    scores: list[Score] | None
    outcome: Outcome | None
