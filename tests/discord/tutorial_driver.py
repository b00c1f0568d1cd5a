"""Drive a tutorial in SimCord as a learner who does only what the guide enables: on each board,
the one game control left enabled (a button, or a menu's one choice) is clicked (or, when the board
enables none, the one of the learner's private view: a secret choice), and a text box it
opens gets the text the guide shows in inline code (on the board, or, for a secret such as a code
word, in its private word above the learner's private view), until the game is over. Nothing is peeked at:
the driver reads the board it is shown."""

import re
from dataclasses import dataclass, field
from typing import Any

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot import tutorials
from bot.i18n import t
from bot.storage import SessionRecord
from bot.ui.components import TYPE
from bot.ui.guide import step_text
from tests.discord.driver import at_once, items, play_channel, session
from tests.discord.test_fortissimo_refusals import refusal

GAME_CONTROL = ("g:", "s:")
INLINE_CODE = re.compile(r"`([^`]+)`")  # a game's buttons and menus (the reading buttons and Leave are not)


async def learn(
    env: Env, channel: ChannelHandle, learner: MemberActor, game: str, lesson: str | None = None
) -> tuple[SessionRecord, ChannelHandle]:
    """``/<game> learn`` (and, for a game of several lessons, the click on ``lesson``'s title in the
    private choice it answers with): the tutorial's record and its thread."""
    result = await learner.slash(channel, f"{game} learn")
    assert result.response is not None, "no answer"
    if lesson is not None:
        assert result.ephemeral, result.response.content
        result = await learner.click(result.response.message, label=lesson)
    assert not result.ephemeral, result.response and result.response.content
    found = await env.bot.storage.find_sessions(game=game, channel_id=channel.id)
    record = max(found, key=lambda r: r.id)
    assert record.tutorial is not None
    return record, play_channel(env, channel, record)


def board(thread: ChannelHandle, record: SessionRecord) -> list[discord.Message]:
    """The tutorial's board as shown: the guide's message first, then the game's."""
    shown = {m.id: m for m in thread.history()}
    return [shown[message_id] for message_id in record.board_message_ids]


def enabled_controls(messages: list[discord.Message]) -> list[tuple[discord.Message, Any]]:
    """The game controls a learner could use now (a menu counts once per choice)."""
    found = []
    for message in messages:
        for item in items(message):
            custom_id = getattr(item, "custom_id", None) or ""
            if custom_id.startswith(GAME_CONTROL) and not item.disabled:
                found += [(message, item)] * max(1, len(getattr(item, "options", []) or []))
    return found


def guide_text(messages: list[discord.Message]) -> str:
    """The guide's words on the board (its first message's embed)."""
    embed = messages[0].embeds[0]
    return f"{embed.title}\n{embed.description}"


@dataclass
class Learner:
    env: Env
    thread: ChannelHandle
    actor: MemberActor
    session_id: int
    guides: list[str] = field(default_factory=list)  # every guide text shown, in order
    asides: list[str | None] = field(default_factory=list)  # the guide's private word, at each private move

    async def record(self) -> SessionRecord:
        return await session(self.env, self.session_id)

    async def step(self) -> InteractionResult:
        """Use the one control the guide enables."""
        record = await self.record()
        messages = board(self.thread, record)
        self.guides.append(guide_text(messages))
        controls = enabled_controls(messages)
        if not controls:  # the move is a private one (a secret choice): in the private view
            view = await self.private_view(record, messages)
            self.asides.append(view.content or None)
            controls = enabled_controls([view])
        assert len(controls) == 1, [getattr(item, "custom_id", "") for _, item in controls]
        message, item = controls[0]
        typed = INLINE_CODE.findall(messages[0].embeds[0].description or "")
        if not typed and item.custom_id.rsplit(":", 1)[-1].startswith(TYPE):  # a box for a secret text
            typed = INLINE_CODE.findall((await self.private_view(record, messages)).content or "")
        if isinstance(item, discord.SelectMenu):
            result = await self.actor.select(message, [item.options[0].value], custom_id=item.custom_id)
        else:
            result = await self.actor.click(message, custom_id=item.custom_id)
        if result.modal is not None:  # a text box: type what the guide shows in inline code
            assert typed, "the guide shows no text to type"
            result = await self.actor.submit_modal(result, {"text": typed[-1]})
        assert not result.ephemeral, result.response and result.response.content
        assert (await self.record()).version > record.version
        return result

    async def private_view(self, record: SessionRecord, messages: list[discord.Message]) -> discord.Message:
        """The learner's private view, opened with the board's button, with the guide's private word
        above it."""
        private = f"p:{record.game}:{record.id}"
        for message in messages:
            if any(getattr(item, "custom_id", None) == private for item in items(message)):
                result = await self.actor.click(message, custom_id=private)
                assert result.ephemeral and result.response is not None
                return result.response.message
        raise AssertionError("the board has no private view")

    async def play_to_end(self, max_steps: int = 400) -> SessionRecord:
        for _ in range(max_steps):
            record = await self.record()
            if record.status != "active":
                return record
            await self.step()
        raise AssertionError("the tutorial did not end")


async def double_click_gets_the_next_instruction(
    env: Env, learner: MemberActor, message: discord.Message, custom_id: str, next_step: tutorials.Step
) -> str:
    """Two clicks at once on the guided control: the first plays; the second comes when the guide
    asks for the next move, and gets that move's instruction, privately. Returns that refusal."""
    first, second = await at_once(
        env, lambda: learner.click(message, custom_id=custom_id), lambda: learner.click(message, custom_id=custom_id)
    )
    assert not first.ephemeral
    answer = refusal(second)
    assert answer == t("en", "tutorial.off_script", instruction=step_text(next_step, "en"))
    return answer


async def leave_and_learn_again(
    env: Env, channel: ChannelHandle, learner: MemberActor, record: SessionRecord, title: str, lang: str
) -> tuple[SessionRecord, ChannelHandle]:
    """The learner leaves the tutorial ``record`` by the guide's button (told so privately, the
    table cancelled), then asks ``learn`` again: a new tutorial at its first step, and its thread."""
    thread = play_channel(env, channel, record)
    guide = board(thread, await session(env, record.id))[0]
    left = await learner.click(guide, label=t(lang, "tutorial.button.leave"))
    assert left.ephemeral and left.response is not None
    assert left.response.content == t(lang, "tutorial.left", game=title)
    assert (await session(env, record.id)).status == "cancelled"
    again, thread2 = await learn(env, channel, learner, record.game)
    assert again.id != record.id and tutorials.step_index(again) == 0
    return again, thread2
