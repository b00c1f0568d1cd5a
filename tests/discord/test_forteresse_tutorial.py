"""Forteresse Solo's tutorial (``/forteresse learn``): a whole game won in four guided turns, played
in the learner's private view (their hand), where only the guide's move is enabled; the public
guide never names a card of the hand (the guide's private word, in the hand, does)."""

from dataclasses import dataclass, field

import discord
import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot import replays, tutorials
from bot.i18n import t
from bot.storage import SessionRecord
from bot.ui.guide import private_text, step_text
from cogs.forteresse.names import card_name
from cogs.forteresse.tutorial import LESSON
from games.forteresse import ENGINE
from tests.conftest import set_locale
from tests.discord.driver import at_once, bot_messages, items, public_text, session
from tests.discord.forteresse_driver import message, private_reply
from tests.discord.test_forteresse_secrets import NAME, public_codes
from tests.discord.test_fortissimo_refusals import refusal
from tests.discord.tutorial_driver import board, enabled_controls, guide_text, learn, leave_and_learn_again

OTHER = {"en": "fr", "fr": "en"}
LOCALES = {"en": "en-US", "fr": "fr"}
DISCARDS = "more-discards"  # the board's Discards button: a reading menu, enabled at every step


@dataclass
class HandLearner:
    """A learner who opens 🂠 My hand and uses there the one control the guide enables, reading the
    guide on the board and its private word above the hand, and checking after every click that
    no public message names a card of the hand the table never showed."""

    env: Env
    thread: ChannelHandle
    actor: MemberActor
    session_id: int
    lang: str
    private_id: int | None = None
    guides: list[str] = field(default_factory=list)  # the public guide at each step
    asides: list[str | None] = field(default_factory=list)  # the private word above the hand
    seen: set[str] = field(default_factory=set)  # cards the public has seen so far

    async def record(self) -> SessionRecord:
        return await session(self.env, self.session_id)

    def private(self) -> discord.Message:
        assert self.private_id is not None
        return message(self.env, self.thread, self.private_id)

    async def open_hand(self) -> None:
        record = await self.record()
        game = board(self.thread, record)[1]
        reply = private_reply(await self.actor.click(game, custom_id=f"p:forteresse:{record.id}"))
        assert reply.flags.ephemeral
        self.private_id = reply.id

    async def step(self) -> None:
        record = await self.record()
        shown = board(self.thread, record)
        self.guides.append(guide_text(shown))
        # On the public board, only the Discards button (a reading menu) among the game's controls.
        assert [item.custom_id.rsplit(":", 1)[1] for _, item in enabled_controls(shown)] == [DISCARDS]
        if self.private_id is None:
            await self.open_hand()
        hand = self.private()
        self.asides.append(hand.content or None)
        (control,) = enabled_controls([hand])
        _, item = control
        if isinstance(item, discord.SelectMenu):
            result = await self.actor.select(hand, [item.options[0].value], custom_id=item.custom_id)
        else:
            result = await self.actor.click(hand, custom_id=item.custom_id)
        token = item.custom_id.rsplit(":", 1)[1]
        if token.startswith("ask-"):  # "are you sure?": confirm, and the question becomes the hand
            question = private_reply(result)
            assert question.content.startswith("❓ ")
            confirm = f"g:forteresse:{record.id}:{record.version}:{token.removeprefix('ask-')}"
            result = await self.actor.click(question, custom_id=confirm)
            self.private_id = question.id
        assert not any((f.content or "").startswith("⛔") for f in result.followups), result.followups
        assert (await self.record()).version == record.version + 1
        await self.check_secrets()

    async def check_secrets(self) -> None:
        """No public message of the thread (the guide's above all) names a hand card the public never saw."""
        record = await self.record()
        state = self.env.bot.service.state(record)
        public = public_codes(state, record.recent)
        self.seen |= public
        allowed = {card_name(card, self.lang) for card in public}
        secret = {card_name(card, self.lang) for card in set(state.hand) - self.seen} - allowed
        for shown in bot_messages(self.thread, self.env):
            if not shown.flags.ephemeral:
                named = {m.group(0) for m in NAME.finditer(public_text(shown))}
                assert not named & secret, (named & secret, public_text(shown))

    async def play_to_end(self) -> SessionRecord:
        await self.check_secrets()
        for _ in range(len(LESSON.steps)):
            await self.step()
        return await self.record()


async def start(env: Env, lang: str) -> tuple[discord.Guild, ChannelHandle, MemberActor, SessionRecord, ChannelHandle]:
    """A server speaking the other language, and a learner speaking ``lang`` who starts the tutorial."""
    guild = env.create_guild(preferred_locale=LOCALES[OTHER[lang]])
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, LOCALES[lang])
    record, thread = await learn(env, channel, ann, "forteresse")
    return guild, channel, ann, record, thread


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_learner_who_follows_the_guide_wins_in_their_language(env, lang) -> None:
    guild, channel, ann, record, thread = await start(env, lang)
    assert record.tutorial is not None and record.tutorial.lang == lang and len(record.seats) == 1
    learner = HandLearner(env, thread, ann, record.id, lang)
    record = await learner.play_to_end()

    # The game is over, won on the third Treasure, by the engine's own rules from the prepared deal.
    assert record.status == "finished"
    state = env.bot.service.state(record)
    assert (state.result, state.end_reason, state.turn) == ("won", "treasures", 3)
    assert record.version == tutorials.FIRST_VERSION + len(LESSON.steps)
    # Its replay rebuilds it: the prepared deal travels in the options.
    text = replays.export(record, await env.bot.storage.actions(record.id))
    assert ENGINE.dump(replays.replay(text)) == ENGINE.dump(state)
    # The guide spoke at every step, in the learner's language; its private word came in the hand.
    title = t(lang, LESSON.title)
    steps = len(LESSON.steps)
    assert learner.guides == [
        t(lang, "tutorial.guide.title", lesson=title, step=n, steps=steps) + "\n" + step_text(step, lang)
        for n, step in enumerate(LESSON.steps, start=1)
    ]
    assert learner.asides == [private_text(step, lang) for step in LESSON.steps]
    assert sum(aside is not None for aside in learner.asides) == 15
    # Then the result and the guide's last words, with the lesson again.
    last = thread.history()[-1]
    assert last.embeds[0].title == t(lang, "tutorial.closing.title", lesson=title)
    assert last.embeds[0].description == t(lang, LESSON.closing)
    assert [item.label for item in items(last)] == [t(lang, "tutorial.button.again")]
    assert thread.history()[-2].embeds[0].title == t(lang, "forteresse.result.title.won", number=record.id)
    # Nothing in the thread speaks the server's language.
    shown = "\n".join(public_text(m) for m in bot_messages(thread, env))
    for key in ("forteresse.board.paths", "forteresse.board.player", "forteresse.tutorial.title"):
        assert t(lang, key) in shown and t(OTHER[lang], key) not in shown
    # The private word never shows in public.
    for aside in filter(None, learner.asides):
        assert aside.removeprefix("🎓 ") not in shown
    # Counted nowhere.
    assert await env.bot.storage.results(guild.id) == []
    assert await env.bot.storage.ratings(guild.id) == []
    stats = await ann.slash(channel, "stats")
    assert stats.ephemeral and "Forteresse" not in (stats.response.embeds[0].description or "")


async def test_only_the_guides_move_is_enabled_and_any_other_click_gets_its_instruction(env) -> None:
    _, _, ann, record, thread = await start(env, "en")
    learner = HandLearner(env, thread, ann, record.id, "en")
    await learner.open_hand()
    hand = learner.private()
    (keep,) = [item for item in items(hand) if not item.disabled]
    assert keep.custom_id.endswith(":keep") and keep.label == "Keep this hand"
    assert [item.disabled for item in items(hand)] == [True, False]  # the Mulligan button is off
    # A double click on "Keep this hand": the second one comes when the guide asks for the next
    # move, and gets its instruction, its private word included (the refusal is the learner's
    # alone); nothing else changes.
    _, second = await at_once(
        env,
        lambda: ann.click(hand, custom_id=keep.custom_id),
        lambda: ann.click(hand, custom_id=keep.custom_id),
    )
    instruction = step_text(LESSON.steps[1], "en") + "\n" + private_text(LESSON.steps[1], "en")
    assert refusal(second) == t("en", "tutorial.off_script", instruction=instruction)
    record = await learner.record()
    assert tutorials.step_index(record) == 1

    # Recruiting: one choice left in the Recruit menu (the King ♥ with the 5 ♥, not the Queen ♣ with
    # the 4 ♣); "Heroes ready" is off.
    hand = learner.private()
    legal = {a.token() for a in ENGINE.legal_actions(env.bot.service.state(record), 0)}
    assert legal == {"rc0.1", "rc2.3", "pass"}
    menus = [item for item in items(hand) if isinstance(item, discord.SelectMenu)]
    assert [([o.value for o in menu.options], menu.disabled) for menu in menus] == [(["rc0.1"], False)]
    assert [o.label for o in menus[0].options] == ["King ♥ with 5 ♥"]
    (go_on,) = [item for item in items(hand) if isinstance(item, discord.Button)]
    assert go_on.disabled and go_on.custom_id.endswith(":pass")
    assert hand.content == private_text(LESSON.steps[1], "en")
    # The board's Hand, Discards and Hint buttons, and the guide's Leave, stay usable.
    shown = board(thread, record)
    assert not any(item.disabled for message in shown for item in items(message))


async def test_leaving_and_learning_again_start_afresh(env) -> None:
    guild, channel, ann, record, thread = await start(env, "fr")
    learner = HandLearner(env, thread, ann, record.id, "fr")
    for _ in range(4):
        await learner.step()
    again, thread2 = await leave_and_learn_again(env, channel, ann, record, "Forteresse Solo", "fr")
    assert board(thread2, again)[0].embeds[0].description == step_text(LESSON.steps[0], "fr")
    state = env.bot.service.state(again)
    assert state.turn == 0 and state.prompt is not None and state.prompt.kind == "mulligan"
    assert state.hand == ["pKH", "p5H", "pQC", "p4C", "p9D", "pAS"]  # the same deal, from the start
    assert await env.bot.storage.results(guild.id) == []
