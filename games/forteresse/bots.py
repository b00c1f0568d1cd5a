"""The computer player's easy and normal levels: choices from the player's own view only
(the strong level, games/forteresse/strong.py, checks the normal one's by play-outs).

It never looks at the deck, the Fortress or the Doors pile (the view has only
their sizes). Its plan, in short: mulligan a first hand that cannot recruit a
Hero; recruit every Hero it can and give them all its Stats; go back to an
explored Path when it holds the Key of its Door, else explore an open Path
when the Hero and the Lieux in hand beat the difficulty by a margin; bribe the
attackers it cannot defend with its Tens; defend against every attacker it
can, the biggest threats first, with a Hero that surely survives or else the
one best able to lose a Stat; then attack with every untapped Hero where the
Heroes (plus at most one Hero Boost) surely beat the Enemy, Bosses first (a
dead Boss brings a Key); at 4.2 make the trade that most improves the hand (or spoils it least); on a
Boss test tie, leave the Lieu that can still complete a Path in the Reserve.
Tuned with bench/forteresse.py (1,000 seeded games): about a third are won.
The easy level (at the end) simplifies a few of these choices, as a beginner would.
"""

from games.core import Rng
from games.forteresse.cards import (
    ACE,
    FIGURE,
    LIEU,
    PLAYER,
    TEN,
    category,
    is_lieu,
    is_stat,
    suit_of,
    value,
)
from games.forteresse.models import (
    Attach,
    Attack,
    Block,
    Bribe,
    Discard,
    EnemyView,
    Explore,
    Fight,
    ForteresseAction,
    ForteresseView,
    Mulligan,
    Pair,
    Pass,
    Pick,
    PlayLieu,
    Recruit,
)

# Points above the Path's difficulty wanted before exploring: the Path Boost adds
# 0 most of the time, 2 to 5 otherwise (measured by bench/forteresse.py).
EXPLORE_MARGIN = 1
MAX_BOOST = 5
# 4.2: the trade is made unless it leaves the hand this much worse by ``_hand_score``. Trading
# often pays (the card given up stays in the discard, within reach of a later trade): measured
# over 2,000 seeded games, 37.6% won against 34.3% when only clear gains were traded.
TRADE_GAIN = -5.0


def choose(view: ForteresseView, legal: list[ForteresseAction], rng: Rng, level: str = "normal") -> ForteresseAction:
    """The ``normal`` player's move, or the ``easy`` one's (``_EASY`` replaces a few handlers)."""
    prompt = view.prompt
    if prompt is None or len(legal) == 1:
        return legal[0]
    kind = prompt.kind
    handler = (_EASY if level == "easy" else {}).get(kind) or _HANDLERS.get(kind)
    action = handler(view, legal) if handler else None
    if action is None or action not in legal:
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes else legal[0]
    return action


# -- what a hand is worth ------------------------------------------------------
def _wanted_keys(view: ForteresseView) -> set[str]:
    """Keys for Doors already revealed on Treasures not yet pillaged."""
    return {PLAYER + "A" + suit_of(s.door) for s in view.sites if s.door and not s.pillaged}


# -- 1.1 and 1.2 ----------------------------------------------------------------
def _mulligan(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction:
    hand = view.hand or []
    heroes = [c for c in hand if category(c) == FIGURE]
    recruitable = any(is_stat(s) and suit_of(s) == suit_of(h) for h in heroes for s in hand)
    return Mulligan(take=not recruitable)


def _heroes(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    hand = view.hand or []
    recruits = [a for a in legal if isinstance(a, Recruit)]
    if recruits:
        return max(recruits, key=lambda a: value(hand[a.stat]))
    attaches = [a for a in legal if isinstance(a, Attach)]
    if attaches:
        power = {h.card: h.power for h in view.heroes}
        return max(attaches, key=lambda a: (value(hand[a.stat]), -power[a.hero]))
    return None


# -- 2.1 and 2.3 ----------------------------------------------------------------
def _explore(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    hand = view.hand or []
    explores = [a for a in legal if isinstance(a, Explore)]
    sites = {s.suit: s for s in view.sites}
    power = {h.card: h.power for h in view.heroes}
    spare = len(view.heroes) - len(view.enemies)
    keys = set(hand)
    # A Key for a Door on an explored Path: pillage with the weakest Hero.
    for action in sorted(explores, key=lambda a: power[a.hero]):
        site = sites[action.path]
        if site.status == "explored" and site.door and PLAYER + "A" + suit_of(site.door) in keys:
            return action
    lieux = sum(value(c) for c in hand if is_lieu(c))
    best = None
    for action in explores:
        site = sites[action.path]
        if site.status != "open":
            continue
        margin = power[action.hero] + lieux - site.difficulty
        if margin >= EXPLORE_MARGIN:
            score = (margin >= MAX_BOOST, -power[action.hero], margin)
            if best is None or score > best[0]:
                best = (score, action)
    if best:
        return best[1]
    if spare >= 2:
        visits = [a for a in explores if sites[a.path].status == "incomplete"]
        if visits:
            return min(visits, key=lambda a: power[a.hero])
    return None


def _lieux(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    hand = view.hand or []
    exploration = view.exploration
    assert exploration is not None
    site = next(s for s in view.sites if s.suit == exploration.path)
    plays = [a for a in legal if isinstance(a, PlayLieu)]
    same = [a for a in plays if suit_of(hand[a.card]) == site.suit]
    if not any(suit_of(c) == site.suit for c in exploration.lieux) and same:
        return max(same, key=lambda a: value(hand[a.card]))
    if exploration.points >= site.difficulty + MAX_BOOST or not plays:
        return None
    return max(plays, key=lambda a: value(hand[a.card]))


# -- 3.2 to 3.7 -------------------------------------------------------------------
def _threat(enemy: EnemyView) -> tuple[int, int]:
    return (max((value(s) for s in enemy.stats), default=0), enemy.power)


def _bribe(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    bribes = [a for a in legal if isinstance(a, Bribe)]
    enemies = {e.card: e for e in view.enemies}
    defenders = sum(1 for h in view.heroes if not h.tapped)
    threats = sorted(view.enemies, key=_threat, reverse=True)
    undefended = [e.card for e in threats[defenders:]] or [threats[0].card]
    for card in undefended:
        options = [a for a in bribes if a.enemy == card]
        if not options:
            continue
        need = 1 if enemies[card].power + MAX_BOOST <= 10 or enemies[card].power <= 7 else 2
        fitting = [a for a in options if a.tens == need] or [max(options, key=lambda a: a.tens)]
        return fitting[0]
    return None


def _defenders(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    blocks = [a for a in legal if isinstance(a, Block)]
    if not blocks:
        return None
    free = {a.hero for a in blocks}
    open_enemies = {a.enemy for a in blocks}
    heroes = sorted((h for h in view.heroes if h.card in free), key=lambda h: (h.power, h.life), reverse=True)
    attackers = sorted((e for e in view.enemies if e.card in open_enemies), key=_threat, reverse=True)
    target = attackers[0]
    # A Hero that surely survives (Power above the attacker's plus the biggest boost),
    # the weakest such; else the one most likely to survive a lost Stat.
    safe = [h for h in heroes if h.power > target.power + MAX_BOOST]
    if safe:
        return Block(hero=safe[-1].card, enemy=target.card)
    return Block(hero=max(heroes, key=lambda h: (h.life, -h.power)).card, enemy=target.card)


def _boosts(view: ForteresseView) -> list[int]:
    hand = view.hand or []
    return sorted(value(c) for c in hand if is_stat(c))


def _attackers(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    """Plan every kill from scratch (Bosses first, then the biggest threats) and
    declare the first attacker of the plan not yet declared."""
    attacks = [a for a in legal if isinstance(a, Attack)]
    if not attacks:
        return None
    free = sorted((h for h in view.heroes if h.card in {a.hero for a in attacks}), key=lambda h: h.power)
    boosts = _boosts(view)
    order = sorted(view.enemies, key=lambda e: (e.boss, _threat(e)), reverse=True)
    for enemy in order:
        committed = sum(h.power for h in view.heroes if h.attacking == enemy.card)
        bonus = boosts[-1] if boosts else 0
        need = enemy.power - committed - bonus
        if need <= 0:
            continue
        single = [h for h in free if h.power >= need]
        if single:
            return Attack(hero=single[0].card, enemy=enemy.card)
        if sum(h.power for h in free) >= need:
            return Attack(hero=free[-1].card, enemy=enemy.card)
    return None


def _fights(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction:
    hand = view.hand or []
    enemies = {e.card: e for e in view.enemies}
    fights = [a for a in legal if isinstance(a, Fight)]

    def score(action: Fight) -> tuple[int, int, int]:
        enemy = enemies[action.enemy]
        attack = sum(h.power for h in view.heroes if h.attacking == action.enemy)
        boost = value(hand[action.boost]) if action.boost is not None else 0
        wins = attack + boost >= enemy.power
        return (int(wins), int(enemy.boss), -boost)

    return max(fights, key=score)


def _discard(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction:
    hand = view.hand or []
    discards = [a for a in legal if isinstance(a, Discard)]
    return max(discards, key=lambda a: hand_score(view, hand[: a.card] + hand[a.card + 1 :]))


def hand_score(view: ForteresseView, hand: list[str]) -> float:
    """How useful a hand is for the next turns: Heroes it can recruit (or Stats it
    can attach), Keys for the Doors, Lieux for the open Paths, Tens to bribe."""
    score = 0.0
    wanted = _wanted_keys(view)
    crossed = {suit_of(c) for c in view.out_of_game if c[0] == "f" and c[1] == "A"}
    open_suits = {s.suit for s in view.sites if s.status != "explored" and not s.pillaged}
    heroes = [c for c in hand if category(c) == FIGURE]
    stats = sorted((c for c in hand if is_stat(c)), key=value, reverse=True)
    used: set[str] = set()
    for hero in heroes:  # each Hero with the best Stat of its suit still free
        partner = next((s for s in stats if s not in used and suit_of(s) == suit_of(hero)), None)
        if partner:
            used.add(partner)
            score += 30 + value(partner)
        else:
            score += 8
    holders = [h for h in view.heroes if h.life == 1]
    for stat in stats:
        if stat in used:
            continue
        if holders:
            holders.pop()
            score += 12 + value(stat)
        else:
            score += 4 + value(stat) / 2
    for card in hand:
        kind = category(card)
        if kind == ACE:
            score += 60 if card in wanted else (0 if suit_of(card) in crossed else 20)
        elif kind == LIEU:
            score += (6 + value(card) / 2) if suit_of(card) in open_suits else value(card) / 3
        elif kind == TEN:
            score += 9 if view.enemies else 6
    return score


def _best_swap(view: ForteresseView) -> tuple[int, str] | None:
    """4.2: the (hand index, discard card) trade that most improves the hand."""
    hand = view.hand or []
    base = hand_score(view, hand)
    best, gain = None, TRADE_GAIN
    seen: set[tuple[str, str]] = set()
    for i, card in enumerate(hand):
        rest = hand[:i] + hand[i + 1 :]
        for taken in view.discard:
            if category(taken) == category(card) or (category(card), taken) in seen:
                continue
            seen.add((category(card), taken))
            delta = hand_score(view, rest + [taken]) - base
            if delta > gain:
                best, gain = (i, taken), delta
    return best


def _restore(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    swap = _best_swap(view)
    return Discard(card=swap[0]) if swap else None


def _retrieve(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    hand = view.hand or []
    picks = [a for a in legal if isinstance(a, Pick)]
    if not picks:
        return None
    return max(picks, key=lambda a: hand_score(view, hand + [a.card]))


def _key(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    hand = view.hand or []
    picks = [a for a in legal if isinstance(a, Pick)]
    return max(picks, key=lambda a: hand_score(view, hand + [a.card]), default=None)


def _lose_stat(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction:
    """A Hero keeps the Stat of its own suit; an Enemy is left with the other suit."""
    focus = view.prompt.focus if view.prompt else None
    picks = [a for a in legal if isinstance(a, Pick)]
    hero = any(h.card == focus for h in view.heroes)
    own = [a for a in picks if focus and suit_of(a.card) == suit_of(focus)]
    other = [a for a in picks if a not in own]
    return ((other or own) if hero else (own or other))[0]


def _first(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction:
    return legal[0]


def _boss(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction:
    """A Boss test tie: the Boss takes a Lieu whose Path has no room left, if it can, so that
    the other may still complete its Path. Which Enemy it is makes no difference to the
    table (figures have no value): the first."""
    pairs = [a for a in legal if isinstance(a, Pair)]
    room = {site.suit for site in view.sites if site.status == "incomplete"}
    return min(pairs, key=lambda a: suit_of(a.lieu) in room)


_HANDLERS = {
    "mulligan": _mulligan,
    "heroes": _heroes,
    "explore": _explore,
    "lieux": _lieux,
    "bribe": _bribe,
    "defenders": _defenders,
    "attackers": _attackers,
    "fights": _fights,
    "discard": _discard,
    "restore": _restore,
    "retrieve": _retrieve,
    "key": _key,
    "lose_stat": _lose_stat,
    "enemy_order": _first,
    "enemy_stat": _first,
    "fortress_order": _first,
    "boss": _boss,
}


# -- the easy level ---------------------------------------------------------------------
# A beginner: keeps the first hand, recruits with the first Stat that fits, explores only an
# open Path it surely beats (or a Treasure it holds the Key of), never visits, blocks the
# biggest threat with its strongest Hero, and attacks only with a Hero that beats an Enemy
# alone. Bribes, trades at 4.2 and the rest as the normal player: never absurd.


def _easy_keep(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction:
    return Mulligan(take=False)


def _easy_heroes(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    return next((a for a in legal if isinstance(a, Recruit | Attach)), None)


def _easy_explore(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    hand = view.hand or []
    sites = {s.suit: s for s in view.sites}
    power = {h.card: h.power for h in view.heroes}
    lieux = sum(value(c) for c in hand if is_lieu(c))
    for action in (a for a in legal if isinstance(a, Explore)):
        site = sites[action.path]
        if site.status == "explored" and site.door and PLAYER + "A" + suit_of(site.door) in hand:
            return action
        if site.status == "open" and power[action.hero] + lieux >= site.difficulty + MAX_BOOST:
            return action
    return None


def _easy_defenders(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    blocks = [a for a in legal if isinstance(a, Block)]
    if not blocks:
        return None
    heroes = {h.card: h for h in view.heroes}
    enemies = {e.card: e for e in view.enemies}
    return max(blocks, key=lambda a: (enemies[a.enemy].power, heroes[a.hero].power))


def _easy_attackers(view: ForteresseView, legal: list[ForteresseAction]) -> ForteresseAction | None:
    heroes = {h.card: h for h in view.heroes}
    enemies = {e.card: e for e in view.enemies}
    sure = [
        a
        for a in legal
        if isinstance(a, Attack) and not enemies[a.enemy].attackers and heroes[a.hero].power >= enemies[a.enemy].power
    ]
    return sure[0] if sure else None


_EASY = {
    "mulligan": _easy_keep,
    "heroes": _easy_heroes,
    "explore": _easy_explore,
    "defenders": _easy_defenders,
    "attackers": _easy_attackers,
}
