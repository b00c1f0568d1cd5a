"""What each game's cog provides so that the shared tables can show it."""

import io
import threading
from abc import ABC, abstractmethod
from typing import Any, Generic, NamedTuple, TypeVar

import discord
from PIL import Image

from bot.i18n import Language, t
from bot.sessions.commit import BY, TURN
from bot.storage import SessionRecord
from bot.turn_clock import played_by_computer
from bot.tutorials import Lesson
from bot.ui.components import ASK, MORE, GameButton, GameSelect, Prompt
from bot.ui.game_options import Option, model_options, options_line
from games.core import Action, registry

PICTURE = "board.png"  # the board picture's file name, for ``attachment://`` in embeds
ALT_SIZE = 1024  # the characters of a file's description
HOUSE = "house"  # the house rules' place among the parts of a rules sheet (``GameUI.rule_parts``)


class BoardMessage(NamedTuple):
    """One message of a board; a board may need several (25 buttons each)."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    picture: bytes | None = None  # a PNG the embed shows as ``attachment://board.png``
    alt: str | None = None  # the picture's text alternative (Discord's description, 1,024 characters)

    def fields(self, sending: bool = False) -> dict[str, Any]:
        """Keyword arguments for editing this message, or for sending it."""
        alt = self.alt[:ALT_SIZE] if self.alt else None
        files = [discord.File(io.BytesIO(self.picture), filename=PICTURE, description=alt)] if self.picture else []
        if sending:
            found = {"content": self.content, "embed": self.embed, "view": self.view, "files": files}
            return {name: value for name, value in found.items() if value}
        found = {"content": self.content, "embed": self.embed, "view": self.view}
        return found | {"attachments": files} if files else found  # a board with a picture replaces it


S = TypeVar("S")  # the game's state type


PUBLIC_VIEWS_KEPT = 8  # the public views of the latest states shown (``GameUI.public_view``)


class GameUI(ABC, Generic[S]):
    game: str  # the engine's name
    title_key: str  # catalog key of the game's display name
    has_picture: bool = False  # ``picture`` draws the board
    tells_news: bool = False  # ``news`` may have a message for the thread after a change
    lessons: tuple[Lesson, ...] = ()  # its tutorials (``cogs/<game>/tutorial.py``), the first one first

    def __init__(self) -> None:
        self._public_views: dict[int, tuple[S, Any]] = {}  # by the state's id: the state, its public view
        self._public_lock = threading.Lock()  # the picture is drawn on another thread

    def public_view(self, state: S) -> Any:
        """The engine's ``view(state, None)``, computed once per state: a click's board, picture, words
        and latest moves show the same state (parsed once per request: one object). Views are read,
        never changed. The latest few are kept, for tables whose clicks interleave."""
        with self._public_lock:
            found = self._public_views.get(id(state))
            if found is not None and found[0] is state:
                return found[1]
        view = registry.get(self.game).view(state, None)
        with self._public_lock:
            self._public_views[id(state)] = (state, view)
            while len(self._public_views) > PUBLIC_VIEWS_KEPT:
                del self._public_views[next(iter(self._public_views))]
        return view

    @abstractmethod
    def board(self, record: SessionRecord, state: S, lang: Language) -> list[BoardMessage]:
        """The board, with controls while the game runs and none once it is over."""

    @abstractmethod
    def result(self, record: SessionRecord, state: S, lang: Language) -> discord.Embed:
        """The final result: winner, tie-break and score details."""

    # The rules sheet: ``<game>.rules.title``, the summary ``<game>.rules.summary``, then one field
    # per part, ``<game>.rules.<part>_title`` over ``<game>.rules.<part>``; HOUSE stands for the
    # list of house rules, ``<game>.house.<key>`` for each key of the engine's ``HOUSE_RULES``.
    colour: int = 0x2B6CB0  # the sheet's (and the game's embeds') colour
    rule_parts: tuple[str, ...] = (HOUSE, "controls")
    house_numbered: bool = False  # « 1. … » (rules cited by their number) rather than « • … »

    def rules(self, lang: Language) -> discord.Embed:
        """A summary of the rules, house rules included."""
        summary = self.rule_text(f"{self.game}.rules.summary", lang)
        embed = discord.Embed(title=t(lang, f"{self.game}.rules.title"), description=summary, colour=self.colour)
        for part in self.rule_parts:
            if part == HOUSE:
                keys = registry.get(self.game).house_rules
                lines = [
                    f"{f'{n}.' if self.house_numbered else '•'} {self.house_rule(key, lang)}"
                    for n, key in enumerate(keys, start=1)
                ]
                add_list(embed, t(lang, f"{self.game}.rules.house_title"), lines)
            for name, value in self.rule_fields(part, lang) if part != HOUSE else ():
                embed.add_field(name=name, value=value, inline=False)
        return embed

    def rule_fields(self, part: str, lang: Language) -> list[tuple[str, str]]:
        """The fields (name, value) of one part of the rules sheet; a game words its own parts."""
        return [(t(lang, f"{self.game}.rules.{part}_title"), self.rule_text(f"{self.game}.rules.{part}", lang))]

    def rule_text(self, key: str, lang: Language) -> str:
        """A text of the rules sheet; a game fills in the numbers its texts state."""
        return t(lang, key)

    def house_rule(self, key: str, lang: Language) -> str:
        """One house rule, as the rules sheet states it."""
        return self.rule_text(f"{self.game}.house.{key}", lang)

    def command_options(self) -> tuple[Option, ...]:
        """The ``start`` command's options, in order (the turn clock follows): by default every
        option of the engine's model under its own name (``cmd.<game>.<field>.name``)."""
        return tuple(Option(spec.name) for spec in model_options(self.game))

    def describe_options(self, options: dict[str, Any], lang: Language) -> str:
        """The lobby's line of options (``<game>.options``, each value in words)."""
        return options_line(self.game, options, lang)

    def seat_notes(self, record: SessionRecord, lang: Language) -> list[str]:
        """Lines the lobby adds under the options about who sits at the table (Fort Boyard: how often
        its computers, at their levels, win a trial); none by default."""
        return []

    def picture(self, record: SessionRecord, state: S, lang: Language) -> bytes | None:
        """The board's PNG, if the game draws one (called off the event loop, cached per version)."""
        return None

    def image(self, record: SessionRecord, state: S, lang: Language) -> Image.Image | None:
        """The same picture in RGB: the replay page cuts it into tiles that repeat from step to
        step. By default, ``picture`` decoded; a cog gives its drawing without encoding it
        (``png.Picture.rgb``)."""
        png = self.picture(record, state, lang)
        return Image.open(io.BytesIO(png)).convert("RGB") if png else None

    def recent_lines(self, record: SessionRecord, state: S, lang: Language) -> list[str]:
        """The latest public moves told in words, oldest first (``record.recent``): the board shows
        the last few (``add_recent``), the History button all of them, privately."""
        return []

    def history_lines(self, record: SessionRecord, state: S, lang: Language) -> list[str]:
        """The whole game told in words, oldest first (``record.recent``: every public event of the
        game, ``bot/ui/history_pages.py``): the History button's pages. By default as ``recent_lines``
        tells them; a game whose opening is told apart (who begins) puts it first."""
        return self.recent_lines(record, state, lang)

    def turn_lines(self, record: SessionRecord, state: S, lang: Language) -> int:
        """How many of the latest lines (``recent_lines``) tell the whole last turn of every seat:
        the board shows them all (``add_recent``'s ``at_least``)."""
        tail = whole_turns(record.recent)
        return len(self.recent_lines(record.model_copy(update={"recent": tail}), state, lang)) if tail else 0

    def describe(self, record: SessionRecord, state: S, lang: Language) -> list[str]:
        """The board in words, from the public view: enough to play without the picture (the pieces
        and where they are, walls and open paths, the cards on show). Its first line sums up the
        position; the whole is the Describe button's answer (the picture's text alternative:
        ``picture_words``)."""
        return []

    def picture_words(self, record: SessionRecord, state: S, lang: Language) -> list[str]:
        """What the picture shows, in words: its text alternative (as many first lines as fit). By
        default the description; a game whose description also tells what changes without the
        picture (what to do now) leaves that out, since the text goes with the picture."""
        return self.describe(record, state, lang)

    def confirm_text(self, record: SessionRecord, state: S, token: str, lang: Language) -> str:
        """The question before a move the player may not expect to be final (button token ``ask-<token>``)."""
        return t(lang, "common.are_you_sure")

    def private(self, record: SessionRecord, state: S, seat: int, lang: Language) -> BoardMessage | None:
        """What only ``seat`` may see, with its controls, for an ephemeral message; None: no secrets."""
        return None

    def more(self, record: SessionRecord, state: S, seat: int, name: str, lang: Language) -> BoardMessage | None:
        """The private menu ``name`` a board button ``more-<name>`` opens for ``seat``; None
        when that seat has nothing to choose there now. Its menus are named ``more-…``
        (``components.in_menu``): a choice in them is answered by ``confirmation``."""
        return None

    def confirmation(self, record: SessionRecord, state: S, seat: int, lang: Language) -> BoardMessage | None:
        """What a private menu (``more``) says once a choice in it is played: only what happened and
        what comes next, without controls. None: it shows the player's private view instead."""
        return None

    def prompt(self, record: SessionRecord, state: S, seat: int, name: str, lang: Language) -> Prompt | None:
        """The text box a board button ``type-<name>`` opens for ``seat``; None when that seat
        has nothing to type there now."""
        return None

    def typed_token(self, record: SessionRecord, state: S, seat: int, name: str, text: str) -> str | None:
        """The action token for ``text`` typed in the box ``name``; None when that box is stale
        (what it answered is over)."""
        return None

    def action_words(self, record: SessionRecord, state: S, seat: int, action: Action, lang: Language) -> str:
        """A move in words as ``seat``'s own controls name it (the 💡 Hint's answer): the label of
        the button or the menu choice that plays it, in the seat's private view, on the board, or in
        a private menu one of their buttons opens (``more``); a game whose labels say too little
        alone (a bare cell name) words its moves itself."""
        token = action.token()
        private = self.private(record, state, seat, lang)
        messages = [*([private] if private else []), *self.board(record, state, lang)]
        found = _control_words(messages, token)
        menus = [
            item.token.removeprefix(MORE)
            for message in messages
            for item in (message.view.children if message.view else ())
            if isinstance(item, GameButton) and item.token.startswith(MORE)
        ]
        for name in menus:
            if found is None and (menu := self.more(record, state, seat, name, lang)) is not None:
                found = _control_words([menu], token)
        return found or token

    def whisper(
        self, record: SessionRecord, state: S, seat: int, events: list[dict[str, Any]], lang: Language
    ) -> str | None:
        """A DM telling ``seat`` the secrets just addressed to it (``record.whispers``); None: nothing
        worth a DM. Whatever it says must also be in ``private``, where it is never lost."""
        return None

    def news(self, record: SessionRecord, state: S, lang: Language) -> str | None:
        """A message for the thread about the change just saved (``record.news``), told as it
        happens; it may mention players. None: the board's own log is enough. Only
        asked when ``tells_news`` is set."""
        return None

    def title(self, lang: Language) -> str:
        return t(lang, self.title_key)

    def the_game(self, lang: Language) -> str:
        """ "The game of …" / "La partie du …", with the article the game's name needs, for the
        start of a sentence."""
        text = t(lang, f"{self.game}.the_game")
        return text[:1].upper() + text[1:]


def _control_words(messages: list[BoardMessage], token: str) -> str | None:
    """The words of the control among ``messages`` that plays ``token``: a button's emoji and
    label, or a menu choice's label and description."""
    for message in messages:
        for item in message.view.children if message.view else ():
            if isinstance(item, GameButton) and item.token in (token, ASK + token):
                button = item.item
                emoji = str(button.emoji) if button.emoji and button.emoji.is_unicode_emoji() else ""
                return " ".join(filter(None, [emoji, button.label]))
            if isinstance(item, GameSelect):
                for option in item.item.options:
                    if option.value == token:
                        return f"{option.label} ({option.description})" if option.description else option.label
    return None


FIELD_SIZE = 1024  # the characters an embed field holds


def alt_text(lines: list[str]) -> str | None:
    """As many of the description's first lines as a picture's text alternative holds."""
    kept: list[str] = []
    for line in lines:
        if len("\n".join([*kept, line])) > ALT_SIZE:
            break
        kept.append(line)
    return "\n".join(kept) or None


RECENT_SHOWN = 4  # lines of the latest moves on a board at least; the History button shows them all
RECENT_FIELDS = 3  # embed fields the latest moves may take at most


def add_recent(embed: discord.Embed, lang: Language, lines: list[str], pinned: int = 0, at_least: int = 0) -> None:
    """The latest lines (``at_least`` of them, and ``RECENT_SHOWN`` at least) under the same heading in
    every game, over a few fields if need be; the oldest go first, whole, when they do not fit. The
    first ``pinned`` lines stay whatever follows."""
    lines = lines[:pinned] + lines[pinned:][-max(RECENT_SHOWN, at_least) :]
    while len("\n".join(lines)) > FIELD_SIZE * RECENT_FIELDS - 2 * len(lines):  # room to split them
        lines = lines[1:]
    if lines:
        add_list(embed, t(lang, "common.recent"), lines)


def whole_turns(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest events that tell the whole last turn of every seat that played (each event notes
    its turn and the seat that played it: ``bot.sessions.commit``)."""
    last: dict[Any, int] = {}
    for event in events:
        if event.get(BY) is not None and isinstance(event.get(TURN), int):
            last[event[BY]] = event[TURN]
    if not last:
        return []
    since = min(last.values())
    first = next(i for i, event in enumerate(events) if event.get(TURN, since) >= since)
    return events[first:]


def add_list(embed: discord.Embed, name: str, lines: list[str]) -> None:
    """Every line, over as many fields as needed (the next ones named "…")."""
    chunk: list[str] = []
    for line in lines:
        if chunk and len("\n".join([*chunk, line])) > FIELD_SIZE:
            embed.add_field(name=name, value="\n".join(chunk), inline=False)
            chunk, name = [], "…"
        chunk.append(line)
    embed.add_field(name=name, value="\n".join(chunk), inline=False)


def seat_name(record: SessionRecord, seat: int, lang: Language) -> str:
    """A player's display name; computer players are numbered."""
    entry = record.seats[seat]
    if entry.computer:
        number = sum(s.computer for s in record.seats[: seat + 1])
        return t(lang, "seat.computer", number=number, level=t(lang, f"level.{entry.level}").lower())
    return t(lang, "seat.autopilot", name=entry.name) if entry.auto else entry.name


def closed_early(record: SessionRecord, lang: Language) -> str | None:
    """What a board says of a table closed before its game ended (cancelled, or abandoned by
    everyone); None for a table still playing or a game played to its end."""
    if record.status in ("cancelled", "abandoned"):
        return t(lang, f"board.{record.status}")
    return None


def computer_thinking(record: SessionRecord, seat: int, lang: Language) -> str | None:
    """A board's prompt while the computer plays ``seat`` ("🤖 Computer 1 (strong) is thinking…"),
    instead of telling it what to do; None when a person plays it."""
    if record.status != "active" or not played_by_computer(record, seat):
        return None
    return t(lang, "clock.thinking", player=seat_name(record, seat, lang))


def seat_mention(record: SessionRecord, seat: int, lang: Language) -> str:
    entry = record.seats[seat]
    return f"<@{entry.user_id}>" if entry.user_id else seat_name(record, seat, lang)
