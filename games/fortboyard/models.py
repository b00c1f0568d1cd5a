"""Fort Boyard: options, state, actions, events and views."""

import base64
import binascii
import re
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from games.core import LEVELS, Action, Event, GameState, MalformedAction
from games.core import Level as Skill
from games.fortboyard.deck import Category, Language, Level, Side, Trial
from games.fortboyard.track import CELLS, Cell

Phase = Literal["level", "roll", "passe", "stake", "opponent", "trial", "dive", "guess", "retry", "draw", "over"]
Stake = Literal["key", "clue"]
Sign = Literal["stone", "paper", "scissors", "well"]
Round = Literal[1, 2, 3]
EndReason = Literal["treasure", "no_treasure", "forfeit"]
SIGNS: tuple[Sign, ...] = ("stone", "paper", "scissors", "well")
# The TV duel: the well swallows stone and scissors, paper covers the well.
BEATS: dict[Sign, frozenset[Sign]] = {
    "stone": frozenset({"scissors"}),
    "paper": frozenset({"stone", "well"}),
    "scissors": frozenset({"paper"}),
    "well": frozenset({"stone", "scissors"}),
}
CLOCK, CLOCK_RANGE = 30, (10, 180)  # the hourglass: seconds per timed trial by default, and its bounds
ANSWER_LENGTH = 100  # characters (code points) kept of a typed answer: the text box's limit
# The longest ``Answer`` token's base64: 100 code points of up to 4 UTF-8 bytes each.
ANSWER_TOKEN = -(-ANSWER_LENGTH * 4 * 4 // 3)


# Percentage points a computer player of each level wins trials more often than the table's
# rates (``Rates``, the normal level's), kept within 0-100: with the default rates an easy
# computer wins 35/35/25/15 % of concentration/force/duel/riddle trials, a strong one 85/85/75/65 %.
SKILL_SHIFT: dict[Skill, int] = {"easy": -25, "normal": 0, "strong": 25}


class Rates(BaseModel):
    """How often a normal computer player wins a trial of each category, in percent."""

    model_config = ConfigDict(extra="forbid")

    concentration: int = Field(default=60, ge=0, le=100)
    force: int = Field(default=60, ge=0, le=100)
    duel: int = Field(default=50, ge=0, le=100)
    enigme: int = Field(default=40, ge=0, le=100)

    def at(self, category: Category, skill: Skill = "normal") -> int:
        """The rate, in percent, of a computer of level ``skill`` in ``category``."""
        return min(100, max(0, getattr(self, category) + SKILL_SHIFT[skill]))


class FortBoyardOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    language: Language = "fr"  # of the cards: riddles, trials and code words
    side: Side | Literal["random"] = "random"  # the trial cards' red or blue texts
    clock: int = Field(default=CLOCK, ge=CLOCK_RANGE[0], le=CLOCK_RANGE[1], json_schema_extra={"unit": "seconds"})
    computer: Rates = Rates()


class Progress(BaseModel):
    """A trial under way. ``trial`` holds its answer: never put it in a view."""

    category: Category
    card: str
    trial: Trial
    players: list[int]  # the player, or the challenger then the opponent
    stake: Stake
    # a sequence is first shown ("look"); a reaction light waits red ("wait"); boats are hidden ("hide")
    stage: Literal["look", "wait", "hide", "play"] = "play"
    out: list[int] = []  # duellists done without a right answer (wrong, or the clock ran out)
    right: list[int] = []  # duellists right "at the bell" (a computer's attempt)
    pile: int = 0  # dice: points at risk
    banked: int = 0
    thrown: int = 0
    last_die: int | None = None
    choices: dict[int, Sign] = {}  # spsw: this round's hidden signs
    score: dict[int, int] = {}  # spsw: rounds won
    replays: int = 0  # duels nobody won, replayed
    taps: int = 0  # tapping: presses so far
    lit: int = 0  # reaction: green lights caught
    wait: int = 0  # reaction: seconds the light stays red this time
    sticks: int = 0  # nim: sticks left
    turn_of: int | None = None  # nim: whose move
    boats: dict[int, int] = {}  # battleship: each duellist's hidden boat (a cell number)
    aims: dict[int, int] = {}  # battleship: this round's shots, hidden until both are in
    misses: dict[int, list[int]] = {}  # battleship: the cells each duellist has shot in vain


class Player(BaseModel):
    cell: Cell | None = None  # None: at DÉPART (or inside the Fort in round 3)
    sea: int | None = None  # a diver's cell in the sea loop
    dive_for: Stake | None = None
    skip: bool = False  # prison: the next turn is lost
    keys: int = 0
    word: str | None = None  # the code-word card's id
    level: Level | None = None
    clues: int = 0
    found: bool | None = None  # round 3: the code word found; False: out of the treasure room
    handfuls: list[list[int]] = []
    resigned: bool = False


class FortBoyardState(GameState):
    schema_version: Literal[1] = 1
    options: FortBoyardOptions
    side: Side
    round: Round = 1
    phase: Phase = "roll"
    current: int
    players: list[Player]
    stock: int
    decks: dict[Category, list[str]]  # the card ids still to draw, in drawing order
    opening: list[list[int]]  # the first-player roll, throw by throw (ties throw again)
    third_key: int | None = None  # who took the round's third key
    fourth_clue: int | None = None
    order: list[int] = []  # round 3: who proposes, then who draws, in this order
    stake: Stake = "key"
    opponent: int | None = None
    trial: Progress | None = None
    last_die: int | None = None
    turn: int = 0
    end_reason: EndReason | None = None


M = TypeVar("M", bound=BaseModel)


def clone(model: M) -> M:
    """A shallow copy of a model, without pydantic's checks (what its ``__copy__`` does, faster):
    for the engine's copies of a state, which copy in turn every part a move changes."""
    new = object.__new__(type(model))
    object.__setattr__(new, "__dict__", model.__dict__.copy())
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


# -- actions ----------------------------------------------------------------
class Roll(Action):
    def token(self) -> str:
        return "r"


class Goto(Action):
    """PASSE-PARTOUT: move to a cell of the track."""

    cell: Cell

    def token(self) -> str:
        return f"g{self.cell}"


class Stay(Action):
    """PASSE-PARTOUT: stay where you are (the move is optional)."""

    def token(self) -> str:
        return "stay"


class Announce(Action):
    """Round 2: the stake of a riddle or a duel, said before."""

    stake: Stake

    def token(self) -> str:
        return f"stake-{self.stake}"


class Challenge(Action):
    opponent: int

    def token(self) -> str:
        return f"vs{self.opponent}"


class ChooseLevel(Action):
    level: Level

    def token(self) -> str:
        return f"level-{self.level}"


class Answer(Action):
    """A typed answer (a riddle, a sequence, a code word...). Its token hides nothing from
    whoever reads the log, so it never goes in a custom id."""

    text: str = Field(max_length=ANSWER_LENGTH)

    def token(self) -> str:
        return "a." + base64.urlsafe_b64encode(self.text.encode()).decode().rstrip("=")


class Ready(Action):
    """Done memorising: hide the sequence and start typing."""

    def token(self) -> str:
        return "ready"


class Throw(Action):
    def token(self) -> str:
        return "throw"


class Bank(Action):
    def token(self) -> str:
        return "bank"


class Show(Action):
    sign: Sign

    def token(self) -> str:
        return self.sign


class Tap(Action):
    """Press: a tapping trial's button, or a reaction light's."""

    def token(self) -> str:
        return "tap"


class Press(Action):
    """Reaction: press for light number ``light`` (counted from 0); a press meant for a light
    already caught (a double click) is refused, not judged."""

    light: int

    def token(self) -> str:
        return f"press{self.light}"


class Green(Action):
    """The reaction light turns green (played by the bot's clock)."""

    def token(self) -> str:
        return "green"


class Take(Action):
    """Nim: take this many sticks."""

    count: int

    def token(self) -> str:
        return f"take{self.count}"


class Hide(Action):
    """Battleship: hide the boat on this cell of your grid."""

    cell: int

    def token(self) -> str:
        return f"hide{self.cell}"


class Fire(Action):
    """Battleship: fire at this cell of the other's grid."""

    cell: int

    def token(self) -> str:
        return f"fire{self.cell}"


class TimeUp(Action):
    """The hourglass ran out for this player (played by the bot's clock)."""

    def token(self) -> str:
        return "late"


class Attempt(Action):
    """A computer player's attempt, won at the options' rate for the category, shifted by its
    level (``SKILL_SHIFT``)."""

    skill: Skill = "normal"

    def token(self) -> str:
        return "try" if self.skill == "normal" else f"try-{self.skill}"


ATTEMPTS = tuple(Attempt(skill=skill) for skill in ("normal", *(s for s in LEVELS if s != "normal")))


class Dive(Action):
    def token(self) -> str:
        return "dive"


class Abandon(Action):
    def token(self) -> str:
        return "drop"


class Retry(Action):
    """Round 3: pay one key to propose again."""

    def token(self) -> str:
        return "retry"


class GiveUp(Action):
    def token(self) -> str:
        return "stop"


class Grab(Action):
    """Round 3: one handful from the treasure bag."""

    def token(self) -> str:
        return "grab"


FortBoyardAction = (
    Roll | Goto | Stay | Announce | Challenge | ChooseLevel | Answer | Ready | Throw | Bank | Show | Tap | Press | Green | Take
    | Hide | Fire | TimeUp | Attempt | Dive | Abandon | Retry | GiveUp | Grab
)  # fmt: skip
_PLAIN: tuple[FortBoyardAction, ...] = (Roll(), Stay(), Ready(), Throw(), Bank(), Tap(), Green(), TimeUp(), *ATTEMPTS,
                                        Dive(), Abandon(), Retry(), GiveUp(), Grab())  # fmt: skip
_FIXED: dict[str, FortBoyardAction] = {a.token(): a for a in _PLAIN}
_FIXED |= {Announce(stake=s).token(): Announce(stake=s) for s in ("key", "clue")}
_FIXED |= {ChooseLevel(level=v).token(): ChooseLevel(level=v) for v in ("easy", "hard")}
_FIXED |= {Show(sign=s).token(): Show(sign=s) for s in SIGNS}


def parse_action(token: str) -> FortBoyardAction:
    if token in _FIXED:
        return _FIXED[token]
    if (match := re.fullmatch(r"g(0|[1-9][0-9]?)", token)) and int(match[1]) < CELLS:  # no cell past the track
        return Goto(cell=int(match[1]))
    if match := re.fullmatch(r"vs([0-5])", token):
        return Challenge(opponent=int(match[1]))
    if match := re.fullmatch(r"press([0-2])", token):
        return Press(light=int(match[1]))
    if match := re.fullmatch(r"take([1-9])", token):
        return Take(count=int(match[1]))
    if match := re.fullmatch(r"(hide|fire)(0|1[0-5]?|[2-9])", token):
        return (Hide if match[1] == "hide" else Fire)(cell=int(match[2]))
    if match := re.fullmatch(rf"a\.([A-Za-z0-9_\-]{{0,{ANSWER_TOKEN}}})", token):
        try:
            text = base64.urlsafe_b64decode(match[1] + "=" * (-len(match[1]) % 4)).decode()
        except (binascii.Error, UnicodeDecodeError, ValueError):
            raise MalformedAction() from None
        if len(text) <= ANSWER_LENGTH and Answer(text=text).token() == token:
            return Answer(text=text)
    raise MalformedAction()


# -- events -----------------------------------------------------------------
class Rolled(Event):
    kind: Literal["rolled"] = "rolled"
    seat: int
    die: int
    cell: Cell | None = None  # where the pawn lands on the Fort
    sea: int | None = None  # a diver's cell


class Landed(Event):
    """The pawn stops on a cell of the kind named (a passe-partout move included)."""

    kind: Literal["landed"] = "landed"
    seat: int
    cell: Cell
    via_passe: bool = False


class Jailed(Event):
    kind: Literal["jailed"] = "jailed"
    seat: int


class Skipped(Event):
    kind: Literal["skipped"] = "skipped"
    seat: int


class Announced(Event):
    kind: Literal["announced"] = "announced"
    seat: int
    stake: Stake


class Challenged(Event):
    kind: Literal["challenged"] = "challenged"
    seat: int
    opponent: int
    stake: Stake


class TrialBegan(Event):
    kind: Literal["trial_began"] = "trial_began"
    category: Category
    trial_kind: str
    players: list[int]
    replay: bool = False


class TrialEnded(Event):
    """A trial's result; ``answer`` reveals what was expected (None: a game of chance)."""

    kind: Literal["trial_ended"] = "trial_ended"
    category: Category
    players: list[int]
    success: bool  # for a duel: somebody won
    winner: int | None = None
    answer: str | None = None
    by_die: bool = False  # a duel nobody won, settled by the die


class Thrown(Event):
    kind: Literal["thrown"] = "thrown"
    seat: int
    die: int
    pile: int
    banked: int


class Banked(Event):
    kind: Literal["banked"] = "banked"
    seat: int
    banked: int


class FalseStart(Event):
    kind: Literal["false_start"] = "false_start"
    seat: int


class Caught(Event):
    """A green light caught in time."""

    kind: Literal["caught"] = "caught"
    seat: int
    lit: int
    lights: int


class SticksTaken(Event):
    kind: Literal["sticks_taken"] = "sticks_taken"
    seat: int
    count: int
    left: int


class ShotsFired(Event):
    """A round of battleship: where each fired (None: no shot in time) and who hit."""

    kind: Literal["shots_fired"] = "shots_fired"
    shots: dict[int, int | None]
    hits: list[int]
    size: int  # of the grid


class Answered(Event):
    """Somebody answered in a duel (right or not is told by the trial's end)."""

    kind: Literal["answered"] = "answered"
    seat: int
    right: bool


class SignsShown(Event):
    kind: Literal["signs_shown"] = "signs_shown"
    signs: dict[int, Sign]
    winner: int | None  # of this round; None: a draw
    score: dict[int, int]


class KeyWon(Event):
    kind: Literal["key_won"] = "key_won"
    seat: int
    source: int | None  # the seat it was taken from; None: the stock


class NoKeyLeft(Event):
    kind: Literal["no_key_left"] = "no_key_left"
    seat: int


class ClueWon(Event):
    """Public: somebody has one more clue (not which)."""

    kind: Literal["clue_won"] = "clue_won"
    seat: int
    number: int


class Clue(Event):
    """Private: the clue itself, for its owner only."""

    kind: Literal["clue"] = "clue"
    seat: int
    number: int
    text: str


class Sunk(Event):
    """A failed riddle: the Père Fouras throws the key (or clue) into the sea."""

    kind: Literal["sunk"] = "sunk"
    seat: int
    stake: Stake


class Dove(Event):
    kind: Literal["dove"] = "dove"
    seat: int


class Abandoned(Event):
    kind: Literal["abandoned"] = "abandoned"
    seat: int


class Surfaced(Event):
    """A diver reached the sunken key and climbs back to the Père Fouras."""

    kind: Literal["surfaced"] = "surfaced"
    seat: int


class RoundEnded(Event):
    kind: Literal["round_ended"] = "round_ended"
    round: int
    seat: int  # who took the third key, or the fourth clue
    lost_dives: list[int] = []


class LevelsChosen(Event):
    kind: Literal["levels_chosen"] = "levels_chosen"
    first: int


class LevelChosen(Event):
    """Public: that a player chose (not which level)."""

    kind: Literal["level_chosen"] = "level_chosen"
    seat: int


class Barred(Event):
    """Round 3: no key, no treasure room."""

    kind: Literal["barred"] = "barred"
    seat: int


class Proposed(Event):
    """A proposal of a code word: right or wrong, never the word."""

    kind: Literal["proposed"] = "proposed"
    seat: int
    right: bool


class Retried(Event):
    kind: Literal["retried"] = "retried"
    seat: int
    keys: int


class Eliminated(Event):
    kind: Literal["eliminated"] = "eliminated"
    seat: int


class Grabbed(Event):
    kind: Literal["grabbed"] = "grabbed"
    seat: int
    tokens: list[int]
    handful: int
    of: int


class WordsRevealed(Event):
    kind: Literal["words_revealed"] = "words_revealed"
    words: dict[int, str]


class Resigned(Event):
    kind: Literal["resigned"] = "resigned"
    seat: int


class GameEnded(Event):
    kind: Literal["game_ended"] = "game_ended"
    reason: str
    winners: list[int]


# -- views ------------------------------------------------------------------
class TrialView(BaseModel):
    """A trial as the table watches it; ``sign`` is the viewer's own hidden choice."""

    category: Category
    trial_kind: str
    players: list[int]
    stake: Stake
    stage: Literal["look", "wait", "hide", "play"]
    text: str | None = None  # the riddle, question or sentence
    items: list[str] | None = None  # the sequence (while shown), the words to type
    letter: str | None = None
    target: int | None = None
    throws: int | None = None
    thrown: int = 0
    pile: int = 0
    banked: int = 0
    last_die: int | None = None
    wins: int | None = None
    score: dict[int, int] = {}
    done: list[int] = []  # duellists who answered or chose
    replays: int = 0
    sign: Sign | None = None
    steps: list[str] | None = None  # arithmetic, after ``target`` (the start)
    taps: int = 0
    lights: int | None = None
    lit: int = 0
    sticks: int | None = None
    most: int | None = None
    turn_of: int | None = None
    size: int | None = None
    misses: dict[int, list[int]] = {}
    boat: int | None = None  # the viewer's own hidden boat


class SeatView(BaseModel):
    cell: Cell | None
    sea: int | None
    skip: bool
    keys: int
    clues: int
    level_chosen: bool
    found: bool | None
    handfuls: list[list[int]]
    boyards: int
    resigned: bool
    word: str | None = None  # revealed at the end of the game


class FortBoyardView(BaseModel):
    seat: int | None
    language: Language
    side: Side
    clock: int
    rates: Rates
    round: Round
    phase: Phase
    current: int
    to_act: list[int]
    players: list[SeatView]
    stock: int
    opening: list[list[int]]
    order: list[int]
    stake: Stake
    opponent: int | None
    trial: TrialView | None
    last_die: int | None
    # the viewer's own code word so far: never anyone else's
    level: Level | None = None
    clues: list[str] = []
    outcome_reason: EndReason | None = None
