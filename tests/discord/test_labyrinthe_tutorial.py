"""Le labyrinthe secret's tutorial (``/labyrinthe learn``): a whole game against one computer in the
learner's language, where only the guide's move is enabled: the rings turned, the moves, the secret
and the closed boxes, a duel (the die, a tie, a win, the loser's pawn placed), the seventh treasure.
The duel's sign is chosen in the private view, where the guide's word is the learner's alone."""

import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot import tutorials
from bot.i18n import t
from bot.storage import SessionRecord
from bot.ui.guide import private_text, step_text
from cogs.labyrinthe.tutorial import LESSON
from games.labyrinthe import ENGINE
from games.labyrinthe.maze import CHAMBERS
from tests.conftest import set_locale
from tests.discord.driver import bot_messages, items, public_text, session
from tests.discord.tutorial_driver import (
    Learner,
    board,
    double_click_gets_the_next_instruction,
    enabled_controls,
    learn,
    leave_and_learn_again,
)

OTHER = {"en": "fr", "fr": "en"}
LOCALES = {"en": "en-US", "fr": "fr"}
GAME = ENGINE.name


async def start(env: Env, lang: str) -> tuple[ChannelHandle, MemberActor, SessionRecord, ChannelHandle]:
    """A server speaking the other language, and a learner speaking ``lang`` who starts the tutorial."""
    guild = env.create_guild(preferred_locale=LOCALES[OTHER[lang]])
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    record, thread = await learn(env, channel, ann, GAME)
    return channel, ann, record, thread


def public(env: Env, thread: ChannelHandle) -> str:
    return "\n".join(public_text(m) for m in bot_messages(thread, env) if not m.flags.ephemeral)


def test_the_lesson_teaches_every_rule_it_names() -> None:
    """The script's game: the learner turns the centre and both corridors, takes treasures by moving,
    duels on the die (a tie, then a win that empties the computer's box), places the loser's pawn
    in its chamber, and wins with seven treasures; the computer takes three on the way."""
    engine = LESSON.engine
    learner = [LESSON.steps[i].do or "" for i in LESSON.learner_steps()]
    assert {token for token in learner if token[0] in "cio"} >= {"c1", "icw", "iccw", "occw"}
    assert [token for token in learner if token in ("d1", "bd") or "-" in token] == ["d1", "bd", "rock-1", "paper-2"]
    states = [state for _, state in LESSON.play()]
    final = states[-1]
    assert engine.outcome(final).winners == [0] and len(final.boxes[0]) == 7 and final.end_reason == "seven"
    assert max(len(state.boxes[1]) for state in states) == 3
    duel = next(state.duel for state in states if state.duel is not None and state.duel.die is not None)
    assert duel.die == 4 and duel.challenger == 0  # more than the computer holds: it gives all it has
    placed = next(state for state in states if state.phase == "place")
    assert placed.boxes[1] == [] and len(placed.boxes[0]) == 6
    assert any(state.duel is not None and state.duel.round == 2 for state in states)  # the tie replayed
    assert any(state.pawns[1] == CHAMBERS[1] and state.current == 1 for state in states[1:])


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_learner_who_follows_the_guide_finishes_the_game_in_their_language(env, lang) -> None:
    channel, ann, record, thread = await start(env, lang)
    assert record.tutorial is not None and record.tutorial.lang == lang
    assert record.seats[1].computer and record.seats[1].level == "easy" and len(record.seats) == 2
    assert thread.name == t(lang, "tutorial.thread_name", game="Le labyrinthe secret", number=record.id)

    learner = Learner(env, thread, ann, record.id)
    record = await learner.play_to_end()
    assert record.status == "finished"
    state = env.bot.service.state(record)
    assert ENGINE.outcome(state).winners == [0] and len(state.boxes[0]) == 7  # seven treasures
    assert record.version == tutorials.FIRST_VERSION + len(LESSON.steps)
    assert len(await env.bot.storage.actions(record.id)) == len(LESSON.steps)

    # The guide spoke at every step of the learner's, in their language, numbered.
    title = t(lang, LESSON.title)
    steps = [LESSON.steps[i] for i in LESSON.learner_steps()]
    assert learner.guides == [
        t(lang, "tutorial.guide.title", lesson=title, step=n, steps=len(steps)) + "\n" + step_text(step, lang)
        for n, step in enumerate(steps, start=1)
    ]
    # The two signs of the duel were picked in the private view, the guide's word above it, and
    # that word never showed in public.
    secret = [step for step in steps if step.private]
    assert [step.do for step in secret] == ["rock-1", "paper-2"]
    assert learner.asides == [private_text(step, lang) for step in secret]
    shown = public(env, thread)
    assert not any(t(lang, step.private or "") in shown for step in secret)

    # Then the result, and the guide's last words.
    last = thread.history()[-1]
    assert last.embeds[0].title == t(lang, "tutorial.closing.title", lesson=title)
    assert last.embeds[0].description == t(lang, LESSON.closing)
    assert "`/labyrinthe " in last.embeds[0].description
    assert [item.label for item in items(last)] == [t(lang, "tutorial.button.again")]
    assert thread.history()[-2].embeds[0].title == t(lang, "labyrinthe.result.title", number=record.id)
    guide = board(thread, record)[0]
    assert guide.embeds[0].description == t(lang, "tutorial.guide.over") and not guide.components
    # Nothing in the thread speaks the server's language.
    for key in ("labyrinthe.board.players", "labyrinthe.tutorial.title", "labyrinthe.board.target"):
        assert t(lang, key) in shown and t(OTHER[lang], key) not in shown
    # Counted nowhere.
    assert await env.bot.storage.results(channel.guild.id) == []
    assert await env.bot.storage.ratings(channel.guild.id) == []
    stats = await ann.slash(channel, "stats")
    assert stats.ephemeral and "labyrinthe" not in (stats.response.embeds[0].description or "").lower()


async def test_only_the_guides_move_is_enabled_and_any_other_click_gets_its_instruction(env) -> None:
    _, ann, record, thread = await start(env, "en")
    guide, game = board(thread, record)
    steps = len(LESSON.learner_steps())
    assert guide.embeds[0].title == t("en", "tutorial.guide.title", lesson="A first game", step=1, steps=steps)
    assert [item.label for item in items(guide)] == ["Leave the tutorial"]
    # Seven path changes, one enabled: the centre's quarter the guide asks for. My box and the
    # reading buttons stay usable.
    ((_, turn),) = enabled_controls([game])
    assert turn.custom_id.endswith(":c1") and turn.label == "Centre ↻ ¼"
    assert sum(item.custom_id.startswith("g:") for item in items(game)) == 7
    assert [item.label for item in items(game) if not item.disabled] == [
        "Centre ↻ ¼",
        "My box",
        "Rules",
        "History",
        "Describe",
    ]

    # A double click: the second one comes when the guide asks for the next change, and gets its
    # instruction, privately; nothing else changes.
    second = await double_click_gets_the_next_instruction(env, ann, game, turn.custom_id, LESSON.steps[1])
    assert "Outer corridor ↺" in second
    record = await session(env, record.id)
    assert tutorials.step_index(record) == 1

    # The move: D1 alone is on offer, in one menu; Stay here is off.
    learner = Learner(env, thread, ann, record.id)
    await learner.step()
    record = await learner.record()
    _, game = board(thread, record)
    menus = [item for item in items(game) if item.custom_id.startswith("s:")]
    assert [[option.value for option in menu.options] for menu in menus if not menu.disabled] == [["mD1"]]
    (stay,) = [item for item in items(game) if item.custom_id.endswith(":s")]
    assert stay.disabled

    # On to the duel: the private view offers the guide's sign alone, with its word above.
    while env.bot.service.state(record := await learner.record()).phase != "choose":
        await learner.step()
    shown = board(thread, record)
    assert enabled_controls(shown) == []
    view = await learner.private_view(record, shown)
    step = LESSON.steps[tutorials.step_index(record)]
    assert view.content == private_text(step, "en") and "**Stone**" in (view.content or "")
    assert {item.label: item.disabled for item in items(view)} == {
        "Stone": False,
        "Paper": True,
        "Scissors": True,
        "Hint": False,  # the Hint is no game control
    }
    # The guide's public text tells where to choose, not what.
    assert "**Stone**" not in step_text(step, "en")


async def test_leaving_and_learning_again_start_afresh(env) -> None:
    channel, ann, record, thread = await start(env, "fr")
    learner = Learner(env, thread, ann, record.id)
    for _ in range(4):
        await learner.step()
    assert tutorials.step_index(await learner.record()) > 4  # the computer's turn was played too
    again, thread2 = await leave_and_learn_again(env, channel, ann, record, "Le labyrinthe secret", "fr")
    assert not enabled_controls(board(thread, await session(env, record.id)))
    assert board(thread2, again)[0].embeds[0].description == step_text(LESSON.steps[0], "fr")
    state = env.bot.service.state(again)
    assert state.boxes == [[], []] and state.pawns == [CHAMBERS[0], CHAMBERS[1]] and state.changes == []
    assert await env.bot.storage.results(channel.guild.id) == []
