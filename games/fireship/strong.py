"""Fireship's strong computer player: a move planner and a search of the act phase (issue 17).

The board is open; what a seat cannot see is the others' kept cards, the deck's order and the
dice to come. Its turn has two parts that call for different tools:

- The moves hide nothing and roll nothing: ``plan_move`` weighs each piece's useful
  destinations (``candidates``: beside an island it does not hold or beside any piece, a
  special cell, the reachable cells nearest each island) by ``Position.value`` (the odds and
  worth of the attacks the seat could launch, its pieces on special cells, minus the pieces
  left where enemy power gathers and the way still to sail) and plays the best move, until no
  move gains anything.
- The act phase rolls dice and meets hidden "Non" and "+1": the search (games/core/search.py)
  weighs its moves over sampled states (``determinize``) up to the end of the turn, each end
  scored by ``evaluate`` (a softmax of islands, fleet, kept cards and position).
- Everything else (the roll, answers to an action, a piece to lose, the Kraken's cell) is
  played as the normal level plays it.

``search_actions`` (the reduced set the search weighs): in the act phase, while an attack is
on offer, every attack (with "+1" only where it turns the plain die into the blue one or makes
the attack possible) and Boum on its ``CARD_TARGETS`` best boats; then ending the turn, every
special cell, Brouillard and Tourbillon on its ``CARD_TARGETS`` best cells. In the moves (for
a search from there): ending them, the ``MOVERS`` pieces with the best moves and each one's
``DESTINATIONS`` best cells. Anything else: every legal action.
"""

import math
import random
from typing import Any

from games.core import Analysis, Budget, Rng
from games.core.search import analyse as tree_search
from games.fireship import bots, cards
from games.fireship.board import HOMES, ISLANDS, SPECIAL_CELLS, Cell, around, parse_label, reachable_from
from games.fireship.cards import IN_ACT
from games.fireship.models import (
    POWER,
    Attack,
    EndMoves,
    EndTurn,
    FireshipAction,
    FireshipState,
    FireshipView,
    Pick,
    Piece,
    Play,
    Select,
    Steer,
    Unselect,
    Use,
    clone,
)

MOVERS = 3  # pieces the search weighs in the move phase
DESTINATIONS = 3  # cells a piece the search weighs
CARD_TARGETS = 2  # Boum's boats and Tourbillon's cells the search weighs
ISLAND_WORTH = 3.0  # what taking an island is worth, in the planner's units (a boat: 1)
HELD_WORTH = 1.5  # more for an island an enemy holds (they lose it)
KIND_WORTH = {"boat": 1.0, "plane": 2.0, "battleship": 4.0}
WHITE_WORTH = 0.5  # a white boat
WIN_ODDS = {"plain": cards.WIN_FACES["plain"] / 6, "blue": cards.WIN_FACES["blue"] / 6}
SPECIAL_WORTH = {"battleship": 1.6, "wheel": 0.4, "mystery": 0.5}  # a piece on a special cell it may use
SAIL = 0.1  # the cost of each cell still to sail to the nearest island the seat does not hold
DANGER = 0.45  # the share of a piece's worth lost where enemy power at most two cells away outweighs it
CARD_WORTH = 0.4  # a kept card or a badge
NEXT_REACH = 0.4  # the evaluation's weight of the attacks of the seat to play next
LATER_REACH = 0.2  # of the others' (their targets may leave first)
SCORE = 2.5  # the evaluation's temperature: score points per factor e of the odds


ISLAND_SET = frozenset(ISLANDS)


def odds(attack: int, defence: int) -> float:
    """An attack's chance to win: none below the defence, the plain die at equal power, else the blue one."""
    if attack < defence:
        return 0.0
    return WIN_ODDS["plain"] if attack == defence else WIN_ODDS["blue"]


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Position:
    """The board as the strong player weighs it, from the pieces and islands alone (a view's or
    a state's), some pieces perhaps ``moved`` elsewhere: each cell's power by colour, as the
    engine counts it (a home holds several pieces)."""

    def __init__(
        self, pieces: list[Piece], islands: list[int | None], fog: list[bool], moved: dict[int, Cell] | None = None
    ) -> None:
        self.pieces, self.islands, self.fog = pieces, islands, fog
        self.moved = moved or {}
        grid: dict[Cell, dict[int | None, int]] = {}
        for p in pieces:
            there = grid.setdefault(self.moved.get(p.id, p.cell), {})
            there[p.owner] = there.get(p.owner, 0) + POWER[p.kind]
        for n, cell in enumerate(ISLANDS):
            grid[cell] = {islands[n]: POWER["island"]}
        self.grid = grid
        self.powers: dict[tuple[Cell, int | None], int] = {}

    def cell(self, piece: Piece) -> Cell:
        return self.moved.get(piece.id, piece.cell)

    def power(self, cell: Cell, owner: int | None) -> int:
        """``owner``'s power on ``cell`` and one cell around it: a leader's attack, a target's defence."""
        key = (cell, owner)
        if key not in self.powers:
            grid = self.grid
            total = grid[cell].get(owner, 0) if cell in grid else 0
            for near in around(cell):
                if near in grid:
                    total += grid[near].get(owner, 0)
            self.powers[key] = total
        return self.powers[key]

    def value(self, seat: int, reach: float = 1.0, specials: bool = True) -> float:
        """The worth of ``seat``'s position: its attacks' odds times their targets' worth (each
        target by its best leader), weighed by ``reach`` (1: they are launched this turn), its
        pieces on special cells they may use (unless ``specials`` is false: the act phase's search
        weighs what using them brings instead), minus the worth of pieces left where enemy power
        nearby outweighs theirs, minus the way to sail to the nearest island it does not hold."""
        total = 0.0
        goals: list[Cell] = []
        for n, cell in enumerate(ISLANDS):
            owner = self.islands[n]
            if owner == seat:
                continue
            goals.append(cell)
            if owner is None or not self.fog[owner]:
                worth = ISLAND_WORTH + (HELD_WORTH if owner is not None else 0.0)
                total += reach * worth * self._best(seat, cell, self.power(cell, owner))
        for target in self.pieces:
            owner, cell = target.owner, self.cell(target)
            if owner == seat or cell in HOMES or (owner is not None and self.fog[owner]):
                continue
            worth = KIND_WORTH[target.kind] if owner is not None else WHITE_WORTH
            total += reach * worth * self._best(seat, cell, self.power(cell, owner))
        for piece in self.pieces:
            if piece.owner != seat:
                continue
            cell = self.cell(piece)
            special = SPECIAL_CELLS.get(cell)
            if specials and special and piece.used != cell and (special != "battleship" or piece.kind == "plane"):
                total += SPECIAL_WORTH[special]
            if self._danger(seat, cell):
                total -= DANGER * KIND_WORTH[piece.kind]
            if goals:
                col, row = cell
                total -= SAIL * min(max(0, abs(col - g[0]) - 1) + max(0, abs(row - g[1]) - 1) for g in goals)
        return total

    def _best(self, seat: int, cell: Cell, defence: int) -> float:
        """The best odds of a leader of ``seat``'s next to ``cell`` against ``defence``."""
        best = 0.0
        grid = self.grid
        for near in around(cell):
            if near in grid and grid[near].get(seat):
                best = max(best, odds(self.power(near, seat), defence))
        return best

    def _danger(self, seat: int, cell: Cell) -> bool:
        """Some enemy's power within two cells exceeds ``seat``'s defence on ``cell``."""
        if cell in HOMES or self.fog[seat]:
            return False
        near: dict[int, int] = {}
        col, row = cell
        for dc in range(-2, 3):
            for dr in range(-2, 3):
                for owner, power in self.grid.get((col + dc, row + dr), {}).items():
                    if owner is not None and owner != seat and (col + dc, row + dr) not in ISLAND_SET:
                        near[owner] = near.get(owner, 0) + power
        return bool(near) and max(near.values()) > self.power(cell, seat)


# -- the moves: a planner --------------------------------------------------------------------
def destinations(view: FireshipView, piece: Piece, blocked: set[Cell]) -> dict[Cell, int]:
    """Where ``piece`` may end with the view's points, and the cost: the engine's rule (one piece a
    cell but in the own home, the other homes closed) read from the view."""
    plane = piece.kind == "plane"
    return reachable_from(piece.cell, view.points, frozenset(blocked - {piece.cell}), plane, view.speed[piece.kind])


def _blocked(pieces: list[Piece], own_home: Cell) -> set[Cell]:
    cells = {p.cell for p in pieces if p.cell != own_home}
    return cells | {home for home in HOMES if home != own_home}


def candidates(position: Position, piece: Piece, reach: dict[Cell, int]) -> list[Cell]:
    """The cells worth weighing for ``piece``: next to a target or to a piece of its own, a special
    cell, and the reachable cells nearest each island it does not hold."""
    seat = piece.owner
    wanted: set[Cell] = set()
    for cell in reach:
        if cell in SPECIAL_CELLS:
            wanted.add(cell)
    for n, island in enumerate(ISLANDS):
        if position.islands[n] != seat:
            wanted.update(c for c in around(island) if c in reach)
    for other in position.pieces:
        if other.id != piece.id and other.cell not in HOMES:
            wanted.update(c for c in around(other.cell) if c in reach)
    for n, island in enumerate(ISLANDS):
        if position.islands[n] != seat and reach:
            wanted.add(min(reach, key=lambda c: (abs(c[0] - island[0]) + abs(c[1] - island[1]), reach[c], c)))
    return sorted(wanted)


def ranked_moves(view: FireshipView, only: int | None = None) -> list[tuple[float, int, int, Cell]]:
    """Every (gain, cost, piece, cell) move the planner weighs, best first; ``only``: that piece's."""
    seat = view.seat
    assert seat is not None
    position = Position(view.pieces, view.islands, view.fog)
    base = position.value(seat)
    home = HOMES[view.corners[seat]]
    blocked = _blocked(view.pieces, home)
    found = []
    for piece in view.pieces:
        if piece.owner != seat or (only is not None and piece.id != only):
            continue
        reach = destinations(view, piece, blocked)
        for cell in candidates(position, piece, reach):
            gain = Position(view.pieces, view.islands, view.fog, {piece.id: cell}).value(seat) - base
            found.append((gain, reach[cell], piece.id, cell))
    found.sort(key=lambda m: (-m[0], m[1], m[2], m[3]))
    return found


def plan_move(view: FireshipView, legal: list[FireshipAction]) -> FireshipAction:
    """The planner's next step: the piece of the best move (or the end of the moves when no move
    gains anything), then that move's cell (the best cell of the piece being steered)."""
    if view.phase == "steer":
        moves = ranked_moves(view, view.moving)
        steers = {a.to for a in legal if isinstance(a, Steer)}
        for _, _, _, cell in moves:
            if cell in steers:
                return Steer(to=cell)
        return Unselect() if Unselect() in legal else legal[0]
    movable = {a.piece for a in legal if isinstance(a, Select)}
    for gain, _, piece, _ in ranked_moves(view):
        if gain > 1e-9 and piece in movable:
            return Select(piece=piece)
        if gain <= 1e-9:
            break
    return EndMoves()


# -- determinize ---------------------------------------------------------------------------
class Sampler:
    """Whole states one seat's view allows: the table as shown, built once (``base``); drawn
    for each sample, what it hides: the others' kept cards (each rival still playing holds one
    keepable card of those out of the deck, one time in two: the view does not tell how many),
    the deck (``view.deck`` cards of the unseen ones, in a random order), the discard (the rest)
    and the dice to come (a fresh generator)."""

    def __init__(self, view: FireshipView) -> None:
        seat = view.seat
        assert seat is not None
        self.seat, self.size = seat, view.deck
        self.rivals = [s for s in range(view.seats) if s != seat and not view.out[s]]
        unseen = [card for card, count in cards.DECK.items() for _ in range(count)]
        for card in view.hand or []:
            unseen.remove(card)
        self.unseen = unseen
        held_badges = [b for badges in view.badges for b in badges]
        last = view.throw_off[-1] if view.throw_off else {view.current: 0}
        self.base = FireshipState.model_construct(
            schema_version=1,
            seats=view.seats,
            rng=Rng.from_seed(0),
            options=view.options,
            corners=list(view.corners),
            pieces=[p.model_copy() for p in view.pieces],
            next_id=1 + max((p.id for p in view.pieces), default=0),
            islands=list(view.islands),
            supply=[dict(s) for s in view.supply],
            hands=[[] for _ in range(view.seats)],
            badges=[list(b) for b in view.badges],
            badge_stock={name: count - held_badges.count(name) for name, count in cards.BADGES.items()},
            deck=[],
            discard=[],
            current=view.current,
            first=max(last, key=lambda s: (last[s], -s)),
            throw_off=view.throw_off,
            round=view.round,
            phase=view.phase,
            dice=view.dice,
            points=view.points,
            moving=view.moving,
            updraft=view.speed["plane"] == 2,
            gulf_stream=view.speed["boat"] == 2,
            led=list(view.led),
            specials=view.specials,
            fog=list(view.fog),
            skip=list(view.skip),
            whirlpools=list(view.whirlpools),
            pending=None,
            pick=None if view.pick is None else Pick(kind=view.pick, resume="act"),
            turn=0,
            out=list(view.out),
            resigned=list(view.resigned),
            out_order=[s for s in range(view.seats) if view.out[s]],
            winners=[],
            end_reason=None,
            shown=None,
            held=[],
        )
        self.base.hands[seat] = list(view.hand or [])

    def draw(self, rng: Rng) -> FireshipState:
        unseen = list(self.unseen)
        random.Random(rng.next_u64()).shuffle(unseen)  # seeded from ``rng``: cheaper than its own shuffle
        state = clone(self.base)
        hands = [list(hand) for hand in self.base.hands]
        deck, rest = unseen[: self.size], unseen[self.size :]  # the rest: in the others' hands or played
        for other in self.rivals:
            if rng.below(2):
                kept = next((i for i, card in enumerate(rest) if card in cards.KEEPABLE), None)
                if kept is not None:
                    hands[other].append(rest.pop(kept))
        state.__dict__.update(
            hands=hands,
            deck=deck,
            discard=rest,
            rng=Rng.from_seed(rng.next_u64()),
            pieces=[clone(p) for p in self.base.pieces],
        )
        return state


def determinize(view: FireshipView, rng: Rng) -> FireshipState | None:
    """A ``Sampler``'s state; none for the public, at the end, or while a secret window asks the
    seat (its answer is not searched)."""
    if view.seat is None or view.outcome is not None or view.asked or view.phase in ("react", "over"):
        return None
    return Sampler(view).draw(rng)


# -- evaluate --------------------------------------------------------------------------------
def scores(state: FireshipState) -> list[float]:
    """Each seat's standing: islands first, then the power of its fleet and its position."""
    found = []
    position = Position(state.pieces, state.islands, state.fog)
    for seat in range(state.seats):
        if state.out[seat]:
            found.append(-1e9)
            continue
        islands = state.islands.count(seat)
        fleet = sum(KIND_WORTH[p.kind] for p in state.pieces if p.owner == seat)
        reach = NEXT_REACH if seat == state.current else LATER_REACH
        kept = CARD_WORTH * (len(state.hands[seat]) + len(state.badges[seat]))
        found.append(ISLAND_WORTH * islands + fleet + kept + position.value(seat, reach, specials=False))
    return found


def evaluate(state: FireshipState) -> list[float]:
    """Each seat's chances: a softmax of ``scores``, flatter while many rounds are left."""
    standing = scores(state)
    left = max(1, state.options.rounds - state.round + 1) if state.options.rounds else 10
    temperature = SCORE * (1 + left / 10)
    top = max(standing)
    weights = [0.0 if s < -1e8 else math.exp((s - top) / temperature) for s in standing]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


# -- search_actions ------------------------------------------------------------------------
def search_actions(engine: Any, state: FireshipState, seat: int) -> list[FireshipAction]:
    if state.phase == "act" and seat == state.current:
        return act_actions(engine, state, seat)
    if state.phase in ("move", "steer") and seat == state.current:
        view = engine.view(state, seat)
        if state.phase == "steer":
            cells = [m[3] for m in ranked_moves(view, state.moving)][:DESTINATIONS]
            return [Steer(to=cell) for cell in cells] or [Unselect()]
        pieces = list(dict.fromkeys(m[2] for m in ranked_moves(view) if m[0] > 0))[:MOVERS]
        return [EndMoves(), *(Select(piece=p) for p in pieces)]
    return engine.legal_actions(state, seat)


def act_actions(engine: Any, state: FireshipState, seat: int) -> list[FireshipAction]:
    """The act phase's moves worth weighing (see the module's docstring), built without listing
    every legal action first: the search asks for them at every step. While an attack is on
    offer, the attacks and Boum only: an attack that fails costs nothing, and a special cell
    used or the turn ended would forgo it."""
    options = engine.attack_options(state)
    plain = {(o.leader, o.target): o.die for o in options if not o.plus}
    plays = engine.card_plays(state, seat, IN_ACT)
    position = Position(state.pieces, state.islands, state.fog)
    pieces = {p.id: p for p in state.pieces}
    boums = [a for a in plays if a.card == "boum"]
    kept: list[FireshipAction] = [
        Attack(leader=o.leader, target=o.target, plus=o.plus)
        for o in options
        if not o.plus or plain.get((o.leader, o.target)) in (None, "plain")
    ]
    kept += sorted(boums, key=lambda a: (-_boum_worth(position, pieces, a), a.token()))[:CARD_TARGETS]
    if options:
        return kept
    kept.insert(0, EndTurn())
    kept += [Use(piece=p.id) for p in engine.special_users(state)]
    kept += [a for a in plays if a.card == "fog"]
    whirlpools = [a for a in plays if a.card == "whirlpool"]
    kept += sorted(whirlpools, key=lambda a: (-_pool_worth(state, seat, a), a.token()))[:CARD_TARGETS]
    return kept


def _boum_worth(position: Position, pieces: dict[int, Piece], play: Play) -> float:
    target = pieces[int(play.at or 0)]
    return (2.0 if target.owner is not None else 1.0) + position.power(target.cell, target.owner) / 4


def _pool_worth(state: FireshipState, seat: int, play: Play) -> float:
    cell = parse_label(play.at or "")
    assert cell is not None
    return sum(
        (-1 if p.owner == seat else 1) * KIND_WORTH[p.kind]
        for p in state.pieces
        if p.kind != "plane" and chebyshev(p.cell, cell) <= 1
    )


# -- the strong choice ---------------------------------------------------------------------
class TurnSearch:
    """The engine as one decision's search sees it: samples from the deciding seat's view, and
    the seat's own turn only; once it is over (another seat's turn begins), ``evaluate`` scores
    the state. It counts how often each first move was tried, so that the search may stop once
    the iterations left could not change its choice (``settled``)."""

    def __init__(self, engine: Any, view: FireshipView, iterations: int) -> None:
        assert view.seat is not None
        self.engine, self.seat, self.sampler = engine, view.seat, Sampler(view)
        self.left = iterations
        self.sample: FireshipState | None = None
        self.tried: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:  # to_act, outcome: the engine's own
        return getattr(self.engine, name)

    def determinize(self, view: FireshipView, rng: Rng) -> FireshipState:
        self.left -= 1
        self.sample = self.sampler.draw(rng)
        return self.sample

    def apply(self, state: FireshipState, seat: int, action: FireshipAction) -> Any:
        if state is self.sample:  # the move this iteration tries first
            token = action.token()
            self.tried[token] = self.tried.get(token, 0) + 1
        return self.engine.apply(state, seat, action)

    def settled(self) -> bool:
        """The most tried move leads the next by more than the iterations left."""
        first, second = (sorted(self.tried.values(), reverse=True) + [0, 0])[:2]
        return first - second > self.left

    def search_actions(self, state: FireshipState, seat: int) -> list[FireshipAction]:
        if state.current != self.seat or state.phase in ("roll", "over"):
            return []
        return search_actions(self.engine, state, seat)


def analyse(engine: Any, view: FireshipView, legal: list[FireshipAction], rng: Rng, budget: Budget) -> Analysis:
    """Moves by the planner; attacks, special cells and cards by the search when there is a
    choice to weigh; everything else (the roll, answers, losses, the Kraken) as normal plays it."""
    if view.seat is None or len(legal) == 1:
        return Analysis(legal[0], "only")
    if view.phase in ("move", "steer") and not view.asked:
        return Analysis(plan_move(view, legal), "rule")
    if view.phase == "act" and not view.asked:
        turn = TurnSearch(engine, view, budget.iterations)
        moves = [a for a in act_actions(engine, turn.sampler.draw(Rng.from_seed(0)), view.seat) if a in legal]
        if len(moves) == 1:
            return Analysis(moves[0], "forced")
        caller = budget.stop

        def stop() -> bool:
            return turn.settled() or (caller is not None and caller())

        return tree_search(turn, view, moves, rng, budget.iterations, stop)
    return Analysis(bots.choose(view, legal, rng), "rule")
