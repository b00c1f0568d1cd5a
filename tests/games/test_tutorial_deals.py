"""The engine contract holds for every tutorial's deal (``cogs/<game>/tutorial.py``): its script is
played by the game's own rules to the end, each state on the way is a legal state (JSON round
trip, a legal action for each seat to act, a public view), and random play from each of them ends
with a proper outcome."""

import importlib
import pkgutil

import pytest

import cogs
from bot.tutorials import LEARNER, Lesson
from games.core import Rng
from tests.games.contract import check_outcome, legal_for_acting, random_move, step_limit


def every_lesson() -> list[Lesson]:
    found = []
    for info in pkgutil.iter_modules(cogs.__path__):
        if info.ispkg and importlib.util.find_spec(f"cogs.{info.name}.tutorial"):
            for lesson in importlib.import_module(f"cogs.{info.name}.tutorial").LESSONS:
                found += [lesson, *lesson.translations.values()]
    return found


LESSONS = every_lesson()


def lesson_id(lesson: Lesson) -> str:
    """A lesson's game and name, and its cards' language where a translation sets one."""
    language = lesson.options.get("language")
    return f"{lesson.game}-{lesson.name}" + (f"-{language}" if language else "")


def test_there_are_lessons() -> None:
    assert {(lesson.game, lesson.name) for lesson in LESSONS} >= {("fortissimo", "basic"), ("fortissimo", "advanced")}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson_id(lesson))
def test_the_script_is_a_legal_game_to_its_end(lesson: Lesson) -> None:
    engine = lesson.engine
    states = list(lesson.play())  # raises where the script and the rules disagree
    assert [index for index, _ in states] == list(range(len(lesson.steps) + 1))
    final = states[-1][1]
    assert engine.is_over(final)
    check_outcome(engine, final)
    learner_steps = set(lesson.learner_steps())
    for index, state in states[:-1]:
        assert engine.load(engine.dump(state)) == state
        legal = legal_for_acting(engine, state)
        # the step's seat may act (where both choose at once, the computer's step comes first)
        assert LEARNER in legal if index in learner_steps else set(legal) - {LEARNER}
        engine.view(state, None)
    # The same seed and script, the same game.
    assert engine.dump(list(lesson.play())[-1][1]) == engine.dump(final)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson_id(lesson))
def test_random_play_from_the_deal_ends_properly(lesson: Lesson) -> None:
    engine = lesson.engine
    for index, state in list(lesson.play())[:: max(1, len(lesson.steps) // 4)]:
        rng = Rng.from_seed(index)
        for _ in range(step_limit(lesson.game)):
            if engine.is_over(state):
                break
            seat, action = random_move(engine, state, rng)
            state = engine.apply(state, seat, action).state
        assert engine.is_over(state)
        check_outcome(engine, state)
