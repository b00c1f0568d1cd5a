"""The strong computer player: the normal player's choices, checked by play-outs.

Forteresse Solo is a short solitaire (about nine turns, fifty decisions) whose luck lies in
the order of two decks. A tree search over it would spend its budget on draws it cannot
steer, so the strong level runs a rollout search instead: at a real choice it deals a few
samples of what it cannot see (``determinize``: the unseen cards of both decks and the
Doors pile, in random orders, and a fresh generator), plays each candidate move
(``search_actions``) on every sample, and lets the normal player finish the game from there.
Every candidate meets the same samples and the same later chances (common random numbers),
so the comparison measures the move, not the luck. The move with the most wins is played if
it beats the normal player's own move by ``MARGIN`` play-outs (a few samples are noisy); else
the normal move is. A play-out still running after ``HORIZON`` turns (none does: the deck runs
out long before) is scored by ``evaluate``. The choices searched are the few where play-outs
were measured to beat the normal player (``SEARCHED``); elsewhere the strong level plays as
the normal one.

Play-outs mutate one private copy per sample and candidate (``ForteresseEngine.play_in_place``)
and read a light view (``fast_view``): that is where the time goes.
"""

from collections.abc import Callable
from typing import Any, cast

from games.core import Analysis, Rng
from games.forteresse import bots
from games.forteresse.cards import FORTRESS, PLAYER, category, full_deck, rank_of, suit_of
from games.forteresse.models import (
    Character,
    Discard,
    Explore,
    ForteresseAction,
    ForteresseState,
    ForteresseView,
    Pass,
    Pick,
    Site,
)
from games.forteresse.view_fields import view_fields

# The choices the search weighs: exploring, and the 4.2 trade (the card given up, the card taken
# back). Measured on 25 positions of each kind of choice from 60 normal games (48 play-outs a
# move, half to pick the best, half to score it), the best move beat the normal player's by 1
# to 5 points of winning chances there; elsewhere (the first hand, the Heroes, the Lieux,
# bribes, defence, attacks, the Key) by 1 point at most, or lost: not worth the time.
SEARCHED = frozenset({"explore", "restore", "retrieve"})
ITERATIONS = 18  # play-outs per decision by default (p99 about 250 ms of CPU time)
ROUNDS = 3  # samples every candidate meets at least
CANDIDATES = 6  # moves weighed at most
MARGIN = 2  # play-outs won beyond the normal player's move before another move is preferred
HORIZON = 40  # turns a play-out may run before ``evaluate`` scores it (a game lasts about nine)


# -- determinize ------------------------------------------------------------------------
def determinize(view: ForteresseView, rng: Rng) -> ForteresseState | None:
    """A whole state the player's view allows: the cards it does not show (the deck, the
    Fortress, the Doors pile) dealt at random from those no zone of the view holds."""
    if view.seat != 0 or view.hand is None or view.result is not None:
        return None
    hand = view.hand
    played = view.exploration.lieux if view.exploration else []
    mine = set(hand) | set(view.discard) | set(played) | {c for c in view.out_of_game if c[0] == PLAYER}
    for hero in view.heroes:
        mine |= {hero.card, *hero.stats}
    deck = [c for c in full_deck(PLAYER) if c not in mine]
    theirs = set(view.fortress_discard) | set(view.reserve) | {c for c in view.out_of_game if c[0] == FORTRESS}
    for site in view.sites:
        theirs |= {site.treasure, *site.lieux, *([site.door] if site.door else [])}
    for enemy in view.enemies:
        theirs |= {enemy.card, *enemy.stats}
    unseen = [c for c in full_deck(FORTRESS) if c not in theirs]
    doors = [c for c in unseen if rank_of(c) == "A"]
    fortress = [c for c in unseen if rank_of(c) != "A"]
    if len(deck) != view.deck_size or len(doors) != view.doors_left or len(fortress) != view.fortress_size:
        return None  # pragma: no cover - a view the engine did not make
    rng.shuffle(deck)
    rng.shuffle(doors)
    rng.shuffle(fortress)
    prompt = view.prompt
    explorer = next((h.card for h in view.heroes if h.explorer), None)
    place = None
    if view.exploration is not None:
        place = next(i for i, s in enumerate(view.sites) if s.suit == view.exploration.path)
    fighting = None
    if prompt is not None and prompt.kind == "discard":
        fighting = prompt.focus
    elif prompt is not None and prompt.kind == "lose_stat" and view.step == "3.4":
        fighting = next((h.blocking for h in view.heroes if h.card == prompt.focus), None)
    resume = None
    if prompt is not None and prompt.kind == "boss":
        resume = "3.1" if view.step == "2.6" else "4.4"
    fill_current = prompt.focus if prompt is not None and prompt.kind == "enemy_stat" else None
    fill_queue: list[str] = []
    if prompt is not None and prompt.kind in ("enemy_order", "enemy_stat"):
        waiting = [e for e in view.enemies if len(e.stats) < 2 and e.card != fill_current]
        fill_queue = [e.card for e in sorted(waiting, key=lambda e: -e.power)]
    # Who blocks or attacks whom: either side may have died since, so both sides tell.
    blocks = {e.card: e.blocked_by for e in view.enemies if e.blocked_by is not None}
    blocks |= {h.blocking: h.card for h in view.heroes if h.blocking is not None}
    attacks = {h: e.card for e in view.enemies for h in e.attackers}
    attacks |= {h.card: h.attacking for h in view.heroes if h.attacking is not None}
    return ForteresseState.model_construct(
        schema_version=1,
        seats=1,
        rng=Rng.from_seed(rng.next_u64()),
        options=view.options,
        turn=view.turn,
        step=view.step,
        prompt=prompt,
        result=None,
        end_reason=None,
        hand=list(hand),
        deck=deck,
        discard=list(view.discard),
        out=list(view.out_of_game),
        heroes=[Character.model_construct(card=h.card, stats=list(h.stats), tapped=h.tapped) for h in view.heroes],
        mulligan_used=not view.mulligan_available,
        fortress=fortress,
        fortress_discard=list(view.fortress_discard),
        reserve=list(view.reserve),
        enemies=[Character.model_construct(card=e.card, stats=list(e.stats), tapped=False) for e in view.enemies],
        doors=doors,
        sites=[
            Site.model_construct(
                treasure=s.treasure,
                lieux=list(s.lieux),
                explored=s.status == "explored",
                door=s.door,
                pillaged=s.pillaged,
            )
            for s in view.sites
        ],
        explorer=explorer,
        site=place,
        played=list(played),
        fill_current=fill_current,
        fill_queue=fill_queue,
        bribed=[e.card for e in view.enemies if e.bribed],
        boosts={e.card: e.boost for e in view.enemies if e.boost is not None},
        blocks=blocks,
        attacks=attacks,
        combat_queue=list(view.combat_order),
        fighting=fighting,
        resume=resume,
    )


# -- a light view for play-outs ----------------------------------------------------------
class _Light:
    """An attribute bag standing for one of the view's models in play-outs (no validation)."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


def fast_view(state: ForteresseState) -> ForteresseView:
    """What ``ForteresseEngine.view(state, 0)`` holds, as plain attribute bags: the computer
    players read it the same way (a test checks every field against the real view), for a
    fraction of the cost."""
    fields = view_fields(state, _Light, _Light, _Light, _Light)
    return cast(ForteresseView, _Light(seat=0, **fields, hand=list(state.hand), outcome=None))


# -- evaluate ------------------------------------------------------------------------------
def evaluate(state: ForteresseState) -> float:
    """A rough chance of winning from an unfinished state: Treasures pillaged and within reach."""
    pillaged = sum(s.pillaged for s in state.sites)
    keys = {suit_of(c) for c in state.hand if rank_of(c) == "A"}
    ready = sum(1 for s in state.sites if not s.pillaged and s.explored and s.door and suit_of(s.door) in keys)
    return min(1.0, (pillaged + 0.5 * ready) / 3) * min(1.0, len(state.deck) / 12 + 0.3)


# -- the search --------------------------------------------------------------------------
def candidates(view: ForteresseView, legal: list[ForteresseAction]) -> list[ForteresseAction]:
    """The moves worth weighing, at most ``CANDIDATES``: the normal player's first, then the Pass,
    then the others by the normal player's own measure (``_prior``); a discard of a card stands
    for any discard of the same card."""
    hand = view.hand or []
    normal = bots.choose(view, legal, Rng.from_seed(0))
    kept: dict[str, ForteresseAction] = {_shape(normal, hand): normal}
    others = sorted(legal, key=lambda action: _prior(view, action), reverse=True)
    for action in [a for a in legal if isinstance(a, Pass)] + others:
        kept.setdefault(_shape(action, hand), action)
    return list(kept.values())[:CANDIDATES]


def _prior(view: ForteresseView, action: ForteresseAction) -> float:
    """How promising a move looks before any play-out: for a trade, the hand it leads to; for
    exploring, a Path nearer its Treasure, with the weakest Hero that can do it."""
    hand = view.hand or []
    if isinstance(action, Pick) and view.prompt is not None and view.prompt.kind == "retrieve":
        return bots.hand_score(view, hand + [action.card])
    if isinstance(action, Discard):
        rest = hand[: action.card] + hand[action.card + 1 :]
        taken = [c for c in view.discard if category(c) != category(hand[action.card])]
        return max((bots.hand_score(view, rest + [c]) for c in taken), default=bots.hand_score(view, rest))
    if isinstance(action, Explore):
        site = next(s for s in view.sites if s.suit == action.path)
        power = next(h.power for h in view.heroes if h.card == action.hero)
        return {"explored": 100.0, "open": 50.0}.get(site.status, 0.0) - power
    return 0.0


def _shape(action: ForteresseAction, hand: list[str]) -> str:
    """What tells two moves apart: a discard is named by its card, not by its place in the hand."""
    token = action.token()
    return "ds" + hand[int(token[2:])] if token.startswith("ds") else token


def rollout(engine: Any, state: ForteresseState, rng: Rng, horizon: int) -> float:
    """Plays ``state`` (a private copy, changed in place) to the end with the normal player."""
    while state.result is None:
        if state.turn >= horizon:
            return evaluate(state)
        legal = engine.legal_actions(state, 0)
        action = legal[0] if len(legal) == 1 else bots.choose(fast_view(state), legal, rng)
        engine.play_in_place(state, action)
    return 1.0 if state.result == "won" else 0.0


def analyse(
    engine: Any,
    view: ForteresseView,
    legal: list[ForteresseAction],
    rng: Rng,
    iterations: int,
    stop: Callable[[], bool] | None = None,
) -> Analysis:
    """The candidate that wins most play-outs on the same samples, if it wins ``MARGIN`` more than
    the normal player's move; else that move. ``stop`` (the caller's clock) ends the rounds early.
    Its grounds: the share of play-outs the move won, and the best other candidate's."""
    if len(legal) == 1:
        return Analysis(legal[0], "only")
    normal = bots.choose(view, legal, rng.model_copy())
    if view.prompt is None or view.prompt.kind not in SEARCHED:
        return Analysis(normal, "rule")
    first = determinize(view, Rng.from_seed(rng.next_u64()))
    if first is None:
        return Analysis(normal, "rule")
    moves = candidates(view, legal)
    if len(moves) < 2:
        return Analysis(normal, "forced")
    totals = [0.0] * len(moves)
    rounds = max(ROUNDS, iterations // len(moves))
    horizon = view.turn + HORIZON
    played = 0
    for done in range(rounds):
        if stop is not None and done and stop():
            break
        sample = first if done == 0 else determinize(view, rng)
        assert sample is not None
        seed = rng.next_u64()
        for i, move in enumerate(moves):
            work = engine.copy_state(sample)
            work.rng = Rng.from_seed(seed)
            engine.play_in_place(work, move)
            totals[i] += rollout(engine, work, Rng.from_seed(seed ^ 0x5DEECE66D), horizon)
        played += 1
    best = max(range(len(moves)), key=lambda i: (totals[i], i == 0))
    chosen = best if totals[best] >= totals[0] + MARGIN else 0
    other = max(totals[i] for i in range(len(moves)) if i != chosen)
    return Analysis(moves[chosen], "searched", totals[chosen] / played, played, other / played, played)
