"""Fireship's tutorial (``/fireship learn``): the last two rounds of a game under way, guided move
by move on the board; the computer's attack answered with a +1 in its secret reaction window, from
🃏 My cards (or the private message that asks), the guide's word there; the game ended on the
round limit, counted nowhere."""

from dataclasses import dataclass, field

import discord
import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot import tutorials
from bot.i18n import t
from bot.storage import SessionRecord
from bot.ui.guide import private_text, step_text
from bot.ui.table_core import jump_url
from cogs.fireship.tutorial import LESSON
from games.fireship import ENGINE
from tests.conftest import set_locale
from tests.discord.driver import bot_messages, items, public_text, session
from tests.discord.forteresse_driver import message, private_reply
from tests.discord.tutorial_driver import (
    board,
    double_click_gets_the_next_instruction,
    enabled_controls,
    guide_text,
    learn,
    leave_and_learn_again,
)

OTHER = {"en": "fr", "fr": "en"}
LOCALES = {"en": "en-US", "fr": "fr"}
GAME = ENGINE.name
REACT = next(i for i, step in enumerate(LESSON.steps) if step.do == "cplus_one")  # the window's step


@dataclass(frozen=True)
class Window:
    """What the learner was shown while the computer's attack waited for their answer."""

    public: str  # every public message of the thread
    cards: discord.Message  # 🃏 My cards
    dm: discord.Message  # the private message that asked


@dataclass
class FleetLearner:
    """A learner who uses the one game control the guide enables on the board, or, when the board
    enables none (a secret reaction window), the one of their 🃏 My cards view."""

    env: Env
    thread: ChannelHandle
    actor: MemberActor
    session_id: int
    guides: list[str] = field(default_factory=list)  # the public guide at each of their steps
    windows: list[Window] = field(default_factory=list)

    async def record(self) -> SessionRecord:
        return await session(self.env, self.session_id)

    async def my_cards(self, record: SessionRecord) -> discord.Message:
        game = board(self.thread, record)[1]
        reply = private_reply(await self.actor.click(game, custom_id=f"p:{GAME}:{record.id}"))
        assert reply.flags.ephemeral
        return message(self.env, self.thread, reply.id)

    def last_dm(self) -> discord.Message:
        dm = self.actor.user.dm_channel
        assert dm is not None, "no private message was sent"
        return message(self.env, dm, max(m.id for m in dm.history()))

    async def step(self) -> None:
        record = await self.record()
        shown = board(self.thread, record)
        self.guides.append(guide_text(shown))
        controls = enabled_controls(shown)
        if not controls:  # the move is a private one: in My cards
            cards = await self.my_cards(record)
            public = "\n".join(public_text(m) for m in bot_messages(self.thread, self.env) if not m.flags.ephemeral)
            self.windows.append(Window(public, cards, self.last_dm()))
            controls = enabled_controls([cards])
        assert len(controls) == 1, [getattr(item, "custom_id", "") for _, item in controls]
        where, item = controls[0]
        if isinstance(item, discord.SelectMenu):
            result = await self.actor.select(where, [item.options[0].value], custom_id=item.custom_id)
        else:
            result = await self.actor.click(where, custom_id=item.custom_id)
        assert not (result.ephemeral and (result.response.content or "").startswith("⛔")), result.response.content
        assert not any((f.content or "").startswith("⛔") for f in result.followups), result.followups
        assert (await self.record()).version > record.version

    async def play_to_end(self) -> SessionRecord:
        for _ in LESSON.learner_steps():
            await self.step()
        return await self.record()


async def start(env: Env, lang: str):
    """A server speaking the other language, and a learner speaking ``lang`` who starts the tutorial."""
    guild = env.create_guild(preferred_locale=LOCALES[OTHER[lang]])
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    record, thread = await learn(env, channel, ann, GAME)
    return guild, channel, ann, record, thread


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_learner_who_follows_the_guide_wins_in_their_language(env, lang) -> None:
    guild, channel, ann, record, thread = await start(env, lang)
    assert record.tutorial is not None and record.tutorial.lang == lang
    assert record.seats[1].computer and record.seats[1].level == "easy"
    learner = FleetLearner(env, thread, ann, record.id)
    record = await learner.play_to_end()

    # The game is over on the round limit, by the engine's own rules from the prepared position:
    # the learner holds 4 islands, the computer 3.
    assert record.status == "finished"
    state = env.bot.service.state(record)
    assert (state.end_reason, state.winners, state.options.rounds) == ("rounds", [0], 20)
    assert (state.islands.count(0), state.islands.count(1)) == (4, 3)
    assert record.version == tutorials.FIRST_VERSION + len(LESSON.steps)
    assert len(await env.bot.storage.actions(record.id)) == len(LESSON.steps)

    # The guide spoke at every step of the learner's, in their language, numbered.
    title = t(lang, LESSON.title)
    steps = [LESSON.steps[i] for i in LESSON.learner_steps()]
    assert learner.guides == [
        t(lang, "tutorial.guide.title", lesson=title, step=n, steps=len(steps)) + "\n" + step_text(step, lang)
        for n, step in enumerate(steps, start=1)
    ]
    # The reaction window: the public saw nothing of it (the guide is still the computer's), the
    # learner was asked privately, in My cards and by message, with the guide's word above and the
    # +1 alone enabled (no deadline: a tutorial's window waits).
    (window,) = learner.windows
    react = LESSON.steps[REACT]
    assert react.say == LESSON.steps[REACT - 1].say  # the computer's watch: nothing new in public
    aside = private_text(react, lang)
    assert aside is not None and "**+1**" in aside
    for shown in (window.cards, window.dm):
        asked = shown.embeds[0].fields[-1]
        assert asked.name == t(lang, "fireship.private.asked")
        assert asked.value not in window.public  # the attack, 3 against 3, is not public yet
        labels = {item.label: item.disabled for item in items(shown)}
        assert labels == {"➕ +1": False, t(lang, "fireship.button.let_pass"): True}
    assert window.cards.content == aside
    asked_text = t(lang, "tutorial.asked_in_secret", game="Fireship", link=jump_url(record))
    assert window.dm.content.startswith(asked_text)
    assert window.dm.content.endswith("\n" + aside) and "<t:" not in window.dm.content
    assert aside not in "\n".join(public_text(m) for m in bot_messages(thread, env))

    # Then the result, and the guide's last words with this lesson again.
    last = thread.history()[-1]
    assert last.embeds[0].title == t(lang, "tutorial.closing.title", lesson=title)
    assert last.embeds[0].description == t(lang, LESSON.closing)
    assert [item.label for item in items(last)] == [t(lang, "tutorial.button.again")]
    assert thread.history()[-2].embeds[0].title == t(lang, "fireship.result.title", number=record.id)
    # Nothing in the thread speaks the server's language.
    shown = "\n".join(public_text(m) for m in bot_messages(thread, env))
    for key in ("fireship.board.players", "tutorial.button.again", "fireship.tutorial.title"):
        assert t(lang, key) in shown and t(OTHER[lang], key) not in shown
    # Counted nowhere.
    assert await env.bot.storage.results(guild.id) == []
    assert await env.bot.storage.ratings(guild.id) == []
    stats = await ann.slash(channel, "stats")
    assert stats.ephemeral and "Fireship" not in (stats.response.embeds[0].description or "")


async def test_only_the_guides_move_is_enabled_and_any_other_click_gets_its_instruction(env) -> None:
    _, _, ann, record, thread = await start(env, "en")
    guide, game = board(thread, record)
    assert guide.embeds[0].title == t("en", "tutorial.guide.title", lesson="A first game", step=1, steps=20)
    assert [item.label for item in items(guide)] == ["Leave the tutorial"]
    # Only Roll among the game's controls; My cards and the reading buttons stay usable.
    ((_, roll),) = enabled_controls([game])
    assert roll.custom_id.endswith(":r") and roll.label == "Roll the dice"
    assert [item.label for item in items(game) if not item.disabled] == [
        "Roll the dice",
        "My cards",
        "Rules",
        "History",
        "Describe",
    ]

    # A double click: the second one comes when the guide asks for the next move, and gets its
    # instruction, privately; nothing else changes.
    await double_click_gets_the_next_instruction(env, ann, game, roll.custom_id, LESSON.steps[1])
    record = await session(env, record.id)
    assert tutorials.step_index(record) == 1

    # Nine pieces could move: the menu offers the boat at I4 alone, and End moves is off.
    state = env.bot.service.state(record)
    assert len(ENGINE.movable(state)) == 9
    _, game = board(thread, record)
    menu, end_moves = (item for item in items(game) if item.custom_id.startswith(("s:", "g:")))
    assert [option.label for option in menu.options] == ["🔵 ⛵ Boat I4"] and not menu.disabled
    assert end_moves.label == "End moves" and end_moves.disabled
    await ann.select(game, [menu.options[0].value], custom_id=menu.custom_id)

    # Its destinations: J3 alone, among the nearest cells; the quarters of the map and Another piece off.
    record = await session(env, record.id)
    _, game = board(thread, record)
    controls = [item for item in items(game) if item.custom_id.startswith(("s:", "g:"))]
    assert [(item.custom_id.rsplit(":", 1)[1], item.disabled) for item in controls] == [
        ("nearest", False),
        ("more-z0", True),
        ("more-z1", True),
        ("more-z2", True),
        ("more-z3", True),
        ("u", True),
    ]
    assert [option.label for option in controls[0].options] == ["J3 · 2 pt"]


async def test_leaving_and_learning_again_start_afresh(env) -> None:
    guild, channel, ann, record, thread = await start(env, "fr")
    learner = FleetLearner(env, thread, ann, record.id)
    for _ in range(7):  # the moves, and the first attack
        await learner.step()
    again, thread2 = await leave_and_learn_again(env, channel, ann, record, "Fireship", "fr")
    assert board(thread2, again)[0].embeds[0].description == step_text(LESSON.steps[0], "fr")
    state = env.bot.service.state(again)
    assert (state.round, state.phase, state.islands.count(0), state.islands.count(1)) == (19, "roll", 3, 3)
    assert ENGINE.dump(state) == ENGINE.dump(next(LESSON.play())[1])  # the same position, from the start
    assert await env.bot.storage.results(guild.id) == []
