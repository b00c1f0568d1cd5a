"""Every trial card of both languages, both sides, played once through its mechanic with a
scripted right play and a scripted wrong one: the right one succeeds (a duel: seat 0 wins),
the wrong one fails (a duel: seat 1 wins)."""

from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from games.core import IllegalAction, Rng
from games.fortboyard import trials
from games.fortboyard.deck import (
    CATEGORIES,
    GRID_SIZES,
    LANGUAGES,
    NIM_MOST,
    NIM_STICKS,
    SPSW_WINS,
    TYPED,
    Trial,
    deck,
)
from games.fortboyard.models import (
    Answer,
    Bank,
    Fire,
    Green,
    Hide,
    Press,
    Progress,
    Ready,
    Show,
    Take,
    Tap,
    Throw,
    TimeUp,
)

SIDES = [
    pytest.param(lang, category, card.id, side, id=f"{lang}-{category}-{card.id}-{side}")
    for lang in LANGUAGES
    for category in CATEGORIES
    for card in deck(lang).trials[category]
    for side in ("red", "blue")
]


def right_text(trial: Trial) -> str:
    """What a player who gets it right types."""
    match trial.kind:
        case "sequence":
            return " ".join(trial.items)
        case "typing":
            return " ".join(trial.words)
        case "count" | "arithmetic":
            return str(trial.answer)
        case "intruder":
            return trial.intruder
    return trial.answer  # type: ignore[union-attr]


def run(trial: Trial, script: list[tuple[int, Any]], seed: int = 1) -> int | None:
    """Plays ``script`` ((seat, action) pairs) to the verdict; the winner, or None."""
    duel = trial.kind in ("quickfire", "spsw", "nim", "battleship")
    rng = Rng.from_seed(seed)
    progress: Progress = trials.begin(
        "duel" if duel else "force", "card", trial, [0, 1] if duel else [0], "key", 0, rng
    )
    for seat, action in script:
        result = trials.play(progress, seat, action, rng, rate=0)
        if result.verdict is not None:
            return result.verdict.winner
    raise AssertionError(f"no verdict after {script}")


def dice_script(trial: Trial, seed: int) -> list[tuple[int, Any]]:
    """Throw while the pile is small, bank from 6 (as the dice would fall with ``seed``)."""
    rng = Rng.from_seed(seed)
    pile = banked = thrown = 0
    script = []
    while thrown < trial.throws and banked < trial.target:
        if pile >= 6 or banked + pile >= trial.target:
            script.append((0, Bank()))
            banked, pile = banked + pile, 0
        else:
            script.append((0, Throw()))
            die = rng.between(1, 6)
            pile = 0 if die == 1 else pile + die
        thrown += 1
    return script


def scripts(trial: Trial) -> tuple[list[tuple[int, Any]], list[tuple[int, Any]], int]:
    """(right script, wrong script, seed for the right one)."""
    look = [(0, Ready())] if trial.kind == "sequence" else []
    if trial.kind in TYPED and trial.kind != "quickfire":
        return look + [(0, Answer(text=right_text(trial)))], look + [(0, Answer(text="zzqx wrong"))], 1
    match trial.kind:
        case "quickfire":
            right = [(0, Answer(text=right_text(trial)))]
            return right, [(0, Answer(text="zzqx wrong")), (1, Answer(text=right_text(trial)))], 1
        case "dice":
            seed = next(s for s in range(500) if run(trial, dice_script(trial, s), s) == 0)
            return dice_script(trial, seed), [(0, Throw()), (0, TimeUp())], seed
        case "tapping":
            return [(0, Tap())] * trial.taps, [(0, Tap())] * (trial.taps - 1) + [(0, TimeUp())], 1
        case "reaction":
            caught = [step for light in range(trial.lights) for step in ((0, Green()), (0, Press(light=light)))]
            return caught, [(0, Press(light=0))], 1
        case "spsw":
            rounds = [(0, Show(sign="well")), (1, Show(sign="stone"))] * trial.wins
            return rounds, [(0, Show(sign="well")), (1, Show(sign="paper"))] * trial.wins, 1
        case "nim":
            ones = []
            for taken in range(trial.sticks):
                ones.append((taken % 2, Take(count=1)))
            loser = (trial.sticks - 1) % 2  # the one who takes the last stick
            right = (
                ones
                if loser == 1
                else [(0, Take(count=2))] + [((t + 1) % 2, Take(count=1)) for t in range(trial.sticks - 2)]
            )
            return right, [(0, TimeUp())], 1
        case "battleship":
            hide = [(0, Hide(cell=0)), (1, Hide(cell=1))]
            return hide + [(0, Fire(cell=1)), (1, Fire(cell=2))], hide + [(0, Fire(cell=2)), (1, Fire(cell=0))], 1
    raise AssertionError(trial.kind)


@pytest.mark.parametrize(("lang", "category", "card", "side"), SIDES)
def test_every_card_plays_right_and_wrong(lang: str, category: str, card: str, side: str) -> None:
    trial = deck(lang).trial(category, card).side(side)
    right, wrong, seed = scripts(trial)
    assert run(trial, right, seed) == 0
    duel = trial.kind in ("quickfire", "spsw", "nim", "battleship")
    assert run(trial, wrong) == (1 if duel else None)


SAMPLES = [
    {
        "kind": "intruder",
        "items": ["rouge", "vert", "bleu", "chaise", "jaune"],
        "intruder": "chaise",
        "reason": "des couleurs",
    },
    {"kind": "arithmetic", "start": 6, "steps": ["+ 4", "x 3", "/ 5", "- 2"]},
    {"kind": "tapping", "taps": 12},
    {"kind": "reaction", "lights": 2, "seconds": 4},
    {"kind": "nim", "sticks": 10, "most": 3},
    {"kind": "nim", "sticks": 11, "most": 3},
    {"kind": "battleship", "size": 3},
]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: f"{s['kind']}-{s.get('sticks', '')}")
def test_the_new_mechanics_play_right_and_wrong(sample: dict) -> None:
    """The kinds a deck may use even where no card uses them yet."""
    trial = TypeAdapter(Trial).validate_python(sample)
    right, wrong, seed = scripts(trial)
    assert run(trial, right, seed) == 0
    assert run(trial, wrong) == (1 if trial.kind in ("nim", "battleship") else None)


def test_arithmetic_is_worked_out_step_by_step() -> None:
    """6 + 4 = 10, x 3 = 30, / 5 = 6, - 2 = 4."""
    from games.fortboyard.deck import Arithmetic

    assert Arithmetic(kind="arithmetic", start=6, steps=["+ 4", "x 3", "/ 5", "- 2"]).answer == 4
    with pytest.raises(ValueError):
        Arithmetic(kind="arithmetic", start=7, steps=["/ 2", "+ 1"])  # 3.5 is no whole number
    with pytest.raises(ValueError):
        Arithmetic(kind="arithmetic", start=7, steps=["x 50", "+ 1"])  # 350 is too far


def test_a_reaction_light_lasts_its_seconds_and_a_press_on_red_fails() -> None:
    trial = TypeAdapter(Trial).validate_python({"kind": "reaction", "lights": 2, "seconds": 4})
    rng = Rng.from_seed(3)
    progress = trials.begin("force", "card", trial, [0], "key", 0, rng)
    assert progress.stage == "wait" and 2 <= trials.seconds(progress, 30) <= 6
    assert trials.legal(progress, 0)[0] == Green()  # what the clock plays: the light turns green
    trials.play(progress, 0, Green(), rng, 0)
    assert progress.stage == "play" and trials.seconds(progress, 30) == 4
    assert trials.legal(progress, 0)[0] == TimeUp()
    result = trials.play(progress, 0, Press(light=0), rng, 0)
    assert result.new_stage and progress.stage == "wait" and progress.lit == 1
    with pytest.raises(IllegalAction):  # a double click on the light just caught: refused, not judged
        trials.play(progress, 0, Press(light=0), rng, 0)
    result = trials.play(progress, 0, Press(light=1), rng, 0)  # pressed on red
    assert result.verdict == trials.Verdict(None) and result.events[0].kind == "false_start"


def test_battleship_two_hits_hide_again_and_a_boat_stays_secret() -> None:
    trial = TypeAdapter(Trial).validate_python({"kind": "battleship", "size": 3})
    rng = Rng.from_seed(1)
    progress = trials.begin("duel", "card", trial, [0, 1], "key", 0, rng)
    for seat, action in [(0, Hide(cell=4)), (1, Hide(cell=7))]:
        trials.play(progress, seat, action, rng, 0)
    assert trials.view(progress, 0).boat == 4 and trials.view(progress, None).boat is None
    assert "7" not in str(trials.view(progress, 0).model_dump(exclude={"done", "players"}))
    trials.play(progress, 0, Fire(cell=7), rng, 0)
    result = trials.play(progress, 1, Fire(cell=4), rng, 0)
    assert result.new_stage and progress.stage == "hide" and progress.boats == {}
    assert Fire(cell=3) not in trials.legal(progress, 0)  # hiding first


DUEL_BOUNDS = [
    pytest.param({"kind": "nim", "most": 3}, "sticks", NIM_STICKS, id="nim-sticks"),
    pytest.param({"kind": "nim", "sticks": 15}, "most", NIM_MOST, id="nim-most"),
    pytest.param({"kind": "battleship"}, "size", GRID_SIZES, id="battleship-size"),
    pytest.param({"kind": "spsw"}, "wins", SPSW_WINS, id="spsw-wins"),
]


@pytest.mark.parametrize(("card", "field", "bounds"), DUEL_BOUNDS)
def test_duels_vary_within_the_bounds_the_rules_state(card: dict, field: str, bounds: tuple[int, int]) -> None:
    """The decided variety (house rule "trials", stated in the rules text from these constants):
    nim with 10 to 21 sticks, a move taking 1 up to the card's 2 to 4; a sea battle on a 3x3 or
    4x4 grid; stone-paper-scissors-well to 1 to 3 won rounds. Checks: both ends load, one past
    either end is refused by the deck loader, and every such side of both decks lies within."""
    assert (NIM_STICKS, NIM_MOST, GRID_SIZES, SPSW_WINS) == ((10, 21), (2, 4), (3, 4), (1, 3))
    low, high = bounds
    adapter = TypeAdapter(Trial)
    for value in (low, high):
        assert getattr(adapter.validate_python({**card, field: value}), field) == value
    for value in (low - 1, high + 1):
        with pytest.raises(ValidationError):
            adapter.validate_python({**card, field: value})
    sides = [
        side
        for lang in LANGUAGES
        for c in deck(lang).trials["duel"]
        for side in (c.red, c.blue)
        if side.kind == card["kind"]
    ]
    assert sides and all(low <= getattr(side, field) <= high for side in sides)
