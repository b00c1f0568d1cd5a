"""Fireship's computer players at the easy and normal levels, reading their own view only
(the strong level is games/fireship/strong.py).

Normal sails each piece towards the nearest thing worth reaching (an island it does
not hold, an enemy piece, a special cell it may use), attacks whenever it may (the
blue-edged die first; an attack that fails costs nothing, so it takes the plain die
too: measured against the version that took it two times in five, it wins 59% of
200 games), uses every special cell it stands on, and answers an action that hits it with "+1" when that
saves it, or "Non" when something big is at stake.

Easy plays like a beginner: it sails one piece a turn (the one farthest from
what it wants), attacks only when its power is greater, keeps its cards for
later when an action hits it, and plays a kept card only now and then.
"""

from games.core import Level, Rng
from games.fireship.board import HOMES, ISLANDS, SPECIAL_CELLS, Cell, label, parse_label
from games.fireship.models import (
    Accept,
    Attack,
    EndMoves,
    EndTurn,
    FireshipAction,
    FireshipView,
    Lose,
    Piece,
    Play,
    Rise,
    Roll,
    Select,
    Steer,
    Unselect,
    Use,
)

EASY_PLAYS = 0.3  # how often the easy player plays a kept card when it could


def distance(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def goals(view: FireshipView, piece: Piece) -> list[Cell]:
    """Cells next to which (or on which) the piece would like to stand."""
    seat = view.seat
    found = [island for n, island in enumerate(ISLANDS) if view.islands[n] != seat]
    found += [p.cell for p in view.pieces if p.owner != seat and p.cell not in HOMES]
    found += [
        c for c, kind in SPECIAL_CELLS.items() if (kind != "battleship" or piece.kind == "plane") and c != piece.used
    ]
    return found


def closeness(targets: list[Cell], cell: Cell) -> int:
    """How far ``cell`` is from the nearest of ``goals`` (0: on a special cell or next to a goal)."""
    col, row = cell
    best = 99
    for goal in targets:
        d = abs(col - goal[0]) + abs(row - goal[1])
        best = min(best, d if goal in SPECIAL_CELLS else max(0, d - 1))
    return best


def choose(view: FireshipView, legal: list[FireshipAction], rng: Rng, level: Level = "normal") -> FireshipAction:
    if level == "easy":
        return _easy(view, legal, rng)
    kinds = {type(a) for a in legal}
    if Accept in kinds and view.asked:
        return _react(view, legal)
    if Roll in kinds:
        plays = [a for a in legal if isinstance(a, Play)]
        return plays[0] if plays else Roll()
    if Steer in kinds or Unselect in kinds:
        return _steer(view, legal)
    if EndMoves in kinds:
        return _select(view, legal)
    if EndTurn in kinds:
        return _act(view, legal)
    return _pick(view, legal)


def _easy(view: FireshipView, legal: list[FireshipAction], rng: Rng) -> FireshipAction:
    """A beginner's turn: one piece sailed, only the attacks at greater power, cards kept."""
    kinds = {type(a) for a in legal}
    if Accept in kinds and view.asked:
        return Accept()
    if Roll in kinds:
        return Roll()
    if Steer in kinds or Unselect in kinds:
        return _steer(view, legal)
    if EndMoves in kinds:
        moved = view.dice is not None and view.points < sum(view.dice)
        return EndMoves() if moved else _select(view, legal)
    if EndTurn in kinds:
        options = {(o.leader, o.target, o.plus): o for o in view.attacks}
        blue = [
            a
            for a in legal
            if isinstance(a, Attack) and not a.plus and options[(a.leader, a.target, a.plus)].die == "blue"
        ]
        if blue:
            return blue[0]
        uses = [a for a in legal if isinstance(a, Use)]
        if uses:
            return uses[0]
        plays = [a for a in legal if isinstance(a, Play)]
        if plays and rng.below(100) < EASY_PLAYS * 100:
            return _best_play(view, plays)
        return EndTurn()
    return _pick(view, legal)


def _select(view: FireshipView, legal: list[FireshipAction]) -> FireshipAction:
    pieces = {p.id: p for p in view.pieces}
    far = {}
    for action in legal:
        if isinstance(action, Select):
            piece = pieces[action.piece]
            if (distance := closeness(goals(view, piece), piece.cell)) > 0:
                far[action] = distance
    if not far:
        return EndMoves()
    return max(far, key=lambda a: (far[a], -a.piece))


def _steer(view: FireshipView, legal: list[FireshipAction]) -> FireshipAction:
    piece = next(p for p in view.pieces if p.id == view.moving)
    steers = [a for a in legal if isinstance(a, Steer)]
    if not steers:
        return Unselect()
    # The nearest to a goal, for the fewest points; every move spends a point, so moving on ends.
    targets = goals(view, piece)
    return min(steers, key=lambda a: (closeness(targets, a.to), view.reachable.get(label(a.to), 0)))


def _act(view: FireshipView, legal: list[FireshipAction]) -> FireshipAction:
    attacks = [a for a in legal if isinstance(a, Attack)]
    options = {(o.leader, o.target, o.plus): o for o in view.attacks}
    blue = [a for a in attacks if options[(a.leader, a.target, a.plus)].die == "blue" and not a.plus]
    if blue:
        return max(blue, key=lambda a: a.target.startswith("i"))
    plain = [a for a in attacks if not a.plus]
    if plain:
        return plain[0]
    uses = [a for a in legal if isinstance(a, Use)]
    if uses:
        return uses[0]
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return _best_play(view, plays)
    return EndTurn()


def _best_play(view: FireshipView, plays: list[Play]) -> Play:
    """Boum on an enemy boat (a player's before a white one), a Tourbillon on the biggest fleet, or Brouillard."""
    enemies = {p.id: p for p in view.pieces}

    def value(play: Play) -> int:
        if play.card == "boum":
            target = enemies.get(int(play.at or 0))
            return 3 if target is not None and target.owner is not None else 1
        if play.card == "whirlpool":
            cell = parse_label(play.at or "")
            return sum(
                1
                for p in view.pieces
                if p.owner != view.seat and cell and max(abs(p.cell[0] - cell[0]), abs(p.cell[1] - cell[1])) <= 1
            )
        return 2

    return max(plays, key=value)


def _pick(view: FireshipView, legal: list[FireshipAction]) -> FireshipAction:
    if any(isinstance(a, Play) for a in legal) and view.pick == "bermuda":
        return next(a for a in legal if isinstance(a, Play))
    rises = [a for a in legal if isinstance(a, Rise)]
    if rises:
        return max(rises, key=lambda a: _kraken_gain(view, a.at))
    loses = [a for a in legal if isinstance(a, Lose)]
    if loses:
        pieces = {p.id: p for p in view.pieces}
        home = HOMES[view.corners[view.seat or 0]]
        return max(loses, key=lambda a: distance(pieces[a.piece].cell, home) * -1)
    return legal[0]


def _kraken_gain(view: FireshipView, cell: Cell) -> int:
    gain = 0
    for p in view.pieces:
        if max(abs(p.cell[0] - cell[0]), abs(p.cell[1] - cell[1])) <= 2 and p.cell != cell:
            gain += 1 if p.owner != view.seat else -1
    return gain


def _react(view: FireshipView, legal: list[FireshipAction]) -> FireshipAction:
    cards = {a.card for a in legal if isinstance(a, Play)}
    pending = view.pending
    if pending is None:
        return Accept()
    if pending.actor == view.seat:  # my action was answered
        if pending.cancelled and "non" in cards:
            return Play(card="non")
        if pending.kind == "attack" and pending.attack < pending.defence <= pending.attack + 1:
            if "plus_one" in cards:
                return Play(card="plus_one")
            if "non" in cards:  # takes the defender's "+1" away
                return Play(card="non")
        return Accept()
    if pending.cancelled:
        return Accept()
    if pending.kind == "attack":
        if "plus_one" in cards and pending.defence + 1 > pending.attack:
            return Play(card="plus_one")
        big = (pending.target or "").startswith("i") or _is_battleship(view, pending.target)
        return Play(card="non") if "non" in cards and big else Accept()
    return Play(card="non") if "non" in cards and pending.kind != "boum" else Accept()


def _is_battleship(view: FireshipView, ref: str | None) -> bool:
    return any(str(p.id) == ref and p.kind == "battleship" for p in view.pieces)
