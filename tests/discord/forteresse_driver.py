"""Drive Forteresse Solo games in SimCord through clicks and selects only.

The player opens their private view with the public board's "My hand"
button, then plays by clicking its buttons and choosing in its menus, as a
person would. To decide WHICH control to use, the driver asks the engine's
computer player (``ENGINE.choose``) about the player's own view; it never
moves anything itself. A "Do not attack" button asks "are you sure?" first:
the driver confirms, and the confirmation becomes the private view.
"""

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor
from simcord.results import to_discord_message

from bot.storage import SessionRecord
from games.core import Rng
from games.forteresse import ENGINE
from games.forteresse.models import ForteresseState
from tests.discord.driver import custom_ids, items, play_channel, session

GAME = ENGINE.name
ASK = "ask-"
PRIVATE_ID = re.compile(rf"(?P<kind>[gs]):{GAME}:(?P<sid>\d+):(?P<ver>\d+):(?P<rest>[A-Za-z0-9_.\-]+)")


# -- starting ----------------------------------------------------------------------
async def start(
    env: Env, channel: ChannelHandle, player: MemberActor, **options: Any
) -> tuple[SessionRecord, ChannelHandle, InteractionResult]:
    """``/forteresse start``: a solitaire starts at once, in a thread on the table's message."""
    result = await player.slash(channel, "forteresse start", **options)
    assert not result.ephemeral, result.response and result.response.content
    found = await env.bot.storage.find_sessions(game=GAME, channel_id=channel.id)
    record = max(found, key=lambda r: r.id)
    assert record.status in ("active", "finished")
    return record, play_channel(env, channel, record), result


def game_state(env: Env, record: SessionRecord) -> ForteresseState:
    return env.bot.service.state(record)


def message(env: Env, channel: ChannelHandle, message_id: int) -> discord.Message:
    """A message as it shows now, after edits (interaction replies too, which histories leave out)."""
    return to_discord_message(env, env.backend.get_message(channel.id, message_id))


def board(env: Env, channel: ChannelHandle, record: SessionRecord) -> discord.Message:
    (board_id,) = record.board_message_ids
    return message(env, channel, board_id)


def private_reply(result: InteractionResult) -> Any:
    """The ephemeral message an interaction answered with: its reply, or its private follow-up."""
    if result.ephemeral:
        return result.response
    (followup,) = [f for f in result.followups if f.ephemeral]
    return followup


# -- reading a private view ------------------------------------------------------------
@dataclass(frozen=True)
class Control:
    custom_id: str
    token: str  # the move it plays (without the ask- prefix)
    menu: bool
    asks: bool = False


def controls(shown: discord.Message) -> dict[str, Control]:
    """Every move a private view offers, by token: buttons and menu options."""
    found: dict[str, Control] = {}
    for item in items(shown):
        if isinstance(item, discord.SelectMenu):
            for option in item.options:
                assert option.value not in found, option.value
                found[option.value] = Control(item.custom_id, option.value, menu=True)
        elif isinstance(item, discord.Button) and item.custom_id and item.custom_id.startswith("g:"):
            token = item.custom_id.rsplit(":", 1)[1]
            plain = token.removeprefix(ASK)
            assert plain not in found, plain
            found[plain] = Control(item.custom_id, plain, menu=False, asks=token.startswith(ASK))
    return found


def version_of(shown: discord.Message) -> int | None:
    versions = {int(m["ver"]) for cid in custom_ids(shown) if (m := PRIVATE_ID.fullmatch(cid))}
    assert len(versions) <= 1, versions
    return versions.pop() if versions else None


# -- playing -------------------------------------------------------------------------------
Chooser = Callable[[ForteresseState, list[str]], str]


def computer_choice(state: ForteresseState, legal: list[str]) -> str:
    """What the engine's computer player would do, from the player's own view."""
    actions = ENGINE.legal_actions(state, 0)
    action = ENGINE.choose(ENGINE.view(state, 0), actions, Rng.from_seed(len(state.discard) + state.turn))
    return action.token()


@dataclass
class Driver:
    env: Env
    channel: ChannelHandle  # where the board is: the game's thread
    player: MemberActor
    session_id: int
    choose: Chooser = computer_choice
    private_id: int | None = None  # the ephemeral message the player clicks in
    tokens: list[str] = field(default_factory=list)  # every accepted move, in order
    confirmations: list[str] = field(default_factory=list)  # the "are you sure?" questions answered
    after_click: Callable[["Driver"], Awaitable[None]] | None = None

    async def record(self) -> SessionRecord:
        return await session(self.env, self.session_id)

    async def state(self) -> ForteresseState:
        return game_state(self.env, await self.record())

    def private(self) -> discord.Message:
        assert self.private_id is not None, "the hand was never opened"
        return message(self.env, self.channel, self.private_id)

    async def open_hand(self) -> discord.Message:
        """Click the public board's "My hand": the private view comes back, ephemeral."""
        record = await self.record()
        shown = board(self.env, self.channel, record)
        result = await self.player.click(shown, custom_id=f"p:{GAME}:{record.id}")
        reply = private_reply(result)
        assert reply.flags.ephemeral
        self.private_id = reply.id
        return self.private()

    async def click(self, token: str) -> None:
        """Play ``token`` through the private view's control, confirming when asked."""
        before = await self.record()
        shown = self.private()
        assert version_of(shown) == before.version, "the private view is not up to date"
        offered = controls(shown)
        control = offered[token]
        if control.menu:
            result = await self.player.select(shown, [token], custom_id=control.custom_id)
        else:
            result = await self.player.click(shown, custom_id=control.custom_id)
        if control.asks:
            # Only ending the attacks while Heroes stay idle asks first.
            assert token == "pass" and game_state(self.env, before).prompt.kind == "attackers"
            question = private_reply(result)
            assert question.content.startswith("❓ "), question.content
            self.confirmations.append(question.content)
            after = await self.record()
            assert after.version == before.version, "asking played something"
            confirm = f"g:{GAME}:{before.id}:{before.version}:{token}"
            result = await self.player.click(question, custom_id=confirm)
            self.private_id = question.id  # the question became the private view
        assert not any((f.content or "").startswith("⛔") for f in result.followups), result.followups
        after = await self.record()
        assert after.version > before.version, f"{token} changed nothing"
        self.tokens.append(token)
        if after.status == "active":
            assert version_of(self.private()) == after.version, "the private view was not refreshed"
        if self.after_click is not None:
            await self.after_click(self)

    async def play_one(self) -> str:
        """One move of the player's choice, checking that the view offers exactly the legal moves."""
        state = await self.state()
        legal = [a.token() for a in ENGINE.legal_actions(state, 0)]
        assert set(controls(self.private())) == set(legal)
        token = self.choose(state, legal)
        await self.click(token)
        return token

    async def play_until(self, done: Callable[[ForteresseState], bool], max_clicks: int = 400) -> SessionRecord:
        for _ in range(max_clicks):
            record = await self.record()
            if record.status != "active" or done(game_state(self.env, record)):
                return record
            if self.private_id is None:
                await self.open_hand()
            await self.play_one()
        raise AssertionError("the game did not get there")

    async def play_to_end(self, max_clicks: int = 400) -> SessionRecord:
        record = await self.play_until(lambda state: False, max_clicks)
        assert record.status == "finished"
        return record
