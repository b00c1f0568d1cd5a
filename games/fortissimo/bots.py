"""The computer players' judgment, from their own view only (the strong level's search is in strong.py).

Normal: it remembers every card it saw flipped (the view's ``seen``) and never looks at a
face-down card it has not seen. It takes a card when the step up from its top card is small
enough for the cards it still needs, favours bonus cards in the advanced variant, and aims
its cannon at the leader. Easy: the same judgment with a beginner's mistakes: it remembers
only some of the cards it saw flipped, and takes a card too eagerly (it blocks itself sooner).
"""

from bisect import bisect_right
from math import ceil

from games.core import Rng
from games.fortissimo.cards import (
    CARDS,
    CROW_CAP,
    CROWS,
    KING,
    PRINCES,
    PRINCESSES,
    QUEEN,
    ROYAL_BONUS,
    TARGET_LENGTH,
    kind,
)
from games.fortissimo.models import Fire, Flip, FortissimoAction, FortissimoView, Insert, PutBack, Take

# Higher cards the grid should still hold per card needed after a take: lower takes
# too eagerly and blocks itself, higher waits too long. It is a race: a quarter less per
# card behind the closest rival, a quarter more per card ahead. Measured in two-player
# games against the first computer player (a flat 3.5): a flat 3.0 wins 60% of them, this 68%.
CANDIDATES_PER_CARD = 3.0
RACE_STEP = 0.25
LEAST, MOST = 2.0, 4.0  # the bounds of that bar
EASY_CANDIDATES_PER_CARD = 1.0  # the beginner's eagerness: any card with a few above it
EASY_MEMORY = 0.4  # the share of the cards it saw flipped that the beginner still knows where to find


def _bonus(card: int) -> int:
    if card in (KING, QUEEN):
        return 3
    if card in PRINCES or card in PRINCESSES:
        return 2
    return CROWS.get(card, 0)


BONUS = tuple(_bonus(card) for card in range(max(CARDS) + 1))  # what a card adds to its base point, by number


def race_bar(mine: int, best_rival: int) -> float:
    """The normal player's ``per_card`` with a rampart of ``mine`` cards, the longest rival's
    holding ``best_rival``: a race, so it waits less when behind and more when ahead."""
    return min(MOST, max(LEAST, CANDIDATES_PER_CARD + RACE_STEP * (mine - best_rival)))


def rival_length(ramparts: list[list[int]], resigned: list[bool], seat: int) -> int:
    """The longest rampart among the other players still in the game."""
    return max((len(r) for s, r in enumerate(ramparts) if s != seat and not resigned[s]), default=len(ramparts[seat]))


def worth_taking(remaining: list[int], top: int, length: int, advanced: bool, per_card: float) -> set[int]:
    """The cards left in the grid (``remaining``, sorted) worth taking on a rampart of ``length``
    cards topped by ``top``.

    Those after which enough higher cards stay to finish the rampart: ``per_card`` candidates
    per card still needed (up to 3 fewer for a bonus card in the advanced variant). When no
    card above ``top`` meets that, any higher card will do.
    """
    needed = ceil(per_card * (TARGET_LENGTH - length - 1))
    count = len(remaining)
    start = bisect_right(remaining, top)
    # Sorted and distinct: the card at index i has count - 1 - i above it.
    enough = max(count - needed, 0)  # the indices below it have enough above
    good = set(remaining[start:enough])
    if advanced:  # a bonus lowers the bar by 3 at most
        for index in range(max(start, enough), min(count, enough + 3)):
            if count - 1 - index >= needed - BONUS[remaining[index]]:
                good.add(remaining[index])
    return good or set(remaining[start:])


def points(rampart: list[int], crow_cap: bool) -> int:
    """``scoring.score(rampart, crow_cap).total``, without building the detail (play-outs count often)."""
    princes = princesses = crows = royals = 0
    for card in rampart:
        if card in PRINCES:
            princes += 1
        elif card in PRINCESSES:
            princesses += 1
        elif card in (KING, QUEEN):
            royals += 1
        else:
            crows += CROWS.get(card, 0)
    return (
        len(rampart)
        + ROYAL_BONUS * royals
        + princes
        + princesses
        + min(princes, princesses)
        + (min(crows, CROW_CAP) if crow_cap else crows)
    )


def aim(ramparts: list[list[int]], targets: list[tuple[int, int]], crow_cap: bool) -> tuple[int, int]:
    """A cannon's shot: the leader (most points, then longest), on its most valuable card,
    sparing its top card if possible."""

    def standing(seat: int) -> tuple[int, int]:
        return (points(ramparts[seat], crow_cap), len(ramparts[seat]))

    leader = max({target for target, _ in targets}, key=standing)

    def value(target: tuple[int, int]) -> tuple[int, int]:
        return (BONUS[target[1]], 0 if target[1] == ramparts[leader][-1] else 1)

    return max((t for t in targets if t[0] == leader), key=value)


def choose(view: FortissimoView, legal: list[FortissimoAction], rng: Rng) -> FortissimoAction:
    """The normal level."""
    assert view.seat is not None
    bar = race_bar(len(view.ramparts[view.seat]), rival_length(view.ramparts, view.resigned, view.seat))
    return _choose(view, legal, rng, view.seen, bar)


def choose_easy(view: FortissimoView, legal: list[FortissimoAction], rng: Rng) -> FortissimoAction:
    """The easy level: a patchy memory (drawn afresh each turn) and too eager a hand."""
    memory = {slot: card for slot, card in sorted(view.seen.items()) if rng.below(100) < EASY_MEMORY * 100}
    if view.flipped is not None:
        memory[view.flipped] = view.seen[view.flipped]  # the card in front of it
    return _choose(view, legal, rng, memory, EASY_CANDIDATES_PER_CARD)


def _choose(
    view: FortissimoView, legal: list[FortissimoAction], rng: Rng, memory: dict[int, int], per_card: float
) -> FortissimoAction:
    assert view.seat is not None
    seat = view.seat
    advanced = view.options.variant == "advanced"
    rampart = view.ramparts[seat]

    wanted = worth_taking(view.remaining, rampart[-1], len(rampart), advanced, per_card)

    first = legal[0]
    if isinstance(first, Fire):
        target, card = aim(
            view.ramparts, [(a.target, a.card) for a in legal if isinstance(a, Fire)], view.options.crow_cap
        )
        return Fire(target=target, card=card)
    if view.phase == "decide" and view.flipped is not None:
        shown = view.slots[view.flipped]
        assert shown is not None
        if Take() in legal and shown in wanted:
            return Take()
        if Insert() in legal and (BONUS[shown] >= 2 or kind(shown) == "cannon"):
            return Insert()
        return PutBack()
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:  # open grid: every card shows; climb slowly to take as many as possible

        def height(take: Take) -> int:
            assert take.slot is not None  # an open grid's take names its slot
            return view.slots[take.slot] or 99

        return min(takes, key=height)
    if not isinstance(first, Flip):
        return first  # only Magicien insertions are left on the open grid
    flips = [a for a in legal if isinstance(a, Flip)]
    known = [a for a in flips if a.slot in memory and memory[a.slot] in wanted]
    if known:
        return min(known, key=lambda a: memory[a.slot])
    unknown = [a for a in flips if a.slot not in memory]
    return rng.choice(unknown or flips)
