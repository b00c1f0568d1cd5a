"""The box's cards: trial decks and code-word cards, per language.

The cards are data files under ``decks/<language>/`` (TOML, see docs/fortboyard_cards.md),
read once and checked against the models below when first asked for: content is
part of the game, like the track, and never changes during play.
"""

import tomllib
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from games.fortboyard.answers import words

Language = Literal["fr", "en"]
LANGUAGES: tuple[Language, ...] = ("fr", "en")
Category = Literal["concentration", "force", "duel", "enigme"]
CATEGORIES: tuple[Category, ...] = ("concentration", "force", "duel", "enigme")
Side = Literal["red", "blue"]
Level = Literal["easy", "hard"]
DECKS = Path(__file__).with_name("decks")


class _Kind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Riddle(_Kind):
    """ÉNIGME: a Père Fouras riddle, answered in words."""

    kind: Literal["riddle"]
    text: str = Field(min_length=10)
    answer: str = Field(min_length=1)
    variants: list[str] = []

    @property
    def accepted(self) -> list[str]:
        return [self.answer, *self.variants]


class Sequence(_Kind):
    """CONCENTRATION: items shown for a few seconds, then retyped in order."""

    kind: Literal["sequence"]
    items: list[str] = Field(min_length=3, max_length=9)
    show_seconds: int = Field(ge=4, le=15)

    @property
    def accepted(self) -> list[str]:
        return [" ".join(self.items)]


class Count(_Kind):
    """CONCENTRATION: how many times a letter appears in a sentence (accents and case ignored)."""

    kind: Literal["count"]
    text: str = Field(min_length=20)
    letter: str = Field(pattern=r"^[a-z]$")

    @property
    def answer(self) -> int:
        return " ".join(words(self.text)).count(self.letter)  # a leading article counts too

    @property
    def accepted(self) -> list[str]:
        return [str(self.answer)]


class Intruder(_Kind):
    """CONCENTRATION: the one item that does not share the others' property."""

    kind: Literal["intruder"]
    items: list[str] = Field(min_length=4, max_length=8)
    intruder: str
    reason: str = Field(min_length=3)  # the shared property, told once the trial is over

    @model_validator(mode="after")
    def _intruder_listed(self) -> "Intruder":
        if self.intruder not in self.items:
            raise ValueError(f"the intruder {self.intruder!r} is not among the items")
        return self

    @property
    def accepted(self) -> list[str]:
        return [self.intruder]


ARITHMETIC_RANGE = (0, 200)  # every intermediate result, so it stays mental arithmetic
OPERATIONS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "x": lambda a, b: a * b, "/": lambda a, b: a / b}


class Arithmetic(_Kind):
    """CONCENTRATION: a chain of operations done in the head, from ``start``."""

    kind: Literal["arithmetic"]
    start: int = Field(ge=0, le=50)
    steps: list[str] = Field(min_length=2, max_length=6)

    @model_validator(mode="after")
    def _whole_numbers(self) -> "Arithmetic":
        low, high = ARITHMETIC_RANGE
        for value in self.results:
            if value != int(value) or not low <= value <= high:
                raise ValueError(f"{self.steps} passes through {value}")
        return self

    @property
    def results(self) -> list[float]:
        value: float = self.start
        found = []
        for step in self.steps:
            sign, _, number = step.partition(" ")
            if sign not in OPERATIONS or not number.isdigit():
                raise ValueError(f"a step reads '<+ - x /> <number>', not {step!r}")
            value = OPERATIONS[sign](value, int(number))
            found.append(value)
        return found

    @property
    def answer(self) -> int:
        return int(self.results[-1])

    @property
    def accepted(self) -> list[str]:
        return [str(self.answer)]


class Typing(_Kind):
    """FORCE: type every word of a list before the clock runs out."""

    kind: Literal["typing"]
    words: list[str] = Field(min_length=3, max_length=10)

    @property
    def accepted(self) -> list[str]:
        return [" ".join(self.words)]


class Dice(_Kind):
    """FORCE: push-your-luck dice; a 1 wipes the pile, banked points stay."""

    kind: Literal["dice"]
    target: int = Field(ge=8, le=30)
    throws: int = Field(ge=3, le=12)

    @property
    def accepted(self) -> list[str]:
        return []


class Tapping(_Kind):
    """FORCE: press the button ``taps`` times before the hourglass runs out."""

    kind: Literal["tapping"]
    taps: int = Field(ge=5, le=30)

    @property
    def accepted(self) -> list[str]:
        return []


LIGHTS = (1, 3)  # green lights to catch in a reaction trial


class Reaction(_Kind):
    """FORCE: a light turns green after a random wait; press within ``seconds``, ``lights`` times.
    Pressing before green fails."""

    kind: Literal["reaction"]
    lights: int = Field(ge=LIGHTS[0], le=LIGHTS[1])
    seconds: int = Field(ge=2, le=8)

    @property
    def accepted(self) -> list[str]:
        return []


class Quickfire(_Kind):
    """DUEL: both duellists answer one question; the first right answer wins."""

    kind: Literal["quickfire"]
    question: str = Field(min_length=5)
    answer: str = Field(min_length=1)
    variants: list[str] = []

    @property
    def accepted(self) -> list[str]:
        return [self.answer, *self.variants]


# The duels' variety, bounded (the rules text states these bounds)
SPSW_WINS = (1, 3)  # rounds to win a stone-paper-scissors-well duel
NIM_STICKS = (10, 21)  # sticks on the table as a nim duel begins
NIM_MOST = (2, 4)  # the most sticks one move may take (a move takes 1 up to it)
GRID_SIZES = (3, 4)  # the side of a sea battle's grid


class Spsw(_Kind):
    """DUEL: stone-paper-scissors-well, first to ``wins`` rounds."""

    kind: Literal["spsw"]
    wins: int = Field(ge=SPSW_WINS[0], le=SPSW_WINS[1])

    @property
    def accepted(self) -> list[str]:
        return []


class Nim(_Kind):
    """DUEL: in turn, take 1 to ``most`` sticks; whoever takes the last one loses."""

    kind: Literal["nim"]
    sticks: int = Field(ge=NIM_STICKS[0], le=NIM_STICKS[1])
    most: int = Field(ge=NIM_MOST[0], le=NIM_MOST[1])

    @property
    def accepted(self) -> list[str]:
        return []


class Battleship(_Kind):
    """DUEL: each hides a boat on a ``size`` x ``size`` grid, then both fire at once; a hit wins."""

    kind: Literal["battleship"]
    size: int = Field(ge=GRID_SIZES[0], le=GRID_SIZES[1])

    @property
    def accepted(self) -> list[str]:
        return []


Trial = Annotated[
    Riddle
    | Sequence
    | Count
    | Intruder
    | Arithmetic
    | Typing
    | Dice
    | Tapping
    | Reaction
    | Quickfire
    | Spsw
    | Nim
    | Battleship,
    Field(discriminator="kind"),
]
# every kind of trial, per category, in the order the rules text lists them
KINDS: dict[Category, tuple[str, ...]] = {
    "concentration": ("sequence", "count", "intruder", "arithmetic"),
    "force": ("typing", "dice", "tapping", "reaction"),
    "duel": ("quickfire", "spsw", "nim", "battleship"),
    "enigme": ("riddle",),
}
# answered in a text box
TYPED = frozenset({"riddle", "sequence", "count", "intruder", "arithmetic", "typing", "quickfire"})


class TrialCard(_Kind):
    id: str
    red: Trial
    blue: Trial

    def side(self, side: Side) -> Trial:
        return self.red if side == "red" else self.blue


class Word(_Kind):
    word: str = Field(min_length=2)
    variants: list[str] = []
    clues: list[str] = Field(min_length=4, max_length=4)

    @property
    def accepted(self) -> list[str]:
        return [self.word, *self.variants]


class WordCard(_Kind):
    id: str
    easy: Word
    hard: Word

    def level(self, level: Level) -> Word:
        return self.easy if level == "easy" else self.hard


class Deck(_Kind):
    """One language's box."""

    trials: dict[Category, list[TrialCard]]
    words: list[WordCard]

    @field_validator("trials")
    @classmethod
    def _kinds_fit(cls, trials: dict[Category, list[TrialCard]]) -> dict[Category, list[TrialCard]]:
        for category, cards in trials.items():
            for card in cards:
                for side in (card.red, card.blue):
                    if side.kind not in KINDS[category]:
                        raise ValueError(f"{category} card {card.id} has a {side.kind} side")
        return trials

    def trial(self, category: Category, card_id: str) -> TrialCard:
        return next(card for card in self.trials[category] if card.id == card_id)

    def word_card(self, card_id: str) -> WordCard:
        return next(card for card in self.words if card.id == card_id)


def _cards(language: Language, name: str) -> list[dict]:
    return tomllib.loads((DECKS / language / f"{name}.toml").read_text("utf-8"))["card"]


@cache
def deck(language: Language) -> Deck:
    return Deck.model_validate(
        {"trials": {c: _cards(language, c) for c in CATEGORIES}, "words": _cards(language, "codewords")}
    )
