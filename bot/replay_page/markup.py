"""Discord's texts as HTML, as Discord shows them: block quotes (``> `` a line, ``>>> `` the rest),
headings, **bold**, *italics*, __underline__, ~~strike~~, `code`, ||spoilers|| (hidden until
clicked), mentions as names; boards and results as the embeds and buttons they were.

Only the words between the markup are kept, each escaped: a name or an answer is never HTML."""

import html
import re
from datetime import UTC, datetime

import discord

INLINE = re.compile(
    r"\\(?P<escaped>[^\w\s])"
    r"|(?P<ticks>`+)(?P<code>.+?)(?P=ticks)"
    r"|<@!?(?P<mention>\d+)>"
    r"|<t:(?P<time>-?\d+)(?::[tTdDfFR])?>"
    r"|\|\|(?P<spoiler>.+?)\|\|"
    r"|\*\*(?P<bold>.+?)\*\*(?!\*)"
    r"|__(?P<underline>.+?)__(?!_)"
    r"|\*(?P<italic>[^\s*](?:.*?[^\s*])?)\*(?!\*)"
    r"|(?<!\w)_(?P<italics>[^\s_](?:.*?[^\s_])?)_(?!\w)"
    r"|~~(?P<strike>.+?)~~",
    re.DOTALL,
)
TAGS = {"bold": "b", "underline": "u", "italic": "em", "italics": "em", "strike": "s"}
SPOILER = '<span class="spoiler" role="button" tabindex="0" aria-expanded="false">'
HEADING = re.compile(r"(#{1,3}) +(.+)")
TAG = re.compile(r"<[^>]+>")
BREAKS = re.compile(r"<br>|</?(?:div|blockquote)\b[^>]*>")
BUTTON = 2  # a component's type, in Discord's payload
STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}


def text(raw: str | None, names: dict[int, str]) -> str:
    """A message's text as HTML: its quotes and headings as blocks, each line's ``inline`` markup."""
    return _joined(_parts((raw or "").split("\n"), names, quotes=True))


def words(raw: str | None, names: dict[int, str]) -> str:
    """A text as words only, with no markup (a picture's text alternative): plain text, not HTML."""
    shown = BREAKS.sub("\n", text(raw, names))
    return "\n".join(line.strip() for line in html.unescape(TAG.sub("", shown)).splitlines() if line.strip())


def _parts(lines: list[str], names: dict[int, str], quotes: bool) -> list[tuple[bool, str]]:
    """Lines as HTML parts, each a block (a quote, a heading) or not (a line of text)."""
    parts = []
    while lines:
        line, lines = lines[0], lines[1:]
        heading = HEADING.fullmatch(line)
        if quotes and line.startswith(">>> "):  # the rest of the text, quoted
            parts.append(_quote([line[4:], *lines], names))
            lines = []
        elif quotes and line.startswith("> "):  # this line and the quoted lines right after it
            quoted = [line[2:]]
            while lines and lines[0].startswith("> "):
                quoted.append(lines[0][2:])
                lines = lines[1:]
            parts.append(_quote(quoted, names))
        elif heading:
            parts.append((True, f'<div class="h{len(heading[1])}">{inline(heading[2], names)}</div>'))
        else:
            parts.append((False, inline(line, names)))
    return parts


def _quote(lines: list[str], names: dict[int, str]) -> tuple[bool, str]:
    """Quoted lines (a quote holds no quote)."""
    return True, f"<blockquote>{_joined(_parts(lines, names, quotes=False))}</blockquote>"


def _joined(parts: list[tuple[bool, str]]) -> str:
    """The parts in a row: a line break between two lines of text (a block breaks lines itself)."""
    out = ""
    for n, (block, part) in enumerate(parts):
        out += "<br>" if n and not block and not parts[n - 1][0] else ""
        out += part
    return out


def inline(raw: str | None, names: dict[int, str]) -> str:
    """One line's markup as HTML (markup nests; code keeps its text as it is)."""
    raw = raw or ""
    out, at = [], 0
    for found in INLINE.finditer(raw):
        out.append(html.escape(raw[at : found.start()]))
        at = found.end()
        kind, inner = found.lastgroup, found[found.lastgroup or 0]
        if kind == "escaped":
            out.append(html.escape(inner))
        elif kind == "code":
            out.append(f"<code>{html.escape(inner)}</code>")
        elif kind == "mention":
            out.append(html.escape(names.get(int(inner), "@?")))
        elif kind == "time":
            out.append(datetime.fromtimestamp(int(inner), UTC).strftime("%Y-%m-%d %H:%M UTC"))
        elif kind == "spoiler":
            out.append(f"{SPOILER}{inline(inner, names)}</span>")
        else:
            tag = TAGS[kind or ""]
            out.append(f"<{tag}>{inline(inner, names)}</{tag}>")
    return "".join(out) + html.escape(raw[at:])


def embed(shown: discord.Embed, names: dict[int, str], left_out: str = "") -> list[str]:
    """An embed's title, description, fields (but the one named ``left_out``) and footer, a part each."""
    parts = []
    if shown.title:
        parts.append(f"<h2>{inline(shown.title, names)}</h2>")
    if shown.description:
        parts.append(f'<div class="lead">{text(shown.description, names)}</div>')
    for found in shown.fields:
        if found.name != left_out:
            parts.append(f"<h3>{inline(found.name, names)}</h3><div>{text(found.value, names)}</div>")
    if shown.footer.text:
        parts.append(f'<p class="note">{inline(shown.footer.text, names)}</p>')
    return parts


def buttons(view: discord.ui.View) -> list[str]:
    """A view's buttons as they are laid out (its menus left out), as inert labels: a part a row.
    A label is shown as Discord shows it: as it is, with no markup."""
    rows = []
    for row in view.to_components():
        cells = []
        for item in row.get("components", []):
            if item.get("type") != BUTTON:
                continue
            emoji = item.get("emoji") or {}
            label = " ".join(filter(None, [emoji.get("name") if not emoji.get("id") else None, item.get("label")]))
            style = STYLES.get(item.get("style", 2), "secondary")
            off = " off" if item.get("disabled") else ""
            cells.append(f'<span class="key {style}{off}">{html.escape(label) or "&nbsp;"}</span>')
        if cells:
            rows.append(f'<div class="keys">{"".join(cells)}</div>')
    return rows
