"""Fort Boyard's tutorial (``/fortboyard learn``): a whole game against one computer, in the
learner's language (its cards too), where only the guide's move is enabled; the clues come in
private, and the code word is whispered by the guide in the learner's private view only."""

import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot import tutorials
from bot.i18n import t
from bot.storage import SessionRecord
from bot.ui.guide import private_text, step_text
from cogs.fortboyard.tutorial import LESSON
from games.fortboyard import ENGINE
from games.fortboyard.deck import deck
from tests.conftest import set_locale
from tests.discord.driver import bot_messages, items, public_text
from tests.discord.test_fortboyard_secrets import said
from tests.discord.test_fortissimo_refusals import refusal
from tests.discord.tutorial_driver import Learner, board, enabled_controls, learn, leave_and_learn_again

OTHER = {"en": "fr", "fr": "en"}
LOCALES = {"en": "en-US", "fr": "fr"}


async def start(env: Env, lang: str) -> tuple[ChannelHandle, MemberActor, SessionRecord, ChannelHandle]:
    """A server speaking the other language, and a learner speaking ``lang`` who starts the tutorial."""
    guild = env.create_guild(preferred_locale=LOCALES[OTHER[lang]])
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    record, thread = await learn(env, channel, ann, "fortboyard")
    return channel, ann, record, thread


def secrets(lang: str) -> tuple[str, list[str], list[str]]:
    """The learner's code word and clues, and the computer's clues (both play at the easy level)."""
    state = ENGINE.new_game(2, ENGINE.make_options(dict(LESSON.in_language(lang).options)), LESSON.seed)
    learner, computer = (deck(lang).word_card(p.word or "").easy for p in state.players)
    return learner.word, learner.clues, computer.clues


def public(env: Env, thread: ChannelHandle) -> str:
    return "\n".join(public_text(m) for m in bot_messages(thread, env) if not m.flags.ephemeral)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_learner_who_follows_the_guide_finishes_the_game_in_their_language(env, lang) -> None:
    channel, ann, record, thread = await start(env, lang)
    lesson = LESSON.in_language(lang)
    assert record.tutorial is not None and record.tutorial.lang == lang
    assert record.options["language"] == lang  # the cards speak the learner's language
    assert record.seats[1].computer and len(record.seats) == 2
    word, clues, theirs = secrets(lang)

    learner = Learner(env, thread, ann, record.id)
    while (record := await learner.record()).status == "active":
        await learner.step()
        # The clues are never shown in public; the code word only once the game is over.
        shown = public(env, thread)
        assert not any(clue in shown for clue in clues + theirs)
        if (await learner.record()).status == "active":
            assert not said(shown, word)
    assert record.status == "finished"
    state = env.bot.service.state(record)
    assert ENGINE.outcome(state).winners == [0]  # the learner, alone in the treasure room
    assert state.players[0].found and state.players[1].found is False
    assert record.version == tutorials.FIRST_VERSION + len(lesson.steps)

    # The guide spoke at every step of the learner's, in their language, with the text to type.
    title = t(lang, LESSON.title)
    steps = [lesson.steps[i] for i in lesson.learner_steps()]
    assert learner.guides == [
        t(lang, "tutorial.guide.title", lesson=title, step=n, steps=len(steps)) + "\n" + step_text(step, lang)
        for n, step in enumerate(steps, start=1)
    ]
    assert sum("`" in step_text(step, lang) for step in steps) == 5  # two riddles, two lists of words, a sequence
    # The clues came in private: one direct message each, all four of them.
    dms = "\n".join(m.content for m in ann.user.dm_channel.history())
    assert all(clue in dms for clue in clues)
    # The code word was whispered in the learner's private view only.
    (guess,) = [step for step in steps if step.private]
    assert private_text(guess, lang) == "🎓 " + t(lang, "fortboyard.tutorial.guess_private", word=word)
    # Then the result (which reveals the words), and the guide's last words.
    last = thread.history()[-1]
    assert last.embeds[0].title == t(lang, "tutorial.closing.title", lesson=title)
    assert last.embeds[0].description == t(lang, LESSON.closing)
    assert [item.label for item in items(last)] == [t(lang, "tutorial.button.again")]
    assert thread.history()[-2].embeds[0].title == t(lang, "fortboyard.result.title", number=record.id)
    # Nothing in the thread speaks the server's language.
    shown = public(env, thread)
    for key in ("fortboyard.board.players", "fortboyard.tutorial.title"):
        assert t(lang, key) in shown and t(OTHER[lang], key) not in shown
    # Counted nowhere.
    assert await env.bot.storage.results(channel.guild.id) == []
    assert await env.bot.storage.ratings(channel.guild.id) == []
    stats = await ann.slash(channel, "stats")
    assert stats.ephemeral and "Fort Boyard" not in (stats.response.embeds[0].description or "")


async def test_only_the_guides_move_is_enabled_and_any_other_answer_gets_its_instruction(env) -> None:
    _, ann, record, thread = await start(env, "en")
    lesson = LESSON.in_language("en")
    # The roll alone is enabled; the code word's private view and the reading buttons stay usable.
    shown = board(thread, record)
    (roll,) = enabled_controls(shown)
    assert roll[1].custom_id.endswith(":r")
    reading = [item for item in items(shown[1]) if item.custom_id.startswith(("r:", "h:", "p:"))]
    assert len(reading) >= 2 and not any(item.disabled for item in reading)
    learner = Learner(env, thread, ann, record.id)
    await learner.step()

    # The riddle: a wrong answer typed in the box is refused with the guide's instruction, which
    # shows the answer to type; nothing is played.
    record = await learner.record()
    step = lesson.steps[tutorials.step_index(record)]
    assert step.answer == "a needle"
    (answer,) = enabled_controls(board(thread, record))
    opened = await ann.click(answer[0], custom_id=answer[1].custom_id)
    assert opened.modal is not None
    wrong = await ann.submit_modal(opened, {"text": "a thimble"})
    assert refusal(wrong) == t("en", "tutorial.off_script", instruction=step_text(step, "en"))
    assert "`a needle`" in step_text(step, "en")
    assert (await learner.record()).version == record.version

    # On to the code word's level: Easy alone is enabled, Hard is off.
    while env.bot.service.state(record := await learner.record()).phase != "level":
        await learner.step()
    buttons = {item.label: item.disabled for item in items(board(thread, record)[1])}
    assert buttons["Easy level"] is False and buttons["Hard level"] is True


async def test_leaving_and_learning_again_start_afresh(env) -> None:
    channel, ann, record, thread = await start(env, "fr")
    learner = Learner(env, thread, ann, record.id)
    for _ in range(3):
        await learner.step()
    again, thread2 = await leave_and_learn_again(env, channel, ann, record, "Fort Boyard", "fr")
    assert board(thread2, again)[0].embeds[0].description == step_text(LESSON.steps[0], "fr")
    state = env.bot.service.state(again)
    assert state.round == 1 and all(p.cell is None and p.keys == 0 for p in state.players)
    assert await env.bot.storage.results(channel.guild.id) == []
