"""Pure helpers over characters and the step 1.5 planner (no state, no chance).

Step 1.5 ("Stats Ennemis") is a small deterministic process with ties left to
the player. ``fill_options`` lists what may happen next from a point of that
process; ``fill_outcomes`` gives every table the rest of the step can end on,
so the engine asks a tie only when its options lead to different tables
(house rule 21). Everything here is public information.
"""

from functools import lru_cache

from games.forteresse.cards import MAX_STATS, is_lieu, suit_of, value


def power(stats: list[str] | tuple[str, ...]) -> int:
    """Puissance: the total value of the attached Stats (a Boss's Lieu included)."""
    return sum(value(s) for s in stats)


def is_boss(stats: list[str] | tuple[str, ...]) -> bool:
    """House rule 3: an Enemy is a Boss while one of its Stats is a Lieu."""
    return any(is_lieu(s) for s in stats)


def can_attach(stat: str, character: str, stats: list[str] | tuple[str, ...]) -> bool:
    """Two Stats at most; one of them of the character's suit, checked now (house rule 2).

    The first Stat must be of the character's suit, unless the character already
    holds one (a Boss whose Lieu is of another suit then needs one of its suit).
    """
    if len(stats) >= MAX_STATS:
        return False
    own = suit_of(character)
    return suit_of(stat) == own or any(suit_of(s) == own for s in stats)


def highest(stats: list[str]) -> list[str]:
    """The Stats of highest value (several on a tie), in attachment order."""
    top = max(value(s) for s in stats)
    return [s for s in stats if value(s) == top]


# -- step 1.5 -----------------------------------------------------------------
# A point of the process: (current, queue, stats, reserve)
#   current: the Enemy being filled, or None between Enemies;
#   queue:   the Enemies still to fill, by Power at the start of the step;
#   stats:   ((enemy, (stat, ...)), ...) for the current and queued Enemies;
#   reserve: the Stats still in the Reserve, in Reserve order.
FillPoint = tuple[str | None, tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]]


def _get(stats: tuple[tuple[str, tuple[str, ...]], ...], enemy: str) -> tuple[str, ...]:
    for card, held in stats:
        if card == enemy:
            return held
    raise KeyError(enemy)


def _receives(enemy: str, held: tuple[str, ...], reserve: tuple[str, ...]) -> bool:
    return any(can_attach(s, enemy, held) for s in reserve)


def fill_options(point: FillPoint) -> list[tuple[str | None, FillPoint]] | None:
    """What may happen next: (choice, next point) pairs; None once the step is over.

    A choice is an Enemy (which one to fill next), a Stat (which one the current
    Enemy takes) or None (the current Enemy can take nothing more).
    """
    current, queue, stats, reserve = point
    if current is None:
        ready = tuple(e for e in queue if _receives(e, _get(stats, e), reserve))
        if not ready:
            return None
        top = power(_get(stats, ready[0]))
        group = [e for e in ready if power(_get(stats, e)) == top]
        return [(e, (e, tuple(x for x in ready if x != e), stats, reserve)) for e in group]
    held = _get(stats, current)
    legal = [s for s in reserve if can_attach(s, current, held)]
    if not legal:
        return [(None, (None, queue, stats, reserve))]
    own = suit_of(current)
    pool = [s for s in legal if suit_of(s) == own] or legal
    best = max(value(s) for s in pool)
    options: list[tuple[str | None, FillPoint]] = []
    for stat in (s for s in pool if value(s) == best):
        now = held + (stat,)
        new_stats = tuple((e, now if e == current else h) for e, h in stats)
        left = tuple(s for s in reserve if s != stat)
        nxt = current if len(now) < MAX_STATS and _receives(current, now, left) else None
        options.append((stat, (nxt, queue, new_stats, left)))
    return options


def _table(point: FillPoint) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]]:
    """A finished step up to what matters: Enemies of one suit are interchangeable."""
    _, _, stats, reserve = point
    enemies = tuple(sorted((suit_of(e), tuple(sorted(h))) for e, h in stats))
    return enemies, tuple(sorted(reserve))


@lru_cache(maxsize=4096)
def fill_outcomes(point: FillPoint) -> frozenset:
    """Every table the step can end on from ``point``, over all the player's choices."""
    options = fill_options(point)
    if options is None:
        return frozenset({_table(point)})
    found: frozenset = frozenset()
    for _, nxt in options:
        found |= fill_outcomes(nxt)
    return found
