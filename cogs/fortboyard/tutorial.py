"""Fort Boyard's tutorial, as data (``bot/tutorials.py`` runs it): one whole game, the learner
(seat 0) against one computer, on a fixed seed whose dice and cards make every rule of the book
come up in a short game, in the order a first game meets them.

Round 1, the keys: the die and the track, a Père Fouras riddle typed (a key), a Force trial (type
the words shown: a key), then the computer lands on a Duel and challenges the learner to a sea
battle (both hide, both fire; the learner's third key ends the round at once). Round 2, the clues:
the code word's level chosen in secret and the first clue sent in private (a direct message and
« My code word »); the computer fails a riddle and lets its key sink; the learner memorises and
types a sequence (a clue), the computer goes to prison, the learner types words again (a clue),
plays again while the computer misses its turn, announces a clue before a riddle and wins the
fourth clue. Round 3: the computer, without a key, is barred from the treasure room; the learner
proposes their code word (which the guide whispers in private only) and draws one handful per key.

The cards speak the learner's language, so the lesson has one translation per language (the same
seed: the two boxes deal the same kinds of trial here). ``_Walk`` plays the script once through the
engine as it is written, to read off what each step needs: the answer of the trial under way, the
text box's name, the die just rolled. The guide's texts are ``fortboyard.tutorial.*`` in this cog's
catalogs.
"""

from typing import Any

from bot.tutorials import Lesson, Step
from bot.ui.components import TYPE
from cogs.fortboyard.names import grid_label
from cogs.fortboyard.private import ANSWER
from games.fortboyard import ENGINE
from games.fortboyard.deck import Battleship, Language, Riddle, Sequence, Trial, Typing, deck
from games.fortboyard.models import (
    Abandon,
    Announce,
    Answer,
    Attempt,
    Challenge,
    ChooseLevel,
    Fire,
    FortBoyardAction,
    Grab,
    Hide,
    Ready,
    Roll,
)

SEED = 42687  # learner first; dice 5, 3 (round 1), 2, 1, 2 (round 2): riddle, Force, and so on
LEARNER, COMPUTER = 0, 1
WATCH = "fortboyard.tutorial.watch"  # what the guide says while the computer plays
ATTEMPT = Attempt(skill="easy")  # a computer attempts its trial at its level


class _Walk:
    """The script, written move by move while the engine plays it, as the table will."""

    def __init__(self, language: Language) -> None:
        self.options = {"language": language, "side": "red"}
        self.state = ENGINE.new_game(2, ENGINE.make_options(self.options), SEED)
        assert self.state.current == LEARNER  # the opening throw: the learner begins
        self.steps: list[Step] = []

    @property
    def trial(self) -> Trial:
        assert self.state.trial is not None
        return self.state.trial.trial

    @property
    def die(self) -> int | None:
        return self.state.last_die

    def _play(self, seat: int, action: FortBoyardAction, step: Step) -> None:
        self.state = ENGINE.apply(self.state, seat, action).state
        self.steps.append(step)

    def learner(self, say: str, action: FortBoyardAction, **params: Any) -> None:
        self._play(LEARNER, action, Step(say, do=action.token(), params=params))

    def typed(self, say: str, text: str, private: str | None = None, **params: Any) -> None:
        """The learner opens the text box and types ``text``: shown in the guide as ``{answer}``, or,
        with ``private``, only in the guide's private word (as ``{word}``)."""
        action = Answer(text=text)
        box = f"{TYPE}{ANSWER}{self.state.turn}"
        if private is None:
            step = Step(say, do=action.token(), enable=(box,), answer=text, params=params)
        else:
            step = Step(say, do=action.token(), enable=(box,), private=private, params={"word": text, **params})
        self._play(LEARNER, action, step)

    def computer(self, action: FortBoyardAction) -> None:
        self._play(COMPUTER, action, Step(WATCH, computer=action.token()))


def _lesson(language: Language, translations: dict[str, Lesson] | None = None) -> Lesson:
    walk = _Walk(language)
    # -- round 1: the keys --
    walk.learner("fortboyard.tutorial.roll_first", Roll())
    riddle = walk.trial
    assert isinstance(riddle, Riddle)
    walk.typed("fortboyard.tutorial.riddle", riddle.answer, die=walk.die)
    walk.computer(Roll())
    walk.computer(ATTEMPT)  # a Force trial, failed
    walk.learner("fortboyard.tutorial.roll_second", Roll())
    words = walk.trial
    assert isinstance(words, Typing)
    walk.typed("fortboyard.tutorial.typing", " ".join(words.words), die=walk.die)
    walk.computer(Roll())  # onto a Duel cell
    walk.computer(Challenge(opponent=LEARNER))
    battle = walk.trial
    assert isinstance(battle, Battleship)
    corner, far = 0, battle.size**2 - 1
    walk.computer(Hide(cell=corner))
    walk.learner("fortboyard.tutorial.duel_hide", Hide(cell=far), size=battle.size, cell=grid_label(far, battle.size))
    walk.computer(Fire(cell=corner + 1))
    walk.learner("fortboyard.tutorial.duel_fire", Fire(cell=corner), cell=grid_label(corner, battle.size))
    # -- round 2: the clues --
    walk.computer(ChooseLevel(level="easy"))
    walk.learner("fortboyard.tutorial.level", ChooseLevel(level="easy"))
    walk.computer(Roll())  # onto an Énigme
    walk.computer(Announce(stake="key"))
    walk.computer(ATTEMPT)  # wrong: the key sinks
    walk.computer(Abandon())
    walk.learner("fortboyard.tutorial.roll_clues", Roll())
    sequence = walk.trial
    assert isinstance(sequence, Sequence)
    walk.learner("fortboyard.tutorial.sequence_look", Ready(), die=walk.die)
    walk.typed("fortboyard.tutorial.sequence_type", " ".join(sequence.items))
    walk.computer(Roll())  # onto a Prison cell
    walk.learner("fortboyard.tutorial.roll_prison", Roll())
    words = walk.trial
    assert isinstance(words, Typing)
    walk.typed("fortboyard.tutorial.typing_clue", " ".join(words.words), die=walk.die)
    walk.learner("fortboyard.tutorial.roll_again", Roll())
    walk.learner("fortboyard.tutorial.stake", Announce(stake="clue"), die=walk.die)
    riddle = walk.trial
    assert isinstance(riddle, Riddle)
    walk.typed("fortboyard.tutorial.riddle_clue", riddle.answer)
    # -- round 3: the treasure --
    learner, computer = walk.state.players
    assert learner.clues == 4 and computer.found is False  # the computer, without a key, is barred
    code_word = deck(language).word_card(learner.word or "").level("easy").word
    walk.typed("fortboyard.tutorial.guess", code_word, private="fortboyard.tutorial.guess_private")
    walk.learner("fortboyard.tutorial.grab_first", Grab())
    walk.learner("fortboyard.tutorial.grab", Grab(), handful=2, boyards=sum(walk.state.players[LEARNER].handfuls[0]))
    walk.learner("fortboyard.tutorial.grab_last", Grab())
    assert ENGINE.is_over(walk.state)
    return Lesson(
        game=ENGINE.name,
        name="basic",
        title="fortboyard.tutorial.title",
        seed=SEED,
        options=walk.options,
        computers=1,
        closing="fortboyard.tutorial.closing",
        steps=tuple(walk.steps),
        translations=translations or {},
    )


LESSON = _lesson("fr", translations={"en": _lesson("en")})
LESSONS = (LESSON,)
