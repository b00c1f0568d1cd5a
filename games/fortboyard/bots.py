"""Fort Boyard's computer player, from its own view only.

Trials are attempted (won at the options' rate per category); stone-paper-scissors-well
is played at random. Its code word is read from its own clues: it looks them up among
the box's cards (public content, like a player who knows the deck) and recognises the
word more often the more clues it holds; otherwise it proposes another word.
"""

from games.core import Rng
from games.fortboyard.deck import deck
from games.fortboyard.models import (
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

READING = {1: 25, 2: 50, 3: 75, 4: 95}  # percent: its word recognised from this many clues


def choose(view: FortBoyardView, legal: list, rng: Rng):  # noqa: ANN201 - one of ``legal``
    me = view.players[view.seat or 0]
    for wanted in (Attempt(), Dive(), Retry(), ChooseLevel(level="easy")):
        if wanted in legal:
            return wanted
    blind = [a for a in legal if isinstance(a, Show | Hide | Fire)]
    if blind:  # signs and the sea battle: nothing to read, so at random
        return rng.choice(blind)
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        return _take(view, takes, rng)
    moves = [a for a in legal if isinstance(a, Goto)]
    if moves:  # the passe-partout: a trial of its best category
        rates = view.rates.model_dump()
        best = max(("concentration", "force", "enigme"), key=lambda c: rates[c])
        return next(a for a in moves if TRACK[a.cell] == best)
    if Announce(stake="clue") in legal:
        return Announce(stake="key" if me.keys == 0 else "clue")
    rivals = [a for a in legal if isinstance(a, Challenge)]
    if rivals:
        return max(rivals, key=lambda a: view.players[a.opponent].keys)
    words = [a for a in legal if isinstance(a, Answer)]
    if words:
        return _propose(view, words, rng)
    return legal[0]


def _take(view: FortBoyardView, takes: list[Take], rng: Rng) -> Take:
    """Nim: leave the other a multiple of (most + 1) plus one, as often as its duel rate says."""
    trial = view.trial
    assert trial is not None and trial.sticks is not None and trial.most is not None
    best = (trial.sticks - 1) % (trial.most + 1)
    if best and rng.below(100) < view.rates.duel:
        return Take(count=best)
    return rng.choice(takes)


def _propose(view: FortBoyardView, words: list[Answer], rng: Rng) -> Answer:
    """The word whose card starts with its clues, if it recognises it; another one if not."""
    level = view.level or "easy"
    known = next(
        (card.level(level).word for card in deck(view.language).words if card.level(level).clues[: len(view.clues)] == view.clues),
        None,
    )
    if known is not None and rng.below(100) < READING.get(len(view.clues), 0):
        return Answer(text=known)
    others = [a for a in words if a.text != known] or words
    return rng.choice(others)
