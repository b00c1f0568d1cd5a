"""A player's private messages kept up to date in place: their view (``GameUI.private``) and the
game's private menus (``GameUI.more``) are ephemeral messages, which only the interaction that
showed them may edit, while Discord keeps its token (15 minutes). Each is remembered with what it
shows; after every change shown to the table, one whose words or controls would differ now is
edited (its controls carry the new version), so a click on an older message is rarely refused as
out of date. A menu whose moment has passed says so and loses its controls. A player's latest view
of a table is followed (an older one they left for it is not: a click there is refused as out of
date, and shows the table as it stands), and their latest few menus. Nothing is written down: after
a restart, the messages shown before it are no longer followed."""

import json
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.errors import UserError
from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import BoardMessage
from bot.ui.guide import restricted
from bot.ui.replies import Sent
from bot.ui.table_core import TableCore, jump_url

log = logging.getLogger(__name__)
TOKEN_LIFE = 14 * 60  # seconds an interaction's token is used for: Discord keeps it 15 minutes
MENUS_FOLLOWED = 4  # a player's private menus followed per table, the latest ones


@dataclass
class Followed:
    sent: Sent
    user_id: int
    lang: Language
    menu: str | None  # the game's private menu it shows (``GameUI.more``); None: the player's view
    since: float  # when its interaction came (its token lasts from then)
    shown: str  # what it shows (``showing``): it is edited only when that changes
    version: int  # the table's version it was built on: one built on the version to show is not built again


def showing(message: BoardMessage) -> str:
    """What a private message shows, to compare: its words, its embed, its controls (with their ids)."""
    embed = message.embed.to_dict() if message.embed else None
    controls = message.view.to_components() if message.view else None
    return json.dumps([message.content, embed, controls], sort_keys=True, default=str)


def fields_of(message: BoardMessage) -> dict[str, object]:
    """The keyword arguments that make a private message show ``message`` whole (what it lacks, removed)."""
    return {"content": message.content, "embed": message.embed, "view": message.view}


class PrivateViews(TableCore):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._followed: dict[int, list[Followed]] = {}  # session id -> its private messages followed

    # -- what a private message shows ----------------------------------------------
    def private_message(self, record: SessionRecord, user_id: int, lang: Language) -> BoardMessage:
        """A player's own view; refused to spectators and in games without secrets."""
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError("error.not_in_game")
        if record.state is None:
            raise UserError("error.not_started")
        private = self.uis[record.game].private(record, self.service.state(record), seat, lang)
        if private is None:
            raise UserError("error.no_private_view")
        return restricted(record, private, lang)

    def menu_message(self, record: SessionRecord, user_id: int, name: str, lang: Language) -> BoardMessage | None:
        """The game's private menu ``name`` as it stands for this player; None once it has nothing to offer."""
        seat = record.seat_of(user_id)
        if seat is None or record.status != "active" or record.state is None:
            return None
        menu = self.uis[record.game].more(record, self.service.state(record), seat, name, lang)
        return restricted(record, menu, lang) if menu is not None else None

    # -- following them ----------------------------------------------------------
    def follow(
        self,
        record: SessionRecord,
        sent: Sent | None,
        user_id: int,
        lang: Language,
        message: BoardMessage,
        menu: str | None = None,
    ) -> None:
        """``sent`` now shows ``message``: follow it, instead of the player's older view of this table
        if it is their view; only their latest few menus are followed."""
        if sent is None:
            return
        now = self.service.clock()
        followed = [f for f in self._followed.get(record.id, []) if f.sent.message_id != sent.message_id]
        followed = [f for f in followed if now - f.since < TOKEN_LIFE]
        mine = [f for f in followed if f.user_id == user_id]
        superseded = [f for f in mine if f.menu is None] if menu is None else []  # let go, as it is
        menus = [f for f in mine if f.menu is not None]
        too_many = menus[: max(0, len(menus) + (menu is not None) - MENUS_FOLLOWED)]
        let_go = {id(f) for f in superseded + too_many}
        followed = [f for f in followed if id(f) not in let_go]
        followed.append(Followed(sent, user_id, lang, menu, now, showing(message), record.version))
        self._followed[record.id] = followed

    def unfollow(self, record: SessionRecord, message_id: int) -> None:
        """That message no longer shows anything to keep up to date (a menu answered)."""
        followed = [f for f in self._followed.get(record.id, []) if f.sent.message_id != message_id]
        self._followed[record.id] = followed

    async def refresh_private(self, record: SessionRecord, seats: set[int] | None = None) -> None:
        """After a change: each private message followed (of ``seats``' players only, if given) that
        would show something else now is edited in place; a menu over says so and is let go. Once the
        table is closed, none is followed any more."""
        now = self.service.clock()
        followed = [f for f in self._followed.pop(record.id, []) if now - f.since < TOKEN_LIFE]
        kept = []
        for entry in followed:
            seat = record.seat_of(entry.user_id)
            if (seats is not None and seat not in seats) or entry.version == record.version:
                kept.append(entry)  # not asked, or just shown (the private message clicked)
                continue
            message = self._current(record, entry)
            if message is None:  # a menu whose moment has passed: it says so; a view: let go as it is
                if entry.menu is not None:
                    over = t(entry.lang, "table.private_menu_over", link=jump_url(record))
                    await self._edit(record, entry, BoardMessage(content=over))
                continue
            if showing(message) != entry.shown and not await self._edit(record, entry, message):
                continue
            entry.shown, entry.version = showing(message), record.version
            kept.append(entry)
        if kept and record.status == "active":
            self._followed[record.id] = kept + self._followed.get(record.id, [])

    def _current(self, record: SessionRecord, entry: Followed) -> BoardMessage | None:
        if entry.menu is not None:
            return self.menu_message(record, entry.user_id, entry.menu, entry.lang)
        try:
            return self.private_message(record, entry.user_id, entry.lang)
        except UserError:  # no longer a player of it
            return None

    async def _edit(self, record: SessionRecord, entry: Followed, message: BoardMessage) -> bool:
        """Whether the message could be edited (dismissed by its reader, or its token expired: not)."""
        try:
            await entry.sent.edit(**fields_of(message))
        except discord.HTTPException as error:
            log.info("could not refresh a private view of session %s (%s)", record.id, error.status)
            return False
        return True
