"""Tutorials: a real game on a designed deal, where a guide leads the learner move by move.

A game's cog declares its lessons (``GameUI.lessons``: scripts as data, ``cogs/<game>/tutorial.py``);
this module holds what a script is, where each lesson is found, and where a running tutorial
stands. No Discord here: ``bot/ui/tutorials.py`` shows the guide and limits the controls.

A lesson is played at a table whose seat 0 is the learner and the other seats computers
(``Lesson.computers``), from the game's own ``new_game`` on the lesson's seed and options, by the
engine's own rules. Its script is one ``Step`` per action, in the order the game asks for them:
a learner's step names the one move the guide asks for (every other control is disabled, and any
other click refused with the guide's instruction); a computer's step names the move the computer
plays (or none: the easy level's move, drawn from the lesson's seed). The step a tutorial stands at
is the number of actions played, read from the stored record (``step_index``): a restart goes on
from there, and nothing else is stored.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.storage import SessionRecord
from games.core import Action, Engine, Level, Rng, RuleError, registry

FIRST_VERSION = 1  # a tutorial's table is started at this version, before any action
LEARNER = 0  # the learner's seat
COMPUTER_LEVEL: Level = "easy"


@dataclass(frozen=True)
class Step:
    """One action of the lesson, and what the guide says while it is awaited.

    ``say``: the catalog key of the guide's text (what is happening, the rule at stake, what to do
    now), filled with ``params`` and, for a typed answer, ``answer`` (as inline code).
    ``do``: the learner's move, as its action token (what their click or typed text must come to).
    ``enable``: other controls of the learner this step enables, by token: a button that opens a
    text box or a private menu (``type-<name>``, ``more-<name>``, ``ask-<token>``).
    ``computer``: a computer seat's move, as its token; a step with neither ``do`` nor ``computer``
    is a computer's move at the easy level.
    ``private``: the catalog key of what the guide tells the learner alone, in their private view
    and refusals (filled with ``params``): the move in words when it names cards of their hand,
    which the public ``say`` must not.
    """

    say: str
    do: str | None = None
    computer: str | None = None
    enable: tuple[str, ...] = ()
    answer: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    private: str | None = None

    @property
    def learner(self) -> bool:
        return self.do is not None

    def allowed(self) -> frozenset[str]:
        """The learner's control tokens this step enables."""
        return frozenset(((self.do,) if self.do else ()) + self.enable)


@dataclass(frozen=True)
class Lesson:
    """A tutorial: a game, a deal (seed and options), the computer seats and the script.

    ``name`` tells the lesson among its game's (``basic``, ``advanced``); ``title`` and ``closing``
    are catalog keys: the lesson's name for people, and the guide's last words once the game is
    over (what was learned, how to start a real table). ``next``: the lesson to offer after it."""

    game: str
    name: str
    title: str
    seed: int
    steps: tuple[Step, ...]
    closing: str
    computers: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    next: str | None = None
    # the same lesson for learners of another language, where the deal or the script depends on
    # it (Fort Boyard's cards speak the learner's language): by language code
    translations: Mapping[str, "Lesson"] = field(default_factory=dict)

    @property
    def engine(self) -> Engine:
        return registry.get(self.game)

    @property
    def seats(self) -> int:
        return 1 + self.computers

    def in_language(self, lang: str) -> "Lesson":
        """The lesson a learner of ``lang`` plays: its translation, if it has one, else itself."""
        return self.translations.get(lang, self)

    def learner_steps(self) -> list[int]:
        """The indexes of the learner's steps (the guide numbers them for the learner)."""
        return [i for i, step in enumerate(self.steps) if step.learner]

    def computer_action(self, state: Any, seat: int, index: int) -> Action:
        """The move of computer ``seat`` at step ``index``: the script's, else the easy level's."""
        engine = self.engine
        step = self.steps[index] if index < len(self.steps) else None
        if step is not None and step.computer is not None:
            return engine.parse_action(step.computer)
        legal = engine.legal_actions(state, seat)
        return engine.choose(engine.view(state, seat), legal, Rng.from_seed(self.seed + index), COMPUTER_LEVEL)

    def play(self) -> Iterator[tuple[int, Any]]:
        """Every state of the lesson's game with the index of the step awaited there, played by the
        script itself: the first state, then one after each step, until the game is over. Raises
        ``ScriptError`` where the script and the game disagree (tests, and each lesson's check)."""
        engine = self.engine
        state = engine.new_game(self.seats, engine.make_options(dict(self.options)), self.seed)
        for index, step in enumerate(self.steps):
            yield index, state
            if engine.is_over(state):
                raise ScriptError(f"{self.game}/{self.name}: the game is over before step {index}")
            # As at the table: a computer that may act does so at once, before the learner can
            # (simultaneous choices: the computer's step comes first in the script).
            computers = sorted(seat for seat in engine.to_act(state) if seat != LEARNER)
            seat = computers[0] if computers else LEARNER
            if step.learner != (seat == LEARNER):
                raise ScriptError(f"{self.game}/{self.name}: step {index} is not for seat {seat}")
            action = engine.parse_action(step.do) if step.do else self.computer_action(state, seat, index)
            # a typed answer is legal without being listed: the engine's own check judges it
            if step.do is None and action not in engine.legal_actions(state, seat):
                raise ScriptError(f"{self.game}/{self.name}: step {index}'s move {action.token()} is not legal")
            try:
                state = engine.apply(state, seat, action).state
            except RuleError as error:
                raise ScriptError(
                    f"{self.game}/{self.name}: step {index}'s move {action.token()} is not legal"
                ) from error
        yield len(self.steps), state
        if not engine.is_over(state):
            raise ScriptError(f"{self.game}/{self.name}: the game is not over after the last step")


class ScriptError(Exception):
    """A lesson's script that its game does not follow."""


_LESSONS: dict[tuple[str, str], Lesson] = {}


def register(lessons: tuple[Lesson, ...]) -> None:
    for lesson in lessons:
        _LESSONS[lesson.game, lesson.name] = lesson


def lessons(game: str) -> list[Lesson]:
    """A game's lessons, in the order its cog declares them (the first one is where to begin)."""
    return [lesson for (name, _), lesson in _LESSONS.items() if name == game]


def lesson(game: str, name: str) -> Lesson | None:
    return _LESSONS.get((game, name))


def lesson_of(record: SessionRecord) -> Lesson | None:
    """The lesson a table plays, in its learner's language, if it is a tutorial (and its lesson is known)."""
    found = lesson(record.game, record.tutorial.lesson) if record.tutorial else None
    return found.in_language(record.tutorial.lang) if found and record.tutorial else None


def step_index(record: SessionRecord) -> int:
    """Where a tutorial stands: the actions played so far (each adds one to the version)."""
    return record.version - FIRST_VERSION


def current_step(record: SessionRecord) -> Step | None:
    """The step a running tutorial awaits; None past its script, or for a table that is no tutorial."""
    found = lesson_of(record)
    index = step_index(record)
    if found is None or record.status != "active" or not 0 <= index < len(found.steps):
        return None
    return found.steps[index]
