"""Fireship's tutorial, as data (``bot/tutorials.py`` runs it): the last two rounds of a game
already under way, the learner (blue, seat 0) against one computer (green), on a prepared
position (``DEAL``, the engine's ``deal`` option: a position the rules could have reached).

Round 19 of 20, each side holding three islands, the fight around the white Island 2 (J5): the
learner moves a boat onto a mystery cell and a plane beside it, sinks a green boat with the blue-
edged die, takes Island 2, and draws a card to keep (the deck's top card: a +1). The computer
attacks the boat on Island 2's green dot at equal power; the learner answers with the +1 in its
reaction window and the attack is called off. Round 20: a plane onto the battleship cell, a boat
onto a wheel cell, a battleship won and the wheel spun; the computer's last turn ends the game on
the round limit, the learner ahead on islands, 4 to 3.

The seed decides the dice (the moves, the attacks, the battleship's die, the wheel); this one lets
every attack and the battleship's throw win and the wheel give a boat. The script names pieces by
the cell they stand on, and ``_walk`` turns each move into the engine's token where the game
stands then (and the guide's numbers: points, powers), playing the game once as the learner
will. Every move's destination is among the nearest cells the board's menu lists. The guide's
texts are ``fireship.tutorial.*`` in this cog's catalogs.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.tutorials import LEARNER, Lesson, Step
from games.fireship import ENGINE
from games.fireship.board import parse_label
from games.fireship.models import (
    Attack,
    EndMoves,
    EndTurn,
    FireshipAction,
    FireshipState,
    Kind,
    Play,
    PreparedDeal,
    PreparedPiece,
    Roll,
    Select,
    Steer,
    Use,
)

SEED = 1
COMPUTER = 1
WATCH = "fireship.tutorial.watch"  # what the guide says while the computer plays


def _fleet(owner: int | None, kind: Kind, *cells: str) -> list[PreparedPiece]:
    return [PreparedPiece(owner=owner, kind=kind, cell=cell) for cell in cells]


DEAL = PreparedDeal(
    pieces=(
        *_fleet(None, "boat", "J6", "J11", "J16"),  # the white islands' boats, on their green dots
        *_fleet(LEARNER, "boat", "A1", "E6", "E11", "E16", "I4", "H3", "H7"),
        *_fleet(LEARNER, "plane", "G4", "L1"),
        *_fleet(COMPUTER, "boat", "S19", "O6", "O11", "O16", "K4", "L3", "M8"),
        *_fleet(COMPUTER, "plane", "M6"),
        *_fleet(COMPUTER, "battleship", "N14"),
    ),
    # the left column of islands is blue, the right one green, the middle one white
    islands=(LEARNER, None, COMPUTER, LEARNER, None, COMPUTER, LEARNER, None, COMPUTER),
    round=19,
    first=LEARNER,
    deck=("plus_one",),  # the card the mystery cell gives
)
OPTIONS = {"deal": DEAL.model_dump(mode="json")}  # 20 rounds: the lobby's default


def _at(state: FireshipState, cell: str) -> int:
    """The piece standing on ``cell``."""
    where = parse_label(cell)
    return next(p.id for p in state.pieces if p.cell == where)


def _power(state: FireshipState, leader: str, target: str) -> dict[str, int]:
    """Both sides' power, for the guide: a piece by its cell, an island as "i2"."""
    refs = [ref if ref.startswith("i") else str(_at(state, ref)) for ref in (leader, target)]
    return {"attack": ENGINE.power(state, refs[0]), "defence": ENGINE.power(state, refs[1])}


Move = Callable[[FireshipState], FireshipAction]
Params = Callable[[FireshipState], dict[str, Any]]


@dataclass(frozen=True)
class _Line:
    """One step before its token is known: who plays, the move where the game stands, what the
    guide says (``params``: its numbers, read from the game then)."""

    say: str
    move: Move
    computer: bool = False
    params: Params = lambda state: {}
    private: str | None = None
    only_if_points: bool = False  # "End moves": only when points are left to lose


def roll(say: str, computer: bool = False) -> _Line:
    return _Line(say, lambda state: Roll(), computer)


def select(cell: str, say: str, computer: bool = False) -> _Line:
    return _Line(say, lambda state: Select(piece=_at(state, cell)), computer, lambda state: {"points": state.points})


def steer(cell: str, say: str, computer: bool = False) -> _Line:
    def cost(state: FireshipState) -> dict[str, Any]:
        where = parse_label(cell)
        assert where is not None
        return {"cost": ENGINE.destinations(state)[where]}

    return _Line(say, lambda state: Steer(to=parse_label(cell) or (0, 0)), computer, cost)


def end_moves(say: str, computer: bool = False) -> _Line:
    return _Line(say, lambda state: EndMoves(), computer, lambda state: {"points": state.points}, only_if_points=True)


def attack(leader: str, target: str, say: str, computer: bool = False) -> _Line:
    def move(state: FireshipState) -> FireshipAction:
        refs = [ref if ref.startswith("i") else str(_at(state, ref)) for ref in (leader, target)]
        return Attack(leader=refs[0], target=refs[1])

    return _Line(say, move, computer, lambda state: _power(state, leader, target))


def use(cell: str, say: str) -> _Line:
    return _Line(say, lambda state: Use(piece=_at(state, cell)))


def end_turn(say: str, computer: bool = False, private: str | None = None) -> _Line:
    return _Line(say, lambda state: EndTurn(), computer, private=private)


def _react(state: FireshipState) -> dict[str, Any]:
    """The computer's attack, as the seat it asks sees it."""
    pending = state.pending
    assert pending is not None
    return {"attack": pending.attack, "defence": pending.defence, "raised": pending.defence + 1}


SCRIPT = (
    # -- round 19: the learner
    roll("fireship.tutorial.welcome"),
    select("I4", "fireship.tutorial.select_boat"),
    steer("J3", "fireship.tutorial.steer_boat"),
    select("G4", "fireship.tutorial.select_plane"),
    steer("I4", "fireship.tutorial.steer_plane"),
    end_moves("fireship.tutorial.end_moves"),
    attack("J3", "K4", "fireship.tutorial.attack_boat"),
    attack("I4", "i2", "fireship.tutorial.attack_island"),
    use("J3", "fireship.tutorial.mystery"),
    end_turn("fireship.tutorial.kept", private="fireship.tutorial.hand.kept"),
    # -- round 19: the computer attacks the boat on Island 2's green dot, at equal power
    roll(WATCH, computer=True),
    select("M6", WATCH, computer=True),
    steer("K7", WATCH, computer=True),
    select("M8", WATCH, computer=True),
    steer("L7", WATCH, computer=True),
    end_moves(WATCH, computer=True),
    attack("K7", "J6", WATCH, computer=True),
    # the window is secret: the public guide stays the computer's, the move is the learner's private word
    _Line(WATCH, lambda state: Play(card="plus_one"), params=_react, private="fireship.tutorial.hand.react"),
    end_turn(WATCH, computer=True),
    # -- round 20, the last: the learner
    roll("fireship.tutorial.last_round"),
    select("L1", "fireship.tutorial.select_battleship"),
    steer("J1", "fireship.tutorial.steer_battleship"),
    select("H7", "fireship.tutorial.select_wheel"),
    steer("G7", "fireship.tutorial.steer_wheel"),
    end_moves("fireship.tutorial.end_moves_again"),
    use("J1", "fireship.tutorial.battleship"),
    use("G7", "fireship.tutorial.wheel"),
    end_turn("fireship.tutorial.end_last"),
    # -- round 20: the computer's last turn ends the game
    roll("fireship.tutorial.watch_last", computer=True),
    end_moves("fireship.tutorial.watch_last", computer=True),
    end_turn("fireship.tutorial.watch_last", computer=True),
)


def _walk() -> tuple[Step, ...]:
    """The script's steps, each move turned into its token where the game stands then."""
    state = ENGINE.new_game(2, ENGINE.make_options(OPTIONS), SEED)
    steps = []
    for line in SCRIPT:
        if line.only_if_points and state.phase != "move":
            continue  # the last move spent every point: the actions come by themselves
        action = line.move(state)
        token = action.token()
        params = line.params(state)
        if line.computer:
            steps.append(Step(line.say, computer=token, params=params))
        else:
            steps.append(Step(line.say, do=token, params=params, private=line.private))
        seat = COMPUTER if line.computer else LEARNER
        state = ENGINE.apply(state, seat, action).state
    return tuple(steps)


LESSON = Lesson(
    game=ENGINE.name,
    name="basic",
    title="fireship.tutorial.title",
    seed=SEED,
    options=OPTIONS,
    closing="fireship.tutorial.closing",
    steps=_walk(),
)

LESSONS = (LESSON,)
