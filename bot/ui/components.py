"""Buttons and menus that survive restarts: ``DynamicItem``s registered once.

Custom ids carry no secret and no state, only where to route the click:
- ``g:<game>:<session>:<version>:<token>`` a game action button (version 0:
  the token itself names what it answers, e.g. a duel's round; see ``ANY_VERSION``);
- ``s:<game>:<session>:<version>:<name>`` a game menu, whose values are tokens;
- ``l:<session>:<version>:<op>`` a lobby button;
- ``m:<session>:<version>:<op>`` a lobby menu of the host's: add a computer at a level, remove a player;
- ``o:<session>:<version>:<name>`` the host's menu for the lobby option ``name`` (its values: the choices),
  ``n:<session>:<version>:<name>`` the button that opens the text box ``v:<session>:<version>:<name>``
  for a number option (both in the host's private options panel);
- ``p:<game>:<session>`` the public button that opens a player's private view;
- ``r:<game>`` the rules of a game, for whoever clicks;
- ``d:<game>:<session>``, ``h:<game>:<session>`` the board in words, the game's history, for whoever clicks;
  ``hp:<game>:<session>:<lines>:<page>`` a page of that history (as it stood at ``lines`` lines);
- ``f:<game>:<session>`` a finished game's replay page, for whoever clicks;
- ``hint:<game>:<session>`` 💡 the strong computer's move for the player whose decision it is, privately;
- ``u:learn:<game>[:<lesson>]`` a tutorial of a game, for whoever clicks; ``u:leave:<game>:<session>``
  the learner leaves their tutorial;
- ``t:<game>:<session>:<version>:<name>`` a text box (modal); its submission is routed
  by ``on_modal``, not by the Modal object, so it still lands after a restart.
Every click loads the session from storage; nothing lives in View objects.
"""

import re
from typing import Any, NamedTuple, Protocol

import discord

_TOKEN = r"[A-Za-z0-9_.\-]{1,60}"
ASK = "ask-"  # a button token ``ask-<token>`` asks "are you sure?" before playing ``<token>``
MORE = "more-"  # a button token ``more-<name>`` opens the game's private menu ``<name>`` (``GameUI.more``)
TYPE = "type-"  # a button token ``type-<name>`` opens the game's text box ``<name>`` (``GameUI.prompt``)


class Handlers(Protocol):
    """What the items call: the bot's tables (``bot.tables``), known by their shape only."""

    async def play(self, interaction: discord.Interaction, session_id: int, version: int, token: str) -> None: ...

    async def typed(
        self, interaction: discord.Interaction, session_id: int, version: int, name: str, text: str
    ) -> None: ...

    async def lobby_click(
        self, interaction: discord.Interaction, session_id: int, version: int, op: str, value: str | None = None
    ) -> None: ...

    async def lobby_option(
        self, interaction: discord.Interaction, session_id: int, version: int, name: str, value: str
    ) -> None: ...

    async def ask_lobby_number(
        self, interaction: discord.Interaction, session_id: int, version: int, name: str
    ) -> None: ...

    async def show_private(self, interaction: discord.Interaction, session_id: int) -> None: ...

    async def show_rules(self, interaction: discord.Interaction, game: str) -> None: ...

    async def read(self, interaction: discord.Interaction, session_id: int, what: str) -> None: ...

    async def history_page(self, interaction: discord.Interaction, session_id: int, count: int, page: int) -> None: ...

    async def send_replay(self, interaction: discord.Interaction, session_id: int) -> None: ...

    async def learn(self, interaction: discord.Interaction, game: str, lesson: str | None = None) -> None: ...

    async def leave_tutorial(self, interaction: discord.Interaction, session_id: int) -> None: ...

    async def hint(self, interaction: discord.Interaction, session_id: int) -> None: ...


def tables(interaction: discord.Interaction) -> Handlers:
    """The client's tables as its controls need them (``bot_cog.tables_of`` gives the whole tables;
    this module lies below them, so it names only what it calls)."""
    return interaction.client.tables  # type: ignore[attr-defined]


def in_menu(interaction: discord.Interaction) -> bool:
    """The control used belongs to a game's private menu (``GameUI.more``): a menu named ``more-…``."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]  # a TypedDict per kind
    parts = str(data.get("custom_id") or "").split(":", 4)
    return parts[0] == "s" and len(parts) == 5 and parts[4].startswith(MORE)


def chosen(interaction: discord.Interaction) -> str | None:
    """The value picked in a menu, if any."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]  # a TypedDict per kind
    values = data.get("values") or []
    return str(values[0]) if values else None


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"g:(?P<game>[a-z_]+):(?P<sid>\d+):(?P<ver>\d+):(?P<token>{_TOKEN})",
):
    def __init__(self, game: str, sid: int, ver: int, token: str, **button: Any) -> None:
        self.game, self.sid, self.ver, self.token = game, sid, ver, token
        super().__init__(discord.ui.Button(custom_id=f"g:{game}:{sid}:{ver}:{token}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
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
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "GameSelect":
        return cls(match["game"], int(match["sid"]), int(match["ver"]), match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).play(interaction, self.sid, self.ver, chosen(interaction) or "")


LOBBY_OPS = ("join", "leave", "remove_bot", "start", "cancel", "options", "rematch")  # rematch: on a final board


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"l:(?P<sid>\d+):(?P<ver>\d+):(?P<op>{'|'.join(LOBBY_OPS)})",
):
    def __init__(self, sid: int, ver: int, op: str, **button: Any) -> None:
        self.sid, self.ver, self.op = sid, ver, op
        super().__init__(discord.ui.Button(custom_id=f"l:{sid}:{ver}:{op}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "LobbyButton":
        return cls(int(match["sid"]), int(match["ver"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).lobby_click(interaction, self.sid, self.ver, self.op)


class LobbyMenu(
    discord.ui.DynamicItem[discord.ui.Select], template=r"m:(?P<sid>\d+):(?P<ver>\d+):(?P<op>add_bot|kick)"
):
    """A lobby menu: the host adds a computer player at a level, or removes a player (values: the
    level, or a user id; both public)."""

    def __init__(self, sid: int, ver: int, op: str, **select: Any) -> None:
        self.sid, self.ver, self.op = sid, ver, op
        super().__init__(discord.ui.Select(custom_id=f"m:{sid}:{ver}:{op}", **select))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "LobbyMenu":
        return cls(int(match["sid"]), int(match["ver"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).lobby_click(interaction, self.sid, self.ver, self.op, chosen(interaction))


_OPTION = r"(?P<sid>\d+):(?P<ver>\d+):(?P<name>[a-z_]{1,40})"


class OptionMenu(discord.ui.DynamicItem[discord.ui.Select], template=rf"o:{_OPTION}"):
    """The host's menu for one lobby option (values: its choices, public like the lobby's options)."""

    def __init__(self, sid: int, ver: int, name: str, **select: Any) -> None:
        self.sid, self.ver, self.name = sid, ver, name
        super().__init__(discord.ui.Select(custom_id=f"o:{sid}:{ver}:{name}", **select))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "OptionMenu":
        return cls(int(match["sid"]), int(match["ver"]), match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).lobby_option(interaction, self.sid, self.ver, self.name, chosen(interaction) or "")


class OptionButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"n:{_OPTION}"):
    """The host's button that opens the text box of a number option."""

    def __init__(self, sid: int, ver: int, name: str, **button: Any) -> None:
        self.sid, self.ver, self.name = sid, ver, name
        super().__init__(discord.ui.Button(custom_id=f"n:{sid}:{ver}:{name}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "OptionButton":
        return cls(int(match["sid"]), int(match["ver"]), match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).ask_lobby_number(interaction, self.sid, self.ver, self.name)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"r:(?P<game>[a-z_]+)"):
    """Anyone may click: the game's rules, privately."""

    def __init__(self, game: str, **button: Any) -> None:
        self.game = game
        super().__init__(discord.ui.Button(custom_id=f"r:{game}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "RulesButton":
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).show_rules(interaction, self.game)


class ReadButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?P<what>[dh]):(?P<game>[a-z_]+):(?P<sid>\d+)"):
    """Anyone may click: the board in words (``d``, what its picture shows) or the game's
    history (``h``, every latest move), privately."""

    def __init__(self, what: str, game: str, sid: int, **button: Any) -> None:
        self.what, self.game, self.sid = what, game, sid
        super().__init__(discord.ui.Button(custom_id=f"{what}:{game}:{sid}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "ReadButton":
        return cls(match["what"], match["game"], int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).read(interaction, self.sid, "history" if self.what == "h" else "describe")


class HistoryPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"hp:(?P<game>[a-z_]+):(?P<sid>\d+):(?P<count>\d+):(?P<page>\d+)",
):
    """A page of a game's history (``count``: its lines when first shown), in the message clicked."""

    def __init__(self, game: str, sid: int, count: int, page: int, **button: Any) -> None:
        self.game, self.sid, self.count, self.page = game, sid, count, page
        super().__init__(discord.ui.Button(custom_id=f"hp:{game}:{sid}:{count}:{page}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "HistoryPage":
        return cls(match["game"], int(match["sid"]), int(match["count"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).history_page(interaction, self.sid, self.count, self.page)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"f:(?P<game>[a-z_]+):(?P<sid>\d+)"):
    """Anyone may click on a finished board: the game's replay page and record, privately."""

    def __init__(self, game: str, sid: int, **button: Any) -> None:
        self.game, self.sid = game, sid
        super().__init__(discord.ui.Button(custom_id=f"f:{game}:{sid}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "ReplayButton":
        return cls(match["game"], int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).send_replay(interaction, self.sid)


class PrivateButton(discord.ui.DynamicItem[discord.ui.Button], template=r"p:(?P<game>[a-z_]+):(?P<sid>\d+)"):
    """Anyone may click; a player gets their own private view, privately."""

    def __init__(self, game: str, sid: int, **button: Any) -> None:
        self.game, self.sid = game, sid
        super().__init__(discord.ui.Button(custom_id=f"p:{game}:{sid}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "PrivateButton":
        return cls(match["game"], int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).show_private(interaction, self.sid)


class HintButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hint:(?P<game>[a-z_]+):(?P<sid>\d+)"):
    """💡 Hint, on a player's board or private view: the move the strong computer would make now,
    told privately to the player whose decision it is (``bot/ui/hints.py``). Not a game control:
    a tutorial's guide leaves it enabled, like the reading buttons."""

    def __init__(self, game: str, sid: int, **button: Any) -> None:
        self.game, self.sid = game, sid
        super().__init__(discord.ui.Button(custom_id=f"hint:{game}:{sid}", **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "HintButton":
        return cls(match["game"], int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await tables(interaction).hint(interaction, self.sid)


class TutorialButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"u:(?P<op>learn|leave):(?P<game>[a-z_]+)(?::(?P<arg>[a-z_0-9]{1,30}))?",
):
    """Anyone may click ``learn``: a tutorial of the game (``arg``: which lesson; none: the first, or
    a choice when there are several). ``leave``: the learner leaves their tutorial (``arg``: its session)."""

    def __init__(self, op: str, game: str, arg: str | None = None, **button: Any) -> None:
        self.op, self.game, self.arg = op, game, arg
        super().__init__(discord.ui.Button(custom_id=f"u:{op}:{game}" + (f":{arg}" if arg else ""), **button))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> "TutorialButton":
        return cls(match["op"], match["game"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == "learn":
            await tables(interaction).learn(interaction, self.game, self.arg)
        elif self.arg and self.arg.isdigit():
            await tables(interaction).leave_tutorial(interaction, int(self.arg))


DYNAMIC_ITEMS = (
    ReadButton, GameButton, GameSelect, LobbyButton, LobbyMenu, OptionMenu, OptionButton, PrivateButton, RulesButton,
    ReplayButton, TutorialButton, HistoryPage, HintButton,
)  # fmt: skip
TEXT_BOX = re.compile(rf"t:(?P<game>[a-z_]+):(?P<sid>\d+):(?P<ver>\d+):(?P<name>{_TOKEN})")
NUMBER_BOX = re.compile(rf"v:{_OPTION}")
ANSWER_LENGTH = 100
BOX_MINUTES = 15


class Prompt(NamedTuple):
    """What a text box asks (texts already in the player's language)."""

    title: str
    label: str
    placeholder: str = ""


class NumberBox(discord.ui.Modal):
    """The text box of a lobby's number option, its current value filled in; ``on_modal`` handles it."""

    def __init__(self, sid: int, ver: int, name: str, prompt: Prompt, value: int) -> None:
        super().__init__(title=prompt.title[:45], custom_id=f"v:{sid}:{ver}:{name}", timeout=BOX_MINUTES * 60)
        self.add_item(
            discord.ui.TextInput(
                label=prompt.label[:45],
                placeholder=prompt.placeholder[:100] or None,
                custom_id="text",
                default=str(value),
                max_length=12,
            )
        )


class TextBox(discord.ui.Modal):
    """One text input. Its ``on_submit`` stays a no-op: ``on_modal`` handles every submission."""

    def __init__(self, game: str, sid: int, ver: int, name: str, prompt: Prompt) -> None:
        # the timeout only frees discord.py's memory of a box never sent: on_modal answers it anyway
        super().__init__(title=prompt.title[:45], custom_id=f"t:{game}:{sid}:{ver}:{name}", timeout=BOX_MINUTES * 60)
        self.add_item(
            discord.ui.TextInput(
                label=prompt.label[:45],
                placeholder=prompt.placeholder[:100] or None,
                custom_id="text",
                max_length=ANSWER_LENGTH,
            )
        )


def _typed_text(components: list[dict[str, Any]]) -> str | None:
    for component in components:
        if component.get("custom_id") == "text" and "value" in component:
            return str(component["value"])
        nested = component.get("components") or ([component["component"]] if "component" in component else [])
        if (found := _typed_text(nested)) is not None:
            return found
    return None


async def on_modal(interaction: discord.Interaction) -> None:
    """A text box submitted, whether or not this process opened it."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    custom_id = str(data.get("custom_id", ""))
    text = _typed_text(data.get("components") or []) or ""
    if match := TEXT_BOX.fullmatch(custom_id):
        await tables(interaction).typed(interaction, int(match["sid"]), int(match["ver"]), match["name"], text)
    elif match := NUMBER_BOX.fullmatch(custom_id):
        await tables(interaction).lobby_option(interaction, int(match["sid"]), int(match["ver"]), match["name"], text)
