"""Forteresse Solo's tutorial, as data (``bot/tutorials.py`` runs it): one whole game, alone
against the Fortress, on a prepared deal (``DEAL``: every pile in a designed order, given to the
engine as its ``deal`` option, so the game is the engine's own from a legal start).

The deal makes every rule of the book come up in four turns, in the order a first game meets
them: a hand to keep, two Heroes recruited with their Stats; an open Path explored, a Door and
its Key, a first Treasure; an Enemy too strong to block, whose attack costs cards of the deck.
Turn 2: a Stat given to a Hero, Locations chosen, a second Treasure, an Enemy bribed, a card
swapped with the discard. Turn 3: a Door without its Key, the appearance test and a Boss, a
block, a Hero Boost, the Boss's Key. Turn 4: back through the explored Path, the third Treasure,
the game won. The game ends won rather than lost: a loss only comes when the deck runs out, many
turns later; the guide tells how it happens instead, at the first undefended attack and at the
end. Nothing in the script depends on chance but the cards drawn on the last turn (after the
Boss's Key the deck is shuffled), and the last turn only asks moves those cards cannot change.

The script names cards (``pKH``: the player's King ♥); ``_walk`` turns each move into the
action token the engine expects there (hand cards go by their place in the hand), playing the
game once, as the learner will. The guide's texts are ``forteresse.tutorial.*`` in this cog's
catalogs; the board's Discards button (a reading menu) stays enabled at every step.
"""

from collections.abc import Callable
from dataclasses import dataclass

from bot.tutorials import Lesson, Step
from bot.ui.components import ASK, MORE
from cogs.forteresse.private import DISCARDS
from games.forteresse import ENGINE
from games.forteresse.cards import FORTRESS, PLAYER, full_deck
from games.forteresse.models import (
    Attach,
    Attack,
    Block,
    Bribe,
    Discard,
    Explore,
    Fight,
    ForteresseAction,
    ForteresseState,
    Mulligan,
    Pass,
    Pick,
    PlayLieu,
    PreparedDeal,
    Recruit,
)

SEED = 31  # after the Boss's Key the deck is shuffled: the cards of the last draw come from here


def _pile(top: tuple[str, ...], deck: str, ranks: str) -> tuple[str, ...]:
    """``top`` first, then the pile's other cards of ``ranks`` in the deck's fixed order."""
    rest = tuple(card for card in full_deck(deck) if card[1] in ranks and card not in top)
    return top + rest


DEAL = PreparedDeal(
    treasures=("fTD", "fTC", "fTH", "fTS"),  # the Paths ♦ ♣ ♥ ♠, left to right
    doors=("fAS", "fAH", "fAC", "fAD"),
    fortress=_pile(
        (
            "f7D", "f6D", "fJS", "f3S", "f2D", "fJH",  # turn 1: the Reserve
            "fKC",  # turn 1: the Path Boost (not a Stat)
            "f7C", "f6C", "f9S", "f8S", "f7H",  # turn 2: the Reserve
            "fQD",  # turn 2: the Path Boost (not a Stat)
            "f3H",  # turn 2: the bribe's Enemy Boost
            "f6H", "f8D", "f5C", "f4S", "f4D",  # turn 3: the Reserve
            "f5S",  # turn 3: the Path Boost
            "f2C",  # turn 3: the Boss's Enemy Boost
            "f9C", "f7S", "f9D",  # turn 4: the Reserve
        ),
        FORTRESS,
        "23456789JQK",
    ),
    deck=_pile(
        (
            "pKH", "p5H", "pQC", "p4C", "p9D", "pAS",  # turn 1's hand
            "pQH", "p4H", "p8S",  # discarded by turn 1's undefended attack
            "p5S", "p9C", "pTH", "pAH", "p8H", "pJD",  # turn 2's hand
            "p5D", "p2C", "pTD", "pTS",  # turn 3's draw
        ),
        PLAYER,
        "A23456789TJQK",
    ),
)  # fmt: skip
OPTIONS = {"deal": DEAL.model_dump(mode="json")}


# -- the moves, by card ------------------------------------------------------------------
Move = Callable[[ForteresseState], ForteresseAction]


def _at(state: ForteresseState, card: str) -> int:
    return state.hand.index(card)


def keep() -> Move:
    return lambda s: Mulligan(take=False)


def recruit(hero: str, stat: str) -> Move:
    return lambda s: Recruit(hero=_at(s, hero), stat=_at(s, stat))


def attach(stat: str, hero: str) -> Move:
    return lambda s: Attach(stat=_at(s, stat), hero=hero)


def explore(hero: str, path: str) -> Move:
    return lambda s: Explore(hero=hero, path=path)


def lieu(card: str) -> Move:
    return lambda s: PlayLieu(card=_at(s, card))


def done() -> Move:
    return lambda s: Pass()


def bribe(enemy: str) -> Move:
    return lambda s: Bribe(enemy=enemy, tens=1)


def block(hero: str, enemy: str) -> Move:
    return lambda s: Block(hero=hero, enemy=enemy)


def attack(hero: str, enemy: str) -> Move:
    return lambda s: Attack(hero=hero, enemy=enemy)


def fight(enemy: str, boost: str) -> Move:
    return lambda s: Fight(enemy=enemy, boost=_at(s, boost))


def discard(card: str) -> Move:
    return lambda s: Discard(card=_at(s, card))


def pick(card: str) -> Move:
    return lambda s: Pick(card=card)


@dataclass(frozen=True)
class _Say:
    """One learner's move of the script: the guide's public text, the move, whether its button asks
    "are you sure?" first (ending the Combat while a Hero stays idle), and what the guide tells the
    learner alone, in their private view (the cards of their hand: the public text never names them)."""

    say: str
    move: Move
    asks: bool = False
    private: str | None = None


SCRIPT = (
    # -- turn 1
    _Say("forteresse.tutorial.keep", keep()),
    _Say("forteresse.tutorial.recruit_king", recruit("pKH", "p5H"), private="forteresse.tutorial.hand.recruit_king"),
    _Say("forteresse.tutorial.recruit_queen", recruit("pQC", "p4C"), private="forteresse.tutorial.hand.recruit_queen"),
    _Say("forteresse.tutorial.explore_first", explore("pKH", "D"), private="forteresse.tutorial.hand.explore_first"),
    _Say("forteresse.tutorial.undefended", done()),
    _Say("forteresse.tutorial.no_attack", done(), asks=True),
    # -- turn 2
    _Say("forteresse.tutorial.attach", attach("p5S", "pQC"), private="forteresse.tutorial.hand.attach"),
    _Say("forteresse.tutorial.explore_second", explore("pKH", "C")),
    _Say("forteresse.tutorial.play_lieu", lieu("p9C"), private="forteresse.tutorial.hand.play_lieu"),
    _Say("forteresse.tutorial.keep_lieu", done(), private="forteresse.tutorial.hand.keep_lieu"),
    _Say("forteresse.tutorial.bribe", bribe("fJS"), private="forteresse.tutorial.hand.bribe"),
    _Say("forteresse.tutorial.swap", discard("pJD"), private="forteresse.tutorial.hand.swap"),
    _Say("forteresse.tutorial.take_back", pick("p9C"), private="forteresse.tutorial.hand.take_back"),
    # -- turn 3
    _Say("forteresse.tutorial.keep_boost", done(), private="forteresse.tutorial.hand.keep_boost"),
    _Say("forteresse.tutorial.explore_third", explore("pKH", "H")),
    _Say("forteresse.tutorial.play_two", lieu("p8H"), private="forteresse.tutorial.hand.play_two"),
    _Say("forteresse.tutorial.play_second", lieu("p9C"), private="forteresse.tutorial.hand.play_second"),
    _Say("forteresse.tutorial.block_boss", block("pQC", "fJH")),
    _Say("forteresse.tutorial.attack_boss", attack("pQC", "fJH")),
    _Say("forteresse.tutorial.hero_boost", fight("fJH", "p5D"), private="forteresse.tutorial.hand.hero_boost"),
    _Say("forteresse.tutorial.key", pick("pAC"), private="forteresse.tutorial.hand.key"),
    _Say("forteresse.tutorial.end_turn", done()),
    # -- turn 4
    _Say("forteresse.tutorial.last_turn", done()),
    _Say("forteresse.tutorial.last_treasure", explore("pKH", "H"), private="forteresse.tutorial.hand.last_treasure"),
)


def _walk() -> tuple[Step, ...]:
    """The script's steps, each move turned into its token where the game stands then."""
    state = ENGINE.new_game(1, ENGINE.make_options(OPTIONS), SEED)
    steps = []
    for line in SCRIPT:
        action = line.move(state)
        token = action.token()
        enable = (MORE + DISCARDS,) + ((ASK + token,) if line.asks else ())
        steps.append(Step(line.say, do=token, enable=enable, private=line.private))
        state = ENGINE.apply(state, 0, action).state
    return tuple(steps)


LESSON = Lesson(
    game=ENGINE.name,
    name="basic",
    title="forteresse.tutorial.title",
    seed=SEED,
    options=OPTIONS,
    computers=0,
    closing="forteresse.tutorial.closing",
    steps=_walk(),
)

LESSONS = (LESSON,)
