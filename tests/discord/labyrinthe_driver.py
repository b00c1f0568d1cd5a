"""Drive Le labyrinthe secret games in SimCord through clicks and selects only.

The player to act uses the public board as a person would: a button for a
path change, a duel or the stake, a menu option for a move or for placing a
beaten pawn. In a duel each duellist presses "Choose in secret" and picks
stone, scissors or paper in the ephemeral view that opens. To decide WHICH
control to use, the driver asks a chooser about the seat's own view (by
default the engine's computer player); it never moves anything itself.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.storage import SessionRecord
from games.core import Rng
from games.labyrinthe import ENGINE
from games.labyrinthe.models import LabyrintheAction, LabyrintheState, LabyrintheView, Stay
from tests.discord.driver import SeatDriver, open_game_table, use_board
from tests.discord.forteresse_driver import board, message, private_reply

GAME = ENGINE.name


async def open_table(
    env: Env,
    channel: ChannelHandle,
    host: MemberActor,
    joiners: list[MemberActor],
    computers: int = 0,
    lang: str = "en",
    **options: Any,
) -> tuple[SessionRecord, ChannelHandle, discord.Message]:
    """``/labyrinthe start``, everyone joins, the host adds computers and starts."""
    return await open_game_table(env, channel, GAME, host, joiners, computers, lang, **options)


def duellist(view: LabyrintheView, legal: list[LabyrintheAction], rng: Rng) -> LabyrintheAction:
    """Hunts the other pawns as if the bag were empty: changes and moves towards them, then challenges."""
    return ENGINE.choose(view.model_copy(update={"target": None}), legal, rng)


def idler(view: LabyrintheView, legal: list[LabyrintheAction], rng: Rng) -> LabyrintheAction:
    """Makes the compulsory changes, then stays; in a duel, whatever the computer would do."""
    return Stay() if Stay() in legal else ENGINE.choose(view, legal, rng)


@dataclass
class Driver(SeatDriver):
    engine = ENGINE
    after_click: Callable[["Driver"], Awaitable[None]] | None = None

    async def state(self) -> LabyrintheState:
        return self.env.bot.service.state(await self.record())

    async def open_private(self, record: SessionRecord, seat: int) -> discord.Message:
        """The board's "Choose in secret" / "My box" button: the seat's ephemeral view."""
        shown = board(self.env, self.channel, record)
        result = await self.actor(record, seat).click(shown, custom_id=f"p:{GAME}:{record.id}")
        reply = private_reply(result)
        assert reply.flags.ephemeral
        return message(self.env, self.channel, reply.id)

    async def play(self, seat: int, token: str) -> InteractionResult:
        """Play ``token`` for ``seat`` through the control that offers it."""
        record = await self.record()
        actor = self.actor(record, seat)
        state = self.env.bot.service.state(record)
        if state.phase == "choose":
            shown = await self.open_private(record, seat)
            result = await actor.click(shown, custom_id=f"g:{GAME}:{record.id}:0:{token}")  # no board version
        else:
            shown = board(self.env, self.channel, record)
            result = await use_board(actor, shown, GAME, record, token)
        assert not any((f.content or "").startswith("⛔") for f in result.followups), result.followups
        if result.ephemeral and state.phase != "choose":
            raise AssertionError(f"{token} refused: {result.response.content}")
        after = await self.record()
        assert after.version > record.version, f"{token} changed nothing"
        self.tokens.append(token)
        if self.after_click is not None:
            await self.after_click(self)
        return result

    async def play_action(self, seat: int, action: LabyrintheAction) -> InteractionResult:
        return await self.play(seat, action.token())

    async def play_to_end(self, max_moves: int = 600) -> SessionRecord:
        record = await self.play_until(lambda state: False, max_moves)
        assert record.status == "finished"
        return record
