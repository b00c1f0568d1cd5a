"""Starting and leaving a tutorial (``/<game> learn``, the 🎓 buttons): a table of its own,
opened and started at once in a thread where the bot may open one, as a solitaire table is."""

import discord

from bot import tutorials
from bot.errors import UserError
from bot.i18n import t
from bot.storage import TableClock
from bot.ui.guide import learn_button
from bot.ui.lobby import Lobby
from bot.ui.lobby_message import lobby_message


class Learning(Lobby):
    async def learn(self, interaction: discord.Interaction, game: str, name: str | None = None) -> None:
        """A tutorial of ``game`` for whoever asks, in their language: the lesson ``name``, else the
        game's first (or, when it has several, a private choice among them). The asker's other
        running tutorial of this game ends: ``learn`` again starts afresh."""
        reply = self.reply_to(interaction)
        found = tutorials.lessons(game)
        if game not in self.uis:
            return await reply.refuse(UserError("error.unknown_game"))
        if not found:
            return await reply.say("tutorial.coming_soon", game=self.uis[game].title(reply.lang))
        if name is None and len(found) > 1:
            view = discord.ui.View(timeout=None)
            for each in found:
                view.add_item(learn_button(game, reply.lang, each))
            return await reply.send(t(reply.lang, "tutorial.choose", game=self.uis[game].title(reply.lang)), view=view)
        lesson = tutorials.lesson(game, name) if name else found[0]
        if lesson is None:
            return await reply.refuse(UserError("error.generic"))
        if (server := await self.may_open_here(interaction, game, reply)) is None:
            return
        assert interaction.guild is not None and interaction.channel is not None  # checked there
        user = interaction.user
        await self._end_tutorials(game, interaction.guild.id, user.id)
        clock = TableClock(turn_minutes=0, missed_turns=server.missed_turns, abandon_days=server.abandon_days)
        record = await self.service.open_tutorial(
            lesson, interaction.guild.id, interaction.channel.id, user.id, user.display_name, reply.lang, clock
        )
        lang = reply.lang
        async with self.handling(reply, record.id):
            message = await reply.announce(**lobby_message(record, self.uis[game], lang).fields(sending=True))
            record = await self.service.update(record, lobby_message_id=message.id)
            record = await self.service.start(record.id, user.id, version=record.version)
            await self._start_play(reply, record, lang, lobby=message)

    async def _end_tutorials(self, game: str, guild_id: int, user_id: int) -> None:
        """The user's running tutorials of ``game`` on this server end (cancelled, never counted)."""
        for old in await self.service.storage.find_sessions(game=game, guild_id=guild_id, statuses=("active",)):
            if old.tutorial is None or old.host_id != user_id:
                continue
            async with self.service.lock(old.id):
                record = await self.service.get(old.id)
                if record.status == "active":
                    await self.after_change(await self.service.cancel(record.id, user_id, is_admin=False))

    async def leave_tutorial(self, interaction: discord.Interaction, session_id: int) -> None:
        """The guide's Leave button: the learner's tutorial ends, counted nowhere."""
        reply = self.reply_to(interaction)
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            if record.tutorial is None or record.host_id != interaction.user.id:
                raise UserError("tutorial.not_yours")
            if record.status != "active":
                raise UserError("error.game_over")
            record = await self.service.cancel(record.id, interaction.user.id, is_admin=False)
            await reply.say("tutorial.left", game=self.uis[record.game].title(reply.lang))
            await self.after_change(record)
