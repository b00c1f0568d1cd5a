"""Trials in chat: how each kind of card is played and judged, as pure functions.

A trial is drawn from its category's deck and played by one player (or two
duellists at once) against a clock the bot keeps: when it runs out, the bot plays
``TimeUp`` for whoever has not finished, so a trial is always judged. Typed answers
are matched by ``answers``; dice come from the game's own generator.
"""

from typing import Literal, NamedTuple

from games.core import Event, IllegalAction, Rng
from games.fortboyard.answers import matches, same_words
from games.fortboyard.deck import TYPED, Battleship, Category, Dice, Reaction, Trial
from games.fortboyard.models import (
    ATTEMPTS,
    BEATS,
    SIGNS,
    Answer,
    Answered,
    Attempt,
    Bank,
    Banked,
    Caught,
    FalseStart,
    Fire,
    Green,
    Hide,
    Press,
    Progress,
    Ready,
    ShotsFired,
    Show,
    SignsShown,
    Stake,
    SticksTaken,
    Take,
    Tap,
    Throw,
    Thrown,
    TimeUp,
    TrialView,
)

RED_LIGHT = (2, 6)  # seconds a reaction light stays red, drawn each time


class Verdict(NamedTuple):
    """A judged trial: ``winner`` is the player who succeeded (None: failed, or a duel
    nobody won, which is played again)."""

    winner: int | None


class Result(NamedTuple):
    events: list[Event]
    verdict: Verdict | None = None  # None: the trial goes on
    new_stage: bool = False  # the trial goes on with a fresh clock


FIRST_STAGE: dict[str, Literal["look", "wait", "hide"]] = {"sequence": "look", "reaction": "wait", "battleship": "hide"}


def begin(
    category: Category,
    card: str,
    trial: Trial,
    players: list[int],
    stake: Stake,
    replays: int = 0,
    rng: Rng | None = None,
) -> Progress:
    # built from checked parts, without pydantic's checks and copies of the defaults (the search begins many)
    progress = Progress.model_construct(
        category=category,
        card=card,
        trial=trial,
        players=list(players),
        stake=stake,
        stage=FIRST_STAGE.get(trial.kind, "play"),
        out=[],
        right=[],
        pile=0,
        banked=0,
        thrown=0,
        last_die=None,
        choices={},
        score={},
        replays=replays,
        taps=0,
        lit=0,
        wait=0,
        sticks=0,
        turn_of=None,
        boats={},
        aims={},
        misses={},
    )
    if trial.kind == "reaction":
        progress.wait = rng.between(*RED_LIGHT) if rng else RED_LIGHT[0]
    elif trial.kind == "nim":
        progress.sticks, progress.turn_of = trial.sticks, players[0]
    return progress


def seconds(progress: Progress, clock: int) -> int:
    """How long the hourglass gives the stage under way (``clock``: the table's option)."""
    trial = progress.trial
    if progress.stage == "look":
        assert trial.kind == "sequence"  # only a sequence is first shown
        return trial.show_seconds
    if progress.stage == "wait":
        return progress.wait
    if trial.kind == "reaction":
        return trial.seconds
    return clock


def waiting(progress: Progress) -> frozenset[int]:
    """Who still has something to do in this trial."""
    if progress.stage in ("look", "wait") or progress.trial.kind == "reaction":
        return frozenset(progress.players[:1])
    if progress.trial.kind == "nim":
        return frozenset({progress.turn_of}) if progress.turn_of is not None else frozenset()
    if progress.stage == "hide":
        return frozenset(seat for seat in progress.players if seat not in progress.boats)
    done = set(progress.out) | set(progress.right) | set(progress.choices) | set(progress.aims)
    return frozenset(seat for seat in progress.players if seat not in done)


IN_TURN = frozenset({"nim"})  # duels played in turn; in the others both duellists answer at once


def has_chosen(progress: Progress, seat: int) -> bool:
    """A duellist done with this round (a sign, a boat, a shot, an answer) while the other is
    not: only nim is played in turn."""
    duel = len(progress.players) > 1 and progress.trial.kind not in IN_TURN
    return duel and seat in progress.players and seat not in waiting(progress) and bool(waiting(progress))


def legal(progress: Progress, seat: int) -> list:
    """The listable actions (a typed ``Answer`` is always allowed where the kind is typed).
    The first one is what the clock plays when it runs out."""
    if seat not in waiting(progress):
        return []
    trial = progress.trial
    if progress.stage == "look":
        return [Ready(), *ATTEMPTS]
    if progress.stage == "wait":
        return [Green(), Press(light=progress.lit), *ATTEMPTS]
    if trial.kind == "reaction":
        return [TimeUp(), Press(light=progress.lit), *ATTEMPTS]
    if trial.kind == "tapping":
        return [TimeUp(), Tap(), *ATTEMPTS]
    if trial.kind == "nim":
        return [TimeUp(), *(Take(count=n) for n in range(1, min(trial.most, progress.sticks) + 1))]
    cells = range(trial.size**2) if trial.kind == "battleship" else range(0)
    if progress.stage == "hide":
        return [TimeUp(), *(Hide(cell=c) for c in cells)]
    if trial.kind == "battleship":
        return [TimeUp(), *(Fire(cell=c) for c in cells if c not in progress.misses.get(seat, []))]
    if trial.kind == "spsw":
        return [TimeUp(), *(Show(sign=sign) for sign in SIGNS)]
    if trial.kind == "dice":
        return [TimeUp(), Throw(), *([Bank()] if progress.pile else []), *ATTEMPTS]
    return [TimeUp(), *ATTEMPTS]


def listed(action: object, actions: list) -> bool:
    """``action`` is among ``actions`` (the same object, as the search's are, or an equal one)."""
    return any(a is action for a in actions) or action in actions


def play(progress: Progress, seat: int, action: object, rng: Rng, rate: int) -> Result:
    """Mutates ``progress`` (a private copy) by one action of ``seat``; an ``Attempt`` is won
    at ``rate`` percent."""
    trial = progress.trial
    typed = isinstance(action, Answer) and trial.kind in TYPED and progress.stage == "play"
    if not typed and not listed(action, legal(progress, seat)):
        raise IllegalAction()
    if isinstance(action, Ready):
        progress.stage = "play"
        return Result([], new_stage=True)
    duel = len(progress.players) > 1
    if isinstance(action, Attempt):
        success = rng.below(100) < rate
        if not duel:
            return Result([], Verdict(seat if success else None))
        if success:
            progress.right.append(seat)
            return _settle(progress)
        return _fail(progress, seat)
    if isinstance(action, Answer):
        right = _judge(trial, action.text)
        if not duel:
            return Result([], Verdict(seat if right else None))
        if right:
            return Result([Answered(seat=seat, right=True)], Verdict(seat))
        return _fail(progress, seat, Answered(seat=seat, right=False))
    if isinstance(action, Throw | Bank):
        assert trial.kind == "dice"  # only dice are thrown or banked
        return _dice(progress, trial, seat, action, rng)
    if trial.kind == "reaction":
        return _reaction(progress, trial, seat, action, rng)
    if isinstance(action, Tap):
        assert trial.kind == "tapping"  # only a tapping trial is tapped
        progress.taps += 1
        return Result([], Verdict(seat) if progress.taps >= trial.taps else None)
    if trial.kind == "nim":
        return _nim(progress, seat, action)
    if trial.kind == "battleship":
        return _battleship(progress, trial, seat, action, rng)
    if isinstance(action, Show):
        progress.choices[seat] = action.sign
        return _settle(progress)
    # TimeUp: the hourglass has run out for this player
    if not duel:
        return Result([], Verdict(None))
    return _fail(progress, seat)


def _other(progress: Progress, seat: int) -> int:
    return next(s for s in progress.players if s != seat)


def _reaction(progress: Progress, trial: Reaction, seat: int, action: object, rng: Rng) -> Result:
    """Red, then green: a press while red is a false start; green unpressed in time fails."""
    if isinstance(action, Green):
        progress.stage = "play"
        return Result([], new_stage=True)
    if progress.stage == "wait":  # pressed on red
        return Result([FalseStart(seat=seat)], Verdict(None))
    if not isinstance(action, Press):  # the green light went by
        return Result([], Verdict(None))
    progress.lit += 1
    event = Caught(seat=seat, lit=progress.lit, lights=trial.lights)
    if progress.lit >= trial.lights:
        return Result([event], Verdict(seat))
    progress.stage, progress.wait = "wait", rng.between(*RED_LIGHT)
    return Result([event], new_stage=True)


def _nim(progress: Progress, seat: int, action: object) -> Result:
    """Whoever takes the last stick loses; whoever lets the clock run out loses too."""
    other = _other(progress, seat)
    if not isinstance(action, Take):
        return Result([], Verdict(other))
    progress.sticks -= action.count
    event = SticksTaken(seat=seat, count=action.count, left=progress.sticks)
    if progress.sticks == 0:
        return Result([event], Verdict(other))
    progress.turn_of = other
    return Result([event], new_stage=True)


def _battleship(progress: Progress, trial: Battleship, seat: int, action: object, rng: Rng) -> Result:
    """Both hide, then both fire at once: one hit wins; two hits mean hiding again; a round
    where nobody fires is a duel nobody won."""
    size = trial.size**2
    if progress.stage == "hide":
        progress.boats[seat] = action.cell if isinstance(action, Hide) else rng.below(size)  # late: hidden at random
        if waiting(progress):
            return Result([])
        progress.stage = "play"
        return Result([], new_stage=True)
    if isinstance(action, Fire):
        progress.aims[seat] = action.cell
    else:
        progress.out.append(seat)
    if waiting(progress):
        return Result([])
    shots = {s: progress.aims.get(s) for s in progress.players}
    hits = [s for s, cell in shots.items() if cell is not None and cell == progress.boats[_other(progress, s)]]
    event = ShotsFired(shots=shots, hits=hits, size=trial.size)
    if len(hits) == 1:
        return Result([event], Verdict(hits[0]))
    if not progress.aims:
        return Result([event], Verdict(None))
    for s, cell in progress.aims.items():
        progress.misses.setdefault(s, []).append(cell)
    progress.aims, progress.out = {}, []
    if hits:  # both found the other: both hide again
        progress.boats, progress.misses, progress.stage = {}, {}, "hide"
    return Result([event], new_stage=True)


def _judge(trial: Trial, text: str) -> bool:
    if trial.kind == "sequence":
        return same_words(text, trial.items)
    if trial.kind == "typing":
        return same_words(text, trial.words)
    if trial.kind in ("count", "arithmetic"):
        return text.strip() == str(trial.answer)
    return matches(text, trial.accepted)


def _fail(progress: Progress, seat: int, *events: Event) -> Result:
    progress.out.append(seat)
    result = _settle(progress)
    return result._replace(events=[*events, *result.events])


def _settle(progress: Progress) -> Result:
    """A duel once nobody is left to act: the first right at the bell wins; a round of
    signs is compared; nobody right means a replay."""
    if waiting(progress):
        return Result([])
    if progress.trial.kind != "spsw":
        return Result([], Verdict(progress.right[0] if progress.right else None))
    a, b = progress.players
    signs = dict(progress.choices)
    if not signs:  # both let the clock run out
        return Result([], Verdict(None))
    winner: int | None
    if len(signs) == 1:
        winner = next(iter(signs))
    else:
        winner = a if signs[b] in BEATS[signs[a]] else b if signs[a] in BEATS[signs[b]] else None
    if winner is not None:
        progress.score[winner] = progress.score.get(winner, 0) + 1
    events: list[Event] = [SignsShown(signs=signs, winner=winner, score=dict(progress.score))]
    if winner is not None and progress.score[winner] >= progress.trial.wins:
        return Result(events, Verdict(winner))
    progress.choices, progress.out = {}, []
    return Result(events, new_stage=True)


def _dice(progress: Progress, trial: Dice, seat: int, action: object, rng: Rng) -> Result:
    if isinstance(action, Throw):
        die = rng.between(1, 6)
        progress.thrown += 1
        progress.last_die = die
        progress.pile = 0 if die == 1 else progress.pile + die
        if progress.thrown >= trial.throws:  # the last throw's pile is banked
            progress.banked += progress.pile
            progress.pile = 0
        event: Event = Thrown(seat=seat, die=die, pile=progress.pile, banked=progress.banked)
    else:  # banking takes a throw, or banking after every throw would risk nothing
        progress.thrown += 1
        progress.banked += progress.pile
        progress.pile = 0
        event = Banked(seat=seat, banked=progress.banked)
    if progress.banked >= trial.target:
        return Result([event], Verdict(seat))
    if progress.thrown >= trial.throws:
        return Result([event], Verdict(None))
    return Result([event])


def expected(progress: Progress) -> str | None:
    """The answer, revealed once the trial is over (None where luck decides)."""
    trial = progress.trial
    if trial.kind == "sequence":
        return " ".join(trial.items)
    if trial.kind in ("count", "arithmetic"):
        return str(trial.answer)
    if trial.kind == "intruder":
        return f"{trial.intruder} — {trial.reason}"
    if trial.kind in ("riddle", "quickfire"):
        return trial.answer
    return None


def view(progress: Progress, seat: int | None) -> TrialView:
    trial = progress.trial
    shown = TrialView(
        category=progress.category,
        trial_kind=trial.kind,
        players=progress.players,
        stake=progress.stake,
        stage=progress.stage,
        done=[s for s in progress.players if s not in waiting(progress)],
        replays=progress.replays,
        score=progress.score,
    )
    if trial.kind == "riddle":
        shown.text = trial.text
    elif trial.kind == "quickfire":
        shown.text = trial.question
    elif trial.kind == "count":
        shown.text, shown.letter = trial.text, trial.letter
    elif trial.kind == "sequence":
        shown.items = trial.items if progress.stage == "look" else None
    elif trial.kind == "typing":
        shown.items = trial.words
    elif trial.kind == "dice":
        shown.target, shown.throws = trial.target, trial.throws
        shown.thrown, shown.pile, shown.banked, shown.last_die = (
            progress.thrown,
            progress.pile,
            progress.banked,
            progress.last_die,
        )
    elif trial.kind == "spsw":
        shown.wins = trial.wins
        shown.sign = progress.choices.get(seat) if seat is not None else None
    elif trial.kind == "intruder":
        shown.items = trial.items
    elif trial.kind == "arithmetic":
        shown.target, shown.steps = trial.start, trial.steps
    elif trial.kind == "tapping":
        shown.target, shown.taps = trial.taps, progress.taps
    elif trial.kind == "reaction":
        shown.lights, shown.lit = trial.lights, progress.lit
    elif trial.kind == "nim":
        shown.sticks, shown.most, shown.turn_of = progress.sticks, trial.most, progress.turn_of
    elif trial.kind == "battleship":
        shown.size, shown.misses = trial.size, progress.misses
        shown.boat = progress.boats.get(seat) if seat is not None else None
    return shown
