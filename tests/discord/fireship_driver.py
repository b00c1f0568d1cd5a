"""Drive Fireship games in SimCord through clicks and selects only.

The player to act uses the public board as a person would (buttons and
menus; a destination outside the nearest cells goes through a zone button and
the private menu it opens), and their private view for cards ("My cards").
A player asked to react answers in the DM the bot sent. To decide WHICH
control to use, the driver asks a chooser about the seat's own view (by
default the engine's computer player); it never moves anything itself.
"""

from dataclasses import dataclass, field

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor

from bot.storage import SessionRecord
from cogs.fireship.names import zone_of
from games.fireship import ENGINE
from games.fireship.models import Attack, FireshipAction, FireshipState, Lose, Play, Select, Steer
from tests.discord.driver import SeatDriver, custom_ids, items
from tests.discord.forteresse_driver import message, private_reply

GAME = ENGINE.name


def board(env: Env, channel: ChannelHandle, record: SessionRecord) -> discord.Message:
    (board_id,) = record.board_message_ids
    return message(env, channel, board_id)


def offers(shown: discord.Message, token: str) -> tuple[str, bool] | None:
    """The control of ``shown`` that plays ``token``: (custom id, is a menu)."""
    for item in items(shown):
        if isinstance(item, discord.SelectMenu) and token in [o.value for o in item.options]:
            return item.custom_id, True
        if isinstance(item, discord.Button) and (item.custom_id or "").endswith(f":{token}"):
            assert not item.disabled, f"{token} is disabled"
            return item.custom_id, False
    return None


def alike(state: FireshipState, action: FireshipAction) -> list[str]:
    """Tokens the board may show instead of ``action``'s: the same move with another piece of the
    same kind on the same cell (pieces at home are alike, and the board lists one of them)."""
    pieces = {p.id: p for p in state.pieces}

    def twins(number: int) -> list[int]:
        piece = pieces[number]
        return [p.id for p in state.pieces if (p.owner, p.kind, p.cell) == (piece.owner, piece.kind, piece.cell)]

    if isinstance(action, (Select, Lose)):
        return [type(action)(piece=n).token() for n in twins(action.piece)]
    if isinstance(action, Attack) and action.leader.isdigit():
        return [
            Attack(leader=str(n), target=action.target, plus=action.plus).token() for n in twins(int(action.leader))
        ]
    return [action.token()]


@dataclass
class Driver(SeatDriver):
    engine = ENGINE
    controls: set[str] = field(default_factory=set)  # the kinds of control used: "board", "zone", "cards", "dm"

    async def open_private(self, record: SessionRecord, seat: int) -> discord.Message:
        """The board's "My cards" button: the seat's ephemeral view."""
        result = await self.actor(record, seat).click(
            board(self.env, self.channel, record), custom_id=f"p:{GAME}:{record.id}"
        )
        reply = private_reply(result)
        assert reply.flags.ephemeral
        return message(self.env, self.channel, reply.id)

    async def last_dm(self, record: SessionRecord, seat: int) -> discord.Message:
        dm = self.actor(record, seat).user.dm_channel
        assert dm is not None, "no DM was sent"
        latest = max(dm.history(), key=lambda m: m.id)
        return message(self.env, dm, latest.id)

    async def play_action(self, seat: int, action: FireshipAction) -> InteractionResult:
        return await self.play(seat, action)

    async def play(self, seat: int, action: FireshipAction) -> InteractionResult:
        """Play ``action`` for ``seat`` through the control that offers it."""
        record = await self.record()
        state = self.env.bot.service.state(record)
        actor = self.actor(record, seat)
        if state.phase == "react":  # the answer goes in the DM, clicked as the user
            shown, kind, actor = await self.last_dm(record, seat), "dm", actor.user
        elif isinstance(action, Play) or (isinstance(action, Attack) and action.plus):
            shown, kind = await self.open_private(record, seat), "cards"
        else:
            shown, kind = board(self.env, self.channel, record), "board"
        found = next((c for token in alike(state, action) if (c := offers(shown, token))), None)
        if found is None and isinstance(action, Steer):
            shown, found, kind = await self._zone(actor, record, shown, action)
        assert found is not None, f"no control offers {action.token()}"
        custom_id, is_menu = found
        token = (
            custom_id.rsplit(":", 1)[1] if not is_menu else next(t for t in alike(state, action) if offers(shown, t))
        )
        if is_menu:
            result = await actor.select(shown, [token], custom_id=custom_id)
        else:
            result = await actor.click(shown, custom_id=custom_id)
        after = await self.record()
        assert after.version > record.version, (action.token(), result.response and result.response.content)
        self.tokens.append(token)
        self.controls.add(kind)
        return result

    async def _zone(
        self, actor: MemberActor, record: SessionRecord, shown: discord.Message, action: Steer
    ) -> tuple[discord.Message, tuple[str, bool] | None, str]:
        """A destination beyond the nearest cells: its zone's button, then the private menu."""
        # the version the board shows (a secret step since leaves it as it was)
        zone = f":more-z{zone_of(action.to)}"
        button = next(c for c in custom_ids(shown) if c.startswith(f"g:{GAME}:{record.id}:") and c.endswith(zone))
        result = await actor.click(shown, custom_id=button)
        menu = message(self.env, self.channel, private_reply(result).id)
        return menu, offers(menu, action.token()), "zone"
