"""Fort Boyard's computer players at three levels, from their own view only.

Skill trials are not played but attempted (``Attempt``), won at the table's rate per category
shifted by the level (``models.SKILL_SHIFT``). The code word is read from the player's own
clues: it looks them up among the box's cards (public content, like a player who knows the
deck) and recognises its word more often the more clues it holds and the better it plays
(``READING``), a hard word less often; otherwise it proposes another word.

- easy, a beginner: weaker trials and reading; picks its code word's level, a duel's rival,
  a round-2 stake and a passe-partout trial at random; dives after the sunken key one time
  in two; plays stone-paper-scissors-well and nim at random.
- normal: dives, takes keys until it holds one then clues, goes to its best trial through a
  passe-partout, duels whoever holds most keys, plays nim well as often as its duel rate
  says and never shows the stone (the well beats all it beats).
- strong: the best trials and reading, nim always well; its real choices (stake, rival,
  dive, passe-partout cell, word level) are searched (``games/fortboyard/strong.py``).
"""

from games.core import Level as Skill
from games.core import Rng
from games.fortboyard.deck import CATEGORIES, Category, deck
from games.fortboyard.models import (
    Abandon,
    Announce,
    Answer,
    Attempt,
    Challenge,
    ChooseLevel,
    Dive,
    Fire,
    FortBoyardView,
    Goto,
    Hide,
    Retry,
    Show,
    Take,
)
from games.fortboyard.track import TRACK

# percent: its code word recognised from this many clues, at each level
READING: dict[Skill, dict[int, int]] = {
    "easy": {1: 15, 2: 35, 3: 60, 4: 85},
    "normal": {1: 30, 2: 60, 3: 85, 4: 98},
    "strong": {1: 50, 2: 80, 3: 95, 4: 100},
}
HARD_WORD = 20  # percentage points a hard code word is recognised less often
CLUES_FOR_ROUND_3 = 4  # the engine's: a fourth clue ends round 2
KEYS_WANTED = 2  # round 2: keys before clues, so that a wrong word can be proposed again
EASY_DIVES = 50  # percent: how often a beginner dives after the sunken key
# Stone-paper-scissors-well: the well beats all the stone beats and more, so the stone is
# never shown; paper, scissors and well evenly can be neither read nor beaten.
SIGNS_SHOWN = ("paper", "scissors", "well")


def choose(view: FortBoyardView, legal: list, rng: Rng, level: Skill = "normal"):
    """The move of a computer of ``level``. The strong level's real choices are searched by the
    engine (``strong_choice``); asked here, it makes them as the normal level does."""
    attempt = Attempt(skill=level)
    if attempt in legal:
        me, trial = view.players[view.seat or 0], view.trial
        shut = trial is not None and level != "easy" and barred_by_winning(trial.stake, me.keys, me.clues)
        return legal[0] if shut else attempt  # legal[0]: the clock's move
    if Retry() in legal:  # a wrong word, keys to spare: proposing again can only help
        return Retry()
    easy = level == "easy"
    if Dive() in legal:  # the sea takes about three turns, the Fort's trials give more meanwhile
        if easy:
            return Abandon() if rng.below(100) >= EASY_DIVES else Dive()
        return Dive() if view.round == 2 and view.stake == "key" and short_of_keys(view) else Abandon()
    if ChooseLevel(level="easy") in legal:
        return rng.choice(legal) if easy else ChooseLevel(level="easy")
    signs = [a for a in legal if isinstance(a, Show)]
    if signs:
        return rng.choice(signs if easy else [a for a in signs if a.sign in SIGNS_SHOWN])
    blind = [a for a in legal if isinstance(a, Hide | Fire)]
    if blind:  # the sea battle: nothing to read, so at random
        return rng.choice(blind)
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        return _take(view, takes, rng, level)
    moves = [a for a in legal if isinstance(a, Goto)]
    if moves:
        return _passe(view, moves, rng, level)
    stakes = [a for a in legal if isinstance(a, Announce)]
    if stakes:
        return rng.choice(stakes) if easy else Announce(stake="key" if short_of_keys(view) else "clue")
    rivals = [a for a in legal if isinstance(a, Challenge)]
    if rivals:
        return rng.choice(rivals) if easy else max(rivals, key=lambda a: view.players[a.opponent].keys)
    words = [a for a in legal if isinstance(a, Answer)]
    if words:
        return propose(view, words, rng, level)
    return legal[0]


def short_of_keys(view: FortBoyardView) -> bool:
    """Round 2: a key is worth more than a clue without one, or without a spare one while no
    rival is one clue from ending the round."""
    keys = view.players[view.seat or 0].keys
    close = max(p.clues for i, p in enumerate(view.players) if i != view.seat) >= CLUES_FOR_ROUND_3 - 1
    return keys == 0 or (keys < KEYS_WANTED and not close)


def barred_by_winning(stake: str, keys: int, clues: int) -> bool:
    """Round 2: a fourth clue won without a key ends the round with the treasure room shut."""
    return stake == "clue" and keys == 0 and clues == CLUES_FOR_ROUND_3 - 1


def rate(view: FortBoyardView, category: Category, level: Skill) -> int:
    """How often, in percent, a computer of ``level`` wins a trial of ``category``."""
    return view.rates.at(category, level)


def _passe(view: FortBoyardView, moves: list[Goto], rng: Rng, level: Skill) -> Goto:
    """A beginner goes to any trial; the others to a trial of their best single-player category,
    a riddle (played for a key) in round 2 while short of keys."""
    if level == "easy":
        return rng.choice([a for a in moves if TRACK[a.cell] in CATEGORIES])
    kinds: tuple[Category, ...] = ("concentration", "force", "enigme")
    if view.round == 2 and short_of_keys(view):  # played for a key; a duel risks none without one
        kinds = ("enigme", "duel") if view.players[view.seat or 0].keys == 0 else ("enigme",)
    best = max(kinds, key=lambda c: rate(view, c, level))
    return next(a for a in moves if TRACK[a.cell] == best)


def best_take(sticks: int, most: int) -> int:
    """Nim (whoever takes the last stick loses): the count that leaves the other one stick more
    than a multiple of ``most + 1``; 0 when no count does."""
    return (sticks - 1) % (most + 1)


def _take(view: FortBoyardView, takes: list[Take], rng: Rng, level: Skill) -> Take:
    """Nim: the winning count always (strong), as often as the duel rate says (normal), or
    at random (easy)."""
    trial = view.trial
    assert trial is not None and trial.sticks is not None and trial.most is not None
    best = best_take(trial.sticks, trial.most)
    sure = level == "strong" or (level == "normal" and rng.below(100) < rate(view, "duel", level))
    if best and sure:
        return Take(count=best)
    return rng.choice(takes)


def reading(view: FortBoyardView, level: Skill) -> int:
    """How likely, in percent, its code word is recognised from its clues at ``level``."""
    shift = HARD_WORD if view.level == "hard" else 0
    return max(0, READING[level].get(len(view.clues), 0) - shift)


def known_word(view: FortBoyardView) -> str | None:
    """The word of the box's card whose clues begin with the viewer's own clues."""
    level = view.level or "easy"
    for card in deck(view.language).words:
        word = card.level(level)
        if view.clues and word.clues[: len(view.clues)] == view.clues:
            return word.word
    return None


def propose(view: FortBoyardView, words: list[Answer], rng: Rng, level: Skill) -> Answer:
    """The word whose card starts with its clues, if it recognises it; another one if not."""
    known = known_word(view)
    if known is not None and rng.below(100) < reading(view, level):
        return Answer(text=known)
    others = [a for a in words if a.text != known] or words
    return rng.choice(others)
