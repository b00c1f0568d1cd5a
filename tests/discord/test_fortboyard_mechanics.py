"""The six trial mechanics the first decks lacked, played through the board in SimCord.

Each test stages a table in the middle of such a trial (the state is set as a card would
set it, then the board is posted), and plays it with the board's own controls until the
trial is judged: the intruder and the arithmetic chain by text box, tapping and the
reaction light by the tap button (the light turns green on the clock), nim by the take
buttons, the sea battle by the grid.
"""

import pytest
from pydantic import TypeAdapter

from bot import turn_clock
from cogs.fortboyard.board import FortBoyardUI
from games.fortboyard import ENGINE, trials
from games.fortboyard.deck import Trial
from games.fortboyard.models import ANSWER_LENGTH, Answer
from tests.discord.driver import public_text, use_board
from tests.discord.fortboyard_driver import board
from tests.discord.test_fortboyard_trials import two_players

SAMPLES = {
    "intruder": ("concentration", {"kind": "intruder", "items": ["lion", "tigre", "chaise", "loup", "ours"],
                                   "intruder": "chaise", "reason": "des animaux"}),
    "arithmetic": ("concentration", {"kind": "arithmetic", "start": 8, "steps": ["+ 4", "x 2", "- 6"]}),
    "tapping": ("force", {"kind": "tapping", "taps": 6}),
    "reaction": ("force", {"kind": "reaction", "lights": 2, "seconds": 4}),
    "nim": ("duel", {"kind": "nim", "sticks": 10, "most": 4}),
    "battleship": ("duel", {"kind": "battleship", "size": 3}),
}  # fmt: skip


async def stage(env, driver, thread, category: str, sample: dict):
    """The table as it stands when the current player draws this card."""
    service = env.bot.service
    record = await driver.record()
    state = service.state(record)
    trial = TypeAdapter(Trial).validate_python(sample)
    players = [state.current] + ([1 - state.current] if category == "duel" else [])
    state.phase = "trial"
    state.trial = trials.begin(category, "staged", trial, players, "key", 0, state.rng)
    record.state = ENGINE.dump(state)
    turn_clock.schedule(record, ENGINE, None, state, service.clock())
    record.version += 1  # a new state is a new version, as in play (the board's picture is kept by version)
    await service.storage.save(record, record.version - 1)
    record = await service.update(record)  # the clock's next wake-up, as a change's save sets it
    await env.bot.tables.publish(record, fresh=True)
    return await driver.record()


@pytest.mark.parametrize("kind", list(SAMPLES))
async def test_a_new_mechanic_plays_through_the_board(env, kind: str) -> None:
    driver, _ann, _ben, thread = await two_players(env)
    category, sample = SAMPLES[kind]
    driver.skill = 100  # answers right
    record = await stage(env, driver, thread, category, sample)
    shown = public_text(board(env, thread, record))
    if kind == "intruder":
        assert "lion · tigre · chaise · loup · ours" in shown and "chaise — des animaux" not in shown
    if kind == "arithmetic":
        assert "**8**" in shown and "+ 4 → × 2 → − 6" in shown
    if kind == "battleship":
        assert "A1" in shown and "C3" in shown
    record = await driver.play_until(lambda state: state.trial is None, 60)
    after = public_text(board(env, thread, record))
    if kind == "intruder":
        assert "wins the trial. Answer: chaise — des animaux" in after
    elif kind == "arithmetic":
        assert "wins the trial. Answer: 18" in after
    elif kind in ("tapping", "reaction"):
        assert "wins the trial" in after
        if kind == "reaction":
            assert "catches light 2/2" in after
    elif kind == "nim":
        assert "takes" in after and "left" in after and "wins the trial" in after
    else:
        assert "🎯" in after and "wins the trial" in after


async def test_a_press_on_red_is_a_false_start(env) -> None:
    driver, _ann, _ben, thread = await two_players(env)
    record = await stage(env, driver, thread, *SAMPLES["reaction"])
    state = env.bot.service.state(record)
    actor = driver.actor(record, state.trial.players[0])
    await actor.click(board(env, thread, record), custom_id=f"g:fortboyard:{record.id}:0:press0")
    after = await driver.record()
    assert "pressed too early" in public_text(board(env, thread, after))
    assert env.bot.service.state(after).trial is None


async def test_both_duellists_type_at_once_and_the_second_answer_still_counts(env) -> None:
    driver, _ann, _ben, thread = await two_players(env)
    quickfire = {"kind": "quickfire", "question": "How many legs has a spider?", "answer": "eight", "variants": ["8"]}
    record = await stage(env, driver, thread, "duel", quickfire)
    state = env.bot.service.state(record)
    first, second = (driver.actor(record, seat) for seat in state.trial.players)
    answer = f"g:fortboyard:{record.id}:{record.version}:type-ans{state.turn}"
    boxes = [await actor.click(board(env, thread, record), custom_id=answer) for actor in (first, second)]
    wrong = await first.submit_modal(boxes[0], {"text": "six"})
    assert not wrong.ephemeral
    right = await second.submit_modal(boxes[1], {"text": "Eight"})  # the board moved on meanwhile
    assert not right.ephemeral
    after = public_text(board(env, thread, await driver.record()))
    assert "answers: wrong" in after and "wins the trial. Answer: eight" in after


async def test_the_red_light_shows_no_countdown(env) -> None:
    driver, _ann, _ben, thread = await two_players(env)
    record = await stage(env, driver, thread, *SAMPLES["reaction"])
    shown = public_text(board(env, thread, record))
    assert "turns green when it likes" in shown and "<t:" not in shown.split("Round 1")[1].split("Players")[0]


async def test_a_press_that_changes_no_pawn_uploads_no_new_picture(env) -> None:
    driver, _ann, _ben, thread = await two_players(env)
    record = await stage(env, driver, thread, *SAMPLES["tapping"])
    first = board(env, thread, record).attachments[0].id
    state = env.bot.service.state(record)
    await driver.actor(record, state.current).click(
        board(env, thread, record), custom_id=f"g:fortboyard:{record.id}:0:tap"
    )
    record = await driver.record()
    assert "**1/6**" in public_text(board(env, thread, record))
    assert board(env, thread, record).attachments[0].id == first  # the same picture stays
    await driver.play_until(lambda state: state.trial is None, 60)
    await driver.step()  # the next player rolls: a pawn moves
    assert board(env, thread, await driver.record()).attachments[0].id != first


@pytest.mark.parametrize(
    ("lang", "reply"),
    [
        ("en", "You have already made your choice: waiting for the others."),
        ("fr", "Votre choix est déjà fait : on attend les autres."),
    ],
)
async def test_a_second_click_on_a_sign_says_the_choice_is_made(env, lang: str, reply: str) -> None:
    driver, _ann, _ben, thread = await two_players(env, lang)
    record = await stage(env, driver, thread, "duel", {"kind": "spsw", "wins": 1})
    first, second = env.bot.service.state(record).trial.players
    chooser = driver.actor(record, first)
    chose = await use_board(chooser, board(env, thread, record), "fortboyard", record, "well")
    assert not chose.ephemeral
    after = await driver.record()
    for sign in ("stone", "well"):  # another sign, or the same one again
        again = await use_board(chooser, board(env, thread, after), "fortboyard", after, sign)
        assert again.ephemeral and again.response.content == f"⛔ {reply}"
    assert (await driver.record()).version == after.version
    assert env.bot.service.state(after).trial.choices == {first: "well"}  # the first choice stands
    await use_board(driver.actor(after, second), board(env, thread, after), "fortboyard", after, "paper")
    assert env.bot.service.state(await driver.record()).trial is None  # paper covers the well: judged


LONG_ANSWERS = {
    "accents": "é" * ANSWER_LENGTH,
    "emoji": "🏰" * ANSWER_LENGTH,
    "mixed": ("Ça 👨\u200d👩\u200d👧 l’été ! 中 " * 20)[:ANSWER_LENGTH],
}


async def test_a_typed_answer_as_long_as_the_box_allows_is_played(env) -> None:
    """100 accented letters, 100 emoji, or a mix: the box lets them through, so the trial judges them."""
    driver, _ann, _ben, thread = await two_players(env)
    for text in LONG_ANSWERS.values():
        record = await stage(env, driver, thread, *SAMPLES["intruder"])
        state = env.bot.service.state(record)
        actor = driver.actor(record, state.current)
        box = f"g:fortboyard:{record.id}:{record.version}:type-ans{state.turn}"
        opened = await actor.click(board(env, thread, record), custom_id=box)
        assert opened.modal is not None
        result = await actor.submit_modal(opened, {"text": text})
        assert not result.ephemeral, result.response.content
        after = await driver.record()
        assert after.version > record.version and env.bot.service.state(after).trial is None
        assert "trial lost. Answer: chaise — des animaux" in public_text(board(env, thread, after))


def test_the_answer_kept_is_the_boxs_first_100_characters() -> None:
    """Whatever Discord counts as 100 characters (an emoji joined of five code points counts one
    in some places), the answer keeps the first 100 code points; a stray surrogate, which UTF-8
    cannot carry, becomes « ? »."""
    state = ENGINE.new_game(2, ENGINE.make_options({}), 1)
    trial = TypeAdapter(Trial).validate_python(SAMPLES["intruder"][1])
    state.phase, state.trial = "trial", trials.begin("concentration", "staged", trial, [state.current], "key")
    ui, name = FortBoyardUI(), f"ans{state.turn}"
    family = "👨\u200d👩\u200d👧" * ANSWER_LENGTH  # 100 joined emoji, 500 code points
    token = ui.typed_token(None, state, state.current, name, family)  # type: ignore[arg-type]
    assert token is not None and ENGINE.parse_action(token) == Answer(text=family[:ANSWER_LENGTH])
    token = ui.typed_token(None, state, state.current, name, "chai\ud83dse")  # type: ignore[arg-type]
    assert token is not None and ENGINE.parse_action(token) == Answer(text="chai?se")
    assert ui.typed_token(None, state, 1 - state.current, name, "chaise") is None  # not this player's box
