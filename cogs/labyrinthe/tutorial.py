"""Le labyrinthe secret's tutorial, as data (``bot/tutorials.py`` runs it): one whole game, the
learner (seat 0, red, chamber F1) against one computer (blue, F4), on a fixed seed, in the order a
first game meets the rules.

Turn 1: two path changes taught one by one (the centre, then a corridor), then a move onto the
sought treasure, the « secret » everyone races for. Turns 2 and 3: the closed box, a corridor
turned twice, the race (the computer takes one treasure each turn too). Turn 4: the secret is out
of reach, the computer's pawn is not: a duel, the die as stake (it shows 4, more than the
computer's 3 treasures: it hands over all it has), stone against stone (fought again), paper
wraps stone, and the computer's pawn put back in its chamber, from where it cannot reach the
secret. Turn 5: the seventh treasure, and the end.

The seed (searched offline) draws the treasures and the die; every move, the computer's included,
is the script's. ``_Walk`` plays the script through the engine as it is written, to read off what
the guide says at each step: where the secret lies, the boxes' counts, the die. The guide's texts
are ``labyrinthe.tutorial.*`` in this cog's catalogs.
"""

from typing import Any

from bot.tutorials import Lesson, Step
from cogs.labyrinthe.names import TREASURES
from games.labyrinthe import ENGINE
from games.labyrinthe.maze import label
from games.labyrinthe.models import LabyrintheState, Move, Place

SEED = 80  # the die shows 4 at the duel; the draws make the race below possible
OPTIONS = {"first_player": "lobby"}  # the learner begins; boxes closed, as by default
LEARNER, COMPUTER = 0, 1
WATCH = "labyrinthe.tutorial.watch"  # what the guide says while the computer plays


def _treasure(number: int) -> str:
    """A treasure as the picture and the board show it, in any language: "🗺️ 9"."""
    return f"{TREASURES[number][1]} {number + 1}"


class _Walk:
    """The script, written move by move while the engine plays it, as the table will."""

    def __init__(self) -> None:
        self.state: LabyrintheState = ENGINE.new_game(2, ENGINE.make_options(OPTIONS), SEED)
        assert self.state.current == LEARNER
        self.steps: list[Step] = []

    def _pawn(self, seat: int) -> str:
        where = ENGINE.where(self.state, seat)
        assert where is not None  # nobody leaves a tutorial's game
        return label(where)

    def _params(self, token: str) -> dict[str, Any]:
        """What the guide may name at this step: the pawns' cells, the secret and its cell, the
        boxes' counts, the duel's die, and the cell a move or a placing goes to (``to``)."""
        state = self.state
        params: dict[str, Any] = {
            "me": self._pawn(LEARNER),
            "them": self._pawn(COMPUTER),
            "mine": len(state.boxes[LEARNER]),
            "theirs": len(state.boxes[COMPUTER]),
        }
        action = ENGINE.parse_action(token)
        if isinstance(action, (Move, Place)):
            params["to"] = label(action.to)
        if state.target is not None:
            cell = ENGINE.target_cell(state)
            assert cell is not None
            params |= {"treasure": _treasure(state.target), "cell": label(cell)}
        if state.duel is not None and state.duel.die is not None:
            params["die"] = state.duel.die
        return params

    def _play(self, seat: int, token: str, step: Step) -> None:
        self.state = ENGINE.apply(self.state, seat, ENGINE.parse_action(token)).state
        self.steps.append(step)

    def learner(self, say: str, token: str, private: str | None = None) -> None:
        self._play(LEARNER, token, Step(say, do=token, params=self._params(token), private=private))

    def computer(self, *tokens: str, say: str = WATCH) -> None:
        for token in tokens:
            self._play(COMPUTER, token, Step(say, computer=token, params=self._params(token)))


def _script() -> tuple[Step, ...]:
    walk = _Walk()
    # Turn 1: the rings, the move, the secret.
    walk.learner("labyrinthe.tutorial.welcome", "c1")
    walk.learner("labyrinthe.tutorial.corridor", "occw")
    walk.learner("labyrinthe.tutorial.move", "mD1")
    walk.computer("c1", "icw", "mC3")
    # Turn 2: the box; a corridor turned twice.
    walk.learner("labyrinthe.tutorial.box", "iccw")
    walk.learner("labyrinthe.tutorial.twice", "iccw")
    walk.learner("labyrinthe.tutorial.take", "mE1")
    walk.computer("iccw", "occw", "mB5")
    # Turn 3: the race.
    walk.learner("labyrinthe.tutorial.race", "icw")
    walk.learner("labyrinthe.tutorial.race_second", "occw")
    walk.learner("labyrinthe.tutorial.take", "mB9")
    walk.computer("icw", "ocw", "mB10")
    # Turn 4: the duel.
    walk.learner("labyrinthe.tutorial.out_of_reach", "c1")
    walk.learner("labyrinthe.tutorial.duel_second", "icw")
    walk.learner("labyrinthe.tutorial.onto", "mB10")
    walk.learner("labyrinthe.tutorial.challenge", "d1")
    walk.learner("labyrinthe.tutorial.stake", "bd")
    walk.computer("rock-1", say="labyrinthe.tutorial.watch_duel")
    walk.learner("labyrinthe.tutorial.choose", "rock-1", private="labyrinthe.tutorial.choose_private")
    walk.computer("rock-2", say="labyrinthe.tutorial.watch_duel")
    walk.learner("labyrinthe.tutorial.tie", "paper-2", private="labyrinthe.tutorial.tie_private")
    walk.learner("labyrinthe.tutorial.place", "pF4")
    walk.computer("c1", "icw", "s")
    # Turn 5: the seventh treasure.
    walk.learner("labyrinthe.tutorial.last", "c1")
    walk.learner("labyrinthe.tutorial.last_second", "icw")
    walk.learner("labyrinthe.tutorial.seventh", "mC12")
    assert ENGINE.is_over(walk.state) and walk.state.winner == LEARNER
    return tuple(walk.steps)


LESSON = Lesson(
    game=ENGINE.name,
    name="basic",
    title="labyrinthe.tutorial.title",
    seed=SEED,
    options=OPTIONS,
    closing="labyrinthe.tutorial.closing",
    steps=_script(),
)

LESSONS = (LESSON,)
