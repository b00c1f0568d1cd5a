"""The computer player: legal, sensible moves from its own view only.

It remembers every card it saw flipped (the view's ``seen``) and never looks
at a face-down card it has not seen. It takes a card when the step up from
its top card is small enough for the cards it still needs, favours bonus
cards in the advanced variant, and aims its cannon at the leader.
"""

from games.core import Rng
from games.fortissimo.cards import CROWS, KING, PRINCES, PRINCESSES, QUEEN, TARGET_LENGTH, kind
from games.fortissimo.models import Fire, Flip, FortissimoAction, FortissimoView, Insert, PutBack, Take


# Higher cards the grid should still hold per card needed after a take: lower
# takes too eagerly and blocks itself; higher waits too long (measured over
# 300 computer-only games: 3.5 ends 96% of them with a full rampart).
CANDIDATES_PER_CARD = 3.5


def _bonus(card: int) -> int:
    if card in (KING, QUEEN):
        return 3
    if card in PRINCES or card in PRINCESSES:
        return 2
    return CROWS.get(card, 0)


def _wanted(view: FortissimoView, seat: int, card: int) -> bool:
    """Is ``card`` a good next card on top of this seat's rampart?

    Yes when enough higher cards stay in the grid to finish the rampart after
    it: a few candidates per card still needed (fewer for a bonus card).
    When no card left meets that, any higher card will do.
    """
    top = view.ramparts[seat][-1]
    if card <= top:
        return False
    needed_after = TARGET_LENGTH - len(view.ramparts[seat]) - 1
    advanced = view.options.variant == "advanced"

    def good(candidate: int) -> bool:
        above = sum(c > candidate for c in view.remaining)
        return above >= CANDIDATES_PER_CARD * needed_after - (_bonus(candidate) if advanced else 0)

    return good(card) or not any(good(c) for c in view.remaining if c > top)


def choose(view: FortissimoView, legal: list[FortissimoAction], rng: Rng) -> FortissimoAction:
    seat = view.current
    first = legal[0]
    if isinstance(first, Fire):
        return _aim(view, legal)
    if view.phase == "decide" and view.flipped is not None:
        card = view.slots[view.flipped]
        assert card is not None
        if Take() in legal and _wanted(view, seat, card):
            return Take()
        if Insert() in legal and (_bonus(card) >= 2 or kind(card) == "cannon"):
            return Insert()
        return PutBack()
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:  # open grid: every card shows; climb slowly to take as many as possible
        return min(takes, key=lambda a: view.slots[a.slot] or 99)
    if not isinstance(first, Flip):
        return first  # only Magicien insertions are left on the open grid
    flips = [a for a in legal if isinstance(a, Flip)]
    good = [a for a in flips if a.slot in view.seen and _wanted(view, seat, view.seen[a.slot])]
    if good:
        return min(good, key=lambda a: view.seen[a.slot])
    unknown = [a for a in flips if a.slot not in view.seen]
    return rng.choice(unknown or flips)


def _aim(view: FortissimoView, legal: list[FortissimoAction]) -> FortissimoAction:
    """Hit the leader, on its most valuable card, sparing its top card if possible."""

    def standing(seat: int) -> tuple[int, int]:
        if view.scores is not None:
            return (view.scores[seat].total, len(view.ramparts[seat]))
        return (len(view.ramparts[seat]), view.ramparts[seat][-1])

    fires = [a for a in legal if isinstance(a, Fire)]
    leader = max({a.target for a in fires}, key=standing)
    options = [a for a in fires if a.target == leader]

    def value(action: Fire) -> tuple[int, int]:
        is_top = action.card == view.ramparts[action.target][-1]
        return (_bonus(action.card), 0 if is_top else 1)

    return max(options, key=value)
