"""The computer players of the easy and normal levels (the strong one searches: strong.py); both
read their own view only. Normal is a greedy treasure hunter:

- Path changes: the pair of changes that opens a path to the sought treasure
  (when the bag is empty: to an opponent), else, half the time, the one that
  brings the pawn closest, and a random one otherwise (a greedy walk alone can
  circle forever in a maze that needs several turns of changes).
- Move: onto the treasure when it can; else towards it; with nothing left to
  draw, onto an opponent for a duel.
- Duels: it challenges when the bag is empty, half the time otherwise; it bets
  the die while it holds little; stone, scissors or paper at random (the best
  anyone can do); the loser's pawn goes where it can reach the fewest cells.
"""

from games.core import Rng
from games.labyrinthe.maze import CENTRE, Cell, reachable, size, turn
from games.labyrinthe.models import (
    ALL_TURNS,
    Bet,
    Challenge,
    Choose,
    LabyrintheAction,
    LabyrintheView,
    Move,
    NoDuel,
    Place,
    Stay,
    Take,
    Turn,
)

REACHED = 1000.0
SMALL_BOX = 3  # up to this many treasures, the die is worth the risk


def distance(a: Cell, b: Cell) -> float:
    """Rings apart plus half the twelfths apart: a rough walking distance."""

    def twelfth(pos: Cell) -> int:
        return pos[1] * 3 + 1 if pos[0] == CENTRE else pos[1]

    around = abs(twelfth(a) - twelfth(b))
    return abs(a[0] - b[0]) + min(around, 12 - around) / 2


def _ride(pos: Cell, changes: list[Turn]) -> Cell:
    """Where a position goes when ``changes`` turn the rings (what stands on a ring turns with it)."""
    for change in changes:
        if pos[0] == change.ring:
            pos = pos[0], (pos[1] + change.by) % size(pos[0])
    return pos


def _goals(view: LabyrintheView) -> list[Cell]:
    """The sought treasure; with the bag empty, the opponents (treasures now come from duels)."""
    if view.target is not None:
        return [view.treasures[view.target]]
    return [pawn for seat, pawn in enumerate(view.pawns) if seat != view.seat and pawn is not None]


def _value(view: LabyrintheView, me: Cell, changes: list[Turn]) -> float:
    """How good the paths are for the pawn at ``me`` once ``changes`` are played."""
    rotation = view.rotation
    for change in changes:
        rotation = turn(rotation, change.ring, change.by)
    region = reachable(_ride(me, changes), rotation)
    goals = [_ride(goal, changes) for goal in _goals(view)]
    if any(goal in region for goal in goals):
        return REACHED
    return len(region) / 100 - min(distance(cell, goal) for cell in region for goal in goals)


def _chances(view: LabyrintheView, cell: Cell, goals: list[Cell]) -> int:
    """How many pairs of changes next turn open a path from ``cell`` to a goal."""
    count = 0
    for first in ALL_TURNS:
        for second in _second_changes(first):
            changes = [first, second]
            rotation = view.rotation
            for change in changes:
                rotation = turn(rotation, change.ring, change.by)
            region = reachable(_ride(cell, changes), rotation)
            count += any(_ride(goal, changes) in region for goal in goals)
    return count


def _second_changes(first: Turn) -> list[Turn]:
    return [
        t
        for t in ALL_TURNS
        if not (first.ring == CENTRE and t.ring == CENTRE) and not (t.ring == first.ring and t.by == -first.by)
    ]


def choose(view: LabyrintheView, legal: list[LabyrintheAction], rng: Rng) -> LabyrintheAction:
    assert view.seat is not None
    me = view.pawns[view.seat]
    if any(isinstance(a, Take) for a in legal):
        return Take()
    turns = [a for a in legal if isinstance(a, Turn)]
    if turns and me is not None:
        return _best_change(view, me, turns, rng)
    moves = [a for a in legal if isinstance(a, Move)]
    if any(isinstance(a, Stay) for a in legal) and me is not None:
        return _best_move(view, me, moves, rng)
    challenges = [a for a in legal if isinstance(a, Challenge)]
    if challenges:
        declining = any(isinstance(a, NoDuel) for a in legal)
        if declining and view.target is not None and rng.below(2):
            return NoDuel()
        return rng.choice(challenges)
    if any(isinstance(a, Bet) for a in legal):
        return Bet(die=len(view.box or []) <= SMALL_BOX)
    signs = [a for a in legal if isinstance(a, Choose)]
    if signs:
        return rng.choice(signs)
    places = [a for a in legal if isinstance(a, Place)]
    if places:
        return _worst_cell(view, places, rng)
    return rng.choice(legal)


def _best_change(view: LabyrintheView, me: Cell, turns: list[Turn], rng: Rng) -> Turn:
    scored = []
    for first in turns:
        if view.changes:  # the second change: its own value
            score = _value(view, me, [first])
        else:
            score = max(_value(view, me, [first, second]) for second in _second_changes(first))
        scored.append((score, rng.below(1000), first))
    best = max(scored, key=lambda item: (item[0], item[1]))
    if best[0] < REACHED and rng.below(2):  # no path this turn: explore, so as not to circle forever
        return rng.choice(turns)
    return best[2]


def _best_move(view: LabyrintheView, me: Cell, moves: list[Move], rng: Rng) -> LabyrintheAction:
    goals = _goals(view)
    for move in moves:
        if move.to in goals:
            return move
    occupied = {pawn for seat, pawn in enumerate(view.pawns) if seat != view.seat and pawn is not None}
    duels = [m for m in moves if m.to in occupied]
    if duels and rng.below(4) == 0:
        return rng.choice(duels)
    # Where next turn's changes most often open a path to a goal.
    options: list[LabyrintheAction] = [Stay(), *moves]
    cells = [me] + [m.to for m in moves]
    scores = [(_chances(view, cell, goals), -min(distance(cell, g) for g in goals), rng.below(1000)) for cell in cells]
    if not any(score[0] for score in scores):  # no way in sight: wander, to get out of a dead end
        return rng.choice(moves) if moves else Stay()
    return options[max(range(len(options)), key=lambda i: scores[i])]


def _worst_cell(view: LabyrintheView, places: list[Place], rng: Rng) -> Place:
    goal = view.treasures[view.target] if view.target is not None else None

    def badness(place: Place) -> tuple[float, float, int]:
        far = distance(place.to, goal) if goal is not None else 0.0
        return (-len(reachable(place.to, view.rotation)), far, rng.below(1000))

    return max(places, key=badness)


# -- the easy level: a beginner ------------------------------------------------------------
EASY_SIGN = "rock"  # a beginner's habit: stone first (then anything: two beginners must not tie for ever)


def choose_easy(view: LabyrintheView, legal: list[LabyrintheAction], rng: Rng) -> LabyrintheAction:
    """A beginner: looks one path change ahead only (it misses the paths two changes open), walks
    straight towards the treasure, calls duels on a whim, always throws the die, opens a duel with
    stone and then picks any sign, and puts a beaten pawn anywhere."""
    assert view.seat is not None
    me = view.pawns[view.seat]
    if any(isinstance(a, Take) for a in legal):
        return Take()
    turns = [a for a in legal if isinstance(a, Turn)]
    if turns and me is not None:
        opening = [t for t in turns if _value(view, me, [t]) >= REACHED]
        return rng.choice(opening or turns)
    moves = [a for a in legal if isinstance(a, Move)]
    if any(isinstance(a, Stay) for a in legal) and me is not None:
        goals = _goals(view)
        if not moves:
            return Stay()
        closest = min(moves, key=lambda m: (min(distance(m.to, g) for g in goals), rng.below(1000)))
        return closest if distance(closest.to, goals[0]) <= min(distance(me, g) for g in goals) else Stay()
    challenges = [a for a in legal if isinstance(a, Challenge)]
    if challenges:
        if any(isinstance(a, NoDuel) for a in legal) and rng.below(2):
            return NoDuel()
        return rng.choice(challenges)
    if any(isinstance(a, Bet) for a in legal):
        return Bet(die=True)
    signs = [a for a in legal if isinstance(a, Choose)]
    if signs:
        if signs[0].round == 1:
            return next(s for s in signs if s.sign == EASY_SIGN)
        return rng.choice(signs)
    return rng.choice(legal)
