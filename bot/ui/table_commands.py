"""The commands every game shares around a table: status, quit, resume and cancel.

Each answers its user privately; what the table must know goes to the game's channel."""

import logging

import discord

from bot.errors import UserError
from bot.i18n import t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_name
from bot.ui.guide import learn_view
from bot.ui.history_pages import HistoryPages
from bot.ui.replies import Reply
from bot.ui.table_core import is_admin, jump_url
from games.core.errors import Refusal

log = logging.getLogger(__name__)
DESCRIPTION_SIZE = 4096  # the characters of an embed's description


class TableCommands(HistoryPages):
    async def _found(self, reply: Reply, game: str) -> int | None:
        """The id of the game ``find`` picks, or None once the user was told there is none."""
        try:
            return (await self.find(reply.interaction, game)).id
        except Refusal as error:
            await reply.refuse(error)
            return None

    async def status(self, interaction: discord.Interaction, game: str) -> None:
        reply = self.reply_to(interaction)
        if (session_id := await self._found(reply, game)) is None:
            return
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            if record.status == "lobby":
                return await reply.say("status.in_lobby", link=jump_url(record))
            await self.publish(record, fresh=True)
            await reply.say("status.reposted", link=jump_url(await self.service.get(record.id)))

    async def quit(self, interaction: discord.Interaction, game: str) -> None:
        reply = self.reply_to(interaction)
        if (session_id := await self._found(reply, game)) is None:
            return
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)  # as it is now, not before the lock
            if record.status == "lobby":
                record = await self.service.leave(record.id, interaction.user.id)
                await reply.say("quit.done")
                return await self.edit_lobby(record)
            record = await self.service.resign(record.id, interaction.user.id)
            await reply.say("quit.done")
            await self._announce(record, "quit.announce", interaction.user.id)
            await self.after_change(record)

    async def resume(self, interaction: discord.Interaction, game: str) -> None:
        """A player takes back the seat the computer was playing for them."""
        reply = self.reply_to(interaction)
        if (session_id := await self._found(reply, game)) is None:
            return
        async with self.handling(reply, session_id):
            record = await self.service.resume(session_id, interaction.user.id)
            await reply.say("resume.done", link=jump_url(record))
            await self._announce(record, "resume.announce", interaction.user.id)
            await self.after_change(record)

    async def cancel(self, interaction: discord.Interaction, game: str) -> None:
        reply = self.reply_to(interaction)
        if (session_id := await self._found(reply, game)) is None:
            return
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)  # as it is now, not before the lock
            was_lobby = record.status == "lobby"
            record = await self.service.cancel(record.id, interaction.user.id, is_admin(interaction))
            await reply.say("cancel.done")
            if was_lobby:
                await self.edit_lobby(record)
            else:
                await self.after_change(record)

    async def show_rules(self, interaction: discord.Interaction, game: str) -> None:
        """A game's rules, privately, for whoever asks (the Rules button, the ``rules`` command)."""
        reply = self.reply_to(interaction)
        if game not in self.uis:
            return await reply.refuse(UserError("error.unknown_game"))
        await reply.send(embed=self.uis[game].rules(reply.lang), view=learn_view(game, reply.lang))

    async def read(self, interaction: discord.Interaction, session_id: int, what: str) -> None:
        """The board in words (``describe``) or the whole game in pages (``history``), privately,
        for whoever asks (the board's Describe and History buttons)."""
        reply = self.reply_to(interaction)
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            if record.state is None:
                raise UserError("error.not_started")
            if what == "history":
                return await self.show_history(reply, record)
            ui, state = self.uis[record.game], self.service.state(record)
            embeds, chunk = [], ""
            for line in ui.describe(record, state, reply.lang):
                if len(chunk) + len(line) + 1 > DESCRIPTION_SIZE:
                    embeds.append(discord.Embed(description=chunk))
                    chunk = ""
                chunk = f"{chunk}\n{line}" if chunk else line
            embeds.append(discord.Embed(description=chunk or "—"))
            embeds[0].title = t(reply.lang, "describe.title", game=ui.title(reply.lang), number=record.id)
            await reply.send(embeds=embeds[:10])

    async def _announce(self, record: SessionRecord, key: str, user_id: int) -> None:
        """A message in the game's channel, not only the board's log, so the thread notices."""
        lang = await self.table_language(record)
        seat = record.seat_of(user_id)
        assert seat is not None  # the player has just resigned or resumed their seat
        try:
            channel = await self.channel(record.channel_id)
            await channel.send(t(lang, key, player=seat_name(record, seat, lang)))
        except discord.HTTPException:
            log.warning("could not tell session %s's channel about a player", record.id)
