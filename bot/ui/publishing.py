"""Showing a committed change: the board, news for the thread, secrets by DM, the end.

The board is edited in place, or posted anew when old or missing; the version it
shows is stored, so a board left behind by a crash is posted again at start-up.
"""

import asyncio
import contextlib
import logging
import re
from typing import Any

import discord

from bot.i18n import Language, t
from bot.sessions import ANY_VERSION
from bot.storage import SessionRecord
from bot.turn_clock import held_back, seen_acting
from bot.ui import rating_text
from bot.ui.clock_notices import ClockNotices
from bot.ui.components import HintButton, LobbyButton, ReadButton, ReplayButton
from bot.ui.game_ui import BoardMessage, GameUI, alt_text, seat_mention, seat_name
from bot.ui.guide import closing, guided, restricted
from bot.ui.lobby_message import lobby_edit, rules_button
from bot.ui.lobby_ratings import LobbyRatings
from bot.ui.private_views import PrivateViews
from bot.ui.replies import Reply
from bot.ui.table_core import jump_url
from bot.ui.thread_archive import ThreadArchive
from bot.ui.turn_pings import NOTIFIED_ELSEWHERE, TurnPings, mentioned

log = logging.getLogger(__name__)
BOARD_MAX_AGE = 50 * 60  # re-post before Discord's one-hour limit on edits
REPOST_CODES = {30046, 10008}  # edits refused on old messages; the message is gone
PICTURES_KEPT = 32  # board pictures cached, the latest ones
VERSIONED = re.compile(r"[gs]:[a-z_]+:\d+:(\d+):")  # a game control's custom id (bot/ui/components.py)


class Publishing(LobbyRatings, TurnPings, ClockNotices, ThreadArchive, PrivateViews):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pictures: dict[tuple[int, int, str], bytes | None] = {}
        # board message id -> the picture it shows and its text alternative (this process)
        self._on_show: dict[int, tuple[bytes, str | None]] = {}

    async def after_change(self, record: SessionRecord, reply: Reply | None = None) -> None:
        """Show a committed change: the board, and the result if the game ended.

        A board that could not be edited does not hold back the result, and the
        lobby message stops saying that the game is running. A computer's move that opened a
        secret window is shown once the window has closed (``held_back``): only the person asked
        hears of the window meanwhile.
        """
        if record.held_back:
            if reply is not None:
                await reply.finish()
            await self._ask_in_secret(record)
            await self._whisper(record)
            await self.refresh_private(record, seats=set(record.asked))  # the others saw nothing
            return
        try:
            await self.publish(record, reply)
            news = await self._tell_news(record)
            await self.ping_turns(
                record, mentioned(news.content) if news else set(), news.id if news else NOTIFIED_ELSEWHERE
            )
            await self.tidy_notices(record)
            await self._ask_in_secret(record)
            await self._whisper(record)
            await self.refresh_private(record)
        except discord.HTTPException:
            log.exception("could not show session %s; its state is saved", record.id)
            if reply is not None:
                await reply.say("error.board_failed")
        if record.status == "active":
            return
        try:
            await self.announce_end(record)
            await self.edit_lobby(record)
            await self.schedule_archive(record)
        except discord.HTTPException:
            log.exception("could not announce the end of session %s", record.id)

    async def publish(self, record: SessionRecord, reply: Reply | None = None, fresh: bool = False) -> None:
        """Edit the board in place, or post it anew when old, missing or asked. A click on
        the board itself is answered by editing that message."""
        if record.state is None:
            return
        shown = self.service.shown_version(record)
        if not fresh and record.board_version == shown != record.version:
            # a secret step (a reaction window): the table saw nothing, so its board is left as it is
            if reply is not None:
                await reply.finish()
            return
        lang = await self.table_language(record)
        messages = guided(record, self._with_controls(record, shown, await self.render(record, lang), lang), lang)
        if clocks := self.clock_lines(record, lang):
            first = messages[0]
            messages[0] = first._replace(content="\n".join(filter(None, [first.content, clocks])))
        channel = await self.channel(record.channel_id)
        age = self.service.clock() - (record.board_posted_at or 0)
        repost = fresh or age > BOARD_MAX_AGE or len(record.board_message_ids) != len(messages)
        clicked = reply.clicked.id if reply and reply.clicked else None
        if not repost:
            # The clicked message first: that answers the interaction at once, and
            # a failed edit of the other message cannot leave the click unanswered.
            pairs = sorted(zip(record.board_message_ids, messages), key=lambda pair: pair[0] != clicked)
            try:
                for message_id, message in pairs:
                    if message.picture is not None and self._on_show.get(message_id) == (message.picture, message.alt):
                        message = message._replace(picture=None)  # the same picture and words: no new upload
                    if message_id == clicked and reply is not None and not reply.done:
                        await reply.edit(**message.fields())
                    else:
                        await channel.get_partial_message(message_id).edit(**message.fields())
                    if message.picture is not None:
                        self._remember_picture(message_id, message.picture, message.alt)
            except discord.HTTPException as error:
                if error.code not in REPOST_CODES:
                    raise
                repost = True
        if reply is not None:
            await reply.finish()
        if repost:
            old = record.board_message_ids
            posted = [await channel.send(**m.fields(sending=True)) for m in messages]
            if messages[0].picture is not None:
                self._remember_picture(posted[0].id, messages[0].picture, messages[0].alt)
            record.board_message_ids, record.board_posted_at = [m.id for m in posted], self.service.clock()
            record.board_version = shown
            await self.keep(record, at_once=True)
            moved = t(lang, "table.board_moved", link=jump_url(record))
            for message_id in old:  # retire the old board whole: what it showed may be hidden since
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(message_id).edit(
                        content=moved, embeds=[], attachments=[], view=None
                    )
        elif record.board_version != shown:
            record.board_version = shown
            await self.keep(record)

    def board_behind(self, record: SessionRecord, on_screen: int | None = None) -> bool:
        """The running board on screen (the version its controls carry, else the one stored) is
        behind what the table saw (a crash, or an edit Discord refused), and may be brought up to
        date: not while a computer's move that opened a secret window is held back (it is shown
        once the window has closed)."""
        shown = self.service.shown_version(record)
        if record.status != "active" or (on_screen or record.board_version) == shown:
            return False
        return not held_back(record, self.service.engine(record), None, self.service.state(record))

    async def catch_up(self) -> None:
        """At start-up: post again every running game's board that a crash left behind (the change
        was saved, the board not yet edited), as the board itself tells (``version_on_screen``); a
        board whose controls carry no version, and the stored one is older, is edited in place."""
        for record in await self.service.storage.find_sessions(statuses=("active",)):
            if record.game not in self.uis or record.board_version == record.version:  # written at a clean stop
                continue
            if not self.shards.owns(record.guild_id):  # another process's server
                continue
            try:
                async with self.service.lock(record.id):
                    latest = await self.service.get(record.id)
                    on_screen = await self.version_on_screen(latest)
                    if self.board_behind(latest, on_screen):  # posted again; edited in place if it cannot tell
                        await self.publish(latest, fresh=on_screen is not None)
                    elif on_screen is not None and latest.board_version != on_screen:
                        latest.board_version = on_screen  # what a crash kept from being written
                        await self.keep(latest)
            except Exception:
                log.exception("could not bring session %s's board up to date", record.id)

    async def version_on_screen(self, record: SessionRecord) -> int | None:
        """The version the board's controls carry on Discord (None: no control says, or no board)."""
        if not record.board_message_ids:
            return None
        try:
            channel = await self.channel(record.channel_id)
            message = await channel.fetch_message(record.board_message_ids[-1])
        except discord.HTTPException:
            return None
        versions = {
            int(found[1])
            for row in message.components
            for item in getattr(row, "children", ())
            if (found := VERSIONED.match(getattr(item, "custom_id", None) or ""))
        }
        versions.discard(ANY_VERSION)
        return max(versions, default=None)

    def _with_controls(
        self, record: SessionRecord, version: int, messages: list[BoardMessage], lang: Language
    ) -> list[BoardMessage]:
        """A running board gets the Rules, History and Describe buttons where its last message has
        room; a finished one loses the game's controls, offers a rematch (carrying ``version``, the
        one the table saw) and its replay, and keeps those three."""
        if record.status == "active":
            view = messages[-1].view
            if view is not None:
                for item in self._reading_buttons(record, lang, row=4):
                    hint = next((i for i in view.children if isinstance(i, HintButton) and i.row == 4), None)
                    if len([i for i in view.children if i.row == 4]) == 5 and hint is not None:
                        view.remove_item(hint)  # a full last row: reading comes before the Hint
                    try:
                        view.add_item(item)
                    except ValueError:  # its last row is full
                        break
            return messages
        messages = [m._replace(view=None) for m in messages]
        if record.status == "finished":
            view = discord.ui.View(timeout=None)
            label = t(lang, "lobby.button.rematch")
            if record.tutorial is None:  # a tutorial's guide offers its lessons instead (``guide.closing``)
                view.add_item(
                    LobbyButton(
                        record.id, version, "rematch", label=label, emoji="🔁", style=discord.ButtonStyle.primary
                    )
                )
            for item in self._reading_buttons(record, lang):
                view.add_item(item)
            view.add_item(
                ReplayButton(
                    record.game,
                    record.id,
                    label=t(lang, "replay.button"),
                    emoji="🎞️",
                    style=discord.ButtonStyle.secondary,
                )
            )
            messages[-1] = messages[-1]._replace(view=view)
        return messages

    def _reading_buttons(self, record: SessionRecord, lang: Language, row: int | None = None) -> list[discord.ui.Item]:
        """Rules, and the History and Describe buttons of a game that tells its moves or draws its board."""
        buttons: list[discord.ui.Item] = [rules_button(record.game, lang, row=row)]
        ui = self.uis[record.game]
        tells = {"h": type(ui).recent_lines is not GameUI.recent_lines, "d": ui.has_picture}
        for what, name, emoji in (("h", "history", "📜"), ("d", "describe", "🔎")):
            if tells[what]:
                buttons.append(
                    ReadButton(
                        what,
                        record.game,
                        record.id,
                        label=t(lang, f"common.{name}"),
                        emoji=emoji,
                        style=discord.ButtonStyle.secondary,
                        row=row,
                    )
                )
        return buttons

    def _remember_picture(self, message_id: int, picture: bytes, alt: str | None) -> None:
        self._on_show[message_id] = (picture, alt)
        while len(self._on_show) > PICTURES_KEPT:
            del self._on_show[next(iter(self._on_show))]

    async def render(self, record: SessionRecord, lang: Language) -> list[BoardMessage]:
        """The board's messages; its picture is drawn off the event loop, once per version."""
        ui = self.uis[record.game]
        state = self.service.state(record)
        messages = ui.board(record, state, lang)
        if not ui.has_picture:
            return messages
        key = (record.id, record.version, lang)
        if key not in self._pictures:
            self._pictures[key] = await asyncio.to_thread(ui.picture, record, state, lang)
            while len(self._pictures) > PICTURES_KEPT:
                del self._pictures[next(iter(self._pictures))]
        alt = alt_text(ui.picture_words(record, state, lang))
        messages[0] = messages[0]._replace(picture=self._pictures[key], alt=alt)
        return messages

    def clock_lines(self, record: SessionRecord, lang: Language) -> str:
        """Who must play by when, as times every reader's client shows in their own words: only
        those who may act now, and nobody while a clock the board shows itself runs (a trial's
        hourglass, which says whose time it is)."""
        if record.status != "active" or record.state is None:
            return ""
        engine, state = self.service.engine(record), self.service.state(record)
        window = engine.reaction_window(state)
        if window is not None and window.shown:
            return ""
        acting = seen_acting(engine, state)
        return "\n".join(
            t(lang, "clock.board", player=seat_name(record, i, lang), deadline=f"<t:{int(seat.deadline)}:R>")
            for i, seat in enumerate(record.seats)
            if seat.deadline is not None and i in acting
        )

    async def _tell_news(self, record: SessionRecord) -> discord.Message | None:
        """The game's own message about what just happened, if it has one; players it names are
        pinged (as turn notifications are: ``callable``), and it goes once they have played, like
        a turn notification."""
        ui = self.uis[record.game]
        if not (record.news and ui.tells_news):
            return None
        text = ui.news(record, self.service.state(record), await self.table_language(record))
        if not text:
            return None
        called = self.callable(record, mentioned(text[:2000]))  # not who was called a moment ago
        if called:
            await self.keep(record)
        return await self.post(record.channel_id, text[:2000], ping=called)

    async def _whisper(self, record: SessionRecord) -> None:
        """A DM to each player the last change told a secret (a new clue). If it cannot be
        sent, a public line asks them to open their private view; the secret stays there."""
        ui = self.uis[record.game]
        if not record.whispers:
            return
        state = self.service.state(record)
        lang = await self.table_language(record)
        for seat, events in sorted(record.whispers.items()):
            user_id = record.seats[seat].user_id
            if (
                user_id is None
                or record.seats[seat].left
                or not (text := ui.whisper(record, state, seat, events, lang))
            ):
                continue
            try:
                sent = await self.dm(user_id, text[:2000])
            except discord.HTTPException:
                log.warning("could not send session %s's secret by DM", record.id)
                sent = False
            if not sent:
                line = t(lang, "table.dm_closed", player=seat_mention(record, seat, lang))
                await self.post(record.channel_id, line, ping=[user_id])

    async def _ask_in_secret(self, record: SessionRecord) -> None:
        """A DM to each player a secret reaction window has just asked, with their private
        view, whose buttons answer it. Nobody else is told; if the DM cannot be sent, the
        window closes by itself (its ``My cards`` view still answers it meanwhile)."""
        if not record.asked:
            return
        ui = self.uis[record.game]
        state = self.service.state(record)
        lang = await self.table_language(record)
        for seat in record.asked:
            user_id, closes = record.seats[seat].user_id, record.seats[seat].window
            if record.tutorial is not None:  # no deadline; the guide's private word follows
                text = t(lang, "tutorial.asked_in_secret", game=ui.title(lang), link=jump_url(record))
            else:
                text = t(
                    lang,
                    "table.asked_in_secret",
                    game=ui.title(lang),
                    deadline=f"<t:{int(closes or 0)}:R>",
                    link=jump_url(record),
                )
            private = ui.private(record, state, seat, lang)
            if user_id is None or private is None:
                continue
            private = restricted(record, private, lang)  # a tutorial's: the guide's move alone
            content = "\n".join(filter(None, [text, private.content]))
            try:
                await self.dm(user_id, **private._replace(content=content).fields(sending=True))
            except discord.HTTPException:
                log.info("could not send session %s's reaction window by DM", record.id)

    async def announce_end(self, record: SessionRecord) -> None:
        lang = await self.table_language(record)
        channel = await self.channel(record.channel_id)
        ui = self.uis[record.game]
        rated = await self._rating_changes(record, lang)
        if record.status == "finished":
            result = ui.result(record, self.service.state(record), lang)
            changes = discord.Embed(title=t(lang, "rating.title"), description=rated, colour=result.colour)
            await channel.send(embeds=[result, changes] if rated else [result])
            if last_words := closing(record, lang):
                embed, view = last_words
                await channel.send(embed=embed, view=view)
        elif record.status == "abandoned":
            since = f"<t:{int(record.last_human_at or record.created_at)}:f>"
            await channel.send(t(lang, "table.abandoned", the_game=ui.the_game(lang), since=since))
        elif rated:  # the last person left while computers played on: they won by forfeit
            ratings = discord.Embed(title=t(lang, "rating.title"), description=rated)
            await channel.send(t(lang, "table.left_to_computers", the_game=ui.the_game(lang)), embed=ratings)
        else:
            await channel.send(t(lang, "table.cancelled", the_game=ui.the_game(lang)))

    async def _rating_changes(self, record: SessionRecord, lang: Language) -> str:
        """What the game did to its people's ratings, one line each ("" if it was not rated)."""
        if record.guild_id is None or record.tutorial is not None or len(record.seats) < 2:
            return ""
        changes = await self.service.storage.game_rating_changes(record.id)
        names = [seat_name(record, seat, lang) for seat in range(len(record.seats))]
        return rating_text.changes_text(changes, names, lang) if changes else ""

    async def edit_lobby(self, record: SessionRecord) -> None:
        if record.lobby_message_id is None:
            return
        ratings = await self.seated_ratings(record)
        lang = await self.table_language(record)
        channel = await self.channel(record.lobby_channel_id)
        await channel.get_partial_message(record.lobby_message_id).edit(
            **lobby_edit(record, self.uis[record.game], lang, ratings)
        )
