"""Monte Carlo tree search for the strong computer players, over the engine's own ``apply``.

Hidden information and chance: each iteration first samples a whole state consistent with
the searching seat's view (``Engine.determinize``: other hands, face-down cards, the deck's
order and the future dice, drawn from what the view allows), then walks one tree shared by
all samples (single-observer information-set MCTS): a node's children are keyed by action
tokens, and only the actions legal in the current sample compete, each scored by how often
it was available (UCB1 with availability counts). Play-outs take uniformly random moves
(``Engine.search_actions``) for a bounded number of steps; a play-out cut short is scored by
``Engine.evaluate``, a finished one by its outcome. Rewards are per seat, so the same tree
serves games of two to six players.

Budget: ``iterations``, and ``stop`` (a callable the caller checks against its own clock;
games have none). Same seed, same budget in iterations: same decision.

``analyse`` gives the decision with its grounds (``Analysis``: how often the move won in the
search's samples, against the next most visited move), for a player's hint; ``search`` is its move.
"""

import math
from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from games.core.rng import Rng

# How the strong level came to its move, for a hint: it searched; the move is the only legal one;
# the only one worth weighing; drawn at random (nothing to read from the other side); played by a
# rule of thumb, without a search; one of several alike moves (cards nobody has seen: any will do);
# or a move a person cannot be told: a trial's attempt (a computer
# wins it at a rate), or a word the computer reads from cards the player does not see.
Grounds = Literal["searched", "only", "forced", "alike", "random", "rule", "trial", "secret"]
WITHHELD: frozenset[Grounds] = frozenset({"trial", "secret"})  # a hint names no move on these grounds


class Analysis(NamedTuple):
    """The strong level's decision and its grounds. From a search, ``score`` is the move's mean
    reward over the ``games`` played out with it (its share of them won, or their estimate where a
    play-out is cut short), ``runner_up`` and ``runner_up_games`` the same for the move the search
    weighed most after it (None: no other move was tried)."""

    move: Any
    grounds: Grounds
    score: float | None = None
    games: int = 0
    runner_up: float | None = None
    runner_up_games: int = 0


EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
PLAYOUT_STEPS = 40  # random moves after the tree before a play-out is scored
STOP_EVERY = 16  # iterations between two looks at ``stop``


class Node:
    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat  # who made the move leading here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # the mover's total reward through this node

    def score(self) -> float:
        """UCB1, where the parent's count is how often this move was available (ISMCTS)."""
        mean = self.reward / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def rewards(engine: Any, state: Any) -> list[float]:
    """Each seat's share of the win in a finished game (winners share 1), else the engine's estimate."""
    outcome = engine.outcome(state)
    if outcome is None:
        return list(engine.evaluate(state))
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    return [share if seat in outcome.winners else 0.0 for seat in range(state.seats)]


def acting(engine: Any, state: Any) -> int | None:
    seats = engine.to_act(state)
    return min(seats) if seats else None


def search(
    engine: Any, view: Any, legal: list[Any], rng: Rng, iterations: int, stop: Callable[[], bool] | None = None
) -> Any:
    """The most visited of ``legal`` after the budget; ``legal[0]`` when nothing could be sampled."""
    return analyse(engine, view, legal, rng, iterations, stop).move


def analyse(
    engine: Any, view: Any, legal: list[Any], rng: Rng, iterations: int, stop: Callable[[], bool] | None = None
) -> Analysis:
    """``search``'s decision with its grounds: the mean reward of the chosen move and of the next
    most visited one."""
    if len(legal) == 1:
        return Analysis(legal[0], "only")
    root = Node()
    by_token = {action.token(): action for action in legal}
    for done in range(iterations):
        if stop is not None and done % STOP_EVERY == 0 and done and stop():
            break
        state = engine.determinize(view, rng)
        if state is None:
            break
        _iterate(engine, root, state, rng)
    visited = sorted(
        ((child.visits, token) for token, child in root.children.items() if token in by_token), reverse=True
    )
    if not visited:
        return Analysis(legal[0], "rule")
    (games, best), *others = [(visits, root.children[token].reward / visits) for visits, token in visited[:2]]
    second = others[0] if others else (0, None)
    return Analysis(by_token[visited[0][1]], "searched", best, games, second[1], second[0])


def _iterate(engine: Any, root: Node, state: Any, rng: Rng) -> None:
    path = [root]
    node = root
    # Selection and expansion, over the moves legal in this sample.
    while (mover := acting(engine, state)) is not None:
        moves = {action.token(): action for action in engine.search_actions(state, mover)}
        if not moves:
            break
        for token in moves:
            if token in node.children:
                node.children[token].available += 1
        untried = [token for token in moves if token not in node.children]
        if untried:
            token = rng.choice(untried)
            child = node.children[token] = Node(mover)
            child.available = 1
            state = engine.apply(state, mover, moves[token]).state
            path.append(child)
            break
        token = max(moves, key=lambda t: node.children[t].score())
        node = node.children[token]
        state = engine.apply(state, mover, moves[token]).state
        path.append(node)
    # Play-out.
    for _ in range(PLAYOUT_STEPS):
        if (mover := acting(engine, state)) is None:
            break
        moves = engine.search_actions(state, mover)
        if not moves:
            break
        state = engine.apply(state, mover, rng.choice(moves)).state
    # Back-propagation: each node learns the reward of the seat that moved into it.
    reward = rewards(engine, state)
    for visited in path:
        visited.visits += 1
        if visited.seat is not None:
            visited.reward += reward[visited.seat]
