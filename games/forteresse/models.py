"""Forteresse Solo's options, state, actions, events and views.

Action tokens
=============
Tokens are short ASCII strings. Cards on the table (Heroes, Enemies, Stats of
the Reserve, the discard pile, Boss pairs) are public and are named by their
code (``pKH``, ``fQS``: see ``cards.py``); a Path is named by its Treasure's
suit letter. Cards in the HAND are named by their index in ``hand`` (the
state's order, shown as is by the seat's view), never by identity: a button id
is visible to every client, and an index says nothing about the card. The one
exception is the Key taken from the deck after a Boss dies (``pk.pAH``): the
deck has no order to point into, so the Key is named; that button appears only
in the player's own ephemeral controls.

    mull / keep          1.1  first-turn mulligan, or keep the hand
    rc<h>.<s>            1.2  recruit the Hero at hand index h with the Stat at s
    at<s>.<hero>         1.2  attach the Stat at hand index s to a Hero in play
    ex.<hero>.<suit>     2.1  the Hero explores the Path of that suit
    pl<i>                2.3  play the Lieu at hand index i
    br.<enemy>.<n>       3.2  bribe the Enemy with n Tens
    bl.<hero>.<enemy>    3.3  the Hero defends against the Enemy
    ak.<hero>.<enemy>    3.5  the Hero attacks the Enemy (3.6 target included)
    fi.<enemy>[.<s>]     3.7  resolve the combat against the Enemy, Hero Boost at hand index s
    ds<i>                3.4 / 4.2  discard the card at hand index i
    pk.<card>            a public card (or the Key) the open question asks for
    bs.<lieu>.<enemy>    Boss test tie: which Lieu goes to which Enemy
    pass                 done / skip / no
"""

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from games.core import Action, Event, GameState, MalformedAction, Outcome
from games.forteresse.cards import FORTRESS, PLAYER, full_deck, rank_of

# =============================================================================
# Options and state
# =============================================================================


class PreparedDeal(BaseModel):
    """The order of every pile at the start, instead of shuffling them: a deal a tutorial designs
    (``cogs/forteresse/tutorial.py``). Each list is read as the setup lays it out: the Treasures
    left to right, the Doors, the Fortress and the player's deck top first. Any order is one that
    shuffling could give, so a prepared deal is a legal start, once each pile holds exactly its
    cards (checked here)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    treasures: tuple[str, ...]
    doors: tuple[str, ...]
    fortress: tuple[str, ...]
    deck: tuple[str, ...]

    @model_validator(mode="after")
    def _whole_decks(self) -> "PreparedDeal":
        fortress = full_deck(FORTRESS)
        piles = {
            "treasures": (self.treasures, [c for c in fortress if rank_of(c) == "T"]),
            "doors": (self.doors, [c for c in fortress if rank_of(c) == "A"]),
            "fortress": (self.fortress, [c for c in fortress if rank_of(c) not in "AT"]),
            "deck": (self.deck, full_deck(PLAYER)),
        }
        for name, (pile, cards) in piles.items():
            if sorted(pile) != sorted(cards):
                raise ValueError(f"the prepared {name} do not hold exactly their {len(cards)} cards")
        return self


class ForteresseOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # House rule 24: settle the book's "au choix du joueur en cas d'égalité" by a
    # fixed rule (see cards.py) instead of asking.
    auto_ties: bool = False
    # A prepared deal (tutorials) instead of shuffled piles; never offered in a lobby, and left out
    # of every view (the deck's and the Fortress's order are hidden).
    deal: PreparedDeal | None = None


class Character(BaseModel):
    """A Hero or an Enemy with its attached Stats (in attachment order)."""

    model_config = ConfigDict(extra="forbid")

    card: str
    stats: list[str] = []
    tapped: bool = False  # Heroes only: engagé


class Site(BaseModel):
    """One column of the table: a Path (up to two Lieux) leading to a Treasure."""

    model_config = ConfigDict(extra="forbid")

    treasure: str  # the Ten; the Path's suit is its suit
    lieux: list[str] = []
    explored: bool = False  # the two Lieux are face down
    door: str | None = None  # the Ace placed face up on the Treasure
    pillaged: bool = False  # the Treasure is face down


PromptKind = Literal[
    "mulligan",  # 1.1: Mulligan(take)
    "heroes",  # 1.2: Recruit, Attach, Pass
    "enemy_order",  # 1.5 tie: Pick(enemy) to fill next
    "enemy_stat",  # 1.5 tie: Pick(stat) for the Enemy ``focus``
    "explore",  # 2.1: Explore, Pass
    "lieux",  # 2.3: PlayLieu, Pass once a Lieu of the Path's suit is played
    "boss",  # Boss test tie: Pair(lieu, enemy)
    "bribe",  # 3.2: Bribe, Pass
    "defenders",  # 3.3: Block, Pass
    "fortress_order",  # 3.4 tie: Pick(enemy) whose combat comes next
    "discard",  # 3.4 undefended: Discard(i), ``owed`` cards still to go
    "lose_stat",  # tie: Pick(stat) the character ``focus`` loses
    "attackers",  # 3.5-3.6: Attack, Pass
    "fights",  # 3.7: Fight(enemy, boost)
    "key",  # a Boss died: Pick(key) from the deck, or Pass
    "restore",  # 4.2: Discard(i), Pass
    "retrieve",  # 4.2: Pick(card) from the discard, of another type than ``focus``, or Pass
]


class Prompt(BaseModel):
    """The decision the engine waits for. Holds public information only."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: PromptKind
    focus: str | None = None  # the character concerned, or the card just discarded (retrieve)
    owed: int = 0  # discard: cards still to discard
    options: list[str] = []  # enemy_order, enemy_stat, fortress_order, lose_stat: the cards to pick from
    pairs: list[tuple[str, str]] = []  # boss: (lieu, enemy) pairs


Result = Literal["won", "lost"]
EndReason = Literal["treasures", "deck_empty", "resigned"]


class ForteresseState(GameState):
    schema_version: Literal[1] = 1
    options: ForteresseOptions
    turn: int = 0  # turns ended
    step: str = "1.1"  # the rule book's step being played ("1.1" to "4.4")
    prompt: Prompt | None = None
    result: Result | None = None
    end_reason: EndReason | None = None
    # -- the player --
    hand: list[str] = []
    deck: list[str] = []  # index 0 is the top
    discard: list[str] = []
    out: list[str] = []  # hors-jeu: used Keys, crossed Doors, bribe Tens
    heroes: list[Character] = []
    mulligan_used: bool = False
    # -- the Fortress --
    fortress: list[str] = []  # index 0 is the top
    fortress_discard: list[str] = []
    reserve: list[str] = []
    enemies: list[Character] = []  # the Fortress's Combat zone
    doors: list[str] = []  # face down, index 0 is the top
    sites: list[Site] = []
    # -- this turn --
    explorer: str | None = None  # the Hero tapped at 2.1
    site: int | None = None  # the Path being explored
    played: list[str] = []  # Lieux played at 2.3
    fill_current: str | None = None  # 1.5: the Enemy being filled
    fill_queue: list[str] = []  # 1.5: Enemies still to fill, by Power
    bribed: list[str] = []  # Enemies a bribe was tried on
    boosts: dict[str, int] = {}  # Enemy -> its Enemy Boost already revealed (house rule 6)
    blocks: dict[str, str] = {}  # attacking Enemy -> defending Hero
    attacks: dict[str, str] = {}  # attacking Hero -> targeted Enemy (combat not yet resolved)
    combat_queue: list[str] = []  # 3.4: attackers still to resolve, by Power
    fighting: str | None = None  # 3.4: the attacker whose combat waits on a choice
    resume: str | None = None  # the step after a Boss-test choice


# =============================================================================
# Actions
# =============================================================================


class Mulligan(Action):
    take: bool

    def token(self) -> str:
        return "mull" if self.take else "keep"


class Recruit(Action):
    """1.2: put a Hero from the hand in play with a Stat of its suit."""

    hero: int
    stat: int

    def token(self) -> str:
        return f"rc{self.hero}.{self.stat}"


class Attach(Action):
    """1.2: a Stat from the hand onto a Hero already in play."""

    stat: int
    hero: str

    def token(self) -> str:
        return f"at{self.stat}.{self.hero}"


class Explore(Action):
    hero: str
    path: str  # the suit letter of the Path's Treasure

    def token(self) -> str:
        return f"ex.{self.hero}.{self.path}"


class PlayLieu(Action):
    card: int  # hand index

    def token(self) -> str:
        return f"pl{self.card}"


class Bribe(Action):
    enemy: str
    tens: int

    def token(self) -> str:
        return f"br.{self.enemy}.{self.tens}"


class Block(Action):
    hero: str
    enemy: str

    def token(self) -> str:
        return f"bl.{self.hero}.{self.enemy}"


class Attack(Action):
    hero: str
    enemy: str

    def token(self) -> str:
        return f"ak.{self.hero}.{self.enemy}"


class Fight(Action):
    enemy: str
    boost: int | None = None  # hand index of a Stat played as Hero Boost

    def token(self) -> str:
        return f"fi.{self.enemy}" + ("" if self.boost is None else f".{self.boost}")


class Discard(Action):
    card: int  # hand index

    def token(self) -> str:
        return f"ds{self.card}"


class Pick(Action):
    card: str

    def token(self) -> str:
        return f"pk.{self.card}"


class Pair(Action):
    lieu: str
    enemy: str

    def token(self) -> str:
        return f"bs.{self.lieu}.{self.enemy}"


class Pass(Action):
    def token(self) -> str:
        return "pass"


ForteresseAction = (
    Mulligan | Recruit | Attach | Explore | PlayLieu | Bribe | Block | Attack | Fight | Discard | Pick | Pair | Pass
)

_CARD = r"[pf][A2-9TJQK][HDCS]"
_INDEX = r"(?:0|[1-9][0-9]?)"
_PATTERNS: list[tuple[re.Pattern[str], type]] = [
    (re.compile(rf"rc({_INDEX})\.({_INDEX})"), Recruit),
    (re.compile(rf"at({_INDEX})\.({_CARD})"), Attach),
    (re.compile(rf"ex\.({_CARD})\.([HDCS])"), Explore),
    (re.compile(rf"pl({_INDEX})"), PlayLieu),
    (re.compile(rf"br\.({_CARD})\.([1-4])"), Bribe),
    (re.compile(rf"bl\.({_CARD})\.({_CARD})"), Block),
    (re.compile(rf"ak\.({_CARD})\.({_CARD})"), Attack),
    (re.compile(rf"fi\.({_CARD})(?:\.({_INDEX}))?"), Fight),
    (re.compile(rf"ds({_INDEX})"), Discard),
    (re.compile(rf"pk\.({_CARD})"), Pick),
    (re.compile(rf"bs\.({_CARD})\.({_CARD})"), Pair),
]


def parse_action(token: str) -> ForteresseAction:
    if token == "mull":
        return Mulligan(take=True)
    if token == "keep":
        return Mulligan(take=False)
    if token == "pass":
        return Pass()
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(token)
        if match is None:
            continue
        a, b = match.group(1), (match.group(2) if pattern.groups > 1 else None) or ""
        if kind is Recruit:
            return Recruit(hero=int(a), stat=int(b))
        if kind is Attach:
            return Attach(stat=int(a), hero=b)
        if kind is Explore:
            return Explore(hero=a, path=b)
        if kind is PlayLieu:
            return PlayLieu(card=int(a))
        if kind is Bribe:
            return Bribe(enemy=a, tens=int(b))
        if kind is Block:
            return Block(hero=a, enemy=b)
        if kind is Attack:
            return Attack(hero=a, enemy=b)
        if kind is Fight:
            return Fight(enemy=a, boost=int(b) if b else None)
        if kind is Discard:
            return Discard(card=int(a))
        if kind is Pick:
            return Pick(card=a)
        return Pair(lieu=a, enemy=b)
    raise MalformedAction(token=token[:20])


# =============================================================================
# Events
# =============================================================================
# Every event carries the step it happened in ("1.3", "3.4"...). Events are
# public unless their audience is {0}: those name cards of the hand.

PRIVATE = frozenset({0})


class ForteresseEvent(Event):
    step: str = ""


class TurnStarted(ForteresseEvent):
    kind: Literal["turn_started"] = "turn_started"
    turn: int  # the number of the turn starting (1 for the first)


class Drew(ForteresseEvent):
    kind: Literal["drew"] = "drew"
    count: int
    deck_left: int


class DrewCards(ForteresseEvent):
    """Private: which cards were drawn."""

    kind: Literal["drew_cards"] = "drew_cards"
    cards: list[str]


class MulliganTaken(ForteresseEvent):
    """The hand went back into the deck, the deck was shuffled and six new cards drawn."""

    kind: Literal["mulligan"] = "mulligan"


class HeroRecruited(ForteresseEvent):
    kind: Literal["hero_recruited"] = "hero_recruited"
    hero: str
    stat: str


class StatAttached(ForteresseEvent):
    kind: Literal["stat_attached"] = "stat_attached"
    side: Literal["hero", "enemy"]
    character: str
    stat: str


class ReserveFilled(ForteresseEvent):
    kind: Literal["reserve_filled"] = "reserve_filled"
    cards: list[str]


class FortressReshuffled(ForteresseEvent):
    kind: Literal["fortress_reshuffled"] = "fortress_reshuffled"
    count: int


class EnemyActivated(ForteresseEvent):
    kind: Literal["enemy_activated"] = "enemy_activated"
    enemy: str


class LieuPlaced(ForteresseEvent):
    kind: Literal["lieu_placed"] = "lieu_placed"
    lieu: str
    path: str  # suit letter


class EnemyReturned(ForteresseEvent):
    """1.7: an Enemy without Stat goes back to the Reserve."""

    kind: Literal["enemy_returned"] = "enemy_returned"
    enemy: str


class ExplorerChosen(ForteresseEvent):
    kind: Literal["explorer"] = "explorer"
    hero: str
    path: str


class Visited(ForteresseEvent):
    """2.2 on an incomplete Path: the Fortress's top card, placed on ``placed_on`` or put under."""

    kind: Literal["visited"] = "visited"
    path: str
    card: str | None  # None: the Fortress and its discard are empty
    placed_on: str | None


class LieuPlayed(ForteresseEvent):
    kind: Literal["lieu_played"] = "lieu_played"
    card: str


class Boosted(ForteresseEvent):
    """A Boost: the card revealed (a Stat adds its value and goes to the discard,
    another card goes face down under the Fortress; None: nothing to reveal)."""

    kind: Literal["boost"] = "boost"
    boost: Literal["path", "enemy", "hero"]
    target: str  # a Path's suit, an Enemy, or the combat's Enemy for a Hero Boost
    card: str | None
    value: int


class Explored(ForteresseEvent):
    kind: Literal["explored"] = "explored"
    path: str
    points: int
    level: int
    success: bool


class DoorRevealed(ForteresseEvent):
    kind: Literal["door_revealed"] = "door_revealed"
    path: str
    door: str


class DoorTested(ForteresseEvent):
    kind: Literal["door_test"] = "door_test"
    path: str
    door: str
    key: str | None  # the Key played, if any
    success: bool


class TreasurePillaged(ForteresseEvent):
    kind: Literal["pillaged"] = "pillaged"
    path: str
    treasure: str
    count: int  # Treasures pillaged so far


class BossTested(ForteresseEvent):
    kind: Literal["boss_test"] = "boss_test"
    success: bool
    enemy: str | None = None
    lieu: str | None = None


class BribeTried(ForteresseEvent):
    kind: Literal["bribe"] = "bribe"
    enemy: str
    tens: list[str]
    power: int  # the Enemy's Power, boost included
    success: bool


class DefenderAssigned(ForteresseEvent):
    kind: Literal["defender"] = "defender"
    hero: str
    enemy: str


class AttackerAssigned(ForteresseEvent):
    kind: Literal["attacker"] = "attacker"
    hero: str
    enemy: str


class UndefendedAttack(ForteresseEvent):
    kind: Literal["undefended"] = "undefended"
    enemy: str
    owed: int  # cards to discard


class CardsDiscarded(ForteresseEvent):
    """Cards from the hand or the deck to the player's discard (face up: public)."""

    kind: Literal["discarded"] = "discarded"
    source: Literal["hand", "deck"]
    cards: list[str]


class FortressCombat(ForteresseEvent):
    kind: Literal["fortress_combat"] = "fortress_combat"
    enemy: str
    hero: str
    attack: int  # the Enemy's Power plus its boost
    defense: int
    success: bool


class PlayerCombat(ForteresseEvent):
    kind: Literal["player_combat"] = "player_combat"
    enemy: str
    heroes: list[str]
    attack: int  # the Heroes' Power plus the Hero Boost
    defense: int
    success: bool


class StatLost(ForteresseEvent):
    kind: Literal["stat_lost"] = "stat_lost"
    side: Literal["hero", "enemy"]
    character: str
    stat: str


class CharacterDied(ForteresseEvent):
    kind: Literal["died"] = "died"
    side: Literal["hero", "enemy"]
    character: str
    boss: bool


class KeySearched(ForteresseEvent):
    """A Boss died: the deck was searched (``taken``: a Key went to the hand) and shuffled."""

    kind: Literal["key_searched"] = "key_searched"
    taken: bool


class KeyTaken(ForteresseEvent):
    """Private: the Key taken from the deck."""

    kind: Literal["key_taken"] = "key_taken"
    card: str


class HeroesUntapped(ForteresseEvent):
    kind: Literal["untapped"] = "untapped"
    heroes: list[str]


class Retrieved(ForteresseEvent):
    """4.2: a card of the discard went to the hand (named only in ``RetrievedCard``)."""

    kind: Literal["retrieved"] = "retrieved"


class RetrievedCard(ForteresseEvent):
    """Private: the card taken back from the discard."""

    kind: Literal["retrieved_card"] = "retrieved_card"
    card: str


class ReserveFlushed(ForteresseEvent):
    kind: Literal["reserve_flushed"] = "reserve_flushed"
    cards: list[str]


class TurnEnded(ForteresseEvent):
    kind: Literal["turn_ended"] = "turn_ended"
    turn: int  # turns ended so far


class Resigned(ForteresseEvent):
    kind: Literal["resigned"] = "resigned"


class GameEnded(ForteresseEvent):
    kind: Literal["ended"] = "ended"
    result: Result
    reason: EndReason


# =============================================================================
# Views
# =============================================================================


class HeroView(BaseModel):
    card: str
    stats: list[str]
    life: int
    power: int
    tapped: bool
    explorer: bool
    blocking: str | None  # the Enemy it defends against (3.3-3.4)
    attacking: str | None  # the Enemy it attacks (3.5-3.7)


class EnemyView(BaseModel):
    card: str
    stats: list[str]
    life: int
    power: int
    boss: bool
    boost: int | None  # an Enemy Boost already revealed this turn (failed bribe)
    bribed: bool  # a bribe was tried this turn
    blocked_by: str | None
    attackers: list[str]


class SiteView(BaseModel):
    suit: str
    treasure: str
    lieux: list[str]  # face down once explored, but known to all
    status: Literal["incomplete", "open", "explored"]
    difficulty: int  # the Lieux' total, before the Path Boost
    door: str | None
    pillaged: bool


class ExplorationView(BaseModel):
    hero: str
    path: str
    lieux: list[str]  # played from the hand so far
    points: int  # the Explorer's Power plus those Lieux


class ForteresseView(BaseModel):
    """What the player (``seat`` 0) or the public (``seat`` None) may know.

    The public view has no hand (only its size); no view shows the order or the
    content of the deck, the Fortress or the Doors pile (only their sizes).
    """

    seat: int | None
    options: ForteresseOptions
    turn: int  # turns ended; the turn being played is turn + 1
    phase: int  # 1 Organisation, 2 Exploration, 3 Combat, 4 Restauration
    step: str
    prompt: Prompt | None
    sites: list[SiteView]
    doors_left: int
    pillaged: int
    fortress_size: int
    fortress_discard: list[str]
    reserve: list[str]
    enemies: list[EnemyView]
    combat_order: list[str]  # 3.4: attackers still to resolve
    heroes: list[HeroView]
    hand: list[str] | None  # None in the public view
    hand_size: int
    deck_size: int
    discard: list[str]
    out_of_game: list[str]
    exploration: ExplorationView | None
    mulligan_available: bool
    result: Result | None
    outcome: Outcome | None
