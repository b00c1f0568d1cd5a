"""Tutorials (``/<game> learn``): a guided real game in the learner's language, where only the
guide's move can be played, that can be left and taken again, and that is counted nowhere."""

import pytest

from bot import tutorials
from bot.i18n import t
from bot.ui.guide import step_text
from cogs.fortissimo.tutorial import ADVANCED, BASIC
from tests.conftest import make_bot, set_locale
from tests.discord.driver import at_once, items, open_table, play_channel
from tests.discord.test_fortissimo_refusals import refusal
from tests.discord.tutorial_driver import Learner, board, enabled_controls, learn

OTHER = {"en": "fr", "fr": "en"}
LOCALES = {"en": "en-US", "fr": "fr"}


def texts_in(env, place) -> list[str]:
    """Everything the bot's messages in ``place`` show: contents, embeds."""
    found = []
    for message in place.history():
        if message.author.id == env.bot.user.id:
            found.append(message.content or "")
            for embed in message.embeds:
                found += [embed.title or "", embed.description or ""]
    return found


async def start(env, lang: str, lesson=BASIC):
    """A server speaking the other language, and a learner speaking ``lang`` who starts ``lesson``."""
    guild = env.create_guild(preferred_locale=LOCALES[OTHER[lang]])
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    chooser = await ann.slash(channel, "fortissimo learn")  # Fortissimo has two lessons: which one?
    assert chooser.ephemeral
    assert chooser.response.content == t(lang, "tutorial.choose", game="Fortissimo!")
    assert [item.label for item in items(chooser.response.message)] == [t(lang, BASIC.title), t(lang, ADVANCED.title)]
    assert not (await ann.click(chooser.response.message, label=t(lang, lesson.title))).ephemeral
    (record,) = await env.bot.storage.find_sessions(game="fortissimo", channel_id=channel.id)
    thread = play_channel(env, channel, record)
    return guild, channel, ann, record, thread


@pytest.mark.parametrize("lesson", [BASIC, ADVANCED], ids=lambda lesson: lesson.name)
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_learner_who_follows_the_guide_finishes_the_game_in_their_language(env, lang, lesson) -> None:
    guild, channel, ann, record, thread = await start(env, lang, lesson)
    assert record.tutorial is not None and record.tutorial.lesson == lesson.name and record.tutorial.lang == lang
    assert record.seats[1].computer and record.seats[1].level == "easy"
    title = t(lang, lesson.title)
    assert thread.name == t(lang, "tutorial.thread_name", game="Fortissimo!", number=record.id)

    learner = Learner(env, thread, ann, record.id)
    record = await learner.play_to_end()
    assert record.status == "finished"
    state = env.bot.service.state(record)
    assert env.bot.service.engine(record).outcome(state).winners == [0]  # the learner wins
    assert record.version == tutorials.FIRST_VERSION + len(lesson.steps)
    assert len(await env.bot.storage.actions(record.id)) == len(lesson.steps)

    # The guide spoke at every step of the learner's, in their language, numbered.
    steps = [lesson.steps[i] for i in lesson.learner_steps()]
    expected = [
        t(lang, "tutorial.guide.title", lesson=title, step=n, steps=len(steps)) + "\n" + step_text(step, lang)
        for n, step in enumerate(steps, start=1)
    ]
    assert learner.guides == expected
    # Then the result, and the guide's last words with the next lesson and this one again.
    last = thread.history()[-1]
    assert last.embeds[0].title == t(lang, "tutorial.closing.title", lesson=title)
    assert last.embeds[0].description == t(lang, lesson.closing)
    labels = [item.label for item in items(last)]
    following = [t(lang, ADVANCED.title)] if lesson is BASIC else []
    assert labels == [*following, t(lang, "tutorial.button.again")]
    assert thread.history()[-2].embeds[0].title == t(lang, "fortissimo.result.title", number=record.id)
    guide = board(thread, record)[0]
    assert guide.embeds[0].description == t(lang, "tutorial.guide.over") and not guide.components
    # Nothing in the thread speaks the server's language: the learner's own, throughout.
    shown = "\n".join(texts_in(env, thread))
    for key in ("fortissimo.board.second_half", "fortissimo.board.closed"):
        assert t(OTHER[lang], key) not in shown
    # Counted nowhere: no result, no rating, no stats.
    assert await env.bot.storage.results(guild.id) == []
    assert await env.bot.storage.ratings(guild.id) == []
    stats = await ann.slash(channel, "stats")
    assert stats.ephemeral and "Fortissimo" not in (stats.response.embeds[0].description or "")


async def test_only_the_guides_move_is_enabled_and_any_other_click_gets_its_instruction(env) -> None:
    guild, _, ann, record, thread = await start(env, "en")
    messages = board(thread, record)
    guide, grid = messages[0], messages[1:]
    # The guide's message is the board's first, and clearly the guide's.
    assert guide.embeds[0].title == t("en", "tutorial.guide.title", lesson="The basic game", step=1, steps=22)
    assert [item.label for item in items(guide)] == ["Leave the tutorial"]
    # One game control enabled: the slot the guide names; Rules and History stay enabled.
    (only,) = enabled_controls(grid)
    assert only[1].custom_id.endswith(":" + BASIC.steps[0].do) and only[1].label == BASIC.steps[0].params["slot"]
    reading = [item for message in grid for item in items(message) if item.custom_id.startswith(("r:", "h:"))]
    assert len(reading) == 2 and not any(item.disabled for item in reading)

    # A double click: the second one comes when the guide asks for the next move, and gets its
    # instruction, privately; nothing else changes.
    first, second = await at_once(
        env,
        lambda: ann.click(only[0], custom_id=only[1].custom_id),
        lambda: ann.click(only[0], custom_id=only[1].custom_id),
    )
    assert not first.ephemeral
    instruction = t("en", "tutorial.off_script", instruction=step_text(BASIC.steps[1], "en"))
    assert refusal(second) == instruction
    assert "Take the 8" in instruction
    record = await env.bot.storage.get_session(record.id)
    assert tutorials.step_index(record) == 1
    # Now only "Take the 8" is enabled: Put back, a legal move, stays off.
    (take,) = enabled_controls(board(thread, record))
    assert take[1].label == "Take the 8"
    (put_back,) = [i for m in board(thread, record) for i in items(m) if i.custom_id.endswith(":r")]
    assert put_back.disabled
    # Someone else's click is refused as at any table.
    bob = guild.add_member(env.create_user("bob"))
    refused = await bob.click(take[0], custom_id=take[1].custom_id)
    assert refused.ephemeral and refused.response.content == "⛔ " + t("en", "error.not_in_game")
    assert (await env.bot.storage.get_session(record.id)).version == record.version


async def test_leaving_and_learning_again_start_afresh(env) -> None:
    guild, channel, ann, record, thread = await start(env, "fr")
    learner = Learner(env, thread, ann, record.id)
    for _ in range(3):
        await learner.step()
    assert tutorials.step_index(await learner.record()) > 3  # the computer's turn was played too
    guide = board(thread, await learner.record())[0]
    left = await ann.click(guide, label="Quitter le tutoriel")
    assert left.ephemeral and left.response.content == t("fr", "tutorial.left", game="Fortissimo!")
    record = await learner.record()
    assert record.status == "cancelled"
    assert board(thread, record)[0].embeds[0].description == t("fr", "tutorial.guide.left")
    assert not enabled_controls(board(thread, record))

    again, thread2 = await learn(env, channel, ann, "fortissimo", t("fr", BASIC.title))
    assert again.id != record.id and again.version == tutorials.FIRST_VERSION
    assert again.channel_id != record.channel_id  # a thread of its own
    # learn again while one runs: the running one ends, the new one starts at its first step
    learner = Learner(env, thread2, ann, again.id)
    await learner.step()
    third, thread3 = await learn(env, channel, ann, "fortissimo", t("fr", BASIC.title))
    assert (await learner.record()).status == "cancelled"
    assert tutorials.step_index(third) == 0
    assert enabled_controls(board(thread3, third))[0][1].label == BASIC.steps[0].params["slot"]
    assert await env.bot.storage.results(guild.id) == []


async def test_a_restart_mid_tutorial_goes_on_from_the_same_step(env, db_path) -> None:
    _, _, ann, record, thread = await start(env, "en")
    learner = Learner(env, thread, ann, record.id)
    for _ in range(5):
        await learner.step()
    before = await learner.record()
    await env.restart_bot(make_bot(db_path))
    after = await learner.record()
    assert (after.version, after.state) == (before.version, before.state)
    record = await learner.play_to_end()
    assert record.status == "finished" and record.version == tutorials.FIRST_VERSION + len(BASIC.steps)


async def test_a_tutorial_keeps_no_seat_busy(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    ben = guild.add_member(env.create_user("ben"))
    table, _ = await open_table(env, channel, ann, [ben])
    tutorial, thread = await learn(env, channel, ann, "fortissimo", "The basic game")
    # In the channel, the table commands find the real game, not the tutorial.
    status = await ann.slash(channel, "fortissimo status")
    assert str(table.channel_id) in status.response.content
    listed = await ann.slash(channel, "games")
    assert f"#{table.id}" in listed.response.embeds[0].description
    assert f"#{tutorial.id}" not in listed.response.embeds[0].description
    # In its own thread, quit leaves the tutorial.
    quit_ = await ann.slash(thread, "fortissimo quit")
    assert quit_.ephemeral
    assert (await env.bot.storage.get_session(tutorial.id)).status == "cancelled"
    assert (await env.bot.storage.get_session(table.id)).status == "active"


async def test_learn_buttons_in_the_lobby_the_rules_and_help(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    lobby = (await ann.slash(channel, "fortissimo start")).response.message
    assert "Learn to play" in [getattr(item, "label", None) for item in items(lobby)]
    rules = await ann.slash(channel, "fortissimo rules")
    assert [item.label for item in items(rules.response.message)] == ["Learn to play"]
    shown = await ann.slash(channel, "help")
    labels = [item.label for item in items(shown.response.message)]
    assert "Learn Fortissimo!" in labels and len(labels) == len(env.bot.tables.uis)
    # The lobby's button offers Fortissimo's two lessons, privately.
    chooser = await ann.click(lobby, label="Learn to play")
    assert chooser.ephemeral and [i.label for i in items(chooser.response.message)] == [
        "The basic game",
        "The advanced game: points and powers",
    ]
    started = await ann.click(chooser.response.message, label="The basic game")
    assert not started.ephemeral
    found = [r for r in await env.bot.storage.find_sessions(game="fortissimo") if r.tutorial]
    assert len(found) == 1 and found[0].status == "active"


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_title_without_lessons_says_coming_soon(env, monkeypatch, lang) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    without = {key: lesson for key, lesson in tutorials._LESSONS.items() if key[0] != "fireship"}
    monkeypatch.setattr(tutorials, "_LESSONS", without)
    result = await ann.slash(channel, "fireship learn")
    assert result.ephemeral
    assert result.response.content == t(lang, "tutorial.coming_soon", game=t(lang, "fireship.title"))
    assert await env.bot.storage.find_sessions(game="fireship") == []
