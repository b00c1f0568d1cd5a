"""Fireship: options, state, actions, events and views.

Pieces carry a number that never changes (``id``), so a token names one piece
even in a home square that holds several. A reference to something that can
lead or take an attack is a piece number ("12") or an island ("i3", islands
numbered 1-9 in reading order).
"""

import re
from collections import Counter
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core import Action, Event, GameState, MalformedAction, Outcome
from games.fireship.board import GREEN_DOTS, HOMES, ISLANDS, Cell, is_sea, label, parse_label
from games.fireship.cards import DECK, KEEPABLE

Kind = Literal["boat", "plane", "battleship"]
KINDS: tuple[Kind, ...] = ("boat", "plane", "battleship")
POWER: dict[str, int] = {"boat": 1, "plane": 2, "battleship": 4, "island": 2}  # « VI- Calcul de la puissance »
FLEET: dict[str, int] = {"boat": 15, "plane": 3, "battleship": 2}  # « 15 bateaux, 3 avions et 2 cuirassés en tout »
START_FLEET: dict[str, int] = {"boat": 3, "plane": 1}  # « 3 bateaux et 1 avion sont placés dans le carré »

Phase = Literal["roll", "move", "steer", "act", "pick", "react", "over"]
Ref = str  # a piece number ("12") or an island ("i3")


M = TypeVar("M", bound=BaseModel)


def clone(model: M) -> M:
    """A shallow copy without pydantic's checks (what ``model_copy`` does, faster): for the
    engine's copies of a state, which the strong player's search makes by the thousand."""
    new = object.__new__(type(model))
    object.__setattr__(new, "__dict__", model.__dict__.copy())
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


class PreparedPiece(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    owner: int | None = Field(ge=0, le=3)  # None: a white boat
    kind: Kind
    cell: str  # its label, "J3"


class PreparedDeal(BaseModel):
    """A game already under way instead of the setup: a position a tutorial designs
    (``cogs/fireship/tutorial.py``), that the rules could have reached. The pieces stand where it
    says (a white boat only on the green dot of a white island, one piece a cell but in its
    owner's home, at most a fleet's pieces of each kind), the islands fly its flags, ``first``
    plays now and starts each round, the round is ``round``; each seat holds its ``hands``; the
    mystery deck's first cards are ``deck`` (top first), the rest of the 55 shuffled below them by
    the seed. Checked here, and against the number of players by ``new_game``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pieces: tuple[PreparedPiece, ...]
    islands: tuple[int | None, ...] = Field(min_length=len(ISLANDS), max_length=len(ISLANDS))
    round: int = Field(default=1, ge=1)
    first: int = Field(default=0, ge=0, le=3)
    hands: tuple[tuple[str, ...], ...] = ()
    deck: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _legal(self) -> "PreparedDeal":
        cells = [parse_label(p.cell) for p in self.pieces]
        if not all(cell is not None and is_sea(cell) for cell in cells):
            raise ValueError("a prepared piece stands off the sea")
        taken = Counter(cell for cell in cells if cell not in HOMES)
        if any(count > 1 for count in taken.values()):
            raise ValueError("two prepared pieces share a cell")
        fleets = Counter((p.owner, p.kind) for p in self.pieces if p.owner is not None)
        if any(count > FLEET[kind] for (_, kind), count in fleets.items()):
            raise ValueError("a prepared fleet is larger than the box")
        for piece, cell in zip(self.pieces, cells):
            white = piece.owner is None
            if white and (
                piece.kind != "boat" or cell not in GREEN_DOTS or self.islands[GREEN_DOTS.index(cell)] is not None
            ):
                raise ValueError("a white boat stands elsewhere than on a white island's green dot")
        held = [card for hand in self.hands for card in hand]
        if not set(held) <= KEEPABLE:
            raise ValueError("a prepared hand holds a card that is played at once")
        cards = Counter(held) + Counter(self.deck)
        if any(count > DECK.get(card, 0) for card, count in cards.items()):
            raise ValueError("the prepared cards are not in the mystery deck")
        return self


class FireshipOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # « Conquérir toutes les îles / le maximum en un temps imparti »: the game stops after
    # this many rounds and the most islands win; 0 plays on until one player is left or
    # holds every island.
    rounds: int = Field(default=20, ge=0, le=99)
    # A game already under way (tutorials); never offered in a lobby, and left out of every view
    # (the deck's order is hidden).
    deal: PreparedDeal | None = None


class Piece(BaseModel):
    id: int
    owner: int | None  # None: a white (neutral) boat
    kind: Kind
    cell: Cell
    used: Cell | None = None  # the last special cell this piece used


class Pending(BaseModel):
    """An action waiting for reactions: an attack, a Boum, a Kraken or a Tourbillon's strike."""

    kind: Literal["attack", "boum", "kraken", "whirlpool"]
    actor: int  # the seat whose action it is
    victims: list[int]  # the seats it hits
    leader: Ref | None = None  # attack only
    target: Ref | None = None  # attack and Boum
    cell: Cell | None = None  # Kraken's centre, Tourbillon's cell
    spares: int | None = None  # Kraken: the piece at the centre
    attack: int = 0  # powers, with the +1 cards played
    defence: int = 0
    cancelled: bool = False  # an odd number of "Non" were played against it
    asking: int | None = None  # the seat asked now (secret)
    queue: list[int] = []  # the seats still to ask on this side (secret)
    resume: str = ""  # what follows once it is settled: a phase, or "start" (the turn's start)


class Pick(BaseModel):
    """A choice the current player owes the rules: which piece to lose, where the Kraken rises,
    or whether to let Deep Hole Bermuda happen (with a "Non" in hand)."""

    kind: Literal["lose_boat", "lose_plane", "kraken", "bermuda"]
    resume: str = "act"


class FireshipState(GameState):
    schema_version: Literal[1] = 1
    options: FireshipOptions
    corners: list[int]  # each seat's home corner and colour (index into board.HOMES and COLOURS)
    pieces: list[Piece]
    next_id: int
    islands: list[int | None]  # each island's owner; None: a white flag
    supply: list[dict[str, int]]  # pieces each seat may still be given
    hands: list[list[str]]  # kept mystery cards (secret)
    badges: list[list[str]]  # badges (public)
    badge_stock: dict[str, int]
    deck: list[str]  # mystery cards to draw, in their (secret) order
    discard: list[str] = []
    current: int
    first: int  # the seat who starts each round
    throw_off: list[dict[int, int]] = []  # the opening throws: seat -> total (ties throw again)
    round: int = 1
    phase: Phase = "roll"
    dice: tuple[int, int, int] | None = None
    points: int = 0
    moving: int | None = None  # the piece being steered
    updraft: bool = False  # planes fly two cells a point this turn
    gulf_stream: bool = False  # boats sail two cells a point this turn
    led: list[Ref] = []  # pieces and islands that led an attack this turn
    specials: bool = False  # a special cell was used this turn: no more attacks
    fog: list[bool]  # cannot be attacked until their next turn
    skip: list[bool]  # Deep Hole Bermuda: the seat passes its next turn
    whirlpools: list[tuple[int, Cell]] = []  # (owner, cell): strikes on the owner's next turn
    pending: Pending | None = None
    pick: Pick | None = None
    turn: int = 0
    out: list[bool]  # eliminated or resigned
    resigned: list[bool]
    out_order: list[int] = []  # seats in the order they left the board
    winners: list[int] = []
    end_reason: Literal["last", "islands", "rounds", "forfeit"] | None = None
    # While a secret reaction window is open, everyone but the seat asked sees ``shown``: the
    # state just before the action that opened it; what happened since waits in ``held``.
    shown: "FireshipState | None" = None
    held: list["HeldEvent"] = []
    unseen: int = 0  # actions after which a secret window was open: the table saw none of them


# -- actions ----------------------------------------------------------------
class Roll(Action):
    def token(self) -> str:
        return "r"


class Select(Action):
    """Choose the piece to move."""

    piece: int

    def token(self) -> str:
        return f"p{self.piece}"


class Steer(Action):
    """Move the selected piece to a cell it can reach with the points left."""

    to: Cell

    def token(self) -> str:
        return "t" + label(self.to)


class Unselect(Action):
    def token(self) -> str:
        return "u"


class EndMoves(Action):
    def token(self) -> str:
        return "e"


class Attack(Action):
    leader: Ref
    target: Ref
    plus: bool = False  # the attacker plays a "+1" card

    def token(self) -> str:
        return f"a{self.leader}-{self.target}" + ("-p" if self.plus else "")


class Use(Action):
    """Use the special cell the piece stands on."""

    piece: int

    def token(self) -> str:
        return f"s{self.piece}"


class Play(Action):
    """Play a kept card (or a badge) of the same name: ``at`` is Boum's boat or Tourbillon's cell."""

    card: str
    badge: bool = False
    at: str | None = None

    def token(self) -> str:
        return ("b" if self.badge else "c") + self.card + (f"-{self.at}" if self.at else "")


class Lose(Action):
    """The piece the player gives up to a "lose a boat / a plane"."""

    piece: int

    def token(self) -> str:
        return f"l{self.piece}"


class Rise(Action):
    """Where the Kraken of a "Tourne la roue" card appears."""

    at: Cell

    def token(self) -> str:
        return "k" + label(self.at)


class Accept(Action):
    """Let a reaction window or a Deep Hole Bermuda pass without a card."""

    def token(self) -> str:
        return "ok"


class EndTurn(Action):
    def token(self) -> str:
        return "x"


FireshipAction = Roll | Select | Steer | Unselect | EndMoves | Attack | Use | Play | Lose | Rise | Accept | EndTurn
CARD_CODES = ("non", "boum", "plus_one", "updraft", "fog", "whirlpool", "gulf_stream")
_SIMPLE: dict[str, FireshipAction] = {"r": Roll(), "u": Unselect(), "e": EndMoves(), "ok": Accept(), "x": EndTurn()}
_NUMBER = r"(0|[1-9][0-9]{0,3})"
_REF = rf"({_NUMBER[1:-1]}|i[1-9])"
_PIECE = re.compile(rf"([pslt]){_NUMBER}")
_ATTACK = re.compile(rf"a{_REF}-{_REF}(-p)?")
_PLAY = re.compile(rf"([cb])({'|'.join(CARD_CODES)})(?:-({_NUMBER[1:-1]}|[A-S][1-9][0-9]?))?")


def parse_action(token: str) -> FireshipAction:
    if token in _SIMPLE:
        return _SIMPLE[token]
    if match := _ATTACK.fullmatch(token):
        return Attack(leader=match[1], target=match[2], plus=bool(match[3]))
    if match := _PLAY.fullmatch(token):
        return Play(card=match[2], badge=match[1] == "b", at=match[3])
    if token[:1] in ("t", "k") and (cell := parse_label(token[1:])) is not None:
        return Steer(to=cell) if token[0] == "t" else Rise(at=cell)
    if match := _PIECE.fullmatch(token):
        kinds: dict[str, type[Select] | type[Use] | type[Lose]] = {"p": Select, "s": Use, "l": Lose}
        kind = kinds.get(match[1])
        if kind is not None:
            return kind(piece=int(match[2]))
    raise MalformedAction(token=token[:20])


# -- events -----------------------------------------------------------------
class TurnStarted(Event):
    kind: Literal["turn_started"] = "turn_started"
    seat: int
    round: int


class Skipped(Event):
    kind: Literal["skipped"] = "skipped"
    seat: int


class Rolled(Event):
    kind: Literal["rolled"] = "rolled"
    seat: int
    dice: tuple[int, int, int]


class Moved(Event):
    kind: Literal["moved"] = "moved"
    seat: int
    piece: int
    piece_kind: Kind
    start: Cell
    end: Cell
    cost: int


class Attacked(Event):
    kind: Literal["attacked"] = "attacked"
    seat: int
    leader: Ref
    target: Ref
    defender: int | None  # None: a white island or boat
    attack: int
    defence: int
    # The pieces as they stood, for a narration written after they have moved or sunk (None: an
    # island, or an event stored before these fields).
    leader_kind: Kind | None = None
    leader_cell: Cell | None = None
    target_kind: Kind | None = None
    target_cell: Cell | None = None


class AttackRolled(Event):
    kind: Literal["attack_rolled"] = "attack_rolled"
    seat: int
    die: Literal["plain", "blue"]
    won: bool


class AttackFailed(Event):
    """A defender's "+1" lifted the defence above the attack: the attack is called off."""

    kind: Literal["attack_failed"] = "attack_failed"
    seat: int


class Destroyed(Event):
    kind: Literal["destroyed"] = "destroyed"
    pieces: list[tuple[int | None, str, Cell]]  # (owner, kind, cell) of each piece lost
    cause: Literal["attack", "island", "boum", "kraken", "whirlpool", "lost"]


class IslandTaken(Event):
    kind: Literal["island_taken"] = "island_taken"
    seat: int
    island: int  # 0-8
    previous: int | None


class CardPlayed(Event):
    """A kept card or a badge, shown as it is played."""

    kind: Literal["card_played"] = "card_played"
    seat: int
    card: str
    badge: bool
    at: str | None = None


class Cancelled(Event):
    """An action undone by "Non"."""

    kind: Literal["cancelled"] = "cancelled"
    action: str  # the pending kind, a lost piece or "bermuda"


class SpecialUsed(Event):
    kind: Literal["special_used"] = "special_used"
    seat: int
    piece: int
    special: Literal["battleship", "wheel", "mystery"]


class BattleshipRoll(Event):
    kind: Literal["battleship_roll"] = "battleship_roll"
    seat: int
    won: bool


class Spun(Event):
    kind: Literal["spun"] = "spun"
    seat: int
    segment: str


class Drew(Event):
    """A mystery card: kept cards are named to their holder only (``KeptCard``)."""

    kind: Literal["drew"] = "drew"
    seat: int
    card: str | None  # None: a card the player keeps, face down


class KeptCard(Event):
    kind: Literal["kept_card"] = "kept_card"
    seat: int
    card: str


class Gained(Event):
    kind: Literal["gained"] = "gained"
    seat: int
    what: str  # a piece kind or a badge name
    given: bool  # False: none left to give


class PlaneSpared(Event):
    """« sauf si le joueur n’a plus qu’un seul avion sur le plateau »."""

    kind: Literal["plane_spared"] = "plane_spared"
    seat: int


class Bermuda(Event):
    kind: Literal["bermuda"] = "bermuda"
    seat: int


class WhirlpoolPlaced(Event):
    kind: Literal["whirlpool_placed"] = "whirlpool_placed"
    seat: int
    cell: Cell


class KrakenRose(Event):
    kind: Literal["kraken"] = "kraken"
    seat: int
    cell: Cell


class WhirlpoolStruck(Event):
    kind: Literal["whirlpool_struck"] = "whirlpool_struck"
    seat: int
    cell: Cell


class Eliminated(Event):
    kind: Literal["eliminated"] = "eliminated"
    seat: int


class Resigned(Event):
    kind: Literal["resigned"] = "resigned"
    seat: int


class Reshuffled(Event):
    kind: Literal["reshuffled"] = "reshuffled"


class GameEnded(Event):
    kind: Literal["ended"] = "ended"
    reason: str
    winners: list[int]


HeldEvent = Annotated[
    TurnStarted
    | Skipped
    | Rolled
    | Moved
    | Attacked
    | AttackRolled
    | AttackFailed
    | Destroyed
    | IslandTaken
    | CardPlayed
    | Cancelled
    | SpecialUsed
    | BattleshipRoll
    | Spun
    | Drew
    | KeptCard
    | Gained
    | PlaneSpared
    | Bermuda
    | WhirlpoolPlaced
    | KrakenRose
    | WhirlpoolStruck
    | Eliminated
    | Resigned
    | Reshuffled
    | GameEnded,
    Field(discriminator="kind"),
]
FireshipState.model_rebuild()


# -- views ------------------------------------------------------------------
class PendingView(BaseModel):
    """The action a reaction window asks about, as the seat asked sees it."""

    kind: str
    actor: int
    leader: Ref | None
    target: Ref | None
    cell: Cell | None
    attack: int
    defence: int
    cancelled: bool


class AttackOption(BaseModel):
    """A legal attack, with both powers and the die it rolls."""

    leader: Ref
    target: Ref
    attack: int
    defence: int
    die: Literal["plain", "blue"]
    plus: bool = False


class FireshipView(BaseModel):
    """What a seat (or the public, ``seat`` None) may know: everything on the board,
    badges, the dice, the deck's size. Kept cards are secret to their holder, and so is
    a reaction window: only the seat it asks sees it (``asked``, ``pending``); everyone
    else sees the table as it was before the action that opened it."""

    seat: int | None
    seats: int
    options: FireshipOptions
    corners: list[int]
    pieces: list[Piece]
    islands: list[int | None]
    supply: list[dict[str, int]]
    badges: list[list[str]]
    hand: list[str] | None
    deck: int
    current: int
    round: int
    throw_off: list[dict[int, int]]
    phase: Phase  # "react" only in the view of the seat asked
    dice: tuple[int, int, int] | None
    points: int
    moving: int | None
    reachable: dict[str, int]  # label -> points, for the piece being steered
    speed: dict[str, int]  # cells a point, by kind
    led: list[Ref]
    specials: bool
    attacks: list[AttackOption]  # the current player's legal attacks (with a +1 card: in their view only)
    fog: list[bool]
    skip: list[bool]
    whirlpools: list[tuple[int, Cell]]
    pending: PendingView | None  # in the view of the seat asked only
    pick: str | None  # the choice the current player owes (what was drawn is public)
    asked: bool  # the viewer is being asked to react
    out: list[bool]
    resigned: list[bool]
    outcome: Outcome | None
