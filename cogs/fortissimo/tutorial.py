"""Fortissimo!'s tutorials, as data (``bot/tutorials.py`` runs them): the basic game, then the
advanced game's points and powers. The learner (seat 0) plays first against one computer.

Each lesson is a whole game on a fixed seed; the script names cards by their value, and the slot
where the seed's deal put each one is looked up once (``_Deal``). The guide's texts are
``fortissimo.tutorial.*`` in this cog's catalogs.
"""

from typing import Any

from bot.tutorials import Lesson, Step
from games.fortissimo import ENGINE
from games.fortissimo.cards import label
from games.fortissimo.models import Fire, Flip, Insert, PutBack, Take

WATCH = "fortissimo.tutorial.watch"  # what the guide says while the computer plays


class _Deal:
    """Where the seed's deal put each card, to write the script with cards rather than slots."""

    def __init__(self, seed: int, options: dict[str, Any]) -> None:
        state = ENGINE.new_game(2, ENGINE.make_options(options), seed)
        assert state.current == 0  # the lobby's order: the learner begins
        self.slots = {card: slot for slot, card in enumerate(state.grid)}

    def flip(self, card: int, say: str, **params: Any) -> Step:
        """The learner flips ``card`` (the guide names its slot)."""
        slot = self.slots[card]
        return Step(say, do=Flip(slot=slot).token(), params={"slot": label(slot), **params})

    def computer(self, card: int, keep: bool, say: str = WATCH) -> tuple[Step, Step]:
        """A computer's turn: it flips ``card``, then takes it or puts it back."""
        flip = Flip(slot=self.slots[card]).token()
        return Step(say, computer=flip), Step(say, computer=(Take() if keep else PutBack()).token())


def take(card: int, say: str, **params: Any) -> Step:
    return Step(say, do=Take().token(), params={"card": card, **params})


def put_back(card: int, say: str, **params: Any) -> Step:
    return Step(say, do=PutBack().token(), params={"card": card, **params})


# -- the basic game -------------------------------------------------------------------------
BASIC_SEED = 2024
BASIC_OPTIONS = {"variant": "basic", "first_player": "lobby"}
_basic = _Deal(BASIC_SEED, BASIC_OPTIONS)


def _climb(
    card: int, top: int, cards: int, say: str = "fortissimo.tutorial.basic.flip_climb", **params: Any
) -> tuple[Step, Step]:
    """A turn of the learner's climb: flip ``card``, take it (the rampart then holds ``cards``)."""
    return _basic.flip(card, say, **params), take(card, "fortissimo.tutorial.basic.take_climb", top=top, cards=cards)


BASIC = Lesson(
    game=ENGINE.name,
    name="basic",
    title="fortissimo.tutorial.basic.title",
    seed=BASIC_SEED,
    options=BASIC_OPTIONS,
    closing="fortissimo.tutorial.basic.closing",
    next="advanced",
    steps=(
        _basic.flip(8, "fortissimo.tutorial.basic.flip_first"),
        take(8, "fortissimo.tutorial.basic.take_first"),
        *_basic.computer(5, keep=True),
        _basic.flip(40, "fortissimo.tutorial.basic.flip_high", theirs=5),
        put_back(40, "fortissimo.tutorial.basic.back_high", top=8),
        *_basic.computer(3, keep=False),
        _basic.flip(12, "fortissimo.tutorial.basic.flip_mid", theirs=3, top=5),
        take(12, "fortissimo.tutorial.basic.take_mid", top=8),
        *_basic.computer(9, keep=True),
        _basic.flip(6, "fortissimo.tutorial.basic.flip_low", theirs=9),
        put_back(6, "fortissimo.tutorial.basic.back_low", top=12),
        *_basic.computer(14, keep=True),
        *_climb(15, top=12, cards=4),
        *_basic.computer(2, keep=False),
        *_climb(17, top=15, cards=5),
        *_basic.computer(16, keep=True),
        *_climb(20, top=17, cards=6),
        *_basic.computer(19, keep=True),
        *_climb(24, top=20, cards=7),
        *_basic.computer(40, keep=False),
        *_climb(28, top=24, cards=8, say="fortissimo.tutorial.basic.flip_remember", theirs=40),
        *_basic.computer(22, keep=True),
        *_climb(33, top=28, cards=9),
        *_basic.computer(25, keep=True),
        _basic.flip(38, "fortissimo.tutorial.basic.flip_last"),
        take(38, "fortissimo.tutorial.basic.take_last"),
    ),
)

# -- the advanced game: points and powers ---------------------------------------------------
ADVANCED_SEED = 1789
ADVANCED_OPTIONS = {"variant": "advanced", "first_player": "lobby"}
_advanced = _Deal(ADVANCED_SEED, ADVANCED_OPTIONS)
COMPUTER = 1  # the computer's seat, whose 12 the learner's Cannon destroys

ADVANCED = Lesson(
    game=ENGINE.name,
    name="advanced",
    title="fortissimo.tutorial.advanced.title",
    seed=ADVANCED_SEED,
    options=ADVANCED_OPTIONS,
    closing="fortissimo.tutorial.advanced.closing",
    steps=(
        _advanced.flip(3, "fortissimo.tutorial.advanced.flip_crow"),
        take(3, "fortissimo.tutorial.advanced.take_crow"),
        *_advanced.computer(12, keep=True),
        _advanced.flip(7, "fortissimo.tutorial.advanced.flip_after_take", theirs=12),
        take(7, "fortissimo.tutorial.advanced.take_cannon"),
        Step(
            "fortissimo.tutorial.advanced.fire",
            do=Fire(target=COMPUTER, card=12).token(),
            params={"card": 12},
        ),
        *_advanced.computer(11, keep=True),
        _advanced.flip(17, "fortissimo.tutorial.advanced.flip_prince", theirs=11),
        take(17, "fortissimo.tutorial.advanced.take_prince"),
        *_advanced.computer(14, keep=True),
        _advanced.flip(21, "fortissimo.tutorial.advanced.flip_after_take", theirs=14),
        take(21, "fortissimo.tutorial.advanced.take_queen"),
        *_advanced.computer(2, keep=False),
        _advanced.flip(26, "fortissimo.tutorial.advanced.flip_after_back", theirs=2),
        take(26, "fortissimo.tutorial.advanced.take_tower"),
        *_advanced.computer(16, keep=True),
        _advanced.flip(31, "fortissimo.tutorial.advanced.flip_wizard", theirs=16),
        take(31, "fortissimo.tutorial.advanced.take_wizard"),
        *_advanced.computer(45, keep=True),
        _advanced.flip(23, "fortissimo.tutorial.advanced.flip_insert", theirs=45),
        Step("fortissimo.tutorial.advanced.insert", do=Insert().token(), params={"card": 23, "top": 31}),
        *_advanced.computer(5, keep=False),
        _advanced.flip(41, "fortissimo.tutorial.advanced.flip_after_back", theirs=5),
        take(41, "fortissimo.tutorial.advanced.take_king"),
        *_advanced.computer(9, keep=False),
        _advanced.flip(46, "fortissimo.tutorial.advanced.flip_last"),
        take(46, "fortissimo.tutorial.advanced.take_last"),
    ),
)

LESSONS = (BASIC, ADVANCED)
