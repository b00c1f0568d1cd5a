"""Le labyrinthe secret: options, state, actions, events and views.

Pawns and treasures are stored as piece cells (they ride with their ring);
actions and views speak in positions, the cells the picture labels ("C7").
"""

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from games.core import Action, Event, GameState, MalformedAction, Outcome
from games.labyrinthe.maze import CENTRE, INNER, OUTER, Cell, label, parse_label

Sign = Literal["rock", "paper", "scissors"]
EndReason = Literal["seven", "forfeit"]
SIGNS: tuple[Sign, ...] = ("rock", "paper", "scissors")
BEATS: dict[Sign, Sign] = {"rock": "scissors", "scissors": "paper", "paper": "rock"}

Phase = Literal["change", "move", "challenge", "stake", "choose", "place", "over"]


class LabyrintheOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Closed boxes: a player sees only their own treasures. Open: everyone sees every box.
    open_boxes: bool = False
    # The book starts with the youngest player, which a bot cannot know.
    first_player: Literal["random", "lobby"] = "random"


class Duel(BaseModel):
    challenger: int
    defender: int
    for_target: bool  # fought on the sought treasure's cell: the treasure is the prize
    stake: int | None = None  # treasures the loser hands over (the die, or 1)
    die: int | None = None  # the die's face, if the challenger rolled it
    round: int = 1  # equal choices replay
    choices: dict[int, Sign] = {}  # secret until both are in
    winner: int | None = None


class LabyrintheState(GameState):
    schema_version: Literal[1] = 1
    options: LabyrintheOptions
    rotation: tuple[int, int, int, int, int, int]
    pawns: list[Cell | None]  # piece cells; None once the seat has left
    boxes: list[list[int]]  # treasure numbers each seat holds
    bag: list[int]  # treasures still to draw, in their (secret) drawing order
    target: int | None  # the sought treasure; None once the bag is empty
    current: int
    phase: Phase = "change"
    changes: list[str] = []  # tokens of this turn's path changes
    took: bool = False  # the player took the target without moving this turn
    duel: Duel | None = None
    turn: int = 0  # stages of play, for the turn clock (see ``Engine.turn_number``)
    resigned: list[bool]
    winner: int | None = None
    end_reason: EndReason | None = None


# -- actions ----------------------------------------------------------------
class Turn(Action):
    """A path change: the centre by 1-3 quarters clockwise, or a corridor one notch either way."""

    ring: int
    by: int

    def token(self) -> str:
        if self.ring == CENTRE:
            return f"c{self.by}"
        return ("i" if self.ring == INNER else "o") + ("cw" if self.by > 0 else "ccw")


class Take(Action):
    """Take the sought treasure from the cell the pawn already stands on."""

    def token(self) -> str:
        return "t"


class Stay(Action):
    """End the turn without moving (the move is optional)."""

    def token(self) -> str:
        return "s"


class Move(Action):
    to: Cell  # a position

    def token(self) -> str:
        return "m" + label(self.to)


class Challenge(Action):
    opponent: int

    def token(self) -> str:
        return f"d{self.opponent}"


class NoDuel(Action):
    def token(self) -> str:
        return "n"


class Bet(Action):
    """The duel's stake: one treasure, or the die."""

    die: bool

    def token(self) -> str:
        return "bd" if self.die else "b1"


class Choose(Action):
    """A duellist's secret choice for round ``round`` of the duel: a click made for an
    earlier round (before a tie) is refused, so the button needs no board version."""

    sign: Sign
    round: int

    def token(self) -> str:
        return f"{self.sign}-{self.round}"


class Place(Action):
    """The duel's winner puts the loser's pawn on a free cell (a position)."""

    to: Cell

    def token(self) -> str:
        return "p" + label(self.to)


# Every path change: the centre by one, two or three quarters; a corridor one notch either way.
ALL_TURNS: tuple[Turn, ...] = tuple(Turn(ring=CENTRE, by=by) for by in (1, 2, 3)) + tuple(
    Turn(ring=ring, by=by) for ring in (INNER, OUTER) for by in (1, -1)
)
LabyrintheAction = Turn | Take | Stay | Move | Challenge | NoDuel | Bet | Choose | Place
_SIMPLE: dict[str, LabyrintheAction] = {
    "c1": Turn(ring=CENTRE, by=1),
    "c2": Turn(ring=CENTRE, by=2),
    "c3": Turn(ring=CENTRE, by=3),
    "icw": Turn(ring=INNER, by=1),
    "iccw": Turn(ring=INNER, by=-1),
    "ocw": Turn(ring=OUTER, by=1),
    "occw": Turn(ring=OUTER, by=-1),
    "t": Take(),
    "s": Stay(),
    "n": NoDuel(),
    "b1": Bet(die=False),
    "bd": Bet(die=True),
}
_SEAT = re.compile(r"d([0-3])")
_CHOICE = re.compile(r"(rock|paper|scissors)-([1-9][0-9]{0,3})")


def parse_action(token: str) -> LabyrintheAction:
    if token in _SIMPLE:
        return _SIMPLE[token]
    if match := _SEAT.fullmatch(token):
        return Challenge(opponent=int(match[1]))
    if match := _CHOICE.fullmatch(token):
        return Choose(sign=match[1], round=int(match[2]))
    if token[:1] in ("m", "p") and (pos := parse_label(token[1:])) is not None:
        return Move(to=pos) if token[0] == "m" else Place(to=pos)
    raise MalformedAction(token=token[:20])


# -- events -----------------------------------------------------------------
class Turned(Event):
    kind: Literal["turned"] = "turned"
    seat: int
    ring: int
    by: int


class TargetDrawn(Event):
    kind: Literal["target_drawn"] = "target_drawn"
    treasure: int


class TargetReturned(Event):
    """More than three pawns on the sought treasure's cell: back into the bag."""

    kind: Literal["target_returned"] = "target_returned"
    treasure: int


class BagEmpty(Event):
    kind: Literal["bag_empty"] = "bag_empty"


class Took(Event):
    kind: Literal["took"] = "took"
    seat: int
    treasure: int
    how: Literal["moved", "still", "duel"]  # reached it, was already on it, or won it in a duel


class Moved(Event):
    kind: Literal["moved"] = "moved"
    seat: int
    start: Cell
    end: Cell


class Stayed(Event):
    kind: Literal["stayed"] = "stayed"
    seat: int


class Challenged(Event):
    kind: Literal["challenged"] = "challenged"
    seat: int
    opponent: int
    for_target: bool


class Declined(Event):
    """The mover shares a cell but does not call a duel."""

    kind: Literal["declined"] = "declined"
    seat: int


class StakeSet(Event):
    kind: Literal["stake"] = "stake"
    seat: int
    die: int | None  # the face rolled, None for a single treasure
    stake: int


class Chose(Event):
    """A duellist has chosen; what they chose stays secret until the reveal."""

    kind: Literal["chose"] = "chose"
    seat: int


class Revealed(Event):
    kind: Literal["revealed"] = "revealed"
    signs: dict[int, Sign]
    winner: int | None  # None: equal choices, the duel replays


class Handed(Event):
    """The duel's loser hands over ``count`` treasures (all they had, if fewer than the stake)."""

    kind: Literal["handed"] = "handed"
    loser: int
    winner: int
    count: int
    stake: int


class HandedTreasures(Event):
    """Which treasures changed hands: told to the two duellists only (boxes are closed)."""

    kind: Literal["handed_treasures"] = "handed_treasures"
    loser: int
    winner: int
    treasures: list[int]


class Placed(Event):
    kind: Literal["placed"] = "placed"
    seat: int  # the duel's winner
    pawn: int  # the loser
    end: Cell


class Resigned(Event):
    kind: Literal["resigned"] = "resigned"
    seat: int
    returned: int  # treasures put back into the bag


class GameEnded(Event):
    kind: Literal["ended"] = "ended"
    reason: str
    winners: list[int]


# -- views ------------------------------------------------------------------
class DuelView(BaseModel):
    challenger: int
    defender: int
    for_target: bool
    stake: int | None
    die: int | None
    round: int
    chosen: list[int]  # the duellists who have chosen this round (not what)
    my_choice: Sign | None  # the viewer's own choice this round, if any
    winner: int | None


class LabyrintheView(BaseModel):
    """What a seat (or the public, ``seat`` None) may know.

    Every position is public, the bag's size too, and which treasures have been
    collected (each take is told to all). Who holds which treasure is not: a
    seat sees its own box, and the others' only with the ``open_boxes`` option
    or once the game is over.
    """

    seat: int | None
    seats: int
    options: LabyrintheOptions
    rotation: tuple[int, int, int, int, int, int]
    pawns: list[Cell | None]  # positions
    treasures: list[Cell]  # position of each printed treasure, by number
    collected: list[int]  # treasures in someone's box
    target: int | None
    bag: int  # treasures left in the bag (the target not counted)
    box: list[int] | None  # the viewer's own box
    boxes: list[list[int]] | None  # every box, when open
    current: int
    phase: Phase
    changes: list[str]
    took: bool
    reachable: list[Cell]  # where the current player's pawn may go now
    duel: DuelView | None
    resigned: list[bool]
    outcome: Outcome | None
