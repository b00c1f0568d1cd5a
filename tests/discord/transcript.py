"""Record what the players of a SimCord game see, and write it out as readable Markdown.

While a ``Recorder`` is attached to an ``Env`` (``with Recorder(env, "fr"):``), every message the
bot posts, edits or deletes (public ones, ephemeral answers, DMs) and every command, click, menu
choice and text box a player uses is kept in order. A message is kept as its readers see it:
content, embeds, buttons and menus, and attachments with their description (Discord's alt text).
The recorder's own words (who clicked what, which message changed) are in the players' language.

``python -m tests.discord.transcript`` (or the test with ``FORTBOT_WRITE_TRANSCRIPTS=1``) writes
the ten transcripts of ``tests/discord/test_transcripts.py`` to ``docs/transcripts/``.
"""

import inspect
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

import simcord._modal
import simcord.actors
from simcord import Env
from simcord.backend.models import Message

from bot.i18n import elided

BUTTON, SELECT = 2, 3  # Discord component types
USER = re.compile(r"<@!?(\d+)>")
CHANNEL = re.compile(r"<#(\d+)>")
MESSAGE_LINK = re.compile(r"https://discord\.com/channels/[\d@me]+/\d+/(\d+)")
TIMESTAMP = re.compile(r"<t:(\d+)(?::[tTdDfFR])?>")
WORDS = {
    "en": {
        "types": "types `{command}`", "clicks": "clicks **{label}** on {where}",
        "chooses": "chooses {chosen} in *{menu}* on {where}", "a_menu": "a menu", "a_message": "a message",
        "fills": "fills in the text box *{title}* ({labels}): {typed}", "quoted": "“{}”",
        "time": "{seconds:g} seconds pass", "only": "🔒 only {who} sees it", "dm": "DM",
        "edited": "edited", "deleted": "deleted", "no_alt": "**(none)**", "greyed": "(greyed)",
        "same": "*(and {count} lines as before)*", "left_out": "*… {messages} messages and {acts} moves left out …*",
        "time_shown": "⟨time {}⟩", "at_the_end": "The messages at the end of the game", "alt": "🖼 `{file}` — alt text: {alt}", "menu": "▾ *{menu}*: {options}",
    },
    "fr": {
        "types": "tape `{command}`", "clicks": "clique sur **{label}** dans {where}",
        "chooses": "choisit {chosen} dans *{menu}* de {where}", "a_menu": "un menu", "a_message": "un message",
        "fills": "remplit la fenêtre *{title}* ({labels}) : {typed}", "quoted": "« {} »",
        "time": "{seconds:g} secondes passent", "only": "🔒 visible de {who} seul", "dm": "message privé",
        "edited": "modifié", "deleted": "supprimé", "no_alt": "**(aucun)**", "greyed": "(grisé)",
        "same": "*(et {count} lignes inchangées)*", "left_out": "*… {messages} messages et {acts} actions omis …*",
        "time_shown": "⟨heure {}⟩", "at_the_end": "Les messages à la fin de la partie", "alt": "🖼 `{file}` — texte alternatif : {alt}", "menu": "▾ *{menu}* : {options}",
    },
}  # fmt: skip


@dataclass
class Act:
    """Something a player (or the clock) did."""

    who: str
    what: str  # Markdown: "clicks **Join** on #1"
    texts: list[str] = field(default_factory=list)  # the bot's words it shows (a text box's labels)


@dataclass
class Shown:
    """A message of the bot's as it looked at one moment."""

    number: int  # the message's number in the transcript
    change: str  # "new", "edited" or "deleted"
    where: str
    private_to: str | None  # an ephemeral answer's or a DM's only reader
    lines: list[str] = field(default_factory=list)  # Markdown
    before: list[str] = field(default_factory=list)  # an edited message's lines as they were
    texts: list[str] = field(default_factory=list)  # every readable string, for checks
    pings: frozenset[int] = frozenset()  # users the message notifies (mentioned, and allowed)
    alts: list[str] = field(default_factory=list)  # each attachment's description ("" for none)


Entry = Act | Shown


class Recorder:
    """Attach with ``with Recorder(env, lang):``; then read ``entries``, or ``markdown()``."""

    def __init__(self, env: Env, lang: str = "en") -> None:
        self.env = env
        self.lang = lang
        self.words = WORDS[lang]
        self.entries: list[Entry] = []
        self.numbers: dict[int, int] = {}  # message id -> its number in the transcript
        self.last: dict[int, list[str]] = {}  # message id -> its lines as last recorded
        self._undo: list[Callable[[], None]] = []

    # -- attaching -----------------------------------------------------------------------
    def __enter__(self) -> "Recorder":
        backend = self.env.backend
        self._after(backend, "commit_message", self._show)
        self._after(backend, "edit_message", self._show)
        self._before(backend, "delete_message", self._on_delete)
        self._before(simcord.actors, "_slash", self._on_slash)
        self._before(simcord.actors, "_component_click", self._on_click)
        self._before(simcord.actors, "_component_select", self._on_select)
        self._before(simcord._modal, "_submit_modal", self._on_modal)
        self._before(self.env, "advance_time", self._on_time)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        while self._undo:
            self._undo.pop()()

    def _patch(self, owner: Any, name: str, replacement: Callable[..., Any]) -> None:
        own = vars(owner).get(name)  # an instance's attribute, or a module's function
        setattr(owner, name, replacement)
        self._undo.append(lambda: setattr(owner, name, own) if own is not None else delattr(owner, name))

    def _after(self, owner: Any, name: str, note: Callable[[Message], None]) -> None:
        original = getattr(owner, name)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            message = original(*args, **kwargs)
            note(message)
            return message

        self._patch(owner, name, wrapped)

    def _before(self, owner: Any, name: str, note: Callable[..., None]) -> None:
        """``note`` the call's arguments, then make the call (a coroutine function stays one)."""
        original = getattr(owner, name)

        def plain(*args: Any, **kwargs: Any) -> Any:
            note(*args, **kwargs)
            return original(*args, **kwargs)

        async def awaited(*args: Any, **kwargs: Any) -> Any:
            note(*args, **kwargs)
            return await original(*args, **kwargs)

        self._patch(owner, name, awaited if inspect.iscoroutinefunction(original) else plain)

    # -- the bot's messages ------------------------------------------------------------------
    def _show(self, message: Message) -> None:
        if message.author_id != self.env.backend.bot_user.id:
            return
        lines, texts, alts = self._render(message)
        if not lines or self.last.get(message.id) == lines:
            return  # nothing to see yet (a deferred answer), or nothing changed
        before = self.last.get(message.id, [])
        change = "edited" if message.id in self.last else "new"
        number = self.numbers.setdefault(message.id, len(self.numbers) + 1)
        self.last[message.id] = lines
        where, reader = self._where(message), self._reader(message)
        pings = frozenset(message.ping_user_ids)
        self.entries.append(Shown(number, change, where, reader, lines, before, texts, pings, alts))

    def _on_delete(self, channel_id: int, message_id: int, *_: Any) -> None:
        if message_id in self.last:
            del self.last[message_id]
            message = self.env.backend.get_message(channel_id, message_id)
            self.entries.append(Shown(self.numbers[message_id], "deleted", self._where(message), None))

    def _reader(self, message: Message) -> str | None:
        """Who alone sees the message: an ephemeral answer's user, a DM's recipient."""
        if message.is_ephemeral:
            user = ((message.interaction_metadata or {}).get("user") or {}).get("id")
            return self._name(int(user)) if user else "?"
        channel = self.env.backend.get_channel(message.channel_id)
        return self._name(channel.recipient_ids[0]) if channel.recipient_ids else None

    def _where(self, message: Message) -> str:
        channel = self.env.backend.get_channel(message.channel_id)
        if channel.recipient_ids:
            return self.words["dm"]
        return f"🧵 {channel.name}" if channel.is_thread else f"#{channel.name}"

    def _name(self, user_id: int) -> str:
        user = self.env.backend.users.get(user_id)
        return user.name if user else str(user_id)

    def _inline(self, text: str) -> str:
        """Mentions, channels, message links and timestamps as a reader's Discord shows them."""
        text = USER.sub(lambda m: f"@{self._name(int(m[1]))}", text)
        channels = self.env.backend.channels
        text = CHANNEL.sub(lambda m: f"#{getattr(channels.get(int(m[1])), 'name', m[1])}", text)
        text = MESSAGE_LINK.sub(lambda m: f"#msg-{self.numbers.get(int(m[1]), '?')}", text)
        return TIMESTAMP.sub(lambda m: self.words["time_shown"].format(m[1]), text)

    def _render(self, message: Message) -> tuple[list[str], list[str], list[str]]:
        """A message's Markdown lines, its readable strings, and its attachments' alt texts."""
        lines: list[str] = []
        texts: list[str] = []

        def put(text: str | None, shape: str = "{}") -> None:
            if text:
                texts.append(text)
                lines.extend(shape.format(line) if line.strip() else "" for line in self._inline(text).splitlines())

        put(message.content)
        for embed in message.embeds:
            if lines:
                lines.append("")
            put((embed.get("author") or {}).get("name"), "*{}*")
            put(embed.get("title"), "**{}**")
            put(embed.get("description"))
            for embed_field in embed.get("fields") or []:
                put(embed_field.get("name"), "**{}**")
                put(embed_field.get("value"))
            put((embed.get("footer") or {}).get("text"), "*{}*")
        alts = [attachment.get("description") or "" for attachment in message.attachments]
        for attachment, alt in zip(message.attachments, alts, strict=True):
            texts.append(alt)
            shown = self._inline(alt) or self.words["no_alt"]
            lines += self.words["alt"].format(file=attachment.get("filename"), alt=shown).splitlines()
        for row in message.components:
            lines += self._controls(row.get("components") or [row], texts)
        return lines, texts, alts

    def _controls(self, row: list[dict[str, Any]], texts: list[str]) -> list[str]:
        """A row of buttons on one line, each menu on its own line with its options."""
        buttons, menus = [], []
        for item in row:
            label = item.get("label") or ""
            texts.append(label)
            shown = " ".join(p for p in ((item.get("emoji") or {}).get("name"), label) if p)
            if item.get("type") == BUTTON:
                link = " ↗" if item.get("url") else ""
                buttons.append(f"`{shown}`{link}" + (f" *{self.words['greyed']}*" if item.get("disabled") else ""))
            elif item.get("type") == SELECT:
                placeholder = item.get("placeholder") or ""
                texts.append(placeholder)
                options = []
                for option in item.get("options") or []:
                    texts += [option.get("label") or "", option.get("description") or ""]
                    about = f" ({option['description']})" if option.get("description") else ""
                    options.append(f"{option.get('label')}{about}")
                menus.append(self.words["menu"].format(menu=placeholder, options=" · ".join(options)))
        return ([" ".join(buttons)] if buttons else []) + menus

    # -- what the players do ------------------------------------------------------------------
    def _act(self, actor: Any, key: str, texts: list[str] | None = None, **params: Any) -> None:
        self.entries.append(Act(actor.name, self.words[key].format(**params), texts or []))

    def _component(self, actor: Any, message: Any, custom_id: str | None, label: str | None) -> tuple[dict, str]:
        """The clicked or chosen component, and the number of the message it is on."""
        stored = simcord.actors._visible_message(actor, message)
        where = f"#{self.numbers[stored.id]}" if stored.id in self.numbers else self.words["a_message"]
        for row in stored.components:
            for item in row.get("components") or [row]:
                if (custom_id and item.get("custom_id") == custom_id) or (label and item.get("label") == label):
                    return item, where
        return {}, where

    def _on_slash(self, actor: Any, channel: Any, name: str, options: dict[str, Any], **_: Any) -> None:
        words = [*self._command_words(name, options)]
        self._act(actor, "types", command="/" + " ".join(words))

    def _command_words(self, name: str, options: dict[str, Any]) -> Iterator[str]:
        """The command and its options as the player's Discord shows them (localized where they are)."""
        locale = {"fr": "fr", "en": "en-US"}[self.lang]
        parts = name.split()
        roots = [
            root for scope in self.env.backend.commands.values() for (n, _), root in scope.items() if n == parts[0]
        ]
        node: dict[str, Any] = roots[0] if roots else {}
        for index, part in enumerate(parts):
            if index:
                node = next((o for o in node.get("options") or [] if o.get("name") == part), {})
            yield (node.get("name_localizations") or {}).get(locale) or part
        for key, value in options.items():
            option: dict[str, Any] = next((o for o in node.get("options") or [] if o.get("name") == key), {})
            yield f"{(option.get('name_localizations') or {}).get(locale) or key}:{value}"

    def _on_click(self, actor: Any, message: Any, *, label: str | None, custom_id: str | None) -> None:
        item, where = self._component(actor, message, custom_id, label)
        shown = " ".join(p for p in ((item.get("emoji") or {}).get("name"), item.get("label")) if p)
        self._act(actor, "clicks", label=shown, where=where)

    def _on_select(self, actor: Any, message: Any, values: list[Any], *, custom_id: str | None) -> None:
        item, where = self._component(actor, message, custom_id, None)
        labels = {option.get("value"): option.get("label") for option in item.get("options") or []}
        chosen = ", ".join(f"**{labels.get(value, value)}**" for value in values)
        menu = item.get("placeholder") or self.words["a_menu"]
        self._act(actor, "chooses", chosen=chosen, menu=menu, where=where)

    def _on_modal(self, actor: Any, shown: Any, values: dict[str, Any]) -> None:
        modal = shown.modal or {}
        title, labels = modal.get("title") or "", _modal_texts(modal.get("components") or [])
        typed = ", ".join(self.words["quoted"].format(value) for value in values.values())
        self._act(actor, "fills", [title, *labels], title=title, labels=" / ".join(labels), typed=typed)

    def _on_time(self, seconds: float) -> None:
        self.entries.append(Act("⏳", self.words["time"].format(seconds=seconds)))

    # -- reading the record -----------------------------------------------------------------------
    def shown(self) -> Iterator[Shown]:
        return (entry for entry in self.entries if isinstance(entry, Shown))

    def texts(self) -> list[str]:
        """Every string of the bot's that a player read."""
        return [text for entry in self.entries for text in entry.texts]

    def markdown(self, title: str, intro: str = "", keep: int = 0) -> str:
        """The transcript; with ``keep``, only the first and the last ``keep`` entries (the middle elided)."""
        entries: list[Entry | str] = list(self.entries)
        if keep and len(entries) > 2 * keep:
            middle = entries[keep:-keep]
            messages = sum(isinstance(entry, Shown) for entry in middle)
            left_out = self.words["left_out"].format(messages=messages, acts=len(middle) - messages)
            entries = [*entries[:keep], left_out, *entries[-keep:]]
        out = [f"# {title}", ""] + ([intro, ""] if intro else [])
        for entry in [*entries, self.words["at_the_end"], *self.at_the_end()]:
            if entry == self.words["at_the_end"]:
                out += [f"## {entry}", ""]
            elif isinstance(entry, str):
                out += ["---", "", entry, "", "---", ""]
            elif isinstance(entry, Act):
                out += [f"▶ **{entry.who}** {entry.what}", ""]
            else:
                out += [self._heading(entry), ""]
                body = self._changed(entry)
                out += [f"> {line}".rstrip() for line in body] + ([""] if body else [])
        return "\n".join(out).rstrip() + "\n"

    def at_the_end(self) -> list[Shown]:
        """The public messages still there once the game is over, whole, as they look then."""
        last = {entry.number: entry for entry in self.shown() if entry.change != "deleted"}
        gone = {entry.number for entry in self.shown() if entry.change == "deleted"}
        kept = [entry for number, entry in sorted(last.items()) if number not in gone and not entry.private_to]
        return [Shown(e.number, "new", e.where, None, e.lines) for e in kept]

    def _heading(self, shown: Shown) -> str:
        parts = [f"**#{shown.number}**", shown.where]
        if shown.private_to:
            who = {"who": shown.private_to}
            only = elided(self.words["only"], who) if self.lang == "fr" else self.words["only"]
            parts.append(only.format(**who))
        if shown.change != "new":
            parts.append(self.words[shown.change])
        return " · ".join(parts)

    def _changed(self, shown: Shown) -> list[str]:
        """A new message whole; of an edited one, the lines that changed and how many did not."""
        if shown.change != "edited":
            return shown.lines
        was = set(shown.before)
        lines: list[str] = []
        for line in shown.lines:
            if line.strip() and line not in was:
                lines.append(line)
            elif not line.strip() and lines and lines[-1].strip():
                lines.append(line)  # one blank line between embeds
        while lines and not lines[-1].strip():
            lines.pop()
        same = sum(1 for line in shown.lines if line.strip() and line in was)
        return [*lines, self.words["same"].format(count=same)] if same else lines


def _modal_texts(rows: list[dict[str, Any]]) -> list[str]:
    """The words a text box shows: its labels, descriptions, placeholders and texts."""
    found = []
    for row in rows:
        for item in [row, row.get("component") or {}, *(row.get("components") or [])]:
            found += [item.get(key) or "" for key in ("label", "description", "placeholder", "content")]
    return [text for text in found if text]


if __name__ == "__main__":
    import pytest

    os.environ["FORTBOT_WRITE_TRANSCRIPTS"] = "1"
    sys.exit(pytest.main(["-q", "-p", "no:randomly", "tests/discord/test_transcripts.py"]))
