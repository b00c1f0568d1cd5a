"""Buttons and menus that survive restarts: ``DynamicItem``s registered once.

Custom ids carry no secret and no state, only where to route the click:
- ``g:<game>:<session>:<version>:<token>`` a game action button (version 0:
  the token itself names what it answers, e.g. a duel's round; see ``ANY_VERSION``);
- ``s:<game>:<session>:<version>:<name>`` a game menu, whose values are tokens;
- ``l:<session>:<version>:<op>`` a lobby button;
- ``p:<game>:<session>`` the public button that opens a player's private view.
Every click loads the session from storage; nothing lives in View objects.
"""

from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.ui.tables import Tables

_TOKEN = r"[A-Za-z0-9_.\-]{1,60}"


def tables(interaction: discord.Interaction) -> "Tables":
    return interaction.client.tables  # type: ignore[attr-defined]


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"g:(?P<game>[a-z_]+):(?P<sid>\d+):(?P<ver>\d+):(?P<token>{_TOKEN})",
):
    def __init__(self, game: str, sid: int, ver: int, token: str, **button: Any) -> None:
        self.game, self.sid, self.ver, self.token = game, sid, ver, token
        super().__init__(discord.ui.Button(custom_id=f"g:{game}:{sid}:{ver}:{token}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> "GameButton":
        return cls(match["game"], int(match["sid"]), int(match["ver"]), match["token"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).play(interaction, self.sid, self.ver, self.token)


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"s:(?P<game>[a-z_]+):(?P<sid>\d+):(?P<ver>\d+):(?P<name>{_TOKEN})",
):
    def __init__(self, game: str, sid: int, ver: int, name: str, **select: Any) -> None:
        self.game, self.sid, self.ver = game, sid, ver
        super().__init__(discord.ui.Select(custom_id=f"s:{game}:{sid}:{ver}:{name}", **select))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any
    ) -> "GameSelect":
        return cls(match["game"], int(match["sid"]), int(match["ver"]), match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await tables(interaction).play(interaction, self.sid, self.ver, str(values[0]) if values else "")


LOBBY_OPS = ("join", "leave", "add_bot", "remove_bot", "start", "cancel")


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"l:(?P<sid>\d+):(?P<ver>\d+):(?P<op>{'|'.join(LOBBY_OPS)})",
):
    def __init__(self, sid: int, ver: int, op: str, **button: Any) -> None:
        self.sid, self.ver, self.op = sid, ver, op
        super().__init__(discord.ui.Button(custom_id=f"l:{sid}:{ver}:{op}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> "LobbyButton":
        return cls(int(match["sid"]), int(match["ver"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).lobby_click(interaction, self.sid, self.ver, self.op)


class PrivateButton(discord.ui.DynamicItem[discord.ui.Button], template=r"p:(?P<game>[a-z_]+):(?P<sid>\d+)"):
    """Anyone may click; a player gets their own private view, privately."""

    def __init__(self, game: str, sid: int, **button: Any) -> None:
        self.game, self.sid = game, sid
        super().__init__(discord.ui.Button(custom_id=f"p:{game}:{sid}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> "PrivateButton":
        return cls(match["game"], int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).show_private(interaction, self.sid)


DYNAMIC_ITEMS = (GameButton, GameSelect, LobbyButton, PrivateButton)
