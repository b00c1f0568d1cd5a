"""What the bot needs in a game's channel, and one sentence naming what it lacks.

The README's permission list is the reference; a game is refused before it starts
where it could not show its board."""

from typing import Any

import discord

from bot.i18n import Language, t
from bot.ui.game_ui import GameUI


def missing(channel: Any, ui: GameUI, in_thread: bool | None = None) -> list[str]:
    """The permissions the bot lacks to play ``ui``'s game in ``channel`` (in a thread of it
    when ``in_thread``; by default, as the channel is)."""
    guild = getattr(channel, "guild", None)
    if guild is None or guild.me is None:
        return []  # not in a server: nothing to check
    if in_thread is None:
        in_thread = isinstance(channel, discord.Thread)
    perms = channel.permissions_for(guild.me)
    needed = ["view_channel", "send_messages_in_threads" if in_thread else "send_messages", "embed_links"]
    if ui.has_picture:
        needed.append("attach_files")
    return [name for name in needed if not getattr(perms, name)]


def missing_text(channel: Any, ui: GameUI, lang: Language, in_thread: bool | None = None) -> str | None:
    """ "The bot needs …" in ``lang``, or None when nothing is missing."""
    names = missing(channel, ui, in_thread)
    if not names:
        return None
    listed = ", ".join(t(lang, f"permission.{name}") for name in names)
    return t(lang, "error.missing_permission" if len(names) == 1 else "error.missing_permissions", permissions=listed)


def may_open_thread(channel: Any) -> bool:
    """The bot may open a public thread in ``channel`` and speak there."""
    if not isinstance(channel, discord.TextChannel):
        return False
    me = channel.permissions_for(channel.guild.me)
    return me.create_public_threads and me.send_messages_in_threads
