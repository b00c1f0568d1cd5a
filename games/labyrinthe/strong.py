"""What the strong computer player's search (games/core/search.py) needs from Le labyrinthe secret.

- ``determinize``: a whole state from a seat's view. Hidden are the other closed boxes (the
  treasures collected by others are dealt among them at random), the bag's order, a rival's
  duel sign already chosen, and the future dice (a fresh generator).
- ``search_actions``: a treasure in reach is taken; path changes as the twenty distinct
  rotations a turn can reach (only those that reach the treasure, when some do); moves to
  the treasure, onto a rival, or to the few cells from which next turn most often opens a path;
  a beaten pawn put where it least often finds one.
- ``evaluate``: who is likely to get the sought treasure (whoever moves next and can reach
  it, else each in turn by how many rotations would open their path), then a race to seven
  where each later treasure goes to anyone alike.
"""

from functools import lru_cache

from games.core import Rng
from games.labyrinthe.bots import distance
from games.labyrinthe.maze import CENTRE, TREASURE_CELLS, Cell, piece, position
from games.labyrinthe.models import (
    ALL_TURNS,
    SIGNS,
    Duel,
    LabyrintheAction,
    LabyrintheState,
    LabyrintheView,
    Move,
    Place,
    Stay,
    Take,
    Turn,
)
from games.labyrinthe.reach import PAIRS, after, chances, joined, pair_rotations

TREASURES_TO_WIN = 7
MOVES_KEPT = 3  # moves the search weighs besides the treasure, the rivals' cells and staying
PLACES_KEPT = 4  # cells the search weighs for a beaten pawn
PAIR_FIRSTS = tuple(first.token() for first, _ in PAIRS)
FIRSTS = tuple(dict.fromkeys(PAIR_FIRSTS))  # a turn's first change, one per kind of pair
UNDO = {t.token(): Turn(ring=t.ring, by=-t.by).token() for t in ALL_TURNS}


# -- determinize -------------------------------------------------------------------------
def determinize(view: LabyrintheView, rng: Rng) -> LabyrintheState | None:
    """A state the view allows, its hidden parts drawn from ``rng``; reads the view only."""
    me = view.seat
    if me is None or view.outcome is not None or view.phase == "over":
        return None
    rotation = view.rotation
    boxes = _boxes(view, me, rng)
    held = {t for box in boxes for t in box}
    bag = [t for t in range(len(TREASURE_CELLS)) if t not in held and t != view.target]
    rng.shuffle(bag)
    duel = None
    if view.duel is not None:
        d = view.duel
        choices = {}
        for seat in d.chosen:  # a rival's sign is secret: any of the three
            choices[seat] = d.my_choice if seat == me and d.my_choice else SIGNS[rng.below(len(SIGNS))]
        duel = Duel.model_construct(
            challenger=d.challenger,
            defender=d.defender,
            for_target=d.for_target,
            stake=d.stake,
            die=d.die,
            round=d.round,
            choices=choices,
            winner=d.winner,
        )
    return LabyrintheState.model_construct(
        schema_version=1,
        seats=view.seats,
        rng=Rng.from_seed(rng.next_u64()),  # the future dice and hand-overs
        options=view.options,
        rotation=rotation,
        pawns=[None if pos is None else piece(pos, rotation) for pos in view.pawns],
        boxes=boxes,
        bag=bag,
        target=view.target,
        current=view.current,
        phase=view.phase,
        changes=list(view.changes),
        took=view.took,
        duel=duel,
        turn=0,  # the search's horizon counts stages from here
        resigned=list(view.resigned),
        winner=None,
        end_reason=None,
    )


def _boxes(view: LabyrintheView, me: int, rng: Rng) -> list[list[int]]:
    """Open boxes as they are; closed ones: the others' treasures dealt at random among the
    rivals still playing, none reaching seven (the game would be over)."""
    if view.boxes is not None:
        return [list(box) for box in view.boxes]
    mine = list(view.box or [])
    boxes: list[list[int]] = [[] for _ in range(view.seats)]
    boxes[me] = mine
    rivals = [s for s in range(view.seats) if s != me and not view.resigned[s]]
    for treasure in sorted(set(view.collected) - set(mine)):
        open_seats = [s for s in rivals if len(boxes[s]) < TREASURES_TO_WIN - 1] or rivals
        boxes[rng.choice(open_seats)].append(treasure)
    return boxes


# -- search_actions ----------------------------------------------------------------------
def search_actions(engine, state: LabyrintheState, seat: int) -> list[LabyrintheAction]:
    legal = engine.legal_actions(state, seat)
    if not legal:
        return legal
    if any(isinstance(a, Take) for a in legal):
        return [Take()]
    phase = state.phase
    if phase == "change":
        return _changes(state, seat, legal)
    if phase == "move":
        return _moves(state, seat, legal)
    if phase == "place":
        return _placings(state, seat, legal)
    return legal


def _goal(state: LabyrintheState) -> Cell | None:
    return None if state.target is None else TREASURE_CELLS[state.target]


def _changes(state: LabyrintheState, seat: int, legal: list[LabyrintheAction]) -> list[LabyrintheAction]:
    turns = {a.token(): a for a in legal if isinstance(a, Turn)}
    pawn, goal = state.pawns[seat], _goal(state)
    seeking = goal is not None and pawn is not None and not state.took
    if not state.changes:
        options = [token for token in FIRSTS if token in turns] or list(turns)
        if seeking:
            assert pawn is not None and goal is not None
            rotations = pair_rotations(state.rotation)
            opening = {first for first, r in zip(PAIR_FIRSTS, rotations) if joined(pawn, goal, r)}
            options = [token for token in options if token in opening] or options
        return [turns[token] for token in options]
    if seeking:
        assert pawn is not None and goal is not None
        opened: list[LabyrintheAction] = [t for t in turns.values() if joined(pawn, goal, after(state.rotation, [t]))]
        return opened or list(turns.values())
    return list(turns.values())


def _moves(state: LabyrintheState, seat: int, legal: list[LabyrintheAction]) -> list[LabyrintheAction]:
    moves = [a for a in legal if isinstance(a, Move)]
    rotation = state.rotation
    goal = _goal(state)
    rivals = {position(p, rotation) for s, p in enumerate(state.pawns) if s != seat and p is not None}
    if goal is not None:
        there = position(goal, rotation)
        if any(m.to == there for m in moves):
            return [Move(to=there)]
        table = chances(rotation, goal)

        def score(m):
            return table[piece(m.to, rotation)]
    else:

        def score(m):
            return -min((distance(m.to, r) for r in rivals), default=0.0)

    kept: list[LabyrintheAction] = [Stay(), *(m for m in moves if m.to in rivals)]
    others = sorted((m for m in moves if m.to not in rivals), key=score, reverse=True)
    return kept + others[:MOVES_KEPT]


def _placings(state: LabyrintheState, seat: int, legal: list[LabyrintheAction]) -> list[LabyrintheAction]:
    goal = _goal(state)
    if goal is None:
        return legal[:PLACES_KEPT]
    table = chances(state.rotation, goal)
    places = [a for a in legal if isinstance(a, Place)]
    return [*sorted(places, key=lambda p: table[piece(p.to, state.rotation)])[:PLACES_KEPT]]  # a list of actions


# -- evaluate ----------------------------------------------------------------------------
def evaluate(state: LabyrintheState) -> list[float]:
    counts = [len(box) for box in state.boxes]
    duel = state.duel
    if duel is not None and state.phase in ("stake", "choose") and not duel.for_target:
        # An open duel: either duellist wins the stake, as likely as not.
        stake = duel.stake or 1
        total = [0.0] * state.seats
        for winner, loser in ((duel.challenger, duel.defender), (duel.defender, duel.challenger)):
            moved = list(counts)
            given = min(stake, moved[loser])
            moved[loser] -= given
            moved[winner] += given
            for seat, value in enumerate(_with_target(state, moved)):
                total[seat] += value / 2
        return total
    return _with_target(state, counts)


def _with_target(state: LabyrintheState, counts: list[int]) -> list[float]:
    active = tuple(not left for left in state.resigned)
    if state.target is None:
        return list(_race(tuple(counts), active))
    shares = _target_shares(state)
    total = [0.0] * state.seats
    for taker, share in enumerate(shares):
        if share:
            after_take = list(counts)
            after_take[taker] += 1
            for seat, value in enumerate(_race(tuple(after_take), active)):
                total[seat] += share * value
    return total


def _target_shares(state: LabyrintheState) -> list[float]:
    """How likely each seat is to get the sought treasure, from who moves next and how."""
    seats = state.seats
    goal = _goal(state)
    assert goal is not None
    shares = [0.0] * seats
    duel = state.duel
    if duel is not None and duel.for_target and state.phase == "choose":
        shares[duel.challenger] = shares[duel.defender] = 0.5
        return shares
    table = chances(state.rotation, goal)
    order = [(state.current + k) % seats for k in range(seats)]
    order = [s for s in order if not state.resigned[s] and state.pawns[s] is not None]
    first_chance = _current_chance(state, goal)
    settled = state.phase != "change"  # the rings stand as the next player finds them
    left = 1.0
    for lap in range(3):
        for k, seat in enumerate(order):
            pawn = state.pawns[seat]
            assert pawn is not None  # ``order`` keeps the seats with a pawn
            if lap == 0 and k == 0:
                chance = first_chance
            elif pawn == goal:
                chance = 1.0
            elif lap == 0 and k == 1 and settled:
                chance = 1.0 if table[pawn] else 0.0
            else:
                chance = _ODDS[table[pawn]]
            shares[seat] += left * chance
            left *= 1 - chance
    for seat in order:
        shares[seat] += left / len(order)
    return shares


def _current_chance(state: LabyrintheState, goal: Cell) -> float:
    """Whether the seat to move gets the treasure this turn, playing its changes and move well."""
    pawn = state.pawns[state.current]
    if pawn is None or state.took:
        return 0.0
    if pawn == goal:
        return 1.0
    if state.phase == "move":
        return 1.0 if joined(pawn, goal, state.rotation) else 0.0
    if state.phase != "change":
        return 0.0
    if not state.changes:
        return 1.0 if chances(state.rotation, goal)[pawn] else 0.0
    centre_done = any(token.startswith("c") for token in state.changes)
    for second in ALL_TURNS:
        if (second.ring == CENTRE and centre_done) or UNDO[second.token()] == state.changes[-1]:
            continue
        if joined(pawn, goal, after(state.rotation, [second])):
            return 1.0
    return 0.0


# How likely a pawn is to find a path on its coming turn, by how many of the twenty rotations
# open it from the rings as they stand now (the players before it will turn them first).
_ODDS = [0.15] + [min(0.85, 0.3 + 0.06 * n) for n in range(1, 21)]


@lru_cache(maxsize=65536)
def _race(counts: tuple[int, ...], active: tuple[bool, ...]) -> tuple[float, ...]:
    """Each seat's chance to reach seven first if every later treasure goes to anyone alike."""
    players = [s for s, here in enumerate(active) if here]
    for seat in players:
        if counts[seat] >= TREASURES_TO_WIN:
            return tuple(1.0 if s == seat else 0.0 for s in range(len(counts)))
    if len(players) <= 1:
        return tuple(1.0 if s in players else 0.0 for s in range(len(counts)))
    total = [0.0] * len(counts)
    for taker in players:
        nxt = list(counts)
        nxt[taker] += 1
        for seat, value in enumerate(_race(tuple(nxt), active)):
            total[seat] += value / len(players)
    return tuple(total)
