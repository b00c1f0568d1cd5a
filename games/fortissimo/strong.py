"""The strong computer player's search hooks (games/core/search.py).

Every player sees every card flipped, so the only thing hidden is where the cards nobody
has seen lie. ``Sampler`` deals them at random over the face-down slots this seat never
saw (the view's own memory, ``seen``, is all it knows). The search weighs the moves of the
turn being played with the real rules (``options``: each card known to be worth a look,
one unknown slot for a blind flip, one known card to flip and put back), and scores each
line by playing the rest of the game out (``playout``) with the normal player's judgment
on a compact copy of the table: that is where the time goes, so it is kept lean.
"""

from bisect import bisect_right
from typing import Any

from games.core import Rng
from games.fortissimo import bots
from games.fortissimo.cards import CANNONS, CARDS, MAGICIEN, SLOTS, TARGET_LENGTH, TOWERS
from games.fortissimo.models import Flip, FortissimoAction, FortissimoState, FortissimoView, Insert, PutBack, Take

FLIPS = tuple(Flip(slot=slot) for slot in range(SLOTS))  # built once: the search lists many


class Sampler:
    """Whole states consistent with one seat's view: the cards that seat has not seen (the
    values left in the grid, less those it saw or sees face up) dealt at random over the
    face-down slots it has not seen; the generator a fresh one."""

    def __init__(self, view: FortissimoView) -> None:
        assert view.seat is not None
        grid = [card or 0 for card in view.slots]
        for slot, card in view.seen.items():
            grid[slot] = card
        self.hidden = [slot for slot, card in enumerate(view.slots) if card is None and slot not in view.seen]
        shown = {card for card in grid if card}
        self.unseen = [card for card in view.remaining if card not in shown]
        assert len(self.unseen) == len(self.hidden)
        self.grid = grid
        taken = {card for rampart in view.ramparts for card in rampart}
        ready = view.magicien_ready
        # The view tells whether each Magicien may still be used; the turn numbers only serve that.
        turn = 1 + sum(len(rampart) for rampart in view.ramparts)
        self.turn = turn
        self.template = FortissimoState(
            seats=view.seats,
            rng=Rng.from_seed(0),
            options=view.options,
            grid=grid,
            flipped=view.flipped,
            open_grid=view.open_grid,
            ramparts=[list(r) for r in view.ramparts],
            resigned=list(view.resigned),
            current=view.current,
            phase=view.phase,
            turn=turn,
            magicien_turn=[turn - 1 if ready[seat] else None for seat in range(view.seats)],
            magicien_used=[MAGICIEN in view.ramparts[seat] and not ready[seat] for seat in range(view.seats)],
            seen=dict(view.seen),
            discard=[card for card in CARDS if card not in taken and card not in view.remaining],
            passing=[False] * view.seats,
        )

    def draw(self, rng: Rng) -> FortissimoState:
        cards = list(self.unseen)
        rng.shuffle(cards)
        grid = list(self.grid)
        for slot, card in zip(self.hidden, cards):
            grid[slot] = card
        return self.template.model_copy(update={"grid": grid, "rng": Rng.from_seed(rng.next_u64())})

    def draw_for_turn(self, rng: Rng) -> FortissimoState:
        """A cheaper state for a search that looks no further than this turn: the first unseen
        slot (the only one ``options`` flips) gets a card drawn at random, the others the rest
        in a fixed order; the play-out draws the cards nobody has seen at random anyway."""
        if not self.hidden:
            return self.template.model_copy(update={"rng": Rng.from_seed(rng.next_u64())})
        cards = list(self.unseen)
        drawn = rng.below(len(cards))
        cards[0], cards[drawn] = cards[drawn], cards[0]
        grid = list(self.grid)
        for slot, card in zip(self.hidden, cards):
            grid[slot] = card
        return self.template.model_copy(update={"grid": grid, "rng": Rng.from_seed(rng.next_u64())})


def options(
    engine: Any, state: FortissimoState, seat: int, known: frozenset[int] | None = None
) -> list[FortissimoAction]:
    """The moves worth weighing. Flipping: each card known to lie face down above this seat's
    top, one known card to flip and put back (a turn that shows nothing new: the lowest slot
    below the top, else the highest card above it), every known card below the top when the
    Magicien is ready, and the first slot nobody has seen (they are all alike to this seat).

    Past the first move of a search (``known``: the face-down cards the seat knew when it
    began), a known card higher than the top was flipped to be taken, unless it is the one
    to put back; a card flipped blind is judged as the normal player would. Anything else:
    every legal move."""
    if state.phase == "flip" and not state.open_grid:
        top = state.ramparts[seat][-1]
        magic = engine.magicien_ready(state, seat)
        back = _put_back_slot(state, seat)
        above: list[FortissimoAction] = [FLIPS[slot] for slot, card in state.seen.items() if card > top]
        below = [FLIPS[slot] for slot, card in state.seen.items() if card < top and (magic or slot == back)]
        blind = next((FLIPS[slot] for slot, card in enumerate(state.grid) if card and slot not in state.seen), None)
        return above + below + ([blind] if blind else [])
    legal = engine.legal_actions(state, seat)
    if known is None or state.phase != "decide":
        return legal
    if state.flipped not in known:
        return [_judge(engine, state, seat, legal)]
    if Take() in legal and state.flipped != _put_back_slot(state, seat):
        return [Take()]
    return legal


def _put_back_slot(state: FortissimoState, seat: int) -> int | None:
    """The known card the search flips only to put it back: the lowest slot holding a card
    below the seat's top, else the slot of the highest known card."""
    top = state.ramparts[seat][-1]
    lower = [slot for slot, card in state.seen.items() if card < top]
    if lower:
        return min(lower)
    return max(state.seen, key=state.seen.__getitem__, default=None)


def _judge(engine: Any, state: FortissimoState, seat: int, legal: list[FortissimoAction]) -> FortissimoAction:
    """The normal player's answer to a flipped card."""
    assert state.flipped is not None  # judged once a card is flipped
    card = state.grid[state.flipped]
    rampart = state.ramparts[seat]
    remaining = sorted(c for c in state.grid if c)
    bar = bots.race_bar(len(rampart), bots.rival_length(state.ramparts, state.resigned, seat))
    if Take() in legal and card in bots.worth_taking(
        remaining, rampart[-1], len(rampart), state.options.variant == "advanced", bar
    ):
        return Take()
    if Insert() in legal and bots.BONUS[card] >= 2:
        return Insert()
    return PutBack()


class TurnSearch:
    """The engine as the search sees it for one decision: samples from the deciding seat's
    view, its moves this turn from ``options``, and once the turn is over a play-out. It
    counts how often each of its own moves was tried, so that the search may stop once the
    iterations left could not change its choice (``settled``)."""

    def __init__(self, engine: Any, view: FortissimoView, iterations: int) -> None:
        self.engine = engine
        self.sampler = Sampler(view)
        self.known = frozenset(view.seen)
        self.left = iterations
        self.sample: FortissimoState | None = None
        self.tried: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:  # to_act, outcome: the engine's own
        return getattr(self.engine, name)

    def determinize(self, view: FortissimoView, rng: Rng) -> FortissimoState:
        self.left -= 1
        self.sample = self.sampler.draw_for_turn(rng)
        return self.sample

    def apply(self, state: FortissimoState, seat: int, action: FortissimoAction) -> Any:
        if state is self.sample:  # the move this iteration tries first
            token = action.token()
            self.tried[token] = self.tried.get(token, 0) + 1
        return self.engine.apply(state, seat, action)

    def settled(self) -> bool:
        """The most tried move leads the next by more than the iterations left: the search
        (which picks the most tried) would choose it anyway."""
        first, second = (sorted(self.tried.values(), reverse=True) + [0, 0])[:2]
        return first - second > self.left

    def search_actions(self, state: FortissimoState, seat: int) -> list[FortissimoAction]:
        if state.turn != self.sampler.turn:
            return []  # the turn is over: ``evaluate`` plays the game out
        return options(self.engine, state, seat, None if state is self.sample else self.known)

    def evaluate(self, state: FortissimoState) -> list[float]:
        return playout(state)


def playout(state: FortissimoState) -> list[float]:
    """Each seat's share of the win once the game is played to its end by the normal player's
    judgment, on a compact copy of the table: a card known worth taking is flipped first, else
    a blind flip draws at random (the state's generator) among the cards nobody has seen; the
    last player able to take climbs one card at a time. The Magicien is left unused."""
    advanced = state.options.variant == "advanced"
    ramparts = [list(r) for r in state.ramparts]
    active = [seat for seat in range(state.seats) if not state.resigned[seat]]
    after = {seat: active[(i + 1) % len(active)] for i, seat in enumerate(active)}
    rivals = {seat: [ramparts[s] for s in active if s != seat] for seat in active}
    known: set[int] = set()
    pool: list[int] = []
    for slot, card in enumerate(state.grid):
        if card:
            if state.open_grid or slot in state.seen:
                known.add(card)
            else:
                pool.append(card)
    remaining = sorted(known.union(pool))
    # The play-out's own small generator (64-bit linear congruential), seeded from the state's:
    # same state, same play-out; the project's generator, a pydantic model, costs more per draw.
    draws = state.rng.state
    seat = state.current if state.phase == "flip" else after[state.current]  # a half-played turn ends
    judged: dict[int, Any] = {}  # each seat's judgment, until the next card taken
    while True:
        if not judged:  # a card was taken: who can still take?
            high = remaining[-1] if remaining else 0
            takers = [s for s in active if high > ramparts[s][-1]]
            if len(takers) <= 1:
                if takers and len(active) > 1:  # the open grid: one card higher at a time
                    rampart = ramparts[takers[0]]
                    start = bisect_right(remaining, rampart[-1])
                    rampart += remaining[start : start + TARGET_LENGTH - len(rampart)]
                return _shares(state, ramparts, active, None)
        while seat not in takers:
            seat = after[seat]
        rampart = ramparts[seat]
        wanted = judged.get(seat)
        if wanted is None:
            bar = bots.race_bar(len(rampart), max(map(len, rivals[seat])))
            wanted = judged[seat] = bots.worth_taking(remaining, rampart[-1], len(rampart), advanced, bar)
        hits = wanted & known
        pick = min(hits) if hits else 0
        if pick:
            known.discard(pick)
        elif pool:
            draws = (draws * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            drawn = pool.pop(((draws >> 32) * len(pool)) >> 32)
            if drawn in wanted:
                pick = drawn
            else:
                known.add(drawn)
        if pick:
            remaining.remove(pick)
            rampart.append(pick)
            judged.clear()
            if pick in CANNONS and advanced:
                _fire(state, ramparts, active, seat)
            if len(rampart) >= TARGET_LENGTH:
                return _shares(state, ramparts, active, seat)
        seat = after[seat]


def _fire(state: FortissimoState, ramparts: list[list[int]], active: list[int], seat: int) -> None:
    targets = []
    for other in active:
        if other != seat:
            rampart = ramparts[other]
            last_tower = max(i for i, card in enumerate(rampart) if card in TOWERS)
            targets += [(other, card) for card in rampart[last_tower + 1 :]]
    if targets:
        target, card = bots.aim(ramparts, targets, state.options.crow_cap)
        ramparts[target].remove(card)


def _shares(state: FortissimoState, ramparts: list[list[int]], active: list[int], finisher: int | None) -> list[float]:
    rank: dict[int, tuple[int, ...]]  # compared as tuples: the first field that differs decides
    if state.options.variant == "advanced":
        rank = {s: (bots.points(ramparts[s], state.options.crow_cap), ramparts[s][-1]) for s in active}
    else:
        rank = {s: (s == finisher, len(ramparts[s]), ramparts[s][-1]) for s in active}
    best = max(rank.values())
    winners = [s for s in active if rank[s] == best]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.seats)]
