"""Discord's texts as HTML: the little Markdown the catalogs use, mentions as names, boards and
results as the embeds and buttons they were."""

import html
import re
from datetime import UTC, datetime

import discord

MENTION = re.compile(r"&lt;@!?(\d+)&gt;")
TIMESTAMP = re.compile(r"&lt;t:(-?\d+)(?::[tTdDfFR])?&gt;")
BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
CODE = re.compile(r"`([^`\n]+)`")
BUTTON = 2  # a component's type, in Discord's payload
STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}


def text(raw: str | None, names: dict[int, str]) -> str:
    """``raw`` as HTML: escaped, ``**bold**`` and ``code`` kept, ``<@id>`` a player's name."""
    out = html.escape(raw or "")
    out = MENTION.sub(lambda m: html.escape(names.get(int(m[1]), "@?")), out)
    out = TIMESTAMP.sub(lambda m: datetime.fromtimestamp(int(m[1]), UTC).strftime("%Y-%m-%d %H:%M UTC"), out)
    out = CODE.sub(r"<code>\1</code>", out)
    out = BOLD.sub(r"<b>\1</b>", out)
    return out.replace("\n", "<br>")


def embed(shown: discord.Embed, names: dict[int, str], left_out: str = "") -> list[str]:
    """An embed's title, description, fields (but the one named ``left_out``) and footer, a part each."""
    parts = []
    if shown.title:
        parts.append(f"<h2>{text(shown.title, names)}</h2>")
    if shown.description:
        parts.append(f'<p class="lead">{text(shown.description, names)}</p>')
    for found in shown.fields:
        if found.name != left_out:
            parts.append(f"<h3>{text(found.name, names)}</h3><p>{text(found.value, names)}</p>")
    if shown.footer.text:
        parts.append(f'<p class="note">{text(shown.footer.text, names)}</p>')
    return parts


def buttons(view: discord.ui.View, names: dict[int, str]) -> list[str]:
    """A view's buttons as they are laid out (its menus left out), as inert labels: a part a row."""
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
            cells.append(f'<span class="key {style}{off}">{text(label, names) or "&nbsp;"}</span>')
        if cells:
            rows.append(f'<div class="keys">{"".join(cells)}</div>')
    return rows
